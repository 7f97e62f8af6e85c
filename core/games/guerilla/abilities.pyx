# cython: language_level=3
"""The complexes' abilities (the Red Card Table, l.131-l.141) and the two actions on one's own
complexes: the Airfield's air strike, the Policia's assassination, the TV Station's
propaganda, the Palace's new leader, the Port's retrieval, destroying a Rebel complex (l.76)
and repairing damage (l.92). The Bridge's free move is the turn's (turn.pyx); the Banco's
extra action is paid for in table.pxd (can_pay, pay)."""
from libc.stdint cimport uint8_t, uint16_t
from partisan.core.state cimport GameState, token
from partisan.core.piles cimport pile_find_from_top, pile_remove_at
from partisan.core.bitset cimport ws_clear, ws_remove
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla cimport events, supply


cdef inline bint _fresh(Guerilla* d, int k) noexcept nogil:
    return not (d.used >> k) & 1


cdef int _targets(Guerilla* d, int k, int* out) noexcept nogil:
    """The targets of ability k for the active player (actions A_GROUP + group, A_CARD + card,
    A_TYPE + kind), ascending."""
    cdef int gi, j, t, c, n = 0, low = 99, v
    cdef int src = d.b_att
    cdef int f = d.grp[src].faction if src >= 0 else -1
    cdef Group* g
    if k == AB_ASSASSIN:
        return events.assassin_targets(d, out)
    if k == AB_DEMOLITION:
        return events.demolition_targets(d, out)
    if k == AB_PALACE and d.npick == 0:
        for t in range(NTYPES):
            c = hand_of_type(d, d.active, t)
            if c >= 0 and d.info[c].kind == K_LEADER and barracks_faction(d, c) in (-1, f):
                out[n] = A_TYPE + t
                n += 1
        return n
    if k == AB_TV:
        low = _weakest(d, f)
    for gi in range(NGROUPS):
        g = &d.grp[gi]
        if g.owner < 0:
            continue
        if k == AB_STRIKE and g.owner != d.active and g.faction != f and g.owner != d.un:
            if g.cplx >= 0:
                n = add_sorted(out, n, A_GROUP + gi)
            for j in range(g.nunits):
                n = add_sorted(out, n, A_CARD + g.unit[j])
        elif k == AB_POLICIA and g.owner != d.active and g.faction == f and g.leader >= 0:
            n = add_sorted(out, n, A_CARD + g.leader)
        elif k == AB_TV and g.owner != d.active and g.faction != f:
            for j in range(g.nunits):
                if _tv_value(d, g, g.unit[j]) == low:
                    n = add_sorted(out, n, A_CARD + g.unit[j])
        elif (k == AB_DESTROY and g.owner == d.active and g.cplx >= 0 and g.faction == F_REB
              and (not g.attacked or arms_again(d, g))):
            out[n] = A_GROUP + gi
            n += 1
        elif (k == AB_REPAIR and g.owner == d.active and g.cplx >= 0 and g.damage > 0
              and (d.forced < 0 or g.faction == d.forced)):
            out[n] = A_GROUP + gi
            n += 1
        elif k == AB_PALACE and g.faction == f and (g.nunits > 0 or g.cplx >= 0) and not is_armor(d, g):
            out[n] = A_GROUP + gi
            n += 1
        elif (k == AB_BRIDGE_WITHDRAW and g.owner == d.active and g.faction == f and not isolated(g)
              and not is_armor(d, g) and (g.leader >= 0 or g.nunits > 0)):
            out[n] = A_GROUP + gi
            n += 1
    return n


cdef inline int _tv_value(Guerilla* d, Group* g, int unit) noexcept nogil:
    """Strength plus the group leader's modifier, less the isolation modifier (l.141)."""
    return d.info[unit].value[g.faction] + led_mod(d, g, unit) - g.iso


cdef int _weakest(Guerilla* d, int f) noexcept nogil:
    cdef int gi, j, v, low = 99
    cdef Group* g
    for gi in range(NGROUPS):
        g = &d.grp[gi]
        if g.owner >= 0 and g.owner != d.active and g.faction != f:
            for j in range(g.nunits):
                v = _tv_value(d, g, g.unit[j])
                low = v if v < low else low
    return low


