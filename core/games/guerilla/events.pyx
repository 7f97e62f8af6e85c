# cython: language_level=3
"""The event cards played from hand (l.119-l.129) and the reaction windows in which any player
may answer (RULES.md reading 16): the Assassin, UN Intervention and Arms Cache's demolition,
relief and doubling here, the other cards handed to their modules (supply.pyx, armor.pyx,
air.pyx, recon.pyx); the Bodyguard window after an Assassin's or the Policia's target (l.123,
l.125, l.136); the battle window with Ambush cards, the ambush marker and the Informant
(l.78-l.79, l.120, l.126); the window after a battle with Atrocities and Press (l.124)."""
from partisan.core.state cimport GameState, token
from partisan.core.bitset cimport ws_add, ws_has, ws_remove
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla cimport supply, armor, air, recon


cdef int legal_plays(Guerilla* d, int* out) noexcept nogil:
    """Events the active player may play as an action now."""
    cdef int c, n = 0
    # the Assassin: one action in B (l.11, l.123), on any other player's leader
    c = event_in_hand(d, d.active, EV_ASSASSIN)
    if c >= 0 and d.letter <= 1 and d.actions > 0 and _any_leader(d):
        out[n] = A_PLAY + d.info[c].type
        n += 1
    # Arms Cache's demolition (in B like the card's other attacks) or relief of an isolated
    # Rebel group (in C): one action, for a player with a Rebel group (l.122)
    c = event_in_hand(d, d.active, EV_ARMS)
    if c >= 0 and d.letter <= 2 and can_pay(d, F_REB) and _demolition_target(d):
        n = add_sorted(out, n, A_PLAY + d.info[c].type)
    # Air Assault: one action in B, Government, not in Bad Weather (l.119; reading 20)
    c = event_in_hand(d, d.active, EV_AIR_ASSAULT)
    if c >= 0 and air.can_play(d):
        n = add_sorted(out, n, A_PLAY + d.info[c].type)
    # Recon Patrol: no cost, in B (l.127)
    c = event_in_hand(d, d.active, EV_RECON)
    if c >= 0 and recon.can_play(d):
        n = add_sorted(out, n, A_PLAY + d.info[c].type)
    # Armor Column: one action in B, deployed to attack (l.121; reading 19)
    c = event_in_hand(d, d.active, EV_ARMOR)
    if c >= 0 and armor.can_play(d):
        n = add_sorted(out, n, A_PLAY + d.info[c].type)
    # Supply Cut: one action in B, by a group instead of its attack (l.128)
    c = event_in_hand(d, d.active, EV_SUPPLY)
    if c >= 0 and d.letter <= 1 and supply.can_play(d):
        n = add_sorted(out, n, A_PLAY + d.info[c].type)
    # UN Intervention: one action in C, once an Atrocity has been played this round (l.129)
    c = event_in_hand(d, d.active, EV_UN)
    if c >= 0 and d.letter <= 2 and d.atrocity and can_pay(d, -1):
        n = add_sorted(out, n, A_PLAY + d.info[c].type)
    return n


cdef bint _demolition_target(Guerilla* d) noexcept nogil:
    cdef int buf[NGROUPS]
    return has_faction_deployed(d, d.active, F_REB) and demolition_targets(d, buf) > 0


cdef int demolition_targets(Guerilla* d, int* out) noexcept nogil:
    """Arms Cache's target: a demolition "Can only be made against Government complexes"
    (l.122), another player's, in B; "3) Relieve an isolated Rebel group (Deployment Phase)",
    any player's (reading 21), in C or before. The two sets never overlap (their factions)."""
    cdef int gi, n = 0
    cdef Group* g
    for gi in range(NGROUPS):
        g = &d.grp[gi]
        if g.owner < 0:
            continue
        if (d.letter <= 1 and g.owner != d.active and g.cplx >= 0 and g.faction == F_GOV) or (
                g.faction == F_REB and isolated(g)):
            out[n] = A_GROUP + gi
            n += 1
    return n


cdef bint _any_leader(Guerilla* d) noexcept nogil:
    cdef int gi
    for gi in range(NGROUPS):
        if d.grp[gi].owner >= 0 and d.grp[gi].owner != d.active and d.grp[gi].leader >= 0:
            return True
    return False


cdef int assassin_targets(Guerilla* d, int* out) noexcept nogil:
    cdef int gi, n = 0
    for gi in range(NGROUPS):
        if d.grp[gi].owner >= 0 and d.grp[gi].owner != d.active and d.grp[gi].leader >= 0:
            n = add_sorted(out, n, A_CARD + d.grp[gi].leader)
    return n


