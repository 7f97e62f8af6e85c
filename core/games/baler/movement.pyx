# cython: language_level=3
"""Movement (l.969-l.1019): sub-moves of units between the detachment or barracks, the guard
posts and the command posts, draws from the bag, and the leaders' command posts
(l.1270-l.1330). A Filipino movement may instead deploy or advance on the territorial map
(territory.pyx)."""
from libc.stdint cimport int8_t
from partisan.core.bitset cimport ws_add, ws_has
from partisan.core.games.baler.table cimport (
    Baler, CMD_MILITARY, CMD_SECOND, EMPTY, N_AREAS, PHILIPPINES, SPAIN, T_ARTILLERY, T_LEADER, UNIT_WORDS,
    move_unit, occupant, unit_rank, unit_side, unit_type)
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler.spaces cimport (
    bag_count, displace, in_detachment, is_post, kind_of, side_of_space, soldier_space)
from partisan.core.games.baler.territory cimport (
    MANILA, MAX_STACK, deploy_space, deployable, stack_size)

cdef enum:
    ROLE_MEDICAL = 1


cdef bint _leader_can_command(const Baler* t, int c, int space) noexcept nogil:
    """A leader from the detachment to an empty command post: a Spanish leader only to his
    type's post (l.1008); never while disabled (l.1229)."""
    cdef int side = unit_side(t, c)
    if occupant(t, space) != EMPTY or ws_has(t.disabled, UNIT_WORDS, c):
        return False
    if side == SPAIN:
        return t.sd.board.spaces[space].role == t.sd.units.counters[c].role
    return True


cdef bint in_reserve(const Baler* t, int c) noexcept nogil:
    """A leader kept face up in a non-military command post at the Leaders step ("Reserve",
    l.1236): one that entered this turn is exhausted at once (l.1012)."""
    cdef int s = t.at[c]
    return (kind_of(t, s) == t.sd.cmd_kind and s != t.sd.command[unit_side(t, c)][CMD_MILITARY]
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
        if kind_of(t, s) != kind_of(t, t.sd.artillery_post[0]):
            return False
        for a in range(N_AREAS):
            if occupant(t, t.sd.artillery_post[a]) == EMPTY:
                return True
        return False
    return in_detachment(t, s, t.actor) or is_post(t, s, t.actor)


cdef int legal_move(const Baler* t, int* out) noexcept nogil:
    cdef int c, n = 0
    cdef int side = t.actor
    out[n] = A_DONE
    n += 1
    for c in range(t.sd.n_units):
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
        move_unit(t, c, t.sd.territory[deploy_space(t)])
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
        return kind_of(t, s) == kind_of(t, t.sd.artillery_post[0]) and occupant(t, s) == EMPTY
    if is_post(t, s, side):
        return not from_post or t.post_to_empty or occupant(t, s) != EMPTY
    if from_bag:
        return soldier_space(t, s, side)
    if kind_of(t, s) == t.sd.cmd_kind and side_of_space(t, s) == side:
        return unit_type(t, c) == T_LEADER and not from_post and _leader_can_command(t, c, s)
    return False


cdef bint can_move(const Baler* t, int c) noexcept nogil:
    """A unit on the board has somewhere to go: one offered for a move must, or the mover would
    be left without a legal action (a lone guard-post unit under post_to_empty=False)."""
    cdef bint from_post = is_post(t, t.at[c], t.actor)
    cdef int s
    for s in range(t.sd.n_spaces):
        if _dest_ok(t, c, False, from_post, s):
            return True
    return False


cdef int move_dests(const Baler* t, int c, bint from_bag, int* out) noexcept nogil:
    """Where unit `c` (drawn from the bag if `from_bag`) may move."""
    cdef bint from_post = is_post(t, t.at[c], t.actor)
    cdef int s, n = 0
    for s in range(t.sd.n_spaces):
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
    elif kind_of(t, s) == t.sd.cmd_kind:
        move_unit(t, c, s)
        command_effect(t, c, s)
    else:
        displace(t, s)
        move_unit(t, c, s)


cdef void command_effect(Baler* t, int c, int s) noexcept nogil:
    """A leader entering a non-military command post is exhausted and acts at once
    (l.1012, l.1284-l.1330)."""
    cdef int side = unit_side(t, c)
    if s == t.sd.command[side][CMD_MILITARY]:
        return
    ws_add(t.exhausted, UNIT_WORDS, c)
    if side == SPAIN:
        if t.sd.units.counters[c].role == ROLE_MEDICAL:
            t.proc = P_MEDIC
            call(t, N_PROC, t.node)
        else:
            t.morale[SPAIN] = <int8_t>clamp6(t.morale[SPAIN] + (
                2 if c == t.sd.carreno and t.turn <= 3 else 1))
    elif s == t.sd.command[PHILIPPINES][CMD_SECOND]:
        t.morale[PHILIPPINES] = <int8_t>clamp6(t.morale[PHILIPPINES] + (2 if unit_rank(t, c) >= 3 else 1))
    else:
        t.proc = P_ARTILLERY
        call(t, N_PROC, t.node)


cdef void moving_next(Baler* t) noexcept nogil:
    t.node = N_MOVE if t.mv_left > 0 else N_RETURN
