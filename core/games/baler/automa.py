"""The Partisan automa for Heroes of Baler: our own priority cards (not the published solo deck,
whose rules are not public), able to play either side, and the bot that follows them.

A card (data/automa.toml) gives, for each kind of decision (a row: initiative, events,
shootings, ...), an ordered list of criteria from the closed vocabulary `CRITERIA`. A criterion
scores the choices it speaks about (higher is preferred) and ignores the others. The automa
goes down the row: a criterion that speaks about no legal choice is skipped; one that does keeps
only its best choices; the next criteria break the ties among them; a die settles what is still
tied. When no criterion of the row applies, the fixed fallback decides: pass (decline, stop,
end) if that is legal, else a die among the choices. The card in force is the public card the
game drew at the start of the phase (option `automa`); the bot reads only its seat's
observation, the printed components and the legal moves. `rules_text()` is the printable page
(docs/games/baler-solo.md and `partisan solo baler --rules`): the rules for players written in
RULES.md, the criteria and the cards.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from partisan.core.data import check_keys, field, load_toml, tables
from partisan.core.errors import DataError, OptionError
from partisan.core.games.baler.state import ACTIONS, COMBATS, NODES
from partisan.core.games.baler.view import KINDS

AUTOMA_FILE = Path(__file__).with_name("data") / "automa.toml"
LABEL = "Partisan automa"
SOURCE = "partisan automa"
N_CARDS = 28
WALLS = ("Destroyed", "Wrecked", "Damaged", "Intact")
SPAIN, PHILIPPINES = 0, 1
NODE_NAMES = {number: name for name, number in NODES.items()}

# The rows of a card: the decisions each governs (state.NODES names) and how a row is printed.
ROWS = {
    "initiative": (("init",), "Initiative card"),
    "events": (("ev_card", "ev_support", "ev_boost", "ev_next"), "Events"),
    "shootings": (("shoot",), "Shootings"),
    "actions": (("act",), "Action points"),
    "attacks": (("attack",), "Attacks"),
    "areas": (("area", "trench", "arty"), "Other areas"),
    "modifiers": (("surv", "mod", "tmod", "persist"), "Surveillance and modifiers"),
    "incursions": (("target", "victim", "redeploy", "redeploy_dest", "loss_pick"),
                   "Incursions and losses"),
    "manning": (("man",), "Manning"),
    "movement": (("move", "move_dest"), "Movement"),
    "fog_of_war": (("fow_keep", "fow_shared"), "Fog of War"),
    "leaders": (("leader",), "Leaders"),
    "heal": (("heal", "heal_dest"), "Heal"),
    "territory": (("tloss", "tdeploy", "tadvance"), "Territorial map"),
}


@dataclass(frozen=True)
class Criterion:
    name: str
    text: str           # as printed on the cards
    rows: tuple         # the rows it may appear in
    score: object       # (Seen, action) -> number or None (does not speak about that choice)


CRITERIA: dict[str, Criterion] = {}


def _criterion(name: str, rows: str, text: str):
    def register(fn):
        CRITERIA[name] = Criterion(name, text, tuple(rows.split()), fn)
        return fn
    return register


@dataclass(frozen=True)
class AutomaCard:
    number: int
    name: str
    rows: dict          # row -> tuple of criterion names


@dataclass(frozen=True)
class Decision:
    action: int
    card: AutomaCard | None
    row: str
    criterion: str | None   # the criterion that settled the choice (None: fallback or die)
    tied: int               # choices the die picked among (1: no die; 0: the only legal move)
    attack: str | None = None   # an Action phase attack: the Attacks row criterion that picked it
    # the last criterion that kept fewer choices, even if it dropped only "done" (which attacks
    # _decide_action allows); the reason names `criterion`, one that told the moves apart
    narrowed: str | None = None
    fits: bool = True           # some choice fits `narrowed` (a yes-or-no criterion may fit none)
    track: int | None = None    # the firepower track of the chosen move's area (+: Spain's)

    def reason(self) -> str:
        """'Partisan automa card 7 "Assault: Night raid", Shootings row: <the criterion>; a die
        picked among 3 tied choices'; an Action phase attack adds the Attacks row's criterion."""
        head = f'{LABEL} card {self.card.number} "{self.card.name}"' if self.card else LABEL
        if self.tied == 0:
            why = "its only legal move"
        elif self.criterion in ARTILLERY_READING and _is_artillery(self.action):
            why = (f"an artillery attack: {ARTILLERY_READING[self.criterion]}, so "
                   f'"{CRITERIA[self.criterion].text}" allows one in any area with a gun')
        elif self.criterion:
            why = self._told(self.criterion)
        elif self.narrowed:
            why = (f"{self._told(self.narrowed)}, alike for every choice" if self.fits
                   else f'no choice is "{CRITERIA[self.narrowed].text}"')
        else:
            why = "no priority applies, the fallback"
        then = f"; {ROWS['attacks'][1]} row: {self._told(self.attack)}" if self.attack else ""
        die = f"; a die picked among {self.tied} tied choices" if self.tied > 1 else ""
        return f"{head}, {ROWS[self.row][1]} row: {why}{then}{die}"

    def _told(self, name: str) -> str:
        """A criterion's text; one that reads the firepower track adds the value it read, which
        the board does not show (it shows the firepower a combat would have now)."""
        text = CRITERIA[name].text
        if name in READS_TRACK and self.track is not None:
            return f"{text} (firepower track as last set: {self.track:+d})"
        return text

    def text(self, state) -> str:
        """The reason and the move it chose (before the move is played)."""
        return f"{self.reason()} -> {state.action_to_string(self.action)}"


# ---------------------------------------------------------------- the deck
def load_cards(path: Path = AUTOMA_FILE) -> tuple[AutomaCard, ...]:
    """The deck of an automa file, checked (parse_cards)."""
    return parse_cards(load_toml(path), str(path))


def parse_cards(doc: dict, where: str) -> tuple[AutomaCard, ...]:
    """The 28 cards, checked: numbers 1-28 in order, known rows, criteria allowed in their row,
    every card tagged with the automa's source."""
    check_keys(doc, ("title", "source", "card"), where)
    if field(doc, "source", str, where) != SOURCE or field(doc, "title", str, where) != LABEL:
        raise DataError(f"{where}: the file's title must be {LABEL!r} and its source {SOURCE!r}")
    entries = tables(doc, "card", where)
    if len(entries) != N_CARDS:
        raise DataError(f"{where}: the automa has {N_CARDS} cards, not {len(entries)}")
    cards = []
    for i, entry in enumerate(entries):
        here = f"{where}: card {i + 1}"
        check_keys(entry, ("number", "name", "source", *ROWS), here)
        if field(entry, "number", int, here) != i + 1:
            raise DataError(f"{here}: cards are numbered 1 to {N_CARDS} in order")
        if field(entry, "source", str, here) != SOURCE:
            raise DataError(f"{here}: source must be {SOURCE!r}")
        rows = {}
        for row in ROWS:
            names = tuple(field(entry, row, list, here)) if row in entry else ()
            for name in names:
                if not isinstance(name, str) or name not in CRITERIA:
                    raise DataError(f"{here}, {row}: unknown criterion {name!r}")
                if row not in CRITERIA[name].rows:
                    raise DataError(f"{here}, {row}: criterion {name!r} belongs to "
                                    f"{', '.join(CRITERIA[name].rows)}")
            rows[row] = names
        cards.append(AutomaCard(i + 1, field(entry, "name", str, here), rows))
    return tuple(cards)


