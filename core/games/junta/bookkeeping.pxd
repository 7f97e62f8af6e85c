# Cards counted per kind and location, and what each seat provably knows about the
# hidden ones: the struct's cnt, tot and lb are a knowledge.pxd `Counted`, and every
# card move goes through it with its visibility. The small helpers are inline: the
# legal-move and apply code of every phase calls them.
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState
from partisan.core.knowledge cimport Counted, counted
from partisan.core.games.junta.data cimport JuntaData, L_HAND, NT, NLOC


cdef inline Counted places(JuntaData* d) noexcept nogil:
    """The card locations as counted places (a descriptor over the struct's arrays)."""
    return counted(&d.cnt[0][0], d.tot, &d.lb[0][0][0], NT, d.ntypes, NLOC, d.n)


cdef inline int money(JuntaData* d, int q) noexcept nogil:
    cdef int t, m = 0
    for t in range(d.ntypes):
        m += d.val[t] * d.cnt[L_HAND + q][t]
    return m


cdef inline int vp(JuntaData* d, int q) noexcept nogil:
    cdef int t, v = d.bld[q]
    for t in range(d.ntypes):
        v += d.vp[t] * d.cnt[L_HAND + q][t]
    if d.expert and q == d.pres:
        v += 1                      # the Presidential Sunglasses
    return v


cdef inline int hand(JuntaData* d, int q) noexcept nogil:
    return d.tot[L_HAND + q]


cdef inline int has(JuntaData* d, int q, int eff) noexcept nogil:
    cdef int t = d.tix[eff]
    return t >= 0 and d.cnt[L_HAND + q][t] > 0


cdef void public_discard(GameState g, JuntaData* d, int q, int loc, int t, int kind) noexcept nogil
cdef void reshuffle(GameState g, JuntaData* d) noexcept nogil
cdef int card_outcomes(JuntaData* d, int loc, int* out, double* probs) noexcept nogil
cdef int sample_card(JuntaData* d, int loc, Rng* rng) noexcept nogil
