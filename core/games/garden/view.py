"""Garden Guerrilla's text: action names, what each seat sees of an action, observations.

Functions of the game's data and the state's struct (GardenState._table(), a dict); the search
never calls them. Seats are colours; objects are named as on the table.
"""
from __future__ import annotations

import math
import re

from partisan.core.games.garden.components import EFFECTS, PLACEMENTS, SIDES
from partisan.core.games.garden.state import ACTIONS, CHANCE_IDS, HOWS, OBJECTS, PHASES as PHASE_IDS, SIZES
from partisan.core.games.garden.state import WHERE as WHERE_IDS

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
HOW = {i: name for name, i in HOWS.items()}
EDGE_NAMES = {(0, 1): "bottom", (0, -1): "top", (1, 0): "left", (-1, 0): "right"}   # by inward normal


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


def action_text(data, phase: int, a: int, chance: bool, card: int = 0) -> str:
    """The text of id `a` at a node of `phase` (the same id names a target or an explosion);
    `card` is the insect type being played (a thrown card spins: no angle is chosen)."""
    if chance:
        if a < C_LAND:
            return "the round-1 hand " + ", ".join(data.insects[t].name for t in subset(a))
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
        if PLACEMENTS[data.insects[card].placement] == "throw":
            return "throw it spinning"
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


def who(seat: int, viewer) -> str:
    """A seat by its colour, "you" to the viewer (the game's own names for the players)."""
    return "you" if seat == viewer else COLOURS[seat]


def whose(seat: int, viewer) -> str:
    return "your" if seat == viewer else f"{COLOURS[seat]}'s"


def describe(data, phase: int, seat: int, a: int, chance: bool, viewer, placing: str = "",
             card: int = 0, state=None) -> str:
    """What `viewer` sees, naming the actor by colour ("you" for the viewer's own moves);
    another seat's round-1 hand is hidden. `placing` names what a set-up placement places,
    `card` the insect type being played; `state` tells, at a landing, where the card comes to
    rest, and at a throw, which edge it is thrown from."""
    if not chance:
        return _decision(data, phase, seat, a, viewer, card, state)
    if phase == PH_DEAL:
        if viewer is not None and viewer != seat:
            return f"{COLOURS[seat]} draws five cards"
        return f"{who(seat, viewer)} draw{'s' * (viewer is None)} " + action_text(data, phase, a, chance)
    if phase == PH_LAND:
        played = f"{whose(seat, viewer)} {data.insects[card].name}"
        if state is None:
            return f"{played} {action_text(data, phase, a, chance)}"
        return _landing_line(data, state, a, played, seat, viewer)
    return f"set-up: {placing + ' ' if placing else ''}{action_text(data, phase, a, chance)}"


def viewed_name(data, o: int, viewer) -> str:
    """An object as `viewer` reads it: "your Laserfly" for an insect of the viewer's colour."""
    kind, owner = object_kind(o)
    if kind == "insect" and owner == viewer:
        return f"your {data.insects[(o - O_INSECT) % NTYPES].name}"
    return object_name(data, o)


def _decision(data, phase: int, seat: int, a: int, viewer, card: int, state=None) -> str:
    """A seat's decision as `viewer` reads it: "Blue: aim at your Ladygun"; a throw with the
    edge it comes from (l.32: from outside the table), "Blue: throw it spinning from the top
    edge"; the choices that finish an attack in the rulebook's words (l.57, l.58), naming the
    card that makes them: "Blue picks your Laserfly as its Skorpio's target", "you centre
    your explosion card 7/16 along your Scrabblezooka's line"."""
    actor, mine = who(seat, viewer), seat == viewer
    its, insect = "your" if mine else "its", data.insects[card].name
    if A_ON <= a < A_HAT:
        return f"{actor}: aim at {viewed_name(data, a - A_ON, viewer)}"
    if A_BLAST <= a < A_TARGET:
        return (f"{actor} centre{'s' * (not mine)} {its} explosion card {2 * (a - A_BLAST) + 1}/16 along "
                f"{its} {insect}'s line")
    if a >= A_TARGET and phase == PH_BLAST:
        return (f"{actor} centre{'s' * (not mine)} {its} explosion card on {its} {insect}'s line, nearest the "
                f"centre of {viewed_name(data, a - A_TARGET, viewer)}")
    if a >= A_TARGET:
        return f"{actor} pick{'s' * (not mine)} {viewed_name(data, a - A_TARGET, viewer)} as {its} {insect}'s target"
    if A_GRID <= a < A_ON:      # one of the 64 points, numbered as on the table: not any point
        x, y = grid_point(data.table, a - A_GRID)
        return f"{actor}: aim at point {a - A_GRID + 1} ({x}, {y}) mm"
    text = action_text(data, phase, a, False, card)
    if A_ORIENT <= a < A_BLAST and PLACEMENTS[data.insects[card].placement] == "throw" and state is not None:
        text += f" from the {edge_name(state._seats()[seat])} edge"
    return f"{actor}: {text}"


