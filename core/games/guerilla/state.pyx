# cython: language_level=3
"""Guerilla as a compiled state machine (DESIGN.md and RULES.md beside this file).

A round: the dealer, the secret loyalty markers, the deal and a misdeal, the simultaneous
secret initial deployment and the refill (setup.pyx); turns of two actions in phases A-F with
the draw and its red cards, the end of a turn and of the round (turn.pyx); attacks with their
losses and captures (battle.pyx); the redeal behind `resample` (resample.pyx). This class
holds the struct (table.pxd) and hands each node to its module; text and observations are in
view.py.
"""
from libc.string cimport memset
from libc.stdint cimport uint64_t
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport GameState, CHANCE, TERMINAL, token
from partisan.core.dice cimport die_outcomes, die_sample
from partisan.core.piles cimport pile_top_outcomes, pile_sample_top
from partisan.core.bitset cimport ws_add, ws_has, ws_random
from partisan.core.games.guerilla.table cimport *
from partisan.core.games.guerilla.components cimport GuerillaCards
from partisan.core.games.guerilla cimport setup, turn, battle, abilities, events, trade, resample, position, estimate
from partisan.core.games.guerilla cimport supply, armor, air, recon, knowledge

from partisan.core.actions import ActionRanges
from partisan.core.games.guerilla.components import cards_for
from partisan.core.games.guerilla.position import checked as checked_position
from partisan.core.games.guerilla.options import OPTIONS
from partisan.core.errors import IllegalActionError, OptionError

# Decisions, then chance outcomes numbered apart; table.pxd's offsets derive from the same
# sizes in the same order (check_offsets refuses a build where they differ).
ACTIONS = ActionRanges(done=1, yes=1, no=1, end=1, deploy=1, discard=1, draw=1,
                       withdraw=NGROUPS, attack=NGROUPS, reinforce=NGROUPS, type=NTYPES,
                       group=NGROUPS, card=NCARDS, faction=2, mode=3, pair=15, ability=10,
                       play=NTYPES, use=4, seat=GMAXP,
                       trade=1, offer=2 * NTYPES)
CHANCE_OUTCOMES = ActionRanges(dealer=GMAXP, loyalty=3, card=NCARDS, die=D10)


ACTIONS.check_offsets("guerilla", (
    A_DONE, A_YES, A_NO, A_END, A_DEPLOY, A_DISCARD, A_DRAW, A_WITHDRAW, A_ATTACK, A_REINFORCE,
    A_TYPE, A_GROUP, A_CARD, A_FACTION, A_MODE, A_PAIR, A_ABILITY, A_PLAY, A_USE, A_SEAT,
    A_TRADE, A_OFFER, NUM_ACTIONS))
CHANCE_OUTCOMES.check_offsets("guerilla", (C_SEAT, C_LOYALTY, C_CARD, C_DIE, NUM_CHANCE))

# The numbers view.py, the screens and the tests name, as table.pxd declares them.
GOV, REB, MERC = F_GOV, F_REB, LOY_MERC                  # factions, and the third loyalty
PLACES = dict(deck=P_DECK, hand=P_HAND, discard=P_DISC, table=P_TABLE, aside=P_ASIDE)
MODES = dict(sideways=MODE_SIDEWAYS, commanded=MODE_COMMANDED, all=MODE_ALL, single=MODE_SINGLE,
             armor=MODE_ARMOR)
PICKS = dict(deploy=PK_DEPLOY, reinforce=PK_REINFORCE, discard=PK_DISCARD)
WINDOWS = dict(bodyguard=W_BODYGUARD, battle=W_BATTLE, after=W_AFTER)
ABILITIES = dict(strike=AB_STRIKE, policia=AB_POLICIA, tv=AB_TV, destroy=AB_DESTROY,
                 repair=AB_REPAIR, palace=AB_PALACE, port=AB_PORT, bridge_deploy=AB_BRIDGE_DEPLOY,
                 bridge_withdraw=AB_BRIDGE_WITHDRAW, marker=AB_MARKER)
