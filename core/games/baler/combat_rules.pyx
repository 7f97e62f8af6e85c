# cython: language_level=3
"""Combat on the map (l.571-l.934): firepower, surveillance, the dice and their modifiers,
then shooting casualties, incursion targets and casualties, artillery damage and shrapnel.
Each function is one step; dice values come from the caller, so a test forces the book's
dice and the state machine makes each roll a chance node. A step that is not allowed now
returns False (or EMPTY) and changes nothing."""
from libc.string cimport memset
from libc.stdint cimport int8_t, uint8_t
from partisan.core.board cimport space_for_face
from partisan.core.dice cimport (DicePool, pool_add, pool_count, pool_find, pool_reroll,
                                 pool_roll, pool_rolling, pool_start)
from partisan.core.bitset cimport ws_add, ws_has
from partisan.core.games.baler.table cimport (
    Baler, CB_ARTILLERY, CB_INCURSION, CB_NONE, CB_SHOOTING, CMD_MILITARY, Combat, DIE, EMPTY,
    F_COMBAT, LAST_TURN, MAX_COMBAT_DICE, MOD_CARD, MOD_COMMAND, MOD_LEADER, MOD_MORALE,
    MOD_PERSIST, N_AREAS, PHILIPPINES, SPAIN, TARGET_ARTILLERY, TARGET_TRENCH, TARGET_WALLS,
    T_LEADER, UNIT_WORDS, VP_ARTILLERY, VP_KILL, VP_SHELLED, VP_WALLS_FALL, WALLS_DESTROYED, eliminate, move_unit,
    occupant, score, unit_factor, unit_rank, unit_side, unit_type)
from partisan.core.games.baler.infirmary cimport wound
from partisan.core.games.baler.flow cimport A_MOD, A_TARGET


cdef inline int _clamp3(int v) noexcept nogil:
    """Firepower is 0-3 to the stronger side (l.617, l.623)."""
    return -3 if v < -3 else (3 if v > 3 else v)


# ---------------------------------------------------------------- firepower
cdef int strength(const Baler* t, int area, int side, bint artillery) noexcept nogil:
    """Combat strength of a side's units in the area's guard posts, plus the Filipino
    artillery piece of the area if `artillery` (shootings, l.619; incursions only under the
    optional rule, l.766-l.768). A disabled leader's back shows no factors: 0 (l.250,
    RULES.md reading 7)."""
    cdef int i, c, s = 0
    for i in range(t.sd.n_posts[area][side]):
        c = occupant(t, t.sd.posts[area][side][i])
        if c != EMPTY and not ws_has(t.disabled, UNIT_WORDS, c):
            s += unit_factor(t, c, F_COMBAT)
    if artillery and side == PHILIPPINES:
        c = occupant(t, t.sd.artillery_post[area])
        if c != EMPTY:
            s += unit_factor(t, c, F_COMBAT)
    return s


cdef int units_in(const Baler* t, int area, int side) noexcept nogil:
    """Units of a side in the area's guard posts (artillery posts are not guard posts)."""
    cdef int i, n = 0
    for i in range(t.sd.n_posts[area][side]):
        if occupant(t, t.sd.posts[area][side][i]) != EMPTY:
            n += 1
    return n


cdef int firepower(const Baler* t, int area, bint artillery) noexcept nogil:
    """The area's firepower, + to Spain, - to the Philippines (the track's reading)."""
    return _clamp3(strength(t, area, SPAIN, artillery) - strength(t, area, PHILIPPINES, artillery))


cdef void _refresh(Baler* t) noexcept nogil:
    """Firepower of the combat: strengths (with card bonuses), then the difference of the
    surveillance bonuses ("Use the difference between the bonus obtained by both sides to
    modify the firepower", l.640), capped at 3. Artillery attacks use none (l.862)."""
    cdef Combat* cb = &t.cb
    cdef bint artillery = cb.kind == CB_SHOOTING or t.artillery_in_incursions
    cdef int base
    if cb.kind == CB_ARTILLERY:
        cb.firepower = 0
        return
    base = _clamp3(strength(t, cb.area, SPAIN, artillery) + cb.bonus_cf[SPAIN]
                   - strength(t, cb.area, PHILIPPINES, artillery) - cb.bonus_cf[PHILIPPINES])
    t.firepower[cb.area] = <int8_t>base
    cb.firepower = <int8_t>_clamp3(base + max(cb.surveillance[SPAIN], 0)
                                   - max(cb.surveillance[PHILIPPINES], 0))


