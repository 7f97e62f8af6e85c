# cython: language_level=3
"""What a player at the table knows of each phase, as a move prior for the bots (the state
contract's bot hooks, docs/architecture.md "Bot hooks"). Every move gets a value, roughly in
victory points, read from the rulebook's own arithmetic; the prior is exp(SCALE * value),
normalised. The moves a bot never plays (modifiers that cannot better a die) are marked apart,
in state.pyx c_bot_actions.

- Combat (l.571-l.877): a shooting is worth the dice each side rolls (the attacker 1, the
  defender 2, the stronger side its firepower more, l.654) times what a 5 or a 6 does to the
  other side (l.664-l.666; a Spaniard's location 1 behind standing walls cancels, l.697); an
  area with no unit of one side is no shooting at all (l.592), so a mandatory shooting goes
  where the odds are good or where it does nothing. An incursion is worth the targets it may
  reach (l.801: walls, trenches, the gun behind an open trench, l.741) less the attackers its
  1s injure (l.827); artillery needs no unit and risks none (l.862-l.877).
- Walls are worth more the nearer they are to Destroyed (l.873, l.1190: two areas end the game
  with 6 points); Spain repairs the lowest first, the Filipinos aim there.
- Spanish morale at 2 or less and supply under 4 cost men at Attrition (l.386-l.397); a full
  infirmary kills its bed-1 man at the next wound (l.950): heal, expand, raise morale and supply
  when they change that, not when the track is already safe or full (l.377).
- Guard posts: an area with no defender cannot answer an incursion (l.793), so units go first to
  the posts of unguarded areas; the Bell Tower fights in all four (l.104).
- Cards: a card played for initiative or as an event is lost to the Action phase (l.504), so the
  cheap card in action points goes; a support card that boosts nothing is a card thrown away
  (l.370-l.373).
- Modifiers (l.887-l.928): the gain in the die's worth, less a morale level where Spain's morale
  would fall into desertion (l.394).
- The territorial map (l.1336-l.1405): the stack's space is worth its modifier on the Filipino
  supply dice of the turns left and the VP of the checks left; deployments and advances by
  the chance of the territorial fight.
- Fog of War (l.1210-l.1211): the enemy's card is kept when it is worth more to the enemy than
  a morale level, a blank card (l.216) and the shared card given up.
- A playout cut short (standing): the VP lead plus the tracks' and the walls' standing."""
from libc.math cimport exp
from libc.stdint cimport int8_t
from partisan.core.bitset cimport ws_has
from partisan.core.cards cimport count as popcount
from partisan.core.decision cimport without
from partisan.core.games.baler.table cimport (
    Baler, CARD_AP, CARD_EFFECTS, CARD_INIT, CARD_TYPE, CB_ARTILLERY, CB_INCURSION,
    CB_SHOOTING, CMD_MILITARY, CMD_SECOND, CMD_THIRD, CT_FOW, DIE, EFFECT_W, EMPTY,
    EVENT_EFFECTS, F_COMBAT, LAST_TURN, MAX_COMBAT_DICE, MOD_COMMAND, MOD_MORALE, MOD_PERSIST,
    N_AREAS, N_BEDS, N_COMMAND, N_TRENCHES, PHILIPPINES, SPAIN, TARGET_ARTILLERY, T_LEADER,
    UNIT_WORDS, WALLS_DAMAGED, WALLS_DESTROYED, WALLS_INTACT, WALLS_WRECKED, occupant, unit_factor,
    unit_rank, unit_side, unit_type)
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler.events cimport *
from partisan.core.games.baler.combat_rules cimport combat_worths, strength, units_in
from partisan.core.games.baler.fortifications cimport (
    trench_possible, trench_repairable, walls_repairable)
from partisan.core.games.baler.infirmary cimport bed_occupant
from partisan.core.games.baler.procedures cimport can_surveil
from partisan.core.games.baler.spaces cimport bag_count, gun_placeable, in_detachment, is_post, kind_of
from partisan.core.games.baler.attrition cimport filipino_attrition, filipino_supply_gain
from partisan.core.games.baler.territory cimport (
    MANILA, MAX_STACK, TERR_CHECK_TURN, deploy_space, deploy_unit_ok, space_modifier, stack_size,
    stack_strength, tdice_count, territorial_modifier, territory_vp)

# Values in victory points, roughly (a kill scores 1, l.687).
cdef double SCALE = 2.0         # prior = exp(SCALE * value)
cdef double KILL = 1.0
cdef double INJURY_SPAIN = 0.5  # to the infirmary, nearer the graveyard (l.950)
cdef double INJURY_PHIL = 0.25  # to the bag, back at the next manning (l.689)
cdef double TRENCH = 0.4        # a sabotaged section spoils the 8-trench bonus (l.1179)
cdef double GUN = 1.2           # 1 point (l.811) and a gun the less
cdef double AP_COST = 0.25      # an action point lost to the Action phase
cdef double AVERAGE_CARD = 1.7 * AP_COST    # a card unseen: the deck's mean, 1.7 action points (cards.toml)
cdef double INIT_VALUE = 0.08   # a point of initiative value (l.348)
cdef double DONE_WITH_AP = -0.5 # points left unspent are lost (l.541)


cdef inline double _weight(double v) noexcept nogil:
    v *= SCALE
    return exp(-4.0 if v < -4.0 else (4.0 if v > 4.0 else v))


