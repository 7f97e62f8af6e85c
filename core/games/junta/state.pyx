# cython: language_level=3
"""Junta: Viva el Presidente! as a compiled state machine (see RULES.md beside this file).

A round runs Draw Cards -> Make Promises (Burglars window) -> Command Militias (Spy window)
-> Combat (the Presidente's battle, then clockwise by defender; steps A-D, Diversionary Tactic
window, Expert destroys) -> Spend Money -> Check Number of Cards. Cards are counted per kind
and location; every draw, plunder and die roll is a chance node. Multi-step decisions are
stacks of small actions ended by "done".

This class holds the struct (data.pxd) and hands each node to the module of its phase:
draw (round start, card chance nodes), promises (and Burglars), orders (and Spy, the
reveal), combat, spend (and the end), resample. Text and observations are in view, test
set-ups in position.
"""
from libc.string cimport memset
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport GameState, token as tok
from partisan.core.dice cimport die_outcomes, die_sample
from partisan.core.decision cimport (
    Phase, PlayerFn, LegalFn, OutcomesFn, SampleFn, ApplyFn, phase_set, phase_chance_player, phase_player, phase_legal, phase_outcomes,
    phase_sample, phase_apply)
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta cimport (
    bookkeeping, draw, promises, orders, combat, spend, resample, view, position)

from partisan.core.games.junta.cards import load_data


cdef class JuntaState(GameState):
    """One game of Junta for 3-5 players (option `expert` for the Expert Game)."""

    def __init__(self, game):
        cdef int t, e, q
        data = load_data()
        self.game = game
        self.num_players = game.players
        self.num_distinct_actions = NUM_ACTIONS
        memset(&self.d, 0, sizeof(JuntaData))
        self.d.n = game.players
        self.d.expert = 1 if game.options.get("expert", False) else 0
        self.d.kill_per_player = 1 if game.options.get("kill_per_player", False) else 0
        self.d.max_rounds = game.options.get("max_rounds", 40)
        self.d.vp_target = data.victory["expert" if self.d.expert else "basic"]
        self.d.cost_b = data.costs["building"]
        self.d.cost_m = data.costs["militia"]
        self.d.cost_c = data.costs["card"]
        self.d.mil_max = data.limits["militia_per_player"]
        self.d.buy_max = data.limits["cards_bought_per_round"]
        self.d.hand_limit = data.limits["hand_limit"]
        self.d.tiles = data.limits["building_tiles"]
        self.d.spots = data.limits["building_spots"]
        self.d.ntypes = len(data.cards)
        for e in range(NEFF):
            self.d.tix[e] = -1
        for t, card in enumerate(data.cards):
            self.d.eff[t] = card.code
            self.d.val[t] = card.value
            self.d.vp[t] = card.vp
            if card.effect not in ("foreign_aid", "victory_point"):
                self.d.tix[card.code] = t
            self.d.cnt[L_DECK][t] = card.count
            self.d.tot[L_DECK] += card.count
        for q in range(self.d.n):
            self.d.bld[q] = 1           # the Main House
            self.d.mil[q] = 1
        self.d.pres = -1
        self.d.new_pres = -1
        self.d.phase = PH_SETUP

    cdef GameState c_new_blank(self):
        return JuntaState.__new__(JuntaState)

    cdef void c_copy_game(self, GameState other) noexcept:
        self.d = (<JuntaState>other).d

    # ------------------------------------------------------------ contract
    cdef int c_current_player(self) noexcept:
        return phase_player(PHASES, NPHASES, self.d.phase, self)

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept:
        return phase_outcomes(PHASES, NPHASES, self.d.phase, self, out, probs)

    cdef int c_sample_chance(self, Rng* rng) noexcept:
        return phase_sample(PHASES, NPHASES, self.d.phase, self, rng)

    cdef int c_legal_actions(self, int* out) noexcept:
        return phase_legal(PHASES, NPHASES, self.d.phase, self, out)

    cdef void c_apply(self, int a) noexcept:
        phase_apply(PHASES, NPHASES, self.d.phase, self, a)

    cdef void c_returns(self, double* out) noexcept:
        spend.returns(&self.d, out)

    cdef void c_heuristic_returns(self, double* out) noexcept:
        spend.heuristic_returns(&self.d, out)

    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept:
        resample.resample_hidden(&self.d, player, rng)

    # ------------------------------------------------------------ Python API
    def _state_bytes(self):
        return (<char*>&self.d)[:sizeof(JuntaData)]

    @property
    def phase(self):
        return view.phase_name(&self.d)

    def action_to_string(self, int a):
        return view.action_to_string(&self.d, a)

    def describe_action(self, int a, viewer=None):
        """The action as `viewer` sees it (None: an all-seeing narrator)."""
        return view.describe_action(&self.d, a, viewer)

    def observation(self, int player):
        """What `player` knows, as plain data."""
        self._check_seat(player)
        return view.observation(&self.d, player, self.c_current_player())

    def arrange(self, pres=None, buildings=None, militia=None, hands=None):
        """Set up a position (tests, rulebook examples, puzzles) before the first card is
        drawn: the Presidente, each estate's buildings and militia, and named cards dealt
        from the Deck into hands. Each owner observes its own cards."""
        position.arrange(self, &self.d, pres, buildings, militia, hands)

    def _fields(self):
        """Card counts, knowledge bounds and the table as plain lists (tests check invariants)."""
        return position.fields(&self.d)


