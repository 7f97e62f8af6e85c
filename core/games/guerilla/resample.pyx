# cython: language_level=3
"""A world consistent with what one seat knows (DESIGN.md, "Hidden information"): the cards
it cannot place (the deck, the other hands, the face-down cards of the discard pile) are
redealt, the other seats' secret plans and face-down picks are redrawn, and the loyalty
markers it has not seen are dealt again among the other seats (alike, or weighed by what
their groups on the table tell). Everything written depends only on the seat's view, the
reading's weight and the random stream."""
from libc.stdint cimport uint64_t
from libc.math cimport exp
from partisan.core.rng cimport Rng, rng_below, rng_double
from partisan.core.bitset cimport ws_has, ws_add, ws_remove, ws_andnot, ws_copy, ws_clear, ws_to_list
from partisan.core.knowledge cimport Places, resample_places, seen_of, bar_cards, barred_of, row_of
from partisan.core.games.guerilla.turn cimport legal_pick
from partisan.core.games.guerilla.recon cimport legal_counter
from partisan.core.piles cimport pile_replace
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla.setup cimport plan_complexes, refilled

cdef double READ_PRIOR_STRENGTH = 4.0  # strength a seat's first unit on the table is read against


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


cdef void _redraw_loyalties(Guerilla* d, int p, double reading, Rng* rng) noexcept nogil:
    """Markers p has not seen are dealt again among the seats holding them: alike, or with
    `reading` > 0 weighed by what each seat has on the table (_read_table)."""
    cdef int left[3]
    cdef int seats[GMAXP]
    cdef double lik[GMAXP][3]
    cdef int q, k, r, u = 0, total = 0
    for k in range(3):
        left[k] = d.nmarkers[k]
    for q in range(d.n):
        if d.loyalty[q] >= 0 and (d.known[q] >> p) & 1:
            left[d.loyalty[q]] -= 1
        elif d.loyalty[q] >= 0:
            seats[u] = q
            u += 1
    if reading > 0.0:
        _read_table(d, seats, u, reading, lik)
        _weighed_deal(d, seats, u, lik, left, rng)
        return
    for k in range(3):
        total += left[k]
    for q in range(u):
        r = <int>rng_below(rng, <unsigned int>total)
        for k in range(3):
            r -= left[k]
            if r < 0:
                break
        d.loyalty[seats[q]] = <int8_t>k
        left[k] -= 1
        total -= 1


cdef void _read_table(Guerilla* d, const int* seats, int u, double reading,
                      double (*lik)[3]) noexcept nogil:
    """How likely each seat's groups on the table make each marker, as a player reads them (l.40:
    "Players should be careful about displaying a strong bias towards either faction"): a
    seat deploys and keeps the strength of the faction it is loyal to (l.29, l.115), so its
    share of Government strength x in -1..1 gives Government exp(reading * x), the Rebels
    exp(-reading * x) and the Mercenary, who serves neither (l.115), 1."""
    cdef int i, k, f
    cdef double strength[2]
    cdef double x
    cdef Group* g
    for i in range(u):
        strength[0] = 0.0
        strength[1] = 0.0
        for f in range(NGROUPS):
            g = &d.grp[f]
            if g.owner != seats[i] or g.cplx >= 0:
                continue
            for k in range(g.nunits):
                strength[g.faction] += printed(d, g.unit[k], g.faction)
        x = (strength[0] - strength[1]) / (strength[0] + strength[1] + READ_PRIOR_STRENGTH)
        lik[i][F_GOV] = exp(reading * x)
        lik[i][F_REB] = exp(-reading * x)
        lik[i][LOY_MERC] = 1.0


cdef double _deals(const double (*lik)[3], int i, int u, int* left) noexcept nogil:
    """The summed likelihood of every deal of the `left` markers to seats i..u-1."""
    cdef int k
    cdef double total = 0.0
    if i == u:
        return 1.0
    for k in range(3):
        if left[k] > 0:
            left[k] -= 1
            total += lik[i][k] * _deals(lik, i + 1, u, left)
            left[k] += 1
    return total


