# cython: language_level=3
"""Python wrappers over the inline blocks for tests: core/bitset.pxd's word arrays, at a width of
WORDS words (256 cards). Sets cross the boundary as lists of card numbers; checked here,
trusted by the block."""
from libc.stdint cimport uint64_t
from partisan.core.rng cimport Rng, rng_seed
cimport partisan.core.bitset as bs

cdef enum:
    WORDS = 4

CARDS = 64 * WORDS


cdef class Words:
    cdef uint64_t w[WORDS]

    def __init__(self, cards=()):
        bs.ws_clear(self.w, WORDS)
        for c in cards:
            if not 0 <= c < CARDS:
                raise ValueError(f"card {c} is outside 0..{CARDS - 1}")
            bs.ws_add(self.w, WORDS, c)

    def cards(self):
        cdef int out[64 * WORDS]
        cdef int n = bs.ws_to_list(self.w, WORDS, out)
        return [out[i] for i in range(n)]


def _words(cards) -> Words:
    return cards if isinstance(cards, Words) else Words(cards)


def roundtrip(cards):
    """The set built with ws_add(), read back with ws_to_list()."""
    return _words(cards).cards()


def count(cards):
    cdef Words s = _words(cards)
    return bs.ws_count(s.w, WORDS)


def lowest(cards):
    cdef Words s = _words(cards)
    return bs.ws_lowest(s.w, WORDS)


def nth(cards, int n):
    cdef Words s = _words(cards)
    if not 0 <= n < bs.ws_count(s.w, WORDS):
        raise ValueError("n is outside the set")
    return bs.ws_nth(s.w, WORDS, n)


def has(cards, int card):
    cdef Words s = _words(cards)
    if not 0 <= card < CARDS:
        raise ValueError(f"card {card} is outside 0..{CARDS - 1}")
    return bool(bs.ws_has(s.w, WORDS, card))


def removed(cards, int card):
    cdef Words s = Words(cards)
    bs.ws_remove(s.w, WORDS, card)
    return s.cards()


def cleared(cards):
    cdef Words s = Words(cards)
    bs.ws_clear(s.w, WORDS)
    return s.cards()


def union(a, b):
    cdef Words x = Words(a), y = _words(b)
    bs.ws_or(x.w, y.w, WORDS)
    return x.cards()


def intersection(a, b):
    cdef Words x = Words(a), y = _words(b)
    bs.ws_and(x.w, y.w, WORDS)
    return x.cards()


def difference(a, b):
    cdef Words x = Words(a), y = _words(b)
    bs.ws_andnot(x.w, y.w, WORDS)
    return x.cards()


def count_and(a, b):
    cdef Words x = _words(a), y = _words(b)
    return bs.ws_count_and(x.w, y.w, WORDS)


def subset(a, b):
    cdef Words x = _words(a), y = _words(b)
    return bool(bs.ws_subset(x.w, y.w, WORDS))


def equal(a, b):
    cdef Words x = _words(a), y = _words(b)
    return bool(bs.ws_equal(x.w, y.w, WORDS))


def is_empty(cards):
    cdef Words s = _words(cards)
    return bool(bs.ws_is_empty(s.w, WORDS))


def random_cards(cards, int draws, uint64_t seed):
    """`draws` independent ws_random() draws from the set."""
    cdef Words s = _words(cards)
    cdef Rng rng
    if bs.ws_is_empty(s.w, WORDS):
        raise ValueError("the set is empty")
    rng_seed(&rng, seed)
    return [bs.ws_random(s.w, WORDS, &rng) for _ in range(draws)]


def deal(pool, int k, uint64_t seed):
    """ws_deal(): (the k cards dealt, what is left of the pool)."""
    cdef Words p = Words(pool), out = Words()
    cdef Rng rng
    if not 0 <= k <= bs.ws_count(p.w, WORDS):
        raise ValueError("k is larger than the pool")
    rng_seed(&rng, seed)
    bs.ws_deal(p.w, out.w, WORDS, k, &rng)
    return out.cards(), p.cards()
