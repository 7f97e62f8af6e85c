"""Heroes of Baler's cards from TOML (data/cards.toml): faction, shared and Fog of War cards.

A card has a number, a title whose colour says whose it is (blue = Spain, red = the
Philippines, both = shared), action points, an initiative value, up to two support icons, a main
event and (faction and shared cards) a secondary event with the icon a support card must show
to boost it (l.197-l.210, l.362-l.373). Events are lists of effects from a closed vocabulary,
`EFFECTS`, each built from a mechanism the rulebook defines; an unknown effect, parameter or
key is an error naming the file and field. `Deck.compile()` gives the fixed integer rows a
game state copies into a C array (layout below).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from partisan.core.data import check_keys, entry_head, field, find, load_toml, source, tables, tagged
from partisan.core.errors import DataError

DATA = Path(__file__).with_name("data")
SPAIN, PHILIPPINES, BOTH = "spain", "philippines", "both"
TITLES = {"blue": SPAIN, "red": PHILIPPINES, "both": BOTH}     # title colour -> owner (l.203)
TYPES = ("faction", "shared", "fog_of_war")
SIDES = (SPAIN, PHILIPPINES, BOTH)
ATTACKS = ("any", "shooting", "incursion", "artillery")       # l.573-l.577; any: the player picks
MAX_ICONS = 7           # icons are bits of a mask that fits an int8


@dataclass(frozen=True)
class Param:
    """One effect parameter: an int in lo..hi, a word from `choices` (compiled to its index),
    or a list of `length` ints in lo..hi (a table per die face). default None: required."""
    name: str
    default: object = None
    lo: int = 0
    hi: int = 0
    choices: tuple = ()
    length: int = 0
    nonzero: bool = False

    @property
    def width(self) -> int:
        return self.length or 1


@dataclass(frozen=True)
class EffectKind:
    sides: tuple[str, ...]          # whose cards may carry it
    params: tuple[Param, ...] = ()
    rule: str = ""                  # the rulebook passage that defines the mechanism


_COUNT2 = Param("count", 1, 1, 2)
_SUPPLY_COST = Param("supply_cost", 1, 0, 1)
_TARGET = Param("target", "own", choices=("own", "enemy"))
_ANY = (SPAIN, PHILIPPINES)

# The effect vocabulary. Each event resolves its effects in order; the player of the card acts.
EFFECTS: dict[str, EffectKind] = {
    # `count` attacks in different areas (l.582); each gets extra dice (never past 5, l.581),
    # +strength to its own side's combat strength (l.932) and free re-rolls (card modifiers, l.930)
    "attack": EffectKind(_ANY, (Param("kind", "any", choices=ATTACKS), _COUNT2,
                                Param("extra_dice", 0, 0, 2), Param("strength", 0, 0, 2),
                                Param("rerolls", 0, 0, 2)), "l.571-l.934"),
    # choose an area, roll a die: the walls lose table[face - 1] levels (l.1151)
    "takeover_attempt": EffectKind((PHILIPPINES,), (Param("table", None, 0, 3, length=6),), "l.1151"),
    # the repair action: walls +1 level (Spain) or a trench restored (Philippines), manpower needed
    "repair": EffectKind(_ANY, (_COUNT2, _SUPPLY_COST), "l.1056-l.1081"),
    # remove a trench section from the map: only a card can (l.809)
    "destroy_trench": EffectKind((SPAIN,), (_COUNT2, Param("sabotaged_only", 1, 0, 1)), "l.809"),
    "morale": EffectKind(_ANY, (Param("delta", None, -3, 3, nonzero=True), _TARGET), "l.129, l.1123"),
    "supply": EffectKind(_ANY, (Param("delta", None, -3, 3, nonzero=True), _TARGET), "l.129"),
    "supply_roll": EffectKind(_ANY, (_COUNT2,), "l.1029-l.1054"),             # the supply action
    # a movement of `sub_moves` sub-moves; 2 make a complete movement action (l.1016, l.1365)
    "move": EffectKind(_ANY, (Param("sub_moves", 2, 1, 4),), "l.969-l.1019"),
    "surveillance": EffectKind(_ANY, (_COUNT2,), "l.1023-l.1027"),
    "heal": EffectKind((SPAIN,), (Param("option", "either", choices=("either", "two_lowest", "choice")),),
                       "l.1105-l.1117"),
    "expand_infirmary": EffectKind((SPAIN,), (), "l.1099-l.1103"),
    "trench": EffectKind((PHILIPPINES,), (_COUNT2, _SUPPLY_COST), "l.1131-l.1139"),
    "persistence": EffectKind((PHILIPPINES,), (), "l.1145-l.1149"),
    "us_advance": EffectKind((SPAIN,), (), "l.1119-l.1121"),                   # USS Yorktown
    "place_artillery": EffectKind((PHILIPPINES,), (), "l.1323-l.1330"),        # as US Support
    # draw soldiers from the bag into empty guard posts, as when manning the posts (l.1219)
    "man_posts": EffectKind(_ANY, (Param("count", 1, 1, 3),), "l.1215-l.1219"),
    "vp": EffectKind(_ANY, (Param("delta", None, 1, 3),), "l.125"),
    # Spanish losses resolved as in the Attrition phase (l.405-l.446)
    "beriberi": EffectKind((PHILIPPINES,), (_COUNT2,), "l.405-l.433"),
    "desertion": EffectKind((PHILIPPINES,), (_COUNT2,), "l.437-l.446"),
}
EFFECT_CODES = tuple(EFFECTS)
_SIDE_ONLY = {("attack", "kind", "artillery"): PHILIPPINES}    # only the Filipinos have guns (l.860)

# Compiled layout: one row of CARD_WIDTH ints per card, in file order. The head is CARD_HEAD;
# then EVENT_MAX_EFFECTS effect slots for the main event and as many for the secondary, each
# EFFECT_WIDTH ints: the kind's index in EFFECT_CODES (-1: empty slot) and its parameters in
# EFFECTS order (a word as its index in `choices`, a table as `length` ints), zero-padded.
# Every value fits an int8.
CARD_HEAD = ("type", "side", "ap", "initiative", "icons", "requires", "n_main", "n_secondary")
EVENT_MAX_EFFECTS = 3
EFFECT_MAX_PARAMS = 6
EFFECT_WIDTH = 1 + EFFECT_MAX_PARAMS
CARD_WIDTH = len(CARD_HEAD) + 2 * EVENT_MAX_EFFECTS * EFFECT_WIDTH
MAX_CARDS = 64
assert all(sum(p.width for p in k.params) <= EFFECT_MAX_PARAMS for k in EFFECTS.values())

_TOP = ("total", "faction_per_side", "fog_of_war_per_side", "shared", "icons", "wildcard", "card")
_CARD = ("number", "name", "type", "title", "ap", "initiative", "icons", "main", "secondary", "source")
_SECONDARY = ("requires", "effects")


@dataclass(frozen=True)
class Effect:
    kind: str
    params: dict            # name -> int, word or tuple of ints
    sources: dict           # "effect" and each parameter -> source tag

    def ints(self) -> tuple[int, ...]:
        """The compiled slot: kind code, then the parameters, zero-padded."""
        out = [EFFECT_CODES.index(self.kind)]
        for p in EFFECTS[self.kind].params:
            value = self.params[p.name]
            out.extend(value if p.length else [p.choices.index(value) if p.choices else value])
        return tuple(out + [0] * (EFFECT_WIDTH - len(out)))

    def text(self) -> str:
        return _describe(self.kind, self.params)


@dataclass(frozen=True)
class Card:
    number: int
    name: str
    type: str               # faction | shared | fog_of_war
    side: str               # spain | philippines | both (blue / red / both titles)
    ap: int
    initiative: int
    icons: tuple[str, ...]  # what the card offers as a support card
    main: tuple[Effect, ...]
    requires: str | None    # the icon a support card must show to boost the secondary event
    secondary: tuple[Effect, ...]
    sources: dict           # field -> source tag

    def playable_by(self, side: str) -> bool:
        """Shared cards are anyone's; the others only their side's (l.216)."""
        return self.side in (BOTH, side)


@dataclass(frozen=True)
class Deck:
    icons: tuple[str, ...]
    wildcard: str
    cards: tuple[Card, ...]
    where: str

    def index(self, name: str) -> int:
        return find(self.cards, name, "card", self.where)

    def card(self, name: str) -> Card:
        return self.cards[self.index(name)]

    def of(self, type: str | None = None, side: str | None = None) -> list[int]:
        """Indices of the cards of a type (faction, shared, fog_of_war) and owner."""
        return [i for i, c in enumerate(self.cards)
                if (type is None or c.type == type) and (side is None or c.side == side)]

    def boosts(self, support: Card, event: Card) -> bool:
        """Whether `support` can boost `event`'s secondary event: a matching icon or the
        wildcard (l.370); Fog of War cards cannot be boosted (l.368)."""
        return event.requires is not None and (event.requires in support.icons
                                               or self.wildcard in support.icons)

    def compile(self) -> tuple[tuple[int, ...], ...]:
        """One CARD_WIDTH row per card (layout above), for a game state's C array."""
        return tuple(_row(c, self.icons) for c in self.cards)


