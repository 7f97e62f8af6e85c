# cython: language_level=3
"""Air Assault (l.119; RULES.md reading 20), its three options: deploy units or a whole group
from hand in the attack phase and attack with it (with a second card, the new group's attack
may be a combined one); combine two deployed groups for a single attack (an Armor Column may
be one of them, l.121); reinforce an isolated Government group, which must then attack its
cutter, the new units not halved in that attack. One action for the card and its attack
(option air_assault_cost=card_and_attack: one more for the attack); Government only; not in
Bad Weather. The cards are picked as any deployment (turn.pyx); the combined attack is
battle.pyx's; the state calls `after` when the pick is placed and when the attack is over."""
from libc.stdint cimport uint64_t
from partisan.core.state cimport GameState, token
from partisan.core.bitset cimport ws_add, ws_has
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla cimport battle


cdef bint _relief_ok(Guerilla* d, int gi) noexcept nogil:
    """"3) Re-enforce an isolated group" of the player's own, Government (reading 20)."""
    cdef Group* g = &d.grp[gi]
    return (g.owner == d.active and g.faction == F_GOV and isolated(g) and not g.attacked
            and hand_fits(d, d.active, g))


cdef bint _affordable(Guerilla* d) noexcept nogil:
    """The card's action, and with option air_assault_cost=card_and_attack a second one for
    the attack it must make (reading 20), both the Government's (the Banco's if it serves it)."""
    if not d.aa_attack_cost:
        return can_pay(d, F_GOV)
    return d.actions >= 2 or (d.actions == 1 and banco_faction(d) == F_GOV)


cdef bint can_play(Guerilla* d) noexcept nogil:
    """In B, by the Government's action, not in Bad Weather (l.119, l.132)."""
    cdef int gi
    if d.letter > 1 or d.weather >= 0 or not _affordable(d) or d.un == d.active:
        return False
    if hand_unit_for(d, d.active, F_GOV) and free_group(d) >= 0:
        return True
    for gi in range(NGROUPS):
        if _relief_ok(d, gi) or _first_of_pair(d, gi):
            return True
    return False


cdef bint _first_of_pair(Guerilla* d, int gi) noexcept nogil:
    """"2) Combine the strength of two deployed groups for a single attack" (l.119): group gi
    and a later one of the player's (a pair is named in ascending order)."""
    cdef int gj
    if d.grp[gi].owner != d.active:
        return False
    for gj in range(gi + 1, NGROUPS):
        if d.grp[gj].owner == d.active and battle.can_combine(d, gi, gj):
            return True
    return False


cdef int _partners(Guerilla* d, int gi, int first, int* out, int n) noexcept nogil:
    """The groups from `first` on that may combine with group gi."""
    cdef int gj
    for gj in range(first, NGROUPS):
        if d.grp[gj].owner == d.active and battle.can_combine(d, gi, gj):
            out[n] = A_GROUP + gj
            n += 1
    return n


cdef void begin(GameState st, Guerilla* d, int card) noexcept nogil:
    pay(d, F_GOV)
    d.letter = 1
    discard_card(st, d, card, P_HAND + d.active, PUBLIC, d.active)
    d.node = N_AIR


cdef int legal_choice(Guerilla* d, int* out) noexcept nogil:
    """A new group (deploy), the first of two groups to combine (A_ATTACK + group) or the
    isolated group to reinforce."""
    cdef int gi, n = 0
    if hand_unit_for(d, d.active, F_GOV) and free_group(d) >= 0:
        out[n] = A_DEPLOY
        n += 1
    for gi in range(NGROUPS):
        if _first_of_pair(d, gi):
            out[n] = A_ATTACK + gi
            n += 1
    for gi in range(NGROUPS):
        if _relief_ok(d, gi):
            out[n] = A_GROUP + gi
            n += 1
    return n


