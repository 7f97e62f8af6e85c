# cython: language_level=3
"""The Recon Patrol (l.127) and its counter (l.120; RULES.md reading 25). Played at no cost in
B on the player's single-unit Government infantry group (not isolated), or on one unit that
sorties from a larger such group (l.59), which spends its attack for the turn: he names another player, who may counter with an Ambush and a single-unit Rebel
group deployed from hand that attacks the patrol's group at double strength (the patrol fails
unless that group is eliminated). Otherwise he inspects that hand in secret (what he saw stays
known to him while it stays there: core/knowledge.pxd's rows, kept by resample) and may take or
discard one Arms Cache, Ambush or Assassin from it."""
from partisan.core.state cimport GameState, token
from partisan.core.bitset cimport ws_add
from partisan.core.knowledge cimport Places, move_card, show_card, OWNER, OWNER_AND_OTHER, NO_TOKEN
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla cimport battle


cdef bint _patrol_ok(Guerilla* d, int gi) noexcept nogil:
    """"Played on a single unit ... Government infantry group ... Cannot be played on an
    isolated group" (l.127); the group has not attacked this turn (reading 25)."""
    cdef Group* g = &d.grp[gi]
    return (g.owner == d.active and g.faction == F_GOV and g.nunits == 1 and g.cplx < 0
            and not isolated(g) and not is_armor(d, g) and not g.attacked)


cdef bint _sortie_ok(Guerilla* d, int gi) noexcept nogil:
    """"(or single unit sortie)" (l.127): one unit splits off a larger Government infantry group
    of the player's that could sortie (l.59: not isolated, l.128; not a garrison, l.56) and
    becomes the patrol's group (reading 25)."""
    cdef Group* g = &d.grp[gi]
    return (g.owner == d.active and g.faction == F_GOV and g.nunits >= 2 and g.cplx < 0
            and not isolated(g) and not is_armor(d, g) and not g.attacked
            and free_group(d) >= 0)


cdef bint _has_hand(Guerilla* d) noexcept nogil:
    cdef int q
    for q in range(d.n):
        if q != d.active and hand_count(d, q) > 0:
            return True
    return False


cdef bint can_play(Guerilla* d) noexcept nogil:
    cdef int gi
    if d.letter > 1 or not _has_hand(d):
        return False
    for gi in range(NGROUPS):
        if _patrol_ok(d, gi) or _sortie_ok(d, gi):
            return True
    return False


cdef void begin(GameState st, Guerilla* d, int card) noexcept nogil:
    d.letter = 1
    discard_card(st, d, card, P_HAND + d.active, PUBLIC, d.active)
    d.node = N_RECON


cdef int legal_recon(Guerilla* d, int* out) noexcept nogil:
    """The patrol's group (A_GROUP + group) or the unit that sorties as the patrol (A_CARD +
    unit), then the player whose hand it inspects."""
    cdef int gi, k, q, n = 0
    if d.node == N_RECON:
        for gi in range(NGROUPS):
            if _patrol_ok(d, gi):
                out[n] = A_GROUP + gi
                n += 1
        for gi in range(NGROUPS):
            if _sortie_ok(d, gi):
                for k in range(d.grp[gi].nunits):
                    n = add_sorted(out, n, A_CARD + d.grp[gi].unit[k])
        return n
    for q in range(d.n):
        if q != d.active and hand_count(d, q) > 0:
            out[n] = A_SEAT + q
            n += 1
    return n


cdef bint _can_counter(Guerilla* d, int q) noexcept nogil:
    """An Ambush and a unit in hand that may join a Rebel group (l.120, l.134)."""
    return event_in_hand(d, q, EV_AMBUSH) >= 0 and hand_unit_for(d, q, F_REB)