cdef inline int _ability_cx(int k) noexcept nogil:
    """The complex whose ability k is, or CX_NONE."""
    if k == AB_STRIKE:
        return CX_AIRFIELD
    if k == AB_POLICIA:
        return CX_POLICIA
    if k == AB_TV:
        return CX_TV
    if k == AB_PALACE:
        return CX_PALACE
    if k == AB_PORT:
        return CX_PORT
    if k == AB_BRIDGE_DEPLOY or k == AB_BRIDGE_WITHDRAW:
        return CX_BRIDGE
    return CX_NONE


cdef int _source(Guerilla* d, int k) noexcept nogil:
    """The complex ability k comes from, or -1 (it must work: undamaged, supplied)."""
    cdef int cx = _ability_cx(k)
    return complex_group(d, d.active, cx) if cx != CX_NONE else -1


cdef bint _usable(Guerilla* d, int k, int src) noexcept nogil:
    """Whether ability k can be used now; src is _source(d, k)."""
    cdef int buf[NGROUPS + NCARDS + NTYPES]
    cdef int keep = d.b_att
    cdef int f, gi
    cdef bint ok
    if k == AB_STRIKE:
        # once a turn, one action, in B; not in Bad Weather (l.131-l.132)
        if d.letter > 1 or not _fresh(d, k) or d.weather >= 0 or src < 0 or d.un == d.active:
            return False
        if not can_pay(d, d.grp[src].faction):
            return False
    elif k == AB_POLICIA or k == AB_TV:
        # once a turn, no action (l.141; Policia reading 13, option policia_cost=1), in B
        if d.letter > 1 or not _fresh(d, k) or src < 0:
            return False
        if k == AB_POLICIA and d.policia_cost and not can_pay(d, d.grp[src].faction):
            return False
    elif k == AB_DESTROY:
        if d.letter > 1 or not can_pay(d, F_REB):
            return False
    elif k == AB_REPAIR:
        if d.letter > 4 or not _fresh(d, k):
            return False
        for gi in range(NGROUPS):
            if (d.grp[gi].owner == d.active and d.grp[gi].cplx >= 0 and d.grp[gi].damage > 0
                    and can_pay(d, d.grp[gi].faction)):
                return True
        return False
    elif k == AB_PALACE:
        if d.letter > 2 or src < 0 or not can_pay(d, d.grp[src].faction):
            return False
    elif k == AB_PORT:
        # one action, "before" anyone knows what the pile holds (l.137); once a turn (reading 34)
        return d.letter <= 5 and _fresh(d, k) and src >= 0 and can_pay(d, d.grp[src].faction)
    elif k == AB_BRIDGE_DEPLOY:
        if d.letter > 2 or not _fresh(d, k) or src < 0 or free_group(d) < 0:
            return False
        return hand_unit_for(d, d.active, d.grp[src].faction)
    elif k == AB_BRIDGE_WITHDRAW:
        if d.letter > 0 or not _fresh(d, k) or src < 0:
            return False
    elif k == AB_MARKER:
        # one action a point, at any time in his turn, up to 3 (l.78; option ambush_max, l.80)
        return d.marker[d.active] < d.ambush_max and can_pay(d, -1)
    d.b_att = <int8_t>src
    ok = _targets(d, k, buf) > 0
    d.b_att = <int8_t>keep
    return ok


cdef int legal_abilities(Guerilla* d, int* out) noexcept nogil:
    """The menu's abilities; the active player's working complexes found in one pass over the
    groups (each the first of its kind, as complex_group finds it), not one per ability."""
    cdef int src[CX_TV + 1]
    cdef int k, gi, cx, n = 0
    for cx in range(CX_TV + 1):
        src[cx] = -1
    for gi in range(NGROUPS):
        if d.grp[gi].owner == d.active and ability_on(&d.grp[gi]):
            cx = d.info[d.grp[gi].cplx].complex
            if src[cx] < 0:
                src[cx] = gi
    for k in range(AB_MARKER + 1):
        cx = _ability_cx(k)
        if _usable(d, k, src[cx] if cx != CX_NONE else -1):
            out[n] = A_ABILITY + k
            n += 1
    return n


