# cython: language_level=3
"""Kuhn poker as OpenSpiel's `kuhn_poker` with 2 players.

Three cards (jack, queen, king), ante 1, one private card each, one betting
round of at most three actions: pass 0 and bet 1 (a bet puts in one more chip;
passing after a bet folds). A chance outcome is the card dealt (0..2).
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport CHANCE, TERMINAL, token as _token

from partisan.core.actions import ActionRanges
from partisan.core.narration import does

cdef enum:
    NUM_CARDS = 3

ACTIONS = ActionRanges(pass_=1, bet=1)
CHANCE_OUTCOMES = ActionRanges(card=NUM_CARDS)
cdef int PASS = ACTIONS.pass_
cdef int BET = ACTIONS.bet

# Observation tokens: (kind, actor, value) packed so different events never collide.
cdef enum:
    TOK_DEAL = 1
    TOK_BET = 2

CARDS = ("jack", "queen", "king")
BETS = ("pass", "bet")


def new_state(game):
    cdef KuhnState s = KuhnState.__new__(KuhnState)
    s.game = game
    s.num_players = 2
    s.num_distinct_actions = ACTIONS.size
    memset(&s.d, 0, sizeof(Kuhn))
    s.d.cur = CHANCE
    s.d.card[0] = -1
    s.d.card[1] = -1
    s.d.ante[0] = 1
    s.d.ante[1] = 1
    return s


cdef class KuhnState(GameState):
    cdef int c_current_player(self) noexcept nogil:
        return self.d.cur

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        if self.d.cur < 0:
            return 0
        out[0] = PASS
        out[1] = BET
        return 2

    cdef bint c_secret_decision(self) noexcept nogil:
        return True     # every bet is made on a card the other cannot see

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil:
        cdef int c, n = 0
        for c in range(NUM_CARDS):
            if c != self.d.card[0] and c != self.d.card[1]:
                out[n] = c
                n += 1
        for c in range(n):
            probs[c] = 1.0 / n
        return n

    cdef void c_apply(self, int action) noexcept nogil:
        cdef int p = self.d.cur
        cdef int n
        if p == CHANCE:
            self.d.card[self.d.dealt] = action
            self.observe_split(self.d.dealt, _token(TOK_DEAL, self.d.dealt, action),
                               _token(TOK_DEAL, self.d.dealt, -1))
            self.d.dealt += 1
            if self.d.dealt == 2:
                self.d.cur = 0
            return
        self.observe_all(_token(TOK_BET, p, action))
        self.d.seq[self.d.num_bets] = action
        self.d.num_bets += 1
        if action == BET:
            self.d.ante[p] += 1
        n = self.d.num_bets
        # Over after pass-pass, bet-pass (a fold), bet-bet (a call) or any third action.
        if n == 3 or (n == 2 and (self.d.seq[0] == BET or action == PASS)):
            self.d.cur = TERMINAL
        else:
            self.d.cur = 1 - p

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int w
        out[0] = 0.0
        out[1] = 0.0
        if self.d.cur != TERMINAL:
            return
        if self.d.ante[0] != self.d.ante[1]:
            w = 0 if self.d.ante[0] > self.d.ante[1] else 1      # the other folded
        else:
            w = 0 if self.d.card[0] > self.d.card[1] else 1      # showdown
        out[w] = self.d.ante[1 - w]
        out[1 - w] = -self.d.ante[1 - w]

    cdef void c_heuristic_returns(self, double* out) noexcept nogil:
        """A showdown now for the chips both have matched."""
        cdef double s = min(self.d.ante[0], self.d.ante[1])
        out[0] = 0.0
        out[1] = 0.0
        if self.d.dealt == 2:
            out[0] = s if self.d.card[0] > self.d.card[1] else -s
            out[1] = -out[0]

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        self.d = (<KuhnState>other).d

    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept nogil:
        """Redraw the opponent's card among the two `player` does not hold."""
        cdef int opp = 1 - player
        cdef int own = self.d.card[player] if player < self.d.dealt else -1
        cdef int cards[NUM_CARDS]
        cdef int c, n = 0
        if opp >= self.d.dealt:
            return
        for c in range(NUM_CARDS):
            if c != own:
                cards[n] = c
                n += 1
        self.d.card[opp] = cards[rng_below(rng, n)]

    cdef uint64_t c_private_token(self, int player) noexcept nogil:
        return _token(TOK_DEAL, player, self.d.card[player]) if player < self.d.dealt else 0

    cdef GameState c_new_blank(self):
        return KuhnState.__new__(KuhnState)

    # ------------------------------------------------------------------
    def _action_to_string(self, int action):
        if self.d.cur == CHANCE:
            return CARDS[action]
        return BETS[action]

    def _describe_action(self, int action, viewer):
        if self.d.cur == CHANCE:
            seat = self.d.dealt
            shown = f"the {CARDS[action]}" if viewer is None or viewer == seat else "a card"
            return does(seat, viewer, "are", f"dealt {shown}")
        return does(self.d.cur, viewer, BETS[action])

    def _observation(self, int player):
        """What `player` knows: own card, the betting, the pot."""
        d = self.d
        own = d.card[player] if player < d.dealt else -1
        obs = {
            "seat": player,
            "card": CARDS[own] if own >= 0 else None,
            "to_move": d.cur,
            "contributions": [d.ante[0], d.ante[1]],
            "pot": d.ante[0] + d.ante[1],
            "betting": [BETS[d.seq[i]] for i in range(d.num_bets)],
        }
        if d.cur == TERMINAL and d.ante[0] == d.ante[1]:
            obs["showdown"] = [CARDS[d.card[0]], CARDS[d.card[1]]]
        return obs

    def _state_bytes(self):
        return (<char*>&self.d)[:sizeof(Kuhn)]
