# cython: language_level=3
"""A world consistent with what one seat knows: the cards it cannot place are redealt and
the secret orders it has not seen are redrawn; choices under way continue from the new world.
A search may read the round's promises into the redeal (`read`, promised_away)."""
from partisan.core.rng cimport Rng, rng_double, rng_below
from partisan.core.state cimport MAX_BRANCH
from partisan.core.knowledge cimport Counted, counted_redeal
from partisan.core.decision cimport choice_rebound, secret_hidden_from
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.bookkeeping cimport places
from partisan.core.games.junta.orders cimport redraw_orders
from partisan.core.games.junta.spend cimport legal_spend

cdef enum:
    REDEAL_TRIES = 64       # redeals tried before the world is left as it is


cdef void resample_hidden(JuntaData* d, int player, Rng* rng, double reading) noexcept nogil:
    """A redeal (see redeal), read with weight `reading` (promised_away), that is also
    consistent with the purchases announced: a seat paying for what it bought must hold the
    money for it. A redeal that leaves it unable to pay is drawn again, which keeps the redeals
    uniform among the consistent ones; after REDEAL_TRIES the world is left as it was."""
    cdef JuntaData seen = d[0]
    cdef int buf[MAX_BRANCH]
    cdef int tries
    for tries in range(REDEAL_TRIES):
        redeal(d, player, rng)
        if reading > 0:
            promised_away(d, player, rng, min(reading, 1.0))
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


cdef inline bint battle_card(const JuntaData* d, int t) noexcept nogil:
    """A card played "before battle" or on the dice (l.131-l.140): what decides a coup (the
    effects of cards.BATTLE_EFFECTS)."""
    cdef int e = d.eff[t]
    return (e == EFF_ASSASS or e == EFF_BRIBE or e == EFF_DIVERT or e == EFF_GUNBOAT
            or e == EFF_SURPRISE or e == EFF_UPRISING)


cdef inline int unknown(const JuntaData* d, int p, int place, int t) noexcept nogil:
    """Copies of kind t in `place` beyond those `p` provably knows are there."""
    return d.cnt[place][t] - d.lb[p][place][t]


cdef void promised_away(JuntaData* d, int p, Rng* rng, double share) noexcept nogil:
    """The reading of the round's promises (`read` = share > 0): a Presidente promises his
    battle cards away far more often than his other cards (in self-play 9-14% of the battle
    cards a Golpista could not see were in his hand at Command Militias, 38-39% in uniformly
    redealt worlds: benchmarks/junta_promised_cards.py). Once the promises are
    made, each battle card the redeal left in the hand of this round's Presidente, beyond what
    `p` knows is there, goes with probability `share` to another Golpista (a promise pile or,
    once received, a hand), in exchange for a card of another kind drawn uniformly among
    those `p` does not know of there."""
    cdef int pres = d.order_pres
    cdef int t, c, copies
    if (pres < 0 or pres == p or d.phase == PH_SETUP or d.phase == PH_DRAW
            or d.phase == PH_PROMISE):
        return
    for t in range(d.ntypes):
        if battle_card(d, t):
            copies = unknown(d, p, L_HAND + pres, t)
            for c in range(copies):
                if rng_double(rng) < share and not give_away(d, p, pres, t, rng):
                    return


cdef bint give_away(JuntaData* d, int p, int pres, int t, Rng* rng) noexcept nogil:
    """Swap one card of kind t in the Presidente's hand for a card of another kind that `p`
    does not know of in another Golpista's promise pile or hand; False if there is none."""
    cdef int q, k, j, place, r
    cdef int total = 0
    for k in range(2):
        for q in range(d.n):
            if q != p and q != pres:
                for j in range(d.ntypes):
                    if not battle_card(d, j):
                        total += unknown(d, p, (L_PROM if k else L_HAND) + q, j)
    if total <= 0:
        return False
    r = rng_below(rng, total)
    for k in range(2):
        for q in range(d.n):
            if q != p and q != pres:
                place = (L_PROM if k else L_HAND) + q
                for j in range(d.ntypes):
                    if battle_card(d, j):
                        continue
                    r -= unknown(d, p, place, j)
                    if r < 0:
                        d.cnt[L_HAND + pres][t] -= 1
                        d.cnt[place][t] += 1
                        d.cnt[place][j] -= 1
                        d.cnt[L_HAND + pres][j] += 1
                        return True
    return False


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
