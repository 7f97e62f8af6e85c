# cython: language_level=3
"""Python wrappers over the inline blocks for tests: core/dice.pxd."""
from libc.stdint cimport int8_t
from partisan.core.dice cimport (
    DICE_MAX, FACES_MAX, DicePool, binom, multiset_count, multiset_fits, multiset_rank,
    multiset_unrank, multiset_prob, multiset_outcomes, multiset_sample, die_outcomes, die_sample,
    pool_start, pool_from_rank, pool_rolling, pool_roll, pool_find, pool_choices, pool_add,
    pool_reroll, pool_count, pool_sum, tally_dice, tally_sum)
from partisan.core.rng cimport Rng, rng_seed
from partisan.core.state cimport MAX_BRANCH as _MAX_BRANCH

MAX_DICE = DICE_MAX
MAX_FACES = FACES_MAX
MAX_BRANCH = _MAX_BRANCH


def count(int k, int faces):
    return multiset_count(k, faces)


def fits(int k, int faces):
    return multiset_fits(k, faces)


def choose(int n, int k):
    return binom(n, k)


cdef int _counts(counts, int8_t* c) except -1:
    """A Python list of counts per face into c; returns the number of faces."""
    if not 2 <= len(counts) <= FACES_MAX:
        raise ValueError("counts: one entry per face")
    for f in range(len(counts)):
        c[f] = counts[f]
    return len(counts)


def rank(counts):
    cdef int8_t c[FACES_MAX]
    return multiset_rank(c, _counts(counts, c))


def unrank(int r, int k, int faces):
    cdef int8_t c[FACES_MAX]
    multiset_unrank(r, k, faces, c)
    return [c[f] for f in range(faces)]


def prob(counts):
    cdef int8_t c[FACES_MAX]
    return multiset_prob(c, _counts(counts, c))


def tally(counts):
    """(dice, total) of a roll given as counts per face."""
    cdef int8_t c[FACES_MAX]
    cdef int faces = _counts(counts, c)
    return tally_dice(c, faces), tally_sum(c, faces)


def outcomes(int k, int faces, int offset=0):
    cdef int out[_MAX_BRANCH]
    cdef double probs[_MAX_BRANCH]
    cdef int n = multiset_outcomes(k, faces, offset, out, probs)
    return [(out[i], probs[i]) for i in range(n)]


def one_die(int faces, int offset=0):
    cdef int out[FACES_MAX]
    cdef double probs[FACES_MAX]
    cdef int n = die_outcomes(faces, offset, out, probs)
    return [(out[i], probs[i]) for i in range(n)]


cdef class Roller:
    cdef Rng rng

    def __init__(self, seed):
        rng_seed(&self.rng, seed)

    def multiset(self, int k, int faces, int times):
        return [multiset_sample(k, faces, &self.rng) for _ in range(times)]

    def die(self, int faces, int times):
        return [die_sample(faces, &self.rng) for _ in range(times)]


cdef class PoolAPI:
    cdef DicePool d

    def start(self, int k, int faces):
        return pool_start(&self.d, k, faces)

    def from_rank(self, int r, int k, int faces):
        return pool_from_rank(&self.d, r, k, faces)

    def rolling(self):
        return pool_rolling(&self.d)

    def roll(self, int value):
        return pool_roll(&self.d, value)

    def find(self, int value):
        return pool_find(&self.d, value)

    def choices(self):
        cdef int out[DICE_MAX]
        cdef int n = pool_choices(&self.d, out)
        return [out[i] for i in range(n)]

    def add(self, int i, int delta):
        return pool_add(&self.d, i, delta)

    def reroll(self, int i):
        return pool_reroll(&self.d, i)

    def count(self, int lo, int hi):
        return pool_count(&self.d, lo, hi)

    def sum(self):
        return pool_sum(&self.d)

    def dice(self):
        """(value, modified) per die, in the pool's order."""
        return [(self.d.value[i], bool((self.d.modified >> i) & 1)) for i in range(self.d.n)]

    def state_bytes(self):
        return (<char*>&self.d)[:sizeof(DicePool)]
