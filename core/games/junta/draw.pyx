# cython: language_level=3
"""A round starts and the cards are drawn; a card drawn, burgled or plundered (the card
chance nodes) is applied here."""
from libc.string cimport memset
from partisan.core.state cimport GameState, token as tok
from partisan.core.turns cimport seat_queue, queue_seat, queue_next, queue_done
from partisan.core.decision cimport secrets_clear
from partisan.core.games.junta.data cimport *
from partisan.core.knowledge cimport Counted, OWNER, OWNER_AND_OTHER, move_kind
from partisan.core.games.junta.bookkeeping cimport places, reshuffle
from partisan.core.games.junta.promises cimport begin_promises, burglar_next
from partisan.core.games.junta.combat cimport plunder_next
from partisan.core.games.junta.spend cimport spend_draw_next, game_over


cdef void start_round(GameState g, JuntaData* d) noexcept nogil:
    cdef int q
    d.round += 1
    if d.round > d.max_rounds:
        game_over(g, d)
        return
    memset(d.ords, 0, sizeof(d.ords))
    memset(d.loanp, 0, sizeof(d.loanp))
    memset(d.loana, 0, sizeof(d.loana))
    memset(d.bought, 0, sizeof(d.bought))
    secrets_clear(&d.orders)
    for q in range(d.n):
        d.orders.value[q] = 0       # no die ordered yet
        d.orders.known[q] = seat_bit(q)
    d.revealed = 0
    d.battle.n = 0
    d.new_pres = -1
    d.order_pres = d.pres
    d.pres_att = 0
    seat_queue(&d.turn, all_seats(d), 0, d.pres, d.n)
    d.left = d.n + 2
    d.phase = PH_DRAW
    draw_next(g, d)


cdef void draw_next(GameState g, JuntaData* d) noexcept nogil:
    """Presidente draws players + 2, then each Golpista 1 (2 in the first round)."""
    while not queue_done(&d.turn):
        if d.left == 0:
            queue_next(&d.turn)
            d.left = 2 if d.round == 1 else 1
            continue
        if d.tot[L_DECK] == 0:
            if d.tot[L_DISC] == 0:
                d.left = 0
                continue
            reshuffle(g, d)
        d.cur = queue_seat(&d.turn)
        d.phase = PH_DRAW
        return
    begin_promises(d)


cdef void apply_card(GameState g, JuntaData* d, int t) noexcept nogil:
    """A card of kind t drawn from the Deck, or taken by Burglars or in Plunder."""
    cdef int ph = d.phase
    cdef int q = d.cur
    cdef Counted c = places(d)
    cdef int v = d.left if ph == PH_BURGLE else d.bdef       # the victim of a theft
    cdef int base = L_PROM if ph == PH_BURGLE else L_HAND
    if ph == PH_DRAW or ph == PH_SPEND_DRAW:
        move_kind(g, &c, t, L_DECK, L_HAND + q, OWNER, q, -1, tok(T_DRAW, q, t), tok(T_DRAW, q, RED))
        d.left -= 1
        if ph == PH_DRAW:
            draw_next(g, d)
        else:
            spend_draw_next(g, d)
        return
    # A random card changes hands, seen by the taker and the victim: Burglars (promise
    # pile to promise pile) or Plunder (hand to hand).
    move_kind(g, &c, t, base + v, base + q, OWNER_AND_OTHER, q, v,
              tok(T_STOLEN, q, t), tok(T_STOLEN, q, RED))
    if ph == PH_BURGLE:
        queue_next(&d.turn)
        burglar_next(g, d)
    else:
        plunder_next(g, d)
