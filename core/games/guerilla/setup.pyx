# cython: language_level=3
"""Preparations for play (l.28-l.40): the loyalty markers, the deal and a misdeal, the
simultaneous secret initial deployment, the refill, and the deck with the Revolution card in
its bottom half. Every seat acts in order from the dealer."""
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport GameState, token
from partisan.core.bitset cimport ws_count, ws_has
from partisan.core.knowledge cimport Places, move_cards, PUBLIC, OWNER, NO_TOKEN
from partisan.core.piles cimport pile_draw
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla.hand cimport free_types
from partisan.core.games.guerilla.turn cimport start_turn


cdef void start_round(GameState st, Guerilla* d, int dealer) noexcept nogil:
    """The dealer is chosen (l.28): loyalty markers are dealt from his seat on (l.29)."""
    d.dealer = <int8_t>dealer
    d.cur = <int8_t>dealer
    d.node = N_LOYALTY
    st.observe_all(token(T_DEALER, dealer, 0))


# ------------------------------------------------------------------ loyalty (l.29-l.30)
cdef int _markers_left(Guerilla* d, int* left) noexcept nogil:
    cdef int q, k, total = 0
    for k in range(3):
        left[k] = d.nmarkers[k]
    for q in range(d.n):
        if d.loyalty[q] >= 0:
            left[d.loyalty[q]] -= 1
    for k in range(3):
        total += left[k]
    return total


cdef int loyalty_outcomes(Guerilla* d, int* out, double* probs) noexcept nogil:
    cdef int left[3]
    cdef int k, n = 0
    cdef int total = _markers_left(d, left)
    for k in range(3):
        if left[k] > 0:
            out[n] = C_LOYALTY + k
            probs[n] = <double>left[k] / total
            n += 1
    return n


cdef int sample_loyalty(Guerilla* d, Rng* rng) noexcept nogil:
    cdef int left[3]
    cdef int k, r = <int>rng_below(rng, <unsigned int>_markers_left(d, left))
    for k in range(3):
        r -= left[k]
        if r < 0:
            return C_LOYALTY + k
    return C_LOYALTY


cdef void apply_loyalty(GameState st, Guerilla* d, int marker) noexcept nogil:
    """Each player looks at his marker and shows it to nobody (l.29); in the open duel both
    see both."""
    d.loyalty[d.cur] = <int8_t>marker
    d.known[d.cur] = marker_seen_by(d, d.cur)
    if open_duel(d):
        st.observe_all(token(T_LOYALTY, d.cur, marker))
    else:
        st.observe_split(d.cur, token(T_LOYALTY, d.cur, marker), token(T_LOYALTY, d.cur, -1))
    d.cur = <int8_t>next_seat(d.cur, d.n)
    if d.cur == d.dealer:
        d.node = N_DEAL


# ------------------------------------------------------------------ the deal (l.31-l.33)
cdef void apply_deal(GameState st, Guerilla* d, int card) noexcept nogil:
    """Eight cards each, from the dealer on (l.32); only the receiver sees them."""
    pile_draw(&d.deck, card)
    move(st, d, card, P_DECK, P_HAND + d.cur, OWNER, d.cur, T_CARD)
    if hand_count(d, d.cur) < 8:
        return
    d.cur = <int8_t>next_seat(d.cur, d.n)
    if d.cur == d.dealer:
        d.node = N_MISDEAL


cdef int legal_misdeal(Guerilla* d, int* out) noexcept nogil:
    """Every seat is asked in turn, so the question shows nothing; only a seat dealt no unit
    may call the misdeal (l.33; reading 1), and a round allows MISDEAL_MAX of them."""
    out[0] = A_YES
    out[1] = A_NO
    if d.misdeals < MISDEAL_MAX and not hand_has_unit(d, d.cur):
        return 2
    out[0] = A_NO
    return 1


