# cython: language_level=3
"""Test and puzzle set-ups: a position in the middle of a round, built from named cards, so
a rule can be tried with the rulebook's own numbers (tests/games/guerilla)."""
from partisan.core.state cimport GameState, token
from partisan.core.bitset cimport ws_add, ws_remove, ws_clear, ws_has
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla.turn cimport start_turn

from collections.abc import Mapping
from itertools import islice

from partisan.core.errors import PartisanError

SCORE_MAX = 9999                # a score a set-up may start from (the tallies are 16-bit)


class PositionError(PartisanError):
    """A set-up asked for something the rules or the engine cannot hold."""


def _whole(value, what):
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{what} must be a whole number, not {value!r}")
    return value.__index__()


def _within(value, lo, hi, what):
    cdef object v = _whole(value, what)
    if not lo <= v <= hi:
        raise PositionError(f"{what} must be in {lo}..{hi}, not {v}")
    return v


def _items(value, most, what):
    """The items of a list or tuple, at most `most` of them."""
    if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{what} must be a list, not {value!r}")
    items = list(islice(value, most + 1))
    if len(items) > most:
        raise PositionError(f"{what} may hold at most {most}")
    return items


class _Cards:
    """Card ids read from the arguments, each placed once."""

    def __init__(self, deck):
        self.deck = deck
        self.placed = set()

    def take(self, value, what, most=NCARDS):
        ids = [_within(c, 0, NCARDS - 1, f"a card of {what}") for c in _items(value, most, what)]
        for c in ids:
            if c in self.placed:
                raise PositionError(f"card {c} is placed twice")
            self.placed.add(c)
        return ids

    def type(self, c):
        return self.deck.types[self.deck.cards[c]]

    def kind(self, c):
        t = self.type(c)
        return "armor" if any(u.kind == "armor_column" for u in t.uses) else t.kind


def _group(cards, int n, raw, int i):
    """(owner, faction, [cards], damage) as the rules allow a group (l.17-l.21, l.121)."""
    what = f"group {i}"
    items = _items(raw, 4, what)
    if len(items) != 4:
        raise PositionError(f"{what} is (owner, faction, [cards], damage), not {raw!r}")
    owner = _within(items[0], 0, n - 1, f"the owner of {what}")
    faction = _within(items[1], 0, 1, f"the faction of {what}")
    ids = cards.take(items[2], what, 5)
    kinds = [cards.kind(c) for c in ids]
    units, leaders, complexes = kinds.count("unit"), kinds.count("leader"), kinds.count("complex")
    if not ids or units + leaders + complexes + kinds.count("armor") != len(ids):
        raise PositionError(f"{what} must be units, a leader and a complex, or an Armor Column")
    if "armor" in kinds and (len(ids) > 1 or faction != F_GOV):
        raise PositionError(f"an Armor Column stands alone, for the Government (l.121): {what}")
    if leaders > 1 or complexes > 1 or units > (1 if complexes else 3):
        raise PositionError(f"{what} exceeds one leader and three units, or one complex with "
                            "one unit and a leader (l.17)")
    if leaders and not units and not complexes:
        raise PositionError(f"a leader is never alone (l.18): {what}")
    df = next((cards.type(c).df for c, k in zip(ids, kinds) if k == "complex"), 0)
    damage = _within(items[3], 0, df, f"the damage of {what} (at most its complex's DF)")
    return owner, faction, ids, damage


