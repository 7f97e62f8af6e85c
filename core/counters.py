"""A game's counters (units on a board) from TOML: side, type, role, rank and named factors.

The file declares its vocabulary (sides, types, roles, factor names) and then one `[[counter]]`
table per counter, or per group of identical generic counters (`count = N`, expanded into
"name 1" … "name N"). Every value carries its source: its own ({ value, source }), else its
factor table's `source`, else its entry's. `compile()` gives the C array (counters.pxd) a game state points
to; Python looks counters up by name, group or type, C by index.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from partisan.core.data import check_keys, entry_head, field, find, load_toml, source, tables, tagged
from partisan.core.errors import DataError

MAX_COUNTERS = 256      # counters.pxd COUNTERS_MAX
MAX_FACTORS = 4         # counters.pxd COUNTER_MAX_FACTORS
MAX_MARKERS = 10_000    # pieces that are not units are only counted, never built one by one
MAX_KINDS = 32          # sides, types and roles are bit positions in 32-bit masks
FACTOR_RANGE = (-9, 99)

_TOP = ("sides", "types", "roles", "factors", "counter", "marker", "total")
_COUNTER = ("name", "side", "type", "role", "rank", "factors", "count", "source")
_MARKER = ("name", "count", "source")


@dataclass(frozen=True)
class Counter:
    name: str
    group: str              # the [[counter]] entry it came from (its own name if count = 1)
    side: int
    type: int
    role: int               # -1: none
    rank: int
    factors: tuple[int, ...]
    sources: dict           # field -> source tag ("name", "rank", and each factor's name)


@dataclass(frozen=True)
class CounterTable:
    sides: tuple[str, ...]
    types: tuple[str, ...]
    roles: tuple[str, ...]
    factor_names: tuple[str, ...]
    counters: tuple[Counter, ...]
    markers: dict           # marker name -> (count, source): pieces that are not units
    total: int | None       # counters in the box, units and markers, if the file states it
    where: str

    def index(self, name: str) -> int:
        """The index of the counter called `name`."""
        return find(self.counters, name, "counter", self.where)

    def group(self, name: str) -> list[int]:
        """Indices of the counters of one [[counter]] entry, in order."""
        found = [i for i, c in enumerate(self.counters) if c.group == name]
        if not found:
            raise DataError(f"{self.where}: no counter or group named {name!r}")
        return found

    def of(self, side: str | None = None, type: str | None = None, role: str | None = None) -> list[int]:
        """Indices of the counters with the given side, type and role names."""
        want = (_code(self.sides, side, "side", self.where), _code(self.types, type, "type", self.where),
                _code(self.roles, role, "role", self.where))
        return [i for i, c in enumerate(self.counters)
                if all(w is None or w == v for w, v in zip(want, (c.side, c.type, c.role)))]

    def factor(self, counter: int, name: str) -> int:
        return self.counters[counter].factors[_code(self.factor_names, name, "factor", self.where)]

    def compile(self):
        from partisan.core.components import CompiledCounters
        return CompiledCounters(self)


def _code(names: tuple, name: str | None, what: str, where: str) -> int | None:
    if name is None:
        return None
    if name not in names:
        raise DataError(f"{where}: unknown {what} {name!r} ({what}s: {', '.join(names)})")
    return names.index(name)


def _names(doc: dict, key: str, where: str, limit: int, required: bool = True) -> tuple[str, ...]:
    if key not in doc and not required:
        return ()
    names = field(doc, key, list, where)
    if not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
        raise DataError(f"{where}: {key} must be distinct non-empty names")
    if len(names) > limit:
        raise DataError(f"{where}: {len(names)} {key}; at most {limit} are supported")
    return tuple(names)


def _counter(entry: dict, table: dict, where: str, room: int) -> list[Counter]:
    """The counters of one entry; `room`: how many more the table may hold, checked before
    any name is made (a count of a billion must not build a billion names first)."""
    name, here, tag = entry_head(entry, "counter", _COUNTER, where)
    side = _code(table["sides"], field(entry, "side", str, here), "side", here)
    kind = _code(table["types"], field(entry, "type", str, here), "type", here)
    role = _code(table["roles"], field(entry, "role", str, here), "role", here) if "role" in entry else -1
    rank, rank_tag = tagged(entry, "rank", int, here, tag, default=0)
    if not 0 <= rank <= 9:
        raise DataError(f"{here}: rank {rank} is outside 0..9")
    sources = {"name": tag, "rank": rank_tag}
    raw = field(entry, "factors", dict, here)
    check_keys(raw, (*table["factors"], "source"), f"{here}.factors")
    factor_tag = source(raw, f"{here}.factors") if "source" in raw else tag
    factors = []
    for fname in table["factors"]:
        value, sources[fname] = tagged(raw, fname, int, f"{here}.factors", factor_tag)
        if not FACTOR_RANGE[0] <= value <= FACTOR_RANGE[1]:
            raise DataError(f"{here}.factors.{fname}: {value} is outside {FACTOR_RANGE[0]}..{FACTOR_RANGE[1]}")
        factors.append(value)
    count, sources["count"] = tagged(entry, "count", int, here, tag, default=1)
    if not 1 <= count <= MAX_COUNTERS:
        raise DataError(f"{here}: count must be 1..{MAX_COUNTERS}, not {count}")
    if count > room:
        raise DataError(f"{where}: more than {MAX_COUNTERS} counters (at {name!r}); "
                        f"at most {MAX_COUNTERS} are supported")
    names = [name] if count == 1 else [f"{name} {k}" for k in range(1, count + 1)]
    return [Counter(n, name, side, kind, role, rank, tuple(factors), sources) for n in names]


def parse_counters(doc: dict, where: str) -> CounterTable:
    check_keys(doc, _TOP, where)
    table = {"sides": _names(doc, "sides", where, MAX_KINDS), "types": _names(doc, "types", where, MAX_KINDS),
             "roles": _names(doc, "roles", where, MAX_KINDS, required=False),
             "factors": _names(doc, "factors", where, MAX_FACTORS)}
    counters, seen = [], set()
    for entry in tables(doc, "counter", where):
        for c in _counter(entry, table, where, MAX_COUNTERS - len(counters)):
            if c.name in seen:
                raise DataError(f"{where}: two counters are called {c.name!r}")
            seen.add(c.name)
            counters.append(c)
    markers = {}
    for entry in tables(doc, "marker", where, required=False):
        name = field(entry, "name", str, where)
        here = f"{where} marker {name!r}"
        check_keys(entry, _MARKER, here)
        if name in markers:
            raise DataError(f"{here}: listed twice")
        count, tag = tagged(entry, "count", int, here, source(entry, here))
        if not 1 <= count <= MAX_MARKERS:
            raise DataError(f"{here}: count must be 1..{MAX_MARKERS}, not {count}")
        markers[name] = (count, tag)
    total = None
    if "total" in doc:
        total, _ = tagged(doc, "total", int, where, None)
        counted = len(counters) + sum(n for n, _ in markers.values())
        if counted != total:
            raise DataError(f"{where}: {len(counters)} units and {counted - len(counters)} markers "
                            f"make {counted} counters, but the file states {total}")
    return CounterTable(table["sides"], table["types"], table["roles"], table["factors"],
                        tuple(counters), markers, total, where)


def load_counters(path: str | Path) -> CounterTable:
    """The counter table of one file, validated; a DataError names the file and field."""
    return parse_counters(load_toml(path), str(path))
