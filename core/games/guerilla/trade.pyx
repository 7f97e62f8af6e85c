# cython: language_level=3
"""Trade (l.85-l.89; RULES.md reading 36): the active player lays cards face up or face down,
the others in turn order lay counter-offers (or none), he accepts one or none; only the
exchange binds, and nobody ends over his hand capacity. Stated wants and promises are free
talk and have no place in the engine."""
from partisan.core.state cimport GameState, token
from partisan.core.bitset cimport ws_add, ws_has, ws_clear
from partisan.core.knowledge cimport Places, show_card, move_card, PUBLIC, OWNER_AND_OTHER
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla.hand cimport free_types


cdef bint can_trade(Guerilla* d) noexcept nogil:
    """One action in D (l.86), for either faction (l.133), with a card to offer."""
    return d.letter <= 3 and can_pay(d, -1) and has_loose_card(d, d.active)


cdef void _start_laying(Guerilla* d, int seat) noexcept nogil:
    d.cur = <int8_t>seat
    d.node = N_OFFER


cdef void begin_trade(GameState st, Guerilla* d) noexcept nogil:
    pay(d, USE_EITHER)
    d.letter = 3
    d.t_partner = -1
    _start_laying(d, d.active)


cdef int legal_offer(Guerilla* d, int* out) noexcept nogil:
    """Card by card in any order, each face up or face down, ended by done: the offer needs a
    card, a counter-offer may be none."""
    cdef int types[NCARDS]
    cdef int first[NCARDS]
    cdef int i, t, f, n = 0
    cdef int m = free_types(d, d.cur, types, first)
    if d.cur != d.active or laid_by(d, d.cur) > 0:
        out[n] = A_DONE
        n += 1
    for i in range(m):
        t = types[i]
        if barracks_faction(d, first[i]) >= 0:     # on the table, not in hand (l.134)
            continue
        for f in range(2):
            out[n] = A_OFFER + 2 * t + f
            n += 1
    return n


cdef void apply_offer(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int item, c, q
    cdef Places p = pl(d)
    if a != A_DONE:
        item = a - A_OFFER
        c = hand_of_type(d, d.cur, item // 2)
        d.offer[c] = <int8_t>(1 + item % 2)
        if item % 2:
            st.observe_split(d.cur, token(T_OFFER, d.cur, 2 * c + 1), token(T_OFFER, d.cur, -1))
        else:
            show_card(st, &p, c, P_HAND + d.cur, PUBLIC, d.cur, -1, token(T_OFFER, d.cur, 2 * c),
                      token(T_OFFER, d.cur, 2 * c))
        return
    st.observe_all(token(T_TRADE, d.cur, 0))
    q = next_seat(d.cur, d.n)
    if q == d.active:
        d.cur = d.active
        d.node = N_ACCEPT
        return
    _start_laying(d, q)


cdef int legal_accept(Guerilla* d, int* out) noexcept nogil:
    """"he can only accept one trade deal or reject them all" (l.87)."""
    cdef int q, n = 0
    out[n] = A_NO
    n += 1
    for q in range(d.n):
        if q != d.active and laid_by(d, q) > 0:
            out[n] = A_SEAT + q
            n += 1
    return n


cdef void _hand_over(GameState st, Guerilla* d, int c, int giver, int taker, bint down) noexcept nogil:
    """Card c from giver's hand to taker's: face up in everyone's sight, face down seen by the
    two alone; the others learn only that a card went."""
    cdef Places p = pl(d)
    move_card(st, &p, c, P_HAND + giver, P_HAND + taker, OWNER_AND_OTHER if down else PUBLIC,
              giver, taker, token(T_TRADE, giver, c), token(T_TRADE, giver, -1))


cdef void _give(GameState st, Guerilla* d, int giver, int taker) noexcept nogil:
    """The laid cards change hands, each as it was laid: the face-up ones first, then the
    face-down ones, so that where a hidden card's id falls among the shown ones tells a third
    seat nothing."""
    cdef int c, laid
    for laid in range(1, 3):            # offer 1: face up, 2: face down
        for c in range(NCARDS):
            if d.offer[c] == laid and in_place(d, P_HAND + giver, c):
                _hand_over(st, d, c, giver, taker, laid == 2)
                ws_add(d.t_got, NW, c)
                if laid == 2:
                    ws_add(d.t_down, NW, c)
                d.offer[c] = 0


cdef void apply_accept(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int c, q
    st.observe_all(token(T_ACT, d.active, a))
    ws_clear(d.t_got, NW)
    ws_clear(d.t_down, NW)
    if a != A_NO:
        q = a - A_SEAT
        d.t_partner = <int8_t>q
        # nobody finishes over capacity, but an excess from before the trade may stay (reading 36)
        d.t_limit[0] = <int8_t>max(capacity(d, d.active), hand_count(d, d.active))
        d.t_limit[1] = <int8_t>max(capacity(d, q), hand_count(d, q))
        _give(st, d, d.active, q)
        _give(st, d, q, d.active)
    for c in range(NCARDS):
        d.offer[c] = 0
    _returns(d)


cdef void _returns(Guerilla* d) noexcept nogil:
    """"If more are offered than can be taken, the receiving player may examine the offered
    cards and choose which to return to his trading partner." (l.88)"""
    cdef int q = d.t_partner
    if q >= 0 and hand_count(d, q) > d.t_limit[1]:
        d.cur = <int8_t>q
        d.node = N_RETURN
        return
    if q >= 0 and hand_count(d, d.active) > d.t_limit[0]:
        d.cur = d.active
        d.node = N_RETURN
        return
    ws_clear(d.t_got, NW)
    ws_clear(d.t_down, NW)
    d.t_partner = -1
    d.cur = d.active
    d.node = N_TURN


cdef int legal_return(Guerilla* d, int* out) noexcept nogil:
    cdef int c, n = 0
    for c in range(NCARDS):
        if ws_has(d.t_got, NW, c) and in_place(d, P_HAND + d.cur, c):
            out[n] = A_CARD + c
            n += 1
    return n


cdef void apply_return(GameState st, Guerilla* d, int a) noexcept nogil:
    """A card goes back as it was laid (reading 36): one laid face down is named to the two
    partners alone."""
    cdef int c = a - A_CARD
    cdef int to = d.active if d.cur == d.t_partner else d.t_partner
    _hand_over(st, d, c, d.cur, to, ws_has(d.t_down, NW, c))
    _returns(d)
