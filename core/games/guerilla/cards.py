"""Guerilla's 128 cards and loyalty markers from TOML (data/cards.toml).

Five kinds of card (l.7-l.11): split **unit** cards (a Government and a Rebel strength), split
**leader** cards (a command rating per half and one command modifier), the red **complex**
cards (DF, VP, abilities), the **event** cards (a title colour, the printed letter and cost,
the factions that may use them) and the other **red** cards (Revolution, Traitors, Bad
Weather). Complexes, events and red cards carry *uses* from a closed vocabulary, `EFFECTS`,
one kind per mechanism the rulebook defines, with the numbers the rulebook prints as
parameters (an air strike's 6, an assassin's "greater than 5"). An unknown key, kind or
parameter, a value out of range or counts that break a stated rule (128 cards, one Revolution,
three Traitors, as many Rebel as Government markers) is a DataError naming the file and field.

`Deck.compile()` gives the integer rows a game state copies into a C array (layout below).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from partisan.core.data import GameData, check_keys, entry_head, field, find, load_toml, source, tables, tagged
from partisan.core.errors import DataError

DATA = Path(__file__).with_name("data")
KINDS = ("unit", "leader", "complex", "event", "red")
FACTIONS = ("any", "government", "rebel")           # whose groups may use a card or a use
TITLES = ("none", "black", "yellow", "red")          # black: own turn only; yellow: out of turn (l.10)
LETTERS = "ABCDEF"                                    # the phases (l.44)
MAX_CARDS = 256         # card sets in the state hold at most this many cards
MAX_USES = 4            # Arms Cache has four (l.122)
MAX_CLASSES = 31        # "unit", "leader" and the events: bits of a mask that fits an int32
CLASS_NAMES = ("unit", "leader")                      # retrievable classes other than events


@dataclass(frozen=True)
class Param:
    """An int parameter in lo..hi, or (names=True) a list of card classes ("unit", "leader" or
    an event's name), compiled to a mask over `Deck.classes`."""
    name: str
    lo: int = 0
    hi: int = 0
    names: bool = False


@dataclass(frozen=True)
class EffectKind:
    holder: str             # event | complex | red: which cards may carry it
    params: tuple[Param, ...] = ()
    timing: str = "action"  # action: has a cost and phases; passive: always on; drawn: on the draw
    faction: str = "any"    # an event use limited to one faction's groups
    rule: str = ""          # the rulebook passage that defines it


# Fixed by the rule, not by a card: "no unit can multiply its strength by more than two" (l.120),
# so the engine doubles and another value is refused.
_FACTOR = Param("factor", 2, 2)
_THRESHOLD = Param("threshold", 0, 10)   # succeeds when the modified d10 is greater than this
_G, _R = "government", "rebel"

# The vocabulary. Codes are indices in EFFECT_CODES; the engine implements each kind once.
EFFECTS: dict[str, EffectKind] = {
    # events (l.119-l.129)
    "air_assault_deploy": EffectKind("event", faction=_G, rule="l.119 (1)"),
    "air_assault_combine": EffectKind("event", faction=_G, rule="l.119 (2)"),
    "air_assault_reinforce": EffectKind("event", faction=_G, rule="l.119 (3)"),
    "ambush_double": EffectKind("event", (_FACTOR,), rule="l.120"),
    "ambush_single_defender": EffectKind("event", rule="l.120"),
    "ambush_counter_recon": EffectKind("event", (_FACTOR,), rule="l.120"),
    "armor_column": EffectKind("event", (Param("strength", 1, 9),), faction=_G, rule="l.121"),
    "arms_attack_again": EffectKind("event", faction=_R, rule="l.122 (1)"),
    "arms_double": EffectKind("event", (_FACTOR,), faction=_R, rule="l.122 (2)"),
    "arms_relieve": EffectKind("event", faction=_R, rule="l.122 (3)"),
    "demolition": EffectKind("event", (Param("attack", 0, 20),), faction=_R, rule="l.122 (4)"),
    "assassinate": EffectKind("event", (_THRESHOLD,), rule="l.123"),
    "atrocities": EffectKind("event", (Param("multiplier", 1, 4),), rule="l.124"),
    "press": EffectKind("event", (Param("divisor", 1, 4),), rule="l.124"),
    "bodyguard": EffectKind("event", (Param("extra_rolls", 1, 3),), rule="l.125"),
    "informant_cancel_ambush": EffectKind("event", rule="l.126 (1)"),
    "informant_retreat": EffectKind("event", rule="l.126 (2)"),
    "recon_patrol": EffectKind("event", (Param("takes", names=True),), faction=_G, rule="l.127"),
    "supply_cut": EffectKind("event", rule="l.128"),
    "un_intervention": EffectKind("event", (Param("defence", 0, 20),), rule="l.129"),
    # complexes' abilities (l.131-l.141), for the faction controlling the complex
    "air_strike": EffectKind("complex", (Param("attack", 0, 20),), rule="l.131"),
    "extra_action": EffectKind("complex", (Param("actions", 1, 2),), "passive", rule="l.133"),
    "retrieve": EffectKind("complex", (Param("government", names=True), Param("rebel", names=True)),
                           rule="l.134, l.137"),
    "free_move": EffectKind("complex", (Param("groups", 1, 2),), rule="l.135"),
    "police": EffectKind("complex", (_THRESHOLD,), rule="l.136"),
    "hand_capacity": EffectKind("complex", (Param("delta", 1, 2),), "passive", rule="l.137"),
    "immunity": EffectKind("complex", (), "passive", rule="l.138"),
    "replace_leader": EffectKind("complex", rule="l.138"),
    "propaganda": EffectKind("complex", (_THRESHOLD,), rule="l.141"),
    # red cards resolved when drawn (l.95)
    "revolution": EffectKind("red", (), "drawn", rule="l.139"),
    "traitors": EffectKind("red", (_THRESHOLD,), "drawn", rule="l.140"),
    "bad_weather": EffectKind("red", (Param("clear_above", 0, 10),), "drawn", rule="l.132"),
}
EFFECT_CODES = tuple(EFFECTS)
MAX_PARAMS = max(len(k.params) for k in EFFECTS.values())

# Compiled layout: one row of CARD_WIDTH ints per physical card (the card id is the row number):
# units, leaders, complexes, events, red cards, each in file order, copies side by side. CARD_HEAD: kind (index in KINDS), type (the card's entry, index in
# Deck.types), faction (FACTIONS), title (TITLES), letter (0-5 = A-F, -1 none), cost (-1 none),
# government and rebel (unit strength or leader rating, else 0), modifier (leaders), df and vp
# (complexes), set_aside (0/1), n_uses. Then MAX_USES slots of USE_WIDTH ints: the kind's index
# in EFFECT_CODES (-1: empty), cost (-1: passive or drawn), phases (bit i = letter i), per_turn
# (0: no limit), then the parameters in EFFECTS order (a list of classes as a mask over
# Deck.classes), zero-padded. Every value fits an int32.
CARD_HEAD = ("kind", "type", "faction", "title", "letter", "cost", "government", "rebel",
             "modifier", "df", "vp", "set_aside", "n_uses")
USE_WIDTH = 4 + MAX_PARAMS
CARD_WIDTH = len(CARD_HEAD) + MAX_USES * USE_WIDTH

_HOLDERS = {"complex": "abilities", "event": "uses", "red": "uses"}
_KEYS = {
    "unit": ("government", "rebel", "count", "source"),
    "leader": ("government", "rebel", "modifier", "count", "source"),
    "complex": ("name", "df", "vp", "abilities", "count", "source"),
    "event": ("name", "count", "title", "letter", "cost", "faction", "uses", "source"),
    "red": ("name", "count", "set_aside", "uses", "source"),
}
_HALF = ("name", "rating", "source")
_LOYALTY = ("players", "rebel", "government", "mercenary", "two_mercenaries", "source")
_TOP = ("total", "loyalty") + KINDS
PLAYERS = range(2, 7)                                 # "3-6 players"; 2: our open duel


@dataclass(frozen=True)
class Use:
    """One use of a card or ability: its kind, parameters, and (action uses) cost and phases."""
    kind: str
    params: dict            # name -> int, or tuple of class names
    cost: int               # actions; -1 for passive and drawn uses
    phases: str             # letters of the phases it may be used in ("" if not an action)
    per_turn: int           # 0: no limit
    sources: dict           # "kind" and each field -> source tag

    @property
    def code(self) -> int:
        return EFFECT_CODES.index(self.kind)


@dataclass(frozen=True)
class CardType:
    """One entry of the file: `count` identical cards."""
    name: str
    kind: str               # unit | leader | complex | event | red
    count: int
    government: int = 0     # unit strength or leader command rating of the Government half
    rebel: int = 0          # ... of the Rebel half
    modifier: int = 0       # a leader's command modifier
    leaders: tuple[str, ...] = ()    # a leader card's two names, Government half first
    df: int = 0
    vp: int = 0
    title: str = "none"
    letter: str | None = None
    cost: int | None = None
    faction: str = "any"
    set_aside: bool = False
    uses: tuple[Use, ...] = ()
    sources: dict = None    # field -> source tag

    def value(self, faction: str) -> int:
        """The strength (unit) or command rating (leader) of the half in play for `faction`;
        an Armor Column, a unit on the table, its strength (l.121)."""
        if self.uses and self.uses[0].kind == "armor_column":
            return self.uses[0].params["strength"]
        return self.government if faction == _G else self.rebel

    def use(self, kind: str) -> Use:
        return next(u for u in self.uses if u.kind == kind)


@dataclass(frozen=True)
class Loyalty:
    players: int
    rebel: int
    government: int
    mercenary: int
    two_mercenaries: bool   # the option for 4 and 6 players (l.30)


@dataclass(frozen=True)
class Deck:
    types: tuple[CardType, ...]
    cards: tuple[int, ...]          # the type of each physical card; a card's id is its position
                                    # (units, leaders, complexes, events, red cards: as `types`)
    loyalty: tuple[Loyalty, ...]
    classes: tuple[str, ...]        # what `takes` lists may name: "unit", "leader", the events
    where: str

    def index(self, name: str) -> int:
        return find(self.types, name, "card", self.where)

    def type(self, name: str) -> CardType:
        return self.types[self.index(name)]

    def of(self, kind: str) -> list[CardType]:
        return [t for t in self.types if t.kind == kind]

    def count(self, kind: str | None = None) -> int:
        """Physical cards of a kind (all cards if None)."""
        return sum(t.count for t in self.types if kind is None or t.kind == kind)

    def ids(self, name: str) -> list[int]:
        """The card ids of a type's copies."""
        i = self.index(name)
        return [c for c, t in enumerate(self.cards) if t == i]

    def markers(self, players: int, two_mercenaries: bool = False) -> Loyalty:
        """The loyalty markers dealt at this player count (l.29-l.30)."""
        for row in self.loyalty:
            if row.players == players and row.two_mercenaries == two_mercenaries:
                return row
        option = " with two Mercenaries" if two_mercenaries else ""
        raise DataError(f"{self.where}: no loyalty markers for {players} players{option}")

    def compile(self) -> tuple[tuple[int, ...], ...]:
        """One CARD_WIDTH row per physical card (layout above), for a game state's C array."""
        rows = {i: _row(t, i, self.classes) for i, t in enumerate(self.types)}
        return tuple(rows[t] for t in self.cards)


def _mask(names: tuple[str, ...], classes: tuple[str, ...]) -> int:
    return sum(1 << classes.index(n) for n in names)


def _row(t: CardType, type_index: int, classes: tuple[str, ...]) -> tuple[int, ...]:
    row = [KINDS.index(t.kind), type_index, FACTIONS.index(t.faction), TITLES.index(t.title),
           -1 if t.letter is None else LETTERS.index(t.letter), -1 if t.cost is None else t.cost,
           t.government, t.rebel, t.modifier, t.df, t.vp, int(t.set_aside), len(t.uses)]
    for k in range(MAX_USES):
        if k >= len(t.uses):
            row.extend((-1,) + (0,) * (USE_WIDTH - 1))
            continue
        u = t.uses[k]
        slot = [u.code, u.cost, sum(1 << LETTERS.index(p) for p in u.phases), u.per_turn]
        for p in EFFECTS[u.kind].params:
            slot.append(_mask(u.params[p.name], classes) if p.names else u.params[p.name])
        row.extend(slot + [0] * (USE_WIDTH - len(slot)))
    return tuple(row)


# ---------------------------------------------------------------- parsing

def _int(table: dict, key: str, where: str, tag: str, lo: int, hi: int, sources: dict,
         default: int | None = None) -> int:
    value, sources[key] = tagged(table, key, int, where, tag, default=default)
    if not lo <= value <= hi:
        raise DataError(f"{where}: {key} {value} is outside {lo}..{hi}")
    return value


def _word(table: dict, key: str, where: str, tag: str, choices, sources: dict, default=None) -> str:
    value, sources[key] = tagged(table, key, str, where, tag, default=default)
    if value not in choices:
        raise DataError(f"{where}: {key} must be one of {', '.join(choices)}, not {value!r}")
    return value


def _phases(table: dict, where: str, tag: str, default: str | None, sources: dict) -> str:
    value, sources["phase"] = tagged(table, "phase", str, where, tag, default=default)
    if not value or any(p not in LETTERS for p in value) or list(value) != sorted(set(value)):
        raise DataError(f"{where}: phase must be letters A-F in order (e.g. \"B\" or \"AC\"), not {value!r}")
    return value


def _use(raw: object, where: str, tag: str, holder: str, card: dict) -> Use:
    """One use; `card` holds the card's printed cost and letter (events) and its faction."""
    if not isinstance(raw, dict):
        raise DataError(f"{where}: a use is a table {{ kind = \"...\", ... }}, not {raw!r}")
    kind = field(raw, "kind", str, where)
    if kind not in EFFECTS:
        raise DataError(f"{where}: unknown kind {kind!r} (kinds: {', '.join(EFFECTS)})")
    spec = EFFECTS[kind]
    here = f"{where} {kind}"
    if spec.holder != holder:
        raise DataError(f"{here}: a {holder} card cannot carry {kind!r} (only a {spec.holder} card)")
    action = spec.timing == "action"
    extra = ("cost", "phase", "per_turn") if action else ()
    check_keys(raw, ("kind", "source", *extra, *(p.name for p in spec.params)), here)
    own = source(raw, here) if "source" in raw else tag
    sources = {"kind": own}
    if spec.faction != "any" and card["faction"] != spec.faction:
        raise DataError(f"{here}: only a {spec.faction} card may carry {kind!r} "
                        f"(this card's faction is {card['faction']})")
    params = {}
    for p in spec.params:
        if p.names:
            value, sources[p.name] = tagged(raw, p.name, list, here, own)
            if not value or not all(isinstance(n, str) for n in value) or len(set(value)) != len(value):
                raise DataError(f"{here}.{p.name}: must list distinct card classes, not {value!r}")
            params[p.name] = tuple(value)
        else:
            params[p.name] = _int(raw, p.name, here, own, p.lo, p.hi, sources)
    cost, phases, per_turn = -1, "", 0
    if action:
        cost = _int(raw, "cost", here, own, 0, 2, sources, default=card.get("cost"))
        phases = _phases(raw, here, own, card.get("letter"), sources)
        per_turn = _int(raw, "per_turn", here, own, 0, 4, sources, default=0)
    return Use(kind, params, cost, phases, per_turn, sources)


def _uses(entry: dict, key: str, where: str, tag: str, holder: str, card: dict) -> tuple[Use, ...]:
    raw = field(entry, key, list, where)
    if not raw or len(raw) > MAX_USES:
        raise DataError(f"{where}: {key} must list 1..{MAX_USES} uses, not {len(raw)}")
    uses = tuple(_use(u, f"{where}.{key} #{i + 1}", tag, holder, card) for i, u in enumerate(raw))
    kinds = [u.kind for u in uses]
    if len(set(kinds)) != len(kinds):
        raise DataError(f"{where}: {key} lists a kind twice")
    return uses


def _unit(entry: dict, where: str) -> CardType:
    check_keys(entry, _KEYS["unit"], f"{where} unit")
    tag = source(entry, f"{where} unit")
    sources = {"name": tag}
    g = _int(entry, "government", f"{where} unit", tag, 1, 9, sources)
    r = _int(entry, "rebel", f"{where} unit", tag, 1, 9, sources)
    here = f"{where} unit {g}/{r}"
    count = _int(entry, "count", here, tag, 1, MAX_CARDS, sources)
    return CardType(f"Unit {g}/{r}", "unit", count, g, r, sources=sources)


def _half(entry: dict, key: str, where: str, tag: str, sources: dict) -> tuple[str, int]:
    half = field(entry, key, dict, where)
    here = f"{where}.{key}"
    check_keys(half, _HALF, here)
    own = source(half, here) if "source" in half else tag
    name = field(half, "name", str, here).strip()
    if not name:
        raise DataError(f"{here}: a leader needs a non-empty name")
    sources[key] = own
    return name, _int(half, "rating", here, own, 1, 4, {})


def _leader(entry: dict, where: str) -> CardType:
    head = f"{where} leader"
    check_keys(entry, _KEYS["leader"], head)
    tag = source(entry, head)
    sources = {"name": tag}
    (gname, g), (rname, r) = (_half(entry, k, head, tag, sources) for k in ("government", "rebel"))
    name = f"{gname} / {rname}"
    here = f"{where} leader {name!r}"
    modifier = _int(entry, "modifier", here, tag, -3, 3, sources)
    count = _int(entry, "count", here, tag, 1, MAX_CARDS, sources, default=1)
    return CardType(name, "leader", count, g, r, modifier, (gname, rname), sources=sources)


def _complex(entry: dict, where: str) -> CardType:
    name, here, tag = entry_head(entry, "complex", _KEYS["complex"], where)
    sources = {"name": tag}
    df = _int(entry, "df", here, tag, 1, 9, sources)
    vp = _int(entry, "vp", here, tag, 0, 30, sources)
    count = _int(entry, "count", here, tag, 1, MAX_CARDS, sources, default=1)
    uses = _uses(entry, "abilities", here, tag, "complex", {"faction": "any"})
    return CardType(name, "complex", count, df=df, vp=vp, title="red", uses=uses, sources=sources)


def _event(entry: dict, where: str) -> CardType:
    name, here, tag = entry_head(entry, "event", _KEYS["event"], where)
    sources = {"name": tag}
    count = _int(entry, "count", here, tag, 1, MAX_CARDS, sources)
    title = _word(entry, "title", here, tag, ("black", "yellow"), sources)
    letter = _word(entry, "letter", here, tag, tuple(LETTERS), sources) if "letter" in entry else None
    cost = _int(entry, "cost", here, tag, 0, 2, sources) if "cost" in entry else None
    faction = _word(entry, "faction", here, tag, FACTIONS, sources)
    uses = _uses(entry, "uses", here, tag, "event", {"faction": faction, "cost": cost, "letter": letter})
    return CardType(name, "event", count, title=title, letter=letter, cost=cost, faction=faction,
                    uses=uses, sources=sources)


def _red(entry: dict, where: str) -> CardType:
    name, here, tag = entry_head(entry, "red card", _KEYS["red"], where)
    sources = {"name": tag}
    count = _int(entry, "count", here, tag, 1, MAX_CARDS, sources)
    set_aside, sources["set_aside"] = tagged(entry, "set_aside", bool, here, tag)
    uses = _uses(entry, "uses", here, tag, "red", {"faction": "any"})
    return CardType(name, "red", count, title="red", set_aside=set_aside, uses=uses, sources=sources)


_PARSERS = {"unit": _unit, "leader": _leader, "complex": _complex, "event": _event, "red": _red}


def _loyalty(entry: dict, where: str) -> Loyalty:
    check_keys(entry, _LOYALTY, f"{where} loyalty")
    source(entry, f"{where} loyalty")
    players = field(entry, "players", int, f"{where} loyalty")
    two = field(entry, "two_mercenaries", bool, f"{where} loyalty") if "two_mercenaries" in entry else False
    here = f"{where} loyalty for {players} players" + (" (two Mercenaries)" if two else "")
    if players not in PLAYERS:
        raise DataError(f"{here}: players must be 2..6")
    r, g, m = (field(entry, k, int, here) for k in ("rebel", "government", "mercenary"))
    want_m = 2 if two else players % 2
    if r != g or r + g + m != players or m != want_m or (two and players % 2):
        raise DataError(f"{here}: {r} Rebel, {g} Government, {m} Mercenary breaks l.29-l.30 (as many "
                        "Rebel as Government markers, one per player, a Mercenary with an odd count, "
                        "two only as the option for 4 or 6 players)")
    return Loyalty(players, r, g, m, two)


def _check_names(types: list[CardType], where: str) -> tuple[str, ...]:
    names = [t.name for t in types]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        hint = " (raise its count instead)" if twice.startswith("Unit ") else ""
        raise DataError(f"{where}: two entries are named {twice!r}{hint}")
    classes = CLASS_NAMES + tuple(t.name for t in types if t.kind == "event")
    if len(classes) > MAX_CLASSES:
        raise DataError(f"{where}: {len(classes) - 2} kinds of event; at most {MAX_CLASSES - 2}")
    for t in types:
        for u in t.uses:
            for p in EFFECTS[u.kind].params:
                if p.names:
                    bad = next((n for n in u.params[p.name] if n not in classes), None)
                    if bad is not None:
                        raise DataError(f"{where} {t.kind} {t.name!r} {u.kind}.{p.name}: unknown card "
                                        f"class {bad!r} (classes: {', '.join(classes)})")
    return classes


def _check_counts(types: list[CardType], total: int, where: str) -> None:
    counted = sum(t.count for t in types)
    if counted != total:
        raise DataError(f"{where}: the counts add up to {counted} cards, but total is {total}")
    for kind, want, rule in (("revolution", 1, "the Revolution card (l.31)"),
                             ("traitors", 3, "three Traitor cards (l.31)")):
        got = sum(t.count for t in types for u in t.uses if u.kind == kind)
        if got != want:
            raise DataError(f"{where}: {got} cards carry {kind!r}; the rulebook has {rule}")
    units = sum(t.count for t in types if t.kind == "unit")
    if units < max(PLAYERS):
        raise DataError(f"{where}: {units} unit cards; a deal needs at least one per player (l.33)")


def parse_cards(doc: dict, where: str) -> Deck:
    check_keys(doc, _TOP, where)
    total, _ = tagged(doc, "total", int, where, None)
    if not 1 <= total <= MAX_CARDS:
        raise DataError(f"{where}: total {total} is outside 1..{MAX_CARDS}")
    types = [_PARSERS[kind](e, where) for kind in KINDS for e in tables(doc, kind, where)]
    classes = _check_names(types, where)
    _check_counts(types, total, where)
    loyalty = tuple(_loyalty(e, where) for e in tables(doc, "loyalty", where))
    have = [(row.players, row.two_mercenaries) for row in loyalty]
    for players in PLAYERS:
        if (players, False) not in have:
            raise DataError(f"{where}: no loyalty markers for {players} players")
    if len(set(have)) != len(have):
        raise DataError(f"{where}: a player count has two loyalty entries")
    cards = tuple(i for i, t in enumerate(types) for _ in range(t.count))
    return Deck(tuple(types), cards, loyalty, classes, where)


def load_cards(path: str | Path = DATA / "cards.toml") -> Deck:
    """The cards of one file, validated; a DataError names the file and field."""
    return parse_cards(load_toml(path), str(path))


def _parse(docs: dict, folder: Path) -> Deck:
    return parse_cards(docs["cards.toml"], str(folder / "cards.toml"))


GAME_DATA = GameData(DATA, ("cards.toml",), _parse)
