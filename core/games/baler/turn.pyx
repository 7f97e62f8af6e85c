# cython: language_level=3
"""The turn (l.317-l.342): the deal, Initiative (secret cards revealed together, l.348), the
Events phase (events.pyx), Attrition (attrition.pyx, then the US in turns 4-6), First
Shootings (l.498), the Action phase (l.504-l.559), Second Shootings (l.1155), Upkeep
(victory, the turn-3 US swap, Fog of War, manning, leaders, next turn; l.1167-l.1252).
`run` performs the automatic steps until a seat or chance must act."""
from libc.stdint cimport int8_t, uint32_t, uint64_t
from partisan.core.cards cimport bit, count as popcount
from partisan.core.decision cimport secret_commit, secret_reveal, secrets_clear
from partisan.core.state cimport GameState, token
from partisan.core.bitset cimport ws_add, ws_clear, ws_remove
from partisan.core.games.baler.table cimport (
    Baler, CARD_AP, CARD_INIT, CARD_TYPE, CB_ARTILLERY, CB_INCURSION, CB_SHOOTING, CMD_MILITARY,
    CT_FOW, EMPTY, LAST_TURN, N_AREAS, N_BEDS, N_TRENCHES, PHILIPPINES, SPAIN, UNIT_WORDS,
    VP_TERRITORY, VP_TRENCHES, VP_WALL_BONUS, WALLS_INTACT, WALLS_WRECKED, move_unit, occupant,
    score, unit_home)
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler cimport (
    attrition, combat_flow, combat_rules, events, fortifications, heal, infirmary, movement,
    procedures, spaces, territory)
from partisan.core.games.baler.territory cimport TERR_CHECK_TURN, US_ARRIVAL_TURN, territory_vp

cdef enum:
    PH_DEAL = 0
    PH_INITIATIVE = 1
    PH_EVENTS = 2
    PH_ATTRITION = 3
    PH_SHOOT1 = 4
    PH_ACTION = 5
    PH_SHOOT2 = 6
    PH_UPKEEP = 7
    HAND = 6                # "Each player draws 6 cards" (l.1252)
    LEAD = 15               # a 15-point lead ends the game (l.1189)


cdef void run(GameState g, Baler* t) noexcept nogil:
    """Perform automatic steps until the game waits for a decision or a chance outcome."""
    cdef int n
    while not t.over:
        n = t.node
        if n == N_PHASE:
            phase_step(g, t)
        elif n == N_EFFECT:
            events.effect_step(t)
        elif n == N_FIGHT:
            combat_flow.fight_step(t)
        elif n == N_MOVING:
            movement.moving_next(t)
        elif n == N_LOSS:
            attrition.loss_step(t)
        elif n == N_US:
            territory.us_next(t)
        elif n == N_TFIGHT:
            territory.tfight_step(t)
        elif n == N_PROC:
            procedures.proc_begin(t)
        elif n == N_RETURN:
            proc_return(t)
        else:
            return


cdef void _next_phase(Baler* t, int phase) noexcept nogil:
    t.phase = <int8_t>phase
    t.step = 0
    t.automa_due = t.automa_on and phase != PH_DEAL


# ---------------------------------------------------------------- the automa's deck
cdef int automa_outcomes(const Baler* t, int* out, double* probs) noexcept nogil:
    """The automa's card for the phase: any card not drawn since the deck was last
    reshuffled (the whole deck again once it is spent)."""
    cdef uint32_t deck = t.automa_deck if t.automa_deck else (<uint32_t>1 << AUTOMA_CARDS) - 1
    return _uniform(deck, C_AUTOMA, out, probs)


cdef void apply_automa_draw(Baler* t, int k) noexcept nogil:
    """The card turns face up for all to see and governs the automa until the next phase."""
    if not t.automa_deck:
        t.automa_deck = (<uint32_t>1 << AUTOMA_CARDS) - 1
    t.automa_deck &= ~(<uint32_t>1 << k)
    t.automa_card = <int8_t>k
    t.node = N_PHASE


