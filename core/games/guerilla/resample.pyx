# cython: language_level=3
"""A world consistent with what one seat knows (DESIGN.md, "Hidden information"): the cards
it cannot place (the deck, the other hands, the face-down cards of the discard pile) are
redealt, the other seats' secret plans and face-down picks are redrawn, and the loyalty
markers it has not seen are dealt again among the other seats. Everything written depends
only on the seat's view and the random stream."""
from libc.stdint cimport uint64_t
from partisan.core.rng cimport Rng, rng_below
from partisan.core.bitset cimport ws_has, ws_add, ws_remove, ws_andnot, ws_copy, ws_clear, ws_to_list
from partisan.core.knowledge cimport Places, resample_places, seen_of, bar_cards, barred_of
from partisan.core.piles cimport pile_replace
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla.setup cimport plan_complexes, refilled


cdef void _bars(Guerilla* d, int p) noexcept nogil:
    """What p knows cannot be hidden: no red card in a hand once deployed or returned (l.36,
    l.38, l.95), none face down on the discard pile."""
    cdef uint64_t red[NW]
    cdef uint64_t cplx[NW]
    cdef int c, q, i
    cdef Places pp = pl(d)
    ws_clear(red, NW)
    ws_clear(cplx, NW)
    for c in range(NCARDS):
        if d.info[c].kind == K_COMPLEX:
            ws_add(cplx, NW, c)
            ws_add(red, NW, c)
        elif d.info[c].kind == K_RED:
            ws_add(red, NW, c)
            if d.info[c].red != RED_WEATHER:
                ws_add(cplx, NW, c)
    for i in range(NPLACES):
        ws_clear(barred_of(&pp, p, i), NW)
    if d.node <= N_PLAN_FACTION:
        return
    for q in range(d.n):
        if q == p:
            continue
        if d.node != N_REFILL or refilled(d, q):
            bar_cards(&pp, p, P_HAND + q, red)
        else:
            bar_cards(&pp, p, P_HAND + q, cplx)
    bar_cards(&pp, p, P_DISC, red)
    if in_place(d, P_DECK, d.revolution):
        ws_add(seen_of(&pp, p, P_DECK), NW, d.revolution)   # it lies in the deck, pinned


cdef void _sync_deck(Guerilla* d, uint64_t* old) noexcept nogil:
    """The deck pile holds what the deck place now holds (its order is never stored)."""
    cdef uint64_t gone[NW]
    cdef uint64_t came[NW]
    cdef int a[NCARDS]
    cdef int b[NCARDS]
    cdef int k, n
    ws_copy(gone, old, NW)
    ws_andnot(gone, d.cards[P_DECK], NW)
    ws_copy(came, d.cards[P_DECK], NW)
    ws_andnot(came, old, NW)
    n = ws_to_list(gone, NW, a)
    ws_to_list(came, NW, b)
    for k in range(n):
        pile_replace(&d.deck, a[k], b[k])


cdef void _sync_discard(Guerilla* d, int p, Rng* rng) noexcept nogil:
    """The discard pile's slots p has not seen take the redealt cards in a random order."""
    cdef Places pp = pl(d)
    cdef uint64_t fresh[NW]
    cdef int cards[NCARDS]
    cdef int i, j, t, n
    ws_copy(fresh, d.cards[P_DISC], NW)
    ws_andnot(fresh, seen_of(&pp, p, P_DISC), NW)
    n = ws_to_list(fresh, NW, cards)
    for i in range(n - 1, 0, -1):
        j = <int>rng_below(rng, <unsigned int>(i + 1))
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t
    j = 0
    for i in range(d.disc.n):
        if not ws_has(seen_of(&pp, p, P_DISC), NW, d.disc.slot[i]) and j < n:
            d.disc.slot[i] = cards[j]
            j += 1


cdef void _redraw_loyalties(Guerilla* d, int p, Rng* rng) noexcept nogil:
    """Markers p has not seen are dealt again among the seats holding them."""
    cdef int left[3]
    cdef int q, k, r, total = 0
    for k in range(3):
        left[k] = d.nmarkers[k]
    for q in range(d.n):
        if d.loyalty[q] >= 0 and (d.known[q] >> p) & 1:
            left[d.loyalty[q]] -= 1
    for k in range(3):
        total += left[k]
    for q in range(d.n):
        if d.loyalty[q] < 0 or (d.known[q] >> p) & 1:
            continue
        r = <int>rng_below(rng, <unsigned int>total)
        for k in range(3):
            r -= left[k]
            if r < 0:
                break
        d.loyalty[q] = <int8_t>k
        left[k] -= 1
        total -= 1