def checked(deck, int n, loyalties, hands, groups, active, cards, discard, scores, sudden):
    """GuerillaState.arrange's arguments, each checked (TypeError, PositionError) and
    normalised, before the state changes."""
    placed = _Cards(deck)
    marks = _items(loyalties, n, "loyalties")
    if len(marks) != n:
        raise PositionError(f"{n} loyalties needed, not {len(marks)}")
    marks = [_within(m, 0, 2, "a loyalty (0 Government, 1 Rebel, 2 Mercenary)") for m in marks]
    if not isinstance(hands, Mapping):
        raise TypeError(f"hands must map seats to card lists, not {hands!r}")
    held = {}
    for seat, value in hands.items():
        q = _within(seat, 0, n - 1, "a seat of hands")
        held[q] = placed.take(value, f"seat {q}'s hand")
        if any(placed.kind(c) in ("complex", "red") for c in held[q]):
            raise PositionError(f"a red card is played as it is drawn, never held: seat {q}'s hand")
    laid = [_group(placed, n, g, i) for i, g in enumerate(_items(groups, NGROUPS, "groups"))]
    pile = placed.take(discard, "the discard pile")
    if cards is not None:
        cards = placed.take(cards, "the deck")
    if scores is not None:
        pair = _items(scores, 2, "scores")
        if len(pair) != 2:
            raise PositionError("scores are ((one per seat), (Government, Rebel))")
        seats, factions = _items(pair[0], n, "the seats' scores"), _items(pair[1], 2, "the faction scores")
        if len(seats) != n or len(factions) != 2:
            raise PositionError(f"scores need {n} seats' scores and 2 factions' scores")
        scores = ([_within(v, 0, SCORE_MAX, "a score") for v in seats],
                  [_within(v, 0, SCORE_MAX, "a score") for v in factions])
    return (marks, held, laid, _within(active, 0, n - 1, "active"), cards, pile, scores,
            _within(sudden, 0, SUDDEN_START, "the sudden-death marker"))


cdef void _take(Guerilla* d, int card, int place) noexcept nogil:
    cdef int i
    for i in range(NPLACES):
        ws_remove(d.cards[i], NW, card)
    ws_add(d.cards[place], NW, card)


cdef void arrange(GameState st, Guerilla* d, loyalties, hands, groups, int active, deck,
                  discard, scores, int sudden) except *:
    """Start `active`'s turn with the given loyalties (markers per seat), hands (seat -> card
    ids), groups ((owner, faction, [card ids], damage)), the deck (card ids; None: every card
    not placed but the Revolution), `discard` (card ids, bottom first) face up, the scores
    ((per seat), (Government, Rebel)) and sudden death (its marker; 0: not begun). Every
    other card is set aside. Each seat sees its own hand; the rest is public. The arguments
    are `checked`'s."""
    cdef int c, q, gi, i
    cdef Group* g
    used = set()
    for q, cards in hands.items():
        used.update(cards)
    for owner, faction, cards, damage in groups:
        used.update(cards)
    used.update(discard)
    for q in range(d.n):
        d.loyalty[q] = loyalties[q]
        d.known[q] = marker_seen_by(d, q)
    for i in range(NPLACES):
        ws_clear(d.cards[i], NW)
        for q in range(GMAXP):
            ws_clear(d.seen[q][i], NW)
            ws_clear(d.barred[q][i], NW)
    for c in range(NCARDS):
        _take(d, c, P_ASIDE)
    for q, cards in hands.items():
        for c in cards:
            _take(d, c, P_HAND + q)
            ws_add(d.seen[q][P_HAND + q], NW, c)
    for gi in range(NGROUPS):
        group_clear(&d.grp[gi])
    d.nlinks = 0                                       # no event under way on the new table
    d.ar_group = -1
    d.b_att2 = -1
    d.aa_stage = 0
    d.rc_stage = 0
    for gi, (owner, faction, cards, damage) in enumerate(groups):
        g = &d.grp[gi]
        g.owner = owner
        g.faction = faction
        g.damage = damage
        for c in cards:
            group_add(d, g, c)
            _take(d, c, P_TABLE)
    d.grp_next = <int8_t>(len(groups) % NGROUPS)       # as if placed in turn (take_group)
    d.disc.n = 0
    for c in discard:
        _take(d, c, P_DISC)
        d.disc.slot[d.disc.n] = c
        d.disc.n += 1
        for q in range(d.n):
            ws_add(d.seen[q][P_DISC], NW, c)
    if deck is None:
        deck = [c for c in range(NCARDS) if c not in used and c != d.revolution]
    for c in deck:
        _take(d, c, P_DECK)
    if scores is not None:
        for q in range(d.n):
            d.score[q] = scores[0][q]
        d.fscore[F_GOV] = scores[1][0]
        d.fscore[F_REB] = scores[1][1]
    d.sudden = sudden > 0
    d.sudden_marker = sudden
    for c in range(NCARDS):
        if in_place(d, P_ASIDE, c):
            for q in range(d.n):
                ws_add(d.seen[q][P_ASIDE], NW, c)
    deck_rebuild(d, -1)
    d.dealer = active
    start_turn(st, d, active)
