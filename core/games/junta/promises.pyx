# cython: language_level=3
"""Make Promises: the Presidente promises cards (Expert: militia) to the Golpistas one at a
time, then each Golpista holding Burglars may steal from another's promises. After the
Presidente's battle the promises are received or forfeited."""
from partisan.core.state cimport GameState, token as tok
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta.bookkeeping cimport (
    hand, has, move, seen_leave, unseen_leave, public_discard)
from partisan.core.games.junta.orders cimport order_next


cdef inline int needy(JuntaData* d) noexcept:
    """Golpistas still without a promised card."""
    cdef int s, k = 0
    for s in range(d.n):
        if s != d.pres and d.tot[L_PROM + s] == 0:
            k += 1
    return k


cdef void begin_promises(JuntaData* d) noexcept:
    cdef int i
    for i in range(d.n - 1):
        d.queue[i] = (d.pres + 1 + i) % d.n      # Golpistas, clockwise
    d.qn = d.n - 1
    d.qi = 0
    d.cur = d.pres
    d.phase = PH_PROMISE


cdef int legal_promise(JuntaData* d, int* out) noexcept:
    cdef int p = d.pres
    cdef int n = 0, s, t, f, c, avail
    cdef int h = hand(d, p)
    cdef int need = needy(d)
    if need == 0 or h == 0:
        out[n] = A_DONE
        n += 1
    # Promises are given in ascending (recipient, card) order, so a recipient passed
    # over must already have its card.
    for s in range(d.n):
        if s == p:
            continue
        for t in range(d.ntypes):
            c = A_PROM_CARD + s * NT + t
            if (c >= d.last_prom and d.cnt[L_HAND + p][t] > 0
                    and h - 1 >= need - (1 if d.tot[L_PROM + s] == 0 else 0)):
                out[n] = c
                n += 1
        if d.tot[L_PROM + s] == 0 and h > 0:
            break
    if d.expert and need == 0:
        avail = d.mil[p]
        for s in range(d.n):
            for f in range(d.n):
                avail -= d.loanp[s][f]
        if avail > 0:
            for s in range(d.n):
                if s == p:
                    continue
                for f in range(d.n):
                    c = A_PROM_MIL + s * 5 + f
                    if f != p and c >= d.last_prom:
                        out[n] = c
                        n += 1
    return n


cdef void apply_promise(GameState g, JuntaData* d, int a) noexcept:
    cdef int p = d.pres
    cdef int s, t, x
    if a == A_DONE:
        g.observe_all(tok(T_PROM_DONE, p, 0))
        d.qi = 0
        burglar_next(g, d)
    elif a < A_PROM_MIL:
        s = (a - A_PROM_CARD) // NT
        t = (a - A_PROM_CARD) % NT
        d.last_prom = a
        move(d, L_HAND + p, L_PROM + s, t)
        for x in range(d.n):
            if x == s:
                seen_leave(d, x, L_HAND + p, t)
                g.observe_one(x, tok(T_PROM, s, t))
            elif x == p:
                d.lb[p][L_PROM + s][t] += 1
                g.observe_one(x, tok(T_PROM, s, t))
            else:
                unseen_leave(d, x, L_HAND + p)
                g.observe_one(x, tok(T_PROM, s, RED))
    else:
        s = (a - A_PROM_MIL) // 5
        d.last_prom = a
        d.loanp[s][(a - A_PROM_MIL) % 5] += 1
        g.observe_all(tok(T_PROM_MIL, s, (a - A_PROM_MIL) % 5))


cdef void burglar_next(GameState g, JuntaData* d) noexcept:
    """Right after the Promises, each Golpista holding Burglars may play it."""
    cdef int q, s
    while d.qi < d.qn:
        q = d.queue[d.qi]
        if hand(d, q) > 0:
            for s in range(d.n):
                if s != q and s != d.pres and d.tot[L_PROM + s] > 0:
                    d.cur = q
                    d.phase = PH_BURGLAR
                    return
        d.qi += 1
    d.qi = 0
    d.spy_return = 0
    order_next(g, d)


cdef int legal_burglar(JuntaData* d, int* out) noexcept:
    cdef int q = d.cur
    cdef int s, n = 1
    out[0] = A_DONE
    if has(d, q, EFF_BURGLARS):
        for s in range(d.n):
            if s != d.pres and s != q and d.tot[L_PROM + s] > 0:
                out[n] = A_BURGLE + s
                n += 1
    return n


cdef void apply_burglar(GameState g, JuntaData* d, int a) noexcept:
    cdef int q = d.cur
    if a == A_DONE:
        g.observe_all(tok(T_PASS, q, PH_BURGLAR))
        d.qi += 1
        burglar_next(g, d)
    else:
        public_discard(g, d, q, L_HAND + q, d.tix[EFF_BURGLARS], T_BURGLE)
        g.observe_all(tok(T_BURGLE, q, a - A_BURGLE + 100))
        d.left = a - A_BURGLE          # the victim, for the chance node
        d.phase = PH_BURGLE


cdef void receive(GameState g, JuntaData* d, int q) noexcept:
    """q takes its Promises into its hand (Expert: and the promised militia)."""
    cdef int t, x, f
    for t in range(d.ntypes):
        while d.cnt[L_PROM + q][t] > 0:
            move(d, L_PROM + q, L_HAND + q, t)
        for x in range(d.n):
            d.lb[x][L_HAND + q][t] += d.lb[x][L_PROM + q][t]
            d.lb[x][L_PROM + q][t] = 0
    for f in range(d.n):
        d.loana[q][f] = d.loanp[q][f]
        d.loanp[q][f] = 0
    g.observe_all(tok(T_RECEIVE, q, 0))


cdef void forfeit(GameState g, JuntaData* d, int q) noexcept:
    """q's Promises go face up on the Discard Pile; promised militia go back."""
    cdef int t, f
    for t in range(d.ntypes):
        while d.cnt[L_PROM + q][t] > 0:
            public_discard(g, d, q, L_PROM + q, t, T_FORFEIT)
    for f in range(d.n):
        d.loanp[q][f] = 0
