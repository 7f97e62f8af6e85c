# cython: language_level=3
"""A combat on the map as decision steps and chance nodes over combat_rules.pyx: surveillance
declarations (attacker first) and rolls (l.633-l.640), the attacker's roll and modifiers, the
defender's (l.658, l.887), then incursion targets (l.801), casualties one location roll each
(l.670-l.703) or the incursion's victims chosen by the attacker (l.836), and the attacker's
redeployment (l.840). A modifier is one action: source, +1 or re-roll, and the value of the
die (alike dice are one choice); a re-roll is a one-die chance node."""
from libc.stdint cimport int8_t
from partisan.core.dice cimport (DICE_MAX, FACES_MAX, multiset_outcomes, multiset_sample,
                                 multiset_unrank, pool_choices, pool_rolling)
from partisan.core.rng cimport Rng
from partisan.core.games.baler.table cimport (
    Baler, CB_ARTILLERY, CB_INCURSION, CB_NONE, DIE, EMPTY, MOD_LEADER, MOD_CARD, N_MODS,
    TARGET_WALLS, WALLS_DESTROYED, occupant, unit_side)
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler cimport combat_rules

cdef enum:
    F_SURV_A = 0
    F_SURV_D = 1
    F_ROLL_SURV_A = 2
    F_ROLL_SURV_D = 3
    F_ROLL_A = 4
    F_MOD_A = 5
    F_ROLL_D = 6
    F_MOD_D = 7
    F_SCORE = 8
    F_TARGETS = 9
    F_CASUALTIES = 10
    F_REDEPLOY = 11
    F_END = 12
    MAX_REDEPLOYS = 2


cdef bint fight_start(Baler* t, int kind, int area, int attacker, int dice, int cf,
                      int rerolls) noexcept nogil:
    """Begin a combat (card bonuses to the attacker); False if the rules refuse it."""
    if not combat_rules.combat_begin(t, kind, area, attacker):
        return False
    if dice or cf or rerolls:
        combat_rules.combat_bonus(t, attacker, cf, dice, rerolls)
    t.fstage = F_SURV_A
    t.surv_decl = 0
    t.redeploys = 0
    return True


cdef inline bint _has_marker(const Baler* t, int side) noexcept nogil:
    return t.cb.kind != CB_ARTILLERY and (t.surveillance[side] >> t.cb.area) & 1


cdef void fight_step(Baler* t) noexcept nogil:
    """Run the combat to its next decision or chance node; at its end return to the caller."""
    cdef int a = t.cb.attacker, d = 1 - t.cb.attacker
    cdef int side
    while True:
        if t.fstage == F_SURV_A or t.fstage == F_SURV_D:
            side = a if t.fstage == F_SURV_A else d
            if _has_marker(t, side):
                t.node = N_SURV
                t.actor = <int8_t>side
                return
            t.fstage += 1
        elif t.fstage == F_ROLL_SURV_A or t.fstage == F_ROLL_SURV_D:
            side = a if t.fstage == F_ROLL_SURV_A else d
            t.fstage += 1
            if (t.surv_decl >> side) & 1:
                t.node = N_C_DIE
                t.die_for = D4_SURV_A if side == a else D4_SURV_D
                return
        elif t.fstage == F_ROLL_A or t.fstage == F_ROLL_D:
            side = a if t.fstage == F_ROLL_A else d
            t.fstage += 1
            if combat_rules.dice_count(t, side) > 0:
                t.node = N_C_ROLL
                t.actor = <int8_t>side
                return
            combat_rules.combat_roll(t, side, NULL, 0)
        elif t.fstage == F_MOD_A or t.fstage == F_MOD_D:
            side = a if t.fstage == F_MOD_A else d
            if pool_rolling(&t.cb.dice[side]) >= 0:
                t.node = N_C_DIE
                t.die_for = D4_REROLL
                t.actor = <int8_t>side
                return
            if modifiers_open(t, side):
                t.node = N_MOD
                t.actor = <int8_t>side
                return
            t.fstage += 1
        elif t.fstage == F_SCORE:
            combat_rules.combat_score(t)
            t.fstage = F_TARGETS
        elif t.fstage == F_TARGETS:
            if combat_rules.targets_due(t) > 0:
                t.node = N_TARGET
                t.actor = <int8_t>a
                return
            t.fstage = F_CASUALTIES
        elif t.fstage == F_CASUALTIES:
            side = combat_rules.casualty_due(t)
            if side < 0:
                t.fstage = F_REDEPLOY
            elif t.cb.kind == CB_INCURSION:
                t.node = N_VICTIM
                t.actor = <int8_t>side
                return
            elif combat_rules.casualty_auto(t) == EMPTY:
                t.node = N_C_CASUALTY
                t.actor = <int8_t>side
                return
        elif t.fstage == F_REDEPLOY:
            if t.cb.kind == CB_INCURSION and t.redeploys < MAX_REDEPLOYS and combat_rules.units_in(t, t.cb.area, a) > 0:
                t.node = N_REDEPLOY
                t.actor = <int8_t>a
                return
            t.fstage = F_END
        else:
            combat_rules.combat_end(t)
            finish(t)
            return


