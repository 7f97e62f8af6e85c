# cython: language_level=3
"""The Armor Column (l.121; RULES.md reading 19): an elite Government unit that stands alone
and never changes faction; played in B for one action it deploys and may attack at once, and in
a later turn "attack with" it starts a new series for one action. In a series it attacks one
Rebel group again and again, each time one unit the defender picks (with its leader's
modifier, the leader taking losses too) or, once the garrison is gone, the complex; it must
stop when an attack eliminates nothing or the group refuses combat (an Informant's retreat
with no card; a garrison refuses by becoming a group of its own, a complex cannot refuse).
The battle itself is battle.pyx's; this module starts each attack and asks whether to go on."""
from partisan.core.state cimport GameState, token
from partisan.core.games.guerilla.table cimport *


cdef bint can_play(Guerilla* d) noexcept nogil:
    """One action the Government can pay, a free group slot (l.121, l.133)."""
    return d.letter <= 1 and can_pay(d, F_GOV) and free_group(d) >= 0


cdef void deploy(GameState st, Guerilla* d, int card) noexcept nogil:
    """The card is deployed as a Government group of its own; its first attack may follow."""
    cdef int gi = take_group(d)
    cdef Group* g = &d.grp[gi]
    d.letter = 1
    g.owner = d.active
    g.faction = F_GOV
    g.fresh = 1                                        # no combined attack this turn (l.119)
    group_add(d, g, card)
    move(st, d, card, P_HAND + d.active, P_TABLE, PUBLIC, d.active, T_REVEAL)
    battle_clear(d)                                    # no earlier battle's fields on show
    d.b_att = <int8_t>gi
    d.node = N_ARMOR_START


cdef bint target_ok(Guerilla* d, int ti) noexcept nogil:
    """"Attacks a single Rebel unit or Complex at a time": another player's Rebel group, not
    under the UN (l.53-l.54, l.129)."""
    cdef Group* t = &d.grp[ti]
    return (t.owner >= 0 and t.owner != d.active and t.faction == F_REB and t.owner != d.un
            and (t.nunits > 0 or t.cplx >= 0))


cdef int legal_start(Guerilla* d, int* out) noexcept nogil:
    cdef int ti, n = 0
    out[n] = A_DONE
    n += 1
    if d.un == d.active:
        return n
    for ti in range(NGROUPS):
        if target_ok(d, ti):
            out[n] = A_GROUP + ti
            n += 1
    return n


cdef void apply_start(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int gi = d.b_att
    st.observe_all(token(T_ACT, d.cur, a))
    if a == A_DONE:
        d.b_att = -1
        d.node = N_TURN
        return
    d.grp[gi].attacked = 1
    attack(st, d, gi, a - A_GROUP)


cdef void attack(GameState st, Guerilla* d, int gi, int ti) noexcept nogil:
    """One attack of the series on group ti: its owner picks the unit ("If attacking an
    Infantry Rebel group, the defender decides which unit is attacked"); the garrison before the
    complex; a complex alone defends with its DF (l.121). Then the battle window and dice as
    any battle (battle.pyx)."""
    cdef Group* t = &d.grp[ti]
    battle_clear(d)
    d.ar_group = <int8_t>gi
    d.ar_target = <int8_t>ti
    d.ar_hit = 0
    d.b_att = <int8_t>gi
    d.b_def = <int8_t>ti
    d.b_unit = d.grp[gi].unit[0]
    if t.nunits == 0:
        d.b_mode = MODE_COMMANDED
        _window(d)
        return
    d.b_mode = MODE_ARMOR
    if t.nunits == 1:
        d.b_named = t.unit[0]
        _window(d)
        return
    d.cur = t.owner
    d.node = N_DEFENDER


cdef void _window(Guerilla* d) noexcept nogil:
    d.w_kind = W_BATTLE
    d.w_passes = 0
    d.cur = d.active
    d.node = N_WINDOW


cdef int legal_defender(Guerilla* d, int* out) noexcept nogil:
    """The defender's choice of the unit attacked: any of his group's units."""
    cdef Group* t = &d.grp[d.b_def]
    cdef int k, n = 0
    for k in range(t.nunits):
        n = add_sorted(out, n, A_CARD + t.unit[k])
    return n


cdef void refuse(GameState st, Guerilla* d) noexcept nogil:
    """"A Rebel group may refuse combat with an Armour Column. The effects are exactly as if an
    Informant card had been played ... A garrison may refuse combat by becoming a separate group.
    A complex may not refuse combat." (l.121) A garrison's units and leader form a new group of
    their own and the attack goes on against the complex; any other group retreats to hand."""
    cdef Group* t = &d.grp[d.b_def]
    cdef Group* s
    cdef int c, si
    st.observe_all(token(T_ACT, d.cur, A_USE + 3))
    if t.cplx >= 0:
        si = take_group(d)
        s = &d.grp[si]
        s.owner = t.owner
        s.faction = t.faction
        while t.nunits > 0 or t.leader >= 0:
            c = t.leader if t.leader >= 0 else t.unit[t.nunits - 1]
            group_remove(t, c)
            group_add(d, s, c)
        d.b_named = NO_CARD
        d.b_mode = MODE_COMMANDED
        d.w_passes = 0
        d.cur = d.active
        return
    while t.nunits > 0 or t.leader >= 0:
        c = t.leader if t.leader >= 0 else t.unit[t.nunits - 1]
        group_remove(t, c)
        move(st, d, c, P_TABLE, P_HAND + t.owner, PUBLIC, t.owner, T_RETURN)
    group_clear(t)
    d.ar_group = -1
    battle_clear(d)


cdef bint may_refuse(Guerilla* d) noexcept nogil:
    """The defender of an Armor Column's attack may refuse, but not a complex alone, nor a lone
    leader garrison (a leader cannot stand alone, l.18, l.126)."""
    cdef Group* t = &d.grp[d.b_def]
    return d.b_att >= 0 and is_armor(d, &d.grp[d.b_att]) and t.nunits > 0


cdef void after(GameState st, Guerilla* d) noexcept nogil:
    """A battle of the series is over: it may go on while its last attack eliminated a unit or
    leader and the Rebel group is still there (l.121); with option armor_repeat=must it goes
    on by itself ("Must only stop when an attack fails to eliminate ...", reading 19)."""
    cdef int gi = d.ar_group
    cdef int ti = d.ar_target
    if d.ar_hit and is_armor(d, &d.grp[gi]) and d.grp[gi].owner == d.active and target_ok(d, ti):
        if d.armor_must:
            attack(st, d, gi, ti)
            return
        d.cur = d.active
        d.node = N_ARMOR_AGAIN
        return
    d.ar_group = -1


cdef int legal_again(Guerilla* d, int* out) noexcept nogil:
    out[0] = A_YES
    out[1] = A_NO
    return 2


cdef void apply_again(GameState st, Guerilla* d, int a) noexcept nogil:
    st.observe_all(token(T_ACT, d.cur, a))
    if a == A_YES:
        attack(st, d, d.ar_group, d.ar_target)
        return
    d.ar_group = -1
    d.node = N_TURN
