# cython: language_level=3
"""Procedures that events and actions share: surveillance (l.1023), repair (l.1056), trench
sections (l.1131), removing a trench (card only, l.809), the Takeover attempt (l.1151),
the supply roll (l.1029-l.1054), heal (l.1105), movement and its sub-moves (l.969-l.1019)
with the leaders' command posts (l.1270-l.1330), the territorial map (deployment, advance,
combat, l.1332-l.1423), the US advance (l.474-l.484) and placing a reserve artillery piece
(US Support, l.1323). Each starts at N_PROC with Baler.proc set and returns to its caller."""
from libc.stdint cimport int8_t
from partisan.core.cards cimport count as popcount
from partisan.core.dice cimport (DicePool, DICE_MAX, FACES_MAX, multiset_outcomes, multiset_sample,
                                 multiset_unrank, pool_add, pool_choices, pool_count, pool_find,
                                 pool_reroll, pool_roll, pool_rolling, pool_start)
from partisan.core.rng cimport Rng
from partisan.core.bitset cimport ws_add, ws_has
from partisan.core.games.baler.table cimport (
    Baler, CARD_EFFECTS, CMD_MILITARY, DIE, EFFECT_W, EMPTY, EVENT_EFFECTS, F_COMBAT,
    F_MANPOWER, MAX_COMBAT_DICE, MOD_PERSIST, N_AREAS, N_BEDS, N_TRENCHES, PHILIPPINES, SPAIN,
    T_ARTILLERY, T_LEADER, T_SOLDIER, UNIT_WORDS, WALLS_DESTROYED, WALLS_INTACT, move_unit,
    occupant, score, unit_factor, unit_home, unit_rank, unit_side, unit_type)
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler.fight cimport sort_ints
from partisan.core.games.baler cimport combat as cb
from partisan.core.games.baler cimport infirmary, works

cdef enum:
    MARKERS = 4             # surveillance markers a side (l.1027)
    TRENCH_MANPOWER = 5     # l.1133
    ROLE_MEDICAL = 1
    ROLE_RELIGIOUS = 2
    CMD_LEADERSHIP = 1
    CMD_US_SUPPORT = 2
    MAX_STACK = 3           # the territorial stack (l.117)
    MANILA = 5
    BAG_CLASSES = 16        # (combat 0-3) x (manpower 0-3)


# ---------------------------------------------------------------- where units are
cdef inline int kind_of(const Baler* t, int space) noexcept nogil:
    return t.st.board.spaces[space].kind


cdef inline int side_of_space(const Baler* t, int space) noexcept nogil:
    return t.st.board.spaces[space].side


cdef bint is_post(const Baler* t, int space, int side) noexcept nogil:
    return kind_of(t, space) == t.st.guard_kind and side_of_space(t, space) == side


cdef bint in_detachment(const Baler* t, int space, int side) noexcept nogil:
    """A space of the side's detachment or barracks (l.131, l.151)."""
    cdef int k = kind_of(t, space)
    return (k == t.st.det_kind or k == t.st.bar_kind) and side_of_space(t, space) == side


cdef bint soldier_space(const Baler* t, int space, int side) noexcept nogil:
    """A detachment space a soldier may take: the Spanish soldier rows, the barracks."""
    if side == SPAIN:
        return t.st.detachment_first <= space <= t.st.detachment_last
    return t.st.barracks_first <= space <= t.st.barracks_last


cdef inline int bag_class(const Baler* t, int c) noexcept nogil:
    """A soldier's (combat, manpower) class; components.pyx checks both factors are 0-3."""
    return unit_factor(t, c, F_COMBAT) * 4 + unit_factor(t, c, F_MANPOWER)


cdef int bag_count(const Baler* t, int side) noexcept nogil:
    cdef int c, n = 0
    for c in range(t.st.n_units):
        if t.at[c] == t.st.bag[side]:
            n += 1
    return n


