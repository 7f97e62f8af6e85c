"""A board from TOML: areas, spaces, adjacency, stacking limits, bounded tracks, a set-up.

An area is a named group of spaces; a space may belong to several areas (a guard post shared
by two areas, a bell tower in all four). Within an area a die roll can pick a space (`faces`),
and a roll can pick an area (detachment rows). Spaces say which counters may stand on them
(side, types, role) and how many (`capacity`, 0 = no limit). Tracks have a minimum, maximum
and start. The vocabulary of sides, types and roles comes from the game's counter table, so a
board is loaded with its counters. `compile()` gives the C form (board.pxd).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from partisan.core.counters import CounterTable
from partisan.core.data import check_keys, entry_head, field, find, load_toml, source, tables, tagged
from partisan.core.errors import DataError

MAX_SPACES = 192        # board.pxd BOARD_MAX_*
MAX_AREAS = 32
MAX_MEMBERS = 384
MAX_EDGES = 512
MAX_TRACKS = 48
MAX_FACE = 15           # faces are bits of a 16-bit mask
TRACK_RANGE = (-999, 999)

_TOP = ("die", "kinds", "stacking", "area", "space", "track")
_AREA = ("name", "label", "faces", "source")
_SPACE = ("name", "label", "kind", "side", "role", "accepts", "areas", "faces", "capacity",
          "number", "adjacent", "home_of", "source")
_TRACK = ("name", "label", "min", "max", "start", "labels", "source")
_SETUP = ("place", "fill")
_PLACE = ("space", "counters", "source")
_FILL = ("space", "side", "type", "role", "source")


@dataclass(frozen=True)
class Area:
    name: str
    label: str
    faces: tuple[int, ...]
    source: str


@dataclass(frozen=True)
class Space:
    name: str
    label: str
    kind: int
    side: int                   # -1: any side
    role: int                   # -1: any role
    accepts: tuple[int, ...]    # counter types
    capacity: int               # 0: no limit
    number: int
    areas: tuple[tuple[int, tuple[int, ...]], ...]   # (area, faces that pick it there)
    adjacent: tuple[int, ...]
    sources: dict


@dataclass(frozen=True)
class Track:
    name: str
    label: str
    lo: int
    hi: int
    start: int
    labels: tuple[str, ...]     # one per value lo..hi, or empty
    sources: dict

    def clamp(self, value: int) -> int:
        return min(self.hi, max(self.lo, value))


@dataclass(frozen=True)
class Board:
    die: int
    kinds: tuple[str, ...]
    areas: tuple[Area, ...]
    spaces: tuple[Space, ...]
    tracks: tuple[Track, ...]
    home: tuple[int, ...]       # per counter: its home space, or -1
    counters: CounterTable
    where: str

    def area(self, name: str) -> int:
        return find(self.areas, name, "area", self.where)

    def space(self, name: str) -> int:
        return find(self.spaces, name, "space", self.where)

    def track(self, name: str) -> int:
        return find(self.tracks, name, "track", self.where)

    def kind(self, name: str) -> int:
        if name not in self.kinds:
            raise DataError(f"{self.where}: unknown kind {name!r} (kinds: {', '.join(self.kinds)})")
        return self.kinds.index(name)

    def spaces_of(self, area: int) -> list[int]:
        """The spaces of an area, in file order."""
        return [i for i, s in enumerate(self.spaces) if any(a == area for a, _ in s.areas)]

    def areas_of(self, space: int) -> list[int]:
        return [a for a, _ in self.spaces[space].areas]

    def of_kind(self, kind: str, side: str | None = None) -> list[int]:
        k = self.kind(kind)
        s = None if side is None else self.counters.sides.index(side)
        return [i for i, sp in enumerate(self.spaces) if sp.kind == k and (s is None or sp.side == s)]

    def can_hold(self, space: int, counter: int) -> bool:
        s, c = self.spaces[space], self.counters.counters[counter]
        return (s.side in (-1, c.side)) and (s.role in (-1, c.role)) and c.type in s.accepts

    def compile(self):
        from partisan.core.components import CompiledBoard
        return CompiledBoard(self)


def _faces(entry: dict, where: str, die: int) -> tuple[int, ...]:
    if "faces" not in entry:
        return ()
    faces = field(entry, "faces", list, where)
    if not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= die for f in faces) \
            or len(set(faces)) != len(faces):
        raise DataError(f"{where}: faces must be distinct die faces 1..{die}, not {faces!r}")
    return tuple(faces)


def _vocab(names: tuple, value: str, what: str, where: str) -> int:
    if value not in names:
        raise DataError(f"{where}: unknown {what} {value!r} ({what}s: {', '.join(names) or 'none'})")
    return names.index(value)


def _area(entry: dict, where: str, die: int) -> Area:
    name, here, tag = entry_head(entry, "area", _AREA, where)
    return Area(name, field(entry, "label", str, here) if "label" in entry else name,
                _faces(entry, here, die), tag)


def _memberships(entry: dict, here: str, area_index: dict, faces: tuple, die: int) -> tuple:
    out = []
    for item in field(entry, "areas", list, here):
        if isinstance(item, dict):      # { area = "4", faces = [1, 2] }: other faces there
            check_keys(item, ("area", "faces"), f"{here}.areas")
            name, own = field(item, "area", str, f"{here}.areas"), _faces(item, f"{here}.areas", die)
        elif isinstance(item, str):
            name, own = item, faces
        else:
            raise DataError(f"{here}: areas must be area names, not {item!r}")
        if name not in area_index:
            raise DataError(f"{here}: unknown area {name!r}")
        if any(a == area_index[name] for a, _ in out):
            raise DataError(f"{here}: area {name!r} listed twice")
        out.append((area_index[name], own))
    return tuple(out)


def _space(entry: dict, where: str, ctx: dict) -> tuple[Space, list[str], list[str]]:
    """The space, the names of the spaces it is adjacent to, and the counters it is home of."""
    counters: CounterTable = ctx["counters"]
    name, here, tag = entry_head(entry, "space", _SPACE, where)
    kind = _vocab(ctx["kinds"], field(entry, "kind", str, here), "kind", here)
    side = _vocab(counters.sides, field(entry, "side", str, here), "side", here) if "side" in entry else -1
    role = _vocab(counters.roles, field(entry, "role", str, here), "role", here) if "role" in entry else -1
    accepts = tuple(range(len(counters.types)))
    if "accepts" in entry:
        accepts = tuple(_vocab(counters.types, str(t), "type", here) for t in field(entry, "accepts", list, here))
    capacity, cap_tag = tagged(entry, "capacity", int, here, tag, default=ctx["stacking"])
    if not 0 <= capacity <= 255:
        raise DataError(f"{here}: capacity must be 0 (no limit) .. 255, not {capacity}")
    number, _ = tagged(entry, "number", int, here, tag, default=0)
    if not -999 <= number <= 999:
        raise DataError(f"{here}: number {number} is outside -999..999")
    faces = _faces(entry, here, ctx["die"])
    areas = _memberships(entry, here, ctx["area_index"], faces, ctx["die"]) if "areas" in entry else ()
    adjacent = [a for a in field(entry, "adjacent", list, here)] if "adjacent" in entry else []
    homes = [h for h in field(entry, "home_of", list, here)] if "home_of" in entry else []
    if not all(isinstance(x, str) for x in adjacent + homes):
        raise DataError(f"{here}: adjacent and home_of list names")
    label = field(entry, "label", str, here) if "label" in entry else name
    return (Space(name, label, kind, side, role, accepts, capacity, number, areas, (),
                  {"space": tag, "capacity": cap_tag}), adjacent, homes)


def _track(entry: dict, where: str) -> Track:
    name, here, tag = entry_head(entry, "track", _TRACK, where)
    values, sources = {}, {"track": tag}
    for key in ("min", "max", "start"):
        values[key], sources[key] = tagged(entry, key, int, here, tag)
        if not TRACK_RANGE[0] <= values[key] <= TRACK_RANGE[1]:
            raise DataError(f"{here}: {key} {values[key]} is outside {TRACK_RANGE[0]}..{TRACK_RANGE[1]}")
    lo, hi, start = values["min"], values["max"], values["start"]
    if not lo <= start <= hi:
        raise DataError(f"{here}: start {start} is outside min..max ({lo}..{hi})")
    labels = tuple(field(entry, "labels", list, here)) if "labels" in entry else ()
    if labels and (len(labels) != hi - lo + 1 or not all(isinstance(x, str) for x in labels)):
        raise DataError(f"{here}: labels must name each value {lo}..{hi} ({hi - lo + 1} names)")
    return Track(name, field(entry, "label", str, here) if "label" in entry else name,
                 lo, hi, start, labels, sources)


def _unique(items, what: str, where: str) -> dict:
    index = {}
    for i, item in enumerate(items):
        if item.name in index:
            raise DataError(f"{where}: two {what}s are called {item.name!r}")
        index[item.name] = i
    return index


def _check_faces(spaces: list[Space], areas: tuple[Area, ...], where: str) -> None:
    """Within an area, one roll picks at most one space of a given kind and side."""
    taken = {}
    for s in spaces:
        for a, faces in s.areas:
            for f in faces:
                other = taken.setdefault((a, s.kind, s.side, f), s.name)
                if other != s.name:
                    raise DataError(f"{where}: in area {areas[a].name!r} a roll of {f} picks both "
                                    f"{other!r} and {s.name!r}")


def parse_board(doc: dict, where: str, counters: CounterTable) -> Board:
    check_keys(doc, _TOP, where)
    die, _ = tagged(doc, "die", int, where, None, default=6)
    if not 2 <= die <= MAX_FACE:
        raise DataError(f"{where}: die must have 2..{MAX_FACE} faces, not {die}")
    kinds = field(doc, "kinds", list, where)
    if not kinds or not all(isinstance(k, str) and k for k in kinds) or len(set(kinds)) != len(kinds):
        raise DataError(f"{where}: kinds must be distinct non-empty names")
    stacking, _ = tagged(doc, "stacking", int, where, None)
    areas = tuple(_area(e, where, die) for e in tables(doc, "area", where))
    area_index = _unique(areas, "area", where)
    ctx = {"counters": counters, "kinds": tuple(kinds), "stacking": stacking, "die": die,
           "area_index": area_index}
    parsed = [_space(e, where, ctx) for e in tables(doc, "space", where)]
    space_index = _unique([p[0] for p in parsed], "space", where)
    edges = {i: set() for i in range(len(parsed))}
    home = [-1] * len(counters.counters)
    for i, (space, adjacent, homes) in enumerate(parsed):
        for name in adjacent:
            if name not in space_index or name == space.name:
                raise DataError(f"{where} space {space.name!r}: adjacent to unknown space {name!r}")
            edges[i].add(space_index[name])
            edges[space_index[name]].add(i)
        for name in homes:
            c = counters.index(name)
            if home[c] != -1:
                raise DataError(f"{where} space {space.name!r}: {name!r} already has a home space")
            if not (space.side in (-1, counters.counters[c].side) and space.role in (-1, counters.counters[c].role)
                    and counters.counters[c].type in space.accepts):
                raise DataError(f"{where} space {space.name!r}: cannot be the home of {name!r}")
            home[c] = i
        if space.capacity and len(homes) > space.capacity:
            raise DataError(f"{where} space {space.name!r}: home of {len(homes)} counters, "
                            f"capacity {space.capacity}")
    spaces = [p[0] for p in parsed]
    spaces = [replace(s, adjacent=tuple(sorted(edges[i]))) for i, s in enumerate(spaces)]
    _check_faces(spaces, areas, where)
    tracks = tuple(_track(e, where) for e in tables(doc, "track", where, required=False))
    _unique(tracks, "track", where)
    sizes = {"spaces": (len(spaces), MAX_SPACES), "areas": (len(areas), MAX_AREAS),
             "area memberships": (sum(len(s.areas) for s in spaces), MAX_MEMBERS),
             "adjacencies": (sum(len(e) for e in edges.values()), MAX_EDGES),
             "tracks": (len(tracks), MAX_TRACKS)}
    for what, (n, limit) in sizes.items():
        if n > limit:
            raise DataError(f"{where}: {n} {what}; at most {limit} are supported")
    return Board(die, tuple(kinds), areas, tuple(spaces), tracks, tuple(home), counters, where)


def load_board(path: str | Path, counters: CounterTable) -> Board:
    """The board of one file, validated against its counter table; errors name file and field."""
    return parse_board(load_toml(path), str(path), counters)


def parse_setup(doc: dict, where: str, board: Board) -> tuple[int, ...]:
    """Where every counter starts: a space index per counter. `[[place]]` puts named counters
    (a group name takes its next unplaced counter) on a space; `[[fill]]` then puts every
    counter still unplaced that matches side/type/role there. Capacity, side, type and role are
    checked, and every counter must be placed."""
    check_keys(doc, _SETUP, where)
    counters = board.counters
    at = [-1] * len(counters.counters)
    load = [0] * len(board.spaces)

    def put(c: int, s: int, here: str) -> None:
        name, space = counters.counters[c].name, board.spaces[s]
        if not board.can_hold(s, c):
            raise DataError(f"{here}: {name!r} cannot stand on {space.name!r}")
        load[s] += 1
        if space.capacity and load[s] > space.capacity:
            raise DataError(f"{here}: {space.name!r} holds at most {space.capacity} "
                            f"counter{'s' if space.capacity > 1 else ''}; {name!r} is one too many")
        at[c] = s

    for i, entry in enumerate(tables(doc, "place", where, required=False)):
        here = f"{where} place #{i + 1}"
        check_keys(entry, _PLACE, here)
        source(entry, here)
        s = board.space(field(entry, "space", str, here))
        here = f"{here} ({board.spaces[s].name})"
        for name in field(entry, "counters", list, here):
            free = [c for c in counters.group(str(name)) if at[c] == -1]
            if not free:
                raise DataError(f"{here}: {name!r} is already placed")
            put(free[0], s, here)
    for i, entry in enumerate(tables(doc, "fill", where, required=False)):
        here = f"{where} fill #{i + 1}"
        check_keys(entry, _FILL, here)
        source(entry, here)
        s = board.space(field(entry, "space", str, here))
        pick = {k: field(entry, k, str, here) for k in ("side", "type", "role") if k in entry}
        for c in counters.of(**pick):
            if at[c] == -1:
                put(c, s, f"{here} ({board.spaces[s].name})")
    missing = [counters.counters[c].name for c in range(len(at)) if at[c] == -1]
    if missing:
        raise DataError(f"{where}: the set-up leaves {len(missing)} counters nowhere "
                        f"(first: {missing[0]!r})")
    return tuple(at)


def load_setup(path: str | Path, board: Board) -> tuple[int, ...]:
    return parse_setup(load_toml(path), str(path), board)