def _row(card: Card, icons: tuple[str, ...]) -> tuple[int, ...]:
    head = (TYPES.index(card.type), SIDES.index(card.side), card.ap, card.initiative,
            sum(1 << icons.index(i) for i in card.icons),
            -1 if card.requires is None else icons.index(card.requires),
            len(card.main), len(card.secondary))
    empty = (-1,) + (0,) * EFFECT_MAX_PARAMS
    row = list(head)
    for event in (card.main, card.secondary):
        for k in range(EVENT_MAX_EFFECTS):
            row.extend(event[k].ints() if k < len(event) else empty)
    return tuple(row)


def _describe(kind: str, p: dict) -> str:
    """The event text shown to players, made from the effect's parameters."""
    n = p.get("count", 1)
    times = "" if n == 1 else f" x{n}"
    if kind == "attack":
        what = "" if p["kind"] == "any" else p["kind"]
        extras = [f"+{p['extra_dice']} {'die' if p['extra_dice'] == 1 else 'dice'}" if p["extra_dice"] else "",
                  f"+{p['strength']} combat strength" if p["strength"] else "",
                  f"{p['rerolls']} free re-roll{'s' if p['rerolls'] > 1 else ''}" if p["rerolls"] else ""]
        extras = ", ".join(e for e in extras if e)
        if n == 1:
            return (what or "attack").capitalize() + (f", {extras}" if extras else "")
        return f"{n} attacks{f' ({what})' if what else ''} in different areas" + (f", each {extras}" if extras else "")
    if kind == "takeover_attempt":
        table = ", ".join(f"{f + 1}: -{v}" for f, v in enumerate(p["table"]) if v)
        return f"Choose an area and roll: walls lose levels ({table})"
    if kind in ("morale", "supply"):
        whose = "Enemy " if p["target"] == "enemy" else ""
        return f"{whose}{kind} {p['delta']:+d}" if whose else f"{kind.capitalize()} {p['delta']:+d}"
    if kind == "heal":
        return {"either": "Heal", "two_lowest": "Heal the two lowest beds",
                "choice": "Heal a wounded unit of your choice"}[p["option"]]
    if kind in ("repair", "trench"):
        cost = "" if p["supply_cost"] else " (no supply cost)"
        return {"repair": "Repair", "trench": "Build a trench section"}[kind] + times + cost
    if kind == "destroy_trench":
        which = "sabotaged " if p["sabotaged_only"] else ""
        return f"Remove a {which}trench section" + times
    if kind == "move":
        return f"Movement, {p['sub_moves']} sub-move{'s' if p['sub_moves'] > 1 else ''}"
    if kind in ("man_posts", "beriberi", "desertion", "surveillance", "supply_roll"):
        return {"man_posts": f"Man {n} guard post{'s' if n > 1 else ''} from the bag",
                "beriberi": f"Beriberi: {n} Spanish unit{'s' if n > 1 else ''} fall{'s' if n == 1 else ''} ill",
                "desertion": f"{n} Spanish unit{'s' if n > 1 else ''} desert{'s' if n == 1 else ''}",
                "surveillance": f"Place {n} surveillance marker{'s' if n > 1 else ''}",
                "supply_roll": "Supply roll" + times}[kind]
    if kind == "vp":
        return f"+{p['delta']} VP"
    return {"expand_infirmary": "Expand the infirmary", "persistence": "Activate Persistence",
            "us_advance": "USS Yorktown: activate the US power marker",
            "place_artillery": "Place a reserve artillery piece (as US Support)"}[kind]


