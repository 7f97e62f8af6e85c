# cython: language_level=3
"""Spend Money (purchases, then payment card by card; Party Donation and PR Campaign),
Check Number of Cards, and the end of the game."""
from libc.math cimport tanh
from partisan.core.state cimport GameState, token as tok
from partisan.core.turns cimport queue_seat, queue_next, queue_done, queue_restart
from partisan.core.decision cimport choice_begin, choice_floor, choice_take
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.bookkeeping cimport money, vp, hand, public_discard, reshuffle
from partisan.core.games.junta.draw cimport start_round


cdef inline int tiles_left(JuntaData* d) noexcept nogil:
    cdef int q, k = d.tiles
    for q in range(d.n):
        k -= d.bld[q] - 1
    return k


cdef inline int money_upto(JuntaData* d, int q, int v) noexcept nogil:
    """q's money in cards worth at most v."""
    cdef int t, m = 0
    for t in range(d.ntypes):
        if d.val[t] <= v:
            m += d.val[t] * d.cnt[L_HAND + q][t]
    return m


cdef inline void new_purchase(JuntaData* d) noexcept nogil:
    """Buildings, militia and cards are bought in that order (a multiset ended by paying
    or by done), then paid card by card in non-increasing value."""
    d.owed = d.paid = d.pend_b = d.pend_m = d.pend_c = 0
    choice_begin(&d.step, 0, CHOICE_ANY, True)


cdef void spend_next(GameState g, JuntaData* d) noexcept nogil:
    new_purchase(d)
    if not queue_done(&d.turn):
        d.cur = queue_seat(&d.turn)
        d.phase = PH_SPEND
        return
    end_check(g, d)


cdef void spend_draw_next(GameState g, JuntaData* d) noexcept nogil:
    """Cards bought or drawn by Party Donation: d.left still to draw."""
    if d.left > 0 and d.tot[L_DECK] == 0 and d.tot[L_DISC] > 0:
        reshuffle(g, d)
    if d.left > 0 and d.tot[L_DECK] > 0:
        d.phase = PH_SPEND_DRAW
    else:
        d.left = 0
        d.phase = PH_SPEND


cdef int legal_spend(JuntaData* d, int* out) noexcept nogil:
    cdef int q = d.cur
    cdef int n = 0, t, v
    cdef int m = money(d, q)
    cdef int due = d.owed - d.paid
    cdef int lo = choice_floor(&d.step)
    if d.paid == 0:
        if d.owed == 0:
            out[n] = A_DONE
            n += 1
            for t in range(d.ntypes):
                if d.cnt[L_HAND + q][t] == 0:
                    continue
                if ((d.eff[t] == EFF_DONATION and d.tot[L_DECK] + d.tot[L_DISC] > 0)
                        or (d.eff[t] == EFF_PR and d.mil[q] < d.mil_max)):
                    out[n] = A_PLAY + t
                    n += 1
        if (lo <= 0 and d.bld[q] + d.pend_b < 1 + d.spots
                and tiles_left(d) > d.pend_b and m >= due + d.cost_b):
            out[n] = A_BUY_B
            n += 1
        if (lo <= 1 and d.mil[q] + d.pend_m < d.mil_max
                and m >= due + d.cost_m):
            out[n] = A_BUY_M
            n += 1
        if (lo <= 2 and d.bought[q] + d.pend_c < d.buy_max
                and d.tot[L_DECK] + d.tot[L_DISC] > d.pend_c
                and m >= due + d.cost_c):
            out[n] = A_BUY_C
            n += 1
    if due > 0:
        # Pay in non-increasing values, and only while the rest can still be paid.
        for t in range(d.ntypes):
            v = d.val[t]
            if (d.eff[t] == EFF_AID and d.cnt[L_HAND + q][t] > 0
                    and (d.paid == 0 or PAY_TOP - v >= lo)
                    and (v >= due or money_upto(d, q, v) >= due)):
                out[n] = A_PAY + t
                n += 1
    return n