# ---------------------------------------------------------------- the deal
cdef void reshuffle(GameState g, Baler* t, int side) noexcept nogil:
    """An empty draw deck: the discard pile becomes the deck (l.1252); its cards are known."""
    t.deck[side] = t.discard[side]
    t.discard[side] = 0
    g.observe_all(token(T_CHANCE, side, -2))


cdef int card_outcomes(uint64_t pile, int* out, double* probs) noexcept nogil:
    return _uniform(pile, C_CARD, out, probs)


cdef int _uniform(uint64_t pile, int base, int* out, double* probs) noexcept nogil:
    """Each item of `pile` (a mask) equally likely, as outcome base + item."""
    cdef int c, n = 0
    for c in range(64):
        if (pile >> c) & 1:
            out[n] = base + c
            n += 1
    for c in range(n):
        probs[c] = 1.0 / n
    return n


cdef uint64_t chance_pile(const Baler* t) noexcept nogil:
    if t.node == N_C_DEAL:
        return t.deck[t.actor]
    if t.node == N_C_FOW:
        return t.fow_deck[1 - t.actor]
    return t.shared_deck


cdef void apply_card_draw(GameState g, Baler* t, int c) noexcept nogil:
    """A card draw: into a hand (only its owner sees it), a Fog of War card drawn (only its
    drawer sees it until placed), a shared card face up or into a discard pile (public)."""
    cdef int side = t.actor
    if t.node == N_C_DEAL:
        t.deck[side] &= ~bit(c)
        t.hand[side] |= bit(c)
        g.observe_split(side, token(T_DRAW, side, c), token(T_DRAW, side, -1))
        t.node = N_PHASE
    elif t.node == N_C_FOW:
        t.fow_deck[1 - side] &= ~bit(c)
        t.fow_drawn[side] = <int8_t>c
        g.observe_split(side, token(T_FOW, side, c), token(T_FOW, side, -1))
        t.node = N_PHASE
    else:
        t.shared_deck &= ~bit(c)
        if t.node == N_C_SHARED:
            t.shared_up[0 if t.shared_up[0] == EMPTY else 1] = <int8_t>c
        else:
            t.discard[side] |= bit(c)
        g.observe_all(token(T_CHANCE, side, c))
        t.node = N_PHASE


cdef bint _deal_step(GameState g, Baler* t) noexcept nogil:
    """Fill A and B, then each side draws to six (l.1252); True when a chance node waits."""
    cdef int side
    if (t.shared_up[0] == EMPTY or t.shared_up[1] == EMPTY) and t.shared_deck:
        t.node = N_C_SHARED
        return True
    for side in range(2):
        if popcount(t.hand[side]) < HAND:
            if not t.deck[side] and t.discard[side]:
                reshuffle(g, t, side)
            if t.deck[side]:
                t.node = N_C_DEAL
                t.actor = <int8_t>side
                return True
    return False


# ---------------------------------------------------------------- initiative
cdef int legal_init(const Baler* t, int* out) noexcept nogil:
    cdef int c, n = 0
    for c in range(t.sd.n_cards):
        if (t.hand[t.actor] >> c) & 1 and events.playable(t, c, t.actor):
            out[n] = A_CARD + c
            n += 1
    if n == 0:
        out[n] = A_DONE
        n += 1
    return n


cdef void apply_init(GameState g, Baler* t, int a) noexcept nogil:
    """The card is chosen face down: its owner alone knows it (l.348)."""
    cdef int side = t.actor
    if a == A_DONE:
        g.observe_all(token(T_SECRET, side, -3))
    else:
        t.hand[side] &= ~bit(a - A_CARD)
        secret_commit(g, &t.secret, side, a - A_CARD, T_SECRET)
    t.step += 1
    t.node = N_PHASE