def _int(table: dict, key: str, where: str, tag: str, lo: int, hi: int, sources: dict) -> int:
    value, sources[key] = tagged(table, key, int, where, tag)
    if not lo <= value <= hi:
        raise DataError(f"{where}: {key} {value} is outside {lo}..{hi}")
    return value


def _effect(raw: object, where: str, tag: str, side: str) -> Effect:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise DataError(f"{where}: an effect is a table with one key, its kind "
                        f"(e.g. {{ attack = {{ kind = \"shooting\" }} }}), not {raw!r}")
    (kind, params), = raw.items()
    if kind not in EFFECTS:
        raise DataError(f"{where}: unknown effect {kind!r} (effects: {', '.join(EFFECTS)})")
    here = f"{where}.{kind}"
    if not isinstance(params, dict):
        raise DataError(f"{here}: parameters must be a table ({{}} if none)")
    spec = EFFECTS[kind]
    check_keys(params, (*(p.name for p in spec.params), "source"), here)
    own = source(params, here) if "source" in params else tag
    sides = _ANY if side == BOTH else (side,)
    if not set(sides) <= set(spec.sides):
        owner = "shared" if side == BOTH else side
        raise DataError(f"{here}: a {owner} card cannot carry {kind!r} (only {' and '.join(spec.sides)})")
    values, sources = {}, {"effect": own}
    for p in spec.params:
        at = f"{here}.{p.name}"
        if p.length:
            value, sources[p.name] = tagged(params, p.name, list, here, own)
            if len(value) != p.length or not all(isinstance(v, int) and not isinstance(v, bool)
                                                 and p.lo <= v <= p.hi for v in value):
                raise DataError(f"{at}: must list {p.length} whole numbers in {p.lo}..{p.hi}, not {value!r}")
            value = tuple(value)
        elif p.choices:
            value, sources[p.name] = tagged(params, p.name, str, here, own, default=p.default)
            if value not in p.choices:
                raise DataError(f"{at}: must be one of {', '.join(p.choices)}, not {value!r}")
            only = _SIDE_ONLY.get((kind, p.name, value))
            if only and sides != (only,):
                raise DataError(f"{at}: {value!r} is for {only} cards only")
        else:
            value, sources[p.name] = tagged(params, p.name, int, here, own, default=p.default)
            if not p.lo <= value <= p.hi or (p.nonzero and value == 0):
                raise DataError(f"{at}: {value} is outside {p.lo}..{p.hi}"
                                + (" or zero" if p.nonzero else ""))
        values[p.name] = value
    return Effect(kind, values, sources)


