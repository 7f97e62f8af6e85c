# cython: language_level=3
"""Heroes of Baler as a compiled state machine (DESIGN.md beside this file).

Six turns of seven phases (turn.pyx) over one C struct (table.pxd): the Initiative cards
chosen in secret, the Events phase (events.pyx), Attrition (attrition.pyx), the shootings and
every combat as decision steps (combat_flow.pyx over combat_rules.pyx), the Action phase and
the procedures it shares with the events (procedures.pyx; movement.pyx, heal.pyx, the territorial
map in territory.pyx), and the Upkeep. Every die, multiset of
combat dice, bag draw and card draw is a chance node. This class holds the struct, answers
the contract by the node the game waits at, and redeals what a seat cannot see; text and
observations are in view.py.
"""
from libc.string cimport memset
from libc.stdint cimport int8_t, uint64_t
from partisan.core.cards cimport bit, count as popcount, deal, lowest
from partisan.core.decision cimport secret_hidden_from
from partisan.core.dice cimport FACES_MAX, die_outcomes, multiset_count, multiset_unrank
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState, CHANCE, TERMINAL, token
from partisan.core.bitset cimport ws_has
from partisan.core.games.baler.table cimport (
    Baler, CB_ARTILLERY, CB_INCURSION, CB_NONE, CB_SHOOTING, Combat, DIE, EMPTY, N_VP_FROM,
    PHILIPPINES, SPAIN, TERR_SUCCESS, TS_DEFENDER, UNIT_WORDS, VP_ARTILLERY, VP_DESERTION,
    VP_EVENT, VP_INFIRMARY, VP_KILL, VP_SHELLED, VP_TERRITORY, VP_TRENCHES, VP_WALL_BONUS,
    VP_WALLS_FALL)
from partisan.core.games.baler.flow cimport *
from partisan.core.games.baler.components cimport BalerComponents, apply_options
from partisan.core.games.baler cimport (
    attrition, chance, combat_flow, combat_rules, events, heal, knowledge, movement, procedures,
    spaces, territory, turn)
from partisan.core.games.baler.fortifications cimport (
    REPAIR_MANPOWER_PHILIPPINES, REPAIR_MANPOWER_SPAIN, TRENCH_MANPOWER, trench_possible)

from partisan.core.actions import ActionRanges
from partisan.core.games.baler.components import components
from partisan.core.games.baler import journal, view

# Decisions, then chance outcomes numbered apart; flow.pxd's offsets derive from the same
# sizes in the same order (check_offsets refuses a build where they differ).
ACTIONS = ActionRanges(done=1, yes=1, card=64, area=4, attack=12, act=16, trench=8,
                       modifier=60, target=4, unit=192, space=128, bed=6, event=4, shared=3)
CHANCE_OUTCOMES = ActionRanges(die=6, roll=252, draw=64, bag=192, automa=AUTOMA_CARDS)

ACTIONS.check_offsets("baler", (A_DONE, A_YES, A_CARD, A_AREA, A_ATTACK, A_ACT, A_TRENCH, A_MOD,
                                 A_TARGET, A_UNIT, A_SPACE, A_BED, A_EVENT, A_SHARED, NUM_ACTIONS))
CHANCE_OUTCOMES.check_offsets("baler", (C_DIE, C_ROLL, C_CARD, C_UNIT, C_AUTOMA, NUM_CHANCE))

# The decision nodes by name, for Python players of the game (the automa, automa.py).
NODES = dict(init=N_INIT, ev_card=N_EV_CARD, ev_support=N_EV_SUPPORT, ev_boost=N_EV_BOOST,
             ev_next=N_EV_NEXT, attack=N_ATTACK, area=N_AREA, trench=N_TRENCH, surv=N_SURV,
             mod=N_MOD, target=N_TARGET, victim=N_VICTIM, redeploy=N_REDEPLOY,
             redeploy_dest=N_REDEPLOY_DEST, shoot=N_SHOOT, act=N_ACT, move=N_MOVE,
             move_dest=N_MOVE_DEST, heal=N_HEAL, fow_keep=N_FOW_KEEP, fow_shared=N_FOW_SHARED,
             man=N_MAN, leader=N_LEADER, tloss=N_TLOSS, tmod=N_TMOD, tdeploy=N_TDEPLOY,
             tadvance=N_TADVANCE, persist=N_PERSIST, arty=N_ARTY, loss_pick=N_LOSS_PICK,
             heal_dest=N_HEAL_DEST)

