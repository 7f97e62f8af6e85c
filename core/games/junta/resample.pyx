# cython: language_level=3
"""A world consistent with what one seat knows: the cards it cannot place are redealt and
the secret orders it has not seen are redrawn."""
from libc.string cimport memset
from partisan.core.rng cimport Rng, rng_below
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.orders cimport random_order


cdef inline bint hidden_from(JuntaData* d, int loc, int p) noexcept:
    """A location in play whose content p cannot see (the Discard Pile is face up)."""
    return not (loc == L_DISC or loc == L_HAND + p or loc == L_PROM + p
                or (loc >= L_HAND + d.n and loc < L_PROM) or loc >= L_PROM + d.n)


cdef void resample_hidden(JuntaData* d, int player, Rng* rng) noexcept:
    """Redeal every card `player` cannot place (deck, other hands and promise piles,
    beyond what it provably knows is there) and redraw other seats' secret orders."""
    cdef int pool[NT]
    cdef int loc, t, u, k, r, q, npool = 0
    cdef int p = player
    memset(pool, 0, sizeof(pool))
    for loc in range(NLOC):
        if not hidden_from(d, loc, p):
            continue
        for t in range(d.ntypes):
            pool[t] += d.cnt[loc][t] - d.lb[p][loc][t]
            npool += d.cnt[loc][t] - d.lb[p][loc][t]
    for loc in range(NLOC):
        if not hidden_from(d, loc, p):
            continue
        u = d.tot[loc]
        for t in range(d.ntypes):
            d.cnt[loc][t] = d.lb[p][loc][t]
            u -= d.lb[p][loc][t]
        for k in range(u):
            r = <int>rng_below(rng, npool)
            for t in range(d.ntypes):
                r -= pool[t]
                if r < 0:
                    break
            pool[t] -= 1
            npool -= 1
            d.cnt[loc][t] += 1
    for q in range(d.n):
        if q != p:
            memset(d.lb[q], 0, sizeof(d.lb[q]))
    if d.phase == PH_PROMISE and p != d.pres and A_PROM_CARD <= d.last_prom < A_PROM_MIL:
        d.last_prom = A_PROM_CARD + (d.last_prom - A_PROM_CARD) // NT * NT
    if d.revealed:
        return
    for q in range(d.n):
        if q == p or d.nord[q] == 0 or d.ord_known[q] & bit(p):
            continue
        k = d.nord[q]
        memset(d.ords[q], 0, NCODE)
        d.last_ord[q] = 0
        for u in range(k):
            random_order(d, q, rng)
