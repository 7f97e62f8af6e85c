# cython: language_level=3
"""The event cards played from hand (l.119-l.129) and the reaction windows in which any player
may answer (RULES.md reading 16). So far: the Assassin, and the Bodyguard window that follows
an Assassin's or the Policia's target (l.123, l.125, l.136)."""
from partisan.core.state cimport GameState, token
from partisan.core.games.guerilla.table cimport *


cdef int legal_plays(Guerilla* d, int* out) noexcept:
    """Events the active player may play as an action now."""
    cdef int c, n = 0
    # the Assassin: one action in B (l.11, l.123), on any other player's leader
    c = event_in_hand(d, d.active, EV_ASSASSIN)
    if c >= 0 and d.letter <= 1 and d.actions > 0 and _any_leader(d):
        out[n] = A_PLAY + d.info[c].type
        n += 1
    return n


cdef bint _any_leader(Guerilla* d) noexcept:
    cdef int gi
    for gi in range(NGROUPS):
        if d.grp[gi].owner >= 0 and d.grp[gi].owner != d.active and d.grp[gi].leader >= 0:
            return True
    return False


cdef int assassin_targets(Guerilla* d, int* out) noexcept:
    cdef int gi, n = 0
    for gi in range(NGROUPS):
        if d.grp[gi].owner >= 0 and d.grp[gi].owner != d.active and d.grp[gi].leader >= 0:
            n = add_sorted(out, n, A_CARD + d.grp[gi].leader)
    return n


cdef void apply_play(GameState st, Guerilla* d, int a) noexcept:
    cdef int c = hand_of_type(d, d.active, a - A_PLAY)
    pay(d)
    d.letter = 1
    discard_card(st, d, c, P_HAND + d.active, PUBLIC, d.active)
    d.ability = AB_ASSASSIN
    d.b_att = -1
    d.node = N_ABILITY


# ------------------------------------------------------------------ the Bodyguard window
cdef void start_bodyguards(Guerilla* d) noexcept:
    """After a leader is named for an Assassin or the Policia, every player from the target's
    owner on may play Bodyguards until all pass in a row (l.125; reading 14)."""
    d.w_kind = W_BODYGUARD
    d.w_passes = 0
    d.w_dice = 1
    d.w_low = 99
    d.cur = d.grp[d.b_def].owner
    d.node = N_WINDOW


cdef int legal_window(Guerilla* d, int* out) noexcept:
    """Every seat is asked, with only "no" when its hand cannot answer, so the question
    reveals nothing."""
    cdef int c
    out[0] = A_NO
    c = event_in_hand(d, d.cur, EV_BODYGUARD)
    if c >= 0:
        out[1] = A_PLAY + d.info[c].type
        return 2
    return 1


cdef void apply_window(GameState st, Guerilla* d, int a) noexcept:
    cdef int c
    st.observe_all(token(T_ACT, d.cur, a))
    if a == A_NO:
        d.w_passes += 1
    else:
        c = hand_of_type(d, d.cur, a - A_PLAY)
        discard_card(st, d, c, P_HAND + d.cur, PUBLIC, d.cur)
        d.w_dice += 1                                  # "an additional die roll" (l.125)
        d.w_passes = 0
    if d.w_passes >= d.n:
        d.cur = d.active
        d.roll_for = R_ASSASSIN
        d.node = N_ROLL
        return
    d.cur = <int8_t>((d.cur + 1) % d.n)


cdef void apply_assassin_roll(GameState st, Guerilla* d, int face) noexcept:
    """All dice rolled, the lowest is used: d10 minus the leader's modifier above the threshold
    kills (l.123, l.136). An Assassin scores for its player and the faction opposed to the
    victim's (reading 24); the Policia for its player and its own faction (l.136)."""
    cdef Group* g = &d.grp[d.b_def]
    cdef int c = d.b_named
    cdef int threshold, faction
    st.observe_all(token(T_DIE, d.roll_for, face))
    d.w_low = <int8_t>(face if face < d.w_low else d.w_low)
    d.w_dice -= 1
    if d.w_dice > 0:
        return
    if d.ability == AB_POLICIA:
        threshold = d.info[d.grp[d.b_att].cplx].param
        faction = d.grp[d.b_att].faction
    else:
        threshold = d.info[event_card(d, EV_ASSASSIN)].param
        faction = 1 - g.faction
    if d.w_low - d.info[c].mod > threshold:
        eliminate(st, d, d.b_def, c, d.active, faction)
    d.w_low = 0
    d.b_att = -1
    d.b_def = -1
    d.b_named = NO_CARD
    d.cur = d.active
    d.node = N_TURN


cdef int event_card(Guerilla* d, int ev) noexcept:
    """Some card of event ev (for its printed numbers)."""
    cdef int c
    for c in range(NCARDS):
        if d.info[c].event == ev:
            return c
    return NO_CARD
