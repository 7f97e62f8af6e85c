# cython: language_level=3
"""Chance outcomes drawn without listing them. The listing (state.pyx c_chance_outcomes) is what
the game declares; the default sampler draws one uniform number and walks it down the listed
probabilities. Listing a roll of five dice means unranking and weighing 252 multisets, which
was most of a playout's time. Here the same number walks down the same probabilities (a table
per number of dice, built once, or 1/n for n equally likely outcomes), so a seed gives the
same games as the listing does, outcome for outcome. Bag draws (a few weighted classes) use the
listing itself. A change to a listing must be mirrored here: tests/games/baler/
test_chance_sampling.py compares the two at every chance node of random games."""
from libc.stdint cimport int8_t, uint64_t
from partisan.core.cards cimport count as popcount, nth
from partisan.core.dice cimport FACES_MAX, multiset_count, multiset_prob, multiset_unrank
from partisan.core.rng cimport Rng, rng_double
from partisan.core.games.baler.table cimport Baler, DIE, MAX_COMBAT_DICE
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler cimport combat_rules
from partisan.core.games.baler.territory cimport tdice_count
from partisan.core.games.baler.turn cimport chance_pile

cdef enum:
    MAX_ROLLS = 252         # multisets of five six-sided dice

# ROLL_P[k][r]: probability of the multiset of rank r among k dice, in rank order as
# multiset_outcomes lists them (the same function, the same doubles).
cdef double ROLL_P[MAX_COMBAT_DICE + 1][MAX_ROLLS]
cdef double ROLL_C[MAX_COMBAT_DICE + 1][MAX_ROLLS]     # their running sums
cdef int ROLL_N[MAX_COMBAT_DICE + 1]
# The walk subtracts one probability at a time and rounds each time; the running sums differ
# from it by far less than this, so away from a boundary a binary search finds the same rank.
cdef double NEAR = 1e-9


cdef void _tables() noexcept nogil:
    cdef int8_t counts[FACES_MAX]
    cdef int k, r
    cdef double total
    for k in range(1, MAX_COMBAT_DICE + 1):
        ROLL_N[k] = multiset_count(k, DIE)
        total = 0.0
        for r in range(ROLL_N[k]):
            multiset_unrank(r, k, DIE, counts)
            ROLL_P[k][r] = multiset_prob(counts, DIE)
            total += ROLL_P[k][r]
            ROLL_C[k][r] = total


_tables()


cdef int walk_uniform(double u, int n) noexcept nogil:
    """The index the default sampler picks with `u` among n equally likely outcomes."""
    cdef double p = 1.0 / n
    cdef int i
    for i in range(n - 1):
        u -= p
        if u < 0.0:
            return i
    return n - 1


cdef int walk_roll(double u, int k) noexcept nogil:
    """The multiset rank the default sampler picks with `u` for a roll of k dice (1-5): the
    first rank whose running sum passes u, found by bisection when u is clear of the sums
    around it, else by the walk itself."""
    cdef int n = ROLL_N[k]
    cdef int lo = 0, hi = n - 1, mid, i
    while lo < hi:                  # the first rank r with u < ROLL_C[k][r]
        mid = (lo + hi) >> 1
        if u < ROLL_C[k][mid]:
            hi = mid
        else:
            lo = mid + 1
    if ROLL_C[k][lo] - u > NEAR and (lo == 0 or u - ROLL_C[k][lo - 1] > NEAR):
        return lo
    for i in range(n - 1):
        u -= ROLL_P[k][i]
        if u < 0.0:
            return i
    return n - 1


cdef int sample_chance(const Baler* t, Rng* rng) noexcept nogil:
    """The outcome at the chance node `t` waits at, as the default sampler over
    c_chance_outcomes draws it with `rng`; -1 for a node not handled here."""
    cdef int node = t.node
    cdef int k, i, c, n
    cdef int found[DIE]
    cdef uint64_t pile
    cdef double u
    if node == N_C_ROLL or node == N_C_TROLL:
        k = combat_rules.dice_count(t, t.actor) if node == N_C_ROLL else tdice_count(t, t.actor)
        if k < 1 or k > MAX_COMBAT_DICE:
            return -1
        return C_ROLL + walk_roll(rng_double(rng), k)
    if node == N_C_DIE:
        return C_DIE + walk_uniform(rng_double(rng), DIE)
    if node == N_C_CASUALTY:       # the faces that hit or cancel, ascending
        n = 0
        for c in range(1, DIE + 1):
            if combat_rules.casualty_face(t, t.actor, c) != combat_rules.CAS_REROLL:
                found[n] = C_DIE + c - 1
                n += 1
        return found[walk_uniform(rng_double(rng), n)] if n else -1
    if node == N_C_DEAL or node == N_C_SHARED or node == N_C_FOW or node == N_C_TOP:
        pile = chance_pile(t)
        n = popcount(pile)
        if n == 0:
            return -1
        return C_CARD + nth(pile, walk_uniform(rng_double(rng), n))
    return -1
