"""Heroes of Baler's text: action names (one text per id, distinct within each range), what a
seat sees of an action, and a seat's observation as plain data. A seat sees its own hand, its
initiative card before the reveal (both cards after it) and the Fog of War card it drew; the
rest of the table is public (RULES.md, DESIGN.md "Hidden information")."""
from __future__ import annotations

import copy

from partisan.core.narration import listed

KINDS = ("shooting", "incursion", "artillery")
HEAL_TWO = "heal the two lowest beds"       # the Heal action's first option (l.1107-l.1109)
ACTS = ("move", "supply", "expand the infirmary", "heal", "USS Yorktown", "morale +2",
        "persistence", "draw from the bag", "deploy on the territorial map",
        "advance on the territorial map", HEAL_TWO, "back to the bag",
        "surveillance", "repair", "build a trench section", "act 15")
SOURCES = ("morale", "command", "leader", "persistence", "card")
TARGETS = ("first trench", "second trench", "artillery", "walls")
SIDES = ("Spain", "Philippines")
PHASES = ("deal", "initiative", "events", "attrition", "first shootings", "action",
          "second shootings", "upkeep")
WALLS = ("Destroyed", "Wrecked", "Damaged", "Intact")
PRIVATE_DRAWS = {1, 8}      # N_C_DEAL, N_C_FOW: a card only the drawer sees
N_INIT = 10


