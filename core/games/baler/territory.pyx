# cython: language_level=3
"""The territorial map (l.1332-l.1423): the Filipino stack's deployment and advance, the
territorial combat with its own dice and morale modifiers, and the US advance (l.474-l.484)."""
from libc.stdint cimport int8_t
from partisan.core.dice cimport (
    DicePool, DICE_MAX, FACES_MAX, multiset_outcomes, multiset_sample, multiset_unrank,
    pool_add, pool_choices, pool_count, pool_find, pool_reroll, pool_roll, pool_rolling,
    pool_start)
from partisan.core.rng cimport Rng
from partisan.core.bitset cimport ws_has
from partisan.core.games.baler.table cimport (
    Baler, DIE, F_COMBAT, MAX_COMBAT_DICE, PHILIPPINES, SPAIN, T_LEADER, T_SOLDIER, TERR_SUCCESS,
    TS_ATTACKER, TS_DEFENDER, UNIT_WORDS, move_unit, unit_factor, unit_home, unit_side, unit_type)
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler cimport combat_rules
from partisan.core.games.baler.spaces cimport bag_count, in_detachment


cdef int territorial_modifier(const Baler* t) noexcept nogil:
    return space_modifier(t, t.terr_space)


cdef int stack_size(const Baler* t) noexcept nogil:
    cdef int c, n = 0
    if t.terr_space == 0:
        return 0
    for c in range(t.sd.n_units):
        if t.at[c] == t.sd.territory[t.terr_space]:
            n += 1
    return n


cdef int stack_strength(const Baler* t) noexcept nogil:
    cdef int c, n = 0
    if t.terr_space == 0:
        return 0
    for c in range(t.sd.n_units):
        if t.at[c] == t.sd.territory[t.terr_space] and not ws_has(t.disabled, UNIT_WORDS, c):
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
    for c in range(t.sd.n_units):
        if deploy_unit_ok(t, c):
            return True
    return False


cdef int legal_tdeploy(const Baler* t, int* out) noexcept nogil:
    cdef int c, n = 0
    out[n] = A_DONE
    n += 1
    if stack_size(t) >= MAX_STACK or t.proc_n >= MAX_STACK:
        return n
    for c in range(t.sd.n_units):
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
        move_unit(t, a - A_UNIT, t.sd.territory[deploy_space(t)])
        t.terr_space = <int8_t>deploy_space(t)
        t.proc_n += 1


cdef int legal_tadvance(const Baler* t, int* out) noexcept nogil:
    """Towards Manila, never into it; entering the foreign power's space stops (l.1372, l.1374)."""
    cdef int k, n = 0
    for k in range(t.terr_space + 1, min(<int>t.foreign_space, MANILA - 1) + 1):
        out[n] = A_SPACE + t.sd.territory[k]
        n += 1
    sort_ints(out, n)
    return n


cdef void move_stack(Baler* t, int to) noexcept nogil:
    cdef int c
    if t.terr_space == 0 or to == t.terr_space:
        return
    for c in range(t.sd.n_units):
        if t.at[c] == t.sd.territory[t.terr_space]:
            move_unit(t, c, t.sd.territory[to])
    t.terr_space = <int8_t>to


cdef void apply_tadvance(Baler* t, int a) noexcept nogil:
    cdef int k = t.sd.board.spaces[a - A_SPACE].number
    if k == t.foreign_space:
        t.terr_attacker = PHILIPPINES
        t.terr_from = t.terr_space
        t.terr_stage = TS_ATTACKER
        call(t, N_TFIGHT, N_MOVING)
    else:
        move_stack(t, k)
        t.node = N_MOVING


# ---------------------------------------------------------------- the territorial combat
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
        side = t.terr_attacker if t.terr_stage < TS_DEFENDER else 1 - t.terr_attacker
        if t.terr_stage == TS_ATTACKER or t.terr_stage == TS_DEFENDER:
            if t.terr_stage == TS_ATTACKER:
                t.tmod_used = 0
            t.terr_stage += 1
            pool_start(&t.tdice[side], 0, DIE)
            if tdice_count(t, side) > 0:
                t.node = N_C_TROLL
                t.actor = <int8_t>side
                return
        elif t.terr_stage == TS_ATTACKER + 1 or t.terr_stage == TS_DEFENDER + 1:
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


cdef int bot_tmod(const Baler* t, int* actions, int n) noexcept nogil:
    """The morale modifiers a bot considers: each 5 or 6 is a success (l.1398), so only +1 on
    a 4 or a re-roll of a 1-4 can change one."""
    cdef int8_t worth[DIE + 1]
    cdef int f
    for f in range(1, DIE + 1):
        worth[f] = f >= TERR_SUCCESS
    return combat_rules.useful_modifiers(worth, actions, n)


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
    cdef int phil = pool_count(&t.tdice[PHILIPPINES], TERR_SUCCESS, DIE)
    cdef int foreign = pool_count(&t.tdice[SPAIN], TERR_SUCCESS, DIE)
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
    for c in range(t.sd.n_units):
        if t.at[c] == t.sd.territory[t.terr_space]:
            out[n] = A_UNIT + c
            n += 1
    return n


cdef void apply_tloss(Baler* t, int a) noexcept nogil:
    """A unit of their choice lost to the US: a soldier to the bag, a leader to his
    detachment space; then the stack retreats towards Baler (l.1404)."""
    cdef int c = a - A_UNIT
    move_unit(t, c, unit_home(t, c) if unit_type(t, c) == T_LEADER else t.sd.bag[PHILIPPINES])
    _retreat(t)
    finish(t)


# ---------------------------------------------------------------- the US advance
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
        t.terr_stage = TS_ATTACKER
        call(t, N_TFIGHT, N_US)
    else:
        t.foreign_space = <int8_t>to
