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
from partisan.core.state cimport GameState, CHANCE, TERMINAL, token as tok
from partisan.core.dice cimport die_outcomes, die_sample
from partisan.core.games.junta.data cimport *
from partisan.core.games.junta cimport (
    bookkeeping, draw, promises, orders, combat, spend, resample, view, position, knowledge)

from partisan.core.actions import ActionRanges

# The action ids (decisions, then chance outcomes) as declared ranges. The phase modules use
# the C offsets of data.pxd, which are derived there from the same sizes in the same order;
# ACTIONS.check_offsets refuses to import a build in which the two disagree.
ACTIONS = ActionRanges(
    done=1,
    promise_card=JMAXP * NT,        # + recipient * NT + kind
    promise_militia=JMAXP * JMAXP,  # + recipient * 5 + face seat (Expert)
    order=NCODE,                    # + order code 0..5
    burgle=JMAXP,                   # + victim
    spy=1,
    play=NT,                        # + kind
    assassinate=2 * JMAXP,          # + group (seat * 2 + on loan)
    divert=JMAXP * 7,               # + seat * 7 + k
    destroy=2 * JMAXP,              # + group (Expert)
    buy_building=1,
    buy_militia=1,
    buy_card=1,
    pay=NT,                         # + kind
    discard=NT,                     # + kind
    draw=NT,                        # chance: + kind
    die=6,                          # chance: + face - 1
    first_presidente=JMAXP,         # chance: + seat
)


ACTIONS.check_offsets("junta", (
    A_DONE, A_PROM_CARD, A_PROM_MIL, A_ORDER, A_BURGLE, A_SPY, A_PLAY, A_ASSASS, A_DIVERT,
    A_DESTROY, A_BUY_B, A_BUY_M, A_BUY_C, A_PAY, A_DISCARD, C_CARD, C_DIE, C_SEAT, NUM_ACTIONS))

# Where _fields()'s card counts ("cnt", "lb") put each place: the Deck, the Discard Pile, and
# the first seat's hand and promise pile (+ seat).
PLACES = {"deck": L_DECK, "discard": L_DISC, "hand": L_HAND, "promises": L_PROM}


