# Dice as chance nodes. Two ways to roll k alike dice with `faces` sides:
#  - as one node whose outcome is the sorted multiset (only counts per face matter):
#    C(faces + k - 1, k) outcomes, each with its multinomial probability, encoded as a
#    dense rank (0 .. count - 1) so a game's action is offset + rank;
#  - one die at a time (faces outcomes per node), for pools too large to list
#    (8d6, 8d10) and for rules that act on single dice.
# A DicePool keeps single dice with per-die "modified" flags ("a die can only be
# modified once") and re-rolls as one-die chance nodes. Nothing here allocates.
from libc.stdint cimport int8_t, uint8_t, int64_t
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport MAX_BRANCH

cdef enum:
    DICE_MAX = 8        # dice in one roll or pool
    FACES_MAX = 20


cdef inline int64_t binom(int n, int k) noexcept nogil:
    cdef int64_t r = 1
    cdef int i
    if k < 0 or k > n:
        return 0
    for i in range(1, k + 1):
        r = r * (n - k + i) // i            # exact: r is C(n - k + i, i) after each step
    return r


cdef inline int multiset_count(int k, int faces) noexcept nogil:
    """Distinct outcomes of k alike dice: C(faces + k - 1, k)."""
    return <int>binom(faces + k - 1, k)


cdef inline bint multiset_fits(int k, int faces) noexcept nogil:
    """Whether a roll of k dice can be one listed chance node (5d6: 252 outcomes; 8d6,
    8d10 do not fit in MAX_BRANCH: roll them one die at a time)."""
    return (1 <= k <= DICE_MAX and 2 <= faces <= FACES_MAX
            and multiset_count(k, faces) <= MAX_BRANCH)


cdef inline int multiset_rank(const int8_t* counts, int faces) noexcept nogil:
    """Dense rank of a roll given as counts per face (counts[v - 1] dice show v): the
    sorted dice v_1 <= .. <= v_k become the combination c_i = v_i - 1 + (i - 1), ranked
    in colexicographic order, sum of C(c_i, i)."""
    cdef int64_t r = 0
    cdef int f, m, i = 0
    for f in range(faces):
        for m in range(counts[f]):
            i += 1
            r += binom(f + i - 1, i)
    return <int>r


cdef inline void multiset_unrank(int rank, int k, int faces, int8_t* counts) noexcept nogil:
    """Inverse of multiset_rank: write counts[0 .. faces - 1]."""
    cdef int64_t r = rank
    cdef int64_t b
    cdef int i, c
    for c in range(faces):
        counts[c] = 0
    for i in range(k, 0, -1):
        c = faces + i - 2
        b = binom(c, i)
        while b > r:
            c -= 1
            b = binom(c, i)
        r -= b
        counts[c - i + 1] += 1


cdef inline double multiset_prob(const int8_t* counts, int faces) noexcept nogil:
    """Probability of a roll: k! / prod(counts!) / faces^k."""
    cdef double p = 1.0
    cdef int f, m, k = 0
    for f in range(faces):
        for m in range(1, counts[f] + 1):
            k += 1
            p *= <double>k / (m * faces)
    return p


cdef inline int multiset_outcomes(int k, int faces, int offset, int* out, double* probs) noexcept nogil:
    """The chance node of rolling k dice at once: offset + rank with exact probabilities,
    in rank order. 0 (nothing written) unless multiset_fits(k, faces)."""
    cdef int8_t counts[FACES_MAX]
    cdef int r, n
    if not multiset_fits(k, faces):
        return 0
    n = multiset_count(k, faces)
    for r in range(n):
        multiset_unrank(r, k, faces, counts)
        out[r] = offset + r
        probs[r] = multiset_prob(counts, faces)
    return n


cdef inline int multiset_sample(int k, int faces, Rng* rng) noexcept nogil:
    """Roll k dice and return the rank of the result (callers check multiset_fits)."""
    cdef int8_t counts[FACES_MAX]
    cdef int i
    for i in range(faces):
        counts[i] = 0
    for i in range(k):
        counts[rng_below(rng, <unsigned int>faces)] += 1
    return multiset_rank(counts, faces)


cdef inline int die_outcomes(int faces, int offset, int* out, double* probs) noexcept nogil:
    """One die: offset + value - 1 for value 1 .. faces, uniformly."""
    cdef int v
    for v in range(faces):
        out[v] = offset + v
        probs[v] = 1.0 / faces
    return faces


cdef inline int die_sample(int faces, Rng* rng) noexcept nogil:
    """A value 1 .. faces."""
    return 1 + <int>rng_below(rng, <unsigned int>faces)


# ---------------------------------------------------------------- rolls kept as counts per face
# A game that rolls one die at a time and only needs the counts (Junta) keeps
# counts[v - 1] = dice showing v: equal rolls have equal bytes whatever the order.
cdef inline int tally_dice(const int8_t* counts, int faces) noexcept nogil:
    """How many dice the counts hold."""
    cdef int f, k = 0
    for f in range(faces):
        k += counts[f]
    return k


