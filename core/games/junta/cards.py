"""Loading and checking the Junta component data (data/cards.toml, data/rules.toml)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from partisan.core.data import GameData, field, check_keys, source
from partisan.core.errors import DataError

DATA = Path(__file__).with_name("data")
MAX_TYPES = 16          # the compiled state keeps per-type counts in arrays of this size

# Effect names in the data file -> effect codes of the compiled state (data.pxd EFF_*).
EFFECTS = ("foreign_aid", "assassination", "spy", "bribery", "petition", "diversion",
           "victory_point", "gunboat", "surprise_attack", "peasant_uprising", "burglars",
           "party_donation", "pr_campaign")
ONE_TYPE = frozenset(EFFECTS) - {"foreign_aid", "victory_point"}
# The cards that decide a coup, played before battle or on the dice (l.131-l.140); the compiled
# resample's battle_card (resample.pyx) names the same effects by code.
BATTLE_EFFECTS = frozenset({"assassination", "bribery", "diversion", "gunboat", "surprise_attack",
                            "peasant_uprising"})


@dataclass(frozen=True)
class CardType:
    name: str
    effect: str
    text: str
    count: int
    value: int          # million pesos (Foreign Aid), else 0
    vp: int             # victory points while in hand
    source: str

    @property
    def code(self) -> int:
        return EFFECTS.index(self.effect)


@dataclass(frozen=True)
class JuntaData:
    cards: tuple[CardType, ...]
    costs: dict
    limits: dict
    victory: dict


CARD_KEYS = ("name", "effect", "text", "source", "count", "value")


def _tagged_int(table: dict, key: str, where: str, low: int, high: int) -> int:
    entry = field(table, key, dict, where)
    check_keys(entry, ("value", "source"), f"{where}.{key}")
    source(entry, f"{where}.{key}")
    value = field(entry, "value", int, f"{where}.{key}")
    if not low <= value <= high:
        raise DataError(f"{where}.{key}: {value} is outside {low}..{high}")
    return value


def parse_cards(doc: dict, where: str) -> tuple[CardType, ...]:
    check_keys(doc, ("total", "card"), where)
    total = _tagged_int(doc, "total", where, 1, 255)
    entries = field(doc, "card", list, where)
    if len(entries) > MAX_TYPES:
        raise DataError(f"{where}: {len(entries)} kinds of card; at most {MAX_TYPES} are supported")
    cards, names, seen = [], set(), set()
    for i, entry in enumerate(entries):
        here = f"{where} card #{i + 1}"
        if not isinstance(entry, dict):
            raise DataError(f"{here}: must be a table")
        name = field(entry, "name", str, here).strip()
        here = f"{where} card {name!r}"
        check_keys(entry, CARD_KEYS, here)
        if not name or name in names:
            raise DataError(f"{here}: card names must be non-empty and unique")
        names.add(name)
        effect = field(entry, "effect", str, here)
        if effect not in EFFECTS:
            raise DataError(f"{here}: unknown effect {effect!r} (effects: {', '.join(EFFECTS)})")
        if effect in ONE_TYPE:
            if effect in seen:
                raise DataError(f"{here}: only one kind of card may have effect {effect!r}")
            seen.add(effect)
        tag = source(entry, here)
        count = _tagged_int(entry, "count", here, 1, total)
        value = 0
        if effect == "foreign_aid":
            value = _tagged_int(entry, "value", here, 1, 9)
        elif "value" in entry:
            raise DataError(f"{here}: only Foreign Aid has a peso value")
        cards.append(CardType(name, effect, field(entry, "text", str, here), count, value,
                              1 if effect == "victory_point" else 0, tag))
    counted = sum(c.count for c in cards)
    if counted != total:
        raise DataError(f"{where}: the card counts add up to {counted}, but the deck has {total} cards")
    if not any(c.effect == "foreign_aid" for c in cards):
        raise DataError(f"{where}: the deck needs Foreign Aid, or nobody can Spend Money")
    return tuple(cards)


def parse_rules(doc: dict, where: str) -> tuple[dict, dict, dict]:
    check_keys(doc, ("costs", "limits", "victory"), where)

    def block(name, keys):
        table = field(doc, name, dict, where)
        check_keys(table, keys, f"{where} [{name}]")
        return {k: _tagged_int(table, k, f"{where} [{name}]", lo, hi) for k, (lo, hi) in keys.items()}
    costs = block("costs", {"building": (1, 20), "militia": (1, 20), "card": (1, 20)})
    limits = block("limits", {"militia_per_player": (1, 6), "cards_bought_per_round": (0, 5),
                              "hand_limit": (0, 20), "building_tiles": (0, 60),
                              "building_spots": (0, 9)})
    victory = block("victory", {"basic": (2, 10), "expert": (2, 10)})
    return costs, limits, victory


def _parse(docs: dict, folder: Path) -> JuntaData:
    cards = parse_cards(docs["cards.toml"], str(folder / "cards.toml"))
    costs, limits, victory = parse_rules(docs["rules.toml"], str(folder / "rules.toml"))
    return JuntaData(cards, costs, limits, victory)


GAME_DATA = GameData(DATA, ("cards.toml", "rules.toml"), _parse)


def load_data(folder: str | Path | None = None) -> JuntaData:
    """The card list and rule numbers, validated; a DataError names the file and field."""
    return GAME_DATA.load(folder).value
