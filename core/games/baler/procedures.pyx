# cython: language_level=3
"""Procedures that events and actions start (flow.pxd P_*): each begins at N_PROC with
Baler.proc set and returns to its caller. Here: starting one, the area and trench choices they
share, surveillance (l.1023), repair (l.1056) and trench sections (l.1131) over
fortifications.pyx, removing a trench (card only, l.809), the Takeover attempt (l.1151), the
supply roll (l.1029-l.1054), the US dice, placing a reserve artillery piece (US Support,
l.1323) and manning from the bag (l.1219). Heal is heal.pyx, movement movement.pyx, the
territorial map territory.pyx."""
from libc.stdint cimport int8_t
from partisan.core.cards cimport count as popcount
from partisan.core.games.baler.table cimport (
    Baler, CARD_EFFECTS, DIE, EFFECT_W, EMPTY, EVENT_EFFECTS, MOD_PERSIST, N_AREAS, N_TRENCHES,
    PHILIPPINES, SPAIN, WALLS_DESTROYED, move_unit, occupant)
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler.spaces cimport (
    bag_count, empty_post, gun_placeable, is_post, reserve_gun, soldier_space)
from partisan.core.games.baler.fortifications cimport (
    repair_possible, repair_trench, repair_walls, trench_buildable, trench_possible,
    trench_repairable, walls_repairable)
from partisan.core.games.baler.heal cimport wounded
from partisan.core.games.baler.attrition cimport filipino_supply_gain
from partisan.core.games.baler.territory cimport territorial_modifier
from partisan.core.games.baler cimport combat_rules

cdef enum:
    MARKERS = 4             # surveillance markers a side (l.1027)


# ---------------------------------------------------------------- starting a procedure
cdef bint can_surveil(const Baler* t, int side) noexcept nogil:
    return popcount(t.surveillance[side]) < MARKERS


cdef void proc_begin(Baler* t) noexcept nogil:
    """The first node of the procedure in t.proc for t.actor (EMPTY choices end it)."""
    cdef int p = t.proc
    if p == P_SURVEILLANCE:
        t.node = N_AREA if can_surveil(t, t.actor) and t.surveillance[t.actor] != 15 else N_RETURN
    elif p == P_REPAIR:
        if not repair_possible(t, t.actor, t.proc_arg == 0):
            t.node = N_RETURN
        else:
            t.node = N_TRENCH if t.actor == PHILIPPINES else N_AREA
    elif p == P_TRENCH:
        t.node = N_TRENCH if trench_possible(t, t.proc_arg == 0) else N_RETURN
    elif p == P_DESTROY_TRENCH:
        t.node = N_TRENCH if t.trench_built else N_RETURN
    elif p == P_TAKEOVER:
        t.node = N_AREA
    elif p == P_SUPPLY:
        t.node = N_C_DIE
        t.die_for = D4_SUPPLY
    elif p == P_HEAL or p == P_MEDIC:
        t.node = N_HEAL if wounded(t) else N_RETURN
    elif p == P_MOVE:
        t.mv_left = t.proc_arg
        t.node = N_MOVE
    elif p == P_US:
        if t.us_power and t.turn >= 4:
            t.node = N_C_DIE
            t.die_for = D4_US_STRENGTH
        else:
            t.node = N_RETURN
    elif p == P_ARTILLERY:
        if not gun_placeable(t):
            t.node = N_RETURN
        elif t.turn >= 4:
            t.node = N_C_DIE
            t.die_for = D4_US_SUPPORT
        else:
            t.node = N_ARTY
    elif p == P_MAN:
        man_next(t)
    else:
        t.node = N_RETURN


# ---------------------------------------------------------------- areas and trenches
cdef int legal_area(const Baler* t, int* out) noexcept nogil:
    """Declining is always legal for an event; an action was offered only when possible."""
    cdef int a, n = 0
    cdef bint ok
    out[n] = A_DONE
    n += 1
    for a in range(N_AREAS):
        if t.proc == P_SURVEILLANCE:
            ok = not (t.surveillance[t.actor] >> a) & 1
        elif t.proc == P_REPAIR:
            ok = walls_repairable(t, a, t.proc_arg == 0)
        else:   # P_TAKEOVER
            ok = t.walls[a] != WALLS_DESTROYED
        if ok:
            out[n] = A_AREA + a
            n += 1
    return n