cdef bint combat_begin(Baler* t, int kind, int area, int attacker) noexcept nogil:
    """Start a combat: firepower is determined again before every combat (l.619). An area is
    attacked at most once a phase by a side (l.582); artillery fire needs a Filipino piece
    in the area (l.860)."""
    if kind < CB_SHOOTING or kind > CB_ARTILLERY or area < 0 or area >= N_AREAS:
        return False
    if attacker != SPAIN and attacker != PHILIPPINES or (t.attacked[attacker] >> area) & 1:
        return False
    if kind == CB_ARTILLERY and (attacker != PHILIPPINES
                                 or occupant(t, t.sd.artillery_post[area]) == EMPTY):
        return False
    memset(&t.cb, 0, sizeof(Combat))
    t.cb.kind = <int8_t>kind
    t.cb.area = <int8_t>area
    t.cb.attacker = <int8_t>attacker
    t.cb.surveillance[SPAIN] = t.cb.surveillance[PHILIPPINES] = -1
    t.attacked[attacker] |= 1 << area
    _refresh(t)
    return True


cdef bint combat_bonus(Baler* t, int side, int cf, int dice, int rerolls) noexcept nogil:
    """Card modifiers before the roll: extra combat strength, extra dice, free re-rolls
    (l.930)."""
    if t.cb.kind == CB_NONE or t.cb.rolled or side < 0 or side > 1 or cf < 0 or dice < 0 or rerolls < 0:
        return False
    t.cb.bonus_cf[side] += cf
    t.cb.bonus_dice[side] += dice
    t.cb.card_rerolls[side] += rerolls
    _refresh(t)
    return True


# ---------------------------------------------------------------- surveillance
cdef bint surveillance_roll(Baler* t, int side, int die) noexcept nogil:
    """A side activates its marker in the area and rolls: 1-2 nothing (the marker stays),
    3-4 +1, 5-6 +2 firepower (l.636-l.640). Shootings and incursions only (l.774, l.862)."""
    cdef Combat* cb = &t.cb
    if cb.kind != CB_SHOOTING and cb.kind != CB_INCURSION or cb.rolled:
        return False
    if side < 0 or side > 1 or not (t.surveillance[side] >> cb.area) & 1:
        return False
    if cb.surveillance[side] >= 0 or die < 1 or die > DIE:
        return False
    cb.surveillance[side] = 0 if die <= 2 else (1 if die <= 4 else 2)
    _refresh(t)
    return True


# ---------------------------------------------------------------- dice and modifiers
cdef int dice_count(const Baler* t, int side) noexcept nogil:
    """Shooting and incursion: 1 die for the attacker, 2 for the defender, plus the
    firepower if it is the side's (l.654, l.778, l.784); none without a unit in the area's
    guard posts (l.592, l.793). Artillery: 2 for the Philippines, 1 for Spain if it has a
    unit in the area (l.862). Card dice added; never more than 5 (l.581)."""
    cdef const Combat* cb = &t.cb
    cdef int n
    if cb.kind == CB_NONE or side < 0 or side > 1:
        return 0
    if cb.kind == CB_ARTILLERY:
        n = 2 if side == PHILIPPINES else (1 if units_in(t, cb.area, SPAIN) else 0)
    else:
        if units_in(t, cb.area, side) == 0:
            return 0
        if cb.kind == CB_SHOOTING and units_in(t, cb.area, 1 - side) == 0:
            return 0
        n = 1 if side == cb.attacker else 2
        if side == SPAIN and cb.firepower > 0:
            n += cb.firepower
        elif side == PHILIPPINES and cb.firepower < 0:
            n -= cb.firepower
    if n > 0:
        n += cb.bonus_dice[side]
    return min(n, MAX_COMBAT_DICE)


cdef bint combat_roll(Baler* t, int side, const int8_t* values, int n) noexcept nogil:
    """A side's combat roll: exactly dice_count dice."""
    cdef int i
    if t.cb.kind == CB_NONE or side < 0 or side > 1 or (t.cb.rolled >> side) & 1:
        return False
    if n != dice_count(t, side):
        return False
    for i in range(n):
        if values[i] < 1 or values[i] > DIE:
            return False
    pool_start(&t.cb.dice[side], n, DIE)
    for i in range(n):
        pool_roll(&t.cb.dice[side], values[i])
    t.cb.rolled |= 1 << side
    return True


