# cython: language_level=3
"""Python wrappers over the inline blocks for tests: core/piles.pxd."""
from libc.stdint cimport uint8_t
from partisan.core.piles cimport (
    Pile, PILE_CAP, pile_clear, pile_put_top, pile_put_bottom, pile_card_at, pile_find_from_top,
    pile_remove_at, pile_cards, pile_shuffle, pile_shuffle_split, pile_top_known,
    pile_top_outcomes, pile_sample_top, pile_draw, pile_reveal_top, pile_replace)
from partisan.core.rng cimport Rng, rng_seed

CAPACITY = PILE_CAP


cdef class PileAPI:
    cdef Pile p
    cdef Rng rng

    def __init__(self, cards=(), seed=1):
        pile_clear(&self.p)
        rng_seed(&self.rng, seed)
        for c in cards:
            if not pile_put_top(&self.p, c):
                raise ValueError("pile full")

    def __len__(self):
        return self.p.n

    def put_top(self, int card):
        return pile_put_top(&self.p, card)

    def put_bottom(self, int card):
        return pile_put_bottom(&self.p, card)

    def card_at(self, int i):
        return pile_card_at(&self.p, i)

    def find_from_top(self, wanted, int ncards):
        cdef uint8_t flags[1024]
        for i in range(ncards):
            flags[i] = 1 if i in wanted else 0
        return pile_find_from_top(&self.p, flags, ncards)

    def remove_at(self, int i):
        return pile_remove_at(&self.p, i)

    def cards(self):
        cdef int out[PILE_CAP]
        cdef int n = pile_cards(&self.p, out)
        return sorted(out[i] for i in range(n))

    def shuffle(self):
        return pile_shuffle(&self.p)

    def shuffle_split(self, sizes, pins):
        cdef int s[16]
        cdef int q[16]
        if len(sizes) != len(pins) or len(sizes) > 16:
            raise ValueError("sizes and pins must have the same length (at most 16)")
        for j in range(len(sizes)):
            s[j] = sizes[j]
            q[j] = pins[j]
        return pile_shuffle_split(&self.p, s, q, len(sizes))

    def top_known(self):
        return pile_top_known(&self.p)

    def top_outcomes(self, int offset=0):
        cdef int out[PILE_CAP]
        cdef double probs[PILE_CAP]
        cdef int n = pile_top_outcomes(&self.p, offset, out, probs)
        return [(out[i], probs[i]) for i in range(n)]

    def sample_top(self):
        return pile_sample_top(&self.p, &self.rng)

    def draw(self, int card):
        return pile_draw(&self.p, card)

    def reveal_top(self, int card):
        return pile_reveal_top(&self.p, card)

    def replace(self, int old, int new):
        return pile_replace(&self.p, old, new)

    def copy(self):
        cdef PileAPI other = PileAPI.__new__(PileAPI)
        other.p = self.p
        other.rng = self.rng
        return other

    def state_bytes(self):
        return (<char*>&self.p)[:sizeof(Pile)]