def _event(raw: object, where: str, tag: str, side: str) -> tuple[Effect, ...]:
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{where}: an event is a non-empty list of effects")
    if len(raw) > EVENT_MAX_EFFECTS:
        raise DataError(f"{where}: {len(raw)} effects; at most {EVENT_MAX_EFFECTS} per event")
    return tuple(_effect(e, f"{where} #{i + 1}", tag, side) for i, e in enumerate(raw))


def _icons(entry: dict, where: str, vocab: tuple[str, ...], tag: str, sources: dict) -> tuple[str, ...]:
    icons, sources["icons"] = tagged(entry, "icons", list, where, tag, default=[])
    if len(icons) > 2 or not all(isinstance(i, str) for i in icons) or len(set(icons)) != len(icons):
        raise DataError(f"{where}: a card shows up to two different icons (l.201), not {icons!r}")
    for icon in icons:
        if icon not in vocab:
            raise DataError(f"{where}: unknown icon {icon!r} (icons: {', '.join(vocab)})")
    return tuple(icons)


def _card(entry: dict, where: str, deck: dict) -> Card:
    name, here, tag = entry_head(entry, "card", _CARD, where)
    sources = {"name": tag}
    number = _int(entry, "number", here, tag, 1, deck["total"], sources)
    kind = field(entry, "type", str, here)
    if kind not in TYPES:
        raise DataError(f"{here}: type must be one of {', '.join(TYPES)}, not {kind!r}")
    title, sources["title"] = tagged(entry, "title", str, here, tag)
    if title not in TITLES:
        raise DataError(f"{here}: title must be one of {', '.join(TITLES)}, not {title!r}")
    side = TITLES[title]
    if (kind == "shared") != (side == BOTH):
        raise DataError(f"{here}: shared cards, and only they, have a title in both colours (l.189)")
    ap = _int(entry, "ap", here, tag, 1, 3, sources)
    initiative = _int(entry, "initiative", here, tag, 0, 99, sources)
    icons = _icons(entry, here, deck["icons"], tag, sources)
    main = _event(field(entry, "main", list, here), f"{here}.main", tag, side)
    requires, secondary = None, ()
    if kind == "fog_of_war":
        if "secondary" in entry:
            raise DataError(f"{here}: Fog of War cards have no secondary event (l.210)")
    else:
        raw = field(entry, "secondary", dict, here)
        check_keys(raw, _SECONDARY, f"{here}.secondary")
        requires = field(raw, "requires", str, f"{here}.secondary")
        if requires not in deck["icons"] or requires == deck["wildcard"]:
            raise DataError(f"{here}.secondary: requires must be an icon other than the wildcard "
                            f"({', '.join(i for i in deck['icons'] if i != deck['wildcard'])}), not {requires!r}")
        secondary = _event(field(raw, "effects", list, f"{here}.secondary"), f"{here}.secondary", tag, side)
    return Card(number, name, kind, side, ap, initiative, icons, main, requires, secondary, sources)