def edge_name(stand: tuple) -> str:
    """The name of the table's edge a seat plays from, of its stand (x, y, nx, ny: the unit
    normal into the table, GardenState._seats)."""
    return EDGE_NAMES[round(stand[2]), round(stand[3])]


def _typed(text: str) -> str:
    """Text as typed and as read compare without case or spacing."""
    return " ".join(text.lower().split())


# An aim at a numbered point as the events write it, or shortened: "aim at point 44 (619, 263)
# mm", "aim at point 44", "point 44"; the number decides.
POINT_TYPED = re.compile(r"(?:aim at )?point (\d{1,3})\b.*")


def read_action(state, text: str) -> int | None:
    """The legal decision whose line in the events, as the seat to move reads it, is `text`
    ("aim at your Ladygun", "aim at point 20 (281, 113) mm"): a move is typed by the seat to
    move, so that an echo of its own move names it; an aim at a point also by its number alone
    ("point 20"); a move also without its verb, as the menus list it ("180°" for "turned 180°",
    "Skorpio" for "play Skorpio"); None if none does."""
    mover, wanted = state.current_player(), _typed(text)
    point = POINT_TYPED.fullmatch(wanted)
    if point and 1 <= int(point[1]) <= GRID * GRID and A_GRID + int(point[1]) - 1 in state.legal_actions():
        return A_GRID + int(point[1]) - 1
    for a in state.legal_actions():
        line = _typed(state.describe_action(a, mover).removeprefix("you: "))
        if wanted in (line, line.partition(" ")[2]):
            return a
    return None


def _landing_line(data, state, a: int, played: str, seat: int, viewer) -> str:
    """A landing as a player reads it: where the card rests, on a hat or on the table and how
    near a mushroom (what can hit it depends on it, l.62), pushed out of a bush; off the table,
    where it was aimed and what its owner's Bounty scores for it (l.36)."""
    d = state._table()
    rest = state._rest(a)
    if rest is None:            # the landing keeps no point (C_OFF): how near an edge the aim was
        x, y = d["aim"]["x"] / 10, d["aim"]["y"] / 10
        inside, edge = nearest_edge((d["width"], d["height"]), x, y)
        return (f"{played}, aimed at ({x:g}, {y:g}) mm, {inside:g} mm inside the {edge} edge, falls off the "
                f"table into {whose(seat, viewer)} Bounty: {who(seat, viewer)} {data.score['own_insect']:+d} VP "
                "(an own insect)")
    x, y, angle, face = landing(a)
    text = f"{played} lands at ({x}, {y}) mm, {angle:g}°, face {'down' if face else 'up'}"
    if (rest[0], rest[1]) != (x, y):
        bush = min(range(d["n_mush"], d["n_mush"] + d["n_bush"]),
                   key=lambda e: math.hypot(d["elem"][e]["x"] / 10 - x, d["elem"][e]["y"] / 10 - y))
        text += f", in bush {bush - d['n_mush'] + 1}, which pushes it out to ({rest[0]:g}, {rest[1]:g}) mm"
    return f"{text}, {_resting(d, rest[0], rest[1], angle, rest[2])}"