# ------------------------------------------------------------------ dice
cdef void _binomial(int n, double p, double* out) noexcept nogil:
    """out[k]: the chance of k successes in n dice (n <= MAX_COMBAT_DICE)."""
    cdef int i, k
    out[0] = 1.0
    for i in range(1, n + 1):
        out[i] = 0.0
    for i in range(n):
        for k in range(i + 1, 0, -1):
            out[k] = out[k] * (1 - p) + out[k - 1] * p
        out[0] *= 1 - p


cdef double _net_value(int da, double pa, int dd, double pd, const double* gain) noexcept nogil:
    """The expected gain[min(net, 2)] of a roll whose net successes (attacker less defender)
    reach at most two targets (l.801, l.868)."""
    cdef double a[MAX_COMBAT_DICE + 1]
    cdef double d[MAX_COMBAT_DICE + 1]
    cdef int i, j, net
    cdef double v = 0.0
    _binomial(da, pa, a)
    _binomial(dd, pd, d)
    for i in range(1, da + 1):
        for j in range(min(i, dd + 1)):
            net = min(i - j, 2)
            v += a[i] * d[j] * gain[net]
    return v


cdef inline int _clamp3(int v) noexcept nogil:
    return -3 if v < -3 else (3 if v > 3 else v)


cdef int _own_firepower(const Baler* t, int area, int side, bint artillery, int bonus_cf) noexcept nogil:
    """The area's firepower seen from `side` (+: its own), card strength included (l.615-l.623)."""
    cdef int f = _clamp3(strength(t, area, side, artillery) + bonus_cf
                         - strength(t, area, 1 - side, artillery))
    return f


cdef inline int _dice(int base, int firepower, int bonus) noexcept nogil:
    return min(base + max(firepower, 0) + bonus, MAX_COMBAT_DICE)


cdef double _die_harm(const Baler* t, int side, int area) noexcept nogil:
    """What one enemy shooting die costs `side`: a 6 kills, a 5 injures (l.664-l.666); a
    Spanish location 1 behind standing walls cancels the casualty (l.697)."""
    cdef double v = (KILL + (INJURY_SPAIN if side == SPAIN else INJURY_PHIL)) / DIE
    if side == SPAIN and t.walls[area] != WALLS_DESTROYED:
        v *= 5.0 / 6.0
    return v


cdef inline double _injury(int side) noexcept nogil:
    return INJURY_SPAIN if side == SPAIN else INJURY_PHIL


# ------------------------------------------------------------------ walls
cdef double _level(int walls) noexcept nogil:
    """Lowering the walls from `walls` by one: the last level to Destroyed is the dearest (the
    artillery point, l.873; two areas end the game, l.1190)."""
    if walls == WALLS_INTACT:
        return 0.6
    if walls == WALLS_DAMAGED:
        return 0.8
    if walls == WALLS_WRECKED:
        return 1.5
    return 0.0


cdef void _walls_gain(int walls, double* gain) noexcept nogil:
    gain[0] = 0.0
    gain[1] = _level(walls)
    gain[2] = gain[1] + (_level(walls - 1) if walls > WALLS_DESTROYED else 0.0)


cdef double _repair(int walls) noexcept nogil:
    """Raising the walls one level: worth the level it saves from the next attack."""
    if walls == WALLS_INTACT or walls == WALLS_DESTROYED:
        return 0.0
    return _level(walls)


# ------------------------------------------------------------------ attacks
cdef double _shooting(const Baler* t, int side, int area, int bonus_dice, int bonus_cf) noexcept nogil:
    """A shooting by `side`: its dice times the harm to the enemy, less the enemy's dice times
    its own harm; none without units of both sides (l.592)."""
    cdef int f, da, dd
    if units_in(t, area, side) == 0 or units_in(t, area, 1 - side) == 0:
        return 0.0
    f = _own_firepower(t, area, side, True, bonus_cf)
    da = _dice(1, f, bonus_dice)
    dd = _dice(2, -f, 0)
    return da * _die_harm(t, 1 - side, area) - dd * _die_harm(t, side, area)


cdef int _intact_trenches(const Baler* t, int area) noexcept nogil:
    """The area's trench sections built and not sabotaged (l.739-l.741)."""
    cdef int k, tr, n = 0
    for k in range(2):
        tr = 2 * area + k
        if (t.trench_built >> tr) & 1 and not (t.trench_sabotaged >> tr) & 1:
            n += 1
    return n


cdef void _spanish_targets(const Baler* t, int area, double* gain) noexcept nogil:
    """One and two targets of a Spanish incursion: a built trench, or the gun once a trench is
    open (l.741, l.807)."""
    cdef int intact = _intact_trenches(t, area)
    cdef bint gun = occupant(t, t.sd.artillery_post[area]) != EMPTY
    gain[0] = 0.0
    if gun and intact < 2:
        gain[1] = GUN
        gain[2] = GUN + (TRENCH if intact else 0.0)
    elif gun:
        gain[1] = TRENCH
        gain[2] = TRENCH + GUN
    else:
        gain[1] = TRENCH if intact else 0.0
        gain[2] = TRENCH * intact


cdef double _incursion(const Baler* t, int side, int area, int bonus_dice, int bonus_cf) noexcept nogil:
    """Successes 5-6 each side, the defender's cancel the attacker's, at most two targets
    (l.788-l.801); every 1 rolled injures an attacker (l.827)."""
    cdef double gain[3]
    cdef int f, da, dd
    if units_in(t, area, side) == 0:
        return 0.0
    f = _own_firepower(t, area, side, t.artillery_in_incursions, bonus_cf)
    da = _dice(1, f, bonus_dice)
    dd = _dice(2, -f, 0) if units_in(t, area, 1 - side) else 0
    if side == PHILIPPINES:
        _walls_gain(t.walls[area], gain)
    else:
        _spanish_targets(t, area, gain)
    return _net_value(da, 1.0 / 3, dd, 1.0 / 3, gain) - (da + dd) / 6.0 * _injury(side)