cdef int _commander(const Baler* t, int side) noexcept nogil:
    """The face-up leader in the side's military command post, or EMPTY (l.914, l.1274)."""
    cdef int c = occupant(t, t.sd.command[side][CMD_MILITARY])
    if c == EMPTY or unit_type(t, c) != T_LEADER:
        return EMPTY
    if ws_has(t.exhausted, UNIT_WORDS, c) or ws_has(t.disabled, UNIT_WORDS, c):
        return EMPTY
    return c


cdef bint _leader_on_map(const Baler* t, int side) noexcept nogil:
    """A leader of the side in a guard post of the combat area, even exhausted or disabled
    (l.922)."""
    cdef int i, c
    for i in range(t.sd.n_posts[t.cb.area][side]):
        c = occupant(t, t.sd.posts[t.cb.area][side][i])
        if c != EMPTY and unit_type(t, c) == T_LEADER:
            return True
    return False


cdef bint modifier_ready(const Baler* t, int side, int source) noexcept nogil:
    """Whether a modifier may act on the side's own dice now: after its roll, before the
    combat is counted (l.887). Each modifier once per combat (l.902); morale and command
    never in the same combat (l.897); command gives up to rank operations (l.914);
    Persistence combines with any (l.1149)."""
    cdef const Combat* cb = &t.cb
    cdef uint8_t used
    if cb.kind == CB_NONE or cb.scored or side < 0 or side > 1 or not (cb.rolled >> side) & 1:
        return False
    used = cb.used[side]
    if source == MOD_MORALE:
        return not (used & ((1 << MOD_MORALE) | (1 << MOD_COMMAND))) and t.morale[side] >= 1
    if source == MOD_COMMAND:
        if used & (1 << MOD_COMMAND):
            return cb.command_left[side] > 0
        return not (used & (1 << MOD_MORALE)) and _commander(t, side) != EMPTY
    if source == MOD_LEADER:
        return not (used & (1 << MOD_LEADER)) and _leader_on_map(t, side)
    if source == MOD_PERSIST:
        return side == PHILIPPINES and t.persistence
    if source == MOD_CARD:
        return cb.card_rerolls[side] > 0
    return False


cdef void _spend(Baler* t, int side, int source) noexcept nogil:
    """Pay for a modifier: a morale level, a command operation (the leader is exhausted on
    his first, l.918), the Persistence marker (l.1147)."""
    cdef int c
    if source == MOD_MORALE:
        t.morale[side] -= 1
    elif source == MOD_COMMAND:
        if t.cb.used[side] & (1 << MOD_COMMAND):
            t.cb.command_left[side] -= 1
        else:
            c = _commander(t, side)
            t.cb.command_left[side] = <int8_t>(unit_rank(t, c) - 1)
            ws_add(t.exhausted, UNIT_WORDS, c)
    elif source == MOD_PERSIST:
        t.persistence = 0
    elif source == MOD_CARD:
        t.cb.card_rerolls[side] -= 1
    t.cb.used[side] |= 1 << source


cdef bint modify_add(Baler* t, int side, int source, int value) noexcept nogil:
    """+1 on one of the side's dice showing `value`; a die is modified once (l.906). The
    leader on the map and the card's free re-rolls only re-roll (l.922)."""
    if source == MOD_LEADER or source == MOD_CARD or not modifier_ready(t, side, source):
        return False
    if not pool_add(&t.cb.dice[side], pool_find(&t.cb.dice[side], value), 1):
        return False
    _spend(t, side, source)
    return True


cdef bint modify_reroll(Baler* t, int side, int source, int value) noexcept nogil:
    """Pick up one of the side's dice showing `value` to roll it again; its new value
    (reroll_result) is final (l.906)."""
    if pool_rolling(&t.cb.dice[side]) >= 0 or not modifier_ready(t, side, source):
        return False
    if not pool_reroll(&t.cb.dice[side], pool_find(&t.cb.dice[side], value)):
        return False
    _spend(t, side, source)
    return True