def nearest_edge(table, x: float, y: float) -> tuple[float, str]:
    """How far (mm) the point (x, y) lies inside the table's nearest edge, and that edge's name
    (where a card that fell off most likely left: the landing keeps no point)."""
    w, h = table
    return min((x, "left"), (w - x, "right"), (y, "bottom"), (h - y, "top"))


BESIDE_MM = 30      # a table card whose footprint comes this near a hat lies beside its mushroom


RESTING = {"hat": "on mushroom {m}'s hat", "under": "on the table, partly under mushroom {m}'s hat",
           "beside": "on the table beside mushroom {m}", "table": "on the table"}


def _resting(d: dict, x: float, y: float, angle: float, level: int) -> str:
    """Where a card at (x, y) mm turned `angle` rests, in words (RESTING)."""
    where, m = rest_place(d, x, y, angle, level)
    return RESTING[where].format(m=m)


def rest_place(d: dict, x: float, y: float, angle: float, level: int) -> tuple[str, int]:
    """Where a card at (x, y) mm turned `angle` rests, and by which mushroom (numbered from 1):
    on its hat ("hat", level 1 + m), else on the table, partly under a hat ("under") or
    beside a mushroom ("beside") when its footprint reaches or nears one, else ("table", 0)."""
    if level:
        return "hat", level
    gaps = [(_gap(x, y, angle, d["card_w"], d["card_h"], d["elem"][m]["x"] / 10, d["elem"][m]["y"] / 10,
                  d["r_mushroom"]), m) for m in range(d["n_mush"])]
    gap, m = min(gaps, default=(math.inf, 0))
    if gap <= 0:
        return "under", m + 1
    return ("beside", m + 1) if gap <= BESIDE_MM else ("table", 0)


def _gap(x: float, y: float, angle: float, width: float, height: float, cx: float, cy: float,
         r: float) -> float:
    """How far (mm) the footprint of a width x height card at (x, y) turned `angle` degrees
    lies from the disc of radius r at (cx, cy); 0 or less where they overlap."""
    a = math.radians(angle)
    dx, dy = cx - x, cy - y
    lx, ly = dx * math.cos(a) + dy * math.sin(a), dy * math.cos(a) - dx * math.sin(a)
    nx, ny = min(max(lx, -width / 2), width / 2), min(max(ly, -height / 2), height / 2)
    return math.hypot(lx - nx, ly - ny) - r


TOUCH_MM = 1.0      # two footprints this near touch (core/geometry.pxd TOUCH_MM)
EDGE_MIDDLES = {"right": (1, 0), "top": (0, 1), "left": (-1, 0), "bottom": (0, -1)}    # components.SIDES


def crosshair(x: float, y: float, angle: float, width: float, height: float, side: str) -> tuple[float, float]:
    """The crosshair on edge `side` of a width x height card at (x, y) mm turned `angle`
    degrees counter-clockwise: the middle of that edge, where its line starts (attack.pyx)."""
    a = math.radians(angle)
    lx, ly = (k * size / 2 for k, size in zip(EDGE_MIDDLES[side], (width, height)))
    return x + lx * math.cos(a) - ly * math.sin(a), y + lx * math.sin(a) + ly * math.cos(a)


def _at_crosshair(data, d: dict, o: int) -> bool:
    """Whether object o, caught by a line, lies at a crosshair of the card that shot it (under
    it or against it): the first card that line reaches, at no distance (RULES.md "How a card
    attacks": a card lying under the crosshair is the first one it reaches)."""
    ob = d["obj"][o]
    shooter = d["obj"][ob["by"]]["pose"]
    pose, size = ob["pose"], (d["card_w"], d["card_h"])
    sides = data.insects[(ob["by"] - O_INSECT) % NTYPES].crosshairs
    return any(_gap(pose["x"] / 10, pose["y"] / 10, pose["angle"] / 10, *size,
                    *crosshair(shooter["x"] / 10, shooter["y"] / 10, shooter["angle"] / 10, *size, SIDES[side]),
                    0.0) <= TOUCH_MM for side in sides)


def _on_hat(d: dict, level: int) -> list[int]:
    """The objects on the hat of mushroom level - 1, from the lowest up."""
    on = [o for o, ob in enumerate(d["obj"]) if ob["where"] == WHERE_IDS["table"] and ob["level"] == level]
    return sorted(on, key=lambda o: d["obj"][o]["layer"])