cdef void _redraw_plans(Guerilla* d, int p) noexcept nogil:
    """Another seat's initial deployment, unseen until the reveal: a committed plan becomes
    every complex alone; one under way starts again."""
    cdef int q, c
    if d.node != N_PLAN and d.node != N_PLAN_FACTION:
        return
    for c in range(NCARDS):
        if not in_place(d, P_HAND + p, c):
            d.plan[c] = 0
    for q in range(d.n):
        if q == p:
            continue
        d.nplan[q] = 0
        for c in range(MAXPLAN):
            d.plan_faction[q][c] = 0
        if (d.planned >> q) & 1:
            plan_complexes(d, q)
        elif q == d.cur:
            d.npick = 0
            for c in range(PICK_MAX):
                d.pick[c] = NO_CARD
            d.node = N_PLAN


cdef void _lift_offers(Guerilla* d, int p, int* down) noexcept nogil:
    """Before the redeal: how many cards each other seat has laid face down; the marks go."""
    cdef int q, c
    for q in range(GMAXP):
        down[q] = 0
    for c in range(NCARDS):
        if d.offer[c] == 2 and not in_place(d, P_HAND + p, c):
            for q in range(d.n):
                if in_place(d, P_HAND + q, c):
                    down[q] += 1
            d.offer[c] = 0


cdef void _random_cards(int* cards, int m, int k, Rng* rng) noexcept nogil:
    """The first k of the m cards become k of them drawn at random (a partial shuffle)."""
    cdef int i, j, t
    for i in range(k):
        j = i + <int>rng_below(rng, <unsigned int>(m - i))
        t = cards[j]
        cards[j] = cards[i]
        cards[i] = t


cdef void _redraw_offers(Guerilla* d, int p, int* down, Rng* rng) noexcept nogil:
    """Another seat's face-down trade cards, unseen by p, become as many of its new hand's
    cards (its face-up ones p has seen and kept in place)."""
    cdef int free_[NCARDS]
    cdef int q, c, k, m
    for q in range(d.n):
        if q == p or down[q] == 0:
            continue
        m = 0
        for c in range(NCARDS):
            if in_place(d, P_HAND + q, c) and not d.offer[c]:
                free_[m] = c
                m += 1
        _random_cards(free_, m, down[q], rng)
        for k in range(down[q]):
            d.offer[free_[k]] = 2


cdef void _lift_received(Guerilla* d, int p, int* down) noexcept nogil:
    """Before the redeal, while a trade's cards go back (l.88): the received cards laid face
    up stay where p saw them go; of those laid face down, unseen by p, only each hand's count
    is kept."""
    cdef Places pp = pl(d)
    cdef int q, c
    for q in range(GMAXP):
        down[q] = 0
    for q in range(d.n):
        if q == p:
            continue
        for c in range(NCARDS):
            if not ws_has(d.t_got, NW, c) or not in_place(d, P_HAND + q, c):
                continue
            if not ws_has(d.t_down, NW, c):
                ws_add(seen_of(&pp, p, P_HAND + q), NW, c)
            elif not ws_has(seen_of(&pp, p, P_HAND + q), NW, c):
                down[q] += 1
                ws_remove(d.t_got, NW, c)
                ws_remove(d.t_down, NW, c)


cdef void _redraw_received(Guerilla* d, int p, int* down, Rng* rng) noexcept nogil:
    """The face-down cards received become as many of the new hand's cards p has not seen."""
    cdef Places pp = pl(d)
    cdef int free_[NCARDS]
    cdef int q, c, k, m
    for q in range(d.n):
        if q == p or down[q] == 0:
            continue
        m = 0
        for c in range(NCARDS):
            if (in_place(d, P_HAND + q, c) and not ws_has(d.t_got, NW, c)
                    and not ws_has(seen_of(&pp, p, P_HAND + q), NW, c)):
                free_[m] = c
                m += 1
        _random_cards(free_, m, down[q], rng)
        for k in range(down[q]):
            ws_add(d.t_got, NW, free_[k])
            ws_add(d.t_down, NW, free_[k])


cdef void resample_hidden(Guerilla* d, int p, Rng* rng) noexcept nogil:
    cdef int hidden[NPLACES]
    cdef int down[GMAXP]
    cdef int received[GMAXP]
    cdef uint64_t old[NW]
    cdef int q, c, n = 0
    cdef Places pp = pl(d)
    if d.node == N_PICK and d.pick_kind == PK_DISCARD and d.active != p:
        d.npick = 0                                    # face-down picks under way start again
        for c in range(PICK_MAX):
            d.pick[c] = NO_CARD
    _bars(d, p)
    _lift_offers(d, p, down)
    _lift_received(d, p, received)
    hidden[n] = P_DECK
    n += 1
    hidden[n] = P_DISC
    n += 1
    for q in range(d.n):
        if q != p:
            hidden[n] = P_HAND + q
            n += 1
    ws_copy(old, d.cards[P_DECK], NW)
    resample_places(&pp, p, hidden, n, rng)
    _sync_deck(d, old)
    _sync_discard(d, p, rng)
    _redraw_plans(d, p)
    _redraw_offers(d, p, down, rng)
    _redraw_received(d, p, received, rng)
    _redraw_loyalties(d, p, rng)
