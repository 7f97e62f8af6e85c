# cython: language_level=3
"""Supply Cut and isolation (l.128): the cut, the matching markers on the cutting and the
isolated group, the isolation modifier growing at the end of the owner's turn, surrender, and
every way isolation ends, with the card going back to the cutter's hand or to the discard pile.

The link is kept on both groups (`cutter` on the isolated one, `cuts` on the cutter, the card
on both), so when either group leaves the table the other still knows the card. Endings that
happen at a known place (another attack by the cutter, an overrun, a capture, a surrender, a
propaganda kill) call `release` there; the others (a group eliminated, withdrawn, retreated or
turned) are found by `sweep`, which the state runs after each step while a cut is in play."""
from partisan.core.state cimport GameState, token
from partisan.core.games.guerilla.table cimport *


cdef bint _cutter_ok(Guerilla* d, int gi) noexcept nogil:
    """An infantry group of the active player that has not attacked this turn, not isolated
    ("An isolated group cannot cut another group's supply"), not a garrison (l.56, l.128)."""
    cdef Group* g = &d.grp[gi]
    return (g.owner == d.active and g.owner != d.un and not g.attacked and g.cplx < 0
            and g.nunits > 0 and not isolated(g) and not is_armor(d, g)
            and (d.forced < 0 or g.faction == d.forced))


cdef bint _target_ok(Guerilla* d, int gi, int ti) noexcept nogil:
    """"played on opposing group. Cannot be played on a group protected by the UN card"
    (l.128): the other faction, another player's (l.54), not cut already (one cutter a group,
    RULES.md reading 26)."""
    cdef Group* t = &d.grp[ti]
    return (t.owner >= 0 and t.owner != d.active and t.owner != d.un
            and t.faction != d.grp[gi].faction and not isolated(t))


cdef bint _has_target(Guerilla* d, int gi) noexcept nogil:
    cdef int ti
    for ti in range(NGROUPS):
        if _target_ok(d, gi, ti):
            return True
    return False


cdef bint can_play(Guerilla* d) noexcept nogil:
    """Some group may cut some group now, with an action its faction can pay for (l.133)."""
    cdef int gi
    if d.un == d.active:
        return False
    for gi in range(NGROUPS):
        if (d.grp[gi].owner == d.active and can_pay(d, d.grp[gi].faction)
                and _cutter_ok(d, gi) and _has_target(d, gi)):
            return True
    return False


cdef void begin(GameState st, Guerilla* d, int card) noexcept nogil:
    """The card is laid before its player; the cutting group is chosen next. The Banco's
    action binds the cutter to the Banco's faction."""
    pay_open(d)
    d.letter = 1
    move(st, d, card, P_HAND + d.active, P_ASIDE, PUBLIC, d.active, T_RED)
    d.drawn_red = <int8_t>card                         # the card being played
    d.node = N_CUTTER


cdef int legal_cutter(Guerilla* d, int* out) noexcept nogil:
    cdef int gi, n = 0
    for gi in range(NGROUPS):
        if _cutter_ok(d, gi) and _has_target(d, gi):
            out[n] = A_GROUP + gi
            n += 1
    return n


cdef void apply_cutter(GameState st, Guerilla* d, int a) noexcept nogil:
    st.observe_all(token(T_ACT, d.cur, a))
    d.b_att = <int8_t>(a - A_GROUP)
    settle(d, d.grp[d.b_att].faction)                  # a cutter of the Banco's faction
    d.node = N_CUT


cdef int legal_cut(Guerilla* d, int* out) noexcept nogil:
    cdef int ti, n = 0
    for ti in range(NGROUPS):
        if _target_ok(d, d.b_att, ti):
            out[n] = A_GROUP + ti
            n += 1
    return n


cdef void apply_cut(GameState st, Guerilla* d, int a) noexcept nogil:
    """"Special attack by an infantry group instead of its normal attack" with no roll
    (reading 26): the cutter's attack this turn; a cut it held before ends (it "makes another
    attack")."""
    cdef int gi = d.b_att
    cdef int ti = a - A_GROUP
    cdef Group* g = &d.grp[gi]
    cdef Group* t = &d.grp[ti]
    st.observe_all(token(T_ACT, d.cur, a))
    if g.cuts >= 0:
        release(st, d, g.cuts, False)
    g.attacked = 1
    g.cuts = <int8_t>ti
    g.sc_card = d.drawn_red
    t.cutter = <int8_t>gi
    t.sc_card = d.drawn_red
    t.cut_faction = t.faction
    t.iso = 0
    d.nlinks += 1
    d.drawn_red = NO_CARD
    d.forced = -1
    d.b_att = -1
    d.cur = d.active
    d.node = N_TURN