cdef void apply_choice(GameState st, Guerilla* d, int a) noexcept nogil:
    """The cards are then picked as a deployment (turn.pyx's N_PICK), on the Government side."""
    cdef int gi, k
    cdef Group* g
    st.observe_all(token(T_ACT, d.cur, a))
    if A_ATTACK <= a < A_REINFORCE:                    # option 2: the second group next
        d.aa_stage = 3
        d.pick_group = <int8_t>(a - A_ATTACK)
        d.node = N_AIR_WITH
        return
    d.aa_stage = 1
    d.aa_fresh[0] = 0
    d.aa_fresh[1] = 0
    d.forced = F_GOV
    if a == A_DEPLOY:
        d.pick_kind = PK_DEPLOY
        d.pick_group = -1
    else:
        gi = a - A_GROUP
        g = &d.grp[gi]
        d.pick_kind = PK_REINFORCE
        d.pick_group = <int8_t>gi
        for k in range(g.nunits):                      # the units there before
            ws_add(d.aa_fresh, NW, g.unit[k])
        if g.leader >= 0:
            ws_add(d.aa_fresh, NW, g.leader)
    d.npick = 0
    d.node = N_PICK


cdef void after(GameState st, Guerilla* d) noexcept nogil:
    """Stage 1: the cards are placed; the group attacks ("and attack"; an isolated group "must
    then attack the group cutting its supply"), if any attack can succeed (l.55), paying its
    action under option air_assault_cost=card_and_attack. Stage 2: that
    attack is over; its new units are halved again from now on."""
    cdef int gi = d.placed
    cdef Group* g = &d.grp[gi]
    cdef int k
    cdef uint64_t old[NW]
    if d.aa_stage == 2:
        d.aa_stage = 0
        d.aa_fresh[0] = 0
        d.aa_fresh[1] = 0
        return
    old[0] = d.aa_fresh[0]
    old[1] = d.aa_fresh[1]
    d.aa_fresh[0] = 0
    d.aa_fresh[1] = 0
    for k in range(g.nunits):
        if not ws_has(old, NW, g.unit[k]):
            ws_add(d.aa_fresh, NW, g.unit[k])
    d.forced = -1
    if d.pick_kind == PK_DEPLOY and _may_combine(d, gi):
        d.aa_stage = 4
        d.pick_group = <int8_t>gi
        d.cur = d.active
        d.node = N_AIR_WITH
        return
    _attack_alone(st, d, gi)


cdef void _attack_alone(GameState st, Guerilla* d, int gi) noexcept nogil:
    if d.grp[gi].owner == d.active and battle.can_attack(d, gi):
        if d.aa_attack_cost:
            pay(d, F_GOV)
        d.aa_stage = 2
        battle.begin_attack(st, d, gi)
        return
    d.aa_stage = 0
    d.aa_fresh[0] = 0
    d.aa_fresh[1] = 0


cdef bint _may_combine(Guerilla* d, int gi) noexcept nogil:
    """"A group can be deployed and make a combined attack in the same turn only by playing two
    air assault cards" (l.119): a second card's action (and the attack's) payable and a group
    to combine with. The player is asked whether or not he holds a second card, so the
    question reveals nothing of his hand."""
    cdef int out[NGROUPS]
    return _affordable(d) and _partners(d, gi, 0, out, 0) > 0


cdef int legal_with(Guerilla* d, int* out) noexcept nogil:
    """Option 2's second group, after the first (in ascending order); or, for a group the card
    has just deployed, no (it attacks alone) or, with a second card in hand, the group that
    card combines it with."""
    if d.aa_stage == 3:
        return _partners(d, d.pick_group, d.pick_group + 1, out, 0)
    out[0] = A_NO
    if event_in_hand(d, d.active, EV_AIR_ASSAULT) < 0:
        return 1
    return _partners(d, d.pick_group, 0, out, 1)


cdef void apply_with(GameState st, Guerilla* d, int a) noexcept nogil:
    cdef int c
    st.observe_all(token(T_ACT, d.cur, a))
    if a == A_NO:
        _attack_alone(st, d, d.pick_group)
        if d.aa_stage == 0:
            d.node = N_TURN
        return
    if d.aa_stage == 4:                                # the second card, face up
        c = event_in_hand(d, d.active, EV_AIR_ASSAULT)
        pay(d, F_GOV)
        discard_card(st, d, c, P_HAND + d.active, PUBLIC, d.active)
    if d.aa_attack_cost:
        pay(d, F_GOV)
    d.aa_stage = 2
    battle.begin_combined(st, d, d.pick_group, a - A_GROUP)