cdef inline int tally_sum(const int8_t* counts, int faces) noexcept nogil:
    """Their total: sum of v * counts[v - 1]."""
    cdef int f, s = 0
    for f in range(faces):
        s += (f + 1) * counts[f]
    return s


# ---------------------------------------------------------------- pools of single dice
ctypedef struct DicePool:
    int8_t value[DICE_MAX]      # after modifiers (may pass `faces`); 0 while awaiting a roll
    int8_t n
    int8_t faces
    uint8_t modified            # bit i: die i was modified or re-rolled
    uint8_t pending             # bit i: die i awaits a roll (a one-die chance node)


cdef inline void _pool_sort(DicePool* d) noexcept nogil:
    """Dice in (value, modified) order once every die shows a value, so equal pools have
    equal bytes and a die is named by its class, not by when it was rolled."""
    cdef int i, j, v, m
    if d.pending:
        return
    for i in range(1, d.n):
        v = d.value[i]
        m = (d.modified >> i) & 1
        j = i - 1
        while j >= 0 and (d.value[j] > v or (d.value[j] == v and ((d.modified >> j) & 1) > m)):
            d.value[j + 1] = d.value[j]
            d.modified = (d.modified & ~(1 << (j + 1))) | (((d.modified >> j) & 1) << (j + 1))
            j -= 1
        d.value[j + 1] = <int8_t>v
        d.modified = (d.modified & ~(1 << (j + 1))) | (m << (j + 1))


cdef inline bint pool_start(DicePool* d, int k, int faces) noexcept nogil:
    """k dice, each to be rolled as its own chance node."""
    cdef int i
    if k < 0 or k > DICE_MAX or faces < 2 or faces > FACES_MAX:
        return False
    for i in range(DICE_MAX):
        d.value[i] = 0
    d.n = <int8_t>k
    d.faces = <int8_t>faces
    d.modified = 0
    d.pending = <uint8_t>((1 << k) - 1)
    return True


cdef inline bint pool_from_rank(DicePool* d, int rank, int k, int faces) noexcept nogil:
    """k dice set from a multiset roll (the outcome of a multiset_outcomes node)."""
    cdef int8_t counts[FACES_MAX]
    cdef int f, m, i = 0
    if not multiset_fits(k, faces) or rank < 0 or rank >= multiset_count(k, faces):
        return False
    pool_start(d, k, faces)
    d.pending = 0
    multiset_unrank(rank, k, faces, counts)
    for f in range(faces):
        for m in range(counts[f]):
            d.value[i] = <int8_t>(f + 1)
            i += 1
    return True


cdef inline int pool_rolling(const DicePool* d) noexcept nogil:
    """The die whose roll is the current chance node, or -1 when none awaits."""
    cdef int i
    for i in range(d.n):
        if (d.pending >> i) & 1:
            return i
    return -1


cdef inline bint pool_roll(DicePool* d, int value) noexcept nogil:
    """Apply a one-die outcome to the die awaiting it."""
    cdef int i = pool_rolling(d)
    if i < 0 or value < 1 or value > d.faces:
        return False
    d.value[i] = <int8_t>value
    d.pending &= ~(1 << i)
    _pool_sort(d)
    return True


cdef inline int pool_find(const DicePool* d, int value) noexcept nogil:
    """The first die showing `value` that may still be modified, or -1."""
    cdef int i
    for i in range(d.n):
        if d.value[i] == value and not (d.modified >> i) & 1 and not (d.pending >> i) & 1:
            return i
    return -1


cdef inline int pool_choices(const DicePool* d, int* out) noexcept nogil:
    """The values shown by dice that may still be modified, ascending and distinct: a
    rule that picks "one die" offers one action per value, since alike dice are equal."""
    cdef int i, n = 0
    for i in range(d.n):
        if pool_find(d, d.value[i]) == i:
            out[n] = d.value[i]
            n += 1
    return n


cdef inline bint pool_add(DicePool* d, int i, int delta) noexcept nogil:
    """Modify die i by delta (Baler: +1), once per die."""
    if i < 0 or i >= d.n or (d.modified >> i) & 1 or (d.pending >> i) & 1:
        return False
    d.value[i] = <int8_t>(d.value[i] + delta)
    d.modified |= 1 << i
    _pool_sort(d)
    return True


cdef inline bint pool_reroll(DicePool* d, int i) noexcept nogil:
    """Pick die i up to roll it again (a modification): it awaits a one-die chance node."""
    if i < 0 or i >= d.n or (d.modified >> i) & 1 or (d.pending >> i) & 1:
        return False
    d.value[i] = 0
    d.modified |= 1 << i
    d.pending |= 1 << i
    return True


cdef inline int pool_count(const DicePool* d, int lo, int hi) noexcept nogil:
    """Dice showing lo .. hi (successes, casualties)."""
    cdef int i, k = 0
    for i in range(d.n):
        if not (d.pending >> i) & 1 and lo <= d.value[i] <= hi:
            k += 1
    return k


cdef inline int pool_sum(const DicePool* d) noexcept nogil:
    cdef int i, s = 0
    for i in range(d.n):
        s += d.value[i]
    return s