def _under_hat(d: dict, m: int) -> list[int]:
    """The cards on the table partly under mushroom m's hat (a hat card's attacks reach them,
    a table card's lines do not reach the hat: l.62)."""
    cx, cy = d["elem"][m]["x"] / 10, d["elem"][m]["y"] / 10
    return [o for o, ob in enumerate(d["obj"]) if ob["where"] == WHERE_IDS["table"] and ob["level"] == 0
            and _gap(ob["pose"]["x"] / 10, ob["pose"]["y"] / 10, ob["pose"]["angle"] / 10, d["card_w"],
                     d["card_h"], cx, cy, d["r_mushroom"]) <= 0]


def _types(mask: int) -> list[int]:
    return [t for t in range(NTYPES) if mask >> t & 1]


def value(data, o: int, holder: int) -> int:
    """What object o is worth in `holder`'s Bounty (l.42-l.46)."""
    kind, owner = object_kind(o)
    if kind == "insect":
        return data.score["own_insect" if owner == holder else "foreign_insect"]
    return data.score[kind]


def scatter(data, placement: int, hand: str, distance: float) -> dict:
    """How a card of `placement` type played with `hand` strays when it travels `distance` mm
    (the model core/noise.pxd samples, figures from noise.toml): the standard deviations of
    the touchdown along and across its flight, the mean skid after it, the chance to land
    face down, whether it spins or else how far it turns from the angle chosen, and whether
    the distance widens the scatter."""
    noise = data.noise
    p = noise.placements[placement]
    k = noise.hands[noise.hand(hand)].factor
    m = distance / 1000
    return {"along": k * (p.along + p.along_per_m * m), "across": k * (p.lateral + p.lateral_per_m * m),
            "slide": k * p.slide, "face_down": k * p.face_down, "spin": p.spin,
            "turn": 0.0 if p.spin else k * p.turn, "by_distance": bool(p.along_per_m or p.lateral_per_m)}


def _thrower(data, d: dict, stand: tuple, hand: str, aim, mine: bool) -> dict:
    """Where the seat to move plays from and how its cards stray: from the middle of its edge,
    the card leaving the hand noise.release mm outside it, towards the aim (else the table's
    centre, the usual distance); by placement type, of the card being played, else of the
    cards in hand (`mine`: the viewer's own; another seat's cards not yet played). Before the
    aim is chosen, also the distances to the nearest and the farthest aim point ("span") and
    how each type strays at both ("span_placements"), and for a card to throw or drop, the
    catchers it may land against, as aimed or a typical miss off, from some aims ("stray_aims")."""
    x, y, nx, ny = stand
    rx, ry = x - data.noise.release * nx, y - data.noise.release * ny
    to = aim or (d["width"] / 2, d["height"] / 2)
    distance = ((to[0] - rx) ** 2 + (to[1] - ry) ** 2) ** 0.5
    q = d["seat"]
    if d["phase"] == PH_CARD:
        cards = _types(d["hand_cards"][q] if mine else d["hand_cards"][q] | d["deck_cards"][q])
    else:
        cards = [d["card"]]
    kinds = sorted({data.insects[t].placement for t in cards})
    reach = [math.hypot(px - rx, py - ry) for px, py in (grid_point(data.table, i) for i in range(GRID * GRID))]
    span = None if aim is not None else [min(reach), max(reach)]
    placements = {PLACEMENTS[k]: scatter(data, k, hand, distance) for k in kinds}
    miss = max((max(p["along"], p["across"]) for p in placements.values()), default=0.0)
    # a placed card lands exactly as it is turned next: what each angle meets is told then
    strays = d["phase"] == PH_AIM and PLACEMENTS[data.insects[d["card"]].placement] in ("throw", "drop")
    return {"edge": edge_name(stand), "stand": [x, y], "release": [rx, ry], "hand": hand,
            "distance": distance, "to_aim": aim is not None,
            "placements": placements,
            "stray_aims": _stray_aims(data, d, (rx, ry), hand) if strays else None,
            "near": None if aim is None or not miss else
            {"miss": miss, "objects": [{"name": object_name(data, o), "seat": object_kind(o)[1]}
                                       for o in _within_miss(data, d, aim, miss)]},
            "span": span,
            "span_placements": None if span is None else
            {PLACEMENTS[k]: [scatter(data, k, hand, far) for far in span] for k in kinds}}


