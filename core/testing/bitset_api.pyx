# cython: language_level=3
"""Python wrappers over the inline blocks for tests: core/bitset.pxd (CardSet, 256 cards).
Sets cross the boundary as lists of card numbers; checked here, trusted by the block."""
from libc.stdint cimport uint64_t
from partisan.core.rng cimport Rng, rng_seed
cimport partisan.core.bitset as bs

CS_CARDS = bs.CS_CARDS


cdef bs.CardSet _set(cards) except *:
    cdef bs.CardSet s
    bs.clear(&s)
    for c in cards:
        if not 0 <= c < bs.CS_CARDS:
            raise ValueError(f"card {c} is outside 0..{bs.CS_CARDS - 1}")
        bs.add(&s, c)
    return s


cdef list _list(bs.CardSet s):
    cdef int out[bs.CS_CARDS]
    cdef int n = bs.to_list(&s, out)
    return [out[i] for i in range(n)]


def roundtrip(cards):
    """The set built with add(), read back with to_list()."""
    return _list(_set(cards))


def single(int card):
    return _list(bs.single(card))


def count(cards):
    cdef bs.CardSet s = _set(cards)
    return bs.count(&s)


def lowest(cards):
    cdef bs.CardSet s = _set(cards)
    return bs.lowest(&s)


def nth(cards, int n):
    cdef bs.CardSet s = _set(cards)
    if not 0 <= n < bs.count(&s):
        raise ValueError("n is outside the set")
    return bs.nth(&s, n)


def has(cards, int card):
    cdef bs.CardSet s = _set(cards)
    return bool(bs.has(&s, card))


def removed(cards, int card):
    cdef bs.CardSet s = _set(cards)
    bs.remove(&s, card)
    return _list(s)


def cleared(cards):
    cdef bs.CardSet s = _set(cards)
    bs.clear(&s)
    return _list(s)


def union(a, b):
    return _list(bs.union(_set(a), _set(b)))


def intersection(a, b):
    return _list(bs.intersection(_set(a), _set(b)))


def difference(a, b):
    return _list(bs.difference(_set(a), _set(b)))


def equal(a, b):
    cdef bs.CardSet x = _set(a), y = _set(b)
    return bool(bs.equal(&x, &y))


def is_empty(cards):
    cdef bs.CardSet s = _set(cards)
    return bool(bs.is_empty(&s))


def random_cards(cards, int draws, uint64_t seed):
    """`draws` independent random_card() draws from the set."""
    cdef bs.CardSet s = _set(cards)
    cdef Rng rng
    if bs.is_empty(&s):
        raise ValueError("the set is empty")
    rng_seed(&rng, seed)
    return [bs.random_card(&s, &rng) for _ in range(draws)]


def deal(pool, int k, uint64_t seed):
    """deal(): (the k cards dealt, what is left of the pool)."""
    cdef bs.CardSet p = _set(pool)
    cdef Rng rng
    if not 0 <= k <= bs.count(&p):
        raise ValueError("k is larger than the pool")
    rng_seed(&rng, seed)
    dealt = bs.deal(&p, k, &rng)
    return _list(dealt), _list(p)
