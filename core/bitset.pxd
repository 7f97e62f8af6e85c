# Card sets of any size as word arrays (uint64_t* w, int nw): bit i of word i // 64 is card i.
# These width-generic primitives are what the knowledge block and the games with more than 64
# cards (Guerilla, Heroes of Baler) work on; inlined with a constant nw the loops unroll, so a
# one-word caller pays what core/cards.pxd costs.
# Card numbers are trusted: callers keep them in [0, 64 * nw).
from libc.stdint cimport uint64_t
from partisan.core.rng cimport Rng, rng_below

cdef extern from *:
    int ctz64 "__builtin_ctzll"(unsigned long long) nogil


cdef inline int popcount64(uint64_t x) noexcept nogil:
    """Cards in one word. Written out because, without -mpopcnt, __builtin_popcountll
    is a call into libgcc, and counting is on every game's hot path."""
    x = x - ((x >> 1) & <uint64_t>0x5555555555555555)
    x = (x & <uint64_t>0x3333333333333333) + ((x >> 2) & <uint64_t>0x3333333333333333)
    x = (x + (x >> 4)) & <uint64_t>0x0F0F0F0F0F0F0F0F
    return <int>((x * <uint64_t>0x0101010101010101) >> 56)


# ------------------------------------------------------------- word arrays
cdef inline uint64_t ws_bit(int card) noexcept nogil:
    return (<uint64_t>1) << (card & 63)


cdef inline void ws_clear(uint64_t* w, int nw) noexcept nogil:
    cdef int i
    for i in range(nw):
        w[i] = 0


cdef inline void ws_copy(uint64_t* dst, const uint64_t* src, int nw) noexcept nogil:
    cdef int i
    for i in range(nw):
        dst[i] = src[i]


cdef inline int ws_word(int nw, int card) noexcept nogil:
    """The word holding `card` (0 without a shift when the width is one word)."""
    return card >> 6 if nw > 1 else 0


cdef inline void ws_add(uint64_t* w, int nw, int card) noexcept nogil:
    w[ws_word(nw, card)] |= ws_bit(card)


cdef inline void ws_remove(uint64_t* w, int nw, int card) noexcept nogil:
    w[ws_word(nw, card)] &= ~ws_bit(card)


cdef inline bint ws_has(const uint64_t* w, int nw, int card) noexcept nogil:
    return (w[ws_word(nw, card)] >> (card & 63)) & 1


cdef inline void ws_or(uint64_t* dst, const uint64_t* src, int nw) noexcept nogil:
    cdef int i
    for i in range(nw):
        dst[i] |= src[i]


cdef inline void ws_and(uint64_t* dst, const uint64_t* src, int nw) noexcept nogil:
    cdef int i
    for i in range(nw):
        dst[i] &= src[i]


cdef inline void ws_andnot(uint64_t* dst, const uint64_t* src, int nw) noexcept nogil:
    """dst minus src."""
    cdef int i
    for i in range(nw):
        dst[i] &= ~src[i]


cdef inline bint ws_is_empty(const uint64_t* w, int nw) noexcept nogil:
    cdef int i
    for i in range(nw):
        if w[i]:
            return False
    return True


cdef inline bint ws_equal(const uint64_t* a, const uint64_t* b, int nw) noexcept nogil:
    cdef int i
    for i in range(nw):
        if a[i] != b[i]:
            return False
    return True


cdef inline bint ws_subset(const uint64_t* a, const uint64_t* b, int nw) noexcept nogil:
    """Every card of a is in b."""
    cdef int i
    for i in range(nw):
        if a[i] & ~b[i]:
            return False
    return True


cdef inline int ws_count(const uint64_t* w, int nw) noexcept nogil:
    cdef int i, n = 0
    for i in range(nw):
        n += popcount64(w[i])
    return n


cdef inline int ws_count_and(const uint64_t* a, const uint64_t* b, int nw) noexcept nogil:
    """Cards in both a and b."""
    cdef int i, n = 0
    for i in range(nw):
        n += popcount64(a[i] & b[i])
    return n


cdef inline int ws_lowest(const uint64_t* w, int nw) noexcept nogil:
    """Lowest card of a set, -1 if it is empty."""
    cdef int i
    for i in range(nw):
        if w[i]:
            return 64 * i + ctz64(w[i])
    return -1


cdef inline int ws_nth(const uint64_t* w, int nw, int n) noexcept nogil:
    """The n-th (0-based, ascending) card; n < ws_count(w, nw)."""
    cdef int i, c
    cdef uint64_t m
    for i in range(nw):
        c = popcount64(w[i])
        if n < c:
            m = w[i]
            while n > 0:
                m &= m - 1
                n -= 1
            return 64 * i + ctz64(m)
        n -= c
    return -1


cdef inline int ws_random(const uint64_t* w, int nw, Rng* rng) noexcept nogil:
    """A uniformly chosen card of a non-empty set."""
    return ws_nth(w, nw, <int>rng_below(rng, <unsigned int>ws_count(w, nw)))


cdef inline int ws_to_list(const uint64_t* w, int nw, int* out) noexcept nogil:
    """Write the cards in ascending order; return how many."""
    cdef int i, n = 0
    cdef uint64_t m
    for i in range(nw):
        m = w[i]
        while m:
            out[n] = 64 * i + ctz64(m)
            m &= m - 1
            n += 1
    return n


cdef inline void ws_deal(uint64_t* pool, uint64_t* out, int nw, int k, Rng* rng) noexcept nogil:
    """Move k uniformly chosen cards of pool into out (which is added to, not cleared).
    Every k-subset of the pool is equally likely."""
    cdef int c
    while k > 0:
        c = ws_random(pool, nw, rng)
        ws_remove(pool, nw, c)
        ws_add(out, nw, c)
        k -= 1
