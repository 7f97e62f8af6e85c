# Ordered piles: a deck or a discard pile as slots from the bottom to the top.
# A slot holds a card known in place, or is one of the unknown slots of a shuffled
# segment. Which card lies in an unknown slot is never stored: the cards of all
# segments are one unordered pool, and a draw from the top is a chance node over
# that pool (weighted by the segment's pinned cards), so nothing about a future
# draw is in the state and a resample has no order to redraw.
# Every writer checks capacity and returns False (changing nothing) when it cannot.
from libc.stdint cimport int8_t, int16_t, uint8_t
from libc.string cimport memmove
from partisan.core.rng cimport Rng, rng_below

cdef enum:
    PILE_CAP = 256      # slots of one pile
    PILE_SEGS = 8       # shuffled segments
    PILE_PINS = 8       # cards held to one segment ("somewhere in the bottom half")
    CARD_LIMIT = 32767  # card ids are 0 .. CARD_LIMIT - 1

ctypedef struct Pile:
    int16_t slot[PILE_CAP]      # bottom to top: card id >= 0, or -1 - segment (unknown)
    int16_t free_[PILE_CAP]     # cards in unknown slots that no pin holds; ascending
    int16_t seg_size[PILE_SEGS] # unknown slots left in each segment
    int16_t pin_card[PILE_PINS]
    int8_t pin_seg[PILE_PINS]
    int16_t n                   # slots
    int16_t nfree
    int8_t npin


cdef inline void pile_clear(Pile* p) noexcept nogil:
    cdef int i
    for i in range(PILE_CAP):
        p.slot[i] = 0
        p.free_[i] = 0
    for i in range(PILE_SEGS):
        p.seg_size[i] = 0
    for i in range(PILE_PINS):
        p.pin_card[i] = 0
        p.pin_seg[i] = 0
    p.n = 0
    p.nfree = 0
    p.npin = 0


cdef inline bint _valid_card(int card) noexcept nogil:
    return 0 <= card < CARD_LIMIT


cdef inline bint pile_put_top(Pile* p, int card) noexcept nogil:
    """Lay `card` face down on top, its place known (a discard, a card put back)."""
    if p.n >= PILE_CAP or not _valid_card(card):
        return False
    p.slot[p.n] = <int16_t>card
    p.n += 1
    return True


cdef inline bint pile_put_bottom(Pile* p, int card) noexcept nogil:
    if p.n >= PILE_CAP or not _valid_card(card):
        return False
    memmove(&p.slot[1], &p.slot[0], p.n * sizeof(int16_t))
    p.slot[0] = <int16_t>card
    p.n += 1
    return True


cdef inline int pile_card_at(const Pile* p, int i) noexcept nogil:
    """The card in slot i (0 = bottom) if its place is known, else -1."""
    if i < 0 or i >= p.n or p.slot[i] < 0:
        return -1
    return p.slot[i]


cdef inline int pile_find_from_top(const Pile* p, const uint8_t* wanted, int ncards) noexcept nogil:
    """The slot of the known card nearest the top with wanted[card] set (cards >= ncards
    are not wanted), or -1: "take the topmost unit from the discard pile"."""
    cdef int i, c
    for i in range(p.n - 1, -1, -1):
        c = p.slot[i]
        if 0 <= c < ncards and wanted[c]:
            return i
    return -1


cdef inline int pile_remove_at(Pile* p, int i) noexcept nogil:
    """Take the known card out of slot i; the slots above move down. -1 if not known."""
    cdef int c = pile_card_at(p, i)
    if c < 0:
        return -1
    memmove(&p.slot[i], &p.slot[i + 1], (p.n - 1 - i) * sizeof(int16_t))
    p.n -= 1
    p.slot[p.n] = 0
    return c


cdef inline int _free_index(const Pile* p, int card) noexcept nogil:
    """Position of card in the ascending free pool, or -1 (binary search)."""
    cdef int lo = 0, hi = p.nfree - 1, mid
    while lo <= hi:
        mid = (lo + hi) >> 1
        if p.free_[mid] == card:
            return mid
        if p.free_[mid] < card:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