cdef void reveal(GameState g, Baler* t) noexcept nogil:
    """Both cards turn over; the higher initiative value wins, a tie keeps the holder (turn
    1: the Philippines, l.309). Played cards are discarded, shared and own Fog of War cards
    removed; an own Fog of War card's event must be resolved (l.315, l.350)."""
    cdef int side, c
    cdef int v[2]
    t.fow_pending = 0
    for side in range(2):
        c = secret_reveal(g, &t.secret, side, T_REVEAL)
        t.initiative_card[side] = <int8_t>c
        v[side] = -1 if c < 0 else t.sd.card[c][CARD_INIT]
    if v[SPAIN] != v[PHILIPPINES]:
        t.initiative = SPAIN if v[SPAIN] > v[PHILIPPINES] else PHILIPPINES
    for side in range(2):
        c = t.initiative_card[side]
        if c >= 0:
            events.discard_played(t, c, side)
            if t.sd.card[c][CARD_TYPE] == CT_FOW:
                t.fow_pending |= 1 << side


# ---------------------------------------------------------------- shootings
cdef int legal_shoot(const Baler* t, int* out) noexcept nogil:
    """First Shootings: any two areas, the first chosen resolved first (l.498); Second
    Shootings: the two others, in the order the shooter chooses (l.1159)."""
    cdef int a, n = 0
    for a in range(N_AREAS):
        if not (t.shooting_markers >> a) & 1:
            out[n] = A_AREA + a
            n += 1
    return n


cdef void apply_shoot(Baler* t, int a) noexcept nogil:
    cdef int area = a - A_AREA
    t.shooting_markers |= 1 << area
    t.shoot_area[t.shoot_i] = <int8_t>area
    t.shoot_i += 1
    t.node = N_PHASE


cdef bint _shoot(Baler* t, int area, int attacker) noexcept nogil:
    """A mandatory shooting; without units on both sides it has no effect (l.500, l.592)."""
    if combat_rules.units_in(t, area, attacker) == 0 or combat_rules.units_in(t, area, 1 - attacker) == 0:
        return False
    t.actor = <int8_t>attacker
    combat_flow.fight_start(t, CB_SHOOTING, area, attacker, 0, 0, 0)
    call(t, N_FIGHT, N_PHASE)
    return True


# ---------------------------------------------------------------- the action phase
cdef void action_begin(Baler* t, int side) noexcept nogil:
    """Reveal the hand, add its action points (an enemy Fog of War card gives none and is
    discarded, l.545), discard it (l.543)."""
    cdef int c, ap = 0
    for c in range(t.sd.n_cards):
        if (t.hand[side] >> c) & 1:
            if events.playable(t, c, side):
                ap += t.sd.card[c][CARD_AP]
                events.discard_played(t, c, side)
            else:
                t.discard[side] |= bit(c)
    t.hand[side] = 0
    t.ap[side] = <int8_t>ap
    t.attacked[side] = 0
    t.actions_done[side] = 0
    t.specials_done[side] = 0
    t.actor = <int8_t>side
    t.node = N_ACT


cdef int basic_cost(const Baler* t, int b) noexcept nogil:
    """1 AP, 2 AP for the one repetition, then no more (l.565)."""
    cdef int done = t.actions_done[t.actor]
    if (done >> (b + 8)) & 1:
        return 99
    return 2 if (done >> b) & 1 else 1


cdef bint special_ok(const Baler* t, int s) noexcept nogil:
    """2 AP, once a phase (l.567); Trench I and II are two specials (l.1131-l.1139)."""
    cdef int side = t.actor
    if t.ap[side] < 2 or (t.specials_done[side] >> s) & 1:
        return False
    if s == S_EXPAND:
        return side == SPAIN and t.beds_open < N_BEDS
    if s == S_HEAL:
        return side == SPAIN and heal.wounded(t) > 0
    if s == S_YORKTOWN:
        return side == SPAIN and t.us_power and t.turn >= 4
    if s == S_PERSIST:
        return side == PHILIPPINES and not t.persistence
    if s == S_TRENCH_I or s == S_TRENCH_II:
        return side == PHILIPPINES and fortifications.trench_possible(t, False) and (
            s == S_TRENCH_I or (t.specials_done[side] >> S_TRENCH_I) & 1)
    return True     # morale +2


cdef int _special_code(int s) noexcept nogil:
    if s == S_EXPAND:
        return ACT_EXPAND
    if s == S_HEAL:
        return ACT_HEAL
    if s == S_YORKTOWN:
        return ACT_YORKTOWN
    if s == S_MORALE:
        return ACT_MORALE
    if s == S_PERSIST:
        return ACT_PERSIST
    return ACT_TRENCH


