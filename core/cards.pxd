# Card sets as 64-bit masks (bit i = card i): hands, piles and decks of up to
# 64 cards. Drawing from a pile is a uniform choice of one of its bits, so a
# shuffled pile needs no order, and resampling deals a pool back into slots.
from libc.stdint cimport uint64_t
from partisan.core.rng cimport Rng, rng_below
from partisan.core.bitset cimport popcount64, ctz64


cdef inline uint64_t bit(int card) noexcept nogil:
    return (<uint64_t>1) << card


cdef inline int count(uint64_t mask) noexcept nogil:
    return popcount64(mask)


cdef inline int lowest(uint64_t mask) noexcept nogil:
    """Index of the lowest card in a non-empty mask."""
    return ctz64(mask)


cdef inline int nth(uint64_t mask, int n) noexcept nogil:
    """Index of the n-th (0-based, ascending) card of the mask."""
    while n > 0:
        mask &= mask - 1
        n -= 1
    return ctz64(mask)


cdef inline int random_card(uint64_t mask, Rng* rng) noexcept nogil:
    """A uniformly chosen card of a non-empty mask."""
    return nth(mask, <int>rng_below(rng, <unsigned int>popcount64(mask)))


cdef inline int to_list(uint64_t mask, int* out) noexcept nogil:
    """Write the cards in ascending order; return how many."""
    cdef int n = 0
    while mask:
        out[n] = ctz64(mask)
        mask &= mask - 1
        n += 1
    return n


cdef inline uint64_t deal(uint64_t* pool, int k, Rng* rng) noexcept nogil:
    """Remove k uniformly chosen cards from *pool and return them as a mask."""
    cdef uint64_t out = 0
    cdef int c
    while k > 0:
        c = random_card(pool[0], rng)
        pool[0] &= ~bit(c)
        out |= bit(c)
        k -= 1
    return out