# The kinds of combat by name (table.pxd CB_*), numbered as the view's KINDS are listed from 1.
COMBATS = dict(shooting=CB_SHOOTING, incursion=CB_INCURSION, artillery=CB_ARTILLERY)
assert tuple(COMBATS) == view.KINDS and list(COMBATS.values()) == list(range(1, len(view.KINDS) + 1))

# The manpower a repair (Spain, the Philippines) and a new trench section need, for the view's
# reasons why one cannot be made (l.1066-l.1069, l.1133).
MANPOWER = dict(repair=(REPAIR_MANPOWER_SPAIN, REPAIR_MANPOWER_PHILIPPINES), trench=TRENCH_MANPOWER)

# What scored VP, by name (table.pxd VP_*): the index of each in a snapshot's vp_from.
VP_FROM = dict(kill=VP_KILL, artillery=VP_ARTILLERY, infirmary=VP_INFIRMARY, desertion=VP_DESERTION, shelled=VP_SHELLED,
               walls_fall=VP_WALLS_FALL, event=VP_EVENT, trenches=VP_TRENCHES, territory=VP_TERRITORY,
               wall_bonus=VP_WALL_BONUS)
assert sorted(VP_FROM.values()) == list(range(N_VP_FROM))

# The nodes journal.py reads a combat's steps by, and those view.py names a chance line by:
# the chance nodes, what a one-die node decides (die_for) and what a bag draw is for.
FLOW = dict(N_C_DIE=N_C_DIE, N_C_ROLL=N_C_ROLL, N_C_CASUALTY=N_C_CASUALTY, N_SURV=N_SURV,
            N_MOD=N_MOD, N_TARGET=N_TARGET, N_REDEPLOY=N_REDEPLOY,
            N_C_DEAL=N_C_DEAL, N_C_SHARED=N_C_SHARED, N_C_TROLL=N_C_TROLL, N_C_BAG=N_C_BAG,
            N_C_FOW=N_C_FOW, N_C_TOP=N_C_TOP, N_C_AUTOMA=N_C_AUTOMA,
            TS_DEFENDER=TS_DEFENDER, TERR_SUCCESS=TERR_SUCCESS,
            D4_SURV_A=D4_SURV_A, D4_SURV_D=D4_SURV_D, D4_REROLL=D4_REROLL, D4_TREROLL=D4_TREROLL,
            D4_SPAIN_ATTR=D4_SPAIN_ATTR, D4_PHIL_ATTR=D4_PHIL_ATTR,
            D4_LOSS_PARITY=D4_LOSS_PARITY, D4_LOSS_ROW=D4_LOSS_ROW, D4_LOSS_COLUMN=D4_LOSS_COLUMN,
            D4_US_STRENGTH=D4_US_STRENGTH, D4_US_STEPS=D4_US_STEPS, D4_SUPPLY=D4_SUPPLY,
            D4_TAKEOVER=D4_TAKEOVER, D4_TAKEOVER_REROLL=D4_TAKEOVER_REROLL, D4_LEADER=D4_LEADER,
            D4_US_SUPPORT=D4_US_SUPPORT,
            BAG_MOVE=BAG_MOVE, BAG_MAN=BAG_MAN, BAG_LOSS=BAG_LOSS, BAG_DEPLOY=BAG_DEPLOY,
            BAG_EVENT_MAN=BAG_EVENT_MAN)


cdef inline bint _is_chance(int node) noexcept nogil:
    return N_C_DEAL <= node <= N_C_TOP or node == N_C_AUTOMA