cdef int legal_act(const Baler* t, int* out) noexcept nogil:
    cdef int side = t.actor
    cdef int ap = t.ap[side]
    cdef int kind, area, s, n = 1
    out[0] = A_DONE
    if basic_cost(t, B_ATTACK) <= ap:
        for kind in range(CB_SHOOTING, CB_ARTILLERY + 1):
            for area in range(N_AREAS):
                if events.attack_ok(t, side, kind, area):
                    out[n] = A_ATTACK + (kind - 1) * 4 + area
                    n += 1
    if basic_cost(t, B_MOVE) <= ap:
        out[n] = A_ACT + ACT_MOVE
        n += 1
    if basic_cost(t, B_SUPPLY) <= ap:
        out[n] = A_ACT + ACT_SUPPLY
        n += 1
    if basic_cost(t, B_SURVEILLANCE) <= ap and procedures.can_surveil(t, side) and t.surveillance[side] != 15:
        out[n] = A_ACT + ACT_SURVEIL
        n += 1
    if basic_cost(t, B_REPAIR) <= ap and fortifications.repair_possible(t, side, False):
        out[n] = A_ACT + ACT_REPAIR
        n += 1
    for s in range(S_TRENCH_II + 1):
        if s != S_TRENCH_II and special_ok(t, s):
            out[n] = A_ACT + _special_code(s)
            n += 1
        elif s == S_TRENCH_II and not special_ok(t, S_TRENCH_I) and special_ok(t, s):
            out[n] = A_ACT + ACT_TRENCH
            n += 1
    sort_ints(out, n)
    return n


cdef void _pay(Baler* t, int b) noexcept nogil:
    cdef int side = t.actor
    t.ap[side] -= basic_cost(t, b)
    if (t.actions_done[side] >> b) & 1:
        t.actions_done[side] |= 1 << (b + 8)
    t.actions_done[side] |= 1 << b


cdef void _special(Baler* t, int s) noexcept nogil:
    t.ap[t.actor] -= 2
    t.specials_done[t.actor] |= 1 << s


cdef void _proc(Baler* t, int p, int arg) noexcept nogil:
    t.proc = <int8_t>p
    t.proc_arg = <int8_t>arg
    t.proc_n = 0
    call(t, N_PROC, N_ACT)