cdef void apply_area(Baler* t, int a) noexcept nogil:
    cdef int area = a - A_AREA
    if a == A_DONE:
        finish(t)
        return
    if t.proc == P_SURVEILLANCE:
        t.surveillance[t.actor] |= 1 << area
        finish(t)
    elif t.proc == P_REPAIR:
        if t.proc_arg == 0:
            t.supply[SPAIN] += 1    # a card's free repair: the supply spent is given back
        repair_walls(t, area)
        finish(t)
    else:
        t.proc_n = <int8_t>area
        t.node = N_C_DIE
        t.die_for = D4_TAKEOVER


cdef int legal_trench(const Baler* t, int* out) noexcept nogil:
    cdef int k, n = 0
    cdef bint ok
    out[n] = A_DONE
    n += 1
    for k in range(N_TRENCHES):
        if t.proc == P_REPAIR:
            ok = trench_repairable(t, k, t.proc_arg == 0)
        elif t.proc == P_TRENCH:
            ok = trench_buildable(t, k, t.proc_arg == 0)
        else:
            ok = (t.trench_built >> k) & 1 and (not t.proc_arg or (t.trench_sabotaged >> k) & 1)
        if ok:
            out[n] = A_TRENCH + k
            n += 1
    return n


cdef void apply_trench(Baler* t, int a) noexcept nogil:
    cdef int k = a - A_TRENCH
    if a != A_DONE:
        if t.proc == P_REPAIR:
            if t.proc_arg == 0:
                t.supply[PHILIPPINES] += 1
            repair_trench(t, k)
        elif t.proc == P_TRENCH:
            if t.proc_arg:
                t.supply[PHILIPPINES] -= 1
            t.trench_built |= 1 << k
        else:
            t.trench_built &= ~(1 << k)
            t.trench_sabotaged &= ~(1 << k)
    finish(t)


# ---------------------------------------------------------------- dice of the procedures
cdef const int8_t* _takeover_table(const Baler* t) noexcept nogil:
    """The levels the walls lose for each face of the Takeover die, from the card (l.1151).
    The effect under way is the one before ev_k unless it repeats (events.pyx moves ev_k past
    an effect as its last repetition starts)."""
    cdef int k = t.ev_k - (1 if t.ev_rep == 0 else 0)
    return &t.sd.card[t.ev_card[t.ev_slot]][CARD_EFFECTS + (
        t.ev_part * EVENT_EFFECTS + k) * EFFECT_W + 1]


cdef void takeover(Baler* t, int face) noexcept nogil:
    """The walls lose the levels the card's table gives for the final face (l.1151)."""
    combat_rules.lower_walls(t, t.proc_n, _takeover_table(t)[min(face, DIE) - 1], False)


cdef void proc_die(Baler* t, int face) noexcept nogil:
    """A procedure's one-die outcome."""
    cdef int w = t.die_for
    cdef int side = t.actor
    if w == D4_SUPPLY:
        if side == SPAIN:       # l.1039-l.1042
            if face == 1:
                t.morale[SPAIN] = <int8_t>clamp6(t.morale[SPAIN] - 1)
            elif face >= 3:
                t.supply[SPAIN] = <int8_t>clamp6(t.supply[SPAIN] + (2 if face == 6 else 1))
        else:                   # l.1048-l.1054
            face += territorial_modifier(t)
            t.supply[PHILIPPINES] = <int8_t>clamp6(t.supply[PHILIPPINES] + filipino_supply_gain(face))
            if face >= 6 and t.supply_artillery and gun_placeable(t):
                t.node = N_ARTY     # option supply_artillery (l.1031)
                return
        finish(t)
    elif w == D4_TAKEOVER:
        if t.persistence and side == PHILIPPINES:
            t.proc_arg = <int8_t>face
            t.node = N_PERSIST
        else:
            takeover(t, face)
            finish(t)
    elif w == D4_TAKEOVER_REROLL:
        takeover(t, face)
        finish(t)
    elif w == D4_US_STRENGTH:   # l.476-l.478
        t.foreign_strength = 4 if face <= 3 else 5
        t.die_for = D4_US_STEPS
    elif w == D4_US_STEPS:      # l.479-l.482
        t.us_steps = 1 if face == 1 else (2 if face <= 4 else 3)
        t.node = N_US
    elif w == D4_US_SUPPORT:    # turns 4-6: a piece on 3-6 (l.1328)
        t.node = N_ARTY if face >= 3 else N_RETURN