cdef int bag_outcomes(const Baler* t, int* out, double* probs) noexcept nogil:
    """A soldier drawn at random from the actor's bag (l.986). Soldiers alike in combat and
    manpower factors are alike to every rule, so the draw is one outcome per (combat,
    manpower) class, named by the class's first soldier in the bag and weighted by how many
    the class has there."""
    cdef int first[BAG_CLASSES]
    cdef int count[BAG_CLASSES]
    cdef int c, k, n = 0, total = 0
    for k in range(BAG_CLASSES):
        first[k] = EMPTY
        count[k] = 0
    for c in range(t.st.n_units):
        if t.at[c] == t.st.bag[t.actor]:
            k = bag_class(t, c)
            if first[k] == EMPTY:
                first[k] = c
            count[k] += 1
            total += 1
    for c in range(t.st.n_units):      # in counter order, as the draws by unit were
        if t.at[c] == t.st.bag[t.actor] and first[bag_class(t, c)] == c:
            out[n] = C_UNIT + c
            probs[n] = count[bag_class(t, c)] / <double>total
            n += 1
    return n


cdef bint empty_post(const Baler* t, int side) noexcept nogil:
    cdef int s
    for s in range(t.st.n_spaces):
        if is_post(t, s, side) and occupant(t, s) == EMPTY:
            return True
    return False


cdef void displace(Baler* t, int space) noexcept nogil:
    """Make room: a soldier goes to the bag, a leader to his detachment space (l.982)."""
    cdef int c = occupant(t, space)
    if c == EMPTY:
        return
    if unit_type(t, c) == T_LEADER:
        move_unit(t, c, unit_home(t, c))
    else:
        move_unit(t, c, t.st.bag[unit_side(t, c)])


# ---------------------------------------------------------------- availability
cdef bint can_surveil(const Baler* t, int side) noexcept nogil:
    return popcount(t.surveillance[side]) < MARKERS


cdef bint walls_repairable(const Baler* t, int area, int free) noexcept nogil:
    return (t.walls[area] != WALLS_DESTROYED and t.walls[area] != WALLS_INTACT
            and (free or t.supply[SPAIN] >= 1)
            and works.manpower(t, area, SPAIN) >= works.REPAIR_MANPOWER_SPAIN)


