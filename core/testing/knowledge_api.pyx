# cython: language_level=3
"""Python wrappers over the inline blocks for tests: core/knowledge.pxd. `Table` holds set
places (CardSet width) with seen/barred rows, `Piles` counted places with lower bounds;
both are bare GameStates, so moves feed their information-state keys. Arguments are
checked here; the block trusts them."""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset
from partisan.core.rng cimport Rng, rng_seed
from partisan.core.state cimport GameState
from partisan.core.bitset cimport ws_add, ws_clear, ws_to_list
cimport partisan.core.knowledge as kn

PUBLIC, OWNER, OWNER_AND_OTHER, NOBODY = kn.PUBLIC, kn.OWNER, kn.OWNER_AND_OTHER, kn.NOBODY
MAX_PLACES = kn.KN_MAX_PLACES
MAX_KINDS = kn.KN_MAX_KINDS

cdef enum:
    NW = 4              # words of a card set: 256 cards, wider than any game's deck
    CARDS = 64 * NW
    TP = 12             # places of a Table / Piles
    TS = 4              # seats
    PK = 8              # kinds of a Piles


cdef void _fill(uint64_t* w, int nw, cards) except *:
    ws_clear(w, nw)
    for c in cards:
        if not 0 <= c < 64 * nw:
            raise ValueError(f"card {c} is outside 0..{64 * nw - 1}")
        ws_add(w, nw, c)


cdef list _read(const uint64_t* w, int nw):
    cdef int out[CARDS]
    cdef int n = ws_to_list(w, nw, out)
    return [out[i] for i in range(n)]


def redeal(pool, needs, allowed=None, uint64_t seed=0):
    """redeal() over CardSet-wide sets: the cards each place gets, or None if infeasible.
    allowed: None, or one list of cards (or None: anything) per place."""
    cdef uint64_t p[NW]
    cdef uint64_t allow[kn.KN_MAX_PLACES * NW]
    cdef uint64_t out[kn.KN_MAX_PLACES * NW]
    cdef int need[kn.KN_MAX_PLACES]
    cdef int i, n = len(needs)
    cdef Rng rng
    if not 0 < n <= kn.KN_MAX_PLACES or (allowed is not None and len(allowed) != n):
        raise ValueError("one need (and one allowed set) per place, at most KN_MAX_PLACES")
    _fill(p, NW, pool)
    if sum(needs) != len(set(pool)) or min(needs) < 0:
        raise ValueError("the needs must add up to the pool's size")
    for i in range(n):
        need[i] = needs[i]
        if allowed is not None:
            _fill(allow + i * NW, NW, range(CARDS) if allowed[i] is None else allowed[i])
    rng_seed(&rng, seed)
    if not kn.redeal(p, NW, n, need, allow if allowed is not None else NULL, out, &rng):
        return None
    return [_read(out + i * NW, NW) for i in range(n)]


cdef int _vis(int vis, int owner, int other, int seats) except -1:
    if not 0 <= vis <= 3:
        raise ValueError("visibility is PUBLIC, OWNER, OWNER_AND_OTHER or NOBODY")
    if vis in (kn.OWNER, kn.OWNER_AND_OTHER) and not 0 <= owner < seats:
        raise ValueError("the owner must be a seat")
    if vis == kn.OWNER_AND_OTHER and not 0 <= other < seats:
        raise ValueError("the other must be a seat")
    return 0