cdef bint reroll_result(Baler* t, int side, int value) noexcept nogil:
    if t.cb.kind == CB_NONE or side < 0 or side > 1:
        return False
    return pool_roll(&t.cb.dice[side], value)


# ---------------------------------------------------------------- what a modifier can change
cdef void combat_worths(const Baler* t, int side, int8_t* worth) noexcept nogil:
    """worth[f]: what a die of `side` showing face f (1-6) is worth to that side in the
    combat under way, higher better, as combat_score counts it. Shooting: each 6 kills, each 5
    injures (l.664-l.666). Incursion: 5-6 succeed (l.788) and each 1 on either side injures an
    attacker (l.827): the attacker's 1 is his worst face, the defender's 1 better than his 2-4.
    Artillery: 4-6 succeed (l.864), and a Filipino 6 also injures a Spaniard (l.877).
    The defender rolls and modifies after the attacker (l.784, l.864): a success of his that can
    cancel nothing the attacker's dice do (_cancels) is worth no more than a miss."""
    cdef int f
    cdef bint attacker = side == t.cb.attacker
    cdef int success = hit_face(t.cb.kind)
    for f in range(1, DIE + 1):
        if t.cb.kind == CB_SHOOTING:
            worth[f] = 2 if f == 6 else (1 if f == 5 else 0)
        elif t.cb.kind == CB_INCURSION:
            if f >= 5:
                worth[f] = 2
            elif f == 1:
                worth[f] = 0 if attacker else 1
            else:
                worth[f] = 1 if attacker else 0
        elif t.cb.kind == CB_ARTILLERY:
            worth[f] = (2 if f == 6 and side == PHILIPPINES else 1) if f >= 4 else 0
        else:
            worth[f] = 0
    if not attacker and (t.cb.kind == CB_INCURSION or t.cb.kind == CB_ARTILLERY) and not _cancels(t):
        for f in range(success, DIE + 1):
            worth[f] = 0


cdef bint _cancels(const Baler* t) noexcept nogil:
    """Whether one more success of the defender changes the combat (combat_score), the
    attacker's dice final: it cancels one of the attacker's while their difference decides the
    targets or the walls' levels lost (one or two, l.801, l.870-l.871), or a Filipino 6's
    shrapnel (l.877)."""
    cdef const DicePool* A = &t.cb.dice[t.cb.attacker]
    cdef const DicePool* D = &t.cb.dice[1 - t.cb.attacker]
    cdef int success = hit_face(t.cb.kind)
    cdef int net = pool_count(A, success, 99) - pool_count(D, success, 99)
    if 1 <= net <= 2:
        return True
    return t.cb.kind == CB_ARTILLERY and pool_count(A, 6, 99) > pool_count(D, success, 99)


cdef bint worth_gains(const int8_t* worth, int face, bint reroll) noexcept nogil:
    """Whether a modifier can give a die showing `face` a better result (`worth` as
    combat_worths fills it): +1 when face + 1 is worth more, a re-roll when some face is. Any
    other modifier only spends a morale level, a command or the Persistence marker."""
    cdef int f
    if not reroll:
        return face < DIE and worth[face + 1] > worth[face]
    for f in range(1, DIE + 1):
        if worth[f] > worth[face]:
            return True
    return False


