# cython: language_level=3
"""A round starts and the cards are drawn; a card drawn, burgled or plundered (the card
chance nodes) is applied here."""
from libc.string cimport memset
from partisan.core.state cimport GameState, token as tok
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.bookkeeping cimport move, seen_leave, unseen_leave, reshuffle
from partisan.core.games.junta.promises cimport begin_promises, burglar_next
from partisan.core.games.junta.combat cimport plunder_next
from partisan.core.games.junta.spend cimport spend_draw_next, game_over


cdef void start_round(GameState g, JuntaData* d) noexcept:
    cdef int q, i
    d.round += 1
    if d.round > d.max_rounds:
        game_over(g, d)
        return
    memset(d.ords, 0, sizeof(d.ords))
    memset(d.nord, 0, sizeof(d.nord))
    memset(d.last_ord, 0, sizeof(d.last_ord))
    memset(d.loanp, 0, sizeof(d.loanp))
    memset(d.loana, 0, sizeof(d.loana))
    memset(d.bought, 0, sizeof(d.bought))
    for q in range(d.n):
        d.ord_known[q] = bit(q)
    d.revealed = 0
    d.bn = 0
    d.new_pres = -1
    d.order_pres = d.pres
    d.pres_att = 0
    d.last_prom = 0
    for i in range(d.n):
        d.queue[i] = (d.pres + i) % d.n
    d.qn = d.n
    d.qi = 0
    d.left = d.n + 2
    d.phase = PH_DRAW
    draw_next(g, d)


cdef void draw_next(GameState g, JuntaData* d) noexcept:
    """Presidente draws players + 2, then each Golpista 1 (2 in the first round)."""
    while d.qi < d.qn:
        if d.left == 0:
            d.qi += 1
            d.left = 2 if d.round == 1 else 1
            continue
        if d.tot[L_DECK] == 0:
            if d.tot[L_DISC] == 0:
                d.left = 0
                continue
            reshuffle(g, d)
        d.cur = d.queue[d.qi]
        d.phase = PH_DRAW
        return
    begin_promises(d)


cdef void apply_card(GameState g, JuntaData* d, int t) noexcept:
    """A card of kind t drawn from the Deck, or taken by Burglars or in Plunder."""
    cdef int ph = d.phase
    cdef int q = d.cur
    cdef int src, x, v
    if ph == PH_DRAW or ph == PH_SPEND_DRAW:
        move(d, L_DECK, L_HAND + q, t)
        for x in range(d.n):
            if x == q:
                seen_leave(d, x, L_DECK, t)
            else:
                unseen_leave(d, x, L_DECK)
        g.observe_split(q, tok(T_DRAW, q, t), tok(T_DRAW, q, RED))
        d.left -= 1
        if ph == PH_DRAW:
            draw_next(g, d)
        else:
            spend_draw_next(g, d)
        return
    # A random card changes hands: Burglars (promise pile to promise pile) or Plunder.
    if ph == PH_BURGLE:
        v = d.left
        src = L_PROM + v
        move(d, src, L_PROM + q, t)
    else:
        v = d.bdef
        src = L_HAND + v
        move(d, src, L_HAND + q, t)
    for x in range(d.n):
        if x == q:
            seen_leave(d, x, src, t)
            g.observe_one(x, tok(T_STOLEN, q, t))
        elif x == v:
            d.lb[x][(L_PROM if ph == PH_BURGLE else L_HAND) + q][t] += 1
            g.observe_one(x, tok(T_STOLEN, q, t))
        else:
            unseen_leave(d, x, src)
            g.observe_one(x, tok(T_STOLEN, q, RED))
    if ph == PH_BURGLE:
        d.qi += 1
        burglar_next(g, d)
    else:
        plunder_next(g, d)
