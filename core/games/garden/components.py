"""Garden Guerrilla's components from TOML (data/garden.toml, data/noise.toml), checked.

`garden.toml` holds the table and card sizes, the garden elements, the scores, the set-up per
player count and the ten insects of a colour (effect, placement type, crosshairs); `noise.toml`
where a placed card lands (core/noise.py). An unknown field, effect, placement or crosshair, a
size outside what the state's arrays and action ids hold, or a missing player count is a
DataError naming the file and field.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from partisan.core.data import GameData, check_keys, entry_head, field, source, tables, tagged
from partisan.core.errors import DataError
from partisan.core.noise import PLACEMENTS, NoiseModel, load_noise

DATA = Path(__file__).with_name("data")
# The ten attacks the rules code implements, in the order of data.pxd's Effect enum.
EFFECTS = ("ladygun", "snailper", "scrabblezooka", "firefly", "chemic", "skorpio",
           "spiderchute", "grasshopper", "rambee", "laserfly")
SIDES = ("right", "top", "left", "bottom")   # geometry.pxd Side order
LINE_EFFECTS = ("ladygun", "snailper", "scrabblezooka", "rambee", "laserfly")
INSECTS = 10            # cards per colour (l.25); data.pxd NTYPES
MAX_TABLE_MM = 1000     # landing ids number every whole mm of a 1000 x 1000 mm square
PLAYERS = (2, 3, 4)
SETUP_KEYS = ("mushrooms", "bushes", "toads", "ants", "goodies")
SETUP_MAX = {"mushrooms": 2, "bushes": 2, "toads": 2, "ants": 4, "goodies": 2}   # data.pxd arrays
SCORE_KEYS = ("foreign_insect", "own_insect", "ant", "toad", "goodie", "mushroom")


@dataclass(frozen=True)
class Insect:
    name: str
    effect: int             # index in EFFECTS
    placement: int          # index in noise.PLACEMENTS
    crosshairs: tuple[int, ...]   # indices in SIDES
    source: str


@dataclass(frozen=True)
class GardenData:
    table: tuple[int, int]          # width, height (mm)
    card: tuple[int, int]           # width, height (mm)
    explosion: float                # explosion card size / card size
    mushroom_radius: float
    bush_radius: float
    stem_radius: float
    score: dict                     # SCORE_KEYS -> points
    setup: dict                     # players -> {SETUP_KEYS -> count}
    insects: tuple[Insect, ...]     # one per type, in file order
    noise: NoiseModel

    def insect(self, name: str) -> int:
        for i, ins in enumerate(self.insects):
            if ins.name.lower() == name.lower():
                return i
        raise DataError(f"no insect {name!r} (insects: {', '.join(i.name for i in self.insects)})")


def _number(table: dict, key: str, lo: float, hi: float, where: str, kind=(int, float)):
    value, _ = tagged(table, key, kind, where, table.get("source"))
    if not lo <= value <= hi:
        raise DataError(f"{where}: {key} must be between {lo:g} and {hi:g}, not {value!r}")
    return value


def _section(doc: dict, name: str, keys: tuple, where: str) -> dict:
    table = field(doc, name, dict, where)
    here = f"{where} [{name}]"
    check_keys(table, ("source", *keys), here)
    source(table, here)
    return table


def _parse(docs: dict, folder: Path) -> GardenData:
    where = str(folder / "garden.toml")
    doc = docs["garden.toml"]
    check_keys(doc, ("table", "card", "elements", "score", "setup", "insect"), where)
    t = _section(doc, "table", ("width", "height"), where)
    table = (_number(t, "width", 200, MAX_TABLE_MM, f"{where} [table]", int),
             _number(t, "height", 200, MAX_TABLE_MM, f"{where} [table]", int))
    c = _section(doc, "card", ("width", "height", "explosion"), where)
    card = (_number(c, "width", 20, 150, f"{where} [card]", int),
            _number(c, "height", 20, 150, f"{where} [card]", int))
    explosion = float(_number(c, "explosion", 1.0, 4.0, f"{where} [card]"))
    e = _section(doc, "elements", ("mushroom_radius", "bush_radius", "stem_radius"), where)
    mushroom = float(_number(e, "mushroom_radius", 20, 150, f"{where} [elements]"))
    bush = float(_number(e, "bush_radius", 20, 150, f"{where} [elements]"))
    stem = float(_number(e, "stem_radius", 1, mushroom, f"{where} [elements]"))
    if stem < mushroom - min(card) / 2 + 1:
        raise DataError(f"{where} [elements]: stem_radius must be at least mushroom_radius less "
                        f"half the card's width, plus 1 mm ({mushroom - min(card) / 2 + 1:g}), "
                        f"not {stem:g}: a card stopped by the stem must not lie with its centre "
                        f"under the hat, where it would count as on the hat")
    s = _section(doc, "score", SCORE_KEYS, where)
    score = {k: _number(s, k, -10, 10, f"{where} [score]", int) for k in SCORE_KEYS}
    return GardenData(table, card, explosion, mushroom, bush, stem, score, _setups(doc, where),
                      _insects(doc, where), load_noise(folder / "noise.toml"))


def _setups(doc: dict, where: str) -> dict:
    found = {}
    for entry in tables(doc, "setup", where):
        players = field(entry, "players", int, f"{where} setup")
        here = f"{where} setup for {players} players"
        check_keys(entry, ("players", "source", *SETUP_KEYS), here)
        source(entry, here)
        if players not in PLAYERS or players in found:
            raise DataError(f"{here}: players must be one of {PLAYERS}, each once")
        found[players] = {k: _number(entry, k, 0, SETUP_MAX[k], here, int) for k in SETUP_KEYS}
        if found[players]["goodies"] > found[players]["mushrooms"]:
            raise DataError(f"{here}: a goodie lies on a mushroom (l.21): no more goodies than mushrooms")
    missing = [p for p in PLAYERS if p not in found]
    if missing:
        raise DataError(f"{where}: no set-up for {missing[0]} players")
    return found


def _insects(doc: dict, where: str) -> tuple[Insect, ...]:
    insects = []
    for entry in tables(doc, "insect", where):
        name, here, src = entry_head(entry, "insect", ("name", "source", "effect", "placement",
                                                       "crosshairs"), where)
        effect = field(entry, "effect", str, here)
        if effect not in EFFECTS:
            raise DataError(f"{here}: unknown effect {effect!r} (effects: {', '.join(EFFECTS)})")
        placement = field(entry, "placement", str, here)
        if placement not in PLACEMENTS:
            raise DataError(f"{here}: unknown placement {placement!r} (placements: {', '.join(PLACEMENTS)})")
        sides = field(entry, "crosshairs", list, here)
        if any(side not in SIDES for side in sides) or len(set(sides)) != len(sides):
            raise DataError(f"{here}: crosshairs are distinct edges among {', '.join(SIDES)}, not {sides!r}")
        if (effect in LINE_EFFECTS) != bool(sides):
            raise DataError(f"{here}: a line effect needs crosshairs and only a line effect has them")
        insects.append(Insect(name, EFFECTS.index(effect), PLACEMENTS.index(placement),
                              tuple(SIDES.index(side) for side in sides), src))
    if len(insects) != INSECTS or len({i.effect for i in insects}) != INSECTS:
        raise DataError(f"{where}: a colour has {INSECTS} insects (l.25), one with each effect "
                        f"(GAPS reconstruction); found {len(insects)}")
    if len({i.name.lower() for i in insects}) != INSECTS:
        raise DataError(f"{where}: two insects share a name")
    return tuple(insects)


GAME_DATA = GameData(DATA, ("garden.toml", "noise.toml"), _parse)


def load_data(folder: str | Path | None = None) -> GardenData:
    """The components, validated; a DataError names the file and field."""
    return GAME_DATA.load(folder).value
