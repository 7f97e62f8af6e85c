"""A dexterity game's noise model from TOML: how far a placed card strays, per placement type,
and the hands (steadiness factors) a seat may have. The sampler is C (noise.pxd).

The file holds `release` (mm outside the seat's edge where a card leaves the hand), one
`[[placement]]` per placement type (`secure`, `drop`, `throw`, each once) with `along`,
`lateral`, `slide` (mm), `along_per_m`, `lateral_per_m` (mm of deviation per metre the card
travels), `turn` (degrees), `face_down` (a chance) and `spin`, and one `[[hand]]` per hand
with its `factor`, which multiplies every deviation, the slide and the face-down chance. Each
value carries its source ({ value, source }, else its entry's). Secure placement must be
exact: the rulebook lets the player put the card "as you like".
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from partisan.core.data import check_keys, entry_head, find, load_toml, tables, tagged
from partisan.core.errors import DataError

PLACEMENTS = ("secure", "drop", "throw")        # noise.pxd Placement order
MAX_HANDS = 8                                   # noise.pxd HANDS_MAX
MAX_MM = 1000.0                                 # a deviation or slide beyond the table is a typo
MAX_FACTOR = 5.0
# field -> (largest value, unit) of the numeric fields of a placement
_LIMITS = {"along": (MAX_MM, "mm"), "along_per_m": (MAX_MM, "mm per metre"),
           "lateral": (MAX_MM, "mm"), "lateral_per_m": (MAX_MM, "mm per metre"),
           "slide": (MAX_MM, "mm"), "turn": (180.0, "degrees"), "face_down": (1.0, "chance")}
_TOP = ("release", "placement", "hand")
_PLACEMENT = ("name", "source", "spin", *_LIMITS)
_HAND = ("name", "source", "factor")


@dataclass(frozen=True)
class PlacementNoise:
    name: str
    along: float            # sigma along the card's heading, mm, at no distance
    along_per_m: float      # what it grows by per metre the card travels, mm
    lateral: float          # sigma across it, mm, at no distance
    lateral_per_m: float    # what it grows by per metre, mm
    turn: float             # sigma of the angle, degrees
    face_down: float        # chance to land face down with a hand factor of 1
    slide: float            # mean slide forward after landing, mm
    spin: bool              # the angle is uniform
    sources: dict           # field -> source tag


@dataclass(frozen=True)
class Hand:
    name: str
    factor: float
    source: str


@dataclass(frozen=True)
class NoiseModel:
    placements: tuple[PlacementNoise, ...]      # in PLACEMENTS order
    hands: tuple[Hand, ...]
    release: float                              # mm outside the seat's edge
    release_source: str
    where: str

    def placement(self, name: str) -> int:
        return find(self.placements, name, "placement", self.where)

    def hand(self, name: str) -> int:
        return find(self.hands, name, "hand", self.where)

    def compile(self):
        from partisan.core.components import CompiledNoise
        return CompiledNoise(self)


def load_noise(path: str | Path) -> NoiseModel:
    where = str(path)
    doc = load_toml(path)
    check_keys(doc, _TOP, where)
    release, release_source = tagged(doc, "release", (int, float), where, None)
    if not 0.0 <= release <= MAX_MM:
        raise DataError(f"{where}: release must be between 0 and {MAX_MM:g} (mm), not {release!r}")
    hands = _hands(tables(doc, "hand", where), where)
    found = {}
    for entry in tables(doc, "placement", where):
        p = _placement(entry, where, max(h.factor for h in hands))
        if p.name in found:
            raise DataError(f"{where}: placement {p.name!r} is given twice")
        found[p.name] = p
    missing = [name for name in PLACEMENTS if name not in found]
    if missing:
        raise DataError(f"{where}: missing placement {missing[0]!r} (placements: {', '.join(PLACEMENTS)})")
    return NoiseModel(tuple(found[name] for name in PLACEMENTS), hands, float(release),
                      release_source, where)


def _placement(entry: dict, where: str, max_factor: float) -> PlacementNoise:
    name, here, src = entry_head(entry, "placement", _PLACEMENT, where)
    if name not in PLACEMENTS:
        raise DataError(f"{here}: unknown placement (placements: {', '.join(PLACEMENTS)})")
    values, sources = {}, {"name": src}
    for key, (limit, unit) in _LIMITS.items():
        value, sources[key] = tagged(entry, key, (int, float), here, src, default=0.0)
        if not 0.0 <= value <= limit:
            raise DataError(f"{here}: {key} must be between 0 and {limit:g} ({unit}), not {value!r}")
        values[key] = float(value)
    values["spin"], sources["spin"] = tagged(entry, "spin", bool, here, src, default=False)
    if values["face_down"] * max_factor > 1.0:
        raise DataError(f"{here}: face_down {values['face_down']:g} times the largest hand factor "
                        f"{max_factor:g} exceeds 1")
    if name == "secure" and (values["spin"] or any(values[k] for k in _LIMITS)):
        raise DataError(f"{here}: secure placement is exact (the card is put down as the player "
                        f"likes): every value must be 0 and spin false")
    return PlacementNoise(name, sources=sources, **values)


def _hands(entries: list, where: str) -> tuple[Hand, ...]:
    if not entries:
        raise DataError(f"{where}: at least one [[hand]] is needed")
    if len(entries) > MAX_HANDS:
        raise DataError(f"{where}: {len(entries)} hands; at most {MAX_HANDS}")
    hands = []
    for entry in entries:
        name, here, src = entry_head(entry, "hand", _HAND, where)
        if any(h.name == name for h in hands):
            raise DataError(f"{here}: hand given twice")
        factor, tag = tagged(entry, "factor", (int, float), here, src)
        if not 0.0 < factor <= MAX_FACTOR:
            raise DataError(f"{here}: factor must be above 0 and at most {MAX_FACTOR:g}, not {factor!r}")
        hands.append(Hand(name, float(factor), tag))
    return tuple(hands)