STRAY_RINGS, STRAY_SPOKES = (0.0, 0.5, 1.0), 16      # where a typical miss may put a card: sampled


def _stray_aims(data, d: dict, release: tuple, hand: str) -> list[dict]:
    """Before a thrown or dropped card is aimed: the catchers (_catchers, at any level) it may
    land against when it lands on an aim or misses it by a typical miss (the scatter at that
    aim's distance), each with the aims that risk it: the points by number, the named aims
    (cards, mushrooms) by name."""
    aims = [(("point", i + 1), grid_point(data.table, i)) for i in range(GRID * GRID)]
    aims += [(("name", object_name(data, o)), (ob["pose"]["x"] / 10, ob["pose"]["y"] / 10))
             for o, ob in enumerate(d["obj"]) if ob["where"] == WHERE_IDS["table"]]
    aims += [(("name", f"mushroom {m + 1}"), (d["elem"][m]["x"] / 10, d["elem"][m]["y"] / 10))
             for m in range(d["n_mush"])]
    catchers = [o for level in range(d["n_mush"] + 1) for o in _catchers(data, d, level)]
    out = {o: {"name": object_name(data, o), "seat": object_kind(o)[1], "level": d["obj"][o]["level"],
               "points": [], "names": []} for o in catchers}
    for (kind, aim), point in aims:
        for o in _reached(data, d, point, release, hand, catchers):
            out[o]["points" if kind == "point" else "names"].append(aim)
    return [risk for risk in out.values() if risk["points"] or risk["names"]]


def _reached(data, d: dict, aim: tuple, release: tuple, hand: str, catchers: list[int]) -> list[int]:
    """The catchers a card played from `release` at `aim` could land touching, whatever its
    angle, where it comes to rest on the aim or a typical miss off (core/noise.pxd: along and
    across its flight, then on the table a mean skid further on, if it skids; over a hat it
    stays, and rests on it)."""
    hx, hy = aim[0] - release[0], aim[1] - release[1]
    distance = math.hypot(hx, hy) or 1.0
    hx, hy = hx / distance, hy / distance
    miss = scatter(data, data.insects[d["card"]].placement, hand, distance)
    half = math.hypot(d["card_w"], d["card_h"]) / 2 + TOUCH_MM
    far = max(miss["along"], miss["across"]) + miss["slide"] + 2 * half
    near = [o for o in catchers if math.hypot(d["obj"][o]["pose"]["x"] / 10 - aim[0],
                                              d["obj"][o]["pose"]["y"] / 10 - aim[1]) <= far]
    if not near:
        return []
    rests = []
    for ring in STRAY_RINGS:
        for k in range(STRAY_SPOKES if ring else 1):
            a = 2 * math.pi * k / STRAY_SPOKES
            along, across = ring * miss["along"] * math.cos(a), ring * miss["across"] * math.sin(a)
            x, y = aim[0] + along * hx - across * hy, aim[1] + along * hy + across * hx
            level = _hat_at(d, x, y)
            rests.append((x, y, level))
            if not level:
                rests.append((x + miss["slide"] * hx, y + miss["slide"] * hy, 0))
    return [o for o in near if any(
        level == d["obj"][o]["level"] and 0 <= x <= d["width"] and 0 <= y <= d["height"]
        and _gap(d["obj"][o]["pose"]["x"] / 10, d["obj"][o]["pose"]["y"] / 10, d["obj"][o]["pose"]["angle"] / 10,
                 d["card_w"], d["card_h"], x, y, half) <= 0 for x, y, level in rests)]


def _hat_at(d: dict, x: float, y: float) -> int:
    """The level a card whose centre comes to rest at (x, y) mm lies at: 1 + m over mushroom
    m's hat (turn.pyx place), else 0, the table."""
    return next((m + 1 for m in range(d["n_mush"])
                 if math.hypot(x - d["elem"][m]["x"] / 10, y - d["elem"][m]["y"] / 10) <= d["r_mushroom"]), 0)