cdef bint modifiers_open(const Baler* t, int side) noexcept nogil:
    cdef int src
    cdef int vals[DICE_MAX]
    if pool_choices(&t.cb.dice[side], vals) == 0:
        return False
    for src in range(N_MODS):
        if combat_rules.modifier_ready(t, side, src):
            return True
    return False


cdef int legal_mod(const Baler* t, int* out) noexcept nogil:
    """Done, or (source, +1 / re-roll, die value). +1 on a 6 changes nothing and is not
    offered."""
    cdef int side = t.actor
    cdef int vals[DICE_MAX]
    cdef int nv = pool_choices(&t.cb.dice[side], vals)
    cdef int n = 0, src, op, i
    out[n] = A_DONE
    n += 1
    for src in range(N_MODS):
        if not combat_rules.modifier_ready(t, side, src):
            continue
        for op in range(2):
            if op == 0 and (src == MOD_LEADER or src == MOD_CARD):
                continue
            for i in range(nv):
                if op == 0 and vals[i] >= DIE:
                    continue
                out[n] = A_MOD + src * 12 + op * 6 + vals[i] - 1
                n += 1
    return n


cdef int bot_mod(const Baler* t, int* actions, int n) noexcept nogil:
    """The combat modifiers a bot considers: those that can better their die, but no re-roll
    of a harmful die that is worse on average (combat_rules.no_losing_rerolls)."""
    cdef int8_t worth[DIE + 1]
    combat_rules.combat_worths(t, t.actor, worth)
    return combat_rules.no_losing_rerolls(worth, combat_rules.hit_face(t.cb.kind), actions,
                                          combat_rules.useful_modifiers(worth, actions, n))


