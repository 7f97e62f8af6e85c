# cython: language_level=3
"""Make Promises: the Presidente promises cards (Expert: militia) to the Golpistas one at a
time, then each Golpista holding Burglars may steal from another's promises. After the
Presidente's battle the promises are received or forfeited."""
from partisan.core.state cimport GameState, token as tok
from partisan.core.turns cimport seat_queue, queue_restart, queue_next, queue_seek
from partisan.core.decision cimport choice_begin, choice_floor, choice_take, frame_reset
from partisan.core.games.junta.data cimport *
from partisan.core.knowledge cimport Counted, OWNER_AND_OTHER, NOBODY, NO_TOKEN, move_kind, move_place
from partisan.core.games.junta.bookkeeping cimport places, hand, has, public_discard
from partisan.core.games.junta.orders cimport order_next


cdef inline int needy(JuntaData* d) noexcept nogil:
    """Golpistas still without a promised card."""
    cdef int s, k = 0
    for s in range(d.n):
        if s != d.pres and d.tot[L_PROM + s] == 0:
            k += 1
    return k


cdef void begin_promises(JuntaData* d) noexcept nogil:
    seat_queue(&d.turn, all_seats(d) & ~seat_bit(d.pres), 0, d.pres + 1, d.n)    # Golpistas, clockwise
    choice_begin(&d.step, 0, CHOICE_ANY, True)
    d.cur = d.pres
    d.phase = PH_PROMISE


cdef int legal_promise(JuntaData* d, int* out) noexcept nogil:
    cdef int lo = A_PROM_CARD + choice_floor(&d.step)
    cdef int p = d.pres
    cdef int n = 0, s, t, f, c, avail
    cdef int h = hand(d, p)
    cdef int need = needy(d)
    if need == 0 or h == 0:
        out[n] = A_DONE
        n += 1
    # Promises are a multiset of actions given in ascending (recipient, card) order, so
    # a recipient passed over must already have its card.
    for s in range(d.n):
        if s == p:
            continue
        for t in range(d.ntypes):
            c = A_PROM_CARD + s * NT + t
            if (c >= lo and d.cnt[L_HAND + p][t] > 0
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
                    if f != p and c >= lo:
                        out[n] = c
                        n += 1
    return n


cdef void apply_promise(GameState g, JuntaData* d, int a) noexcept nogil:
    cdef int p = d.pres
    cdef int s, t
    cdef Counted c
    if a == A_DONE:
        g.observe_all(tok(T_PROM_DONE, p, 0))
        frame_reset(&d.step, 0, -1)
        queue_restart(&d.turn)
        burglar_next(g, d)
        return
    choice_take(&d.step, a - A_PROM_CARD)
    if a < A_PROM_MIL:
        s = (a - A_PROM_CARD) // NT
        t = (a - A_PROM_CARD) % NT
        c = places(d)               # seen by the recipient and the Presidente
        move_kind(g, &c, t, L_HAND + p, L_PROM + s, OWNER_AND_OTHER, s, p,
                  tok(T_PROM, s, t), tok(T_PROM, s, RED))
    else:
        s = (a - A_PROM_MIL) // 5
        d.loanp[s][(a - A_PROM_MIL) % 5] += 1
        g.observe_all(tok(T_PROM_MIL, s, (a - A_PROM_MIL) % 5))


cdef bint may_burgle(const void* game, int q) noexcept nogil:
    """q holds cards and another Golpista has promises (whether q holds Burglars is
    hidden: every such seat is asked)."""
    cdef const JuntaData* d = <const JuntaData*>game
    cdef int s
    if d.tot[L_HAND + q] == 0:
        return False
    for s in range(d.n):
        if s != q and s != d.pres and d.tot[L_PROM + s] > 0:
            return True
    return False


cdef void burglar_next(GameState g, JuntaData* d) noexcept nogil:
    """Right after the Promises, each Golpista holding Burglars may play it."""
    if ask(d, &d.turn, may_burgle, PH_BURGLAR):
        return
    queue_restart(&d.turn)
    d.spy_return = 0
    order_next(g, d)


cdef int legal_burglar(JuntaData* d, int* out) noexcept nogil:
    cdef int q = d.cur
    cdef int s, n = 1
    out[0] = A_DONE
    if has(d, q, EFF_BURGLARS):
        for s in range(d.n):
            if s != d.pres and s != q and d.tot[L_PROM + s] > 0:
                out[n] = A_BURGLE + s
                n += 1
    return n


cdef void apply_burglar(GameState g, JuntaData* d, int a) noexcept nogil:
    cdef int q = d.cur
    if a == A_DONE:
        g.observe_all(tok(T_PASS, q, PH_BURGLAR))
        queue_next(&d.turn)
        burglar_next(g, d)
    else:
        public_discard(g, d, q, L_HAND + q, d.tix[EFF_BURGLARS], T_BURGLE)
        g.observe_all(tok(T_BURGLE, q, a - A_BURGLE + 100))
        d.left = a - A_BURGLE          # the victim, for the chance node
        d.phase = PH_BURGLE


cdef void receive(GameState g, JuntaData* d, int q) noexcept nogil:
    """q takes its Promises into its hand (Expert: and the promised militia)."""
    cdef int f
    cdef Counted c = places(d)      # nobody sees them again: what each knew follows them
    move_place(g, &c, L_PROM + q, L_HAND + q, NOBODY, q, -1, NO_TOKEN, tok(T_RECEIVE, q, 0))
    for f in range(d.n):
        d.loana[q][f] = d.loanp[q][f]
        d.loanp[q][f] = 0


cdef void forfeit(GameState g, JuntaData* d, int q) noexcept nogil:
    """q's Promises go face up on the Discard Pile; promised militia go back."""
    cdef int t, f
    for t in range(d.ntypes):
        while d.cnt[L_PROM + q][t] > 0:
            public_discard(g, d, q, L_PROM + q, t, T_FORFEIT)
    for f in range(d.n):
        d.loanp[q][f] = 0