def _catchers(data, d: dict, level: int) -> list[int]:
    """What catches a card of the seat to move landing touching it at `level` (RULES.md "How
    a card attacks", step 1): a toad, an enemy face-up Grasshopper San or Rambee."""
    out = []
    for o, ob in enumerate(d["obj"]):
        kind, owner = object_kind(o)
        if ob["where"] != WHERE_IDS["table"] or ob["level"] != level:
            continue
        if kind == "toad" or (kind == "insect" and owner != d["seat"] and not ob["face_down"] and
                              EFFECTS[data.insects[(o - O_INSECT) % NTYPES].effect] in ("grasshopper", "rambee")):
            out.append(o)
    return out


def _within_miss(data, d: dict, aim, miss: float) -> list[int]:
    """The catchers (_catchers) at the level the aim rests at (a hat over it, else the table)
    that a card landing a typical `miss` mm from the aim could touch, whatever its angle:
    their footprint comes within the miss and half the card's diagonal of the aim."""
    level = _hat_at(d, *aim)
    reach = miss + math.hypot(d["card_w"], d["card_h"]) / 2 + TOUCH_MM
    return [o for o in _catchers(data, d, level)
            if _gap(d["obj"][o]["pose"]["x"] / 10, d["obj"][o]["pose"]["y"] / 10, d["obj"][o]["pose"]["angle"] / 10,
                    d["card_w"], d["card_h"], aim[0], aim[1], reach) <= 0]


def _best_blast(data, blasts: list[list[int]], seat: int) -> list[int] | None:
    """Of what each explosion point would catch, the catch worth most to `seat` (the first
    such point), Goodies left out (claimed by covering, whatever the point: l.67); None when
    no explosion follows."""
    catches = [[o for o in caught if object_kind(o)[0] != "goodie"] for caught in blasts]
    return max(catches, key=lambda c: sum(value(data, o, seat) for o in c), default=None)


def _elsewhere(blasts: list[list[int]], top: list[int] | None) -> list[int]:
    """What explosion points other than the best could catch and the best does not (Goodies
    left out, l.67): the choice of the point is the player's (l.57)."""
    if top is None:
        return []
    return sorted({o for caught in blasts for o in caught if o not in top and object_kind(o)[0] != "goodie"})


def _preview(data, items, seat: int, blast_size) -> list[dict] | None:
    """The state's preview (GardenState._preview) with names. What the attack would catch
    ("caught", "points") is kept apart from the Goodies the play would claim by covering them
    ("claimed", "claim_points"): attacks have no effect on a Goodie (l.67). Before an
    explosion, the most its points could catch ("best", "best_points"; else None) and what
    other points could catch instead ("elsewhere")."""
    if items is None:
        return None
    goodie = [[o for o in it["caught"] if object_kind(o)[0] == "goodie"] for it in items]
    best = [_best_blast(data, it["blasts"], seat) for it in items]
    return [{"card": None if it["card"] is None else dict(zip(("x", "y", "angle", "level"), it["card"])),
             "lines": [list(seg) for seg in it["lines"]],
             "blast": None if it["blast"] is None else dict(zip(("x", "y", "angle"), it["blast"]), **blast_size),
             "caught": [object_name(data, o) for o in it["caught"] if o not in claimed],
             "claimed": [object_name(data, o) for o in claimed],
             "fate": None if it["fate"] is None else
             {"how": HOW[it["fate"][0]], "by": object_name(data, it["fate"][1]) if it["fate"][1] >= 0 else None},
             "points": sum(value(data, o, seat) for o in it["caught"] if o not in claimed),
             "claim_points": sum(value(data, o, seat) for o in claimed),
             "then": it["then"], "choices": [object_name(data, o) for o in it["choices"]],
             "best": None if top is None else [object_name(data, o) for o in top],
             "best_points": None if top is None else sum(value(data, o, seat) for o in top),
             "elsewhere": [object_name(data, o) for o in _elsewhere(it["blasts"], top)]}
            for it, claimed, top in zip(items, goodie, best)]