cdef inline void _free_insert(Pile* p, int card) noexcept nogil:
    """Callers guarantee room: the free pool never holds more cards than the pile has slots."""
    cdef int i = p.nfree
    while i > 0 and p.free_[i - 1] > card:
        i -= 1
    memmove(&p.free_[i + 1], &p.free_[i], (p.nfree - i) * sizeof(int16_t))
    p.free_[i] = <int16_t>card
    p.nfree += 1


cdef inline void _free_remove_at(Pile* p, int i) noexcept nogil:
    memmove(&p.free_[i], &p.free_[i + 1], (p.nfree - 1 - i) * sizeof(int16_t))
    p.nfree -= 1
    p.free_[p.nfree] = 0


cdef inline void _pin_remove_at(Pile* p, int i) noexcept nogil:
    p.npin -= 1
    p.pin_card[i] = p.pin_card[p.npin]
    p.pin_seg[i] = p.pin_seg[p.npin]
    p.pin_card[p.npin] = 0
    p.pin_seg[p.npin] = 0


cdef inline int pile_cards(const Pile* p, int* out) noexcept nogil:
    """Every card in the pile (known places bottom to top, then pinned, then the pool)."""
    cdef int i, k = 0
    for i in range(p.n):
        if p.slot[i] >= 0:
            out[k] = p.slot[i]
            k += 1
    for i in range(p.npin):
        out[k] = p.pin_card[i]
        k += 1
    for i in range(p.nfree):
        out[k] = p.free_[i]
        k += 1
    return k


cdef inline bint pile_shuffle_split(Pile* p, const int* sizes, const int* pins, int k) noexcept nogil:
    """Shuffle the whole pile into k segments, bottom first: segment j has sizes[j] slots
    and holds the card pins[j] (-1: none) at a uniform place among them; the other cards
    are spread uniformly over the other slots. k = 1 with no pin is a plain shuffle; the
    Revolution card "somewhere in the bottom half" of n cards is sizes = (h, n - h),
    pins = (revolution, -1). False (pile unchanged) if the sizes do not add up to the
    pile, a pinned card is not in it or is pinned twice, or k is out of range."""
    cdef int cards[PILE_CAP]
    cdef int j, i, c, m, total = 0, npin = 0
    if k < 1 or k > PILE_SEGS:
        return False
    for j in range(k):
        if sizes[j] < 0 or (pins[j] >= 0 and sizes[j] < 1):
            return False
        total += sizes[j]
    if total != p.n:
        return False
    m = pile_cards(p, cards)
    for j in range(k):
        if pins[j] < 0:
            continue
        c = 0
        for i in range(m):
            c += cards[i] == pins[j]
        for i in range(j):
            c -= (pins[i] == pins[j]) * 2        # pinned twice: never valid
        if c != 1:
            return False
        npin += 1
    if npin > PILE_PINS:
        return False
    pile_clear(p)
    p.n = <int16_t>m
    i = 0
    for j in range(k):
        p.seg_size[j] = <int16_t>sizes[j]
        for c in range(sizes[j]):
            p.slot[i] = <int16_t>(-1 - j)
            i += 1
        if pins[j] >= 0:
            p.pin_card[p.npin] = <int16_t>pins[j]
            p.pin_seg[p.npin] = <int8_t>j
            p.npin += 1
    for i in range(m):
        for j in range(k):
            if cards[i] == pins[j]:
                break
        else:
            _free_insert(p, cards[i])
    return True


cdef inline bint pile_shuffle(Pile* p) noexcept nogil:
    cdef int size = p.n, pin = -1
    return pile_shuffle_split(p, &size, &pin, 1)


cdef inline bint pile_top_known(const Pile* p) noexcept nogil:
    return p.n > 0 and p.slot[p.n - 1] >= 0


cdef inline int _pinned_in(const Pile* p, int seg) noexcept nogil:
    cdef int i, k = 0
    for i in range(p.npin):
        k += p.pin_seg[i] == seg
    return k