cdef int useful_modifiers(const int8_t* worth, int* actions, int n) noexcept nogil:
    """Compact a decision's `n` actions in place to those a bot considers: every action but
    the modifiers (A_MOD + source * 12 + op * 6 + face - 1) that cannot better their die
    (worth_gains); done (A_DONE) always stays."""
    cdef int i, a, code, k = 0
    for i in range(n):
        a = actions[i]
        code = a - A_MOD
        if A_MOD <= a < A_TARGET and not worth_gains(worth, code % 6 + 1, (code // 6) % 2 == 1):
            continue
        actions[k] = a
        k += 1
    return k


cdef int no_losing_rerolls(const int8_t* worth, int hit, int* actions, int n) noexcept nogil:
    """Compact in place: drop the re-rolls of a die already at `hit` or above that are worth
    less on average than the die kept (`worth` as combat_worths fills it): a shooting's 5
    re-rolled for a 6 misses four times in six (l.664-l.666); an artillery 4 or 5 re-rolled for
    a 6's wound loses its success half the time (l.864-l.877). A defender's 1 in an incursion,
    which injures an attacker (l.827), may still be re-rolled for a success that cancels one."""
    cdef int i, a, code, face, f, total, k = 0
    for i in range(n):
        a = actions[i]
        code = a - A_MOD
        face = code % 6 + 1
        if A_MOD <= a < A_TARGET and (code // 6) % 2 == 1 and face >= hit:
            total = 0
            for f in range(1, DIE + 1):
                total += worth[f]
            if total < DIE * worth[face]:
                continue
        actions[k] = a
        k += 1
    return k


# ---------------------------------------------------------------- results
cdef void lower_walls(Baler* t, int area, int levels, bint artillery) noexcept nogil:
    """Walls lose levels (an attack, the Takeover attempt); artillery that brings them to
    Destroyed scores the Philippines 1 (l.873), any attack or event under the option
    wall_vp=any. Destroyed walls stay so. Under walls_end=immediate a second area Destroyed
    ends the game now (RULES.md reading 13)."""
    cdef int w = t.walls[area]
    if w == WALLS_DESTROYED or levels <= 0:
        return
    w = max(WALLS_DESTROYED, w - levels)
    t.walls[area] = <int8_t>w
    if w == WALLS_DESTROYED and (artillery or t.wall_vp_any):
        score(t, PHILIPPINES, 1, VP_SHELLED)
    if w == WALLS_DESTROYED and t.walls_immediate:
        walls_fall(t)


cdef bint walls_fall(Baler* t) noexcept nogil:
    """Walls Destroyed in two or more areas: the Philippines score 6 and the game ends
    (l.1190), once."""
    cdef int a, destroyed = 0
    for a in range(N_AREAS):
        destroyed += t.walls[a] == WALLS_DESTROYED
    if destroyed < 2 or t.walls_scored:
        return False
    score(t, PHILIPPINES, 6, VP_WALLS_FALL)
    t.walls_scored = 1
    t.over = 1
    t.ended_early = t.turn < LAST_TURN
    return True


cdef bint combat_score(Baler* t) noexcept nogil:
    """Count the final dice (both sides rolled, no re-roll pending).
    Shooting: each 6 kills, each 5 injures an enemy (l.664-l.666).
    Incursion: 5-6 succeed, each defender success cancels one of the attacker's; targets =
    the difference, at most 2 (l.788, l.801); each 1 on either side's dice injures an
    attacker (l.827, as the example at l.850-l.854 shows).
    Artillery: 4-6 succeed, net +1/+2 lowers the walls 1/2 levels (l.864-l.871); each
    Filipino 6 injures a Spaniard unless cancelled by a Spanish success (l.877)."""
    cdef Combat* cb = &t.cb
    cdef int a = cb.attacker, d = 1 - cb.attacker
    cdef DicePool* A = &cb.dice[a]
    cdef DicePool* D = &cb.dice[d]
    cdef int sd
    if cb.kind == CB_NONE or cb.scored or cb.rolled != 3:
        return False
    if pool_rolling(A) >= 0 or pool_rolling(D) >= 0:
        return False
    if cb.kind == CB_SHOOTING:
        cb.kills[d] = <int8_t>pool_count(A, 6, 99)
        cb.injuries[d] = <int8_t>pool_count(A, 5, 5)
        cb.kills[a] = <int8_t>pool_count(D, 6, 99)
        cb.injuries[a] = <int8_t>pool_count(D, 5, 5)
    elif cb.kind == CB_INCURSION:
        cb.net = <int8_t>(pool_count(A, 5, 99) - pool_count(D, 5, 99))
        cb.targets = <int8_t>min(max(<int>cb.net, 0), 2)
        cb.injuries[a] = <int8_t>(pool_count(A, 1, 1) + pool_count(D, 1, 1))
    else:
        sd = pool_count(D, 4, 99)
        cb.net = <int8_t>(pool_count(A, 4, 99) - sd)
        if cb.net > 0:
            lower_walls(t, cb.area, min(<int>cb.net, 2), True)
        cb.injuries[SPAIN] = <int8_t>max(pool_count(A, 6, 99) - sd, 0)
    cb.scored = 1
    return True


# ---------------------------------------------------------------- casualties
cdef int casualty_face(const Baler* t, int side, int face) noexcept nogil:
    """What a location roll does to the side in the combat area: the guard post hit,
    CAS_REROLL for an empty post, or CAS_CANCEL for a Spanish 1 behind walls that are not
    Destroyed (l.683, l.697-l.703); behind Destroyed walls a 1 hits the Bell Tower '2'."""
    cdef int s
    if side == SPAIN and face == 1:
        if t.walls[t.cb.area] != WALLS_DESTROYED:
            return CAS_CANCEL
        face = 2
    s = space_for_face(t.sd.board, t.cb.area, t.sd.guard_kind, side, face)
    if s < 0 or occupant(t, s) == EMPTY:
        return CAS_REROLL
    return s


cdef int casualty_lone(const Baler* t, int side) noexcept nogil:
    """The post hit without a roll: the only manned Filipino post (l.683), or the only
    Spanish unit once the walls are Destroyed (l.701-l.703); else EMPTY."""
    cdef int i, s, found = EMPTY, n = 0
    if side == SPAIN and t.walls[t.cb.area] != WALLS_DESTROYED:
        return EMPTY
    for i in range(t.sd.n_posts[t.cb.area][side]):
        s = t.sd.posts[t.cb.area][side][i]
        if occupant(t, s) != EMPTY:
            found = s
            n += 1
    return found if n == 1 else EMPTY


cdef bint _can_be_hit(const Baler* t, int side) noexcept nogil:
    cdef int f
    for f in range(1, DIE + 1):
        if casualty_face(t, side, f) >= 0:
            return True
    return False


cdef int casualty_due(Baler* t) noexcept nogil:
    """The side whose next casualty is resolved, or -1: the defender's first, then the
    attacker's (l.670, l.676); an incursion's are the attacker's own (l.827). Casualties a
    side cannot suffer any more (no unit left to hit) are dropped."""
    cdef Combat* cb = &t.cb
    cdef int j, side
    if cb.kind == CB_NONE or not cb.scored:
        return -1
    if cb.kind == CB_INCURSION:
        side = cb.attacker
        if cb.injuries[side] > 0 and units_in(t, cb.area, side) == 0:
            cb.injuries[side] = 0
        return side if cb.injuries[side] > 0 else -1
    for j in range(2):
        side = 1 - cb.attacker if j == 0 else cb.attacker
        if cb.kills[side] + cb.injuries[side] > 0 and not _can_be_hit(t, side):
            cb.kills[side] = cb.injuries[side] = 0
        if cb.kills[side] + cb.injuries[side] > 0:
            return side
    return -1


cdef void _hit(Baler* t, int side, int space) noexcept nogil:
    """Kills before injuries (l.677, l.685, l.705)."""
    cdef int c = occupant(t, space)
    if t.cb.kills[side] > 0:
        t.cb.kills[side] -= 1
        eliminate(t, c, VP_KILL)
    else:
        t.cb.injuries[side] -= 1
        wound(t, c)


cdef int casualty_roll(Baler* t, int face) noexcept nogil:
    """Resolve the next shooting or shrapnel casualty with a location roll. Returns the post
    hit, CAS_CANCEL (the casualty is spent, nobody is hit), CAS_REROLL (nothing happens;
    roll again), or EMPTY when no roll is due (none left, or it is automatic)."""
    cdef int side = casualty_due(t)
    cdef int r
    if side < 0 or t.cb.kind == CB_INCURSION or face < 1 or face > DIE:
        return EMPTY
    if casualty_lone(t, side) != EMPTY:
        return EMPTY
    r = casualty_face(t, side, face)
    if r == CAS_CANCEL:
        if t.cb.kills[side] > 0:
            t.cb.kills[side] -= 1
        else:
            t.cb.injuries[side] -= 1
    elif r >= 0:
        _hit(t, side, r)
    return r


cdef int casualty_auto(Baler* t) noexcept nogil:
    """Resolve the next casualty if it needs no roll: returns the post hit, or EMPTY."""
    cdef int side = casualty_due(t)
    cdef int s
    if side < 0 or t.cb.kind == CB_INCURSION:
        return EMPTY
    s = casualty_lone(t, side)
    if s != EMPTY:
        _hit(t, side, s)
    return s


# ---------------------------------------------------------------- incursions
cdef bint _trench_open(const Baler* t, int area) noexcept nogil:
    """One of the area's trench sections is sabotaged or not built (l.807)."""
    cdef int k, tr
    for k in range(2):
        tr = 2 * area + k
        if not (t.trench_built >> tr) & 1 or (t.trench_sabotaged >> tr) & 1:
            return True
    return False


cdef bint target_ok(const Baler* t, int target) noexcept nogil:
    """Spain sabotages a built, intact trench of the area, or eliminates its artillery piece
    once a trench is sabotaged or missing; the Philippines lower the walls (l.739-l.743,
    l.807-l.817). Only the attacker, after a successful incursion (l.823)."""
    cdef const Combat* cb = &t.cb
    cdef int tr
    if cb.kind != CB_INCURSION or not cb.scored or cb.targets <= 0:
        return False
    if cb.attacker == PHILIPPINES:
        return target == TARGET_WALLS and t.walls[cb.area] != WALLS_DESTROYED
    if target == TARGET_TRENCH or target == TARGET_TRENCH + 1:
        tr = 2 * cb.area + target - TARGET_TRENCH
        return (t.trench_built >> tr) & 1 and not (t.trench_sabotaged >> tr) & 1
    if target == TARGET_ARTILLERY:
        return occupant(t, t.sd.artillery_post[cb.area]) != EMPTY and _trench_open(t, cb.area)
    return False


cdef int targets_due(Baler* t) noexcept nogil:
    """Targets the attacker must still choose; dropped when none is left to choose."""
    cdef int target
    if t.cb.kind != CB_INCURSION or t.cb.targets <= 0:
        return 0
    for target in range(TARGET_WALLS + 1):
        if target_ok(t, target):
            return t.cb.targets
    t.cb.targets = 0
    return 0


cdef bint sabotage(Baler* t, int target) noexcept nogil:
    """Sabotage one target: flip the trench (l.809), eliminate the artillery piece (Spain
    scores, l.811), or lower the walls one level (l.817; no VP)."""
    cdef int area = t.cb.area
    if not target_ok(t, target):
        return False
    if target == TARGET_ARTILLERY:
        eliminate(t, occupant(t, t.sd.artillery_post[area]), VP_ARTILLERY)
    elif target == TARGET_WALLS:
        lower_walls(t, area, 1, False)
    else:
        t.trench_sabotaged |= 1 << (2 * area + target - TARGET_TRENCH)
    t.cb.targets -= 1
    return True


cdef int _post_in_area(const Baler* t, int side, int space) noexcept nogil:
    cdef int i
    for i in range(t.sd.n_posts[t.cb.area][side]):
        if t.sd.posts[t.cb.area][side][i] == space:
            return i
    return -1


cdef bint incursion_injure(Baler* t, int c) noexcept nogil:
    """The attacker chooses which of its units in the area take the incursion's injuries
    (l.836)."""
    cdef int a = t.cb.attacker
    if casualty_due(t) != a or t.cb.kind != CB_INCURSION or c < 0 or c >= t.sd.n_units:
        return False
    if unit_side(t, c) != a or _post_in_area(t, a, t.at[c]) < 0:
        return False
    t.cb.injuries[a] -= 1
    wound(t, c)
    return True


cdef bint redeploy(Baler* t, int src, int dst) noexcept nogil:
    """After an incursion's casualties the attacker rearranges its survivors among its guard
    posts of the area (l.762, l.840): the unit on `src` moves to `dst`, swapping with any
    unit there."""
    cdef int a = t.cb.attacker
    cdef int c, other
    if t.cb.kind != CB_INCURSION or not t.cb.scored or casualty_due(t) >= 0:
        return False
    if _post_in_area(t, a, src) < 0 or _post_in_area(t, a, dst) < 0 or src == dst:
        return False
    c = occupant(t, src)
    if c == EMPTY:
        return False
    other = occupant(t, dst)
    move_unit(t, c, dst)
    if other != EMPTY:
        move_unit(t, other, src)
    return True


cdef void combat_end(Baler* t) noexcept nogil:
    """Activated surveillance markers that gave a bonus return to the reserve (l.638)."""
    cdef int side
    for side in range(2):
        if t.cb.surveillance[side] > 0:
            t.surveillance[side] &= ~(1 << t.cb.area)
    memset(&t.cb, 0, sizeof(Combat))
