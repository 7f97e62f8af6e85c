# cython: language_level=3
"""Command Militias: each Golpista secretly orders its militia one die at a time; then each
holding a Spy may look at the others' orders and order again; then the orders are revealed
and combat begins."""
from libc.string cimport memset
from libc.stdint cimport uint8_t
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport GameState, token as tok
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.bookkeeping cimport hand, has, public_discard
from partisan.core.games.junta.promises cimport receive
from partisan.core.games.junta.combat cimport battle_start, next_battle


cdef inline int order_legal(JuntaData* d, int q, int c) noexcept:
    if c != CODE_PRES and c >= d.n:
        return 0
    if c < d.last_ord[q]:
        return 0                    # dice are alike: orders in non-decreasing code
    if c == CODE_PRES and d.ords[q][d.pres] > 0:
        return 0                    # not attack and defend the Presidente at once
    return 1


cdef void order_next(GameState g, JuntaData* d) noexcept:
    cdef int q
    while d.qi < d.qn:
        q = d.queue[d.qi]
        if d.nord[q] < d.mil[q]:
            d.cur = q
            d.phase = PH_ORDER
            return
        if d.spy_return:
            d.spy_return = 0
            d.qi += 1
            spy_next(g, d)
            return
        d.qi += 1
    d.qi = 0
    spy_next(g, d)


cdef int legal_order(JuntaData* d, int* out) noexcept:
    cdef int c, n = 0
    for c in range(NCODE):
        if order_legal(d, d.cur, c):
            out[n] = A_ORDER + c
            n += 1
    return n


cdef void apply_order(GameState g, JuntaData* d, int a) noexcept:
    cdef int q = d.cur
    cdef int k = a - A_ORDER
    d.ords[q][k] += 1
    d.nord[q] += 1
    d.last_ord[q] = k
    g.observe_split(q, tok(T_ORDER, q, k), tok(T_ORDER, q, RED))
    order_next(g, d)


cdef void spy_next(GameState g, JuntaData* d) noexcept:
    """After all orders, each Golpista holding a Spy may look and order again."""
    cdef int q
    while d.qi < d.qn:
        q = d.queue[d.qi]
        if hand(d, q) > 0 and d.mil[q] > 0:
            d.cur = q
            d.phase = PH_SPY
            return
        d.qi += 1
    reveal(g, d)


cdef int legal_spy(JuntaData* d, int* out) noexcept:
    out[0] = A_DONE
    out[1] = A_SPY
    return 2 if has(d, d.cur, EFF_SPY) else 1


cdef void apply_spy(GameState g, JuntaData* d, int a) noexcept:
    cdef int q = d.cur
    cdef int s, k
    if a == A_DONE:
        g.observe_all(tok(T_PASS, q, PH_SPY))
        d.qi += 1
        spy_next(g, d)
        return
    public_discard(g, d, q, L_HAND + q, d.tix[EFF_SPY], T_SPY)
    for s in range(d.n):
        if s != q and s != d.pres:
            d.ord_known[s] |= bit(q)
            for k in range(NCODE):
                g.observe_one(q, tok(T_SPY_SEE, s, k * 8 + d.ords[s][k]))
    memset(d.ords[q], 0, NCODE)
    d.nord[q] = 0
    d.last_ord[q] = 0
    d.ord_known[q] = bit(q)
    d.spy_return = 1
    order_next(g, d)


cdef void reveal(GameState g, JuntaData* d) noexcept:
    """The screens come off: every order is seen; combat starts."""
    cdef int q, k, p = d.pres
    d.revealed = 1
    for q in range(d.n):
        d.ord_known[q] = <uint8_t>((1 << d.n) - 1)
        if q != p:
            for k in range(NCODE):
                g.observe_all(tok(T_REVEAL, q, k * 8 + d.ords[q][k]))
            if d.ords[q][p] > 0:
                d.pres_att |= bit(q)
    if d.pres_att:
        battle_start(g, d, p)
    else:
        for q in range(d.n):
            if q != p:
                receive(g, d, q)
        d.bseat = 1
        next_battle(g, d)


cdef void random_order(JuntaData* d, int q, Rng* rng) noexcept:
    """Give one more of q's militia a legal order at random (resample)."""
    cdef int codes[NCODE]
    cdef int c, k = 0
    for c in range(NCODE):
        if order_legal(d, q, c):
            codes[k] = c
            k += 1
    c = codes[rng_below(rng, k)]
    d.ords[q][c] += 1
    d.last_ord[q] = c