cdef inline int pile_top_outcomes(const Pile* p, int offset, int* out, double* probs) noexcept nogil:
    """The chance node of drawing (or looking at) the top card: outcomes offset + card with
    their probabilities. A known top is certain; in a segment of size s with k pinned cards,
    each pinned card has 1/s and each pool card (s - k) / (s * pool). At most
    PILE_CAP outcomes; 0 for an empty pile."""
    cdef int i, s, size, pinned, k = 0
    cdef double pf
    if p.n == 0:
        return 0
    if p.slot[p.n - 1] >= 0:
        out[0] = offset + p.slot[p.n - 1]
        probs[0] = 1.0
        return 1
    s = -1 - p.slot[p.n - 1]
    size = p.seg_size[s]
    for i in range(p.npin):
        if p.pin_seg[i] == s:
            out[k] = offset + p.pin_card[i]
            probs[k] = 1.0 / size
            k += 1
    pinned = k
    if size > pinned:
        pf = (size - pinned) / (<double>size * p.nfree)
        for i in range(p.nfree):
            out[k] = offset + p.free_[i]
            probs[k] = pf
            k += 1
    return k


cdef inline int pile_sample_top(const Pile* p, Rng* rng) noexcept nogil:
    """A card drawn from the top with the probabilities of pile_top_outcomes; -1 if empty."""
    cdef int i, s, r
    if p.n == 0:
        return -1
    if p.slot[p.n - 1] >= 0:
        return p.slot[p.n - 1]
    s = -1 - p.slot[p.n - 1]
    r = <int>rng_below(rng, <unsigned int>p.seg_size[s])
    for i in range(p.npin):
        if p.pin_seg[i] == s:
            if r == 0:
                return p.pin_card[i]
            r -= 1
    return p.free_[rng_below(rng, <unsigned int>p.nfree)]


cdef inline bint _take_unknown_top(Pile* p, int card) noexcept nogil:
    """Remove `card` from the pool or the pins of the top segment, if it can lie on top."""
    cdef int s = -1 - p.slot[p.n - 1]
    cdef int i
    for i in range(p.npin):
        if p.pin_card[i] == card:
            if p.pin_seg[i] != s:
                return False
            _pin_remove_at(p, i)
            p.seg_size[s] -= 1
            return True
    i = _free_index(p, card)
    if i < 0 or p.seg_size[s] <= _pinned_in(p, s):
        return False
    _free_remove_at(p, i)
    p.seg_size[s] -= 1
    return True


cdef inline bint pile_draw(Pile* p, int card) noexcept nogil:
    """Apply the outcome of a top draw: `card` leaves the pile. False (nothing changes)
    if it cannot be on top."""
    if p.n == 0:
        return False
    if p.slot[p.n - 1] >= 0:
        if p.slot[p.n - 1] != card:
            return False
    elif not _take_unknown_top(p, card):
        return False
    p.n -= 1
    p.slot[p.n] = 0
    return True


cdef inline bint pile_reveal_top(Pile* p, int card) noexcept nogil:
    """Apply the outcome of looking at the top: `card` stays on top, its place now known."""
    if p.n == 0:
        return False
    if p.slot[p.n - 1] >= 0:
        return p.slot[p.n - 1] == card
    if not _take_unknown_top(p, card):
        return False
    p.slot[p.n - 1] = <int16_t>card
    return True


cdef inline bint pile_replace(Pile* p, int old, int new) noexcept nogil:
    """Put card `new` wherever `old` is (a resample redealing which cards a pile holds).
    The caller keeps card ids unique across places. False if `old` is not in the pile."""
    cdef int i
    if not _valid_card(old) or not _valid_card(new):
        return False
    for i in range(p.n):
        if p.slot[i] == old:
            p.slot[i] = <int16_t>new
            return True
    for i in range(p.npin):
        if p.pin_card[i] == old:
            p.pin_card[i] = <int16_t>new
            return True
    i = _free_index(p, old)
    if i < 0:
        return False
    _free_remove_at(p, i)
    _free_insert(p, new)
    return True