cdef bint trench_repairable(const Baler* t, int tr, int free) noexcept nogil:
    return ((t.trench_sabotaged >> tr) & 1 and (free or t.supply[PHILIPPINES] >= 1)
            and works.manpower(t, tr // 2, PHILIPPINES) >= works.REPAIR_MANPOWER_PHILIPPINES)


cdef int flank_manpower(const Baler* t, int tr) noexcept nogil:
    """Manpower of the Filipino units in the guard posts beside the trench (map.toml
    adjacency, RULES.md reading 16)."""
    cdef int i, s, c, m = 0
    cdef int space = t.st.trench[tr]
    cdef int first = t.st.board.spaces[space].first_edge
    for i in range(first, first + t.st.board.spaces[space].n_edges):
        s = t.st.board.edges[i]
        if is_post(t, s, PHILIPPINES):
            c = occupant(t, s)
            if c != EMPTY:
                m += unit_factor(t, c, 1)
    return m


cdef bint trench_buildable(const Baler* t, int tr, int free) noexcept nogil:
    """An empty trench space, supply to spend, 5 manpower on the flanking posts (or in the
    whole area under trench_manpower=area, RULES.md reading 16)."""
    return (not (t.trench_built >> tr) & 1 and (free or t.supply[PHILIPPINES] >= 1)
            and (works.manpower(t, tr // 2, PHILIPPINES) if t.trench_area
                 else flank_manpower(t, tr)) >= TRENCH_MANPOWER)


cdef bint repair_possible(const Baler* t, int side, int free) noexcept nogil:
    cdef int k
    for k in range(N_TRENCHES if side == PHILIPPINES else N_AREAS):
        if (trench_repairable(t, k, free) if side == PHILIPPINES else walls_repairable(t, k, free)):
            return True
    return False


cdef bint trench_possible(const Baler* t, int free) noexcept nogil:
    cdef int k
    for k in range(N_TRENCHES):
        if trench_buildable(t, k, free):
            return True
    return False


cdef int wounded(const Baler* t) noexcept nogil:
    cdef int b, n = 0
    for b in range(1, N_BEDS + 1):
        if infirmary.bed_occupant(t, b) != EMPTY:
            n += 1
    return n


cdef int reserve_gun(const Baler* t) noexcept nogil:
    cdef int c
    for c in range(t.st.artillery_first, t.st.artillery_last + 1):
        if t.at[c] == t.st.reserve:
            return c
    return EMPTY


cdef bint gun_placeable(const Baler* t) noexcept nogil:
    cdef int a
    if reserve_gun(t) == EMPTY:
        return False
    for a in range(N_AREAS):
        if occupant(t, t.st.artillery_post[a]) == EMPTY:
            return True
    return False


# ---------------------------------------------------------------- starting a procedure
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
        works.repair_walls(t, area)
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
            works.repair_trench(t, k)
        elif t.proc == P_TRENCH:
            if t.proc_arg:
                t.supply[PHILIPPINES] -= 1
            t.trench_built |= 1 << k
        else:
            t.trench_built &= ~(1 << k)
            t.trench_sabotaged &= ~(1 << k)
    finish(t)


# ---------------------------------------------------------------- dice of the procedures
cdef void takeover(Baler* t, int face) noexcept nogil:
    """The card's table gives the levels lost for the final face (l.1151). The effect under
    way is the one before ev_k unless it repeats (events.pyx moves ev_k past an effect as its
    last repetition starts)."""
    cdef int k = t.ev_k - (1 if t.ev_rep == 0 else 0)
    cdef const int8_t* row = &t.st.card[t.ev_card[t.ev_slot]][CARD_EFFECTS + (
        t.ev_part * EVENT_EFFECTS + k) * EFFECT_W + 1]
    cb.lower_walls(t, t.proc_n, row[min(face, DIE) - 1], False)


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
            t.supply[PHILIPPINES] = <int8_t>clamp6(
                t.supply[PHILIPPINES] + (1 if face <= 2 else (2 if face <= 5 else 3)))
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


cdef int territorial_modifier(const Baler* t) noexcept nogil:
    """-1 at Baler, 0, +1, +2 (l.450, l.1048); no troops on the map: as at Baler, or 0 under
    no_troops_modifier=0 (RULES.md reading 14)."""
    return t.terr_space - 2 if t.terr_space > 0 else t.no_troops_modifier


cdef int legal_persist(const Baler* t, int* out) noexcept nogil:
    """Persistence on the Takeover die: pass, +1 or re-roll (l.1147, l.1153)."""
    cdef int n = 1
    out[0] = A_DONE
    if t.proc_arg < DIE:
        out[n] = A_MOD + MOD_PERSIST * 12 + t.proc_arg - 1
        n += 1
    out[n] = A_MOD + MOD_PERSIST * 12 + 6 + t.proc_arg - 1
    return n + 1


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


# ---------------------------------------------------------------- heal
cdef int first_free_soldier_space(const Baler* t, int side) noexcept nogil:
    cdef int s
    cdef int lo = t.st.detachment_first if side == SPAIN else t.st.barracks_first
    cdef int hi = t.st.detachment_last if side == SPAIN else t.st.barracks_last
    for s in range(lo, hi + 1):
        if occupant(t, s) == EMPTY:
            return s
    return EMPTY


cdef int legal_heal(const Baler* t, int* out) noexcept nogil:
    """The two lowest beds, or one wounded of the player's choice (l.1107-l.1113); the
    medical leader heals one of choice (l.963)."""
    cdef int b, n = 0
    if t.proc == P_HEAL and t.proc_arg != 2:
        out[n] = A_ACT + ACT_HEAL_TWO
        n += 1
    if t.proc == P_MEDIC or t.proc_arg != 1:
        for b in range(1, N_BEDS + 1):
            if infirmary.bed_occupant(t, b) != EMPTY:
                out[n] = A_BED + b - 1
                n += 1
    sort_ints(out, n)
    return n


cdef void apply_heal(Baler* t, int a) noexcept nogil:
    """A healed leader goes home; a healed soldier to a free detachment space of Spain's
    choice (the bag if none, the space itself if only one is free; l.1113)."""
    cdef int bed = a - A_BED + 1
    cdef int c
    if a == A_ACT + ACT_HEAL_TWO:
        infirmary.heal_two(t)
    else:
        c = infirmary.bed_occupant(t, bed)
        if unit_type(t, c) == T_SOLDIER and legal_heal_dest(t, NULL) > 1:
            t.heal_bed = <int8_t>bed
            t.node = N_HEAL_DEST
            return
        infirmary.heal_one(t, bed, EMPTY if unit_type(t, c) == T_LEADER
                           else first_free_soldier_space(t, SPAIN))
    finish(t)


cdef int legal_heal_dest(const Baler* t, int* out) noexcept nogil:
    """The free Spanish detachment soldier spaces (out may be NULL: only count them)."""
    cdef int s, n = 0
    for s in range(t.st.detachment_first, t.st.detachment_last + 1):
        if occupant(t, s) == EMPTY:
            if out != NULL:
                out[n] = A_SPACE + s
            n += 1
    return n


cdef void apply_heal_dest(Baler* t, int a) noexcept nogil:
    infirmary.heal_one(t, t.heal_bed, a - A_SPACE)
    finish(t)


# ---------------------------------------------------------------- movement
cdef bint _leader_can_command(const Baler* t, int c, int space) noexcept nogil:
    """A leader from the detachment to an empty command post: a Spanish leader only to his
    type's post (l.1008); never while disabled (l.1229)."""
    cdef int side = unit_side(t, c)
    if occupant(t, space) != EMPTY or ws_has(t.disabled, UNIT_WORDS, c):
        return False
    if side == SPAIN:
        return t.st.board.spaces[space].role == t.st.units.counters[c].role
    return True


cdef bint in_reserve(const Baler* t, int c) noexcept nogil:
    """A leader kept face up in a non-military command post at the Leaders step ("Reserve",
    l.1236): one that entered this turn is exhausted at once (l.1012)."""
    cdef int s = t.at[c]
    return (kind_of(t, s) == t.st.cmd_kind and s != t.st.command[unit_side(t, c)][CMD_MILITARY]
            and not ws_has(t.exhausted, UNIT_WORDS, c))


cdef bint movable(const Baler* t, int c) noexcept nogil:
    """A unit of the actor that a sub-move may take: in the detachment or barracks, on a
    guard post, (Filipino) an artillery piece with an empty post in another area, or a
    leader in reserve, whose sub-move uses him where he stands."""
    cdef int s = t.at[c]
    cdef int a
    if unit_side(t, c) != t.actor:
        return False
    if unit_type(t, c) == T_LEADER and in_reserve(t, c):
        return True
    if unit_type(t, c) == T_ARTILLERY:
        if kind_of(t, s) != kind_of(t, t.st.artillery_post[0]):
            return False
        for a in range(N_AREAS):
            if occupant(t, t.st.artillery_post[a]) == EMPTY:
                return True
        return False
    return in_detachment(t, s, t.actor) or is_post(t, s, t.actor)


cdef int legal_move(const Baler* t, int* out) noexcept nogil:
    cdef int c, n = 0
    cdef int side = t.actor
    out[n] = A_DONE
    n += 1
    for c in range(t.st.n_units):
        if movable(t, c) and (in_reserve(t, c) or can_move(t, c)):
            out[n] = A_UNIT + c
            n += 1
    if bag_count(t, side) > 0:
        out[n] = A_ACT + ACT_BAG
        n += 1
    if side == PHILIPPINES and t.mv_left >= 2:      # a complete movement action (l.1016)
        if stack_size(t) < MAX_STACK and deployable(t):
            out[n] = A_ACT + ACT_DEPLOY
            n += 1
        if t.terr_space > 0 and t.terr_space < min(<int>t.foreign_space, MANILA - 1):
            out[n] = A_ACT + ACT_ADVANCE
            n += 1
    sort_ints(out, n)
    return n


cdef void apply_move(Baler* t, int a) noexcept nogil:
    if a == A_DONE:
        finish(t)
    elif a == A_ACT + ACT_BAG:
        t.node = N_C_BAG
        t.die_for = BAG_MOVE
    elif a == A_ACT + ACT_DEPLOY:
        t.mv_left = 0
        t.proc_n = 0
        t.node = N_TDEPLOY
    elif a == A_ACT + ACT_ADVANCE:
        t.mv_left = 0
        t.node = N_TADVANCE
    elif in_reserve(t, a - A_UNIT):
        # "ready to be used in the next turn by using a movement action" (l.1236): the
        # sub-move acts as if the leader had just entered his post
        t.mv_left -= 1
        t.node = N_MOVING
        command_effect(t, a - A_UNIT, t.at[a - A_UNIT])
    else:
        t.mv_unit = a - A_UNIT
        t.mv_from_bag = 0
        t.node = N_MOVE_DEST


cdef void apply_bag(Baler* t, int c) noexcept nogil:
    """A soldier drawn from a bag, for what die_for says."""
    if t.die_for == BAG_MOVE:
        t.mv_unit = c
        t.mv_from_bag = 1
        t.node = N_MOVE_DEST
    elif t.die_for == BAG_DEPLOY:
        move_unit(t, c, t.st.territory[deploy_space(t)])
        t.terr_space = <int8_t>deploy_space(t)
        t.proc_n += 1
        t.node = N_TDEPLOY
    else:       # BAG_MAN, BAG_EVENT_MAN: the unit waits for its post
        t.mv_unit = c
        t.node = N_MAN


cdef int legal_move_dest(const Baler* t, int* out) noexcept nogil:
    return move_dests(t, t.mv_unit, t.mv_from_bag, out)


cdef bint _dest_ok(const Baler* t, int c, bint from_bag, bint from_post, int s) noexcept nogil:
    """Whether unit `c` (drawn from the bag if `from_bag`) may move to space `s`."""
    cdef int side = t.actor
    if s == t.at[c]:
        return False
    if unit_type(t, c) == T_ARTILLERY:
        return kind_of(t, s) == kind_of(t, t.st.artillery_post[0]) and occupant(t, s) == EMPTY
    if is_post(t, s, side):
        return not from_post or t.post_to_empty or occupant(t, s) != EMPTY
    if from_bag:
        return soldier_space(t, s, side)
    if kind_of(t, s) == t.st.cmd_kind and side_of_space(t, s) == side:
        return unit_type(t, c) == T_LEADER and not from_post and _leader_can_command(t, c, s)
    return False


cdef bint can_move(const Baler* t, int c) noexcept nogil:
    """A unit on the board has somewhere to go: one offered for a move must, or the mover would
    be left without a legal action (a lone guard-post unit under post_to_empty=False)."""
    cdef bint from_post = is_post(t, t.at[c], t.actor)
    cdef int s
    for s in range(t.st.n_spaces):
        if _dest_ok(t, c, False, from_post, s):
            return True
    return False


cdef int move_dests(const Baler* t, int c, bint from_bag, int* out) noexcept nogil:
    """Where unit `c` (drawn from the bag if `from_bag`) may move."""
    cdef bint from_post = is_post(t, t.at[c], t.actor)
    cdef int s, n = 0
    for s in range(t.st.n_spaces):
        if _dest_ok(t, c, from_bag, from_post, s):
            out[n] = A_SPACE + s
            n += 1
    if from_bag:
        out[n] = A_ACT + ACT_TO_BAG
        n += 1
        sort_ints(out, n)
    return n


cdef void apply_move_dest(Baler* t, int a) noexcept nogil:
    cdef int c = t.mv_unit
    cdef int side = t.actor
    cdef int here = t.at[c]
    cdef int s = a - A_SPACE
    cdef int other
    t.mv_left -= 1
    t.node = N_MOVING
    if a == A_ACT + ACT_TO_BAG:
        return
    other = occupant(t, s)
    if is_post(t, here, side) and other != EMPTY and is_post(t, s, side):
        move_unit(t, c, s)          # a swap of two guard posts (l.994)
        move_unit(t, other, here)
    elif kind_of(t, s) == t.st.cmd_kind:
        move_unit(t, c, s)
        command_effect(t, c, s)
    else:
        displace(t, s)
        move_unit(t, c, s)


cdef void command_effect(Baler* t, int c, int s) noexcept nogil:
    """A leader entering a non-military command post is exhausted and acts at once
    (l.1012, l.1284-l.1330)."""
    cdef int side = unit_side(t, c)
    if s == t.st.command[side][CMD_MILITARY]:
        return
    ws_add(t.exhausted, UNIT_WORDS, c)
    if side == SPAIN:
        if t.st.units.counters[c].role == ROLE_MEDICAL:
            t.proc = P_MEDIC
            call(t, N_PROC, t.node)
        else:
            t.morale[SPAIN] = <int8_t>clamp6(t.morale[SPAIN] + (
                2 if c == t.st.carreno and t.turn <= 3 else 1))
    elif s == t.st.command[PHILIPPINES][CMD_LEADERSHIP]:
        t.morale[PHILIPPINES] = <int8_t>clamp6(t.morale[PHILIPPINES] + (2 if unit_rank(t, c) >= 3 else 1))
    else:
        t.proc = P_ARTILLERY
        call(t, N_PROC, t.node)


cdef void moving_next(Baler* t) noexcept nogil:
    t.node = N_MOVE if t.mv_left > 0 else N_RETURN


# ---------------------------------------------------------------- artillery from the reserve
cdef int legal_arty(const Baler* t, int* out) noexcept nogil:
    cdef int a, n = 0
    for a in range(N_AREAS):
        if occupant(t, t.st.artillery_post[a]) == EMPTY:
            out[n] = A_AREA + a
            n += 1
    return n


cdef void apply_arty(Baler* t, int a) noexcept nogil:
    move_unit(t, reserve_gun(t), t.st.artillery_post[a - A_AREA])
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
    for s in range(t.st.n_spaces):
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


# ---------------------------------------------------------------- the territorial map
cdef int stack_size(const Baler* t) noexcept nogil:
    cdef int c, n = 0
    if t.terr_space == 0:
        return 0
    for c in range(t.st.n_units):
        if t.at[c] == t.st.territory[t.terr_space]:
            n += 1
    return n


cdef int stack_strength(const Baler* t) noexcept nogil:
    cdef int c, n = 0
    if t.terr_space == 0:
        return 0
    for c in range(t.st.n_units):
        if t.at[c] == t.st.territory[t.terr_space] and not ws_has(t.disabled, UNIT_WORDS, c):
            n += unit_factor(t, c, F_COMBAT)
    return n


cdef int deploy_space(const Baler* t) noexcept nogil:
    """The occupied space, or the one before the foreign power (l.1368)."""
    return t.terr_space if t.terr_space > 0 else t.foreign_space - 1


cdef bint deploy_unit_ok(const Baler* t, int c) noexcept nogil:
    """Soldiers from the barracks; leaders from their detachment spaces if the option allows
    (RULES.md reading 4); never artillery (l.1371)."""
    cdef int k = unit_type(t, c)
    if unit_side(t, c) != PHILIPPINES or not in_detachment(t, t.at[c], PHILIPPINES):
        return False
    return k == T_SOLDIER or (k == T_LEADER and t.terr_leaders)


cdef bint deployable(const Baler* t) noexcept nogil:
    cdef int c
    if bag_count(t, PHILIPPINES) > 0:
        return True
    for c in range(t.st.n_units):
        if deploy_unit_ok(t, c):
            return True
    return False


cdef int legal_tdeploy(const Baler* t, int* out) noexcept nogil:
    cdef int c, n = 0
    out[n] = A_DONE
    n += 1
    if stack_size(t) >= MAX_STACK or t.proc_n >= MAX_STACK:
        return n
    for c in range(t.st.n_units):
        if deploy_unit_ok(t, c):
            out[n] = A_UNIT + c
            n += 1
    if bag_count(t, PHILIPPINES) > 0:
        out[n] = A_ACT + ACT_BAG
        n += 1
    sort_ints(out, n)
    return n


cdef void apply_tdeploy(Baler* t, int a) noexcept nogil:
    if a == A_DONE:
        t.node = N_MOVING
    elif a == A_ACT + ACT_BAG:
        t.node = N_C_BAG
        t.die_for = BAG_DEPLOY
    else:
        move_unit(t, a - A_UNIT, t.st.territory[deploy_space(t)])
        t.terr_space = <int8_t>deploy_space(t)
        t.proc_n += 1


cdef int legal_tadvance(const Baler* t, int* out) noexcept nogil:
    """Towards Manila, never into it; entering the foreign power's space stops (l.1372, l.1374)."""
    cdef int k, n = 0
    for k in range(t.terr_space + 1, min(<int>t.foreign_space, MANILA - 1) + 1):
        out[n] = A_SPACE + t.st.territory[k]
        n += 1
    sort_ints(out, n)
    return n


cdef void move_stack(Baler* t, int to) noexcept nogil:
    cdef int c
    if t.terr_space == 0 or to == t.terr_space:
        return
    for c in range(t.st.n_units):
        if t.at[c] == t.st.territory[t.terr_space]:
            move_unit(t, c, t.st.territory[to])
    t.terr_space = <int8_t>to


cdef void apply_tadvance(Baler* t, int a) noexcept nogil:
    cdef int k = t.st.board.spaces[a - A_SPACE].number
    if k == t.foreign_space:
        t.terr_attacker = PHILIPPINES
        t.terr_from = t.terr_space
        t.terr_stage = 0
        call(t, N_TFIGHT, N_MOVING)
    else:
        move_stack(t, k)
        t.node = N_MOVING


cdef int tdice_count(const Baler* t, int side) noexcept nogil:
    """Dice equal to the combat strength, never more than five (l.1394): the foreign power
    3 (Spain) or the US counter's 4/5; the Filipinos their stack's factors."""
    cdef int s = stack_strength(t) if side == PHILIPPINES else (t.foreign_strength if t.us_power else 3)
    return min(s, MAX_COMBAT_DICE)


cdef void tfight_step(Baler* t) noexcept nogil:
    """Attacker rolls and modifies, then the defender (l.1394-l.1396); only Filipino dice
    take (morale) modifiers, and the foreign power's Spanish morale under foreign_morale
    (RULES.md reading 2)."""
    cdef int side
    while True:
        side = t.terr_attacker if t.terr_stage < 2 else 1 - t.terr_attacker
        if t.terr_stage == 0 or t.terr_stage == 2:
            if t.terr_stage == 0:
                t.tmod_used = 0
            t.terr_stage += 1
            pool_start(&t.tdice[side], 0, DIE)
            if tdice_count(t, side) > 0:
                t.node = N_C_TROLL
                t.actor = <int8_t>side
                return
        elif t.terr_stage == 1 or t.terr_stage == 3:
            if pool_rolling(&t.tdice[side]) >= 0:
                t.node = N_C_DIE
                t.die_for = D4_TREROLL
                t.actor = <int8_t>side
                return
            if _tmod_allowed(t, side):
                t.node = N_TMOD
                t.actor = <int8_t>side
                return
            t.terr_stage += 1
        else:
            tfight_result(t)
            return


cdef bint _tmod_allowed(const Baler* t, int side) noexcept nogil:
    """Morale left, a die not yet modified; Spain only under foreign_morale; one use per
    side and combat under territorial_morale=once (RULES.md readings 2 and 5)."""
    cdef int vals[DICE_MAX]
    if side == SPAIN and not t.foreign_morale:
        return False
    if t.morale[side] <= 0 or (t.terr_morale_once and (t.tmod_used >> side) & 1):
        return False
    return pool_choices(&t.tdice[side], vals) > 0


cdef int troll_outcomes(const Baler* t, int* out, double* probs) noexcept nogil:
    return multiset_outcomes(tdice_count(t, t.actor), DIE, C_ROLL, out, probs)


cdef int troll_sample(const Baler* t, Rng* rng) noexcept nogil:
    return C_ROLL + multiset_sample(tdice_count(t, t.actor), DIE, rng)


cdef void apply_troll(Baler* t, int rank) noexcept nogil:
    cdef int8_t counts[FACES_MAX]
    cdef int k = tdice_count(t, t.actor)
    cdef int f, m, i = 0
    multiset_unrank(rank, k, DIE, counts)
    pool_start(&t.tdice[t.actor], k, DIE)
    for f in range(DIE):
        for m in range(counts[f]):
            pool_roll(&t.tdice[t.actor], f + 1)
    t.node = N_TFIGHT


cdef int legal_tmod(const Baler* t, int* out) noexcept nogil:
    """Each morale level +1 or re-rolls one of the actor's dice, each die once (RULES.md
    reading 5)."""
    cdef int vals[DICE_MAX]
    cdef int nv = pool_choices(&t.tdice[t.actor], vals)
    cdef int i, n = 1
    out[0] = A_DONE
    for i in range(nv):
        if vals[i] < DIE:
            out[n] = A_MOD + vals[i] - 1
            n += 1
    for i in range(nv):
        out[n] = A_MOD + 6 + vals[i] - 1
        n += 1
    return n


cdef void apply_tmod(Baler* t, int a) noexcept nogil:
    cdef int code = a - A_MOD
    cdef DicePool* p = &t.tdice[t.actor]
    t.node = N_TFIGHT
    if a == A_DONE:
        t.terr_stage += 1
        return
    t.morale[t.actor] -= 1
    t.tmod_used |= 1 << t.actor
    if code < 6:
        pool_add(p, pool_find(p, code + 1), 1)
    else:
        pool_reroll(p, pool_find(p, code - 6 + 1))


cdef void apply_treroll(Baler* t, int face) noexcept nogil:
    pool_roll(&t.tdice[t.actor], face)
    t.node = N_TFIGHT


cdef void tfight_result(Baler* t) noexcept nogil:
    """l.1400-l.1409. The Filipinos' own space is terr_space until the result (they stop
    on entering the enemy's space); terr_from is where the US came from when it attacked."""
    cdef int phil = pool_count(&t.tdice[PHILIPPINES], 5, 99)
    cdef int foreign = pool_count(&t.tdice[SPAIN], 5, 99)
    cdef int target = t.foreign_space if t.terr_attacker == PHILIPPINES else t.terr_space
    if foreign > phil:
        if t.us_power:
            if _us_occupies(t):
                t.foreign_space = <int8_t>t.terr_space
            t.node = N_TLOSS if stack_size(t) > 0 else N_RETURN
            if t.node == N_RETURN:
                _retreat(t)
            t.actor = PHILIPPINES
            return
    elif foreign < phil:
        if t.terr_attacker == PHILIPPINES:
            t.foreign_space = <int8_t>min(<int>t.foreign_space + 1, <int>MANILA)
            move_stack(t, target)
    finish(t)


cdef bint _us_occupies(const Baler* t) noexcept nogil:
    """A US win: "the US counter occupies the space previously occupied by the Filipinos"
    (l.1404), the one they attacked from when they were the movers, unless that is Baler,
    which the US never enters (l.1361); under us_repulse=stay it holds its own space then."""
    if t.terr_attacker == SPAIN:
        return True
    return not t.us_repulse_stays and t.terr_space > 1


cdef void _retreat(Baler* t) noexcept nogil:
    if stack_size(t) == 0:
        t.terr_space = 0
    else:
        move_stack(t, max(1, t.terr_space - 1))


cdef int legal_tloss(const Baler* t, int* out) noexcept nogil:
    cdef int c, n = 0
    for c in range(t.st.n_units):
        if t.at[c] == t.st.territory[t.terr_space]:
            out[n] = A_UNIT + c
            n += 1
    return n


cdef void apply_tloss(Baler* t, int a) noexcept nogil:
    """A unit of their choice lost to the US: a soldier to the bag, a leader to his
    detachment space; then the stack retreats towards Baler (l.1404)."""
    cdef int c = a - A_UNIT
    move_unit(t, c, unit_home(t, c) if unit_type(t, c) == T_LEADER else t.st.bag[PHILIPPINES])
    _retreat(t)
    finish(t)


cdef void us_next(Baler* t) noexcept nogil:
    """One step at a time towards Baler, never into it (l.484, l.1361); entering the
    Filipinos' space is a combat, after which the US goes on with its steps (l.1384)."""
    cdef int to
    if t.us_steps <= 0 or t.foreign_space - 1 < 2:
        finish(t)
        return
    t.us_steps -= 1
    to = t.foreign_space - 1
    if t.terr_space == to:
        t.terr_attacker = SPAIN
        t.terr_from = t.foreign_space
        t.terr_stage = 0
        call(t, N_TFIGHT, N_US)
    else:
        t.foreign_space = <int8_t>to