cdef void apply_spend(GameState g, JuntaData* d, int a) noexcept nogil:
    cdef int q = d.cur
    cdef int t
    g.observe_all(tok(T_BUY, q, a))
    if a == A_DONE:
        queue_next(&d.turn)
        spend_next(g, d)
    elif A_BUY_B <= a <= A_BUY_C:
        choice_take(&d.step, a - A_BUY_B)
        if a == A_BUY_B:
            d.pend_b += 1
            d.owed += d.cost_b
        elif a == A_BUY_M:
            d.pend_m += 1
            d.owed += d.cost_m
        else:
            d.pend_c += 1
            d.owed += d.cost_c
    elif a >= A_PAY:
        t = a - A_PAY
        public_discard(g, d, q, L_HAND + q, t, T_PAY)
        if d.paid == 0:
            choice_begin(&d.step, 0, CHOICE_ANY, True)     # the purchase is closed: payment
        choice_take(&d.step, PAY_TOP - d.val[t])
        d.paid += d.val[t]
        if d.paid >= d.owed:
            settle(g, d)
    else:
        t = a - A_PLAY
        public_discard(g, d, q, L_HAND + q, t, T_PLAY)
        if d.eff[t] == EFF_PR:
            d.mil[q] += 1
        else:
            d.left = 2
            spend_draw_next(g, d)


cdef void settle(GameState g, JuntaData* d) noexcept nogil:
    """Paid in full (no change): take the buildings, militia and card bought."""
    cdef int q = d.cur
    cdef int c = d.pend_c
    d.bld[q] += d.pend_b
    d.mil[q] += d.pend_m
    d.bought[q] += c
    new_purchase(d)
    if c:
        d.left = c
        spend_draw_next(g, d)


cdef void end_check(GameState g, JuntaData* d) noexcept nogil:
    cdef int q
    for q in range(d.n):
        if vp(d, q) >= d.vp_target:
            game_over(g, d)
            return
    queue_restart(&d.turn)
    discard_next(g, d)


cdef bint over_limit(const void* game, int q) noexcept nogil:
    cdef const JuntaData* d = <const JuntaData*>game
    return d.tot[L_HAND + q] > d.hand_limit


cdef void discard_next(GameState g, JuntaData* d) noexcept nogil:
    """Check Number of Cards: down to the hand limit, from the Presidente clockwise."""
    if not ask(d, &d.turn, over_limit, PH_DISCARD):
        start_round(g, d)


cdef int legal_discard(JuntaData* d, int* out) noexcept nogil:
    cdef int t, n = 0
    for t in range(d.ntypes):
        if d.cnt[L_HAND + d.cur][t] > 0:
            out[n] = A_DISCARD + t
            n += 1
    return n


cdef void apply_discard(GameState g, JuntaData* d, int a) noexcept nogil:
    public_discard(g, d, d.cur, L_HAND + d.cur, a - A_DISCARD, T_DISCARD)
    discard_next(g, d)


cdef void game_over(GameState g, JuntaData* d) noexcept nogil:
    """Most VP wins; ties go to the most money in hand; a remaining tie is shared."""
    cdef int q, t, best_v = -1, best_m = -1, v, m
    d.winners = 0
    for q in range(d.n):
        for t in range(d.ntypes):      # hands are shown to settle VP and money
            g.observe_all(tok(T_SHOW, q, t * 64 + d.cnt[L_HAND + q][t]))
    for q in range(d.n):
        v = vp(d, q)
        m = money(d, q)
        if v > best_v or (v == best_v and m > best_m):
            best_v, best_m = v, m
            d.winners = seat_bit(q)
        elif v == best_v and m == best_m:
            d.winners |= seat_bit(q)
    d.phase = PH_OVER


cdef void returns(JuntaData* d, double* out) noexcept nogil:
    cdef int q
    for q in range(d.n):
        out[q] = 0.0
        if d.phase == PH_OVER:
            out[q] = 1.0 if d.winners & seat_bit(q) else -1.0


cdef inline double score(JuntaData* d, int q) noexcept nogil:
    return vp(d, q) + 0.25 * money(d, q) + 0.3 * d.mil[q] + 0.1 * hand(d, q)


cdef void heuristic_returns(JuntaData* d, double* out) noexcept nogil:
    """tanh of the lead over the best other seat (VP, money, militia, cards)."""
    cdef double sc[JMAXP]
    cdef double best
    cdef int q, r
    for q in range(d.n):
        sc[q] = score(d, q)
    for q in range(d.n):
        best = -1e9
        for r in range(d.n):
            if r != q and sc[r] > best:
                best = sc[r]
        out[q] = tanh((sc[q] - best) / 2.0)