cdef class Table(GameState):
    """TP set places, TS seats, one knowledge row per seat (or one public row)."""
    cdef uint64_t cards[TP][NW]
    cdef uint64_t seen[TS][TP][NW]
    cdef uint64_t barred[TS][TP][NW]
    cdef kn.Places pl

    def __init__(self, contents, bint public_row=False):
        self.num_players = TS
        memset(self.cards, 0, sizeof(self.cards))
        memset(self.seen, 0, sizeof(self.seen))
        memset(self.barred, 0, sizeof(self.barred))
        if len(contents) > TP:
            raise ValueError(f"at most {TP} places")
        for i, cards in enumerate(contents):
            _fill(self.cards[i], NW, cards)
        self.pl = kn.places(&self.cards[0][0], &self.seen[0][0][0], &self.barred[0][0][0],
                            NW, TP, 1 if public_row else TS)

    def _place(self, int i):
        if not 0 <= i < TP:
            raise ValueError("no such place")
        return i

    def _row(self, int r):
        if not 0 <= r < self.pl.nrows:
            raise ValueError("no such row")
        return r

    def move(self, int card, int src, int dst, int vis, int owner=-1, int other=-1,
             uint64_t shown=0, uint64_t hidden=0):
        self._place(src), self._place(dst), _vis(vis, owner, other, TS)
        if not 0 <= card < CARDS or not (self.cards[src][card >> 6] >> (card & 63)) & 1:
            raise ValueError("the card is not in src")
        kn.move_card(self, &self.pl, card, src, dst, vis, owner, other, shown, hidden)

    def move_set(self, cards, int src, int dst, int vis, int owner=-1, int other=-1,
                 uint64_t shown=0, uint64_t hidden=0):
        cdef uint64_t m[NW]
        self._place(src), self._place(dst), _vis(vis, owner, other, TS)
        _fill(m, NW, cards)
        if not set(cards) <= set(_read(self.cards[src], NW)):
            raise ValueError("the cards are not all in src")
        kn.move_cards(self, &self.pl, m, src, dst, vis, owner, other, shown, hidden)

    def show(self, int card, int place, int vis, int owner=-1, int other=-1,
             uint64_t shown=0, uint64_t hidden=0):
        self._place(place), _vis(vis, owner, other, TS)
        kn.show_card(self, &self.pl, card, place, vis, owner, other, shown, hidden)

    def bar(self, int row, int place, cards):
        cdef uint64_t m[NW]
        self._row(row), self._place(place)
        _fill(m, NW, cards)
        kn.bar_cards(&self.pl, row, place, m)

    def place(self, int i):
        return _read(self.cards[self._place(i)], NW)

    def seen_in(self, int row, int place):
        return _read(self.seen[self._row(row)][self._place(place)], NW)

    def barred_from(self, int row, int place):
        return _read(self.barred[self._row(row)][self._place(place)], NW)

    def resample_places(self, int seat, hidden, uint64_t seed):
        """resample_places(); False if the knowledge admits no deal."""
        cdef int h[kn.KN_MAX_PLACES]
        cdef Rng rng
        if not 0 <= seat < TS or len(hidden) > kn.KN_MAX_PLACES:
            raise ValueError("bad seat or too many places")
        for i, x in enumerate(hidden):
            h[i] = self._place(x)
        rng_seed(&rng, seed)
        return bool(kn.resample_places(&self.pl, seat, h, len(hidden), &rng))


cdef class Piles(GameState):
    """TP counted places of PK kinds, TS seats with lower bounds."""
    cdef uint8_t cnt[TP][PK]
    cdef uint8_t tot[TP]
    cdef uint8_t lb[TS][TP][PK]
    cdef kn.Counted c

    def __init__(self, counts):
        self.num_players = TS
        memset(self.cnt, 0, sizeof(self.cnt))
        memset(self.tot, 0, sizeof(self.tot))
        memset(self.lb, 0, sizeof(self.lb))
        if len(counts) > TP:
            raise ValueError(f"at most {TP} places")
        for i, row in enumerate(counts):
            if len(row) > PK or min(row, default=0) < 0 or sum(row) > 255:
                raise ValueError(f"a place has at most {PK} kinds and 255 cards")
            for t, k in enumerate(row):
                self.cnt[i][t] = k
                self.tot[i] += k
        self.c = kn.counted(&self.cnt[0][0], self.tot, &self.lb[0][0][0], PK, PK, TP, TS)

    def move(self, int kind, int src, int dst, int vis, int owner=-1, int other=-1,
             uint64_t shown=0, uint64_t hidden=0):
        _vis(vis, owner, other, TS)
        if not (0 <= src < TP and 0 <= dst < TP and 0 <= kind < PK) or self.cnt[src][kind] == 0:
            raise ValueError("no such card in src")
        kn.move_kind(self, &self.c, kind, src, dst, vis, owner, other, shown, hidden)

    def move_all(self, int src, int dst, int vis, int owner=-1, int other=-1,
                 uint64_t shown=0, uint64_t hidden=0):
        _vis(vis, owner, other, TS)
        if not (0 <= src < TP and 0 <= dst < TP) or src == dst:
            raise ValueError("bad places")
        kn.move_place(self, &self.c, src, dst, vis, owner, other, shown, hidden)

    def counts(self, int place):
        return [self.cnt[place][t] for t in range(PK)]

    def size(self, int place):
        return self.tot[place]

    def bounds(self, int seat, int place):
        return [self.lb[seat][place][t] for t in range(PK)]

    def redeal(self, int seat, hidden, allowed=None, uint64_t seed=0):
        """counted_redeal(); allowed: None or one list of kinds (None: any) per place."""
        cdef int h[kn.KN_MAX_PLACES]
        cdef unsigned int allow[kn.KN_MAX_PLACES]
        cdef Rng rng
        if not 0 <= seat < TS or len(hidden) > kn.KN_MAX_PLACES:
            raise ValueError("bad seat or too many places")
        for i, x in enumerate(hidden):
            if not 0 <= x < TP:
                raise ValueError("no such place")
            h[i] = x
            if allowed is not None:
                allow[i] = 0xFFFFFFFF if allowed[i] is None else sum(1 << t for t in set(allowed[i]))
        rng_seed(&rng, seed)
        return bool(kn.counted_redeal(&self.c, seat, h, len(hidden),
                                      allow if allowed is not None else NULL, &rng))
