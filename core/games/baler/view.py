"""Heroes of Baler's text: action names (one text per id, distinct within each range), what a
seat sees of an action, and a seat's observation as plain data. A seat sees its own hand, its
initiative card before the reveal and the Fog of War card it drew; the rest of the table is
public (RULES.md, DESIGN.md "Hidden information")."""
from __future__ import annotations

KINDS = ("shooting", "incursion", "artillery")
ACTS = ("move", "supply", "expand the infirmary", "heal", "USS Yorktown", "morale +2",
        "persistence", "draw from the bag", "deploy on the territorial map",
        "advance on the territorial map", "heal the two lowest beds", "back to the bag",
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
        return spaces[i].name if i < len(spaces) else f"space {i}"
    if name == "bed":
        return f"bed {i + 1}"
    if name == "event":
        return f"event card {i // 2 + 1} {'secondary' if i % 2 else 'main'}"
    return ("shared card A", "shared card B", "shared deck top")[i]


def describe_action(state, a: int, viewer) -> str:
    """A hidden choice or draw reads as such to the other seat."""
    snap = state._snap()
    actor = snap["actor"]
    hidden = viewer is not None and viewer != actor
    if hidden and not state.is_chance_node() and snap["node"] == N_INIT:
        return f"{SIDES[actor]} chooses an initiative card"
    if hidden and state.is_chance_node() and snap["node"] in PRIVATE_DRAWS:
        return f"{SIDES[actor]} draws a card"
    if state.is_chance_node():
        who = "chance"
    else:
        who = "you" if viewer == actor else SIDES[actor]
    return f"{who}: {action_to_string(state, a)}"


def _cards(mask: int) -> list[int]:
    return [c for c in range(64) if (mask >> c) & 1]


def observation(state, player: int) -> dict:
    """What `player` knows: the board, tracks and piles, its own hand and secrets, the
    sizes of the other side's hand and of the decks."""
    s = state._snap()
    other = 1 - player
    return {
        "turn": s["turn"], "phase": PHASES[s["phase"]], "node": s["node"], "actor": s["actor"],
        "initiative": SIDES[s["initiative"]], "over": s["over"],
        "supply": s["supply"], "morale": s["morale"], "vp": s["vp"],
        "walls": [WALLS[w] for w in s["walls"]], "firepower": s["firepower"],
        "trenches_built": s["trench_built"], "trenches_sabotaged": s["trench_sabotaged"],
        "surveillance": s["surveillance"], "beds_open": s["beds_open"], "units": s["at"],
        "exhausted": s["exhausted"], "disabled": s["disabled"],
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
        "combat": s["combat"], "territorial_dice": s["tdice"],
        "initiative_card": s["secret"][player] if s["secret"][player] >= 0 else None,
        "other_chose": s["secret"][other] >= 0,
        "fog_of_war_drawn": s["fow_drawn"][player] if s["fow_drawn"][player] >= 0 else None,
        "other_drew": s["fow_drawn"][other] >= 0,
    }
