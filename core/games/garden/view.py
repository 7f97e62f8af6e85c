"""Garden Guerrilla's text: action names, what each seat sees of an action, observations.

Functions of the game's data and the state's struct (GardenState._table(), a dict); the search
never calls them. Seats are colours; objects are named as on the table.
"""
from __future__ import annotations

from partisan.core.games.garden.state import ACTIONS, CHANCE_IDS, OBJECTS, PHASES as PHASE_IDS, SIZES
from partisan.core.games.garden.state import WHERE as WHERE_IDS
from partisan.core.narration import by, does, whose

COLOURS = ("Red", "Blue", "Green", "Yellow")
NTYPES, NOBJ, GRID = SIZES["types"], SIZES["objects"], SIZES["grid"]
LAND_MM, LAND_ANGLES = SIZES["land_mm"], SIZES["land_angles"]
O_ANT, O_GOODIE, O_INSECT = OBJECTS["ant"], OBJECTS["goodie"], OBJECTS["insect"]
# decision ids (state.ACTIONS)
A_GRID, A_ON, A_HAT = ACTIONS.aim_grid, ACTIONS.aim_card, ACTIONS.aim_hat
A_ORIENT, A_BLAST, A_TARGET = ACTIONS.orient, ACTIONS.blast, ACTIONS.target
# chance ids (state.CHANCE_IDS)
C_LAND, C_OFF = CHANCE_IDS.landing, CHANCE_IDS.off_table
PHASES = {i: name for name, i in PHASE_IDS.items()}
PH_ELEMENT, PH_ENEMY, PH_DEAL, PH_CARD, PH_AIM, PH_ORIENT, PH_LAND, PH_BLAST, PH_TARGET, PH_END = (
    PHASE_IDS[name] for name in ("element", "enemy", "deal", "card", "aim", "orient", "land",
                                 "blast", "target", "end"))
WHERE = {i: name for name, i in WHERE_IDS.items()}


HANDS = tuple(m for m in range(1 << NTYPES) if bin(m).count("1") == 5)   # setup.pyx SUBSET order


def subset(rank: int) -> list[int]:
    """The insect types of round-1 hand number `rank`."""
    return [t for t in range(NTYPES) if HANDS[rank] >> t & 1]


def object_kind(o: int) -> tuple[str, int | None]:
    """What object o is ("toad", "ant", "goodie" or "insect") and its colour's seat."""
    if o >= O_INSECT:
        return "insect", (o - O_INSECT) // NTYPES
    return ("goodie" if o >= O_GOODIE else "ant" if o >= O_ANT else "toad"), None


def object_name(data, o: int) -> str:
    if o >= O_INSECT:
        q, t = divmod(o - O_INSECT, NTYPES)
        return f"{COLOURS[q]} {data.insects[t].name}"
    if o >= O_GOODIE:
        return f"Goodie {o - O_GOODIE + 1}"
    if o >= O_ANT:
        return f"ant {o - O_ANT + 1}"
    return f"toad {o + 1}"


def landing(outcome: int) -> tuple[int, int, float, bool] | None:
    """(x mm, y mm, angle in degrees, face down) of a landing id; None off the table."""
    if not C_LAND <= outcome < C_OFF:
        return None
    k = outcome - C_LAND
    face, k = k % 2, k // 2
    half, k = k % LAND_ANGLES, k // LAND_ANGLES
    return k // LAND_MM, k % LAND_MM, half / 2, bool(face)


def landing_id(x_mm: int, y_mm: int, degrees: float = 0.0, face_down: bool = False) -> int:
    """The chance id of a landing (data.pxd C_LAND): whole mm, half degrees."""
    half = round(degrees * 2) % LAND_ANGLES
    return C_LAND + ((x_mm * LAND_MM + y_mm) * LAND_ANGLES + half) * 2 + int(face_down)


def _landing_text(outcome: int, placed: str) -> str:
    where = landing(outcome)
    if where is None:
        return "falls off the table"
    x, y, angle, face = where
    return f"{placed} at ({x}, {y}) mm, {angle:g}°, face {'down' if face else 'up'}"


def grid_point(table: tuple[int, int], i: int) -> tuple[int, int]:
    """The aim point (mm) on a table of `table` mm of grid id i: column i // 8, row i % 8
    (turn.pyx apply_aim)."""
    w, h = table
    c, r = divmod(i, GRID)
    return ((2 * c + 1) * w + GRID) // (2 * GRID), ((2 * r + 1) * h + GRID) // (2 * GRID)


def action_text(data, phase: int, a: int, chance: bool) -> str:
    """The text of id `a` at a node of `phase` (the same id names a target or an explosion)."""
    if chance:
        if a < C_LAND:
            return f"hand {a}: " + ", ".join(data.insects[t].name for t in subset(a))
        if phase in (PH_ELEMENT, PH_ENEMY):
            return _landing_text(a, "placed")
        return _landing_text(a, "lands")
    if a < A_GRID:
        return f"play {data.insects[a].name}"
    if a < A_ON:
        x, y = grid_point(data.table, a - A_GRID)
        return f"aim at ({x}, {y}) mm"
    if a < A_HAT:
        return f"aim at {object_name(data, a - A_ON)}"
    if a < A_ORIENT:
        return f"aim at mushroom {a - A_HAT + 1}"
    if a < A_BLAST:
        return f"turned {(a - A_ORIENT) * 22.5:g}°"
    if a < A_TARGET:
        return f"explosion at {2 * (a - A_BLAST) + 1}/16 of the line"
    if phase == PH_BLAST:
        return f"explosion on {object_name(data, a - A_TARGET)}"
    return f"target {object_name(data, a - A_TARGET)}"