cdef void apply_ability(GameState st, Guerilla* d, int a) noexcept nogil:
    """The chosen ability: its phase begins, its action is paid, its target is chosen next."""
    cdef int k = a - A_ABILITY
    cdef int src = _source(d, k)
    if k == AB_MARKER:
        pay(d, USE_EITHER)
        d.marker[d.active] += 1
        return
    d.used |= <uint16_t>(1 << k)
    if k == AB_BRIDGE_DEPLOY or k == AB_BRIDGE_WITHDRAW:
        d.used |= <uint16_t>((1 << AB_BRIDGE_DEPLOY) | (1 << AB_BRIDGE_WITHDRAW))
    if k == AB_REPAIR:
        pay_open(d)                                    # the complex is chosen next
    elif k == AB_DESTROY:
        pay(d, F_REB)
    elif k == AB_STRIKE or k == AB_PALACE or k == AB_PORT or (k == AB_POLICIA and d.policia_cost):
        pay(d, d.grp[src].faction)
    if k <= AB_DESTROY:
        d.letter = 1
    elif k == AB_REPAIR:
        d.letter = 4
    elif k == AB_PALACE:
        d.letter = 2
    elif k == AB_PORT:
        d.letter = 5
    d.ability = <int8_t>k
    battle_clear(d)                                    # no earlier battle's fields on show
    d.b_att = <int8_t>src
    d.npick = 0
    if k == AB_PORT:
        _retrieve(st, d, src)
        _done(d)
        return
    d.node = N_ABILITY


cdef void _retrieve(GameState st, Guerilla* d, int src) noexcept nogil:
    """The card of the Port's classes nearest the top of the discard pile, if any (l.137)."""
    cdef uint8_t wanted[NCARDS]
    cdef int c, slot, f = d.grp[src].faction
    for c in range(NCARDS):
        wanted[c] = (d.info[c].port_takes >> f) & 1
    slot = pile_find_from_top(&d.disc, wanted, NCARDS)
    if slot < 0:
        return
    c = pile_remove_at(&d.disc, slot)
    move(st, d, c, P_DISC, P_HAND + d.active, PUBLIC, d.active, T_RETURN)


cdef void _done(Guerilla* d) noexcept nogil:
    d.b_base = 0
    d.b_side = 0
    d.b_att = -1
    d.b_def = -1
    d.b_named = NO_CARD
    d.npick = 0
    d.forced = -1
    d.cur = d.active
    d.node = N_TURN


cdef int legal_target(Guerilla* d, int* out) noexcept nogil:
    return one_of_alike(d, out, _targets(d, d.ability, out))


cdef void destroy_complex(GameState st, Guerilla* d, int gi, int scorer) noexcept nogil:
    """A complex destroyed: its VP to a Rebel destroyer, nothing to a Government one (l.112-l.113);
    a leader it leaves alone goes with it."""
    cdef Group* g = &d.grp[gi]
    cdef int c = g.cplx
    if scorer >= 0:
        score(d, scorer, F_REB, d.info[c].vp)
        d.won_by[scorer][SRC_DESTROYED] += d.info[c].vp
    if d.info[c].complex == CX_BARRACKS:
        # "Only if the barracks is destroyed before a retrieved card is deployed can the player
        # choose the card's faction." (l.134)
        ws_clear(d.bk[F_GOV], NW)
        ws_clear(d.bk[F_REB], NW)
    group_remove(g, c)
    g.damage = 0                                       # the damage was the complex's
    discard_card(st, d, c, P_TABLE, PUBLIC, g.owner)
    if g.leader >= 0 and g.nunits == 0:
        eliminate(st, d, gi, g.leader, -1, 0)
    elif group_empty(g):
        group_clear(g)


