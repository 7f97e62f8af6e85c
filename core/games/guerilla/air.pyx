# cython: language_level=3
"""Air Assault (l.119; RULES.md reading 20), two of its three options: deploy units or a whole
group from hand in the attack phase and attack with it; reinforce an isolated Government group,
which must then attack its cutter, the new units not halved in that attack. One action for the
card and its attack (option air_assault_cost=card_and_attack: one more for the attack);
Government only; not in Bad Weather. The cards are picked as any
deployment (turn.pyx); the state calls `after` when the pick is placed and when the attack is
over."""
from libc.stdint cimport uint64_t
from partisan.core.state cimport GameState, token
from partisan.core.bitset cimport ws_add, ws_has
from partisan.core.decision cimport frame_reset, choice_begin
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
        if _relief_ok(d, gi):
            return True
    return False


cdef void begin(GameState st, Guerilla* d, int card) noexcept nogil:
    pay(d)
    d.letter = 1
    discard_card(st, d, card, P_HAND + d.active, PUBLIC, d.active)
    d.node = N_AIR


cdef int legal_choice(Guerilla* d, int* out) noexcept nogil:
    """A new group (deploy) or the isolated group to reinforce."""
    cdef int gi, n = 0
    if hand_unit_for(d, d.active, F_GOV) and free_group(d) >= 0:
        out[n] = A_DEPLOY
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
    frame_reset(&d.step, d.pick_kind, d.active)
    choice_begin(&d.step, 1, 4, True)
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
    if g.owner == d.active and battle.can_attack(d, gi):
        if d.aa_attack_cost:
            pay(d)
        d.aa_stage = 2
        battle.begin_attack(st, d, gi)
        return
    d.aa_stage = 0
    d.aa_fresh[0] = 0
    d.aa_fresh[1] = 0