cdef void _weighed_deal(Guerilla* d, const int* seats, int u, const double (*lik)[3], int* left,
                        Rng* rng) noexcept nogil:
    """A deal drawn in proportion to its likelihood, seat by seat (each marker by the weight of
    every deal that gives it)."""
    cdef double w[3]
    cdef double total, r
    cdef int i, k
    for i in range(u):
        total = 0.0
        for k in range(3):
            w[k] = 0.0
            if left[k] > 0:
                left[k] -= 1
                w[k] = lik[i][k] * _deals(lik, i + 1, u, left)
                left[k] += 1
            total += w[k]
        r = rng_double(rng) * total
        k = 0
        while k < 2 and (r >= w[k] or left[k] == 0):
            r -= w[k]
            k += 1
        d.loyalty[seats[i]] = <int8_t>k
        left[k] -= 1


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


cdef bint _may_trade(Guerilla* d, Places* pp, int p, int c, int src, int dst) noexcept nogil:
    """Card c may move from src to dst in p's worlds: p has seen it in neither place and does
    not know it is absent from dst."""
    cdef int r = row_of(pp, p)
    return (not ws_has(seen_of(pp, r, src), NW, c) and not ws_has(seen_of(pp, r, dst), NW, c)
            and not ws_has(barred_of(pp, r, dst), NW, c))


cdef int _waiting(Guerilla* d) noexcept nogil:
    """The seat whose choice under way needs a unit he is known to hold: a leader picked first
    for a new group is legal only while a unit may join him (l.18), in a deployment and in a
    Recon Patrol's counter (l.120); -1 if none."""
    if d.node == N_PICK and d.pick_kind != PK_DISCARD:
        return d.active
    if d.node == N_RECON_UNIT and d.rc_rebel >= 0:
        return d.cur
    return -1


cdef bint _open(Guerilla* d) noexcept nogil:
    """The choice under way can go on: a card is offered (not only "done" in a world redealt
    without the unit the leader awaits)."""
    cdef int buf[NCARDS]
    if d.node == N_PICK:
        return legal_pick(d, buf) > 0
    return legal_counter(d, buf) > 0 and buf[0] != A_DONE


cdef bint _trade_places(Guerilla* d, Places* pp, int p, int seat, int u, int src,
                        Rng* rng) noexcept nogil:
    """Unit u, in src, changes places with a card of seat's hand that is free (not picked,
    planned or offered) and may go to src, one after which the choice is open (tried from a
    random one); False if none."""
    cdef int hand = P_HAND + seat
    cdef int cards[NCARDS]
    cdef int m = ws_to_list(d.cards[hand], NW, cards)
    cdef int i, h, k0 = <int>rng_below(rng, <unsigned int>m) if m else 0
    for i in range(m):
        h = cards[(k0 + i) % m]
        if not card_free(d, seat, h) or not _may_trade(d, pp, p, h, hand, src):
            continue
        ws_remove(d.cards[hand], NW, h)
        ws_add(d.cards[src], NW, h)
        ws_remove(d.cards[src], NW, u)
        ws_add(d.cards[hand], NW, u)
        if _open(d):
            return True
        ws_remove(d.cards[hand], NW, u)
        ws_add(d.cards[src], NW, u)
        ws_remove(d.cards[src], NW, h)
        ws_add(d.cards[hand], NW, h)
    return False


cdef void _keep_choice_open(Guerilla* d, int p, Rng* rng) noexcept nogil:
    """Another seat waiting to add a unit to a leader he picked first is known to hold one: if
    the redeal left him none, an unseen unit (from the deck or a third seat's hand) trades
    places with one of his unseen cards."""
    cdef Places pp = pl(d)
    cdef int seat = _waiting(d)
    cdef int c, i, src, c0
    if seat < 0 or seat == p or _open(d):
        return
    c0 = <int>rng_below(rng, NCARDS)
    for i in range(NCARDS):
        c = (c0 + i) % NCARDS
        if not unit_card(d, c):
            continue
        for src in range(P_HAND + d.n):
            if (src == P_HAND + seat or src == P_HAND + p or not ws_has(d.cards[src], NW, c)
                    or not _may_trade(d, &pp, p, c, src, P_HAND + seat)):
                continue
            if _trade_places(d, &pp, p, seat, c, src, rng):
                return


cdef void resample_hidden(Guerilla* d, int p, double reading, Rng* rng) noexcept nogil:
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
    _keep_choice_open(d, p, rng)
    _sync_deck(d, old)
    _sync_discard(d, p, rng)
    _redraw_plans(d, p)
    _redraw_offers(d, p, down, rng)
    _redraw_received(d, p, received, rng)
    _redraw_loyalties(d, p, reading, rng)