def action_to_string(state, a: int) -> str:
    from partisan.core.games.baler.state import ACTIONS, CHANCE_OUTCOMES
    parts = state.parts_view()
    if state.is_chance_node():
        name, i = CHANCE_OUTCOMES.locate(a)
        if name == "die":
            return f"die {i + 1}"
        if name == "roll":
            return "roll " + " ".join(map(str, state.roll_faces(i)))
        cards, units = parts.deck.cards, parts.board.counters.counters
        if name == "draw":
            return f"draw {cards[i].name}" if i < len(cards) else f"draw card {i}"
        if name == "automa":
            return f"automa card {i + 1}: {automa_title(state, i + 1)}"
        return f"bag {units[i].name}" if i < len(units) else f"bag unit {i}"
    name, i = ACTIONS.locate(a)
    if name == "done":
        return "done"
    if name == "yes":
        return "yes"
    if name == "card":
        return parts.deck.cards[i].name if i < len(parts.deck.cards) else f"card {i}"
    if name == "area":
        return f"area {i + 1}"
    if name == "attack":
        return f"{KINDS[i // 4]} area {i % 4 + 1}"
    if name == "act":
        return ACTS[i]
    if name == "trench":
        return f"trench {i + 1}"
    if name == "modifier":
        op = "+1" if (i // 6) % 2 == 0 else "re-roll"
        return f"{SOURCES[i // 12]} {op} on a {i % 6 + 1}"
    if name == "target":
        return TARGETS[i]
    if name == "unit":
        units = parts.board.counters.counters
        return units[i].name if i < len(units) else f"unit {i}"
    if name == "space":
        spaces = parts.board.spaces
        return space_text(spaces[i]) if i < len(spaces) else f"space {i}"
    if name == "bed":
        return f"bed {i + 1}"
    if name == "event":
        return _event_text(state, i // 2, i % 2)
    return ("shared card A", "shared card B", "shared deck top")[i]


def space_text(space) -> str:
    """A space as the board prints it (its label); the two sides' command posts, alike in
    their labels but for a capital, are told apart by their side."""
    if space.label.startswith("Command post: "):
        return f"{('Spanish', 'Filipino')[space.side]} c{space.label[1:].lower()}"
    return space.label


def _event_text(state, slot: int, part: int) -> str:
    """An event on the table by its card's title: "Sortie: main event"."""
    card = state._snap()["ev_card"][slot]
    which = "secondary event" if part else "main event"
    if card is None or card < 0:
        return f"event card {slot + 1}: {which}"
    return f"{state.parts_view().deck.cards[card].name}: {which}"


def automa_title(state, number: int) -> str:
    """The title of the automa's card `number` (1-28) in the game's automa deck."""
    deck = state.game.data.automa
    return deck[number - 1].name if 0 < number <= len(deck) else "?"


def describe_action(state, a: int, viewer) -> str:
    """A hidden choice or draw reads as such to the other seat; the Upkeep's first draw says
    how the victory check before it went."""
    snap = state._snap()
    return _line(state, a, snap, viewer) + _victory_check(snap)


def _line(state, a: int, snap: dict, viewer) -> str:
    actor = snap["actor"]
    hidden = viewer is not None and viewer != actor
    if hidden and not state.is_chance_node() and snap["node"] == N_INIT:
        return f"{SIDES[actor]} chooses an initiative card"
    if hidden and state.is_chance_node() and snap["node"] in PRIVATE_DRAWS:
        return f"{SIDES[actor]} draws a card"
    if state.is_chance_node():
        return _chance_line(state, a, snap, viewer)
    who = "you" if viewer == actor else SIDES[actor]
    return f"{who}: {_said(state, a, snap, viewer)}"


LEAD = 15               # "One side has at least 15 victory points more than the other." (l.1189)
WALLS_END = 2           # "Destroyed in two or more areas on the map" (l.1190)


def _victory_check(snap: dict) -> str:
    """The Upkeep's victory check when the game goes on (its end has the outcome's reason):
    "check whether any of the following automatic game-ending circumstances occur: • One side
    has at least 15 victory points more than the other. ... • The Philippine side has degraded
    the church wall conditions to Destroyed in two or more areas" (l.1187-l.1190), said on the
    draw that follows it: the initiative side's Fog of War card, the Upkeep's first chance
    node (l.1206; each side's deck of 10 outlasts the five Upkeeps that go on). "" elsewhere."""
    from partisan.core.games.baler.state import FLOW
    if PHASES[snap["phase"]] != "upkeep" or snap["node"] != FLOW["N_C_FOW"] or max(snap["fow_drawn"]) >= 0:
        return ""
    vp = snap["vp"]
    ahead = 0 if vp[0] > vp[1] else 1
    said = [f"{('Spain leads', 'the Philippines lead')[ahead]} by {abs(vp[0] - vp[1])} VP, under the {LEAD} "
            "that end the game" if vp[0] != vp[1] else f"the VP are tied at {vp[0]}"]
    destroyed = WALLS.index("Destroyed")
    fallen = sum(w == destroyed for w in snap["walls"])
    if fallen:
        said.append(f"the walls are Destroyed in {fallen} area, under the {WALLS_END} that end it")
    return f"; the Upkeep's victory check before it: {' and '.join(said)}, so the siege goes on"


def move_words(state, a: int, snap: dict | None = None) -> str:
    """A move named away from its menu (the hint, undo, a move played for the player, which
    may be read under a later decision's prompt): its menu entry, "done" and "yes" with what
    they do there ("done: end the Action phase"), still the words typed."""
    snap = snap or state._snap()
    text = menu_words(state, a, snap)
    if text not in ("yes", "done"):
        return text + _only_target(state, snap, a)
    words = _answer(state, snap, text)
    return f"{text}: {words}" if words else text


def _only_target(state, snap: dict, a: int) -> str:
    """" (the only target)" for an incursion's target when it is the only one left (so played
    for the player): each success more than the defender's takes a target (l.801), the walls
    for the Philippines, once a level (l.817)."""
    from partisan.core.games.baler.state import ACTIONS, NODES
    if snap["node"] != NODES["target"] or ACTIONS.locate(a)[0] != "target" or len(state.legal_actions()) != 1:
        return ""
    return " (the only target)"


def menu_words(state, a: int, snap: dict | None = None) -> str:
    """A move as the menu and the log show it: a unit by its name (a generic soldier by his
    kind and factors, as the board prints him) and where he stands, never a copy number; a
    trench section by its area; any other move by its text."""
    from partisan.core.games.baler.state import ACTIONS
    name, i = ACTIONS.locate(a)
    board = state.parts_view().board
    if name == "unit" and i < len(board.counters.counters):
        snap = snap or state._snap()
        u = board.counters.counters[i]
        named = f" {factors(_unit(board.counters, i, snap))}" if u.group == u.name else ""
        return f"{unit_label(board.counters, i)}{named} ({space_text(board.spaces[snap['at'][i]])})"
    if name == "trench":
        return trench_name(i)
    if name == "bed":
        patient = patients(state, snap or state._snap()).get(i + 1)
        return f"{patient} (bed {i + 1})" if patient else action_to_string(state, a)
    if name == "act" and ACTS[i] == HEAL_TWO:
        lowest = list(patients(state, snap or state._snap(), factored=False).values())[:2]
        return f"{HEAL_TWO}: {' and '.join(lowest)}" if lowest else HEAL_TWO
    return action_to_string(state, a)


def patients(state, snap: dict, factored: bool = True) -> dict[int, str]:
    """The men in the infirmary by bed, lowest first, as the board prints them (a named soldier
    with his factors unless not `factored`): a heal names the man it heals, not only his bed."""
    board = state.parts_view().board
    beds = _bed_numbers(board)
    out = {}
    for c, where in enumerate(snap["at"]):
        if where in beds:
            u = board.counters.counters[c]
            named = f" {factors(_unit(board.counters, c, snap))}" if factored and u.group == u.name else ""
            out[beds[where]] = unit_label(board.counters, c) + named
    return dict(sorted(out.items()))


def _bed_numbers(board) -> dict[int, int]:
    """Each infirmary bed's space and its number."""
    return {i: sp.number for i, sp in enumerate(board.spaces) if sp.name.startswith("spain_bed_")}


def healing(state, snap: dict) -> str | None:
    """The soldier healed by choice who waits for his detachment space, with the bed he leaves
    ("Mir Brils 1/3 (bed 2)"); None at any other decision. The state keeps only his bed: the
    first space offered, taken on a copy, shows which bed it empties."""
    from partisan.core.games.baler.state import NODES
    if snap["node"] != NODES["heal_dest"] or state.is_chance_node():
        return None
    after = state.clone()
    after.apply_action(state.legal_actions()[0])
    beds = _bed_numbers(state.parts_view().board)
    bed = next((beds[was] for was, now in zip(snap["at"], after._snap()["at"]) if was in beds and now not in beds), None)
    return None if bed is None else f"{patients(state, snap)[bed]} (bed {bed})"


def trench_name(t: int) -> str:
    """A trench section as the players name it: by its area and its place there (sections
    2a-2 and 2a-1 are area a's), never by the index the state keeps."""
    return f"trench section {t % 2 + 1} of area {t // 2 + 1}"


# "done" and "yes" in words, by the decision (state.NODES names).
DONE_WORDS = {"ev_support": "no support card", "ev_next": "no more events", "attack": "give up the attack",
              "area": "give up this effect", "trench": "give up this effect",
              "surv": "do not activate the surveillance marker", "mod": "keep the dice as they stand",
              "redeploy": "leave the survivors where they stand", "act": "end the Action phase",
              "move": "end the movement", "tmod": "keep the territorial dice", "tdeploy": "stop deploying",
              "persist": "keep the Takeover die"}
YES_WORDS = {"surv": "activate the surveillance marker"}


def _no_effect_shooting(state, snap: dict, a: int, node: str | None) -> str:
    """A mandatory shooting's area, or a shooting chosen as an action or an event's attack,
    that has no effect (shooting_note)."""
    from partisan.core.games.baler.state import ACTIONS
    name, i = ACTIONS.locate(a)
    if name == "area" and node == "shoot":
        return shooting_note(state, snap, i)
    if name == "attack" and KINDS[i // 4] == "shooting":
        return shooting_note(state, snap, i % 4)
    return ""


def shooting_note(state, snap: dict, area: int) -> str:
    """"If a shooting occurs in an area where all the guard posts from one or both sides are
    empty, the shooting has no effect." (l.592): ": no effect, no Filipino unit in its guard
    posts" for such an area; "" where both sides man a post."""
    empty = _unmanned(state, snap, area)
    return f": no effect, no {empty} unit in its guard posts" if empty else ""


def _unmanned(state, snap: dict, area: int) -> str:
    """The sides with no unit in the area's guard posts, as "Spanish", "Filipino" or "Spanish
    or Filipino"; "" when both man one."""
    manned = _manned(state, snap, area)
    return " or ".join(("Spanish", "Filipino")[side] for side in (0, 1) if not manned[side])


def _the_other_shooting(state, snap: dict, a: int, node: str | None) -> str:
    """Second Shootings: the side "must perform shootings in the two other areas on the map.
    So, they place one of their shooting markers in each of those zones and resolve the
    shootings in the order of their choice." (l.1159): the area picked first leaves the other
    to follow, named on the pick's line with its own note."""
    from partisan.core.games.baler.state import ACTIONS
    name, area = ACTIONS.locate(a)
    if node != "shoot" or PHASES[snap["phase"]] != "second shootings":
        return ""
    left = [b for b in range(4) if not (snap["shooting_markers"] >> b) & 1 and b != area]
    if len(left) != 1:
        return ""
    return f"; then area {left[0] + 1}, the other one{shooting_note(state, snap, left[0])}"


def _manned(state, snap: dict, area: int) -> list[bool]:
    """Whether each side has a unit in the area's guard posts (shared posts included)."""
    board = state.parts_view().board
    post = board.kind("guard_post")
    manned = [False, False]
    for where in snap["at"]:
        sp = board.spaces[where]
        if sp.kind == post and area in dict(sp.areas):
            manned[sp.side] = True
    return manned


def _why_no_attack(state, snap: dict, kind: str, side: int) -> str:
    """An event's attack with no area to strike: none with a target (a Filipino gun for
    artillery, l.860; the side's units in the guard posts otherwise), or every such area
    attacked by the side this phase already (l.582). Said by side names, not "your": the
    automa's events are read by the human."""
    units = f"{('Spanish', 'Filipino')[side]} units in its guard posts"
    what = {"artillery": "with a Filipino gun", "any": f"with {units}{' or a gun' * (side == 1)}"}.get(
        kind, f"with {units}")
    areas = attack_areas(state, snap, kind, side)
    if not areas:
        return f"no area {what}"
    named = ", ".join(str(a + 1) for a in areas)
    return (f"the area{'s' * (len(areas) > 1)} {what} ({named}) {'were' if len(areas) > 1 else 'was'} "
            f"attacked by {('Spain', 'the Philippines')[side]} this phase already; an area is attacked once a phase")


def attack_areas(state, snap: dict, kind: str, side: int) -> list[int]:
    """The areas an attack of `kind` ("any" or a combat's) by `side` could strike, the phase's
    attacks aside: those with a Filipino gun for artillery (l.860), else with the side's units
    in the guard posts (and for "any", the Filipinos' guns too)."""
    board = state.parts_view().board
    guns = [a for a in range(4) if board.space(f"artillery_area_{a + 1}") in snap["at"]] * (side == 1)
    manned = [a for a in range(4) if _manned(state, snap, a)[side]]
    return {"artillery": guns, "any": sorted(set(guns + manned))}.get(kind, manned)


def _event_card_note(state, snap: dict, card: int) -> str:
    """A card offered at the choice of the event cards: why it could change nothing now
    (_idle_card), and whether it and the other card chosen may strike the same areas
    (_attack_clash): " (could change nothing: your morale is at 6 already)"."""
    notes = [note for note in (_idle_card(state, snap, card), _attack_clash(state, snap, card)) if note]
    return f" ({'; '.join(notes)})" if notes else ""


def _idle_card(state, snap: dict, card: int) -> str:
    """Why a card's events could change nothing if chosen now: each effect idle (idle(); an
    attack with no area to strike, none attacked yet in the phase; posts to man with none
    empty), the secondary's too (a
    support card could boost it); else why its main event could not, when only that is idle."""
    c, side = state.parts_view().deck.cards[card], snap["actor"]
    if not _idle_part(state, snap, card, c.main):
        return ""
    whole = _idle_part(state, snap, card, c.secondary)
    why = why_none(state, snap, list(c.main) + list(c.secondary) * whole, side, side)
    return f"{'could' if whole else 'its main event could'} change nothing: {why}"


def _idle_part(state, snap: dict, card: int, effects) -> bool:
    """Whether the acting side's event of `card` with these effects could change nothing in any
    order of the events: an attack with no area to strike, none attacked yet in the phase;
    posts to man with none empty; a repair or a trench section that nothing played with it can
    make possible (_lacks_help); any other effect idle()."""
    side = snap["actor"]
    return all(not attack_areas(state, snap, e.params.get("kind", "any"), side) if e.kind == "attack"
               else not _posts_to_man(state, snap, side) if e.kind == "man_posts"
               else _repair_idle(state, snap, card, e, side) if e.kind == "repair"
               else _trench_idle(state, snap, card, e) if e.kind == "trench"
               else idle(state, snap, e, side) for e in effects)


def _boost_note(state, snap: dict, a: int) -> str:
    """A secondary event offered to the support card's boost that could change nothing
    (_idle_part): " (could change nothing: why)"."""
    from partisan.core.games.baler.state import ACTIONS
    name, k = ACTIONS.locate(a)
    if name != "event":
        return ""
    card = snap["ev_card"][k // 2]
    effects = state.parts_view().deck.cards[card].secondary
    if not _idle_part(state, snap, card, effects):
        return ""
    return f" (could change nothing: {why_none(state, snap, effects, snap['actor'], snap['actor'])})"


# Events that may give a repair, resolved before it, the manpower it lacks (men moved or drawn
# into the guard posts, l.969, l.1219) or the supply (supply gained)
BRING_MEN, BRING_SUPPLY = ("move", "man_posts"), ("supply", "supply_roll")


def _repair_idle(state, snap: dict, card: int, effect, side: int) -> bool:
    """Whether a repair of `card`'s could do nothing in any order of the events: nothing to
    repair, or too little manpower or supply for it (l.1066-l.1069) that no event played with
    it could bring first (_lacks_help)."""
    from partisan.core.games.baler.state import MANPOWER
    areas = _to_repair(snap, side)
    no_supply = bool(effect.params.get("supply_cost", 1)) and snap["supply"][side] < 1
    no_men = all(manpower(state, snap, a, side) < MANPOWER["repair"][side] for a in areas)
    if not areas or not (no_supply or no_men):
        return not areas
    return _lacks_help(state, snap, card, side, no_men, no_supply)


def _trench_idle(state, snap: dict, card: int, effect) -> bool:
    """Whether a trench section of `card`'s could do nothing in any order of the events: every
    section built, or none buildable now (l.1133: an empty section, supply unless the card
    makes it free, manpower 5 beside it) with no event played with it that could bring what it
    lacks first (_lacks_help)."""
    free = not effect.params.get("supply_cost", 1)
    if snap["trench_built"] == EVERY_TRENCH or snap["trench_open"][free]:
        return snap["trench_built"] == EVERY_TRENCH
    no_supply = not free and snap["supply"][1] < 1
    return _lacks_help(state, snap, card, 1, not (no_supply and snap["trench_open"][1]), no_supply)


def _lacks_help(state, snap: dict, card: int, side: int, no_men: bool, no_supply: bool) -> bool:
    """Whether no event of `card` or of a card that may be played with it (the other event card
    chosen already, else any other in hand) could bring the manpower (`no_men`) or the supply
    (`no_supply`) a repair or a trench section lacks, resolved before it."""
    from partisan.core.games.baler.state import ACTIONS
    others = [c for c in snap["ev_card"][:2] if c >= 0 and c != card] or [
        i for name, i in map(ACTIONS.locate, state.legal_actions()) if name == "card" and i != card]
    cards = state.parts_view().deck.cards
    helps = (BRING_MEN * no_men) + (BRING_SUPPLY * no_supply)
    return not any(e.kind in helps and (e.kind != "man_posts" or _posts_to_man(state, snap, side))
                   for c in {card, *others} for e in (*cards[c].main, *cards[c].secondary))


def _posts_to_man(state, snap: dict, side: int) -> bool:
    """Whether a soldier of the side's bag could man an empty guard post of its: "draw and
    place units from your bag one at a time ... until no guard posts are empty" (l.1219)."""
    board = state.parts_view().board
    post, taken = board.kind("guard_post"), set(snap["at"])
    return board.space(f"{('spain', 'philippines')[side]}_bag") in taken and any(
        sp.kind == post and sp.side == side and i not in taken for i, sp in enumerate(board.spaces))


def _attack_clash(state, snap: dict, card: int) -> str:
    """With the other event card chosen, whether one card's attacks may take every area the
    other's could strike, leaving it nothing (a side "can never attack a map area more than
    once in the same phase", l.582): which to resolve first, and why."""
    first = snap["ev_card"][0]
    if first < 0:
        return ""
    cards, side = state.parts_view().deck.cards, snap["actor"]

    def attacks(c: int) -> tuple[set[int], int]:
        effects = [e for e in cards[c].main if e.kind == "attack"]
        return ({a for e in effects for a in attack_areas(state, snap, e.params.get("kind", "any"), side)},
                sum(e.params.get("count", 1) for e in effects))
    for short, taker in ((card, first), (first, card)):
        need, (take, count) = attacks(short)[0], attacks(taker)
        if need and count >= len(need) and need <= take:
            areas = f"area{'s' * (len(need) > 1)} {listed([str(a + 1) for a in sorted(need)])}"
            only = "the only one" + "s" * (len(need) > 1)
            if short == card:
                return (f"{possessive(cards[first].name)} {count} attack{'s' * (count > 1)} may take {areas}, "
                        f"{only} it can attack: resolve it first")
            return (f"its {count} attack{'s' * (count > 1)} may take {areas}, {only} {cards[first].name} "
                    f"can attack: resolve {cards[first].name} first")
    return ""


def _idle_effects(state, snap: dict, a: int, node: str | None, viewer) -> str:
    """An event chosen at "the next event" whose effects do not all do nothing (else
    _no_effect_event says so of it): those the rules leave nothing to do now (idle), each
    named with why: " (USS Yorktown: no effect, the US power marker is activated in turns 4-6
    only)"."""
    from partisan.core.games.baler.state import ACTIONS
    name, k = ACTIONS.locate(a)
    if node != "ev_next" or name != "event":
        return ""
    card = state.parts_view().deck.cards[snap["ev_card"][k // 2]]
    side = snap["actor"]
    said = [f"{effect.text().split(':')[0]}: no effect, {why_no_effect(state, snap, effect.kind, effect.params, side, viewer)}"
            for effect in (card.secondary if k % 2 else card.main) if idle(state, snap, effect, side)]
    return f" ({'; '.join(said)})" if said else ""


REPEATED = {"repair": "repair", "trench": "trench section"}     # an event's effect "x2" (snap "proc")


def _repeat_idle(state, snap: dict, a: int, node: str | None, viewer) -> str:
    """A repair or trench section of an event that repeats it (Loopholes in the Walls' Repair
    x2, Trench Line's trench section x2) whose next repetition the rules leave nothing to do
    once this one is picked, with why: " (no second repair: no damaged walls)". "" otherwise."""
    if node not in ("area", "trench") or snap["proc"] not in REPEATED or snap["ev_rep"] < 1:
        return ""
    after = state.clone()
    after.apply_action(a)
    s1 = after._snap()
    if not s1["over"] and s1["node"] == snap["node"] and s1["proc"] == snap["proc"]:
        return ""                   # the next repetition asks its own pick
    why = why_no_effect(after, s1, snap["proc"], {"supply_cost": snap["proc_arg"]}, snap["actor"], viewer)
    return f" (then no {'second' if snap['ev_rep'] == 1 else 'more'} {REPEATED[snap['proc']]}: {why})"


def idle(state, snap: dict, effect, side: int) -> bool:
    """Whether an effect of `side`'s event has nothing to do now, whatever else its event does
    (none of a card's other effects can change that): the USS Yorktown before the US power
    marker is on the map (l.1121, l.1202), a track already at its end (l.129; the Filipino
    supply roll at 6), an empty infirmary to heal, every bed open, Persistence active already."""
    kind, params = effect.kind, effect.params
    if kind == "us_advance":
        return not (snap["us_power"] and snap["turn"] >= US_TURN)
    if kind in ("morale", "supply"):
        target = side if params.get("target", "own") == "own" else 1 - side
        return snap[kind][target] == (TRACK_TOP if params["delta"] > 0 else 0)
    if kind == "supply_roll":           # the Filipino table only adds supply (l.1048-l.1054)
        return side == SIDES.index("Philippines") and snap["supply"][side] == TRACK_TOP
    if kind == "heal":
        return not patients(state, snap)
    if kind == "expand_infirmary":
        return snap["beds_open"] == BEDS
    return kind == "persistence" and bool(snap["persistence"])


TRACK_TOP = 6           # "The Supply and Morale tracks range from 0 to 6." (l.129)
EVERY_TRENCH = 0xFF     # the trench_built bits of all eight sections (l.1179)
BEDS = 6                # "The infirmary is composed of six beds" (l.942)


def _no_effect_event(state, snap: dict, a: int, node: str | None, viewer) -> str:
    """An event chosen at "the next event" that ends with nothing changed before any choice of
    the player's (a decision offering "done" alone is played for him): " has no effect" and
    why, by its effects (a Field Hospital with an empty infirmary, a Dig In with no manpower),
    told to `viewer`."""
    from partisan.core.games.baler.state import ACTIONS
    name, k = ACTIONS.locate(a)
    if node != "ev_next" or name != "event" or a not in state.legal_actions():
        return ""
    card = state.parts_view().deck.cards[snap["ev_card"][k // 2]]
    effects = card.secondary if k % 2 else card.main
    if not all(idle(state, snap, e, snap["actor"]) for e in effects):     # else tried: a die may decide
        after = state.clone()
        after.apply_action(a)
        while _resolving(after, snap) and not after.is_chance_node() and after.legal_actions() == [0]:
            after.apply_action(0)
        s1 = after._snap()
        if _resolving(after, snap) or any(snap[key] != s1[key] for key in CHANGED_BY_EVENTS):
            return ""
    return f" has no effect ({why_none(state, snap, effects, snap['actor'], viewer)})"


def why_none(state, snap: dict, effects, side: int, viewer) -> str:
    """Why these effects of `side`'s event can change nothing now, each reason once, as
    `viewer` reads them."""
    why = []
    for effect in effects:
        reason = why_no_effect(state, snap, effect.kind, effect.params, side, viewer)
        if reason not in why:
            why.append(reason)
    return "; ".join(why)


# What an event may change: when none of these changes, it had no effect.
CHANGED_BY_EVENTS = ("at", "supply", "morale", "vp", "walls", "trench_built", "trench_sabotaged",
                     "surveillance", "beds_open", "persistence", "foreign_space", "foreign_strength",
                     "us_power", "terr_space", "exhausted", "disabled")
# The same as the observation (observation()) names them, for the screen's comparisons.
_OBSERVED_AS = {"at": "units", "trench_built": "trenches_built", "trench_sabotaged": "trenches_sabotaged",
                "foreign_space": "foreign_power", "foreign_strength": "foreign_power",
                "us_power": "foreign_power", "terr_space": "territorial"}
OBSERVED_CHANGES = tuple(dict.fromkeys(_OBSERVED_AS.get(key, key) for key in CHANGED_BY_EVENTS))


def fog_idle(state, snap: dict) -> list[str | None]:
    """For each side's own Fog of War card played for the initiative this turn, whose event is
    resolved at once (l.315): why that event would change nothing now, by side names (the
    screen says it once the event has changed nothing); None for a side that played none."""
    cards = state.parts_view().deck.cards
    return [why_none(state, snap, cards[c].main, side, None)
            if c >= 0 and cards[c].type == "fog_of_war" else None
            for side, c in enumerate(snap["revealed"])]


def _resolving(state, snap: dict) -> bool:
    """Whether the event part chosen at `snap` is still under way in `state`."""
    from partisan.core.games.baler.state import NODES
    s = state._snap()
    return not s["over"] and s["node"] != NODES["ev_next"] and s["ev_card"][:2] == snap["ev_card"][:2]


def why_no_effect(state, snap: dict, kind: str, params: dict, side: int, viewer=None) -> str:
    """Why an effect of this kind (cards.py EFFECTS) can do nothing for `side` now, as `viewer`
    reads it (None: by side names)."""
    if kind in ("morale", "supply", "supply_roll"):
        target = side if params.get("target", "own") == "own" else 1 - side
        track = "supply" if kind == "supply_roll" else kind
        return f"{whose(target, viewer)} {track} is at {snap[track][target]} already"
    if kind == "repair":
        return _why_no_repair(state, snap, side, free=not params.get("supply_cost", 1))
    if kind == "trench":
        return _why_no_trench(state, snap, free=not params.get("supply_cost", 1))
    if kind == "attack":
        return _why_no_attack(state, snap, params.get("kind", "any"), side)
    if kind == "man_posts":
        bag = state.parts_view().board.space(f"{('spain', 'philippines')[side]}_bag")
        return "the bag is empty" if bag not in snap["at"] else "no empty guard post"
    if kind == "place_artillery":
        reserve = state.parts_view().board.space("philippines_artillery_reserve")
        return "no gun in reserve" if reserve not in snap["at"] else "no free artillery post"
    if kind == "us_advance" and snap["turn"] < US_TURN:
        return f"the US power marker is activated in turns {US_TURN}-6 only"
    if kind == "destroy_trench":
        return "no trench section on the map"
    return NOTHING_TO_DO.get(kind, "nothing it could do")


# Why VP were scored, by source (state.VP_FROM): how a VP line names it, with the words for
# it when the line has no names to give, and how the final count sums it up.
VP_WHY = {"kill": ("for {}", "a kill", "{enemy} units killed"),
          "artillery": ("for {}", "an artillery piece destroyed", "artillery pieces destroyed"),
          "infirmary": ("for {}", "a death in the infirmary", "Spaniards dead in the infirmary"),
          "desertion": ("for {}", "a deserter", "Spanish deserters"),
          "shelled": ("for {}", "walls shelled to Destroyed", "walls shelled to Destroyed"),
          "walls_fall": ("for {}", "walls Destroyed in two or more areas",
                         "the walls Destroyed in two or more areas"),       # 6 VP once, however many (l.1190)
          "event": ("from {}", "an event card", "event cards"),
          "trenches": ("for {}", "every trench section built", "every trench section built at an Upkeep"),
          "territory": ("for {}", "the Filipino stack on the territorial map", "the territorial map"),
          "wall_bonus": ("for {}", "the walls standing at the end of turn 6",
                         "the walls standing at the end of turn 6")}


def vp_from(snap: dict) -> list[dict[str, int]]:
    """Each side's VP by source (VP_WHY's names), the start not counted."""
    from partisan.core.games.baler.state import VP_FROM
    return [{source: row[VP_FROM[source]] for source in VP_WHY} for row in snap["vp_from"]]


def vp_why(gained: dict[str, int], named: dict[str, str]) -> str:
    """Why a side's VP went up, each source with its points: "+1 for Katipunero 2/1 killed, +1
    from The Landing Party Captured"; `named` gives a source's own words (the units, the card),
    else VP_WHY's."""
    return ", ".join(f"+{points} " + VP_WHY[source][0].format(named.get(source) or VP_WHY[source][1])
                     for source, points in gained.items() if points)


def units_words(by_verb: dict[str, list[str]]) -> str:
    """Units by what befell them, those alike counted: "Katipunero 1/1 ×2 and Katipunero 2/2
    killed and Artillery 2/0 destroyed"."""
    def alike(labels):
        return listed([f"{label} ×{labels.count(label)}" if labels.count(label) > 1 else label
                       for label in dict.fromkeys(labels)])
    return " and ".join(f"{alike(labels)} {verb}" for verb, labels in by_verb.items())


US_TURN = 4             # "only in turns 4, 5, or 6" (l.1121)
NOTHING_TO_DO = {"heal": "the infirmary is empty", "expand_infirmary": "every bed is open already",
                 "persistence": "Persistence is active already",
                 "surveillance": "every surveillance marker is placed already",
                 "us_advance": "the US power marker is not on the map"}
REPAIRABLE = (1, 2)     # Wrecked and Damaged walls go up a level (l.1075-l.1077)


def _why_no_repair(state, snap: dict, side: int, free: bool) -> str:
    """No damaged walls (Spain) or sabotaged trench section (the Philippines), no supply to
    spend, or too little manpower in the areas that have one (l.1066-l.1069)."""
    from partisan.core.games.baler.state import MANPOWER
    areas = _to_repair(snap, side)
    what = ("damaged walls", "damaged wall") if side == 0 else ("sabotaged trench section",) * 2
    if not areas:
        return f"no {what[0]}"
    if not free and snap["supply"][side] < 1:
        return "no supply to spend"
    need = MANPOWER["repair"][side]
    return f"manpower under {need} at every {what[1]}" if all(
        manpower(state, snap, a, side) < need for a in areas) else "nothing it could do"


def _to_repair(snap: dict, side: int) -> list[int]:
    """The areas with something the side could repair: damaged walls (Spain), a sabotaged
    trench section (the Philippines)."""
    if side == 0:
        return [a for a in range(4) if snap["walls"][a] in REPAIRABLE]
    return sorted({t // 2 for t in range(8) if ((snap["trench_built"] & snap["trench_sabotaged"]) >> t) & 1})


def _why_no_trench(state, snap: dict, free: bool, noun: str = "trench section") -> str:
    """Every section built, no supply to spend, or too little manpower beside an empty one
    (l.1133; option trench_manpower); `noun` names a section."""
    from partisan.core.games.baler.state import MANPOWER
    if snap["trench_built"] == EVERY_TRENCH:
        return "every trench section is built"
    if not free and snap["supply"][1] < 1:
        return "no supply to spend"
    where = "in its area" if state.game.options.get("trench_manpower") == "area" else "on its flanks"
    return f"no empty {noun} with manpower {MANPOWER['trench']} {where}"


TRENCH_ACTIONS = 2      # "You cannot build more than two trench sections during an Action phase" (l.1139)
SPECIAL_AP = 2          # a special action's cost: "costing 2 action points each" (l.1095)


def _why_no_trench_action(state, snap: dict) -> str:
    """Why the Philippines' special action Trench section is not on their menu: two built this
    phase already (l.1139), or none can be built now (l.1133); "" when the 2 AP it costs
    (l.529-l.530) are missing, which its cost says."""
    if snap["trench_actions"] >= TRENCH_ACTIONS:
        return f"{TRENCH_ACTIONS} built this phase, the most"
    if snap["ap"][1] < SPECIAL_AP:
        return ""
    return _why_no_trench(state, snap, free=False, noun="section")


def not_offered(state, snap: dict) -> list[str]:
    """Why an action the acting side may expect is missing from its Action menu: a repair
    where walls are damaged (Spain) or a trench section sabotaged (the Philippines), with no
    supply or too little manpower there (l.1066-l.1069); every surveillance marker out (l.1027);
    the Philippines' new trench section (_why_no_trench_action)."""
    from partisan.core.games.baler.state import ACTIONS, NODES
    side = snap["actor"]
    if snap["node"] != NODES["act"] or snap["ap"][side] < 1:
        return []
    offered = {ACTS[i] for name, i in map(ACTIONS.locate, state.legal_actions()) if name == "act"}
    out = []
    if "repair" not in offered:
        why = _why_no_repair(state, snap, side, free=False)
        if _to_repair(snap, side) and why != "nothing it could do":  # else its cost says why
            out.append(f"repair: {why}")
    if "surveillance" not in offered and bin(snap["surveillance"][side]).count("1") == MARKERS:
        out.append("surveillance: every marker is out")
    why = _why_no_trench_action(state, snap) if side == 1 and "build a trench section" not in offered else ""
    if why:
        out.append(f"trench: {why}")
    attacks = attack_limits(snap["attacks"][side], attacked_areas(snap, side), snap["ap"][side])
    return ([f"attack: {attacks}"] if attacks else []) + out


MARKERS = 4             # surveillance markers a side (l.1027)
ATTACKS = 2             # an attack "can be repeated only once, at the cost of 2 action points" (l.565)
REPEAT_AP = 2


def attacked_areas(snap: dict, side: int) -> list[int]:
    """The areas (from 1) the side attacked in this phase: none again in it (l.582)."""
    return [a + 1 for a in range(4) if (snap["attacked"][side] >> a) & 1]


def attack_limits(attacks: int, attacked: list[int], ap: int, area: int | None = None) -> str:
    """Why the Action menu's attacks are as they are once the side attacked by action: the
    second costs 2 AP and there is no third (l.565), an area attacked this phase is not again
    (l.582); with `area` (from 1), why an attack there is not offered. "" when none of these is
    why."""
    if attacks >= ATTACKS:       # the note's row is short: the refusal of a typed attack says why
        return f"{ATTACKS} made this phase, the most" + (" (an attack is repeated once)" if area else "")
    if area in attacked:
        return f"area {area} attacked this phase already (one attack an area a phase)"
    if area is not None:
        return f"a second attack costs {REPEAT_AP} AP, {ap} left" if attacks and ap < REPEAT_AP else ""
    areas = "area" + "s" * (len(attacked) > 1) + " " + listed([str(a) for a in attacked])
    return f"a repeat costs {REPEAT_AP} AP; not {areas} again this phase" if attacks else ""


def manpower(state, snap: dict, area: int, side: int) -> int:
    """The manpower of the side's units in the area's guard posts (l.1066)."""
    board = state.parts_view().board
    post = board.kind("guard_post")
    return sum(board.counters.counters[c].factors[1] for c, where in enumerate(snap["at"])
               if board.spaces[where].kind == post and board.spaces[where].side == side
               and area in dict(board.spaces[where].areas))


def menu_places(state, snap: dict) -> list[list]:
    """Each legal move's place in a menu grouped by where the units stand: [group, entry,
    space], the group a unit's place ("detachment 1-2", "guard posts", "barracks", ...), the
    entry its name as the board prints it with its factors (a guard post's label after it) and
    the space's number to order the group by; [None, the move's text, 0] for any other move."""
    from partisan.core.games.baler.state import ACTIONS
    board = state.parts_view().board
    out = []
    for a in state.legal_actions():
        name, i = ACTIONS.locate(a)
        if name != "unit" or i >= len(board.counters.counters):
            out.append([None, menu_words(state, a, snap), 0])
            continue
        u = _unit(board.counters, i, snap)
        short = f"{u['name'].split()[-1] if u['group'] == u['name'] else u['group'].split()[0]} {factors(u)}"
        group, where = _place(board.spaces[snap["at"][i]])
        out.append([group, f"{short} ({where})" if where else short, snap["at"][i]])
    return out


PLACE_GROUPS = (("spain_detachment_1_2", "detachment 1-2"), ("spain_detachment_3_4", "detachment 3-4"),
                ("spain_detachment_5_6", "detachment 5-6"), ("philippines_detachment", "leaders"),
                ("philippines_barracks", "barracks"), ("territory", "territorial map"))


def _place(space) -> tuple[str, str]:
    """(group, what tells the space apart within it) of a space, for menu_places."""
    label = space_text(space)
    if "post '" in label or label.startswith("Bell Tower"):
        return "guard posts", label.replace("Spanish post ", "").replace("Filipino post ", "").replace(" '2'", "").replace("'", "")
    if "command post" in label:
        return "command posts", label.split(": ", 1)[-1]
    group = next((g for prefix, g in PLACE_GROUPS if space.name.startswith(prefix)), None)
    return (group, "") if group else (label, "")


YES_NO = {"done": "no", "yes": "yes"}       # a yes/no question's answers on its menu


def _boosts_nothing(state, snap: dict, card: int) -> str:
    """Why a card offered as support would boost neither event card: "If the event card shows
    an icon matching the icon on a card played as event, you can boost that event card. The
    star icon is a wildcard" (l.369-l.370); Fog of War cards "cannot be boosted" (l.368)."""
    deck = state.parts_view().deck
    needs = [deck.cards[c].requires for c in snap["ev_card"][:2] if c >= 0 and deck.cards[c].secondary]
    icons = deck.cards[card].icons
    if not needs:
        return " (boosts nothing: no event card has a secondary event)"
    if deck.wildcard in icons or any(icon in needs for icon in icons):
        return ""
    return f" (boosts nothing: the events need {' or '.join(sorted(set(needs)))})"


def _menu(state, snap: dict) -> list[str]:
    """The legal moves as the menu shows them (menu_words): a yes/no question's "done" as
    "no"; in the Action phase each action with the points it costs, 2 for a repeat
    (l.516-l.539), and the supply a repair or a trench section costs too (SUPPLY_COST); a shooting or an incursion with the firepower it begins with (an
    incursion's counts no artillery, l.768), which the table's column gives for a shooting
    (_attack_firepower)."""
    from partisan.core.games.baler.state import ACTIONS, NODES
    legal = state.legal_actions()
    menu = [menu_words(state, a, snap) for a in legal]
    if sorted(ACTIONS.locate(a)[0] for a in legal) == ["done", "yes"]:
        return [YES_NO[ACTIONS.locate(a)[0]] for a in legal]     # a question: its own no and yes
    if snap["node"] in (NODES["ev_support"], NODES["ev_card"]):
        note = _boosts_nothing if snap["node"] == NODES["ev_support"] else _event_card_note
        return [text + note(state, snap, i) if name == "card" else text
                for text, (name, i) in zip(menu, map(ACTIONS.locate, legal))]
    if snap["node"] == NODES["shoot"]:
        return [f"{text} ({_shooting_notes(state, snap, i)})" if name == "area" else text
                for text, (name, i) in zip(menu, map(ACTIONS.locate, legal))]
    if snap["node"] == NODES["ev_next"]:
        return [text + _could_change_nothing(state, snap, a) for text, a in zip(menu, legal)]
    if snap["node"] == NODES["ev_boost"]:
        return [text + _boost_note(state, snap, a) for text, a in zip(menu, legal)]
    if snap["node"] in (NODES["move_dest"], NODES["redeploy_dest"]):      # a survivor's post too
        return [text + _displaced(state, snap, a, "move_dest", offered=True) for text, a in zip(menu, legal)]
    if snap["node"] not in (NODES["act"], NODES["attack"]):
        return menu
    for i, (a, (name, k)) in enumerate(zip(legal, map(ACTIONS.locate, legal))):
        if name not in ("act", "attack"):
            continue
        after = state.clone()
        after.apply_action(a)
        notes = [f"{snap['ap'][snap['actor']] - after._snap()['ap'][snap['actor']]} AP"] * (snap["node"] == NODES["act"])
        if name == "attack":
            notes += _attack_notes(state, snap, after, KINDS[k // 4], k % 4)
        elif ACTS[k] in SUPPLY_COST:
            notes.append(f"{SUPPLY_COST[ACTS[k]]} supply")
        elif ACTS[k] in INFIRMARY_ACTS and (dies := doomed(state, snap)):
            notes.append(f"infirmary full: the next wounded kills {dies}")
        menu[i] += f" ({', '.join(notes)})" if notes else ""
    return menu


INFIRMARY_ACTS = ("heal", "expand the infirmary")      # a bed freed, or one more (l.1097-l.1113)
# The actions that also cost supply, spent as the section or the area is chosen: "In addition to
# the action cost, you must also spend 1 supply level." (l.1060); a trench section: "You must
# spend 2 action points, reduce your supply level by 1" (l.1133).
SUPPLY_COST = {"repair": 1, "build a trench section": 1}


def doomed(state, snap: dict) -> str | None:
    """The man in bed 1 of a full infirmary, whom the next wounded pushes out: "If the
    designated bed is occupied, move all the wounded already in the infirmary one space
    following the arrows ... This may cause a wounded to be moved from bed 1 to the '0' space
    (the graveyard)." (l.950); None while a wound kills no one."""
    beds = patients(state, snap, factored=False)
    return beds[1] if 1 in beds and snap["beds_open"] in beds else None


def _shooting_notes(state, snap: dict, area: int) -> str:
    """A mandatory shooting's area on its menu: the area's firepower (the strengths' difference,
    l.617, l.619, which the board's column gives), or why it has no effect (l.592)."""
    empty = _unmanned(state, snap, area)
    return f"no effect: no {empty} unit there" if empty else f"fp {snap['shooting_firepower'][area]:+d}"


def _fp_words(state, snap: dict, after, kind: str, area: int) -> str:
    """An attack's firepower as its combat begins, with why it differs from the table's fp
    column (a shooting's now, l.619): an incursion counts no artillery (l.766: "do not add the
    Philippine artillery combat factors"), and a card's combat strength counts."""
    combat = after._combat()
    fp, why = combat["firepower"], []
    if fp != snap["shooting_firepower"][area]:
        bonus = combat["bonus_cf"][snap["actor"]]
        why += [f"the card's +{bonus} strength"] * bool(bonus)
        gun = state.parts_view().board.space(f"artillery_area_{area + 1}") in snap["at"]
        why += ["an incursion counts no gun"] * bool(
            kind == "incursion" and gun and not state.game.options.get("artillery_in_incursions"))
    return f"fp {fp:+d}" + (f": {' and '.join(why)}" if why else "")


def _attack_notes(state, snap: dict, after, kind: str, area: int) -> list[str]:
    """An attack on its menu: a shooting's or an incursion's firepower as its combat begins
    (an incursion's counts no artillery, l.768; a shelling has none, l.862), and what makes it
    unable to do anything: a shooting where a side mans no post (l.592); an incursion with no
    target to sabotage (l.807, l.817); a shelling of walls Destroyed already, whose 6s may only
    wound by shrapnel (l.870-l.877), and with no Spanish unit there not even that."""
    fp = [_fp_words(state, snap, after, kind, area)] if after._combat()["kind"] else []
    if kind == "shooting":
        empty = _unmanned(state, snap, area)
        return [f"fp {snap['shooting_firepower'][area]:+d}", f"no effect: no {empty} unit there"] if empty else fp
    side = snap["actor"]
    if kind == "incursion":
        if targets(state, snap, area, side):
            return fp
        return fp + ["no target: " + ("no intact trench or gun" if side == 0 else "walls Destroyed")]
    idle = [f"the card's +{after._combat()['bonus_cf'][side]} combat strength unused: no firepower"] * bool(
        after._combat()["bonus_cf"][side])         # a shelling has none (l.862)
    if targets(state, snap, area, side):
        return idle
    if _manned(state, snap, area)[0]:
        return idle + ["walls Destroyed: shrapnel only"]
    return idle + ["no effect: walls Destroyed, no Spanish unit there"]


def targets(state, snap: dict, area: int, attacker: int) -> int:
    """What an incursion or a shelling by `attacker` can take in the area: Spain's incursion,
    the intact trench sections and the gun (l.807-l.813); the Philippines', the wall levels
    above Destroyed (l.817, l.870-l.873)."""
    if attacker == 1:
        return snap["walls"][area]
    intact = sum((snap["trench_built"] >> t) & 1 and not (snap["trench_sabotaged"] >> t) & 1
                 for t in (2 * area, 2 * area + 1))
    return intact + (state.parts_view().board.space(f"artillery_area_{area + 1}") in snap["at"])


def _said(state, a: int, snap: dict, viewer) -> str:
    """A move as its line tells it: a unit with where he stands, "yes" and "done" in the
    decision's words (with the Fog of War card or the leader), the support card named as such,
    a shooting or an event that can have no effect said so; else the move's text."""
    from partisan.core.games.baler.state import ACTIONS, NODES
    text = menu_words(state, a, snap)
    node = {number: name for name, number in NODES.items()}.get(snap["node"])
    if node == "ev_support" and text != "done":
        return f"support card: {text}"
    if node == "ev_boost":              # a choice announced now, the event resolved in its turn
        return f"the support card is to boost {text} (announced; resolved in its turn)"
    name, i = ACTIONS.locate(a)
    cards = state.parts_view().deck.cards
    if node == "ev_card" and name == "card" and i < len(cards):    # face up, resolved next (l.354)
        return f"event card {1 + (snap['ev_card'][0] >= 0)}: {text} ({'; '.join(e.text() for e in cards[i].main)})"
    if node == "ev_next" and text == "done":
        return _events_given_up(state, snap, viewer)
    if node == "ev_next" and _boosted(snap, a):
        text += " (boosted by the support card)"
    if text not in ("yes", "done"):
        said = (text + _no_effect_shooting(state, snap, a, node) + _the_other_shooting(state, snap, a, node)
                + (_no_effect_event(state, snap, a, node, viewer) or _idle_effects(state, snap, a, node, viewer))
                + _displaced(state, snap, a, node) + _repeat_idle(state, snap, a, node, viewer))
        picked = PICKED.get(node) if viewer != snap["actor"] and (name == "unit") == (node in UNIT_PICKS) else None
        return picked.format(text=said, unit=_mover(state, snap)) if picked else said
    return _answer(state, snap, text) or text


# The other side's pick of a unit or a space, as a move with why it is made, where the player
# is asked it with a reason of his own (cli/views/baler.py ASKS): "Spain: Fabregat Fabregat
# moves → Bell Tower '2'", not the bare pick; the survivors of an incursion are placed "as they
# wish" (l.840).
PICKED = {"move": "moves {text}", "move_dest": "{unit} moves → {text}",
          "redeploy": "places its incursion's survivors as it wishes: {text}",
          "redeploy_dest": "{unit} → {text}", "victim": "{text} takes the hit",
          "man": "{unit}, drawn from the bag, → {text}"}
UNIT_PICKS = ("move", "redeploy", "victim")      # the others pick a space


def _mover(state, snap: dict) -> str:
    """The unit a space is picked for (moving, placed, drawn from the bag), by its name."""
    return unit_label(state.parts_view().board.counters, snap["moving"]) if snap["moving"] >= 0 else "it"


def _answer(state, snap: dict, text: str) -> str | None:
    """What "yes" or "done" (`text`) does at this decision, with the Fog of War card or the
    leader it is about; None where it has no words of its own."""
    from partisan.core.games.baler.state import NODES
    node = {number: name for name, number in NODES.items()}.get(snap["node"])
    words = (YES_WORDS if text == "yes" else DONE_WORDS).get(node)
    if words:
        return words
    if node == "fow_keep":
        return ("keep the Fog of War card from the enemy (1 morale; a blank card in your hand)" if text == "yes"
                else "give the Fog of War card away and take a shared card")
    rolled = command_roll(state, snap)
    if rolled is not None:
        name = rolled["unit"]["name"]
        return (f"{name} acts now, then to the detachment" if text == "yes"
                else f"{name} stays in reserve in the {rolled['post']}")
    return None


def _displaced(state, snap: dict, a: int, node: str | None, offered: bool = False) -> str:
    """Where the unit that held a space a mover takes goes: "If the post is occupied, place the
    existing unit in the bag (if it is a soldier) or the detachment (if it is a leader)" (l.982,
    l.988), a detachment space's into the bag (l.989); in a swap of two guard posts (l.994), to
    the mover's post. "" when the space was empty. On the menu (`offered`), said of the unit
    there now, before the space is picked: "swaps with" him in a swap."""
    from partisan.core.games.baler.state import ACTIONS
    name, space = ACTIONS.locate(a)
    if node != "move_dest" or name != "space":
        return ""
    held = [c for c, where in enumerate(snap["at"]) if where == space and c != snap["moving"]]
    after = _after(state, a)
    if not held or after is None:
        return ""
    board = state.parts_view().board
    origin = snap["at"][snap["moving"]]
    swap = board.spaces[origin].kind == board.kind("guard_post")      # a soldier from the bag is no swap
    went = []
    for c in held:
        dest = after._snap()["at"][c]
        label = unit_label(board.counters, c)
        if offered and swap and dest == origin:
            went.append(f"swaps with {label} there")
            continue
        dest = board.spaces[dest]
        went.append(f"{label}{' there' if offered else ', who held it,'} → "
                    f"{'the ' * dest.name.endswith('_bag')}{space_text(dest)}")
    return f" ({'; '.join(went)})"


def _could_change_nothing(state, snap: dict, a: int, viewer=None) -> str:
    """An event at "the next event" that would end with nothing changed, on its menu entry or
    among those given up: " (could change nothing: why)" (_no_effect_event), to `viewer`
    (default: the side choosing)."""
    idle = _no_effect_event(state, snap, a, "ev_next", snap["actor"] if viewer is None else viewer)
    return f" (could change nothing: {idle[len(' has no effect ('):-1]})" if idle else ""


def _events_given_up(state, snap: dict, viewer) -> str:
    """"done" at the next event: the events left, each by its card, not resolved, "you must
    always play two cards in this phase, but you can choose not to resolve some or even all
    the events on the cards" (l.356); an event that could change nothing says why."""
    from partisan.core.games.baler.state import ACTIONS
    cards = state.parts_view().deck.cards
    left, chosen = [], False
    for a in state.legal_actions():
        name, k = ACTIONS.locate(a)
        if name == "event":
            idle = _could_change_nothing(state, snap, a, viewer)
            title = cards[snap["ev_card"][k // 2]].name
            left.append(f"{possessive(title)} {('main', 'secondary')[k % 2]} event" + idle)
            chosen = chosen or not idle
    if not left:
        return DONE_WORDS["ev_next"]
    return (f"{DONE_WORDS['ev_next']}: {listed(left)} not resolved"
            + " (a side need not resolve its events)" * chosen)


def possessive(title: str) -> str:
    """A card's title as an owner: "Marksmen's", "Coordinated Attacks'"."""
    return f"{title}'{'s' * (not title.endswith('s'))}"


def combat_name(combat: dict) -> str:
    """A combat on the map by its kind and area ("shooting in area 1"), from the state's
    combat (kind 1-3, area 0-3) or the journal's record (kind and area as told)."""
    kind, area = combat["kind"], combat["area"]
    if isinstance(kind, int):
        kind, area = KINDS[kind - 1], area + 1
    return f"{kind} in area {area}"


def _boosted(snap: dict, a: int) -> bool:
    """Whether event action `a` names a secondary event the support card boosts."""
    from partisan.core.games.baler.state import ACTIONS
    name, k = ACTIONS.locate(a)
    return name == "event" and k % 2 == 1 and bool((snap["ev_boost"] >> (k // 2)) & 1)


def _chance_line(state, a: int, snap: dict, viewer) -> str:
    """A draw or a roll told as what it is for and whose it is: "your combat dice, shooting in
    area 1: 2 4 6", "Spain's attrition die: 3", "the automa draws card 3: Hold: Hold the line"."""
    from partisan.core.games.baler.state import CHANCE_OUTCOMES, FLOW
    name, i = CHANCE_OUTCOMES.locate(a)
    node, side = snap["node"], snap["actor"]
    text = action_to_string(state, a)
    if name == "automa":
        return f"the automa draws {text[len('automa '):]}"
    if name == "draw":
        return _draw_line(state, a, snap, viewer)
    if name == "bag":
        return _bag_line(state, i, snap, viewer)
    if name == "roll":
        faces = text[len("roll "):]
        if node == FLOW["N_C_ROLL"]:    # combats may follow one another: each is named
            return f"{whose(side, viewer)} combat dice, {combat_name(snap['combat'])}: {faces}"
        if side == 0:       # the foreign power's dice are rolled by Spain (l.1386)
            return f"the foreign power's territorial combat dice: {faces}"
        return f"{whose(side, viewer)} territorial combat dice: {faces}"
    face = i + 1
    if node == FLOW["N_C_CASUALTY"]:
        return f"casualty location die for {SIDES[side]}: {face}" + _spanish_one(side, face, snap)
    return _die_line(state, a, face, snap, viewer)


def _spanish_one(side: int, face: int, snap: dict) -> str:
    """What a Spanish casualty die of 1 on the map does: nothing behind standing walls, a hit
    on the Bell Tower once they are Destroyed (l.701-l.703)."""
    cb = snap["combat"]
    if side != 0 or face != 1 or not cb["kind"]:
        return ""
    if snap["walls"][cb["area"]] > 0:
        return ": a 1 behind standing walls, no casualty"
    return ": walls Destroyed, so a 1 hits the Bell Tower (post '2')"


# Why a man dies in bed 1 though a bed stands free: the push moves everyone (l.950).
PUSHED_OUT = ("dies in the infirmary → eliminated (the new wounded's bed was taken, so every wounded "
              "already in the infirmary moved one bed along, even with a bed free)")


def bed_moves(moves: list[tuple[str, int, int | None]], pushed: bool, free: bool) -> str | None:
    """Several wounded moved along the beds by one action, told as one line, each man with the
    bed he leaves and the one he takes (None: the graveyard), bed 1 first: pushed by a new man
    whose bed was taken (l.950), even with a bed `free`, or moving up to fill a bed a healed man
    left (l.965). The line names no side ("your " or "Spain: " goes before it); None for a
    single man, whose own line says it."""
    if len(moves) < 2:
        return None
    each = "; ".join(f"{label} bed {was} → {now if now else 'dies, eliminated'}"
                     for label, was, now in sorted(moves, key=lambda move: move[1]))
    if not pushed:
        return f"wounded move up to fill the empty beds: {each}"
    why = ", even with a bed free" * (free and any(now is None for *_, now in moves))
    shifts = {was - now for _, was, now in moves if now}        # a bed for each new man (beriberi's
    if shifts == {1}:                                           # step D admits several at once)
        return f"wounded move one bed along to make room in bed {max(was for _, was, _ in moves)}{why}: {each}"
    along = f"{shifts.pop()} beds along" if shifts else "along the beds"
    return f"wounded move {along} to make room for the new men{why}: {each}"


def whose(side: int, viewer) -> str:
    """'your' to the side's own seat, else "Spain's" / "the Philippines'"."""
    if viewer == side:
        return "your"
    return "Spain's" if side == 0 else "the Philippines'"


def unit_label(counters, c: int) -> str:
    """A counter as a player names it: a named counter by its name, a generic one (soldiers
    alike in their factors, artillery) by its kind and combat/manpower factors as the board
    prints them ("Katipunero 2/1"), never by its copy number."""
    u = counters.counters[c]
    if u.group == u.name:
        return u.name
    return f"{u.group.split()[0]} {u.factors[0]}/{u.factors[1]}"


def factors(u: dict) -> str:
    """combat/manpower; a leader's combat factor and rank (leaders have no manpower)."""
    if u["type"] == "leader" and not u["manpower"]:
        return f"{u['combat']} r{u['rank']}"
    rank = f" r{u['rank']}" if u["type"] == "leader" else ""
    return f"{u['combat']}/{u['manpower']}{rank}"


def _draw_line(state, a: int, snap: dict, viewer) -> str:
    """A card drawn: into a hand (the deal), face up into shared space A or B, the enemy's Fog
    of War card, or the shared deck's top card taken into a discard pile."""
    from partisan.core.games.baler.state import FLOW
    node, side = snap["node"], snap["actor"]
    title = action_to_string(state, a)[len("draw "):]
    if node == FLOW["N_C_SHARED"]:
        slot = "A" if snap["shared_up"][0] < 0 else "B"
        return f"shared card {slot} turned face up: {title}"
    if node == FLOW["N_C_FOW"]:
        return f"{_does(side, viewer, 'draw')} the enemy's Fog of War card {title}"
    if node == FLOW["N_C_TOP"]:     # the card is named as it lands on the discard pile
        return f"{_does(side, viewer, 'take')} the shared deck's top card"
    return f"{_does(side, viewer, 'draw')} {title}"


def _does(side: int, viewer, verb: str) -> str:
    return f"you {verb}" if viewer == side else f"{SIDES[side]} {verb}s"


BAG_PURPOSE = {"BAG_MOVE": "for a movement", "BAG_MAN": "to man a post",
               "BAG_DEPLOY": "to deploy on the territorial map", "BAG_EVENT_MAN": "to man a post"}


def _bag_line(state, c: int, snap: dict, viewer) -> str:
    """A soldier drawn from a bag, named as the board prints him, and what he is drawn for."""
    from partisan.core.games.baler.state import FLOW
    counters = state.parts_view().board.counters
    who = _does(snap["actor"], viewer, "draw")
    unit = unit_label(counters, c) if c < len(counters.counters) else f"unit {c}"
    if snap["die_for"] == FLOW["BAG_LOSS"]:
        loss = "desertion" if snap["loss_desert"] else "beriberi"
        return f"{loss}: {who} {unit} from the bag"
    why = next((text for key, text in BAG_PURPOSE.items() if snap["die_for"] == FLOW[key]), "")
    return f"{who} {unit} from the bag" + (f" {why}" if why else "")


LEADERS_ROW = (1, 2)     # the detachment row die's faces for the leaders' row (attrition.pyx, l.416)
# What a one-die chance node decides (state.FLOW's D4_* names), as its line names it.
DIE_PURPOSE = {
    "D4_SURV_A": "{whose} surveillance die", "D4_SURV_D": "{whose} surveillance die",
    "D4_REROLL": "{whose} re-rolled die", "D4_TREROLL": "{whose} re-rolled territorial die",
    "D4_SPAIN_ATTR": "Spain's attrition die (1-4: supply -2, 5-6: supply -1)",
    "D4_PHIL_ATTR": "the Philippines' attrition die (up to 2: supply -2, 3-5: supply -1, 6 or more: none)",
    "D4_LOSS_PARITY": "{loss}: odd/even die (odd: from the bag, even: from the detachment)",
    "D4_LOSS_ROW": "{loss}: detachment row die (1-2: the leaders, 3-4 and 5-6: soldiers)",   # LEADERS_ROW
    "D4_LOSS_COLUMN": "{loss}: detachment space die",
    "D4_US_STRENGTH": "US strength die (1-3: strength 4, 4-6: 5)",
    "D4_US_STEPS": "US advance die (1: 1 space, 2-4: 2, 5-6: 3)",
    "D4_SUPPLY": "{whose} supply roll ({table})",
    "D4_TAKEOVER": "the walls die of {card} table",
    "D4_TAKEOVER_REROLL": "the walls die re-rolled",
    "D4_LEADER": "{whose} Leaders-step die for {leader}",
    "D4_US_SUPPORT": "US Support die (3-6: an artillery piece)",
}


def _die_line(state, a: int, face: int, snap: dict, viewer) -> str:
    """One die: what it is for, its face, and for a supply roll or a leader's roll what it did."""
    from partisan.core.games.baler.state import FLOW
    kind = next((key for key in DIE_PURPOSE if snap["die_for"] == FLOW[key]), None)
    if kind is None:
        return f"a die: {face}"
    side = snap["actor"]
    if kind in ("D4_SURV_A", "D4_SURV_D"):           # each side's die, whoever rolls it
        side = snap["combat"]["attacker"] if kind == "D4_SURV_A" else 1 - snap["combat"]["attacker"]
    leader = ""
    if kind == "D4_LEADER":
        rolled = command_roll(state, snap)
        leader = f"{rolled['unit']['name']} ({rolled['post']})" if rolled else "a leader"
    head = DIE_PURPOSE[kind].format(whose=whose(side, viewer), leader=leader, card=_walls_card(state, snap),
                                    table=SUPPLY_TABLES[side],
                                    loss="desertion" if snap["loss_desert"] else "beriberi")
    line = f"{head}: {face}"
    if kind == "D4_PHIL_ATTR" or (kind == "D4_SUPPLY" and side == SIDES.index("Philippines")):
        line += _territorial(face, snap)
    if kind == "D4_SUPPLY":
        return line + _supply_outcome(state, a, side)
    if kind == "D4_SPAIN_ATTR":
        return line + _spanish_losses(state, a)
    if kind == "D4_PHIL_ATTR":
        return line + _filipino_morale(state, a)
    if kind == "D4_LEADER":
        return line + _leader_outcome(state, a, snap)
    if kind in ("D4_TAKEOVER", "D4_TAKEOVER_REROLL"):
        return line + _walls_outcome(state, a)
    if kind == "D4_US_STEPS":
        return line + _us_blocked(state, a, face)
    if kind == "D4_LOSS_ROW":
        return line + _row_to_bag(state, a, face, snap)
    return line


def _row_to_bag(state, a: int, face: int, snap: dict) -> str:
    """A detachment row die that sends the loss to the bag says why: "Leaders do not desert. If
    the die roll designates the leader's row, draw a unit from the bag." (l.443); a row with
    no one in it (l.421)."""
    from partisan.core.games.baler.state import FLOW
    after = _after(state, a)
    if after is None or after._snap()["die_for"] != FLOW["BAG_LOSS"]:
        return ""
    if snap["loss_desert"] and face in LEADERS_ROW:
        return ": leaders do not desert, a unit is drawn from the bag"
    return ": no one in that row, a unit is drawn from the bag"


# Each side's supply table (l.1039-l.1042 for Spain; l.1048-l.1054 for the Philippines, whose
# die takes the territorial modifier first: a 0 or less reads as 1-2).
SUPPLY_TABLES = ("1: morale -1, 2: nothing, 3-5: supply +1, 6: supply +2",
                 "up to 2: supply +1, 3-5: supply +2, 6 or more: supply +3")


def _walls_card(state, snap: dict) -> str:
    """Whose walls table a walls die reads: the card in play with one (an event on the table
    or an initiative card resolved), by its title ("Takeover attempt's")."""
    cards = state.parts_view().deck.cards
    named = {cards[c].name for c in (*snap["ev_card"], *snap["revealed"])
             if c >= 0 and any(e.kind == "takeover_attempt" for e in cards[c].main)}
    return f"{' / '.join(sorted(named))}'s" if named else "the card's"


US_STEPS = (1, 2, 2, 2, 3, 3)       # the US advance die's spaces by face (l.1357-l.1359)
US_LAST = 2                         # "can never enter" Baler, space 1 (l.1361)


def _us_blocked(state, a: int, face: int) -> str:
    """A US advance die whose spaces the marker cannot all take, Baler being the end of its
    road (l.1361); a combat on the way (l.1384) tells its own stop."""
    after = _after(state, a)
    if after is None:
        return ""
    space0, space1 = state._snap()["foreign_space"], after._snap()["foreign_space"]
    steps = US_STEPS[face - 1]
    if space1 != US_LAST or space0 - space1 >= steps:
        return ""
    if space0 == space1:
        return f": the US power marker stays at space {US_LAST}, it never enters Baler"
    return f": {space0 - space1} of {steps} spaces, to space {US_LAST}: the US power marker never enters Baler"


def _walls_outcome(state, a: int) -> str:
    """A walls die that lowers no walls says so (the walls' own line tells a change); nothing
    while the Persistence marker may still better it (l.1147-l.1153)."""
    from partisan.core.games.baler.state import NODES
    after = _after(state, a)
    if after is None or after.is_terminal() or after._snap()["node"] == NODES["persist"]:
        return ""
    return "" if after._snap()["walls"] != state._snap()["walls"] else ": no effect, the walls hold"


def _territorial(face: int, snap: dict) -> str:
    """A Filipino attrition or supply die's modifier by where their troops stand on the
    territorial map (l.450, l.1048; with none there, as at Baler: RULES.md reading 14)."""
    mod, space = snap["territorial_modifier"], snap["terr_space"]
    where = f"their troops at space {space}" if space else "no troops on the territorial map: as at Baler"
    return f" {'+' if mod >= 0 else '-'} {abs(mod)} ({where}) = {face + mod}"


def _after(state, a: int):
    """The state after chance outcome `a` (a copy: the state itself is not changed); None when
    `a` cannot happen here (a log may name any outcome)."""
    from partisan.core.errors import IllegalActionError
    after = state.clone()
    try:
        after.apply_action(a)
    except IllegalActionError:
        return None
    return after


def _supply_outcome(state, a: int, side: int) -> str:
    """What a supply roll did when the tracks do not say it: nothing (l.1039-l.1054)."""
    after = _after(state, a)
    if after is None:
        return ""
    s0, s1 = state._snap(), after._snap()
    if (s0["supply"][side], s0["morale"][side]) != (s1["supply"][side], s1["morale"][side]):
        return ""
    if s0["supply"][side] == 6:
        return ": no effect, supply already at its maximum (6)"
    return ": no effect"


def _spanish_losses(state, a: int) -> str:
    """The losses Spain's new supply and its morale call for, each with the level that calls
    for them: "The supply level is below 4: A beriberi epidemic occurs" (l.389-l.392), desertion
    at morale 2 or less (l.396-l.397)."""
    after = _after(state, a)
    if after is None:
        return ""
    s1 = after._snap()
    supply, morale = s1["supply"][0], s1["morale"][0]
    ill = (3, 3, 2, 1)[supply] if supply < 4 else 0
    desert = (2, 1, 1)[morale] if morale < 3 else 0
    sick = (f"supply {supply}, below 4: beriberi, {ill} unit{'s' * (ill > 1)} fall{'s' * (ill == 1)} ill"
            if ill else f"supply {supply}: no beriberi")
    gone = f"{desert} unit{'s' * (desert > 1)} desert{'s' * (desert == 1)}" if desert else "no desertion"
    return f": {sick}; morale {morale}: {gone}"


FILIPINO_MORALE_COST = (3, 2, 1, 1)     # morale lost by the new supply level 0-3 (l.459-l.462)


def _filipino_morale(state, a: int) -> str:
    """What the Philippines' new supply costs their morale: nothing at 4 or more, else by
    the level (l.458-l.462)."""
    after = _after(state, a)
    if after is None:
        return ""
    supply = after._snap()["supply"][1]
    if supply >= len(FILIPINO_MORALE_COST):
        return f": supply {supply}, no morale lost"
    return f": supply {supply}, below 4: morale -{FILIPINO_MORALE_COST[supply]}"


def _leader_outcome(state, a: int, snap: dict) -> str:
    """Where the leader's roll sends him (l.1229-l.1236)."""
    from partisan.core.games.baler.state import NODES
    rolled = command_roll(state, snap)
    after = _after(state, a)
    if rolled is None or after is None:
        return ""
    s1 = after._snap()
    c = rolled["id"]
    if s1["node"] == NODES["leader"] and s1["actor"] == snap["actor"]:
        return ": he may act now or stay in reserve"
    if c in s1["disabled"]:
        return ": disabled, back to his detachment space"
    if s1["at"][c] == snap["at"][c]:
        return ": stays in command, face up"
    return ": back to his detachment space, face up"


def command_roll(state, snap: dict) -> dict | None:
    """The leader of the Leaders step under way (l.1227): his counter and his command post,
    while his die is rolled or his choice is asked; None otherwise."""
    from partisan.core.games.baler.state import FLOW, NODES
    from partisan.core.games.baler.components import COMMAND
    leader_die = snap["node"] == FLOW["N_C_DIE"] and snap["die_for"] == FLOW["D4_LEADER"]
    if not (leader_die or snap["node"] == NODES["leader"]) or not 0 <= snap["cmd_i"] < 3:
        return None
    side = snap["actor"]
    role = COMMAND[side][snap["cmd_i"]]
    board = state.parts_view().board
    post = board.space(f"{('spain', 'philippines')[side]}_command_{role}")
    here = [c for c, where in enumerate(snap["at"]) if where == post]
    if not here:
        return None
    unit = _unit(board.counters, here[0], snap)
    return {"id": here[0], "unit": unit, "role": role,
            "post": f"{POST_ROLE[role]} command post"}


POST_ROLE = {"military": "military", "medical": "medical", "religious": "religious",
             "leadership": "leadership", "us_support": "US support"}


def _cards(mask: int) -> list[int]:
    return [c for c in range(64) if (mask >> c) & 1]


def _bits(mask: int, n: int) -> list[bool]:
    return [bool((mask >> i) & 1) for i in range(n)]


def _unit(counters, c: int, s: dict) -> dict:
    """A counter as printed: name, type, combat and manpower factors, leader's rank."""
    u = counters.counters[c]
    return {"name": u.name, "label": unit_label(counters, c), "group": u.group, "side": u.side,
            "type": counters.types[u.type], "combat": u.factors[0],
            "manpower": u.factors[1], "rank": u.rank,
            "exhausted": c in s["exhausted"], "disabled": c in s["disabled"]}


def _card(deck, i: int | None) -> dict | None:
    """A card as printed: name, action points, initiative, icons, events' text."""
    if i is None or i < 0:
        return None
    c = deck.cards[i]
    return {"id": i, "name": c.name, "side": c.side, "type": c.type, "ap": c.ap,
            "initiative": c.initiative, "icons": list(c.icons),
            "main": [e.text() for e in c.main], "requires": c.requires,
            "secondary": [e.text() for e in c.secondary],
            "kinds": [[e.kind for e in c.main], [e.kind for e in c.secondary]]}


def _revealed(state, snap: dict, side: int) -> dict | None:
    """A side's initiative card once face up. Its own Fog of War card's event is resolved at
    once (l.315) and its line quotes the event's texts: an effect the turn leaves with nothing
    to do (the USS Yorktown before the US power marker is on the map, l.1121) is marked so
    there, beside what the rest of the event does."""
    deck = state.parts_view().deck
    card = _card(deck, snap["revealed"][side])
    if card is None or card["type"] != "fog_of_war":
        return card
    for k, effect in enumerate(deck.cards[card["id"]].main):
        if effect.kind == "us_advance" and idle(state, snap, effect, side):
            card["main"][k] += f" (no effect: {why_no_effect(state, snap, effect.kind, effect.params, side)})"
    return card


def _board(parts, s: dict) -> dict:
    """Where every public counter stands, by the places an owner looks: the four areas (guard
    posts by printed label, trenches, artillery), the detachment, the command posts, the
    infirmary, the Filipino barracks and leaders, the territorial map; pools as counts."""
    board, counters = parts.board, parts.board.counters
    kind = {name: board.kind(name) for name in ("guard_post", "trench", "artillery_post")}
    by_space: dict[int, list[int]] = {}
    for c, where in enumerate(s["at"]):
        by_space.setdefault(where, []).append(c)

    def units(space: int) -> list[dict]:
        return [_unit(counters, c, s) for c in by_space.get(space, [])]

    def faces(space, area: int) -> str:
        f = dict(space.areas).get(area, ())
        return "-".join(map(str, (f[0], f[-1]) if len(f) > 1 else f))

    built, sabotaged = _bits(s["trench_built"], 8), _bits(s["trench_sabotaged"], 8)
    surveillance = [_bits(m, 4) for m in s["surveillance"]]
    areas = []
    for a in range(4):
        here = [i for i, sp in enumerate(board.spaces) if a in dict(sp.areas)]
        posts: list[list[dict]] = [[], []]
        trenches, gun = [], None
        for i in here:
            sp = board.spaces[i]
            if sp.kind == kind["guard_post"]:
                shared = [b + 1 for b, _ in sp.areas if b != a]
                occupant = units(i)
                posts[sp.side].append({"label": faces(sp, a), "shared": shared,
                                       "unit": occupant[0] if occupant else None})
            elif sp.kind == kind["trench"]:
                t = sp.number - 1
                trenches.append("sabotaged" if sabotaged[t] else "built" if built[t] else "empty")
            elif sp.kind == kind["artillery_post"]:
                occupant = units(i)
                gun = occupant[0] if occupant else None
        for side_posts in posts:
            side_posts.sort(key=lambda p: p["label"])
        areas.append({"walls": WALLS[s["walls"][a]], "firepower": s["firepower"][a],
                      "shooting_firepower": s["shooting_firepower"][a], "posts": posts, "trenches": trenches, "artillery": gun,
                      "surveillance": [surveillance[0][a], surveillance[1][a]]})

    def named(prefix: str) -> list[int]:
        return sorted((i for i, sp in enumerate(board.spaces) if sp.name.startswith(prefix)),
                      key=lambda i: board.spaces[i].number)

    def slot(i: int) -> dict | None:
        occupant = units(i)
        return occupant[0] if occupant else None

    def count(name: str) -> int:
        return len(by_space.get(board.space(name), []))

    return {
        "areas": areas,
        "detachment": [[units(i) for i in named(f"spain_detachment_{row}_")]      # space 6 of
                       for row in ("1_2", "3_4", "5_6")],                        # 1-2: two priests
        "command": [{role: slot(board.space(f"{side}_command_{role}")) for role in roles}
                    for side, roles in zip(("spain", "philippines"),
                                           (("military", "medical", "religious"),
                                            ("military", "leadership", "us_support")))],
        "beds": [slot(i) for i in named("spain_bed_")],
        "barracks": [u for i in named("philippines_barracks_") for u in units(i)],
        "leaders": [u for i in named("philippines_detachment_") for u in units(i)],
        "territory": [units(i) for i in named("territory_")],
        "bags": [count("spain_bag"), count("philippines_bag")],
        "eliminated": [count("spain_eliminated"), count("philippines_eliminated")],
        "lost": [units(board.space(f"{side}_eliminated")) for side in ("spain", "philippines")],
        "artillery_reserve": count("philippines_artillery_reserve"),
    }


LOSS_DRAWS = ("D4_LOSS_PARITY", "D4_LOSS_ROW", "D4_LOSS_COLUMN", "BAG_LOSS")   # a loss's dice and draw


def _loss_under_way(snap: dict) -> str | None:
    """"beriberi" or "desertion" while such a loss picks its unit (its dice, its bag draw, its
    choice between two leaders, l.405-l.446), whatever the phase (an event's beriberi too)."""
    from partisan.core.games.baler.state import FLOW, NODES
    drawing = snap["node"] in (FLOW["N_C_DIE"], FLOW["N_C_BAG"]) and any(
        snap["die_for"] == FLOW[key] for key in LOSS_DRAWS)
    if not drawing and snap["node"] != NODES["loss_pick"]:
        return None
    return "desertion" if snap["loss_desert"] else "beriberi"


def _territorial_fight(snap: dict) -> dict | None:
    """A combat on the territorial map under way: its attacker and whether the defender's dice
    are being rolled or modified (l.1394-l.1396), the step after which it is decided; None
    when there is none."""
    from partisan.core.games.baler.state import FLOW, NODES
    node = snap["node"]
    if not (node in (FLOW["N_C_TROLL"], NODES["tmod"])
            or (node == FLOW["N_C_DIE"] and snap["die_for"] == FLOW["D4_TREROLL"])):
        return None
    return {"attacker": snap["terr_attacker"], "defending": snap["terr_stage"] >= FLOW["TS_DEFENDER"]}


def observation(state, player: int) -> dict:
    """What `player` knows: the board, tracks and piles, its own hand and secrets, the
    sizes of the other side's hand and of the decks; then the same as printed (names, factors,
    event text) under "board" and "cards" for the screen."""
    s = state._snap()
    other = 1 - player
    parts = state.parts_view()
    deck = parts.deck
    return {
        "turn": s["turn"], "phase": PHASES[s["phase"]], "step": s["step"], "node": s["node"],
        "actor": s["actor"],
        "initiative": SIDES[s["initiative"]], "over": s["over"],
        "supply": s["supply"], "morale": s["morale"], "vp": s["vp"], "vp_from": vp_from(s),
        "vp_start": [parts.board.tracks[parts.board.track(f"{side}_vp")].start
                     for side in ("spain", "philippines")],
        "walls": [WALLS[w] for w in s["walls"]], "firepower": s["firepower"],
        "trenches_built": s["trench_built"], "trenches_sabotaged": s["trench_sabotaged"],
        "surveillance": s["surveillance"], "beds_open": s["beds_open"], "units": s["at"],
        "exhausted": s["exhausted"], "disabled": s["disabled"], "loss": _loss_under_way(s),
        "hand": _cards(s["hand"][player]),
        "other_hand": bin(s["hand"][other]).count("1"),
        "deck": [bin(m).count("1") for m in s["deck"]],
        "discard": [_cards(m) for m in s["discard"]],
        "fog_of_war_decks": [bin(m).count("1") for m in s["fow_deck"]],
        "shared_up": s["shared_up"], "shared_deck": bin(s["shared_deck"]).count("1"),
        "removed": _cards(s["removed"]), "events": s["ev_card"], "boost": s["ev_boost"],
        "ap": s["ap"], "persistence": s["persistence"],
        "foreign_power": [s["foreign_space"], s["foreign_strength"], s["us_power"]],
        "territorial": s["terr_space"], "shooting_markers": s["shooting_markers"],
        "combat": s["combat"], "territorial_dice": s["tdice"], "territorial_fight": _territorial_fight(s),
        "combat_log": copy.deepcopy(state.journal) or [],
        "initiative_card": s["secret"][player] if s["secret"][player] >= 0 else None,
        "other_chose": s["secret"][other] >= 0,
        "initiative_cards": [c if c >= 0 else None for c in s["revealed"]],
        "fog_of_war_idle": fog_idle(state, s),
        "fog_of_war_drawn": s["fow_drawn"][player] if s["fow_drawn"][player] >= 0 else None,
        "other_drew": s["fow_drawn"][other] >= 0,
        "moving": s["moving"] if s["moving"] >= 0 else None,
        "moving_unit": _unit(parts.board.counters, s["moving"], s) if s["moving"] >= 0 else None,
        "healing": healing(state, s),
        "next_wound_kills": doomed(state, s),       # the man in bed 1 of a full infirmary, by name
        "command_roll": command_roll(state, s),
        "menu": _menu(state, s) if s["actor"] == player and not s["over"] and not state.is_chance_node() else None,
        "not_offered": (not_offered(state, s) if s["actor"] == player and not s["over"]
                        and not state.is_chance_node() else []),
        "attacks": s["attacks"], "attacked": [attacked_areas(s, side) for side in (0, 1)],
        "menu_places": (menu_places(state, s) if s["actor"] == player and not s["over"]
                        and not state.is_chance_node() else None),
        "automa_card": s["automa_card"] + 1 if s["automa_card"] >= 0 else None,
        "automa_title": automa_title(state, s["automa_card"] + 1) if s["automa_card"] >= 0 else None,
        "events_resolved": s["ev_done"], "wildcard": deck.wildcard,
        "automa_deck": bin(s["automa_deck"]).count("1"),
        "board": _board(parts, s),
        "cards": {
            "hand": [_card(deck, c) for c in _cards(s["hand"][player])],
            "shared": [_card(deck, c) for c in s["shared_up"]],
            "events": [_card(deck, c) for c in s["ev_card"]],
            "initiative": _card(deck, s["secret"][player]),
            "revealed": [_revealed(state, s, side) for side in (0, 1)],
            "fog_of_war": _card(deck, s["fow_drawn"][player]),
            "discard": [[_card(deck, c) for c in _cards(m)] for m in s["discard"]],
            "removed": [_card(deck, c) for c in _cards(s["removed"])],
        },
    }
