# cython: language_level=3
"""Command Militias: each Golpista secretly orders its militia one die at a time; then each
holding a Spy may look at the others' orders and order again; then the orders are revealed
and combat begins."""
from libc.string cimport memset
from libc.stdint cimport uint8_t
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState, token as tok
from partisan.core.turns cimport queue_seat, queue_next, queue_restart
from partisan.core.decision cimport (
    Frame, choice_begin, choice_floor, choice_take, choice_redraw, frame_reset, secret_show)
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.bookkeeping cimport hand, has, public_discard
from partisan.core.games.junta.promises cimport receive
from partisan.core.games.junta.combat cimport battle_start, next_battle


cdef inline int codes(const JuntaData* d, int* out) noexcept nogil:
    """The order codes in play, ascending: each estate, then defend the Presidente."""
    cdef int c
    for c in range(d.n):
        out[c] = c
    out[d.n] = CODE_PRES
    return d.n + 1




cdef bint needs_order(const void* game, int q) noexcept nogil:
    cdef const JuntaData* d = <const JuntaData*>game
    return d.orders.value[q] < d.mil[q]


cdef void order_next(GameState g, JuntaData* d) noexcept nogil:
    if d.spy_return and not needs_order(d, queue_seat(&d.turn)):
        d.spy_return = 0            # ordered again after a Spy: back to the Spy window
        queue_next(&d.turn)
        spy_next(g, d)
        return
    if ask(d, &d.turn, needs_order, PH_ORDER):
        if d.orders.value[d.cur] == 0:
            choice_begin(&d.step, d.mil[d.cur], d.mil[d.cur], True)
        return
    queue_restart(&d.turn)
    spy_next(g, d)


cdef int legal_order(JuntaData* d, int* out) noexcept nogil:
    """Dice are alike: a seat's orders are a multiset, chosen in non-decreasing code; it
    may not attack and defend the Presidente at once."""
    cdef int c, n = 0
    cdef int lo = choice_floor(&d.step)
    for c in range(lo, d.n):
        out[n] = A_ORDER + c
        n += 1
    if lo <= CODE_PRES and d.ords[d.cur][d.pres] == 0:
        out[n] = A_ORDER + CODE_PRES
        n += 1
    return n


cdef void apply_order(GameState g, JuntaData* d, int a) noexcept nogil:
    cdef int q = d.cur
    cdef int k = a - A_ORDER
    d.ords[q][k] += 1
    d.orders.value[q] += 1
    choice_take(&d.step, k)
    if d.orders.value[q] == d.mil[q]:
        frame_reset(&d.step, 0, -1)     # q's choice is complete
    g.observe_split(q, tok(T_ORDER, q, k), tok(T_ORDER, q, RED))
    order_next(g, d)


cdef bint may_spy(const void* game, int q) noexcept nogil:
    """After all orders, each Golpista with cards and militia is asked (a Spy is hidden)."""
    cdef const JuntaData* d = <const JuntaData*>game
    return d.tot[L_HAND + q] > 0 and d.mil[q] > 0


cdef void spy_next(GameState g, JuntaData* d) noexcept nogil:
    """After all orders, each Golpista holding a Spy may look and order again."""
    if not ask(d, &d.turn, may_spy, PH_SPY):
        reveal(g, d)


cdef int legal_spy(JuntaData* d, int* out) noexcept nogil:
    out[0] = A_DONE
    out[1] = A_SPY
    return 2 if has(d, d.cur, EFF_SPY) else 1


cdef void apply_spy(GameState g, JuntaData* d, int a) noexcept nogil:
    cdef int q = d.cur
    cdef int s, k
    if a == A_DONE:
        g.observe_all(tok(T_PASS, q, PH_SPY))
        queue_next(&d.turn)
        spy_next(g, d)
        return
    public_discard(g, d, q, L_HAND + q, d.tix[EFF_SPY], T_SPY)
    for s in range(d.n):
        if s != q and s != d.pres:
            secret_show(&d.orders, s, q)
            for k in range(NCODE):
                g.observe_one(q, tok(T_SPY_SEE, s, k * 8 + d.ords[s][k]))
    memset(d.ords[q], 0, NCODE)
    d.orders.value[q] = 0           # q orders again, unseen: what others spied is void
    d.orders.known[q] = seat_bit(q)
    d.spy_return = 1
    order_next(g, d)


cdef void reveal(GameState g, JuntaData* d) noexcept nogil:
    """The screens come off: every order is seen; combat starts."""
    cdef int q, k, p = d.pres
    d.revealed = 1
    for q in range(d.n):
        d.orders.known[q] = <uint8_t>all_seats(d)
        if q != p:
            for k in range(NCODE):
                g.observe_all(tok(T_REVEAL, q, k * 8 + d.ords[q][k]))
            if d.ords[q][p] > 0:
                d.pres_att |= seat_bit(q)
    if d.pres_att:
        battle_start(g, d, p)
    else:
        for q in range(d.n):
            if q != p:
                receive(g, d, q)
        d.bseat = 1
        next_battle(g, d)


cdef void redraw_orders(JuntaData* d, int q, Rng* rng) noexcept nogil:
    """Resample: q's dice ordered so far become a uniformly chosen legal multiset of codes
    (redrawn while it would both attack and defend the Presidente). The choice under way,
    if q is ordering, continues from the new orders."""
    cdef int options[NCODE + 1]
    cdef int drawn[MIL_CAP]
    cdef Frame alone
    cdef Frame* f = &d.step
    cdef int i, k = d.orders.value[q]
    cdef int n = codes(d, options)
    if k > MIL_CAP:
        return
    if not (d.phase == PH_ORDER and d.cur == q):
        f = &alone
        frame_reset(f, 0, -1)
        choice_begin(f, k, k, True)
    while True:
        if not choice_redraw(f, options, n, k, rng, drawn):
            return
        memset(d.ords[q], 0, NCODE)
        for i in range(k):
            d.ords[q][drawn[i]] += 1
        if not (d.ords[q][d.pres] > 0 and d.ords[q][CODE_PRES] > 0):
            return