cdef void apply_play(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int c = hand_of_type(d, d.active, a - A_PLAY)
    if d.info[c].event == EV_SUPPLY:
        supply.begin(st, d, c)
        return
    if d.info[c].event == EV_AIR_ASSAULT:
        air.begin(st, d, c)
        return
    if d.info[c].event == EV_RECON:
        recon.begin(st, d, c)
        return
    pay(d, F_GOV if d.info[c].event == EV_ARMOR else F_REB if d.info[c].event == EV_ARMS
        else USE_EITHER if d.info[c].event == EV_UN else USE_GENERAL)
    if d.info[c].event == EV_ARMOR:
        armor.deploy(st, d, c)
        return
    if d.info[c].event == EV_UN:
        d.letter = 2
        move(st, d, c, P_HAND + d.active, P_ASIDE, PUBLIC, d.active, T_RED)
        d.node = N_UN
        return
    discard_card(st, d, c, P_HAND + d.active, PUBLIC, d.active)
    if d.info[c].event == EV_ARMS:                     # its phase follows from the target
        d.ability = AB_DEMOLITION
        d.b_att = -1
        d.b_base = d.info[c].param
        d.b_side = F_REB
        d.node = N_ABILITY
        return
    d.letter = 1
    d.ability = AB_ASSASSIN
    d.b_att = -1
    d.node = N_ABILITY


# ------------------------------------------------------------------ the Bodyguard window
cdef void start_bodyguards(Guerilla* d) noexcept nogil:
    """After a leader is named for an Assassin or the Policia, every player from the target's
    owner on may play Bodyguards until all pass in a row (l.125; reading 14)."""
    d.w_kind = W_BODYGUARD
    d.w_passes = 0
    d.w_dice = 1
    d.w_low = 99
    d.cur = d.grp[d.b_def].owner
    d.node = N_WINDOW


cdef int legal_un(Guerilla* d, int* out) noexcept nogil:
    """The UN card is "played on any player" (l.129)."""
    cdef int q
    for q in range(d.n):
        out[q] = A_SEAT + q
    return d.n


cdef void apply_un(GameState st, Guerilla* d, int a) noexcept nogil:
    st.observe_all(token(T_ACT, d.active, a))
    d.un = <int8_t>(a - A_SEAT)
    d.node = N_TURN


cdef int legal_window(Guerilla* d, int* out) noexcept nogil:
    """Every seat is asked, with only "no" when its hand cannot answer, so the question
    reveals nothing."""
    cdef int c, n = 0
    if d.w_kind == W_BATTLE:
        return _legal_battle_window(d, out)
    if d.w_kind == W_AFTER:
        out[n] = A_NO
        n += 1
        if event_in_hand(d, d.cur, EV_ATROCITIES) >= 0:
            if not d.w_atrocities:
                out[n] = A_USE + 0
                n += 1
            if not d.w_press:
                out[n] = A_USE + 1
                n += 1
        return n
    out[0] = A_NO
    c = event_in_hand(d, d.cur, EV_BODYGUARD)
    if c >= 0:
        out[1] = A_PLAY + d.info[c].type
        return 2
    return 1


cdef void apply_window(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int c
    st.observe_all(token(T_ACT, d.cur, a))
    if d.w_kind == W_BATTLE:
        _apply_battle_window(st, d, a)
        return
    if d.w_kind == W_AFTER:
        _apply_after_window(st, d, a)
        return
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
    d.cur = <int8_t>next_seat(d.cur, d.n)


cdef void apply_assassin_roll(GameState st, Guerilla* d, int face) noexcept nogil:
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
        faction = -1 if d.assassin_player else 1 - g.faction
    if d.w_low - d.info[c].mod > threshold:
        eliminate_for(st, d, d.b_def, c, d.active, faction, SRC_POLICIA if d.ability == AB_POLICIA else SRC_ASSASSIN)
    d.w_low = 0
    d.b_att = -1
    d.b_def = -1
    d.b_named = NO_CARD
    d.cur = d.active
    d.node = N_TURN


cdef int event_card(Guerilla* d, int ev) noexcept nogil:
    """Some card of event ev (for its printed numbers)."""
    cdef int c
    for c in range(NCARDS):
        if d.info[c].event == ev:
            return c
    return NO_CARD


# ------------------------------------------------------------------ the battle window
cdef void start_battle_window(Guerilla* d) noexcept nogil:
    """The attacker first, then every other player in turn order from the defender, until all
    pass in a row (reading 16)."""
    d.w_kind = W_BATTLE
    d.w_passes = 0
    d.cur = d.active
    d.node = N_WINDOW


cdef int _window_next(Guerilla* d, int seat, int defender) noexcept nogil:
    """The seat a battle's windows ask after `seat`: the active player, then every other in
    turn order from the defending player (reading 16); from the active player's left when he
    defended himself (a Recon Patrol's counter-attack)."""
    cdef int start = defender if defender != d.active else next_seat(d.active, d.n)
    cdef int q
    if seat == d.active:
        return start
    q = next_seat(seat, d.n)
    if q == d.active:
        q = next_seat(q, d.n)
    return d.active if q == start else q


cdef inline int _next_battle_seat(Guerilla* d, int seat) noexcept nogil:
    return _window_next(d, seat, d.grp[d.b_def].owner)


cdef inline int _defending_seat(Guerilla* d) noexcept nogil:
    """After the losses: the seat whose group defended (the group itself may be gone)."""
    return d.b_sufferer if d.b_loser == d.b_def else d.b_victor


cdef int _defending(Guerilla* d, int* out) noexcept nogil:
    """The defending units whose strength counts (the named unit, or the commanded ones)."""
    cdef Group* t = &d.grp[d.b_def]
    cdef int k, n = 0
    if d.b_named >= 0:
        out[0] = d.b_named
        if d.b_mode == MODE_SINGLE or d.b_mode == MODE_ARMOR:   # one unit (l.120, l.121)
            return 1
        for k in range(d.b_nalso):                     # the others named (reading 8)
            out[k + 1] = d.b_also[k]
        return 1 + d.b_nalso
    for k in range(commanded(d, t)):
        out[n] = t.unit[k]
        n += 1
    return n


cdef int _attacking(Guerilla* d, int* out) noexcept nogil:
    """The attacking units; in a combined attack both groups' but the Armor Column, on which
    only the defender plays an Ambush (l.120)."""
    cdef int n = attacking_cards(d, d.b_att, d.b_unit, out, 0)
    if d.b_att2 >= 0 and not is_armor(d, &d.grp[d.b_att2]):
        n = attacking_cards(d, d.b_att2, d.b_unit2, out, n)
    return n


cdef bint _any_undoubled(Guerilla* d, int* cards, int n) noexcept nogil:
    cdef int k
    for k in range(n):
        if not ws_has(d.b_dbl, NW, cards[k]):
            return True
    return False


cdef int _legal_battle_window(Guerilla* d, int* out) noexcept nogil:
    """Ambush: the attacker doubles one of his units or names a single defender; the defender
    doubles one of his; never against a complex (l.120). The defender may roll his ambush
    marker once (l.79)."""
    cdef int cards[8]
    cdef int c, m, n = 0
    cdef int owner = d.grp[d.b_def].owner
    cdef bint cplx = d.grp[d.b_def].cplx >= 0
    if d.cur == owner and d.marker[d.cur] > 0 and not d.b_marker and not cplx:
        out[n] = A_YES
        n += 1
    out[n] = A_NO
    n += 1
    if d.cur == owner and armor.may_refuse(d):
        out[n] = A_USE + 3                             # refusing an Armor Column: no card
        n += 1
    c = event_in_hand(d, d.cur, EV_INFORMANT)
    if c >= 0 and not (d.cur == owner and armor.may_refuse(d)):
        # "Any player can play the informant" (l.126): to cancel an Ambush card, or to offer a
        # Rebel defending group a retreat (no effect on a complex; a lone leader garrison
        # cannot go)
        if d.b_namb > 0:
            out[n] = A_USE + 2
            n += 1
        if (not d.b_retreat and d.grp[d.b_def].faction == F_REB and d.grp[d.b_def].nunits > 0):
            out[n] = A_USE + 3
            n += 1
    if d.cur == d.active:
        n = _arms_double(d, cards, _attacking(d, cards), out, n)
    c = event_in_hand(d, d.cur, EV_AMBUSH)
    if c < 0 or cplx:
        return n
    if d.cur == d.active and not is_armor(d, &d.grp[d.b_att]) and not _joint_defender_only(d):
        m = _attacking(d, cards)
        if _any_undoubled(d, cards, m) or (d.b_named < 0 and _defending(d, cards) > 1) or (
                d.b_named < 0 and d.grp[d.b_def].leader >= 0):
            n = add_sorted(out, n, A_PLAY + d.info[c].type)
    elif d.cur == owner:
        m = _defending(d, cards)
        if _any_undoubled(d, cards, m):
            n = add_sorted(out, n, A_PLAY + d.info[c].type)
    return n


cdef bint _joint_defender_only(Guerilla* d) noexcept nogil:
    """Option joint_ambush=defender: in the Armor Column's joint attack only the defender plays
    Ambush (l.120; reading 19)."""
    return d.joint_ambush_defender and d.b_att2 >= 0 and is_armor(d, &d.grp[d.b_att2])


cdef int _arms_double(Guerilla* d, int* cards, int m, int* out, int n) noexcept nogil:
    """Arms Cache "2) Double the strength of one unit for the present battle" (l.122): the
    active player's Rebel attacking group, a unit not doubled yet ("A unit cannot increase its
    strength by more than double by playing more than one Arms Cache or an Arms Cache and an
    Ambush"). Unlike the Ambush, it may be played against a complex (l.120 bars only the
    Ambush there)."""
    cdef int c = event_in_hand(d, d.cur, EV_ARMS)
    if c >= 0 and d.grp[d.b_att].faction == F_REB and _any_undoubled(d, cards, m):
        n = add_sorted(out, n, A_PLAY + d.info[c].type)
    return n


cdef void _apply_battle_window(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int c
    if a == A_NO:
        d.w_passes += 1
        if d.w_passes >= d.n:
            d.cur = d.active
            d.roll_for = R_ATTACK
            d.node = N_ROLL
        else:
            d.cur = <int8_t>_next_battle_seat(d, d.cur)
        return
    d.w_passes = 0
    if a == A_YES:
        d.b_marker = 1
        d.roll_for = R_MARKER
        d.node = N_ROLL
        return
    if a == A_USE + 3 and d.cur == d.grp[d.b_def].owner and armor.may_refuse(d):
        armor.refuse(st, d)
        return
    if a == A_USE + 2 or a == A_USE + 3:
        c = event_in_hand(d, d.cur, EV_INFORMANT)
        discard_card(st, d, c, P_HAND + d.cur, PUBLIC, d.cur)
        if a == A_USE + 2:
            _cancel_ambush(d)
            d.cur = <int8_t>_next_battle_seat(d, d.cur)
        else:
            d.b_retreat = 1
            d.w_low = d.cur                            # who to ask next when refused
            d.cur = d.grp[d.b_def].owner
            d.node = N_RETREAT
        return
    c = hand_of_type(d, d.cur, a - A_PLAY)
    discard_card(st, d, c, P_HAND + d.cur, PUBLIC, d.cur)
    if d.info[c].event == EV_ARMS:
        d.b_marker_pending = 1                         # not an Ambush card: no Informant on it
    d.node = N_AMBUSH


cdef void apply_marker_roll(GameState st, Guerilla* d, int face) noexcept nogil:
    """"If the die roll is less than or equal to the number on his ambush marker, the effects
    are exactly the same as playing an Ambush card in defence ... reduce it to the next lower
    number." (l.79)"""
    cdef int cards[4]
    st.observe_all(token(T_DIE, d.roll_for, face))
    if face <= d.marker[d.cur] and _any_undoubled(d, cards, _defending(d, cards)):
        d.marker[d.cur] -= 1
        d.b_marker_pending = not d.inf_marker          # else an Informant may cancel it (reading 18)
        d.node = N_AMBUSH
        return
    d.cur = <int8_t>_next_battle_seat(d, d.cur)
    d.node = N_WINDOW


cdef int legal_ambush(Guerilla* d, int* out) noexcept nogil:
    """The unit an Ambush doubles ("no unit can multiply its strength by more than two"), or
    for the attacker the single defender he selects (l.120)."""
    cdef int cards[8]
    cdef int k, m, n = 0
    cdef Group* t = &d.grp[d.b_def]
    if d.cur == d.active:
        m = _attacking(d, cards)
        for k in range(m):
            if not ws_has(d.b_dbl, NW, cards[k]):
                n = add_sorted(out, n, A_CARD + cards[k])
        if d.b_named < 0 and not d.b_marker_pending:  # an Arms Cache only doubles
            for k in range(t.nunits):
                n = add_sorted(out, n, A_CARD + t.unit[k])
        return n
    m = _defending(d, cards)
    for k in range(m):
        if not ws_has(d.b_dbl, NW, cards[k]):
            n = add_sorted(out, n, A_CARD + cards[k])
    return n


cdef void apply_ambush(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int c = a - A_CARD
    st.observe_all(token(T_ACT, d.cur, a))
    if d.cur == d.active and find_group(d, c) == d.b_def:
        d.b_amb[d.b_namb] = <int16_t>(-1 - ((d.b_named + 1) * 4 + d.b_mode))
        d.b_named = <int8_t>c                          # the only defender
        d.b_mode = MODE_SINGLE
    else:
        d.b_amb[d.b_namb] = <int16_t>c
        ws_add(d.b_dbl, NW, c)
    if d.b_marker_pending:
        d.b_marker_pending = 0                         # the marker's ambush: not a card (reading 18)
    else:
        d.b_namb += 1
    d.cur = <int8_t>_next_battle_seat(d, d.cur)
    d.node = N_WINDOW


# ------------------------------------------------------------------ after the battle
cdef void start_after_window(Guerilla* d) noexcept nogil:
    """"Any player may play immediately after a battle. Only one Atrocities and one Press card
    can be played per battle." (l.124) Asked in the battle window's order (reading 16)."""
    d.w_kind = W_AFTER
    d.w_passes = 0
    d.w_atrocities = 0
    d.w_press = 0
    d.cur = d.active
    d.node = N_WINDOW


cdef void _apply_after_window(GameState st, Guerilla* d, int a) noexcept nogil:
    """Atrocities multiplies the battle's loss points and Press divides them, rounded down, by
    the card's numbers (doubles and halves, l.124; reading 23); an Atrocity enables the UN and
    moves it to the player who suffered the losses (l.129)."""
    cdef int c, base, v, up, down
    if a == A_NO:
        d.w_passes += 1
    else:
        c = event_in_hand(d, d.cur, EV_ATROCITIES)
        discard_card(st, d, c, P_HAND + d.cur, PUBLIC, d.cur)
        d.w_passes = 0
        if a == A_USE + 0:                             # the Atrocities use
            d.w_atrocities = d.info[c].divisor if d.atro_halve else d.info[c].param
            d.atrocity = 1
            if d.un >= 0:
                d.un = d.b_sufferer
        else:
            d.w_press = d.info[c].param if d.atro_halve else d.info[c].divisor
    if d.w_passes < d.n:
        d.cur = <int8_t>_window_next(d, d.cur, _defending_seat(d))
        return
    base = d.b_points
    up, down = d.w_atrocities, d.w_press
    if d.atro_halve:                                   # option atrocities=halve: swapped
        up, down = d.w_press, d.w_atrocities
    v = base * up if up else base
    v = v // down if down else v
    score(d, d.b_victor, d.b_vfaction, v - base)
    d.w_atrocities = 0
    d.w_press = 0
    battle_clear(d)


cdef void _cancel_ambush(Guerilla* d) noexcept nogil:
    """"cancels the effects of an Ambush card" (l.126): the last one played."""
    cdef int e
    d.b_namb -= 1
    e = d.b_amb[d.b_namb]
    d.b_amb[d.b_namb] = 0
    if e >= 0:
        ws_remove(d.b_dbl, NW, e)
    else:
        e = -1 - e
        d.b_named = <int8_t>(e // 4 - 1)
        d.b_mode = <int8_t>(e % 4)


cdef int legal_retreat(Guerilla* d, int* out) noexcept nogil:
    """"If played on a Rebel group, the owner of that group may choose whether to accept it." """
    out[0] = A_YES
    out[1] = A_NO
    return 2


cdef void apply_retreat(GameState st, Guerilla* d, int a) noexcept nogil:
    """A retreat: the group's units and leader go back to hand; the attack's action stays spent;
    a garrison leaves its complex behind to be attacked, unless a leader alone holds it (l.126)."""
    cdef Group* g = &d.grp[d.b_def]
    cdef int c
    st.observe_all(token(T_ACT, d.cur, a))
    if a == A_NO or (g.cplx >= 0 and g.nunits == 0):
        d.cur = <int8_t>_next_battle_seat(d, d.w_low)
        d.w_passes = 0
        d.node = N_WINDOW
        return
    while g.nunits > 0 or g.leader >= 0:
        c = g.leader if g.leader >= 0 else g.unit[g.nunits - 1]
        group_remove(g, c)
        move(st, d, c, P_TABLE, P_HAND + g.owner, PUBLIC, g.owner, T_RETURN)
    d.w_low = 0
    if g.cplx >= 0:
        d.b_named = NO_CARD
        d.b_mode = MODE_COMMANDED
        d.cur = <int8_t>_next_battle_seat(d, d.active)
        d.w_passes = 0
        d.node = N_WINDOW
        return
    group_clear(g)
    battle_clear(d)