# ---------------------------------------------------------------- what the seat sees
class Seen:
    """One decision as the automa's seat sees it: its observation, the printed components,
    the node and what each legal action means."""

    def __init__(self, state, seat: int):
        self.seat, self.enemy = seat, 1 - seat
        self.obs = state.observation(seat)
        self.deck = state.game.data.automa       # the automa.toml of the game's data folder
        self.parts = state.parts_view()
        self.board = self.parts.board
        self.units = self.board.counters.counters
        self.cards = self.parts.deck.cards
        self.node = NODE_NAMES.get(self.obs["node"])
        self.actions = ACTIONS
        self.areas = self.obs["board"]["areas"]
        self.sign = 1 if seat == SPAIN else -1
        self._post = self.board.kind("guard_post")

    def locate(self, a: int) -> tuple[str, int]:
        return self.actions.locate(a)

    # areas
    def walls(self, area: int) -> int:
        return WALLS.index(self.areas[area]["walls"])

    def firepower(self, area: int) -> int:
        """Firepower in the seat's favour (negative: the enemy's)."""
        return self.sign * self.areas[area]["firepower"]

    def strength(self, area: int, side: int) -> int:
        posts = self.areas[area]["posts"][side]
        cf = sum(p["unit"]["combat"] for p in posts if p["unit"])
        gun = self.areas[area]["artillery"]
        return cf + (gun["combat"] if gun and side == PHILIPPINES else 0)

    def manned(self, area: int, side: int) -> int:
        return sum(1 for p in self.areas[area]["posts"][side] if p["unit"])

    def leader_in(self, area: int, side: int) -> bool:
        return any(p["unit"] and p["unit"]["type"] == "leader" for p in self.areas[area]["posts"][side])

    # choices
    def area_of(self, a: int) -> list[int]:
        """The areas an action names: an area, an attack's area, a trench's area, or the
        areas of a guard post (the Bell Tower is in all four)."""
        name, i = self.locate(a)
        if name == "area":
            return [i]
        if name == "attack":
            return [i % 4]
        if name == "trench":
            return [i // 2]
        if name == "space" and self.board.spaces[i].kind == self._post:
            return [area for area, _ in self.board.spaces[i].areas]
        return []

    def card_of(self, a: int):
        name, i = self.locate(a)
        return self.cards[i] if name == "card" else None

    def unit_of(self, a: int):
        name, i = self.locate(a)
        return self.units[i] if name == "unit" else None

    def unit_space(self, a: int):
        """The space where the unit an action names stands."""
        return self.board.spaces[self.obs["units"][self.locate(a)[1]]]

    def act_of(self, a: int) -> int | None:
        name, i = self.locate(a)
        return i if name == "act" else None

    def modifier_of(self, a: int):
        """(source, op, value) of a modifier action: op 0 = +1, 1 = re-roll."""
        name, i = self.locate(a)
        return (i // 12, (i // 6) % 2, i % 6 + 1) if name == "modifier" else None

    def is_done(self, a: int) -> bool:
        return self.locate(a)[0] == "done"

    def is_yes(self, a: int) -> bool:
        return self.locate(a)[0] == "yes"


AREA_SCORES: dict = {}      # area criteria by name: (Seen, area) -> score


def _area_score(name: str, fn):
    """A criterion over areas: the best of the areas the choice names."""
    AREA_SCORES[name] = fn

    def score(seen: Seen, a: int):
        areas = seen.area_of(a)
        return max(fn(seen, area) for area in areas) if areas else None
    return score


# ---------------------------------------------------------------- the vocabulary
# Areas: shootings, attacks, other areas (surveillance, repair, Takeover, trenches, artillery),
# and the areas of guard posts when manning or moving.
_AREA_ROWS = "shootings attacks areas manning movement incursions"
for _name, _text, _fn in (
    ("walls_weakest", "the area with the weakest walls", lambda s, x: -s.walls(x)),
    ("firepower_own", "the area where its firepower is highest", lambda s, x: s.firepower(x)),
    ("firepower_enemy", "the area where the enemy's firepower is highest", lambda s, x: -s.firepower(x)),
    ("enemy_strongest", "the area with the most enemy combat strength",
     lambda s, x: s.strength(x, s.enemy)),
    ("enemy_most_units", "the area with the most enemy units", lambda s, x: s.manned(x, s.enemy)),
    ("own_weakest", "the area where it has the least combat strength", lambda s, x: -s.strength(x, s.seat)),
    ("own_strongest", "the area where it has the most combat strength", lambda s, x: s.strength(x, s.seat)),
    ("enemy_leader", "an area with an enemy leader on a guard post",
     lambda s, x: bool(s.leader_in(x, s.enemy))),
    ("artillery_here", "an area with a Filipino artillery piece",
     lambda s, x: bool(s.areas[x]["artillery"] is not None)),
    ("trench_open", "an area with a trench space empty or sabotaged",
     lambda s, x: sum(t != "built" for t in s.areas[x]["trenches"])),
    ("both_manned", "an area where both sides man a guard post (a shooting there has an effect)",
     lambda s, x: bool(s.manned(x, 0) > 0 and s.manned(x, 1) > 0)),
):
    _criterion(_name, _AREA_ROWS, _text)(_area_score(_name, _fn))


def _card_score(fn):
    def score(seen: Seen, a: int):
        card = seen.card_of(a)
        return None if card is None or seen.node == "ev_support" else fn(seen, card)
    return score


def _kinds(card, part: str = "main") -> set[str]:
    return {e.kind for e in getattr(card, part)}


_BUILDING = {"repair", "trench", "heal", "expand_infirmary", "morale", "supply", "supply_roll",
             "man_posts", "persistence", "place_artillery", "surveillance"}
for _name, _text, _fn in (
    ("own_fog_first", "its own Fog of War card first (its event must be resolved)",
     lambda s, c: bool(c.type == "fog_of_war")),
    ("initiative_high", "the card with the highest initiative", lambda s, c: c.initiative),
    ("initiative_low", "the card with the lowest initiative", lambda s, c: -c.initiative),
    ("ap_low", "the card with the fewest action points", lambda s, c: -c.ap),
    ("attack_event", "a card whose main event attacks", lambda s, c: bool("attack" in _kinds(c))),
    ("building_event", "a card whose main event repairs, builds, heals, mans or raises a track",
     lambda s, c: bool(_kinds(c) & _BUILDING)),
):
    _criterion(_name, "initiative events", _text)(_card_score(_fn))


@_criterion("support_boost", "events", "support only with a card that boosts its events (the most "
                                      "boosts, then the fewest action points)")
def _support_boost(seen: Seen, a: int):
    if seen.node != "ev_support":
        return None
    card = seen.card_of(a)
    if card is None:
        return None
    events = [seen.cards[c] for c in seen.obs["events"][:2] if c is not None and c >= 0]
    icons = set(card.icons)
    boosts = sum(1 for e in events if e.type != "fog_of_war" and e.requires and e.secondary
                 and (e.requires in icons or seen.parts.deck.wildcard in icons))
    return boosts - card.ap / 10 if boosts else None


@_criterion("resolve_in_order", "events", "resolve every event: card 1 then card 2, main event first "
                                          "(a support card boosts card 1's secondary event if it can)")
def _resolve_in_order(seen: Seen, a: int):
    name, i = seen.locate(a)
    return -i if name == "event" else None


@_criterion("resolve_attacks_first", "events", "resolve the events that attack first")
def _resolve_attacks_first(seen: Seen, a: int):
    name, i = seen.locate(a)
    if name != "event":
        return None
    card = seen.cards[seen.obs["events"][i // 2]]
    return bool("attack" in _kinds(card, "secondary" if i % 2 else "main"))


# attacks: the kind of attack (events' attacks and the Action phase's)
def _attack_kind(kind: int):
    def score(seen: Seen, a: int):
        name, i = seen.locate(a)
        return bool(i // 4 + 1 == kind) if name == "attack" else None
    return score


_criterion("kind_shooting", "attacks", "a shooting")(_attack_kind(1))
_criterion("kind_artillery", "attacks", "an artillery attack")(_attack_kind(3))


@_criterion("incursion_strong", "attacks", "an incursion where its firepower is 2 or more")
def _incursion_strong(seen: Seen, a: int):
    name, i = seen.locate(a)
    if name != "attack":
        return None
    return bool(i // 4 + 1 == 2 and seen.firepower(i % 4) >= 2)


@_criterion("marked_battery", "attacks", "the marked battery's area (the artillery piece on its "
                                         "solo side)")
def _marked_battery(seen: Seen, a: int):
    areas = seen.area_of(a)
    mark = marked_battery(seen)
    return None if mark is None or not areas else bool(mark in areas)


# the Action phase: what to spend action points on
def _act(code: int, when=lambda s: True):
    def score(seen: Seen, a: int):
        return 1 if seen.act_of(a) == code and when(seen) else None
    return score


def _wounded(seen: Seen) -> int:
    return sum(1 for b in seen.obs["board"]["beds"] if b)


def _is_artillery(a: int) -> bool:
    name, i = ACTIONS.locate(a)
    return name == "attack" and KINDS[i // 4] == "artillery"


def _attack_action(minimum: int):
    def score(seen: Seen, a: int):
        name, i = seen.locate(a)
        if name != "attack":
            return None
        if _is_artillery(a):            # artillery needs no firepower
            return 1
        return 1 if seen.firepower(i % 4) >= minimum and seen.manned(i % 4, seen.enemy) else None
    return score


_criterion("act_attack_advantage", "actions", "attack where its firepower is its own")(_attack_action(1))
_criterion("act_attack", "actions", "attack where the enemy mans a post")(_attack_action(-3))
# The criteria that read an area's firepower track: their reason says the value read.
READS_TRACK = {"firepower_own", "firepower_enemy", "incursion_strong", "act_attack_advantage"}
# Why the attack criteria allow every artillery attack, for the reason of one: "Firepower and
# surveillance markers are not used in the artillery attack." (l.862), which needs no Spanish
# unit in the area (its defender then rolls no dice).
ARTILLERY_READING = {"act_attack_advantage": "it uses no firepower",
                     "act_attack": "it needs no enemy on a post"}
_criterion("act_repair", "actions", "repair")(_act(13))
_criterion("act_heal", "actions", "heal, when two or more lie in the infirmary")(
    _act(3, lambda s: _wounded(s) >= 2))
_criterion("act_expand", "actions", "expand the infirmary, when every open bed is taken")(
    _act(2, lambda s: _wounded(s) >= s.obs["beds_open"]))
_criterion("act_morale", "actions", "morale +2, when its morale is 4 or less")(
    _act(5, lambda s: s.obs["morale"][s.seat] <= 4))
_criterion("act_supply", "actions", "supply, when its supply is 5 or less")(
    _act(1, lambda s: s.obs["supply"][s.seat] <= 5))
_criterion("act_surveillance", "actions", "surveillance")(_act(12))
_criterion("act_trench", "actions", "build a trench section")(_act(14))
_criterion("act_persistence", "actions", "Persistence")(_act(6))
_criterion("act_yorktown", "actions", "USS Yorktown")(_act(4))
_criterion("act_move", "actions", "movement")(_act(0))


# surveillance and modifiers
@_criterion("surveil_always", "modifiers", "activate its surveillance marker")
def _surveil_always(seen: Seen, a: int):
    return (1 if seen.is_yes(a) else None) if seen.node == "surv" else None


@_criterion("surveil_behind", "modifiers", "activate its surveillance marker when the firepower "
                                           "is not its own")
def _surveil_behind(seen: Seen, a: int):
    if seen.node != "surv":
        return None
    own = seen.firepower(seen.obs["combat"]["area"]) > 0
    return bool(seen.is_yes(a) != own)


def _gain(seen: Seen, op: int, value: int) -> float | None:
    """What a +1 (op 0) or a re-roll (op 1) on a die of `value` is worth: turning a miss into a
    success first, a wound into a kill next, then re-rolling the lowest miss."""
    if seen.node in ("tmod", "persist"):
        hit = 5 if seen.node == "tmod" else 4
    else:
        hit = 4 if seen.obs["combat"]["kind"] == COMBATS["artillery"] else 5
    if op == 0:
        if value < hit <= value + 1:
            return 3.0
        shooting = seen.node == "mod" and seen.obs["combat"]["kind"] == COMBATS["shooting"]
        return 2.0 if value == 5 and shooting else None
    return 1 + (hit - value) / 10 if value < hit else None


def _modifier(free: bool, morale_at_least: int = 0):
    def score(seen: Seen, a: int):
        if seen.node == "tmod":
            name, i = seen.locate(a)
            if name != "modifier" or free or seen.obs["morale"][seen.seat] < morale_at_least:
                return None
            return _gain(seen, (i // 6) % 2, i % 6 + 1)
        mod = seen.modifier_of(a)
        if mod is None:
            return None
        source, op, value = mod
        if (source == 0) == free:       # source 0: morale, paid for
            return None
        if source == 0 and seen.obs["morale"][seen.seat] < morale_at_least:
            return None
        return _gain(seen, op, value)
    return score


_criterion("mod_free", "modifiers", "free modifiers (leader, command, card, Persistence) on the "
                                    "die they help most")(_modifier(True))
_criterion("mod_morale", "modifiers", "spend morale on the die it helps most, when its morale is 4 "
                                      "or more")(_modifier(False, 4))


# incursions
@_criterion("target_artillery", "incursions", "eliminate the artillery piece")
def _target_artillery(seen: Seen, a: int):
    name, i = seen.locate(a)
    return bool(i == 2) if name == "target" else None


@_criterion("target_trench", "incursions", "sabotage a trench")
def _target_trench(seen: Seen, a: int):
    name, i = seen.locate(a)
    return bool(i < 2) if name == "target" else None


def _unit_score(fn):
    def score(seen: Seen, a: int):
        unit = seen.unit_of(a)
        if unit is None or seen.node not in ("victim", "tloss", "loss_pick"):
            return None
        return fn(seen, unit)
    return score


_criterion("loss_weakest", "incursions territory", "lose the unit with the lowest combat factor")(
    _unit_score(lambda s, u: -u.factors[0]))
_criterion("loss_soldier", "incursions territory", "lose a soldier before a leader")(
    _unit_score(lambda s, u: bool(s.board.counters.types[u.type] != "leader")))


# manning and movement: posts
def _post_score(fn):
    def score(seen: Seen, a: int):
        name, i = seen.locate(a)
        if name != "space" or seen.board.spaces[i].kind != seen._post:
            return None
        return fn(seen, seen.board.spaces[i])
    return score


_criterion("post_shared", "manning movement", "the post shared by the most areas (the Bell Tower "
                                              "is in all four)")(_post_score(lambda s, sp: len(sp.areas)))


@_criterion("move_bag", "movement", "draw a soldier from the bag")
def _move_bag(seen: Seen, a: int):
    return 1 if seen.node == "move" and seen.act_of(a) == 7 else None


@_criterion("move_reserve", "movement", "the strongest unit of the detachment or barracks to a post")
def _move_reserve(seen: Seen, a: int):
    unit = seen.unit_of(a)
    if seen.node != "move" or unit is None:
        return None
    return unit.factors[0] if seen.unit_space(a).kind != seen._post else None


@_criterion("move_command", "movement", "a leader to a command post")
def _move_command(seen: Seen, a: int):
    name, i = seen.locate(a)
    if seen.node == "move_dest" and name == "space":
        return 1 if seen.board.spaces[i].name.find("_command_") >= 0 else None
    unit = seen.unit_of(a)
    if seen.node != "move" or unit is None or seen.board.counters.types[unit.type] != "leader":
        return None
    c = seen.locate(a)[1]
    return 1 if seen.obs["units"][c] == seen.board.home[c] else None


@_criterion("move_deploy", "movement territory", "deploy on the territorial map (the strongest first)")
def _move_deploy(seen: Seen, a: int):
    if seen.node == "move":
        return 1 if seen.act_of(a) == 8 else None
    if seen.node == "tdeploy":
        unit = seen.unit_of(a)
        return unit.factors[0] if unit is not None else (1 if seen.act_of(a) == 7 else None)
    return None


@_criterion("move_advance", "movement territory", "advance on the territorial map, when its stack is "
                                                  "stronger than the foreign power")
def _move_advance(seen: Seen, a: int):
    stack = [c for c, where in enumerate(seen.obs["units"])
             if seen.obs["territorial"] and where == _territory(seen, seen.obs["territorial"])]
    _, strength, us = seen.obs["foreign_power"]
    stronger = sum(seen.units[c].factors[0] for c in stack) > (strength if us else 3)
    if seen.node == "move":
        return 1 if seen.act_of(a) == 9 and stronger else None
    if seen.node == "tadvance":
        name, i = seen.locate(a)
        return seen.board.spaces[i].number if name == "space" and stronger else None
    return None


def _territory(seen: Seen, number: int) -> int:
    return seen.board.space(f"territory_{number}")   # the map's names (components.pyx)


# Fog of War, leaders, heal
@_criterion("fow_keep", "fog_of_war", "keep the card (1 morale), when its morale is 4 or more")
def _fow_keep(seen: Seen, a: int):
    if seen.node != "fow_keep":
        return None
    return bool(seen.is_yes(a)) if seen.obs["morale"][seen.seat] >= 4 else None


@_criterion("fow_give", "fog_of_war", "give the card to the enemy and take a shared card")
def _fow_give(seen: Seen, a: int):
    return bool(seen.is_done(a)) if seen.node == "fow_keep" else None


def _shared(value, top: int):
    """A face-up shared card (A or B) by `value`, the unknown top of the deck as `top`."""
    def score(seen: Seen, a: int):
        name, i = seen.locate(a)
        if name != "shared":
            return None
        return top if i == 2 else value(seen.cards[seen.obs["shared_up"][i]])
    return score


_criterion("shared_most_ap", "fog_of_war", "the face-up shared card with the most action points "
                                           "(the deck's top counts as 2)")(_shared(lambda c: c.ap, 2))
_criterion("shared_initiative", "fog_of_war", "the face-up shared card with the highest initiative "
                                              "(the deck's top counts as 5)")(_shared(lambda c: c.initiative, 5))


_criterion("leader_activate", "leaders", "activate the leader")(
    lambda seen, a: bool(seen.is_yes(a)) if seen.node == "leader" else None)
_criterion("leader_reserve", "leaders", "keep the leader in reserve")(
    lambda seen, a: bool(seen.is_done(a)) if seen.node == "leader" else None)


@_criterion("heal_two", "heal", "heal the two lowest beds")
def _heal_two(seen: Seen, a: int):
    return bool(seen.act_of(a) == 10) if seen.node == "heal" else None


def _bed_score(fn):
    def score(seen: Seen, a: int):
        name, i = seen.locate(a)
        if seen.node != "heal" or name != "bed":
            return None
        c = seen.obs["board"]["beds"][i]
        return fn(c, i) if c else None
    return score


_criterion("heal_leader", "heal", "heal a leader")(_bed_score(lambda u, bed: bool(u["type"] == "leader")))
_criterion("heal_lowest", "heal", "heal the lowest bed (the next to die)")(_bed_score(lambda u, bed: -bed))
_criterion("heal_strongest", "heal", "heal the unit with the highest combat factor")(
    _bed_score(lambda u, bed: u["combat"]))


# ---------------------------------------------------------------- the artillery's solo side
def marked_battery(seen: Seen) -> int | None:
    """The area of the battery on its solo side: the automa playing the Philippines marks, among
    the areas holding an artillery piece, the one its card's `areas` row picks (ties: the lowest
    area); none when it plays Spain or has no gun on the map."""
    if seen.seat != PHILIPPINES:
        return None
    areas = [x for x in range(4) if seen.areas[x]["artillery"] is not None]
    card = current_card(seen)
    for name in (card.rows["areas"] if card else ()):
        if len(areas) > 1:
            scores = {x: AREA_SCORES[name](seen, x) for x in areas}
            areas = [x for x in areas if scores[x] == max(scores.values())]
    return areas[0] if areas else None


def current_card(seen: Seen) -> AutomaCard | None:
    k = seen.obs.get("automa_card")
    return seen.deck[k - 1] if k else None


# ---------------------------------------------------------------- deciding
def row_of(node: str | None) -> str:
    for row, (nodes, _) in ROWS.items():
        if node in nodes:
            return row
    raise OptionError(f"the automa has no row for the decision {node!r}")


def decide(state, seat: int, rng: random.Random, card: AutomaCard | None = None) -> Decision:
    """The automa's move for `seat` at a decision of `state`, with the criterion that settled it;
    `card` is the card in force (default: the one the game drew)."""
    seen = Seen(state, seat)
    legal = state.legal_actions()
    card = card or current_card(seen)
    row = row_of(seen.node)
    if seen.node == "act":
        return _decide_action(seen, legal, card, rng)
    return _choose(seen, legal, card, row, rng)


def _choose(seen: Seen, legal: list[int], card: AutomaCard | None, row: str, rng) -> Decision:
    """Down the row: each criterion that speaks about a choice keeps its best choices; the
    last one that narrowed them is the reason, unless it dropped only "done" and left a tie
    (it acted rather than pass, but chose no move: "..., alike for every choice"); a die
    settles the ties; none applying, the fallback passes if it may."""
    if len(legal) == 1:
        return Decision(legal[0], card, row, None, 0)
    candidates, settled, told, applied, fits = list(legal), None, None, False, True
    for name in (card.rows.get(row, ()) if card else ()):
        if len(candidates) == 1:
            break
        scores = {a: CRITERIA[name].score(seen, a) for a in candidates}
        spoken = [a for a in candidates if scores[a] is not None]
        if not spoken:
            continue
        applied = True
        best = max(scores[a] for a in spoken)
        kept = [a for a in spoken if scores[a] == best]
        if len(kept) < len(candidates):
            settled, fits = name, best is not False
        if any(a not in kept and not seen.is_done(a) for a in candidates):
            told = name
        candidates = kept
    if not applied:
        done = [a for a in legal if seen.is_done(a)]
        if done:
            return Decision(done[0], card, row, None, 1)
    pick = candidates[rng.randrange(len(candidates))] if len(candidates) > 1 else candidates[0]
    return Decision(pick, card, row, told or (settled if len(candidates) == 1 else None), len(candidates),
                    narrowed=settled, fits=fits, track=_track(seen, pick))


def _track(seen: Seen, a: int) -> int | None:
    """The firepower track (+: Spain's) of the one area an action names."""
    areas = seen.area_of(a)
    return seen.areas[areas[0]]["firepower"] if len(areas) == 1 else None


def _decide_action(seen: Seen, legal: list[int], card, rng) -> Decision:
    """Action points: the actions row picks what to do; an attack is then chosen by the
    attacks row among the legal attacks the deciding criterion allows."""
    first = _choose(seen, legal, card, "actions", rng)
    if seen.locate(first.action)[0] != "attack" or first.narrowed is None:
        return first
    allowed = [a for a in legal if seen.locate(a)[0] == "attack"
               and CRITERIA[first.narrowed].score(seen, a) is not None]
    second = _choose(seen, allowed, card, "attacks", rng)
    return Decision(second.action, card, "actions", first.narrowed, max(second.tied, 1), second.criterion,
                    first.narrowed, track=second.track)


class AutomaBot:
    """The automa as a bot (`make_bot("automa", game="baler")`): the card in force decides.
    The game must be created with the option automa=true, which draws the cards."""

    sides = ("spain", "philippines")        # the seats, as `partisan solo --side` names them
    side_lines = (                          # what each side does (l.292-l.307), as `solo` asks
        "Spain: the garrison besieged in the church; shoot, keep its walls standing",
        "the Philippines: the besiegers; breach walls, dig trenches, expel the US")
    required_options = {"automa": True}     # its cards are drawn by the game (ai.bots.check_fits)

    def __init__(self, seed: int = 0):
        self.name = "automa"
        self._rng = random.Random(seed)
        self.last: Decision | None = None

    def decide(self, state) -> Decision:
        if not state.game.options.get("automa", False):
            raise OptionError("the automa plays only a game created with its deck: "
                              "baler with the option automa=true")
        seat = state.current_player()
        if seat < 0:
            raise OptionError("the automa chooses only when a seat is to move")
        self.last = decide(state, seat, self._rng)
        return self.last

    def choose(self, state) -> int:
        return self.decide(state).action

    def reason(self, state) -> str:
        """What `partisan play` and `partisan solo` show beside the automa's move."""
        return self.decide(state).reason()

    rules = staticmethod(lambda: rules_text())      # the printable page (`partisan solo --rules`)

    def explain(self, state) -> list:
        from partisan.ai.bots import ActionStat
        return [ActionStat(self.choose(state), 1, 0.0)]

    def rank(self, stats: list) -> list:
        return list(stats)

    def __repr__(self) -> str:
        return self.name


# ---------------------------------------------------------------- the printable page
RULES_FILE = Path(__file__).with_name("RULES.md")
SOLO_SECTION = f"## Solo play against the {LABEL}"
ENGINE_NOTES = ("<!-- engine -->", "<!-- /engine -->")     # maintainers' notes, not printed


def rules_head(path: Path = RULES_FILE) -> str:
    """The page's title and the solo rules as RULES.md writes them for players (its section
    on the automa, without the maintainers' notes, its subsections as the page's sections)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if SOLO_SECTION not in lines:
        raise DataError(f"{path}: no section {SOLO_SECTION!r}")
    body, engine = [], False
    for line in lines[lines.index(SOLO_SECTION) + 1:]:
        if line.startswith("## "):
            break
        if line.strip() in ENGINE_NOTES:
            engine = line.strip() == ENGINE_NOTES[0]
        elif not engine:
            body.append(line[1:] if line.startswith("### ") else line)
    text = "\n".join(body).strip()
    return f"# Heroes of Baler: solo play against the {LABEL}\n\n{text}\n"


def rules_text(cards: tuple[AutomaCard, ...] | None = None) -> str:
    """The printable page: the rules above, the vocabulary by row, then the 28 cards."""
    cards = cards or load_cards()
    lines = [rules_head(), "## The criteria, by row", ""]
    for row, (_, title) in ROWS.items():
        lines.append(f"**{title}**")
        lines.extend(f"- {c.text}" for c in CRITERIA.values() if row in c.rows)
        lines.append("")
    lines += [f"## The 28 cards ({LABEL})", ""]
    for card in cards:
        lines.append(f"### {LABEL} card {card.number}: {card.name}")
        for row, (_, title) in ROWS.items():
            names = card.rows.get(row, ())
            shown = "; ".join(CRITERIA[n].text for n in names) if names else "(fallback)"
            lines.append(f"- {title}: {shown}")
        lines.append("")
    return "\n".join(lines)