cdef bint _attack_idle(const Baler* t, int side, int kind, int area) noexcept nogil:
    """An attack that can change nothing the attacker wants: a shooting with no enemy in the
    area's guard posts (l.592); an incursion with no target in reach (l.801: the walls already
    Destroyed; for Spain neither a built trench nor a gun, l.739-l.741), whose 1s can only
    injure the attackers (l.827); artillery on Destroyed walls with no Spaniard for its
    shrapnel (l.866-l.877)."""
    if kind == CB_SHOOTING:
        return units_in(t, area, 1 - side) == 0
    if kind == CB_INCURSION:
        if side == PHILIPPINES:
            return t.walls[area] == WALLS_DESTROYED
        return _intact_trenches(t, area) == 0 and occupant(t, t.sd.artillery_post[area]) == EMPTY
    return t.walls[area] == WALLS_DESTROYED and units_in(t, area, SPAIN) == 0


cdef bint _outgunned(const Baler* t, int a) noexcept nogil:
    """Attack `a` (A_ATTACK + 4 * (kind - 1) + area) is a shooting or an incursion begun with
    the firepower against its side, an event's combat strength counted (t.atk_cf): the stronger
    side rolls the extra dice (l.617), so the attacker's one die meets three to five."""
    cdef int kind = (a - A_ATTACK) // 4 + 1
    if kind == CB_ARTILLERY:
        return False
    return _own_firepower(t, (a - A_ATTACK) % 4, t.actor, kind == CB_SHOOTING or t.artillery_in_incursions,
                          t.atk_cf if t.node == N_ATTACK else 0) < 0