def _breakdown(data, d: dict, q: int, mushrooms: list) -> dict:
    """Seat q's victory points by source (l.42-l.47): counts and points of each."""
    rows = {"insects caught": [0, 0], "own insects": [0, 0], "ants": [0, 0], "toads": [0, 0],
            "Goodies": [0, 0], "mushrooms": [0, 0]}
    names = {"toad": "toads", "ant": "ants", "goodie": "Goodies"}
    for o, ob in enumerate(d["obj"]):
        if ob["where"] != WHERE_IDS["bounty"] or ob["holder"] != q:
            continue
        kind, owner = object_kind(o)
        row = rows[names.get(kind) or ("own insects" if owner == q else "insects caught")]
        row[0] += 1
        row[1] += value(data, o, q)
    held = sum(c == q for c in mushrooms)
    rows["mushrooms"] = [held, held * data.score["mushroom"]]
    return rows


def _rest_of(d: dict, o: int, outcome: int) -> list[float] | None:
    """Where card o, landed by `outcome`, came to rest (mm): its landing, moved out of a bush
    (l.60); None off the table."""
    if landing(outcome) is None:
        return None
    pose = d["obj"][o]["pose"]
    return [pose["x"] / 10, pose["y"] / 10]


def _rest_place_of(d: dict, o: int, outcome: int) -> list | None:
    """Where card o, landed by `outcome`, came to rest (rest_place), caught as it landed or
    not; None off the table."""
    if landing(outcome) is None:
        return None
    ob = d["obj"][o]
    return list(rest_place(d, ob["pose"]["x"] / 10, ob["pose"]["y"] / 10, ob["pose"]["angle"] / 10, ob["level"]))


def _past_first_screen(d: dict, player: int) -> bool:
    """Whether `player`, playing a card, has already seen the first screen of his play: its
    card choice, or its aim when that card was the last in his hand (played for him). The
    explosions since his last play are drawn on that screen and no later: they are resolved."""
    if d["seat"] != player or d["phase"] not in (PH_AIM, PH_ORIENT, PH_LAND, PH_BLAST, PH_TARGET):
        return False
    return d["phase"] != PH_AIM or d["hand_cards"][player] != 0