def placed_name(i: int, mushrooms: int, bushes: int, toads: int) -> str:
    """What set-up placement i places (setup.pyx: mushrooms, bushes, toads, then ants)."""
    if i < mushrooms:
        return f"mushroom {i + 1}"
    if i < mushrooms + bushes:
        return f"bush {i - mushrooms + 1}"
    k = i - mushrooms - bushes
    return f"toad {k + 1}" if k < toads else f"ant {k - toads + 1}"


def describe(data, phase: int, seat: int, a: int, chance: bool, viewer, placing: str = "") -> str:
    """What `viewer` sees, naming the actor ("you" for the viewer's own moves); another
    seat's round-1 hand is hidden. `placing` names what a set-up placement places."""
    if not chance:
        return by(seat, viewer, action_text(data, phase, a, chance))
    if phase == PH_DEAL:
        if viewer is not None and viewer != seat:
            return does(seat, viewer, "draw", "five cards")
        return does(seat, viewer, "draw", action_text(data, phase, a, chance))
    if phase == PH_LAND:
        return f"{whose(seat, viewer)} card {action_text(data, phase, a, chance)}"
    return f"set-up: {placing + ' ' if placing else ''}{action_text(data, phase, a, chance)}"


def _types(mask: int) -> list[int]:
    return [t for t in range(NTYPES) if mask >> t & 1]


def observation(data, d: dict, player: int, points: tuple[list[int], list[int]]) -> dict:
    """Everything on the table is public; of the hands, a seat sees its own, and of the other
    seats the cards they have not played yet and how many are in hand. Sizes (mm) and the
    explosion card of the last play are there for the pictures (cli/views/garden.py)."""
    n = d["n"]
    objects = []
    for o, ob in enumerate(d["obj"]):
        if ob["where"] == 0:
            continue
        pose = ob["pose"]
        kind, owner = object_kind(o)
        objects.append({"id": o, "name": object_name(data, o), "kind": kind, "seat": owner,
                        "insect": data.insects[(o - O_INSECT) % NTYPES].name if owner is not None else None,
                        "where": WHERE[ob["where"]],
                        "x": pose["x"] / 10, "y": pose["y"] / 10, "angle": pose["angle"] / 10,
                        "face_down": bool(ob["face_down"]), "level": ob["level"],
                        "layer": ob["layer"], "holder": ob["holder"]})
    seats = []
    for q in range(n):
        unplayed = d["hand_cards"][q] | d["deck_cards"][q]
        seat = {"colour": COLOURS[q], "hand_size": bin(d["hand_cards"][q]).count("1"),
                "unplayed": [data.insects[t].name for t in _types(unplayed)],
                "points": points[0][q], "goodies": points[1][q],
                "bounty": [object_name(data, o) for o, ob in enumerate(d["obj"]) if ob["holder"] == q]}
        if q == player:
            seat["hand"] = [data.insects[t].name for t in _types(d["hand_cards"][q])]
        seats.append(seat)
    elements = [{"kind": "mushroom" if e < d["n_mush"] else "bush",
                 "x": d["elem"][e]["x"] / 10, "y": d["elem"][e]["y"] / 10,
                 "r": d["r_mushroom"] if e < d["n_mush"] else d["r_bush"]}
                for e in range(min(d["setup_i"], d["n_mush"] + d["n_bush"]))]
    phase = d["phase"]
    playing = phase in (PH_AIM, PH_ORIENT, PH_LAND, PH_BLAST, PH_TARGET)
    blast = d["last_blast"]
    return {
        "seat": player,
        "phase": PHASES[phase],
        "round": d["round"] + 1,
        "to_move": d["seat"] if phase >= PH_CARD and phase != PH_END else None,
        "card": data.insects[d["card"]].name if playing else None,
        "aim": [d["aim"]["x"] / 10, d["aim"]["y"] / 10] if phase in (PH_ORIENT, PH_LAND) else None,
        "orientation": d["aim"]["angle"] / 10 if phase == PH_LAND else None,
        "choices": [object_name(data, o) for o in range(NOBJ) if d["choices"] >> o & 1]
        if phase == PH_TARGET else None,
        "table": [d["width"], d["height"]],
        "card_size": [d["card_w"], d["card_h"]],
        "elements": elements,
        "objects": objects,
        "seats": seats,
        "last": None if d["last_landing"] < 0 else {
            "seat": d["last_seat"], "card": data.insects[d["last_card"]].name,
            "aim": [d["last_aim"]["x"] / 10, d["last_aim"]["y"] / 10],
            "landing": landing(d["last_landing"])},
        "explosion": {"x": blast["x"] / 10, "y": blast["y"] / 10, "angle": blast["angle"] / 10,
                      "width": d["card_w"] * d["blast"], "height": d["card_h"] * d["blast"]}
        if d["blast_shown"] else None,
    }