cdef class BalerState(GameState):
    """One game of Heroes of Baler: seat 0 Spain, seat 1 the Philippines."""

    def __init__(self, game):
        cdef BalerComponents parts = components(game.data_dir)
        self.game = game
        self.parts = parts
        self.num_players = 2
        self.num_distinct_actions = NUM_ACTIONS
        parts.reset(&self.t)
        apply_options(&self.t, game.options)
        self.t.node = N_PHASE
        turn.run(self, &self.t)

    cdef GameState c_new_blank(self):
        cdef BalerState s = BalerState.__new__(BalerState)
        s.parts = self.parts
        s.journal = self.journal     # never changed in place: shared
        return s

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        self.t = (<BalerState>other).t

    # ------------------------------------------------------------ contract
    cdef int c_current_player(self) noexcept nogil:
        if self.t.over:
            return TERMINAL
        if _is_chance(self.t.node):
            return CHANCE
        return self.t.actor

    cdef bint c_secret_decision(self) noexcept nogil:
        return self.t.node == N_INIT      # the initiative card is chosen face down (l.348)

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef Baler* t = &self.t
        cdef int n = t.node
        if t.over:
            return 0
        if n == N_INIT:
            return turn.legal_init(t, out)
        if n == N_EV_CARD:
            return events.legal_card(t, out)
        if n == N_EV_SUPPORT:
            return events.legal_support(t, out)
        if n == N_EV_BOOST:
            return events.legal_boost(t, out)
        if n == N_EV_NEXT:
            return events.legal_next(t, out)
        if n == N_ATTACK:
            return events.legal_attack(t, out)
        if n == N_AREA:
            return procedures.legal_area(t, out)
        if n == N_TRENCH:
            return procedures.legal_trench(t, out)
        if n == N_SURV or n == N_LEADER:
            out[0] = A_DONE
            out[1] = A_YES
            return 2
        if n == N_MOD:
            return combat_flow.legal_mod(t, out)
        if n == N_TARGET:
            return combat_flow.legal_target(t, out)
        if n == N_VICTIM:
            return combat_flow.legal_victim(t, out)
        if n == N_REDEPLOY:
            return combat_flow.legal_redeploy(t, out)
        if n == N_REDEPLOY_DEST:
            return combat_flow.legal_redeploy_dest(t, out)
        if n == N_SHOOT:
            return turn.legal_shoot(t, out)
        if n == N_ACT:
            return turn.legal_act(t, out)
        if n == N_MOVE:
            return movement.legal_move(t, out)
        if n == N_MOVE_DEST:
            return movement.legal_move_dest(t, out)
        if n == N_HEAL:
            return heal.legal_heal(t, out)
        if n == N_FOW_KEEP:
            return turn.legal_fow_keep(t, out)
        if n == N_FOW_SHARED:
            return turn.legal_fow_shared(t, out)
        if n == N_MAN:
            return procedures.legal_man(t, out)
        if n == N_TLOSS:
            return territory.legal_tloss(t, out)
        if n == N_TMOD:
            return territory.legal_tmod(t, out)
        if n == N_TDEPLOY:
            return territory.legal_tdeploy(t, out)
        if n == N_TADVANCE:
            return territory.legal_tadvance(t, out)
        if n == N_PERSIST:
            return procedures.legal_persist(t, out)
        if n == N_ARTY:
            return procedures.legal_arty(t, out)
        if n == N_LOSS_PICK:
            return attrition.legal_loss_pick(t, out)
        if n == N_HEAL_DEST:
            return heal.legal_heal_dest(t, out)
        return 0

    cdef bint c_filters_actions(self) noexcept nogil:
        return True

    cdef int c_bot_actions(self, int* actions, int n) noexcept nogil:
        """A bot never spends a modifier (morale, command, a leader's re-roll, Persistence) on a
        die it cannot better: +1 that changes no success, a re-roll of the best face, nor a
        re-roll of a harmful die worse on average (combat_rules.no_losing_rerolls); nor starts
        an attack that can change nothing, nor a shooting or an incursion outgunned
        (knowledge.pyx bot_attacks); nor gives up an event
        that only gains (bot_events), nor the Action phase while an action that only gains is
        offered (bot_spend)."""
        cdef Baler* t = &self.t
        if t.node == N_ACT:
            return knowledge.bot_spend(t, actions, knowledge.bot_attacks(t, actions, n))
        if t.node == N_ATTACK:
            return knowledge.bot_attacks(t, actions, n)
        if t.node == N_MOD:
            return combat_flow.bot_mod(t, actions, n)
        if t.node == N_EV_NEXT:
            return knowledge.bot_events(t, actions, n)
        if t.node == N_TMOD:
            return territory.bot_tmod(t, actions, n)
        if t.node == N_PERSIST:
            return procedures.bot_persist(t, actions, n)
        return n

    cdef bint c_has_priors(self) noexcept nogil:
        return True

    cdef void c_action_priors(self, const int* actions, int n, double* out) noexcept nogil:
        """Each phase's priorities as the rulebook argues them (knowledge.pyx)."""
        knowledge.action_priors(&self.t, actions, n, out)

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil:
        cdef Baler* t = &self.t
        cdef int n = t.node
        if n == N_C_DIE:
            return die_outcomes(DIE, C_DIE, out, probs)
        if n == N_C_ROLL:
            return combat_flow.roll_outcomes(t, out, probs)
        if n == N_C_TROLL:
            return territory.troll_outcomes(t, out, probs)
        if n == N_C_CASUALTY:
            return combat_flow.casualty_outcomes(t, out, probs)
        if n == N_C_BAG:
            return spaces.bag_outcomes(t, out, probs)
        if n == N_C_AUTOMA:
            return turn.automa_outcomes(t, out, probs)
        if _is_chance(n):
            return turn.card_outcomes(turn.chance_pile(t), out, probs)
        return 0

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        """The outcome the default sampler would draw, without listing them (chance.pyx)."""
        cdef int a = chance.sample_chance(&self.t, rng)
        return a if a >= 0 else GameState.c_sample_chance(self, rng)

    cdef void c_apply(self, int a) noexcept nogil:
        cdef Baler* t = &self.t
        cdef int n = t.node
        if _is_chance(n):
            self._apply_chance(a)
        else:
            if n != N_INIT:
                self.observe_all(token(T_ACTION, t.actor, a))
            self._apply_decision(a)
        turn.run(self, t)
        self.observe_all(token(n + 64, t.actor, t.node))    # who acts next is public

    cdef void _apply_chance(self, int a) noexcept nogil:
        cdef Baler* t = &self.t
        cdef int n = t.node
        cdef int w = t.die_for
        cdef int face = a - C_DIE + 1
        if n == N_C_DEAL or n == N_C_FOW or n == N_C_SHARED or n == N_C_TOP:
            turn.apply_card_draw(self, t, a - C_CARD)
            return
        self.observe_all(token(T_CHANCE, n, a))
        if n == N_C_AUTOMA:
            turn.apply_automa_draw(t, a - C_AUTOMA)
        elif n == N_C_ROLL:
            combat_flow.apply_roll(t, a - C_ROLL)
        elif n == N_C_TROLL:
            territory.apply_troll(t, a - C_ROLL)
        elif n == N_C_CASUALTY:
            combat_flow.apply_casualty(t, face)
        elif n == N_C_BAG:
            if w == BAG_LOSS:
                attrition.apply_loss_bag(t, a - C_UNIT)
            else:
                movement.apply_bag(t, a - C_UNIT)
        elif w == D4_SURV_A or w == D4_SURV_D:
            combat_flow.apply_surv_die(t, face)
        elif w == D4_REROLL:
            combat_flow.apply_reroll(t, face)
        elif w == D4_TREROLL:
            territory.apply_treroll(t, face)
        elif w == D4_SPAIN_ATTR:
            attrition.spanish_supply(t, face)
            t.node = N_PHASE
        elif w == D4_PHIL_ATTR:
            attrition.filipino_supply(t, face)
            t.node = N_PHASE
        elif w == D4_LOSS_PARITY or w == D4_LOSS_ROW or w == D4_LOSS_COLUMN:
            attrition.loss_die(t, face)
        elif w == D4_LEADER:
            turn.leader_die(t, face)
        else:
            procedures.proc_die(t, face)

    cdef void _apply_decision(self, int a) noexcept nogil:
        cdef Baler* t = &self.t
        cdef int n = t.node
        if n == N_INIT:
            turn.apply_init(self, t, a)
        elif n == N_EV_CARD:
            events.apply_card(t, a)
        elif n == N_EV_SUPPORT:
            events.apply_support(t, a)
        elif n == N_EV_BOOST:
            events.apply_boost(t, a)
        elif n == N_EV_NEXT:
            events.apply_next(t, a)
        elif n == N_ATTACK:
            events.apply_attack(t, a)
        elif n == N_AREA:
            procedures.apply_area(t, a)
        elif n == N_TRENCH:
            procedures.apply_trench(t, a)
        elif n == N_SURV:
            combat_flow.apply_surv(t, a)
        elif n == N_LEADER:
            turn.apply_leader(t, a)
        elif n == N_MOD:
            combat_flow.apply_mod(t, a)
        elif n == N_TARGET:
            combat_flow.apply_target(t, a)
        elif n == N_VICTIM:
            combat_flow.apply_victim(t, a)
        elif n == N_REDEPLOY:
            combat_flow.apply_redeploy(t, a)
        elif n == N_REDEPLOY_DEST:
            combat_flow.apply_redeploy_dest(t, a)
        elif n == N_SHOOT:
            turn.apply_shoot(t, a)
        elif n == N_ACT:
            turn.apply_act(t, a)
        elif n == N_MOVE:
            movement.apply_move(t, a)
        elif n == N_MOVE_DEST:
            movement.apply_move_dest(t, a)
        elif n == N_HEAL:
            heal.apply_heal(t, a)
        elif n == N_FOW_KEEP:
            turn.apply_fow_keep(self, t, a)
        elif n == N_FOW_SHARED:
            turn.apply_fow_shared(t, a)
        elif n == N_MAN:
            procedures.apply_man(t, a)
        elif n == N_TLOSS:
            territory.apply_tloss(t, a)
        elif n == N_TMOD:
            territory.apply_tmod(t, a)
        elif n == N_TDEPLOY:
            territory.apply_tdeploy(t, a)
        elif n == N_TADVANCE:
            territory.apply_tadvance(t, a)
        elif n == N_PERSIST:
            procedures.apply_persist(t, a)
        elif n == N_ARTY:
            procedures.apply_arty(t, a)
        elif n == N_LOSS_PICK:
            attrition.apply_loss_pick(t, a)
        elif n == N_HEAL_DEST:
            heal.apply_heal_dest(t, a)

    cdef int _winner(self) noexcept nogil:
        """Most VP; ties: higher morale, higher supply, then the Philippines if the game ended
        before turn 6, Spain if in turn 6 (l.1194-l.1198)."""
        cdef Baler* t = &self.t
        if t.vp[SPAIN] != t.vp[PHILIPPINES]:
            return SPAIN if t.vp[SPAIN] > t.vp[PHILIPPINES] else PHILIPPINES
        if t.morale[SPAIN] != t.morale[PHILIPPINES]:
            return SPAIN if t.morale[SPAIN] > t.morale[PHILIPPINES] else PHILIPPINES
        if t.supply[SPAIN] != t.supply[PHILIPPINES]:
            return SPAIN if t.supply[SPAIN] > t.supply[PHILIPPINES] else PHILIPPINES
        return PHILIPPINES if t.ended_early else SPAIN

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int w
        out[0] = out[1] = 0.0
        if self.t.over:
            w = self._winner()
            out[w] = 1.0
            out[1 - w] = -1.0

    cdef void c_heuristic_returns(self, double* out) noexcept nogil:
        """The VP lead with the standing of the tracks and the walls (knowledge.standing),
        squashed into (-1, 1)."""
        cdef double d = self.t.vp[SPAIN] - self.t.vp[PHILIPPINES] + knowledge.standing(&self.t)
        out[0] = d / (abs(d) + 10.0)
        out[1] = -out[0]

    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept nogil:
        """Redeal what `player` cannot see: the other side's hand, its draw deck and its
        initiative card not yet revealed come from one pool whose content is public (its
        faction cards plus what public discards brought), and the Fog of War card the other
        side drew and has not placed comes back from `player`'s own Fog of War deck."""
        cdef Baler* t = &self.t
        cdef int q = 1 - player
        cdef bint secret = secret_hidden_from(&t.secret, q, player)
        cdef uint64_t pool = t.hand[q] | t.deck[q]
        cdef int nh = popcount(t.hand[q])
        cdef uint64_t one
        if secret:
            pool |= bit(t.secret.value[q])
        t.hand[q] = deal(&pool, nh, rng)
        if secret:
            one = deal(&pool, 1, rng)
            t.secret.value[q] = lowest(one)
        t.deck[q] = pool
        if t.fow_drawn[q] != EMPTY:
            pool = t.fow_deck[player] | bit(t.fow_drawn[q])
            one = deal(&pool, 1, rng)
            t.fow_drawn[q] = lowest(one)
            t.fow_deck[player] = pool

    cdef uint64_t c_private_token(self, int player) noexcept nogil:
        return self.t.hand[player] ^ (<uint64_t>(self.t.secret.value[player] + 2) << 58)

    # ------------------------------------------------------------ Python API
    def apply_action(self, action):
        """Apply a legal action (GameState.apply_action). An action taken in a combat on the
        map, or one that starts a combat, also goes into the combat's account for the screen
        (journal.py); the search applies actions in C and keeps none."""
        before = journal.moment(self) if self.t.cb.kind != CB_NONE else None
        GameState.apply_action(self, action)       # refuses a bad action, changing nothing
        if before is not None or self.t.cb.kind != CB_NONE:
            self.journal = journal.record(self, self.journal, before, action)

    def _combat(self):
        """The combat under way as plain data (kind 0: none)."""
        cdef Combat* c = &self.t.cb
        cdef int q, i
        return dict(kind=c.kind, area=c.area, attacker=c.attacker, firepower=c.firepower,
                    surveillance=[c.surveillance[0], c.surveillance[1]],
                    bonus_cf=[c.bonus_cf[0], c.bonus_cf[1]],
                    bonus_dice=[c.bonus_dice[0], c.bonus_dice[1]],
                    card_rerolls=[c.card_rerolls[0], c.card_rerolls[1]],
                    rolled=c.rolled, scored=c.scored, used=[c.used[0], c.used[1]],
                    dice=[[c.dice[q].value[i] for i in range(c.dice[q].n)] for q in range(2)],
                    modified=[[bool((c.dice[q].modified >> i) & 1) for i in range(c.dice[q].n)]
                              for q in range(2)])

    def _state_bytes(self):
        cdef Baler copy = self.t
        copy.sd = NULL
        return (<char*>&copy)[:sizeof(Baler)]

    def _snap(self):
        """The struct as plain data for the view and tests (names come from the view)."""
        cdef Baler* t = &self.t
        cdef int c, q, n = self.parts.sd.n_units
        return dict(
            node=t.node, actor=t.actor, phase=t.phase, step=t.step, turn=t.turn,
            initiative=t.initiative, over=bool(t.over), die_for=t.die_for,
            supply=[t.supply[0], t.supply[1]], morale=[t.morale[0], t.morale[1]],
            vp=[t.vp[0], t.vp[1]], walls=[t.walls[c] for c in range(4)],
            vp_from=[[t.vp_from[q][c] for c in range(N_VP_FROM)] for q in range(2)],
            firepower=[t.firepower[c] for c in range(4)],
            trench_built=t.trench_built, trench_sabotaged=t.trench_sabotaged,
            surveillance=[t.surveillance[0], t.surveillance[1]], beds_open=t.beds_open,
            at=[t.at[c] for c in range(self.parts.sd.n_units)],
            hand=[t.hand[0], t.hand[1]], deck=[t.deck[0], t.deck[1]],
            discard=[t.discard[0], t.discard[1]], fow_deck=[t.fow_deck[0], t.fow_deck[1]],
            shared_up=[t.shared_up[0], t.shared_up[1]], shared_deck=t.shared_deck,
            removed=t.removed, ev_card=[t.ev_card[c] for c in range(3)], ev_boost=t.ev_boost,
            ev_done=t.ev_done,
            # an event's repeated repair or trench section (Repair x2): the repetitions left
            # after the one under way, and whether it costs supply
            ev_rep=t.ev_rep, proc={P_REPAIR: "repair", P_TRENCH: "trench"}.get(t.proc), proc_arg=t.proc_arg,
            ap=[t.ap[0], t.ap[1]], persistence=t.persistence, foreign_space=t.foreign_space,
            foreign_strength=t.foreign_strength, us_power=t.us_power, terr_space=t.terr_space,
            secret=[t.secret.value[0], t.secret.value[1]],
            revealed=[t.initiative_card[0], t.initiative_card[1]],
            fow_drawn=[t.fow_drawn[0], t.fow_drawn[1]], moving=t.mv_unit,
            automa_card=t.automa_card, automa_deck=t.automa_deck,
            combat=self._combat(),
            tdice=[[t.tdice[q].value[c] for c in range(t.tdice[q].n)] for q in range(2)],
            terr_attacker=t.terr_attacker, terr_stage=t.terr_stage,
            dice_count=self.chance_dice(), shooting_markers=t.shooting_markers,
            shoot_area=[t.shoot_area[0], t.shoot_area[1]],     # the phase's shootings, in order
            exhausted=[c for c in range(n) if ws_has(t.exhausted, UNIT_WORDS, c)],
            disabled=[c for c in range(n) if ws_has(t.disabled, UNIT_WORDS, c)],
            cmd_i=t.cmd_i, loss_desert=bool(t.loss_desert),
            # what a shooting's firepower would be now (the track is set only when one begins)
            shooting_firepower=[combat_rules.firepower(t, c, True) for c in range(4)],
            # the Filipino attrition and supply dice's modifier (l.450, l.1048)
            territorial_modifier=territory.territorial_modifier(t),
            # the trench sections built by action this Action phase: two at most (l.1139)
            trench_actions=((t.specials_done[PHILIPPINES] >> S_TRENCH_I) & 1)
            + ((t.specials_done[PHILIPPINES] >> S_TRENCH_II) & 1),
            # whether a trench section could be built now (l.1133), paid for and free
            trench_open=[bool(trench_possible(t, False)), bool(trench_possible(t, True))],
            # the areas each side attacked this phase (bits: once an area, l.582) and its attacks
            # by action this Action phase (the second costs 2 AP, no third, l.565)
            attacked=[t.attacked[0], t.attacked[1]],
            attacks=[((t.actions_done[q] >> B_ATTACK) & 1) + ((t.actions_done[q] >> (B_ATTACK + 8)) & 1)
                     for q in range(2)],
        )

    def _action_to_string(self, int a):
        return view.action_to_string(self, a)

    def _describe_action(self, int a, viewer):
        return view.describe_action(self, a, viewer)

    def _observation(self, int player):
        return view.observation(self, player)

    def parts_view(self):
        return self.parts

    def roll_faces(self, int rank):
        """The dice of a multiset outcome of the pending roll, ascending."""
        cdef int8_t counts[FACES_MAX]
        cdef int k = self.chance_dice()
        cdef int f
        if not 0 <= rank < multiset_count(k, DIE):
            return []
        multiset_unrank(rank, k, DIE, counts)
        return [f + 1 for f in range(DIE) for _ in range(counts[f])]

    def chance_dice(self):
        """Dice of the pending multiset roll (the view names its outcomes)."""
        if self.t.node == N_C_ROLL:
            return combat_rules.dice_count(&self.t, self.t.actor)
        if self.t.node == N_C_TROLL:
            return territory.tdice_count(&self.t, self.t.actor)
        return 0