cdef int legal_persist(const Baler* t, int* out) noexcept nogil:
    """Persistence on the Takeover die: pass, +1 or re-roll (l.1147, l.1153)."""
    cdef int n = 1
    out[0] = A_DONE
    if t.proc_arg < DIE:
        out[n] = A_MOD + MOD_PERSIST * 12 + t.proc_arg - 1
        n += 1
    out[n] = A_MOD + MOD_PERSIST * 12 + 6 + t.proc_arg - 1
    return n + 1


cdef int bot_persist(const Baler* t, int* actions, int n) noexcept nogil:
    """Persistence on the Takeover die as a bot considers it: only where a face the modifier
    can give brings the walls lower than the die as it stands (the card's table, l.1151; walls
    already Destroyed lose nothing more)."""
    cdef int8_t worth[DIE + 1]
    cdef const int8_t* row = _takeover_table(t)
    cdef int f, left = t.walls[t.proc_n] - WALLS_DESTROYED
    for f in range(1, DIE + 1):
        worth[f] = <int8_t>min(<int>row[f - 1], left)
    return combat_rules.useful_modifiers(worth, actions, n)


cdef void apply_persist(Baler* t, int a) noexcept nogil:
    if a == A_DONE:
        takeover(t, t.proc_arg)
        finish(t)
        return
    t.persistence = 0
    if (a - A_MOD) % 12 < 6:
        takeover(t, t.proc_arg + 1)
        finish(t)
    else:
        t.node = N_C_DIE
        t.die_for = D4_TAKEOVER_REROLL


# ---------------------------------------------------------------- artillery from the reserve
cdef int legal_arty(const Baler* t, int* out) noexcept nogil:
    cdef int a, n = 0
    for a in range(N_AREAS):
        if occupant(t, t.sd.artillery_post[a]) == EMPTY:
            out[n] = A_AREA + a
            n += 1
    return n


cdef void apply_arty(Baler* t, int a) noexcept nogil:
    move_unit(t, reserve_gun(t), t.sd.artillery_post[a - A_AREA])
    finish(t)


# ---------------------------------------------------------------- manning from the bag
cdef void man_next(Baler* t) noexcept nogil:
    """An event's manning: proc_n more soldiers drawn into empty guard posts (l.1219)."""
    if t.proc_n > 0 and empty_post(t, t.actor) and bag_count(t, t.actor) > 0:
        t.proc_n -= 1
        t.node = N_C_BAG
        t.die_for = BAG_EVENT_MAN
    else:
        finish(t)


cdef int legal_man(const Baler* t, int* out) noexcept nogil:
    """An empty guard post (or, in the Upkeep's second round, detachment space) for the
    soldier drawn."""
    cdef int s, n = 0
    cdef bint posts = t.die_for == BAG_EVENT_MAN or t.proc_arg == 0
    for s in range(t.sd.n_spaces):
        if occupant(t, s) != EMPTY:
            continue
        if (is_post(t, s, t.actor) if posts else soldier_space(t, s, t.actor)):
            out[n] = A_SPACE + s
            n += 1
    return n


cdef void apply_man(Baler* t, int a) noexcept nogil:
    move_unit(t, t.mv_unit, a - A_SPACE)
    if t.die_for == BAG_EVENT_MAN:
        man_next(t)
    else:
        t.node = N_PHASE