cdef void apply_misdeal(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef Places p = pl(d)
    cdef int q
    if a == A_YES:
        for q in range(d.n):
            move_cards(st, &p, d.cards[P_HAND + q], P_HAND + q, P_DECK, PUBLIC, q, -1,
                       NO_TOKEN, NO_TOKEN)
        deck_rebuild(d, -1)
        d.misdeals += 1
        d.cur = d.dealer
        d.node = N_DEAL
        return
    d.cur = <int8_t>next_seat(d.cur, d.n)
    if d.cur == d.dealer:
        _begin_plan(d)


# ------------------------------------------------------------------ initial deployment (l.36-l.37)
cdef void _begin_plan(Guerilla* d) noexcept nogil:
    d.node = N_PLAN
    d.npick = 0


cdef void _counts(Guerilla* d, int* leaders, int* units, int* cplx) noexcept nogil:
    cdef int k, kind
    leaders[0] = 0
    units[0] = 0
    cplx[0] = 0
    for k in range(d.npick):
        kind = d.info[d.pick[k]].kind
        leaders[0] += kind == K_LEADER
        units[0] += kind == K_UNIT
        cplx[0] += kind == K_COMPLEX
    return


cdef bint _unplanned(Guerilla* d, int seat, int kind) noexcept nogil:
    """Seat holds a free card of `kind` (neither planned nor picked)."""
    cdef int c
    for c in range(NCARDS):
        if d.info[c].kind == kind and card_free(d, seat, c):
            return True
    return False


cdef bint _group_ready(int leaders, int units, int cplx) noexcept nogil:
    """A leader is never deployed alone (l.18); a complex takes one unit at most (l.17)."""
    return (units + cplx > 0) and not (cplx and units > 1)


cdef int legal_plan(Guerilla* d, int* out) noexcept nogil:
    """The group being planned, card by card in any order (a leader, even first, while a unit or
    a complex can join him, l.18), ended by done; with nothing picked, done ends the seat's
    deployment, allowed once every complex is planned (l.36)."""
    cdef int types[NCARDS]
    cdef int first[NCARDS]
    cdef int leaders, units, cplx, t, c, i, m, n = 0
    cdef bint more, unit
    _counts(d, &leaders, &units, &cplx)
    if d.npick == 0:
        if not _unplanned(d, d.cur, K_COMPLEX):
            out[n] = A_DONE
            n += 1
    elif _group_ready(leaders, units, cplx):
        out[n] = A_DONE
        n += 1
    if d.npick >= PICK_MAX:
        return n
    more = _unplanned(d, d.cur, K_COMPLEX)
    unit = units == 0 and _unplanned(d, d.cur, K_UNIT)
    m = free_types(d, d.cur, types, first)
    for i in range(m):
        t = types[i]
        c = first[i]
        if not group_takes(d, c, leaders, units, cplx, more, unit):
            continue
        out[n] = A_TYPE + t
        n += 1
    return n


cdef void _close_group(GameState st, Guerilla* d, int faction) noexcept nogil:
    cdef int k, i = d.nplan[d.cur]
    for k in range(d.npick):
        d.plan[d.pick[k]] = <int8_t>(i + 1)
        d.pick[k] = NO_CARD
    d.plan_faction[d.cur][i] = <int8_t>faction
    d.nplan[d.cur] += 1
    d.npick = 0
    d.node = N_PLAN


cdef void apply_plan(GameState st, Guerilla* d, int a) noexcept nogil:
    """Only the planner's key sees these steps: the others learn only that he has finished."""
    cdef int leaders, units, cplx, c
    st.observe_one(d.cur, token(T_PLAN, d.cur, a))
    if a == A_DONE and d.npick == 0:
        d.planned |= <uint8_t>seat_bit(d.cur)
        st.observe_all(token(T_PLANNED, d.cur, 0))
        d.cur = <int8_t>next_seat(d.cur, d.n)
        if d.cur == d.dealer:
            _reveal(st, d)
        else:
            _begin_plan(d)
        return
    if a == A_DONE:
        _counts(d, &leaders, &units, &cplx)
        if cplx:
            _close_group(st, d, F_GOV)      # complexes start under Government control (l.37)
        else:
            d.node = N_PLAN_FACTION
        return
    c = hand_of_type(d, d.cur, a - A_TYPE)
    d.pick[d.npick] = <int8_t>c
    d.npick += 1


cdef void apply_plan_faction(GameState st, Guerilla* d, int a) noexcept nogil:
    st.observe_one(d.cur, token(T_PLAN, d.cur, a))
    _close_group(st, d, a - A_FACTION)


cdef void plan_complexes(Guerilla* d, int seat) noexcept nogil:
    """A committed plan redrawn by a resample: every complex of the seat's hand alone."""
    cdef int c
    for c in range(NCARDS):
        if d.info[c].kind == K_COMPLEX and in_place(d, P_HAND + seat, c) and d.nplan[seat] < MAXPLAN:
            d.plan[c] = <int8_t>(d.nplan[seat] + 1)
            d.plan_faction[seat][d.nplan[seat]] = F_GOV
            d.nplan[seat] += 1


cdef void _reveal(GameState st, Guerilla* d) noexcept nogil:
    """All deployed cards are turned face up together (l.37), seat by seat from the dealer."""
    cdef int k, i, c, gi, q = d.dealer
    cdef Group* g
    for k in range(d.n):
        for i in range(d.nplan[q]):
            gi = take_group(d)
            g = &d.grp[gi]
            g.owner = <int8_t>q
            g.faction = d.plan_faction[q][i]
            st.observe_all(token(T_REVEAL, q, NCARDS + gi * 2 + g.faction))
            for c in range(NCARDS):
                if d.plan[c] == i + 1 and in_place(d, P_HAND + q, c):
                    d.plan[c] = 0
                    group_add(d, g, c)
                    move(st, d, c, P_HAND + q, P_TABLE, PUBLIC, q, T_REVEAL)
        d.nplan[q] = 0
        q = next_seat(q, d.n)
    d.planned = 0
    d.cur = d.dealer
    d.node = N_REFILL
    _refill_next(st, d)


# ------------------------------------------------------------------ the refill (l.38-l.39)
cdef bint refilled(Guerilla* d, int seat) noexcept nogil:
    """During the refill: seat has begun refilling (and so holds no red card)."""
    return (seat - d.dealer + d.n) % d.n <= (d.cur - d.dealer + d.n) % d.n


cdef void _return_red(GameState st, Guerilla* d, int seat) noexcept nogil:
    """A Bad Weather card dealt in a hand is returned like a red card drawn now (reading 2)."""
    cdef int c
    for c in range(NCARDS):
        if in_place(d, P_HAND + seat, c) and d.info[c].kind == K_RED:
            move(st, d, c, P_HAND + seat, P_ASIDE, PUBLIC, seat, T_RETURN)


cdef void _refill_next(GameState st, Guerilla* d) noexcept nogil:
    """The next card to draw, seat by seat; then the deck is rebuilt and play begins."""
    _return_red(st, d, d.cur)
    while hand_count(d, d.cur) >= capacity(d, d.cur) or d.deck.n == 0:
        d.cur = <int8_t>next_seat(d.cur, d.n)
        if d.cur == d.dealer:
            _build_deck(st, d)
            return
        _return_red(st, d, d.cur)
    d.node = N_REFILL


cdef void _build_deck(GameState st, Guerilla* d) noexcept nogil:
    """The returned red cards and the Traitors are shuffled into the deck, the Revolution into
    its bottom half (l.39); the dealer takes the first turn (l.42)."""
    cdef Places p = pl(d)
    move_cards(st, &p, d.cards[P_ASIDE], P_ASIDE, P_DECK, PUBLIC, d.dealer, -1,
               token(T_SHUFFLE, d.dealer, 0), NO_TOKEN)
    deck_rebuild(d, d.revolution)
    start_turn(st, d, d.dealer)


cdef void apply_refill(GameState st, Guerilla* d, int card) noexcept nogil:
    """A red card drawn now is shown and returned, and another is drawn (l.38)."""
    pile_draw(&d.deck, card)
    if d.info[card].kind == K_COMPLEX or d.info[card].kind == K_RED:
        move(st, d, card, P_DECK, P_ASIDE, PUBLIC, d.cur, T_RETURN)
    else:
        move(st, d, card, P_DECK, P_HAND + d.cur, OWNER, d.cur, T_CARD)
    _refill_next(st, d)
