# cython: language_level=3
"""A world consistent with what one seat knows: the cards it cannot place are redealt and
the secret orders it has not seen are redrawn; choices under way continue from the new world."""
from libc.string cimport memset
from partisan.core.rng cimport Rng, rng_below
from partisan.core.decision cimport choice_rebound, secret_hidden_from
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.orders cimport redraw_orders


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
    if d.phase == PH_PROMISE:
        rebound_promises(d)
    for q in range(d.n):
        if q != p and d.orders.value[q] > 0 and secret_hidden_from(&d.orders, q, p):
            redraw_orders(d, q, rng)


cdef void rebound_promises(JuntaData* d) noexcept:
    """The promises under way continue from the redealt promise piles: the choice's items
    are the promises in canonical order (cards by recipient and kind, then militia)."""
    cdef int items[PROMISE_MAX]
    cdef int s, t, f, c, k = 0
    for s in range(d.n):
        for t in range(d.ntypes):
            for c in range(d.cnt[L_PROM + s][t]):
                if k < PROMISE_MAX:
                    items[k] = s * NT + t
                k += 1
    for s in range(d.n):
        for f in range(d.n):
            for c in range(d.loanp[s][f]):
                if k < PROMISE_MAX:
                    items[k] = A_PROM_MIL - A_PROM_CARD + s * 5 + f
                k += 1
    if k <= PROMISE_MAX:
        choice_rebound(&d.step, items, k)