def observation(data, d: dict, player: int, table: dict) -> dict:
    """Everything on the table is public; of the hands, a seat sees its own, and of the other
    seats the cards they have not played yet and how many are in hand. Sizes (mm), what each
    caught object was caught by and why, the explosion cards and the lines (as the state kept
    them when they were shot) not yet seen by `player`, where the seat to move plays from and
    what its choices of orientation or explosion point would do are there for the pictures
    (cli/views/garden.py). `table` holds what the state works out: points, mushrooms, stands,
    preview, hands, returns (GardenState._observation)."""
    n = d["n"]
    points, mushrooms = table["points"], table["mushrooms"]
    objects = []
    for o, ob in enumerate(d["obj"]):
        if ob["where"] == 0:
            continue
        pose = ob["pose"]
        kind, owner = object_kind(o)
        caught = ob["where"] == WHERE_IDS["bounty"]
        objects.append({"id": o, "name": object_name(data, o), "kind": kind, "seat": owner,
                        "insect": data.insects[(o - O_INSECT) % NTYPES].name if owner is not None else None,
                        "where": WHERE[ob["where"]],
                        "x": pose["x"] / 10, "y": pose["y"] / 10, "angle": pose["angle"] / 10,
                        "face_down": bool(ob["face_down"]), "level": ob["level"],
                        "layer": ob["layer"], "holder": ob["holder"],
                        "by": object_name(data, ob["by"]) if caught and ob["by"] >= 0 else None,
                        "by_seat": object_kind(ob["by"])[1] if caught and ob["by"] >= 0 else None,
                        "how": HOW[ob["how"]] if caught else None,
                        "at_crosshair": caught and HOW[ob["how"]] == "line" and _at_crosshair(data, d, o),
                        "value": value(data, o, ob["holder"]) if caught else None})
    seats = []
    for q in range(n):
        unplayed = d["hand_cards"][q] | d["deck_cards"][q]
        seat = {"colour": COLOURS[q], "hand_size": bin(d["hand_cards"][q]).count("1"),
                "unplayed": [data.insects[t].name for t in _types(unplayed)],
                "points": points[0][q], "goodies": points[1][q],
                "bounty": [object_name(data, o) for o, ob in enumerate(d["obj"]) if ob["holder"] == q],
                "breakdown": _breakdown(data, d, q, mushrooms)}
        if q == player:
            seat["hand"] = [data.insects[t].name for t in _types(d["hand_cards"][q])]
        seats.append(seat)
    elements = [{"kind": "mushroom" if e < d["n_mush"] else "bush",
                 "x": d["elem"][e]["x"] / 10, "y": d["elem"][e]["y"] / 10,
                 "r": d["r_mushroom"] if e < d["n_mush"] else d["r_bush"],
                 "controller": mushrooms[e] if e < d["n_mush"] else None,
                 "value": data.score["mushroom"] if e < d["n_mush"] else None,
                 "on": _on_hat(d, e + 1) if e < d["n_mush"] else None,
                 "under": _under_hat(d, e) if e < d["n_mush"] else None}
                for e in range(min(d["setup_i"], d["n_mush"] + d["n_bush"]))]
    phase = d["phase"]
    playing = phase in (PH_AIM, PH_ORIENT, PH_LAND, PH_BLAST, PH_TARGET)
    mover = d["seat"] if phase >= PH_CARD and phase != PH_END else None
    aim = [d["aim"]["x"] / 10, d["aim"]["y"] / 10] if phase in (PH_ORIENT, PH_LAND) else None
    blast_size = {"width": d["card_w"] * d["blast"], "height": d["card_h"] * d["blast"]}
    seen_from = -1 if _past_first_screen(d, player) else max(d["played"][player], 0)
    returns = table["returns"]
    return {
        "seat": player,
        "phase": PHASES[phase],
        "round": d["round"] + 1,
        "to_move": mover,
        "card": data.insects[d["card"]].name if playing else None,
        "aim": aim,
        "orientation": d["aim"]["angle"] / 10 if phase == PH_LAND else None,
        "choices": [object_name(data, o) for o in range(NOBJ) if d["choices"] >> o & 1]
        if phase == PH_TARGET else None,
        "table": [d["width"], d["height"]],
        "card_size": [d["card_w"], d["card_h"]],
        "elements": elements,
        "objects": objects,
        "seats": seats,
        "edges": [edge_name(stand) for stand in table["stands"]],
        "last": None if d["last_landing"] < 0 else {
            "seat": d["last_seat"], "card": data.insects[d["last_card"]].name,
            "object": O_INSECT + d["last_seat"] * NTYPES + d["last_card"],
            "aim": [d["last_aim"]["x"] / 10, d["last_aim"]["y"] / 10],
            "landing": landing(d["last_landing"]),
            "rest": _rest_of(d, O_INSECT + d["last_seat"] * NTYPES + d["last_card"], d["last_landing"]),
            "resting": _rest_place_of(d, O_INSECT + d["last_seat"] * NTYPES + d["last_card"], d["last_landing"])},
        "shots": [{"seat": q, "object": shot["by"],
                   "lines": [[seg["x0"] / 10, seg["y0"] / 10, seg["x1"] / 10, seg["y1"] / 10]
                             for seg in shot["line"][:shot["n"]]]}
                  for q, shot in enumerate(d["shot"][:n]) if shot["n"] and 0 <= seen_from <= shot["play"]],
        "explosions": [dict(seat=q, x=d["blast_at"][q]["x"] / 10, y=d["blast_at"][q]["y"] / 10,
                            angle=d["blast_at"][q]["angle"] / 10, **blast_size)
                       for q in range(n) if 0 <= seen_from <= d["blast_play"][q]],
        "thrower": None if mover is None else _thrower(data, d, table["stands"][mover], table["hands"][mover],
                                                       aim, mover == player),
        "preview": _preview(data, table["preview"], mover, blast_size) if mover is not None else None,
        "winners": None if returns is None else [q for q in range(n) if returns[q] == max(returns)],
    }