cdef void _card_away(GameState st, Guerilla* d, int card, int seat, bint back) noexcept nogil:
    """The card returns to the cutter's hand, or is discarded face up (l.128)."""
    if card < 0 or not in_place(d, P_ASIDE, card):
        return
    if back:
        move(st, d, card, P_ASIDE, P_HAND + seat, PUBLIC, seat, T_RETURN)
    else:
        discard_card(st, d, card, P_ASIDE, PUBLIC, seat)


cdef void release(GameState st, Guerilla* d, int vi, bint back) noexcept nogil:
    """Isolated group vi is supplied again: both markers go; the card goes back to the
    cutter's owner (`back`) or onto the discard pile."""
    cdef Group* v = &d.grp[vi]
    cdef int ci = v.cutter
    cdef int card = v.sc_card
    cdef int seat = d.active
    if ci < 0:
        return
    if d.grp[ci].cuts == vi:
        seat = d.grp[ci].owner
        d.grp[ci].cuts = -1
        d.grp[ci].sc_card = NO_CARD
    v.cutter = -1
    v.sc_card = NO_CARD
    v.iso = 0
    d.nlinks -= 1
    _card_away(st, d, card, seat, back)


cdef void on_attack(GameState st, Guerilla* d, int gi) noexcept nogil:
    """"Isolation ends when: the group cutting supply makes another attack" (l.128)."""
    if d.grp[gi].cuts >= 0:
        release(st, d, d.grp[gi].cuts, False)


cdef int overrun_limit(Guerilla* d, int gi) noexcept nogil:
    """"its unit strength plus complex DF plus one point for a leader" (l.128)."""
    cdef Group* g = &d.grp[gi]
    cdef int k, s = 0
    for k in range(g.nunits):
        s += d.info[g.unit[k]].value[g.faction]
    if g.cplx >= 0:
        s += d.info[g.cplx].df
    return s + (1 if g.leader >= 0 else 0)


cdef void sweep(GameState st, Guerilla* d) noexcept nogil:
    """The endings found after the fact (l.128): the cutting group is gone (eliminated,
    surrendered, withdrawn, retreated) or changed faction: the card is discarded; the isolated
    group changed faction: the card goes back; the isolated group is gone: the card is
    discarded (an overrun, a surrender or a propaganda kill gave it back already)."""
    cdef int gi, ci, card
    cdef Group* g
    cdef Group* c
    for gi in range(NGROUPS):
        g = &d.grp[gi]
        if g.owner < 0:
            continue
        if g.cutter >= 0:
            c = &d.grp[g.cutter]
            if c.owner < 0 or c.cuts != gi:
                card = g.sc_card
                g.cutter = -1
                g.sc_card = NO_CARD
                g.iso = 0
                d.nlinks -= 1
                _card_away(st, d, card, d.active, False)
            elif g.faction != g.cut_faction:
                release(st, d, gi, True)
            elif c.faction == g.faction:
                release(st, d, gi, False)
        if g.cuts >= 0 and (d.grp[g.cuts].owner < 0 or d.grp[g.cuts].cutter != gi):
            card = g.sc_card
            g.cuts = -1
            g.sc_card = NO_CARD
            d.nlinks -= 1
            _card_away(st, d, card, g.owner, False)


cdef int surrender_at(Guerilla* d, Group* g) noexcept nogil:
    """"the highest complex DF or unit strength in the group" (l.128)."""
    cdef int k, v, high = d.info[g.cplx].df if g.cplx >= 0 else 0
    for k in range(g.nunits):
        v = d.info[g.unit[k]].value[g.faction]
        high = v if v > high else high
    return high


cdef void grow(GameState st, Guerilla* d) noexcept nogil:
    """At the end of the owner's turn each of his isolated groups' modifier grows by one (-1
    first); at the highest DF or unit strength in the group it surrenders: units and leaders
    eliminated with points to the cutter, the cutter takes any complex, the card goes back to
    the cutter's hand (l.98, l.128). The endings found after the fact come first: the step
    that ends a turn may have ended an isolation (a Revolution or Traitors drawn, l.139-l.140,
    turn the isolated group: "Isolation ends when ... the isolated group changes faction")."""
    cdef int gi, ci, seat, faction, c
    cdef Group* g
    sweep(st, d)
    for gi in range(NGROUPS):
        g = &d.grp[gi]
        if g.owner != d.active or not isolated(g):
            continue
        g.iso += 1
        if g.iso < surrender_at(d, g):
            continue
        ci = g.cutter
        seat = d.grp[ci].owner
        faction = d.grp[ci].faction
        st.observe_all(token(T_CAPTURE, seat, gi))
        release(st, d, gi, True)
        while g.owner >= 0 and g.nunits > 0:
            eliminate(st, d, gi, g.unit[0], seat, faction)
        if g.owner >= 0 and g.leader >= 0:
            eliminate(st, d, gi, g.leader, seat, faction)
        if g.owner >= 0 and g.cplx >= 0:
            g.owner = <int8_t>seat
            g.faction = <int8_t>faction
