# Cards counted per kind and location, and what each seat provably knows about the
# hidden ones. The small helpers are inline: the legal-move and apply code of every
# phase calls them.
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState
from partisan.core.games.junta.data cimport JuntaData, L_HAND


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


cdef inline void move(JuntaData* d, int src, int dst, int t) noexcept nogil:
    d.cnt[src][t] -= 1
    d.tot[src] -= 1
    d.cnt[dst][t] += 1
    d.tot[dst] += 1


cdef inline void unseen_leave(JuntaData* d, int x, int loc) noexcept nogil:
    """x saw a card of unknown kind leave `loc`: each known kind may be the one."""
    cdef int t
    for t in range(d.ntypes):
        if d.lb[x][loc][t] > 0:
            d.lb[x][loc][t] -= 1


cdef inline void seen_leave(JuntaData* d, int x, int loc, int t) noexcept nogil:
    if d.lb[x][loc][t] > 0:
        d.lb[x][loc][t] -= 1


cdef void public_discard(GameState g, JuntaData* d, int q, int loc, int t, int kind) noexcept
cdef void reshuffle(GameState g, JuntaData* d) noexcept
cdef int card_outcomes(JuntaData* d, int loc, int* out, double* probs) noexcept
cdef int sample_card(JuntaData* d, int loc, Rng* rng) noexcept