cdef void apply_mod(Baler* t, int a) noexcept nogil:
    cdef int code = a - A_MOD
    cdef int side = t.actor
    if a == A_DONE:
        t.fstage += 1
    elif (code // 6) % 2 == 0:
        combat_rules.modify_add(t, side, code // 12, code % 6 + 1)
    else:
        combat_rules.modify_reroll(t, side, code // 12, code % 6 + 1)
    t.node = N_FIGHT


cdef void apply_surv(Baler* t, int a) noexcept nogil:
    if a == A_YES:
        t.surv_decl |= 1 << t.actor
    t.fstage += 1
    t.node = N_FIGHT


cdef void apply_surv_die(Baler* t, int face) noexcept nogil:
    combat_rules.surveillance_roll(t, t.cb.attacker if t.die_for == D4_SURV_A else 1 - t.cb.attacker, face)
    t.node = N_FIGHT


cdef int roll_outcomes(const Baler* t, int* out, double* probs) noexcept nogil:
    return multiset_outcomes(combat_rules.dice_count(t, t.actor), DIE, C_ROLL, out, probs)


cdef int roll_sample(const Baler* t, Rng* rng) noexcept nogil:
    return C_ROLL + multiset_sample(combat_rules.dice_count(t, t.actor), DIE, rng)


cdef void apply_roll(Baler* t, int rank) noexcept nogil:
    cdef int8_t counts[FACES_MAX]
    cdef int8_t values[DICE_MAX]
    cdef int k = combat_rules.dice_count(t, t.actor)
    cdef int f, m, i = 0
    multiset_unrank(rank, k, DIE, counts)
    for f in range(DIE):
        for m in range(counts[f]):
            values[i] = <int8_t>(f + 1)
            i += 1
    combat_rules.combat_roll(t, t.actor, values, k)
    t.node = N_FIGHT


cdef void apply_reroll(Baler* t, int face) noexcept nogil:
    combat_rules.reroll_result(t, t.actor, face)
    t.node = N_FIGHT


cdef int casualty_outcomes(const Baler* t, int* out, double* probs) noexcept nogil:
    """The faces that hit a manned post or cancel the casualty, each equally likely: one draw
    for the "roll again" loop on empty posts (l.683, l.699)."""
    cdef int f, n = 0
    for f in range(1, DIE + 1):
        if combat_rules.casualty_face(t, t.actor, f) != combat_rules.CAS_REROLL:
            out[n] = C_DIE + f - 1
            n += 1
    for f in range(n):
        probs[f] = 1.0 / n
    return n


cdef void apply_casualty(Baler* t, int face) noexcept nogil:
    combat_rules.casualty_roll(t, face)
    t.node = N_FIGHT


cdef int legal_target(const Baler* t, int* out) noexcept nogil:
    cdef int k, n = 0
    for k in range(TARGET_WALLS + 1):
        if combat_rules.target_ok(t, k):
            out[n] = A_TARGET + k
            n += 1
    return n


cdef void apply_target(Baler* t, int a) noexcept nogil:
    combat_rules.sabotage(t, a - A_TARGET)
    t.node = N_FIGHT


cdef int _area_units(const Baler* t, int side, int* out, int offset) noexcept nogil:
    """The side's units in the combat area's guard posts, ascending, as offset + unit."""
    cdef int i, j, c, n = 0
    for i in range(t.sd.n_posts[t.cb.area][side]):
        c = occupant(t, t.sd.posts[t.cb.area][side][i])
        if c != EMPTY:
            j = n
            while j > 0 and out[j - 1] > offset + c:
                out[j] = out[j - 1]
                j -= 1
            out[j] = offset + c
            n += 1
    return n


cdef int legal_victim(const Baler* t, int* out) noexcept nogil:
    return _area_units(t, t.actor, out, A_UNIT)


cdef void apply_victim(Baler* t, int a) noexcept nogil:
    combat_rules.incursion_injure(t, a - A_UNIT)
    t.node = N_FIGHT


cdef int legal_redeploy(const Baler* t, int* out) noexcept nogil:
    out[0] = A_DONE
    return 1 + _area_units(t, t.actor, out + 1, A_UNIT)


cdef void apply_redeploy(Baler* t, int a) noexcept nogil:
    if a == A_DONE:
        t.fstage = F_END
        t.node = N_FIGHT
    else:
        t.mv_unit = a - A_UNIT
        t.node = N_REDEPLOY_DEST


cdef int legal_redeploy_dest(const Baler* t, int* out) noexcept nogil:
    cdef int i, s, n = 0
    cdef int side = t.actor
    for i in range(t.sd.n_posts[t.cb.area][side]):
        s = t.sd.posts[t.cb.area][side][i]
        if s != t.at[t.mv_unit]:
            out[n] = A_SPACE + s
            n += 1
    sort_ints(out, n)
    return n


cdef void apply_redeploy_dest(Baler* t, int a) noexcept nogil:
    combat_rules.redeploy(t, t.at[t.mv_unit], a - A_SPACE)
    t.redeploys += 1
    t.node = N_FIGHT