TARGETED = dict(demolition=AB_DEMOLITION, assassin=AB_ASSASSIN)   # cards aimed like abilities
ROLLS = dict(attack=R_ATTACK, defence=R_DEFENCE, weather=R_WEATHER, sudden=R_SUDDEN,
             traitor=R_TRAITOR, strike=R_STRIKE, strike_defence=R_STRIKE_DEFENCE,
             policia=R_POLICIA, tv=R_TV, repair=R_REPAIR, assassin=R_ASSASSIN, marker=R_MARKER)
NODES = dict(
    dealer=N_DEALER, loyalty=N_LOYALTY, deal=N_DEAL, misdeal=N_MISDEAL, plan=N_PLAN,
    plan_faction=N_PLAN_FACTION, refill=N_REFILL, turn=N_TURN, pick=N_PICK, faction=N_FACTION,
    attacker=N_ATTACKER, target=N_TARGET, defender=N_DEFENDER, mode=N_MODE, roll=N_ROLL,
    loss=N_LOSS, garrison=N_GARRISON, draw=N_DRAW, complex=N_COMPLEX, swap=N_SWAP,
    turncoat=N_TURNCOAT, traitor=N_TRAITOR, capacity=N_CAPACITY, ability=N_ABILITY,
    window=N_WINDOW, ambush=N_AMBUSH, un=N_UN, retreat=N_RETREAT, offer=N_OFFER,
    accept=N_ACCEPT, ret=N_RETURN, over=N_OVER, order=N_ORDER, sortie=N_SORTIE, wpart=N_WPART,
    arrange=N_ARRANGE, regroup=N_REGROUP, cutter=N_CUTTER, cut=N_CUT, armor_start=N_ARMOR_START,
    armor_again=N_ARMOR_AGAIN, air=N_AIR, recon=N_RECON, recon_seat=N_RECON_SEAT,
    recon_counter=N_RECON_COUNTER, recon_unit=N_RECON_UNIT, recon_leader=N_RECON_LEADER,
    recon_take=N_RECON_TAKE, air_with=N_AIR_WITH)

from partisan.core.games.guerilla import view    # last: view.py imports the numbers above


cdef inline bint _is_chance(int node) noexcept nogil:
    return (node == N_DEALER or node == N_LOYALTY or node == N_DEAL or node == N_REFILL
            or node == N_ROLL or node == N_DRAW or node == N_CAPACITY)


cdef void _read_readings(Guerilla* d, options):
    """The options choosing between two readings of a passage (RULES.md, options.py)."""
    d.ambush_max = options.get("ambush_max", 3)
    d.policia_cost = options.get("policia_cost", 0)
    d.side_strength = bool(options.get("sideways_strength", False))
    d.draw_red = options.get("draw_ends_turn", "any") == "red"
    d.inf_marker = bool(options.get("informant_cancels_marker", False))
    d.atro_halve = options.get("atrocities", "double") == "halve"
    d.assassin_player = options.get("assassin_points", "opposing") == "player"
    d.rev_removed = options.get("second_deck_revolution", "shuffled") == "removed"
    d.joint_ambush_defender = options.get("joint_ambush", "infantry") == "defender"
    d.single_alone = options.get("ambush_single", "with_leader") == "alone"
    d.armor_must = options.get("armor_repeat", "may") == "must"


def _checked_options(game):
    """The seats and options checked again: a Game made by hand has skipped load_game's checks,
    and the struct holds at most GMAXP seats."""
    if isinstance(game.players, bool) or not isinstance(game.players, int) or not 2 <= game.players <= GMAXP:
        raise OptionError(f"Guerilla is for 2-{GMAXP} players, not {game.players!r}")
    return {o.name: o.parse(game.options.get(o.name, o.default)) for o in OPTIONS}