cdef class JuntaState(GameState):
    """One game of Junta for 3-5 players (option `expert` for the Expert Game)."""

    def __init__(self, game):
        cdef int t, e, q
        data = game.data
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

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        self.d = (<JuntaState>other).d

    # ------------------------------------------------------------ contract
    cdef int c_current_player(self) noexcept nogil:
        cdef int ph = self.d.phase
        if ph == PH_OVER:
            return TERMINAL
        if (ph == PH_SETUP or ph == PH_DRAW or ph == PH_BURGLE or ph == PH_ROLL
                or ph == PH_REROLL or ph == PH_TIE or ph == PH_PLUNDER or ph == PH_SPEND_DRAW):
            return CHANCE
        return self.d.cur

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil:
        cdef int ph = self.d.phase
        cdef int i
        if ph == PH_SETUP:
            for i in range(self.d.n):
                out[i] = C_SEAT + i
                probs[i] = 1.0 / self.d.n
            return self.d.n
        if ph == PH_DRAW or ph == PH_SPEND_DRAW:
            return bookkeeping.card_outcomes(&self.d, L_DECK, out, probs)
        if ph == PH_BURGLE:
            return bookkeeping.card_outcomes(&self.d, L_PROM + self.d.left, out, probs)
        if ph == PH_PLUNDER:
            return bookkeeping.card_outcomes(&self.d, L_HAND + self.d.bdef, out, probs)
        return die_outcomes(D6, C_DIE, out, probs)     # a die rolled, re-rolled or for a tie

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        cdef int ph = self.d.phase
        if ph == PH_SETUP:
            return C_SEAT + <int>rng_below(rng, self.d.n)
        if ph == PH_DRAW or ph == PH_SPEND_DRAW:
            return bookkeeping.sample_card(&self.d, L_DECK, rng)
        if ph == PH_BURGLE:
            return bookkeeping.sample_card(&self.d, L_PROM + self.d.left, rng)
        if ph == PH_PLUNDER:
            return bookkeeping.sample_card(&self.d, L_HAND + self.d.bdef, rng)
        return C_DIE - 1 + die_sample(D6, rng)

    cdef bint c_secret_decision(self) noexcept nogil:
        return self.d.phase == PH_ORDER        # militia orders are given in secret

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int ph = self.d.phase
        if ph == PH_PROMISE:
            return promises.legal_promise(&self.d, out)
        if ph == PH_BURGLAR:
            return promises.legal_burglar(&self.d, out)
        if ph == PH_ORDER:
            return orders.legal_order(&self.d, out)
        if ph == PH_SPY:
            return orders.legal_spy(&self.d, out)
        if ph == PH_CARDS:
            return combat.legal_cards(&self.d, out)
        if ph == PH_DIVERT:
            return combat.legal_divert(&self.d, out)
        if ph == PH_DESTROY:
            return combat.legal_destroy(&self.d, out)
        if ph == PH_SPEND:
            return spend.legal_spend(&self.d, out)
        if ph == PH_DISCARD:
            return spend.legal_discard(&self.d, out)
        return 0

    cdef void c_apply(self, int a) noexcept nogil:
        cdef int ph = self.d.phase
        if ph == PH_SETUP:
            self.d.pres = a - C_SEAT
            self.observe_all(tok(T_PRES, self.d.pres, 0))
            draw.start_round(self, &self.d)
        elif ph == PH_DRAW or ph == PH_SPEND_DRAW or ph == PH_BURGLE or ph == PH_PLUNDER:
            draw.apply_card(self, &self.d, a - C_CARD)
        elif ph == PH_ROLL or ph == PH_REROLL:
            combat.apply_roll(self, &self.d, a)
        elif ph == PH_TIE:
            combat.apply_tie(self, &self.d, a)
        elif ph == PH_PROMISE:
            promises.apply_promise(self, &self.d, a)
        elif ph == PH_BURGLAR:
            promises.apply_burglar(self, &self.d, a)
        elif ph == PH_ORDER:
            orders.apply_order(self, &self.d, a)
        elif ph == PH_SPY:
            orders.apply_spy(self, &self.d, a)
        elif ph == PH_CARDS:
            combat.apply_cards(self, &self.d, a)
        elif ph == PH_DIVERT:
            combat.apply_divert(self, &self.d, a)
        elif ph == PH_DESTROY:
            combat.apply_destroy(self, &self.d, a)
        elif ph == PH_SPEND:
            spend.apply_spend(self, &self.d, a)
        elif ph == PH_DISCARD:
            spend.apply_discard(self, &self.d, a)

    cdef void c_returns(self, double* out) noexcept nogil:
        spend.returns(&self.d, out)

    cdef void c_heuristic_returns(self, double* out) noexcept nogil:
        spend.heuristic_returns(&self.d, out)

    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept nogil:
        resample.resample_hidden(&self.d, player, rng, self.reading)

    # ------------------------------------------------------------ bot hooks (knowledge.pyx)
    cdef bint c_filters_actions(self) noexcept nogil:
        return True

    cdef int c_bot_actions(self, int* actions, int n) noexcept nogil:
        """No money given up for nothing: a wasteful payment, Foreign Aid discarded while a
        smaller one is held, Spend Money ended with a building affordable
        (knowledge.bot_actions)."""
        return knowledge.bot_actions(&self.d, actions, n)

    cdef bint c_has_priors(self) noexcept nogil:
        return True

    cdef void c_action_priors(self, const int* actions, int n, double* out) noexcept nogil:
        knowledge.action_priors(&self.d, actions, n, out)

    # ------------------------------------------------------------ Python API
    def _state_bytes(self):
        return (<char*>&self.d)[:sizeof(JuntaData)]

    @property
    def phase(self):
        return view.phase_name(&self.d)

    def _action_to_string(self, int a):
        return view.action_to_string(&self.d, a, self.game.data.cards)

    def _describe_action(self, int a, viewer):
        """The action as `viewer` sees it (None: an all-seeing narrator)."""
        return view.describe_action(&self.d, a, viewer, self.game.data.cards)

    def _observation(self, int player):
        """What `player` knows, as plain data."""
        return view.observation(&self.d, player, self.c_current_player(), self.game.data.cards)

    def arrange(self, pres=None, buildings=None, militia=None, hands=None):
        """Set up a position (tests, rulebook examples, puzzles) before the first card is
        drawn: the Presidente, each estate's buildings and militia, and named cards dealt
        from the Deck into hands. Each owner observes its own cards."""
        position.arrange(self, &self.d, pres, buildings, militia, hands)

    def _fields(self):
        """Card counts, knowledge bounds and the table as plain lists (tests check invariants)."""
        return position.fields(&self.d)