def _count(doc: dict, key: str, where: str, lo: int, hi: int) -> int:
    value, _ = tagged(doc, key, int, where, None)
    if not lo <= value <= hi:
        raise DataError(f"{where}: {key} {value} is outside {lo}..{hi}")
    return value


def parse_cards(doc: dict, where: str) -> Deck:
    check_keys(doc, _TOP, where)
    total = _count(doc, "total", where, 1, MAX_CARDS)
    icons, _ = tagged(doc, "icons", list, where, None)
    if not icons or not all(isinstance(i, str) and i for i in icons) or len(set(icons)) != len(icons) \
            or len(icons) > MAX_ICONS:
        raise DataError(f"{where}: icons must be 1..{MAX_ICONS} distinct non-empty names")
    wildcard, _ = tagged(doc, "wildcard", str, where, None)
    if wildcard not in icons:
        raise DataError(f"{where}: the wildcard {wildcard!r} must be one of the icons")
    deck = {"total": total, "icons": tuple(icons), "wildcard": wildcard}
    cards = [_card(e, where, deck) for e in tables(doc, "card", where)]
    for attr in ("name", "number"):
        values = [getattr(c, attr) for c in cards]
        twice = next((v for v in values if values.count(v) > 1), None)
        if twice is not None:
            raise DataError(f"{where}: two cards have the {attr} {twice!r}")
    faction = _count(doc, "faction_per_side", where, 0, total)
    fog = _count(doc, "fog_of_war_per_side", where, 0, total)
    want = {("faction", SPAIN): faction, ("faction", PHILIPPINES): faction,
            ("shared", BOTH): _count(doc, "shared", where, 0, total),
            ("fog_of_war", SPAIN): fog, ("fog_of_war", PHILIPPINES): fog}
    if sum(want.values()) != total:
        raise DataError(f"{where}: 2 x faction_per_side + shared + 2 x fog_of_war_per_side = "
                        f"{sum(want.values())}, but total is {total}")
    for (kind, side), n in want.items():
        got = sum(c.type == kind and c.side == side for c in cards)
        if got != n:
            owner = "shared" if side == BOTH else f"{side} {kind.replace('_', ' ')}"
            raise DataError(f"{where}: {got} {owner} cards, but the file states {n}")
    return Deck(tuple(icons), wildcard, tuple(cards), where)


def load_cards(path: str | Path = DATA / "cards.toml") -> Deck:
    """The cards of one file, validated; a DataError names the file and field."""
    return parse_cards(load_toml(path), str(path))