cdef class GuerillaState(GameState):
    """One round of Guerilla for 3-6 players."""

    def __init__(self, game):
        options = _checked_options(game)
        cdef GuerillaCards comps = cards_for(game.data)
        cdef Guerilla* d = &self.d
        cdef int c
        self.game = game
        self.num_players = game.players
        self.num_distinct_actions = NUM_ACTIONS
        self.comps = comps
        memset(d, 0, sizeof(Guerilla))
        d.info = comps.info
        d.n = game.players
        d.two_mercs = 1 if options["two_mercenaries"] else 0
        d.turn_limit = options["turn_limit"]
        d.one_defender = options["leaderless_defenders"] == "one"
        d.rounds = options["rounds"]
        _read_readings(d, options)
        d.aa_attack_cost = options["air_assault_cost"] == "card_and_attack"
        d.chance_arms = options["chance_arms_cache"]
        markers = game.data.markers(d.n, bool(d.two_mercs) and d.n in (4, 6))    # l.30: 4 or 6
        d.nmarkers[F_GOV] = markers.government
        d.nmarkers[F_REB] = markers.rebel
        d.nmarkers[LOY_MERC] = markers.mercenary
        d.revolution = comps.revolution
        for c in range(NTYPES):
            d.type_first[c] = comps.type_first[c]
        reset_round(d)

    cdef GameState c_new_blank(self):
        # The card table is the game's, like `game`: set once here, so that copying a state
        # (in a search, without the GIL) copies the struct alone.
        cdef GuerillaState s = GuerillaState.__new__(GuerillaState)
        s.comps = self.comps
        return s

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        self.d = (<GuerillaState>other).d

    # ------------------------------------------------------------ contract
    cdef int c_current_player(self) noexcept nogil:
        if self.d.node == N_OVER:
            return TERMINAL
        if _is_chance(self.d.node):
            return CHANCE
        return self.d.cur

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil:
        cdef Guerilla* d = &self.d
        cdef int i
        if d.node == N_DEALER and d.round > 0:
            out[0] = C_SEAT + next_seat(d.dealer, d.n)         # the next dealer (reading 40)
            probs[0] = 1.0
            return 1
        if d.node == N_DEALER:
            for i in range(d.n):
                out[i] = C_SEAT + i
                probs[i] = 1.0 / d.n
            return d.n
        if d.node == N_LOYALTY:
            return setup.loyalty_outcomes(d, out, probs)
        if d.node == N_DEAL or d.node == N_REFILL or d.node == N_DRAW:
            return pile_top_outcomes(&d.deck, C_CARD, out, probs)
        if d.node == N_CAPACITY:
            return turn.capacity_outcomes(d, out, probs)
        return die_outcomes(D10, C_DIE, out, probs)

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        cdef Guerilla* d = &self.d
        if d.node == N_DEALER and d.round > 0:
            return C_SEAT + next_seat(d.dealer, d.n)
        if d.node == N_DEALER:
            return C_SEAT + <int>rng_below(rng, <unsigned int>d.n)
        if d.node == N_LOYALTY:
            return setup.sample_loyalty(d, rng)
        if d.node == N_DEAL or d.node == N_REFILL or d.node == N_DRAW:
            return C_CARD + pile_sample_top(&d.deck, rng)
        if d.node == N_CAPACITY:
            return C_CARD + ws_random(d.cards[P_HAND + d.active], NW, rng)
        return C_DIE - 1 + die_sample(D10, rng)

    cdef bint c_secret_decision(self) noexcept nogil:
        cdef int node = self.d.node   # the initial deployment plan, cards laid face down
        return (node == N_PLAN or node == N_PLAN_FACTION
                or (node == N_PICK and self.d.pick_kind == PK_DISCARD))

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef Guerilla* d = &self.d
        cdef int node = d.node
        if node == N_MISDEAL:
            return setup.legal_misdeal(d, out)
        if node == N_PLAN:
            return setup.legal_plan(d, out)
        if node == N_PLAN_FACTION:
            out[0] = A_FACTION + F_GOV
            out[1] = A_FACTION + F_REB
            return 2
        if node == N_FACTION:
            return turn.legal_faction(d, out)
        if node == N_ABILITY:
            return turn.legal_ability_target(d, out)
        if node == N_WINDOW:
            return events.legal_window(d, out)
        if node == N_AMBUSH:
            return events.legal_ambush(d, out)
        if node == N_UN:
            return events.legal_un(d, out)
        if node == N_RETREAT:
            return events.legal_retreat(d, out)
        if node == N_OFFER:
            return trade.legal_offer(d, out)
        if node == N_ACCEPT:
            return trade.legal_accept(d, out)
        if node == N_RETURN:
            return trade.legal_return(d, out)
        if node == N_TURN:
            return turn.legal_turn(d, out)
        if node == N_PICK:
            return turn.legal_pick(d, out)
        if node == N_ATTACKER:
            return battle.legal_attacker(d, out)
        if node == N_TARGET:
            return battle.legal_target(d, out)
        if node == N_MODE:
            return battle.legal_mode(d, out)
        if node == N_DEFENDER:
            return battle.legal_defender(d, out)
        if node == N_LOSS:
            return battle.legal_loss(d, out)
        if node == N_GARRISON:
            return battle.legal_garrison(d, out)
        if node == N_ORDER:
            return battle.legal_order(d, out)
        if node == N_SORTIE:
            return battle.legal_sortie(d, out)
        if node == N_WPART:
            return turn.legal_part(d, out)
        if node == N_ARRANGE:
            return turn.legal_arrange(d, out)
        if node == N_REGROUP:
            return turn.legal_regroup(d, out)
        if node == N_COMPLEX:
            return turn.legal_complex(d, out)
        if node == N_SWAP:
            return turn.legal_swap(d, out)
        if node == N_TURNCOAT:
            return turn.legal_turncoat(d, out)
        if node == N_TRAITOR:
            return turn.legal_traitor(d, out)
        if node == N_CUTTER:
            return supply.legal_cutter(d, out)
        if node == N_CUT:
            return supply.legal_cut(d, out)
        if node == N_ARMOR_START:
            return armor.legal_start(d, out)
        if node == N_ARMOR_AGAIN:
            return armor.legal_again(d, out)
        if node == N_AIR:
            return air.legal_choice(d, out)
        if node == N_AIR_WITH:
            return air.legal_with(d, out)
        if node == N_RECON or node == N_RECON_SEAT:
            return recon.legal_recon(d, out)
        if node == N_RECON_COUNTER or node == N_RECON_UNIT or node == N_RECON_LEADER:
            return recon.legal_counter(d, out)
        if node == N_RECON_TAKE:
            return recon.legal_take(d, out)
        return 0

    cdef void c_apply(self, int a) noexcept nogil:
        cdef Guerilla* d = &self.d
        cdef int node = d.node
        if node == N_DEALER:
            setup.start_round(self, d, a - C_SEAT)
        elif node == N_LOYALTY:
            setup.apply_loyalty(self, d, a - C_LOYALTY)
        elif node == N_DEAL:
            setup.apply_deal(self, d, a - C_CARD)
        elif node == N_REFILL:
            setup.apply_refill(self, d, a - C_CARD)
        elif node == N_DRAW:
            turn.apply_draw(self, d, a - C_CARD)
        elif node == N_CAPACITY:
            turn.apply_capacity(self, d, a - C_CARD)
        elif node == N_ROLL:
            if d.roll_for == R_ATTACK or d.roll_for == R_DEFENCE:
                battle.apply_roll(self, d, a - C_DIE + 1)
            elif d.roll_for == R_ASSASSIN:
                events.apply_assassin_roll(self, d, a - C_DIE + 1)
            elif d.roll_for == R_MARKER:
                events.apply_marker_roll(self, d, a - C_DIE + 1)
            elif d.roll_for >= R_STRIKE:
                abilities.apply_roll(self, d, a - C_DIE + 1)
            else:
                turn.apply_roll(self, d, a - C_DIE + 1)
        elif node == N_MISDEAL:
            self.observe_all(token(T_MISDEAL, d.cur, a))
            setup.apply_misdeal(self, d, a)
        elif node == N_PLAN:
            setup.apply_plan(self, d, a)
        elif node == N_PLAN_FACTION:
            setup.apply_plan_faction(self, d, a)
        elif node == N_TURN:
            self.observe_all(token(T_ACT, d.cur, a))
            turn.apply_turn(self, d, a)
        elif node == N_PICK:
            turn.apply_pick(self, d, a)
        elif node == N_FACTION:
            turn.apply_faction(self, d, a)
        elif node == N_ATTACKER:
            battle.apply_attacker(self, d, a)
        elif node == N_TARGET:
            battle.apply_target(self, d, a)
        elif node == N_MODE:
            battle.apply_mode(self, d, a)
        elif node == N_DEFENDER:
            battle.apply_defender(self, d, a)
        elif node == N_LOSS:
            battle.apply_loss(self, d, a)
        elif node == N_GARRISON:
            battle.apply_garrison(self, d, a)
        elif node == N_ORDER:
            battle.apply_order(self, d, a)
        elif node == N_SORTIE:
            battle.apply_sortie(self, d, a)
        elif node == N_WPART:
            turn.apply_part(self, d, a)
        elif node == N_ARRANGE:
            turn.apply_arrange(self, d, a)
        elif node == N_REGROUP:
            self.observe_all(token(T_ACT, d.cur, a))
            turn.apply_regroup(d, a)
        elif node == N_COMPLEX:
            turn.apply_complex(self, d, a)
        elif node == N_SWAP:
            turn.apply_swap(self, d, a)
        elif node == N_TURNCOAT:
            turn.apply_turncoat(self, d, a)
        elif node == N_TRAITOR:
            turn.apply_traitor(self, d, a)
        elif node == N_ABILITY:
            turn.apply_ability_target(self, d, a)
        elif node == N_WINDOW:
            events.apply_window(self, d, a)
        elif node == N_AMBUSH:
            events.apply_ambush(self, d, a)
        elif node == N_UN:
            events.apply_un(self, d, a)
        elif node == N_RETREAT:
            events.apply_retreat(self, d, a)
        elif node == N_OFFER:
            trade.apply_offer(self, d, a)
        elif node == N_ACCEPT:
            trade.apply_accept(self, d, a)
        elif node == N_RETURN:
            trade.apply_return(self, d, a)
        elif node == N_CUTTER:
            supply.apply_cutter(self, d, a)
        elif node == N_CUT:
            supply.apply_cut(self, d, a)
        elif node == N_ARMOR_START:
            armor.apply_start(self, d, a)
        elif node == N_ARMOR_AGAIN:
            armor.apply_again(self, d, a)
        elif node == N_AIR:
            air.apply_choice(self, d, a)
        elif node == N_AIR_WITH:
            air.apply_with(self, d, a)
        elif node == N_RECON or node == N_RECON_SEAT:
            recon.apply_recon(self, d, a)
        elif node == N_RECON_COUNTER or node == N_RECON_UNIT or node == N_RECON_LEADER:
            recon.apply_counter(self, d, a)
        elif node == N_RECON_TAKE:
            recon.apply_take(self, d, a)
        if d.nlinks:
            supply.sweep(self, d)
        if d.ar_group >= 0 and d.node == N_TURN:
            armor.after(self, d)
        if d.aa_stage and d.node == N_TURN:
            air.after(self, d)
        if d.rc_stage == 2 and d.node == N_TURN:
            recon.after(self, d)
        if d.re_ask and d.node == N_TURN:
            turn.ask_rearrange(d)

    cdef void c_returns(self, double* out) noexcept nogil:
        turn.returns(&self.d, out)

    cdef void c_heuristic_returns(self, double* out) noexcept nogil:
        estimate.heuristic_returns(&self.d, out)

    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept nogil:
        resample.resample_hidden(&self.d, player, self.reading, rng)

    cdef uint64_t c_private_token(self, int player) noexcept nogil:
        """A seat's own loyalty in this world: in a search, another seat's decisions are
        keyed by the marker the sampled world gave it (DESIGN.md)."""
        cdef int m = self.d.loyalty[player]
        return token(T_LOYALTY, player, m) if m >= 0 else 0

    # ------------------------------------------------------------ bot hooks (knowledge.pyx)
    cdef bint c_filters_actions(self) noexcept nogil:
        return True

    cdef int c_bot_actions(self, int* actions, int n) noexcept nogil:
        return knowledge.bot_actions(&self.d, actions, n)

    cdef bint c_has_priors(self) noexcept nogil:
        return True

    cdef void c_action_priors(self, const int* actions, int n, double* out) noexcept nogil:
        knowledge.action_priors(&self.d, actions, n, out)

    # ------------------------------------------------------------ Python API
    def _state_bytes(self):
        cdef Guerilla copy = self.d
        copy.info = NULL            # the static table's address differs between processes
        return (<char*>&copy)[:sizeof(Guerilla)]

    def _node(self):
        """The decision node alone: the view names most moves by it, and _snap() builds the
        whole table."""
        return self.d.node

    def _relief_odds(self, int group):
        """Group `group`'s best chance of beating a group that cuts the supply of one of its
        owner's groups (battle.relief_odds), for the behaviour benchmark; 0.0 for none."""
        if not 0 <= group < NGROUPS or self.d.grp[group].owner < 0:
            raise ValueError(f"no group {group} on the table")
        return battle.relief_odds(&self.d, group, self.d.grp[group].owner)

    def _target_odds(self, int group):
        """The declared attack's chance of beating group `group` (battle.target_odds), for the
        behaviour benchmark: only while the attacker picks its target."""
        if self.d.node != N_TARGET:
            raise ValueError("no attack is choosing its target")
        if not 0 <= group < NGROUPS or self.d.grp[group].owner < 0:
            raise ValueError(f"no group {group} on the table")
        return battle.target_odds(&self.d, group)

    def _snap(self):
        """The struct as plain data for view.py (text and observations)."""
        cdef Guerilla* d = &self.d
        cdef int c, q, i
        where = {}
        for c in range(NCARDS):
            for i in range(NPLACES):
                if in_place(d, i, c):
                    where[c] = i
        groups = []
        for i in range(NGROUPS):
            g = d.grp[i]
            if g.owner >= 0:
                groups.append({"id": i, "owner": g.owner, "faction": g.faction,
                               "leader": g.leader, "complex": g.cplx,
                               "units": [g.unit[k] for k in range(g.nunits)],
                               "damage": g.damage, "isolation": g.iso,
                               "cut_by": g.cutter, "cuts": g.cuts,
                               "attacked": bool(g.attacked)})
        return {
            "n": d.n, "node": d.node, "cur": d.cur, "active": d.active, "dealer": d.dealer,
            "actions": d.actions, "letter": d.letter, "where": where, "groups": groups,
            "loyalty": [d.loyalty[q] for q in range(d.n)],
            "known": [d.known[q] for q in range(d.n)],
            "score": [d.score[q] for q in range(d.n)],
            "fscore": [d.fscore[0], d.fscore[1]],
            "won_by": [[d.won_by[q][k] for k in range(NSRC)] for q in range(d.n)],
            "final": [d.final[q] for q in range(d.n)], "winner": d.winner,
            "round": d.round, "rounds": d.rounds, "total": [d.total[q] for q in range(d.n)],
            "held": [c for c in range(NCARDS) if barracks_faction(d, c) >= 0],
            "held_faction": {c: barracks_faction(d, c) for c in range(NCARDS) if barracks_faction(d, c) >= 0},
            "plan": [d.plan[c] for c in range(NCARDS)],
            "plan_faction": [[d.plan_faction[q][i] for i in range(MAXPLAN)] for q in range(d.n)],
            "planned": d.planned, "pick": [d.pick[i] for i in range(d.npick)],
            "pick_kind": d.pick_kind, "pick_group": d.pick_group,
            "deck": d.deck.n, "discard": [d.disc.slot[i] for i in range(d.disc.n)],
            "sudden": bool(d.sudden), "sudden_marker": d.sudden_marker,
            "deck_pass": d.deck_pass, "weather": d.weather, "turns": d.turns,
            "roll_for": d.roll_for, "drawn_red": d.drawn_red, "ability": d.ability,
            "banco": bool(d.banco), "forced": d.forced, "un": d.un,
            "atrocity": bool(d.atrocity), "markers": [d.marker[q] for q in range(d.n)],
            "window": d.w_kind, "offer": [d.offer[c] for c in range(NCARDS)],
            "partner": d.t_partner, "trade_limit": [d.t_limit[0], d.t_limit[1]], "laid_down": [c for c in range(NCARDS) if ws_has(d.t_down, NW, c)],
            "recon_seat": d.rc_seat, "recon_group": d.rc_group, "low": d.w_low,
            "doubled": [c for c in range(NCARDS) if ws_has(d.b_dbl, NW, c)],
            "battle": {"attacker": d.b_att, "with": d.b_att2, "defender": d.b_def, "unit": d.b_unit,
                       "named": d.b_named, "also": [d.b_also[k] for k in range(d.b_nalso)],
                       "mode": d.b_mode,
                       "rolls": [d.b_roll[0], d.b_roll[1]],
                       "totals": [d.b_total[0], d.b_total[1]], "loser": d.b_loser,
                       "due": d.b_due, "taken": d.b_taken, "victor": d.b_victor, "base": d.b_base,
                       "sufferer": d.b_sufferer, "points": d.b_points},
            "misdeals": d.misdeals,
            "capacity": [capacity(d, q) for q in range(d.n)],
        }

    def arrange(self, loyalties, hands=None, groups=(), active=0, deck=None, discard=(),
                scores=None, sudden=0):
        """A position for tests and puzzles: `active`'s turn begins with these loyalty markers
        (0 Government, 1 Rebel, 2 Mercenary per seat), hands (seat -> card ids), groups
        ((owner, faction, [card ids], damage)), the deck, the discard pile, the scores and
        sudden death (position.pyx). Every argument is checked first (TypeError, or
        PositionError, a ValueError); a refused set-up changes nothing."""
        marks, held, laid, first, cards, pile, tallies, marker = checked_position(
            self.deck, self.d.n, loyalties, {} if hands is None else hands, groups, active, deck,
            discard, scores, sudden)
        position.arrange(self, &self.d, marks, held, laid, first, cards, pile, tallies, marker)

    def _deck_segments(self):
        """Slots left in the deck's shuffled segments, bottom first (tests)."""
        return tuple(self.d.deck.seg_size[k] for k in range(2))

    def _deck_pins(self):
        """(card, segment) of each card held to a segment of the deck (tests)."""
        return [(self.d.deck.pin_card[k], self.d.deck.pin_seg[k]) for k in range(self.d.deck.npin)]

    def _seen_discard(self, player):
        """The discard pile's cards `player` has seen there (face up, or his own face down)."""
        cdef int c
        player = self._check_seat(player)
        return [c for c in range(NCARDS) if ws_has(self.d.seen[player][P_DISC], NW, c)]

    @property
    def deck(self):
        return self.comps.deck

    def _action_to_string(self, int a):
        return view.action_to_string(self, a)

    def _read_move(self, text):
        """A move by the phrase the menu shows for it (view.move_phrase)."""
        return view.action_for_phrase(self, text)

    def apply_action(self, action):
        """Apply a legal action (IllegalActionError otherwise, nothing changed). Of alike units
        that may go sideways the menu offers one (turn.legal_arrange); the others are still
        applied as named, so records made when each was offered replay as they were played."""
        if (type(action) is int and 0 <= action < NUM_ACTIONS and self.current_player() >= 0
                and turn.arrange_twin(&self.d, action)):
            self.c_apply(action)
            self.move_number += 1
            return
        GameState.apply_action(self, action)

    def _describe_action(self, int a, viewer):
        return view.describe_action(self, a, viewer)

    def _observation(self, int player):
        return view.observation(self, player)