# ---------------------------------------------------------------- the phase table
# One row per phase: who acts, and the module that lists and applies its actions or
# chance outcomes. The handlers take the state as the contract does and pass the struct on.
cdef enum:
    NPHASES = PH_OVER + 1

cdef Phase PHASES[NPHASES]


cdef inline JuntaData* D(GameState g) noexcept:
    return &(<JuntaState>g).d


cdef int acting(GameState g) noexcept:
    return D(g).cur


# Chance: the first Presidente, cards drawn, burgled or plundered, and dice.
cdef int seat_outcomes(GameState g, int* out, double* probs) noexcept:
    cdef int i, n = D(g).n
    for i in range(n):
        out[i] = C_SEAT + i
        probs[i] = 1.0 / n
    return n

cdef int seat_sample(GameState g, Rng* rng) noexcept:
    return C_SEAT + <int>rng_below(rng, D(g).n)

cdef void seat_apply(GameState g, int a) noexcept:
    cdef JuntaData* d = D(g)
    d.pres = a - C_SEAT
    g.observe_all(tok(T_PRES, d.pres, 0))
    draw.start_round(g, d)

cdef int deck_outcomes(GameState g, int* out, double* probs) noexcept:
    return bookkeeping.card_outcomes(D(g), L_DECK, out, probs)

cdef int deck_sample(GameState g, Rng* rng) noexcept:
    return bookkeeping.sample_card(D(g), L_DECK, rng)

cdef int burgle_outcomes(GameState g, int* out, double* probs) noexcept:
    return bookkeeping.card_outcomes(D(g), L_PROM + D(g).left, out, probs)

cdef int burgle_sample(GameState g, Rng* rng) noexcept:
    return bookkeeping.sample_card(D(g), L_PROM + D(g).left, rng)

cdef int plunder_outcomes(GameState g, int* out, double* probs) noexcept:
    return bookkeeping.card_outcomes(D(g), L_HAND + D(g).bdef, out, probs)

cdef int plunder_sample(GameState g, Rng* rng) noexcept:
    return bookkeeping.sample_card(D(g), L_HAND + D(g).bdef, rng)

cdef void card_apply(GameState g, int a) noexcept:
    draw.apply_card(g, D(g), a - C_CARD)

cdef int die_outcomes6(GameState g, int* out, double* probs) noexcept:
    return die_outcomes(D6, C_DIE, out, probs)

cdef int die_sample6(GameState g, Rng* rng) noexcept:
    return C_DIE - 1 + die_sample(D6, rng)