cdef void apply_target(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int k = d.ability
    cdef int c, gi
    cdef Group* g
    st.observe_all(token(T_ACT, d.active, a))
    if k == AB_PALACE and d.npick == 0:
        d.pick[0] = <int8_t>hand_of_type(d, d.active, a - A_TYPE)
        d.npick = 1
        return
    if a >= A_CARD:
        d.b_named = <int8_t>(a - A_CARD)
        d.b_def = <int8_t>find_group(d, a - A_CARD)
    else:
        d.b_def = <int8_t>(a - A_GROUP)
    g = &d.grp[d.b_def]
    if k == AB_DEMOLITION:
        d.letter = 2 if g.faction == F_REB else 1
    if k == AB_DEMOLITION and g.faction == F_REB:
        supply.release(st, d, d.b_def, False)          # relieved by an Arms Cache (l.122, l.128)
        _done(d)
    elif k == AB_POLICIA or k == AB_ASSASSIN:
        events.start_bodyguards(d)
    elif k == AB_DESTROY:
        count_attack(st, d, g)                         # it counts as the group's attack (l.76)
        destroy_complex(st, d, d.b_def, d.active)
        _done(d)
    elif k == AB_PALACE:
        # "Any existing group leader is removed to the discard pile. No points are scored."
        if g.leader >= 0:
            c = g.leader
            group_remove(g, c)
            discard_card(st, d, c, P_TABLE, PUBLIC, g.owner)
        c = d.pick[0]
        d.pick[0] = NO_CARD
        ws_remove(d.bk[g.faction], NW, c)              # deployed: the Barracks' hold ends
        group_add(d, g, c)
        move(st, d, c, P_HAND + d.active, P_TABLE, PUBLIC, d.active, T_REVEAL)
        may_rearrange(d, d.b_def)                      # a deployment involving it (l.24)
        _done(d)
    else:
        if k == AB_STRIKE:
            d.b_base = d.info[d.grp[d.b_att].cplx].param
            d.b_side = d.grp[d.b_att].faction
        if k == AB_REPAIR:
            settle(d, g.faction)                       # a complex of the Banco's faction
        d.roll_for = (R_STRIKE if k == AB_STRIKE or k == AB_DEMOLITION else R_TV if k == AB_TV
                      else R_REPAIR)
        d.node = N_ROLL


cdef void apply_roll(GameState st, Guerilla* d, int face) noexcept nogil:
    cdef Group* g = &d.grp[d.b_def]
    cdef int f = d.grp[d.b_att].faction if d.b_att >= 0 else 0
    cdef int c = d.b_named
    cdef int attack, defence
    st.observe_all(token(T_DIE, d.roll_for, face))
    if d.roll_for == R_STRIKE:
        d.b_roll[0] = <int8_t>face
        d.roll_for = R_STRIKE_DEFENCE
        return
    if d.roll_for == R_STRIKE_DEFENCE:
        # six plus a die against the unit's strength, its leader's modifier, a die and any
        # isolation; against a complex, its DF and a die: the excess is damage (l.131; a
        # demolition the same against a complex, its garrison ignored, l.122)
        attack = d.b_base + d.b_roll[0]
        f = d.b_side
        if c >= 0:
            defence = d.info[c].value[g.faction] + led_mod(d, g, c) + face - g.iso
            if attack > defence:
                eliminate_for(st, d, d.b_def, c, d.active, f, SRC_STRIKE)
        else:
            defence = d.info[g.cplx].df + face - g.iso
            if attack > defence:
                g.damage += attack - defence
                if g.damage > d.info[g.cplx].df:
                    destroy_complex(st, d, d.b_def, d.active if f == F_REB else -1)
    elif d.roll_for == R_TV:
        # "Roll the die, subtract the strength of the unit plus its group leader's command
        # modifier. If the result is greater than 0, the unit is eliminated." (l.141)
        if face - (d.info[c].value[g.faction] + led_mod(d, g, c)) > d.info[d.grp[d.b_att].cplx].param:
            if g.nunits == 1 and g.cplx < 0:
                supply.release(st, d, d.b_def, True)   # eliminated by propaganda (l.128)
            eliminate_for(st, d, d.b_def, c, d.active, f, SRC_TV)
    else:
        # "damage equal to half the number rolled (rounded down) is repaired" (l.92)
        g.damage = <int8_t>(g.damage - face // 2 if g.damage > face // 2 else 0)
    _done(d)
