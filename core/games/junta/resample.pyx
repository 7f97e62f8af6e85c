# cython: language_level=3
"""A world consistent with what one seat knows: the cards it cannot place are redealt and
the secret orders it has not seen are redrawn; choices under way continue from the new world."""
from partisan.core.rng cimport Rng
from partisan.core.state cimport MAX_BRANCH
from partisan.core.knowledge cimport Counted, counted_redeal
from partisan.core.decision cimport choice_rebound, secret_hidden_from
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.bookkeeping cimport places
from partisan.core.games.junta.orders cimport redraw_orders
from partisan.core.games.junta.spend cimport legal_spend

cdef enum:
    REDEAL_TRIES = 64       # redeals tried before the world is left as it is


cdef void resample_hidden(JuntaData* d, int player, Rng* rng) noexcept nogil:
    """A redeal (see redeal) that is also consistent with the purchases announced: a seat
    paying for what it bought must hold the money for it. A redeal that leaves it unable to
    pay is drawn again, which keeps the redeals uniform among the consistent ones; after
    REDEAL_TRIES the world is left as it was."""
    cdef JuntaData seen = d[0]
    cdef int buf[MAX_BRANCH]
    cdef int tries
    for tries in range(REDEAL_TRIES):
        redeal(d, player, rng)
        if d.phase != PH_SPEND or legal_spend(d, buf) > 0:
            return
        d[0] = seen


cdef void redeal(JuntaData* d, int player, Rng* rng) noexcept nogil:
    """Redeal every card `player` cannot place (deck, other hands and promise piles,
    beyond what it provably knows is there) and redraw other seats' secret orders."""
    cdef int hidden[NLOC]
    cdef int q, k, base, n = 1
    cdef int p = player
    cdef Counted c = places(d)
    hidden[0] = L_DECK              # the Discard Pile is face up
    for k in range(2):
        base = L_PROM if k else L_HAND
        for q in range(d.n):
            if q != p:
                hidden[n] = base + q
                n += 1
    counted_redeal(&c, p, hidden, n, NULL, rng)
    if d.phase == PH_PROMISE:
        rebound_promises(d)
    for q in range(d.n):
        if q != p and d.orders.value[q] > 0 and secret_hidden_from(&d.orders, q, p):
            redraw_orders(d, q, rng)


cdef void rebound_promises(JuntaData* d) noexcept nogil:
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
