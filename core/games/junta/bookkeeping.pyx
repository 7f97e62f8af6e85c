# cython: language_level=3
"""Cards leaving and entering places: the discard pile, the reshuffle, card chance nodes."""
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport GameState, token as tok
from partisan.core.knowledge cimport Counted, PUBLIC, NO_TOKEN, move_kind, move_place
from partisan.core.games.junta.data cimport JuntaData, L_DECK, L_DISC, C_CARD, T_RESHUFFLE


cdef void public_discard(GameState g, JuntaData* d, int q, int loc, int t, int kind) noexcept nogil:
    """A card of q's goes face up on the Discard Pile: everyone sees it."""
    cdef Counted c = places(d)
    move_kind(g, &c, t, loc, L_DISC, PUBLIC, q, -1, tok(kind, q, t), NO_TOKEN)


cdef void reshuffle(GameState g, JuntaData* d) noexcept nogil:
    """The Deck is used up: the face-up Discard Pile becomes the new Deck."""
    cdef Counted c = places(d)
    move_place(g, &c, L_DISC, L_DECK, PUBLIC, 0, -1, tok(T_RESHUFFLE, 0, 0), NO_TOKEN)


cdef int card_outcomes(JuntaData* d, int loc, int* out, double* probs) noexcept nogil:
    """A card drawn at random from `loc`: one outcome per kind, weighted by its count."""
    cdef int t, k = 0
    cdef double total = d.tot[loc]
    for t in range(d.ntypes):
        if d.cnt[loc][t] > 0:
            out[k] = C_CARD + t
            probs[k] = d.cnt[loc][t] / total
            k += 1
    return k


cdef int sample_card(JuntaData* d, int loc, Rng* rng) noexcept nogil:
    cdef int t
    cdef int r = <int>rng_below(rng, d.tot[loc])
    for t in range(d.ntypes):
        r -= d.cnt[loc][t]
        if r < 0:
            return C_CARD + t
    return C_CARD + d.ntypes - 1