cdef void apply_act(Baler* t, int a) noexcept nogil:
    cdef int side = t.actor
    cdef int code = a - A_ACT
    if a == A_DONE:
        t.ap[side] = 0      # unused points are lost (l.541)
        t.step += 1
        t.node = N_PHASE
    elif A_ATTACK <= a < A_ACT:
        _pay(t, B_ATTACK)
        combat_flow.fight_start(t, (a - A_ATTACK) // 4 + 1, (a - A_ATTACK) % 4, side, 0, 0, 0)
        call(t, N_FIGHT, N_ACT)
    elif code == ACT_MOVE:
        _pay(t, B_MOVE)
        _proc(t, P_MOVE, 2)
    elif code == ACT_SUPPLY:
        _pay(t, B_SUPPLY)
        _proc(t, P_SUPPLY, 0)
    elif code == ACT_SURVEIL:
        _pay(t, B_SURVEILLANCE)
        _proc(t, P_SURVEILLANCE, 0)
    elif code == ACT_REPAIR:
        _pay(t, B_REPAIR)
        _proc(t, P_REPAIR, 1)
    elif code == ACT_EXPAND:
        _special(t, S_EXPAND)
        infirmary.expand(t)
    elif code == ACT_HEAL:
        _special(t, S_HEAL)
        _proc(t, P_HEAL, 0)
    elif code == ACT_YORKTOWN:
        _special(t, S_YORKTOWN)
        _proc(t, P_US, 0)
    elif code == ACT_MORALE:
        _special(t, S_MORALE)
        t.morale[side] = <int8_t>clamp6(t.morale[side] + 2)
    elif code == ACT_PERSIST:
        _special(t, S_PERSIST)
        t.persistence = 1
    elif code == ACT_TRENCH:
        _special(t, S_TRENCH_II if (t.specials_done[side] >> S_TRENCH_I) & 1 else S_TRENCH_I)
        _proc(t, P_TRENCH, 1)


# ---------------------------------------------------------------- upkeep
cdef void victory(Baler* t) noexcept nogil:
    """Bonus points, then the sudden ends; the game ends after turn 6 (l.1175-l.1198). The
    trench bonus scores at every Upkeep it holds, or once (option trench_bonus); Spain's
    wall bonus is the better tier, or both (option wall_bonus; RULES.md reading 12)."""
    cdef int a, intact = 0, sound = 0
    if (t.trench_built == 0xFF and t.trench_sabotaged == 0
            and not (t.trench_bonus_once and t.trench_bonus_done)):
        score(t, PHILIPPINES, 5 + (1 if t.turn == LAST_TURN else 0), VP_TRENCHES)
        t.trench_bonus_done = 1
    if (t.turn == TERR_CHECK_TURN or t.turn == LAST_TURN) and territory_vp(t.terr_space):
        score(t, PHILIPPINES, territory_vp(t.terr_space), VP_TERRITORY)
    for a in range(N_AREAS):
        intact += t.walls[a] == WALLS_INTACT
        sound += t.walls[a] > WALLS_WRECKED
    if t.turn == LAST_TURN:
        if intact == N_AREAS:
            score(t, SPAIN, 3 if t.wall_bonus_cumulative else 2, VP_WALL_BONUS)
        elif sound == N_AREAS:
            score(t, SPAIN, 1, VP_WALL_BONUS)
    combat_rules.walls_fall(t)
    if t.vp[SPAIN] - t.vp[PHILIPPINES] >= LEAD or t.vp[PHILIPPINES] - t.vp[SPAIN] >= LEAD:
        t.over = 1
    if t.turn >= LAST_TURN:
        t.over = 1
    if t.over:
        t.ended_early = t.turn < LAST_TURN
        t.node = N_OVER


cdef void us_arrives(Baler* t) noexcept nogil:
    """The Spanish power marker leaves the territorial map; the US marker enters Manila on
    its '4' side (l.1202)."""
    t.us_power = 1
    t.foreign_space = 5
    t.foreign_strength = 4


cdef int legal_fow_keep(const Baler* t, int* out) noexcept nogil:
    """Keep it (1 morale) or give it to the enemy's discard pile (l.1208-l.1211)."""
    out[0] = A_DONE
    if t.morale[t.actor] >= 1:
        out[1] = A_YES
        return 2
    return 1


cdef void apply_fow_keep(GameState g, Baler* t, int a) noexcept nogil:
    cdef int side = t.actor
    cdef int c = t.fow_drawn[side]
    t.fow_drawn[side] = EMPTY
    g.observe_all(token(T_FOW_PLACED, side, 2 * c + (a == A_YES)))
    if a == A_YES:
        t.morale[side] -= 1
        t.discard[side] |= bit(c)
        t.node = N_PHASE
    else:
        t.discard[1 - side] |= bit(c)
        t.node = N_FOW_SHARED if legal_fow_shared(t, NULL) else N_PHASE


cdef int legal_fow_shared(const Baler* t, int* out) noexcept nogil:
    cdef int k, n = 0
    for k in range(3):
        if (t.shared_up[k] != EMPTY if k < 2 else t.shared_deck != 0):
            if out != NULL:
                out[n] = A_SHARED + k
            n += 1
    return n


cdef void apply_fow_shared(Baler* t, int a) noexcept nogil:
    cdef int k = a - A_SHARED
    if k == 2:
        t.node = N_C_TOP
        return
    t.discard[t.actor] |= bit(t.shared_up[k])
    t.shared_up[k] = EMPTY
    t.node = N_PHASE


cdef void leader_die(Baler* t, int face) noexcept nogil:
    """1: disabled, to the detachment; 2-5: to the detachment face up; 6: stays face up
    (l.1229-l.1231). A non-military leader may instead Activate or stay in Reserve
    (l.1233-l.1236; RULES.md reading 6; option reserve_on)."""
    cdef int side = t.actor
    cdef int post = t.sd.command[side][t.cmd_i]
    cdef int c = occupant(t, post)
    t.node = N_PHASE
    if face == 1:
        ws_add(t.disabled, UNIT_WORDS, c)
    elif t.cmd_i != CMD_MILITARY and (face == 6 or not t.reserve_six):
        t.node = N_LEADER   # Activate or Reserve (on a 6 only under reserve_on=six)
        return
    ws_remove(t.exhausted, UNIT_WORDS, c)
    if face < 6:
        move_unit(t, c, unit_home(t, c))
    t.cmd_i += 1


cdef void apply_leader(Baler* t, int a) noexcept nogil:
    cdef int side = t.actor
    cdef int post = t.sd.command[side][t.cmd_i]
    cdef int c = occupant(t, post)
    t.node = N_PHASE
    t.cmd_i += 1
    if a == A_YES:
        movement.command_effect(t, c, post)
        move_unit(t, c, unit_home(t, c))
    ws_remove(t.exhausted, UNIT_WORDS, c)


cdef void next_turn(GameState g, Baler* t) noexcept nogil:
    """l.1240-l.1252: the turn advances, shooting markers go, firepower is re-evaluated; the
    shared spaces and the hands are refilled (the deal)."""
    cdef int a
    t.turn += 1
    t.shooting_markers = 0
    for a in range(N_AREAS):
        t.firepower[a] = <int8_t>combat_rules.firepower(t, a, True)
    g.observe_all(token(T_CHANCE, -1, t.turn))
    _next_phase(t, PH_DEAL)


# ---------------------------------------------------------------- the phases
cdef void phase_step(GameState g, Baler* t) noexcept nogil:
    cdef int ph = t.phase
    cdef int step = t.step
    cdef int side, k
    if t.automa_due:
        t.automa_due = 0
        t.node = N_C_AUTOMA
        return
    if ph == PH_DEAL:
        if not _deal_step(g, t):
            _next_phase(t, PH_INITIATIVE)
            secrets_clear(&t.secret)
            t.initiative_card[0] = t.initiative_card[1] = EMPTY     # last turn's, put away
    elif ph == PH_INITIATIVE:
        if step < 2:
            t.actor = <int8_t>step
            t.node = N_INIT
        elif step == 2:
            reveal(g, t)
            t.step = 3
        else:
            for k in range(2):
                side = side_of_order(t, k)
                if (t.fow_pending >> side) & 1:
                    t.fow_pending &= ~(1 << side)
                    events.fow_event_begin(t, side, t.initiative_card[side])
                    return
            _next_phase(t, PH_EVENTS)
    elif ph == PH_EVENTS:
        if step < 2:
            t.step += 1
            events.events_begin(t, side_of_order(t, step))
        else:
            _next_phase(t, PH_ATTRITION)
    elif ph == PH_ATTRITION:
        _attrition_step(t)
    elif ph == PH_SHOOT1 or ph == PH_SHOOT2:
        _shootings_step(t)
    elif ph == PH_ACTION:
        if step < 2:
            action_begin(t, side_of_order(t, step))
        else:
            _next_phase(t, PH_SHOOT2)
            t.attacked[1 - t.initiative] = 0
    else:
        _upkeep_step(g, t)


cdef void _attrition_step(Baler* t) noexcept nogil:
    """Initiative side first (l.379); steps 10k + 0 die, + 1 beriberi, + 2 desertion; 20: the
    US in turns 4-6 (l.474)."""
    cdef int step = t.step
    cdef int k = step // 10, sub = step % 10
    cdef int side
    if k < 2:
        side = side_of_order(t, k)
        t.actor = <int8_t>side
        if sub == 0:
            t.step += 1
            t.node = N_C_DIE
            t.die_for = D4_SPAIN_ATTR if side == SPAIN else D4_PHIL_ATTR
        elif sub == 1 and side == SPAIN:
            t.step += 1
            if attrition.sick(t.supply[SPAIN]):
                attrition.loss_begin(t, attrition.sick(t.supply[SPAIN]), False, N_PHASE)
        elif sub == 2 and side == SPAIN:
            t.step += 1
            if attrition.deserters(t.morale[SPAIN]):
                attrition.loss_begin(t, attrition.deserters(t.morale[SPAIN]), True, N_PHASE)
        else:
            t.step = <int8_t>(10 * (k + 1))
    elif step == 20:
        if t.turn == 4 and t.us_swap_attrition:         # l.472, l.488 (option us_swap)
            us_arrives(t)
        t.step = 21
        t.actor = PHILIPPINES
        t.proc = P_US
        call(t, N_PROC, N_PHASE)
    else:
        _next_phase(t, PH_SHOOT1)
        t.shoot_i = 0
        t.attacked[t.initiative] = 0


cdef void _shootings_step(Baler* t) noexcept nogil:
    """Picks, then each shooting in the order picked."""
    cdef int first = t.phase == PH_SHOOT1
    cdef int shooter = t.initiative if first else 1 - t.initiative
    cdef int step = t.step
    cdef int picks = 2 if first else 1
    cdef int a
    t.actor = <int8_t>shooter
    if step < picks:
        t.step += 1
        t.node = N_SHOOT
        return
    if not first and step == picks and t.shoot_i == 1:
        for a in range(N_AREAS):        # the last area is the other one
            if not (t.shooting_markers >> a) & 1:
                apply_shoot(t, A_AREA + a)
    if step - picks < 2:
        t.step += 1
        _shoot(t, t.shoot_area[step - picks], shooter)
        return
    t.shoot_i = 0
    if first:
        _next_phase(t, PH_ACTION)
    else:
        _next_phase(t, PH_UPKEEP)


cdef void _upkeep_step(GameState g, Baler* t) noexcept nogil:
    """0 victory; 1 the turn-3 swap; 2-3 Fog of War draws, then 4-5 each decides, in turn
    order (l.1206-l.1208); 6-9 manning (posts, then detachments, initiative side first);
    10-11 leaders; 12 next turn."""
    cdef int step = t.step
    cdef int side
    if step == 0:
        t.step = 1
        victory(t)
    elif step == 1:
        if t.turn == US_ARRIVAL_TURN and not t.us_swap_attrition:     # l.1202 (RULES.md reading 1)
            us_arrives(t)
        t.step = 2
    elif step < 4:
        side = side_of_order(t, step - 2)
        t.step += 1
        if t.fow_deck[1 - side]:
            t.actor = <int8_t>side
            t.node = N_C_FOW
    elif step < 6:
        side = side_of_order(t, step - 4)
        t.step += 1
        if t.fow_drawn[side] != EMPTY:
            t.actor = <int8_t>side
            t.node = N_FOW_KEEP
    elif step < 10:
        side = side_of_order(t, step % 2)
        t.actor = <int8_t>side
        t.proc_arg = <int8_t>(0 if step < 8 else 1)
        if spaces.bag_count(t, side) > 0 and _empty_space(t, side, step >= 8):
            t.node = N_C_BAG
            t.die_for = BAG_MAN
        else:
            t.step += 1
            if t.step == 10 and not t.disabled_never:
                # a leader disabled last turn recovers (RULES.md reading 7)
                ws_clear(t.disabled, UNIT_WORDS)
            t.cmd_i = 0
    elif step < 12:
        side = side_of_order(t, step - 10)
        t.actor = <int8_t>side
        while t.cmd_i < 3 and occupant(t, t.sd.command[side][t.cmd_i]) == EMPTY:
            t.cmd_i += 1
        if t.cmd_i < 3:
            t.node = N_C_DIE
            t.die_for = D4_LEADER
        else:
            t.cmd_i = 0
            t.step += 1
    else:
        t.cmd_i = 0
        next_turn(g, t)


cdef bint _empty_space(const Baler* t, int side, bint detachment) noexcept nogil:
    cdef int s
    for s in range(t.sd.n_spaces):
        if occupant(t, s) == EMPTY and (spaces.soldier_space(t, s, side) if detachment
                                        else spaces.is_post(t, s, side)):
            return True
    return False