cdef int bot_attacks(const Baler* t, int* actions, int n) noexcept nogil:
    """The moves of the Action phase or of an event's attack without the attacks that can
    change nothing (_attack_idle), nor those begun outgunned (_outgunned): a person may still
    make them, a bot does not. Outgunned, a shooting takes more fire than it gives (both sides
    fire at once, l.586), and an incursion's one die meets the defender's three or more, whose
    successes cancel the attacker's (l.784, l.788) while every 1 on either side injures an
    attacker (l.827). In play the Philippines made such incursions, one die against four, and
    one cost two action points and two men for nothing. Declining (done) is always among the
    moves, so some remain."""
    cdef int i, a, m = 0
    for i in range(n):
        a = actions[i]
        if A_ATTACK <= a < A_ACT and (_attack_idle(t, t.actor, (a - A_ATTACK) // 4 + 1, (a - A_ATTACK) % 4)
                                      or _outgunned(t, a)):
            continue
        actions[m] = a
        m += 1
    return m


cdef bint _sure_gain(const Baler* t, int side, int card, int part) noexcept nogil:
    """An event part that only gains: no die among its effects that may cost more than it wins
    (an attack; Spain's supply roll, whose 1 costs morale, l.1037-l.1054), and worth something
    now (_part): a track raised or the enemy's lowered, a wounded man healed, a gun placed, a
    section built."""
    cdef int k
    cdef const int8_t* e
    for k in range(EVENT_EFFECTS):
        e = &t.sd.card[card][CARD_EFFECTS + (part * EVENT_EFFECTS + k) * EFFECT_W]
        if e[0] < 0:
            break
        if e[0] == E_ATTACK or (e[0] == E_SUPPLY_ROLL and side == SPAIN):
            return False
    return _part(t, side, card, part) > 0.0


cdef int bot_events(const Baler* t, int* actions, int n) noexcept nogil:
    """The next event to resolve: a bot does not stop (done) while an event that only gains is
    left (_sure_gain), which the rulebook lets a side decline (l.356) but no player would: in
    play Spain left Rally the Detachment unresolved at morale 0, and deserters followed."""
    cdef int i, a
    for i in range(n):
        a = actions[i]
        if a != A_DONE and _sure_gain(t, t.actor, t.ev_card[(a - A_EVENT) // 2], (a - A_EVENT) % 2):
            return without(actions, n, A_DONE)
    return n


cdef bint _sure_action(const Baler* t, int side, int a) noexcept nogil:
    """An action of the Action phase that only gains: raising the morale below its top (l.1125:
    "Raise your morale level by 2"), healing when a man lies in the infirmary (Spain, l.1107),
    the Philippines' supply roll (their table only adds supply, l.1048-l.1054) below the top."""
    cdef int code = a - A_ACT
    if code == ACT_MORALE:
        return _track_change(t, side, 2, True) > 0.0
    if code == ACT_HEAL:
        return _wounded(t) > 0
    return code == ACT_SUPPLY and side == PHILIPPINES and _supply_roll(t, side) > 0.0


cdef int bot_spend(const Baler* t, int* actions, int n) noexcept nogil:
    """The Action phase: a bot does not end it (done) while an action that only gains is
    offered (_sure_action): "all points not used in this phase are lost" (l.541). In play
    Spain ended it with 5 points at morale 0 and supply 1, and deserters followed."""
    cdef int i
    for i in range(n):
        if A_ACT <= actions[i] < A_ACT + N_ACT_CODES and _sure_action(t, t.actor, actions[i]):
            return without(actions, n, A_DONE)
    return n


cdef double _artillery(const Baler* t, int area, int bonus_dice) noexcept nogil:
    """Two Filipino dice against one Spanish die if Spain mans the area, 4-6 succeed; each
    Filipino 6 not cancelled wounds a Spaniard (l.862-l.877)."""
    cdef double gain[3]
    cdef int dd = 1 if units_in(t, area, SPAIN) else 0
    cdef int da = min(2 + bonus_dice, MAX_COMBAT_DICE)
    _walls_gain(t.walls[area], gain)
    return (_net_value(da, 0.5, dd, 0.5, gain)
            + (da / 6.0) * (1.0 - 0.5 * dd) * INJURY_SPAIN * (1.0 if dd else 0.0))


cdef double _attack(const Baler* t, int side, int kind, int area, int bonus_dice, int bonus_cf) noexcept nogil:
    if kind == CB_SHOOTING:
        return _shooting(t, side, area, bonus_dice, bonus_cf)
    if kind == CB_INCURSION:
        return _incursion(t, side, area, bonus_dice, bonus_cf)
    return _artillery(t, area, bonus_dice)


# ------------------------------------------------------------------ tracks and the infirmary
cdef double _morale_level(int side, int level) noexcept nogil:
    """Having reached morale `level`: Spain deserts at 2 or less (l.394-l.396); above that a
    level is one more modifier (l.910)."""
    if side == SPAIN:
        return 0.6 if level <= 3 else 0.15
    return 0.3 if level <= 2 else 0.15


cdef double _supply_level(int side, int level) noexcept nogil:
    """Having reached supply `level`: Attrition takes 1-2 (l.381-l.384, l.452-l.454) and
    under 4 costs Spain men (l.386) and the Philippines morale (l.458)."""
    if side == SPAIN:
        return 0.45 if level <= 5 else 0.2
    return 0.3 if level <= 5 else 0.1


cdef double _track_change(const Baler* t, int side, int delta, bint morale) noexcept nogil:
    """What a change of `delta` on the side's track is worth to that side (0-6, l.377)."""
    cdef int m = t.morale[side] if morale else t.supply[side]
    cdef int L
    cdef double v = 0.0
    if delta > 0:
        for L in range(m + 1, min(m + delta, 6) + 1):
            v += _morale_level(side, L) if morale else _supply_level(side, L)
    else:
        for L in range(m, max(m + delta, 0), -1):
            v -= _morale_level(side, L) if morale else _supply_level(side, L)
    return v


cdef double _supply_roll(const Baler* t, int side) noexcept nogil:
    """The supply action's die (l.1037-l.1054): its expected worth."""
    cdef int f
    cdef double v = 0.0
    for f in range(1, DIE + 1):
        if side == SPAIN:
            if f == 1:
                v += _track_change(t, SPAIN, -1, True)
            elif f >= 3:
                v += _track_change(t, SPAIN, 2 if f == 6 else 1, False)
        else:
            v += _track_change(t, PHILIPPINES, filipino_supply_gain(f + territorial_modifier(t)), False)
    return v / DIE


cdef int _wounded(const Baler* t) noexcept nogil:
    cdef int b, n = 0
    for b in range(1, N_BEDS + 1):
        n += bed_occupant(t, b) != EMPTY
    return n


cdef bint _deadly(const Baler* t) noexcept nogil:
    """The next wounded pushes bed 1's man into the graveyard (l.950)."""
    return bed_occupant(t, t.beds_open) != EMPTY and bed_occupant(t, 1) != EMPTY


cdef double _heal(const Baler* t) noexcept nogil:
    cdef int first = bed_occupant(t, 1)
    if _wounded(t) == 0:
        return -0.3
    if _deadly(t):
        return 1.0 + (0.5 if unit_type(t, first) == T_LEADER else 0.0)
    return 0.2 + 0.1 * _wounded(t)


cdef double _expand(const Baler* t) noexcept nogil:
    if t.beds_open >= N_BEDS:
        return -0.3
    return 0.7 if _deadly(t) else 0.1


# ------------------------------------------------------------------ the standing
cdef double standing(const Baler* t) noexcept nogil:
    """Spain's lead in what has not scored yet, roughly in VP, for the heuristic returns of a
    playout cut short: each side's supply and morale levels as _track_change weighs them
    (Attrition's sickness and desertions, the modifiers: l.386-l.397, l.458-l.462, l.910), less
    the church walls' levels lost (_level: the last the dearest, two areas end the game,
    l.1190)."""
    cdef int side, L, a
    cdef double v = 0.0, own
    for side in range(2):
        own = 0.0
        for L in range(1, t.supply[side] + 1):
            own += _supply_level(side, L)
        for L in range(1, t.morale[side] + 1):
            own += _morale_level(side, L)
        v += own if side == SPAIN else -own
    for a in range(N_AREAS):
        for L in range(t.walls[a] + 1, WALLS_INTACT + 1):
            v -= _level(L)
    return v


# ------------------------------------------------------------------ the territorial map
cdef double _dice_at(const Baler* t, int mod) noexcept nogil:
    """A Filipino attrition die and a supply action's die at modifier `mod`, from the supply
    they hold (l.452-l.454, l.1048-l.1054)."""
    cdef int f
    cdef double v = 0.0
    for f in range(1, DIE + 1):
        v += (_track_change(t, PHILIPPINES, -filipino_attrition(f + mod), False)
              + _track_change(t, PHILIPPINES, filipino_supply_gain(f + mod), False))
    return v / DIE


cdef double _terr_worth(const Baler* t, int space) noexcept nogil:
    """The stack in `space` (0: none on the map) for the rest of the game: its modifier on the
    Filipino supply dice of each turn left, an attrition and about one supply action (l.450,
    l.1048), and the VP of the checks left (l.1180-l.1182), the last one half as the US
    advance on the stack first (l.474)."""
    cdef double checks = (1.0 if t.turn <= TERR_CHECK_TURN else 0.0) + 0.5
    cdef double per_turn = _dice_at(t, space_modifier(t, space)) - _dice_at(t, t.no_troops_modifier)
    return (LAST_TURN - t.turn + 1) * per_turn + territory_vp(space) * checks


cdef double _tfight(int dice, int foe, bint win) noexcept nogil:
    """The chance the Filipino dice's successes (5-6, l.1398) exceed the foreign power's
    (`win`), or fall short of them."""
    cdef double a[MAX_COMBAT_DICE + 1]
    cdef double d[MAX_COMBAT_DICE + 1]
    cdef int i, j
    cdef double p = 0.0
    _binomial(dice, 1.0 / 3, a)
    _binomial(foe, 1.0 / 3, d)
    for i in range(dice + 1):
        for j in range(foe + 1):
            if (i > j) if win else (i < j):
                p += a[i] * d[j]
    return p


cdef double _tadvance(const Baler* t, int k, int strength) noexcept nogil:
    """The stack of `strength` moved to space k; into the foreign power's space it fights
    (l.1374): won, it takes the space; lost to the US, a unit goes and the stack falls back
    one space (l.1402-l.1405)."""
    cdef double here = _terr_worth(t, t.terr_space)
    cdef int dice = min(strength, MAX_COMBAT_DICE)
    cdef int foe = tdice_count(t, SPAIN)
    cdef double v
    if k != t.foreign_space:
        return _terr_worth(t, k) - here
    v = _tfight(dice, foe, True) * (_terr_worth(t, k) - here)
    if t.us_power:
        v -= _tfight(dice, foe, False) * (INJURY_PHIL + here - _terr_worth(t, max(1, t.terr_space - 1)))
    return v


cdef double _best_advance(const Baler* t, int strength) noexcept nogil:
    cdef int k
    cdef double v, best = -1.0
    for k in range(max(<int>t.terr_space, 1) + 1, min(<int>t.foreign_space, MANILA - 1) + 1):
        v = _tadvance(t, k, strength)
        if v > best:
            best = v
    return best


cdef double _deploy(const Baler* t) noexcept nogil:
    """Units placed on the map (l.1367-l.1371): the stack's place, then half the advance a
    stack of the strongest units that may go could make with the next movement."""
    cdef int c, j, k, swap, room = MAX_STACK - stack_size(t), strength = stack_strength(t)
    cdef int best[MAX_STACK]
    for k in range(MAX_STACK):
        best[k] = 1 if bag_count(t, PHILIPPINES) > k else 0     # a soldier drawn from the bag
    for c in range(t.sd.n_units):
        if deploy_unit_ok(t, c):
            k = unit_factor(t, c, F_COMBAT)
            for j in range(MAX_STACK):
                if k > best[j]:
                    swap = best[j]
                    best[j] = k
                    k = swap
    for k in range(room):
        strength += best[k]
    return (_terr_worth(t, deploy_space(t)) - _terr_worth(t, t.terr_space)
            + 0.5 * max(_best_advance(t, strength), 0.0))


cdef double _move_worth(const Baler* t, int side) noexcept nogil:
    """A movement (an action, l.1016, or an event's): the posts to man, or the Philippines'
    stack on the territorial map (l.1365-l.1374)."""
    cdef double v = 0.3 * (_empty_posts(t, side) > 0)
    if side == PHILIPPINES:
        if stack_size(t) < MAX_STACK:
            v = max(v, _deploy(t))
        if t.terr_space > 0:
            v = max(v, _best_advance(t, stack_strength(t)))
    return v


# ------------------------------------------------------------------ guard posts
cdef void _cover(const Baler* t, int space, int side, int* areas, int* bare) noexcept nogil:
    """How many areas a guard post fights in (the Bell Tower: four, l.104), and in how many of
    them the side has nobody."""
    cdef int a, i
    areas[0] = bare[0] = 0
    for a in range(N_AREAS):
        for i in range(t.sd.n_posts[a][side]):
            if t.sd.posts[a][side][i] == space:
                areas[0] += 1
                bare[0] += units_in(t, a, side) == 0


cdef int _empty_posts(const Baler* t, int side) noexcept nogil:
    cdef int a, i, n = 0
    for a in range(N_AREAS):
        for i in range(t.sd.n_posts[a][side]):
            n += occupant(t, t.sd.posts[a][side][i]) == EMPTY
    return n


cdef double _command(const Baler* t, int c, int k) noexcept nogil:
    """A leader entering command post k (l.1270-l.1330)."""
    cdef int side = unit_side(t, c)
    if k == CMD_MILITARY:
        return 0.2 + 0.15 * unit_rank(t, c)
    if side == SPAIN and k == CMD_SECOND:
        return _heal(t)
    if side == SPAIN:
        return _track_change(t, SPAIN, 2 if c == t.sd.carreno and t.turn <= 3 else 1, True)
    if k == CMD_SECOND:
        return _track_change(t, PHILIPPINES, 2 if unit_rank(t, c) >= 3 else 1, True)
    if not gun_placeable(t):
        return -0.3
    return 0.8 if t.turn < 4 else 0.55


cdef int _command_index(const Baler* t, int side, int space) noexcept nogil:
    cdef int k
    for k in range(N_COMMAND):
        if t.sd.command[side][k] == space:
            return k
    return -1


cdef double _destination(const Baler* t, int c, int s) noexcept nogil:
    """Unit c moved (or drawn, or manned) onto space s."""
    cdef int side = unit_side(t, c)
    cdef int k, o, areas, bare
    cdef double cf = unit_factor(t, c, F_COMBAT)
    if is_post(t, s, side):
        if is_post(t, t.at[c], side):
            return 0.0      # a swap of posts
        _cover(t, s, side, &areas, &bare)
        o = occupant(t, s)
        if o == EMPTY:
            return 0.3 + 0.6 * bare + 0.05 * cf * areas
        return 0.05 * areas * (cf - unit_factor(t, o, F_COMBAT)) - (0.3 if unit_type(t, o) == T_LEADER else 0.0)
    k = _command_index(t, side, s)
    if k >= 0:
        return _command(t, c, k)
    return 0.1


cdef bint _reserve(const Baler* t, int c) noexcept nogil:
    """A leader kept face up in a non-military command post (l.1236)."""
    cdef int s = t.at[c]
    return (kind_of(t, s) == t.sd.cmd_kind and s != t.sd.command[unit_side(t, c)][CMD_MILITARY]
            and not ws_has(t.exhausted, UNIT_WORDS, c))


cdef double _mover(const Baler* t, int c) noexcept nogil:
    """A unit chosen for a sub-move: the best it can reach, roughly."""
    cdef int side = unit_side(t, c)
    cdef int k, s
    cdef double v, best
    if unit_type(t, c) == T_LEADER and _reserve(t, c):
        return _command(t, c, _command_index(t, side, t.at[c]))
    if not in_detachment(t, t.at[c], side):
        return 0.0
    best = 0.5 if _empty_posts(t, side) else 0.0
    if unit_type(t, c) == T_LEADER and not ws_has(t.disabled, UNIT_WORDS, c):
        for k in range(N_COMMAND):
            s = t.sd.command[side][k]
            if occupant(t, s) == EMPTY and (side == PHILIPPINES or
                                            t.sd.board.spaces[s].role == t.sd.units.counters[c].role):
                v = _command(t, c, k)
                if v > best:
                    best = v
    return best


# ------------------------------------------------------------------ events
cdef double _attack_effect(const Baler* t, int side, const int8_t* e) noexcept nogil:
    """An event's attacks: the best `count` areas, each at most once (l.582), declined where
    the odds are bad."""
    cdef double best[N_AREAS]
    cdef double v, top1 = 0.0, top2 = 0.0
    cdef int kind, area
    for area in range(N_AREAS):
        best[area] = 0.0
        for kind in range(CB_SHOOTING, CB_ARTILLERY + 1):
            if (e[1] == 0 or e[1] == kind) and attack_ok(t, side, kind, area):
                v = _attack(t, side, kind, area, e[3], e[4]) + 0.1 * e[5]
                if v > best[area]:
                    best[area] = v
        if best[area] > top1:
            top2 = top1
            top1 = best[area]
        elif best[area] > top2:
            top2 = best[area]
    return top1 + (top2 if e[2] >= 2 else 0.0)


cdef double _effect(const Baler* t, int side, const int8_t* e) noexcept nogil:
    cdef int k = e[0]
    cdef int a, target
    cdef double v
    if k == E_ATTACK:
        return _attack_effect(t, side, e)
    if k == E_MORALE or k == E_SUPPLY:
        target = side if e[2] == 0 else 1 - side
        v = _track_change(t, target, e[1], k == E_MORALE)
        return v if target == side else -v
    if k == E_SUPPLY_ROLL:
        return e[1] * _supply_roll(t, side)
    if k == E_TAKEOVER:
        v = 0.0
        for a in range(N_AREAS):
            v = max(v, 0.5 * _level(t.walls[a]))
        return v
    if k == E_REPAIR:
        v = 0.0
        for a in range(N_TRENCHES if side == PHILIPPINES else N_AREAS):
            if side == SPAIN and walls_repairable(t, a, e[2] == 0):
                v = max(v, _repair(t.walls[a]))
            elif side == PHILIPPINES and trench_repairable(t, a, e[2] == 0):
                v = max(v, 2 * TRENCH)
        return v * e[1]
    if k == E_DESTROY_TRENCH:
        return TRENCH * e[1] if t.trench_built else 0.0
    if k == E_HEAL:
        return _heal(t)
    if k == E_EXPAND:
        return _expand(t)
    if k == E_TRENCH:
        return 0.7 * e[1] if trench_possible(t, e[2] == 0) else 0.0
    if k == E_SURVEILLANCE:
        return 0.15 * e[1] if can_surveil(t, side) else 0.0
    if k == E_MOVE:
        return 0.2 + _move_worth(t, side)
    if k == E_MAN_POSTS:
        return 0.5 * min(<int>e[1], min(_empty_posts(t, side), bag_count(t, side)))
    if k == E_PERSISTENCE:
        return 0.0 if t.persistence else 0.3
    if k == E_US_ADVANCE:
        return 0.4 if t.us_power and t.turn >= 4 else 0.0
    if k == E_PLACE_ARTILLERY:
        return (0.8 if t.turn < 4 else 0.55) if gun_placeable(t) else 0.0
    if k == E_VP:
        return e[1]
    if k == E_BERIBERI or k == E_DESERTION:
        return 0.6 * e[1]
    return 0.0


cdef double _part(const Baler* t, int side, int card, int part) noexcept nogil:
    """The main event (part 0) or the secondary event (1) of a card, played by `side`."""
    cdef int k
    cdef double v = 0.0
    cdef const int8_t* e
    if card == EMPTY:
        return 0.0
    for k in range(EVENT_EFFECTS):
        e = &t.sd.card[card][CARD_EFFECTS + (part * EVENT_EFFECTS + k) * EFFECT_W]
        if e[0] < 0:
            break
        v += _effect(t, side, e)
    return v


cdef double _support(const Baler* t, int side, int s) noexcept nogil:
    """A support card: the secondary events it boosts, as apply_support picks them (l.370-l.371),
    less the card; one that boosts nothing only loses its action points."""
    cdef int e0 = boost_icons(t, 0, s), e1 = boost_icons(t, 1, s)
    cdef double v0 = _part(t, side, t.ev_card[0], 1), v1 = _part(t, side, t.ev_card[1], 1)
    cdef double v = -1.0
    if e0 and e1 and popcount(e0 | e1) >= 2 and not (e0 == e1 and popcount(e0) == 1):
        v = v0 + v1
    elif e0 and e1:
        v = max(v0, v1)
    elif e0:
        v = v0
    elif e1:
        v = v1
    return v - AP_COST * t.sd.card[s][CARD_AP]


cdef double _initiative(const Baler* t, int side, int c) noexcept nogil:
    """A card for initiative: its value there, less what it would do later: its action points,
    its event kept for the Events phase; an own Fog of War card's event is resolved at once
    (l.315)."""
    cdef double v = INIT_VALUE * t.sd.card[c][CARD_INIT] - AP_COST * t.sd.card[c][CARD_AP]
    cdef double event = _part(t, side, c, 0)
    if t.sd.card[c][CARD_TYPE] == CT_FOW:
        return v + 0.5 * event
    return v - 0.5 * max(event, 0.0)


cdef double _card_worth(const Baler* t, int side, int c) noexcept nogil:
    """A card of one's own for a later turn: its action points (l.504), or its main event."""
    return max(AP_COST * t.sd.card[c][CARD_AP], _part(t, side, c, 0))


cdef double _fow_keep(const Baler* t, int side) noexcept nogil:
    """Keeping the enemy's Fog of War card just drawn (l.1210-l.1211): its event denied to the
    enemy (l.214), for a morale level, a blank card in one's own deck (l.216) and the shared
    card that giving it back would bring (l.1211: a face-up one, or the deck's top)."""
    cdef int k, c = t.fow_drawn[side]
    cdef double shared = AVERAGE_CARD           # the deck's top, unseen
    for k in range(2):
        if t.shared_up[k] != EMPTY:
            shared = max(shared, _card_worth(t, side, t.shared_up[k]))
    return _card_worth(t, 1 - side, c) + _track_change(t, side, -1, True) - AVERAGE_CARD - shared


# ------------------------------------------------------------------ the action phase
cdef double _act(const Baler* t, int side, int a) noexcept nogil:
    cdef int code = a - A_ACT
    cdef int k
    cdef double v
    if a == A_DONE:
        return DONE_WITH_AP if t.ap[side] > 0 else 0.0
    if A_ATTACK <= a < A_ACT:
        return _attack(t, side, (a - A_ATTACK) // 4 + 1, (a - A_ATTACK) % 4, 0, 0)
    if code == ACT_MOVE:
        return 0.1 + _move_worth(t, side)
    if code == ACT_SUPPLY:
        return _supply_roll(t, side)
    if code == ACT_EXPAND:
        return _expand(t)
    if code == ACT_HEAL:
        return _heal(t)
    if code == ACT_MORALE:
        return _track_change(t, side, 2, True)
    if code == ACT_PERSIST:
        return 0.25
    if code == ACT_YORKTOWN:
        return 0.3
    if code == ACT_SURVEIL:
        return 0.1
    if code == ACT_TRENCH:
        return 0.7
    if code == ACT_REPAIR:
        v = 0.0
        for k in range(N_TRENCHES if side == PHILIPPINES else N_AREAS):
            if side == SPAIN and walls_repairable(t, k, False):
                v = max(v, _repair(t.walls[k]))
            elif side == PHILIPPINES and trench_repairable(t, k, False):
                v = max(v, 2 * TRENCH)
        return v - 0.1
    return 0.0


# ------------------------------------------------------------------ combat decisions
cdef double _modifier(const Baler* t, int a) noexcept nogil:
    """A modifier: the die's gain in worth (combat_worths; a re-roll its mean), less its cost:
    a morale level (dear when Spain would fall to desertion, l.394), the commander's exhaustion
    (l.918), the Persistence marker (l.1147); the leader on the map and the card's re-rolls are
    free (l.922-l.926, l.930)."""
    cdef int8_t worth[DIE + 1]
    cdef int side = t.actor
    cdef int code = a - A_MOD
    cdef int src = code // 12, face = code % 6 + 1, f
    cdef double gain, mean = 0.0, cost = 0.0
    if a == A_DONE or not (A_MOD <= a < A_TARGET):
        return 0.0
    combat_worths(t, side, worth)
    if (code // 6) % 2 == 0:
        gain = worth[face + 1] - worth[face] if face < DIE else 0.0
    else:
        for f in range(1, DIE + 1):
            mean += worth[f]
        gain = mean / DIE - worth[face]
    if src == MOD_MORALE:
        cost = (0.6 if t.morale[side] <= 3 else 0.15) if side == SPAIN else 0.1
    elif src == MOD_COMMAND:
        cost = 0.0 if t.cb.used[side] & (1 << MOD_COMMAND) else 0.15
    elif src == MOD_PERSIST:
        cost = 0.2
    return 0.5 * gain - cost


cdef double _area(const Baler* t, int a) noexcept nogil:
    """An area for the procedure under way: surveillance where both sides stand, repair the
    lowest walls, the Takeover attempt the lowest walls still standing."""
    cdef int area = a - A_AREA
    if a == A_DONE:
        return 0.0
    if t.proc == P_SURVEILLANCE:
        return 0.3 if units_in(t, area, SPAIN) and units_in(t, area, PHILIPPINES) else 0.0
    if t.proc == P_REPAIR:
        return _repair(t.walls[area])
    return _level(t.walls[area])


cdef double _trench(const Baler* t, int side, int a) noexcept nogil:
    """A trench section for the procedure under way: built (l.1133) or repaired (l.1081), worth
    what the card or action that chose it was, less the supply level it costs unless the card
    makes it free; destroyed by Spain's card (l.809), a section the less. Declining builds
    nothing."""
    cdef double cost
    if a == A_DONE:
        return 0.0
    if t.proc == P_DESTROY_TRENCH:
        return TRENCH
    cost = 0.0 if t.proc_arg == 0 else _track_change(t, side, -1, False)
    return (0.7 if t.proc == P_TRENCH else 2 * TRENCH) + cost


cdef double _gun_post(const Baler* t, int a) noexcept nogil:
    """A reserve gun's post: where the walls are lowest, behind built trenches (l.739-l.741)."""
    cdef int area = a - A_AREA
    return _level(t.walls[area]) + 0.2 * _intact_trenches(t, area)


cdef double _value(const Baler* t, int a) noexcept nogil:
    cdef int n = t.node
    cdef int side = t.actor
    cdef int c
    if n == N_INIT:
        return _initiative(t, side, a - A_CARD) if a != A_DONE else 0.0
    if n == N_EV_CARD:
        c = a - A_CARD
        return _part(t, side, c, 0) - AP_COST * t.sd.card[c][CARD_AP]
    if n == N_EV_SUPPORT:
        return _support(t, side, a - A_CARD) if a != A_DONE else 0.0
    if n == N_EV_NEXT:
        return _part(t, side, t.ev_card[(a - A_EVENT) // 2], (a - A_EVENT) % 2) if a != A_DONE else 0.0
    if n == N_ATTACK:
        if a == A_DONE:
            return 0.0
        return (_attack(t, side, (a - A_ATTACK) // 4 + 1, (a - A_ATTACK) % 4, t.atk_dice, t.atk_cf)
                + 0.1 * t.atk_rerolls)
    if n == N_SHOOT:
        return _shooting(t, side, a - A_AREA, 0, 0)
    if n == N_ACT:
        return _act(t, side, a)
    if n == N_MOD:
        return _modifier(t, a)
    if n == N_SURV:
        if a == A_DONE:
            return 0.0
        return 0.4 if t.cb.firepower * (1 if side == SPAIN else -1) < 3 else -0.3
    if n == N_TARGET:
        if side == SPAIN:
            return GUN if a == A_TARGET + TARGET_ARTILLERY else TRENCH
        return 0.0
    if n == N_VICTIM:
        c = a - A_UNIT
        return -0.2 * unit_factor(t, c, F_COMBAT) - (1.0 if unit_type(t, c) == T_LEADER else 0.0)
    if n == N_TRENCH:
        return _trench(t, side, a)
    if n == N_AREA:
        return _area(t, a)
    if n == N_ARTY:
        return _gun_post(t, a)
    if n == N_HEAL:
        if a == A_ACT + ACT_HEAL_TWO:
            return 1.0 if _wounded(t) >= 2 else 0.3
        c = bed_occupant(t, a - A_BED + 1)
        if unit_type(t, c) == T_LEADER:
            return 0.9
        return 0.7 if a == A_BED and _deadly(t) else 0.3
    if n == N_MOVE:
        if a == A_DONE:
            return -0.4
        if a == A_ACT + ACT_BAG:
            return 0.3 if _empty_posts(t, side) else 0.0
        if a == A_ACT + ACT_ADVANCE:
            return _best_advance(t, stack_strength(t))
        if a == A_ACT + ACT_DEPLOY:
            return _deploy(t)
        return _mover(t, a - A_UNIT)
    if n == N_FOW_KEEP:
        return _fow_keep(t, side) if a == A_YES else 0.0
    if n == N_TADVANCE:
        return _tadvance(t, t.sd.board.spaces[a - A_SPACE].number, stack_strength(t))
    if n == N_TDEPLOY:
        if a == A_DONE:
            return -0.3 if stack_size(t) < MAX_STACK else 0.0
        return 0.1 * (unit_factor(t, a - A_UNIT, F_COMBAT) if a != A_ACT + ACT_BAG else 1)
    if n == N_TLOSS:
        return -0.1 * unit_factor(t, a - A_UNIT, F_COMBAT)
    if n == N_MOVE_DEST or n == N_MAN:
        if a == A_ACT + ACT_TO_BAG:
            return -0.2
        return _destination(t, t.mv_unit, a - A_SPACE)
    return 0.0


cdef void action_priors(const Baler* t, const int* actions, int n, double* out) noexcept nogil:
    """exp(SCALE * value) of each move, normalised to sum to 1."""
    cdef int i
    cdef double total = 0.0
    for i in range(n):
        out[i] = _weight(_value(t, actions[i]))
        total += out[i]
    for i in range(n):
        out[i] /= total