cdef void apply_recon(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int gi, k
    st.observe_all(token(T_ACT, d.cur, a))
    if d.node == N_RECON:
        if a >= A_CARD:                                # the unit sorties (l.59, l.127)
            gi = find_group(d, a - A_CARD)
            for k in range(d.grp[gi].nunits):
                if d.grp[gi].unit[k] == a - A_CARD:
                    d.rc_group = <int8_t>battle.split_off(d, gi, 1 << k)
        else:
            d.rc_group = <int8_t>(a - A_GROUP)
        d.grp[d.rc_group].attacked = 1
        d.node = N_RECON_SEAT
        return
    d.rc_seat = <int8_t>(a - A_SEAT)
    d.cur = d.rc_seat                                  # asked even with nothing to answer
    d.node = N_RECON_COUNTER


cdef int _counter_cards(Guerilla* d, int kind, int* out, int n) noexcept nogil:
    """The kinds of card `kind` (unit or leader) the target may put into his Rebel group."""
    cdef int t, c
    for t in range(NTYPES):
        c = hand_of_type(d, d.cur, t)
        if (c >= 0 and d.info[c].kind == kind
                and barracks_faction(d, c) != F_GOV):  # a Government hold stays off (l.134)
            out[n] = A_TYPE + t
            n += 1
    return n


cdef int legal_counter(Guerilla* d, int* out) noexcept nogil:
    """The target: no, or an Ambush; then the cards of his new group in either order: its unit,
    and a leader if he wants one (first, while a unit may follow him, or after the unit)."""
    cdef int c, n = 0
    if d.node == N_RECON_COUNTER:
        out[0] = A_NO
        c = event_in_hand(d, d.cur, EV_AMBUSH)
        if c >= 0 and _can_counter(d, d.cur):
            out[1] = A_PLAY + d.info[c].type
            return 2
        return 1
    if d.node == N_RECON_LEADER:
        out[n] = A_DONE
        return _counter_cards(d, K_LEADER, out, 1)
    n = _counter_cards(d, K_UNIT, out, 0)
    if n > 0 and d.rc_rebel < 0:
        n = _counter_cards(d, K_LEADER, out, n)
    if n == 0:
        out[0] = A_DONE                                # a world redealt without a unit: no group
        n = 1
    return n


cdef void _join(GameState st, Guerilla* d, int a) noexcept nogil:
    """The card of kind a - A_TYPE joins the target's Rebel group, made for it if need be."""
    cdef int c = hand_of_type(d, d.cur, a - A_TYPE)
    cdef Group* g
    if d.rc_rebel < 0:
        d.rc_rebel = <int8_t>take_group(d)
        g = &d.grp[d.rc_rebel]
        g.owner = d.cur
        g.faction = F_REB
    hold_ends(d, c)
    group_add(d, &d.grp[d.rc_rebel], c)
    move(st, d, c, P_HAND + d.cur, P_TABLE, PUBLIC, d.cur, T_REVEAL)


cdef void apply_counter(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int c
    cdef Group* g
    st.observe_all(token(T_ACT, d.cur, a))
    if d.node == N_RECON_COUNTER:
        if a == A_NO:
            _inspect(st, d)
            return
        c = event_in_hand(d, d.cur, EV_AMBUSH)
        discard_card(st, d, c, P_HAND + d.cur, PUBLIC, d.cur)
        d.node = N_RECON_UNIT
        return
    if d.node == N_RECON_UNIT and a == A_DONE:
        _inspect(st, d)
        return
    if a != A_DONE:
        _join(st, d, a)
    g = &d.grp[d.rc_rebel]
    if d.node == N_RECON_UNIT and g.nunits == 0:
        return                                         # a leader first: his unit next
    if d.node == N_RECON_UNIT and g.leader < 0:
        d.node = N_RECON_LEADER
        return
    # "to attack the attacking group at double strength" (l.120): a battle without an action
    # or a reaction window of its own (the Ambush is its card)
    battle_clear(d)
    d.b_att = d.rc_rebel
    d.b_def = d.rc_group
    d.b_unit = g.unit[0]
    ws_add(d.b_dbl, NW, g.unit[0])
    d.b_mode = MODE_COMMANDED
    if d.grp[d.rc_group].leader < 0:
        d.b_named = d.grp[d.rc_group].unit[0]
    d.rc_stage = 2
    d.roll_for = R_ATTACK
    d.node = N_ROLL


cdef void after(GameState st, Guerilla* d) noexcept nogil:
    """The counter-attack is over: "The Recon Patrol fails unless the Rebel group is eliminated
    in its attack." (l.120)"""
    d.rc_stage = 0
    if d.grp[d.rc_rebel].owner < 0:
        _inspect(st, d)
    else:
        _end(d)


cdef void _inspect(GameState st, Guerilla* d) noexcept nogil:
    """"Allows another player's hand to be inspected secretly" (l.127): the player's row learns
    every card there."""
    cdef Places p = pl(d)
    cdef int c, q = d.rc_seat
    for c in range(NCARDS):
        if in_place(d, P_HAND + q, c):
            show_card(st, &p, c, P_HAND + q, OWNER, d.active, -1,
                      token(T_REVEAL, q, c), NO_TOKEN)
    d.cur = d.active
    d.node = N_RECON_TAKE


cdef bint _takeable(Guerilla* d, int c) noexcept nogil:
    cdef int ev = d.info[c].event
    return ev == EV_ARMS or ev == EV_AMBUSH or ev == EV_ASSASSIN


cdef int legal_take(Guerilla* d, int* out) noexcept nogil:
    """"an Arms Cache, Ambush or Assassin card to be taken or discarded" (l.127): take a card
    (A_CARD + card, seen by the two players only), discard one (A_TYPE + kind, face up), or
    neither (done)."""
    cdef int c, t, n = 0
    out[n] = A_DONE
    n += 1
    for t in range(NTYPES):
        c = hand_of_type(d, d.rc_seat, t)
        if c >= 0 and _takeable(d, c):
            out[n] = A_TYPE + t
            n += 1
    for c in range(NCARDS):
        if in_place(d, P_HAND + d.rc_seat, c) and _takeable(d, c) and not _copy_below(d, c):
            out[n] = A_CARD + c
            n += 1
    return n


cdef bint _copy_below(Guerilla* d, int c) noexcept nogil:
    """A lower copy of card c is in the hand seen: identical cards are one take (the menu
    would list two identical lines), the lowest copy standing for them."""
    cdef int k
    for k in range(d.type_first[d.info[c].type], c):
        if in_place(d, P_HAND + d.rc_seat, k):
            return True
    return False


cdef void apply_take(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef Places p
    cdef int c, q = d.rc_seat
    if a >= A_CARD:
        c = a - A_CARD
        p = pl(d)
        move_card(st, &p, c, P_HAND + q, P_HAND + d.active, OWNER_AND_OTHER, d.active, q,
                  token(T_RETURN, d.active, c), token(T_RETURN, d.active, -1))
    else:
        st.observe_all(token(T_ACT, d.cur, a))
        if a != A_DONE:
            discard_card(st, d, hand_of_type(d, q, a - A_TYPE), P_HAND + q, PUBLIC, q)
    _end(d)


cdef void _end(Guerilla* d) noexcept nogil:
    d.rc_stage = 0
    d.rc_group = -1
    d.rc_seat = -1
    d.rc_rebel = -1
    d.cur = d.active
    d.node = N_TURN