cdef void roll_apply(GameState g, int a) noexcept:
    combat.apply_roll(g, D(g), a)

cdef void tie_apply(GameState g, int a) noexcept:
    combat.apply_tie(g, D(g), a)


# Decisions.
cdef int promise_legal(GameState g, int* out) noexcept:
    return promises.legal_promise(D(g), out)

cdef void promise_apply(GameState g, int a) noexcept:
    promises.apply_promise(g, D(g), a)

cdef int burglar_legal(GameState g, int* out) noexcept:
    return promises.legal_burglar(D(g), out)

cdef void burglar_apply(GameState g, int a) noexcept:
    promises.apply_burglar(g, D(g), a)

cdef int order_legal(GameState g, int* out) noexcept:
    return orders.legal_order(D(g), out)

cdef void order_apply(GameState g, int a) noexcept:
    orders.apply_order(g, D(g), a)

cdef int spy_legal(GameState g, int* out) noexcept:
    return orders.legal_spy(D(g), out)

cdef void spy_apply(GameState g, int a) noexcept:
    orders.apply_spy(g, D(g), a)

cdef int cards_legal(GameState g, int* out) noexcept:
    return combat.legal_cards(D(g), out)

cdef void cards_apply(GameState g, int a) noexcept:
    combat.apply_cards(g, D(g), a)

cdef int divert_legal(GameState g, int* out) noexcept:
    return combat.legal_divert(D(g), out)

cdef void divert_apply(GameState g, int a) noexcept:
    combat.apply_divert(g, D(g), a)

cdef int destroy_legal(GameState g, int* out) noexcept:
    return combat.legal_destroy(D(g), out)

cdef void destroy_apply(GameState g, int a) noexcept:
    combat.apply_destroy(g, D(g), a)

cdef int spend_legal(GameState g, int* out) noexcept:
    return spend.legal_spend(D(g), out)

cdef void spend_apply(GameState g, int a) noexcept:
    spend.apply_spend(g, D(g), a)

cdef int discard_legal(GameState g, int* out) noexcept:
    return spend.legal_discard(D(g), out)

cdef void discard_apply(GameState g, int a) noexcept:
    spend.apply_discard(g, D(g), a)


cdef void _chance(int ph, OutcomesFn outcomes, SampleFn sample, ApplyFn apply) noexcept:
    phase_set(&PHASES[ph], phase_chance_player, NULL, outcomes, sample, apply)


cdef void _decision(int ph, LegalFn legal, ApplyFn apply) noexcept:
    phase_set(&PHASES[ph], acting, legal, NULL, NULL, apply)


memset(PHASES, 0, sizeof(PHASES))     # PH_OVER: no player, the game is over
_chance(PH_SETUP, seat_outcomes, seat_sample, seat_apply)
_chance(PH_DRAW, deck_outcomes, deck_sample, card_apply)
_chance(PH_SPEND_DRAW, deck_outcomes, deck_sample, card_apply)
_chance(PH_BURGLE, burgle_outcomes, burgle_sample, card_apply)
_chance(PH_PLUNDER, plunder_outcomes, plunder_sample, card_apply)
_chance(PH_ROLL, die_outcomes6, die_sample6, roll_apply)
_chance(PH_REROLL, die_outcomes6, die_sample6, roll_apply)
_chance(PH_TIE, die_outcomes6, die_sample6, tie_apply)
_decision(PH_PROMISE, promise_legal, promise_apply)
_decision(PH_BURGLAR, burglar_legal, burglar_apply)
_decision(PH_ORDER, order_legal, order_apply)
_decision(PH_SPY, spy_legal, spy_apply)
_decision(PH_CARDS, cards_legal, cards_apply)
_decision(PH_DIVERT, divert_legal, divert_apply)
_decision(PH_DESTROY, destroy_legal, destroy_apply)
_decision(PH_SPEND, spend_legal, spend_apply)
_decision(PH_DISCARD, discard_legal, discard_apply)
