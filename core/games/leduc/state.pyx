# cython: language_level=3
"""Leduc poker with OpenSpiel's `leduc_poker` defaults (2 players, no action
mapping, no suit isomorphism, seat 0 starts both rounds).

Six cards (J, Q, K in two suits), ante 1, one private card each, a betting
round, one public card, a second betting round. Raises are 2 in round 1 and 4
in round 2, at most two per round. A pair with the public card beats any
single; otherwise the higher card wins and equal ranks split the pot.
Actions are OpenSpiel's: fold 0, call 1, raise 2; a chance outcome is the
card dealt (0..5).
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset
from partisan.core.rng cimport Rng, rng_below
from partisan.core.state cimport CHANCE, TERMINAL, token as _token

from partisan.core.actions import ActionRanges
from partisan.core.narration import does

cdef enum:
    NUM_CARDS = 6
    MAX_RAISES = 2

# OpenSpiel's numbering: three bets; chance outcomes (the cards) are numbered apart.
ACTIONS = ActionRanges(fold=1, call=1, raise_bet=1)
CHANCE_OUTCOMES = ActionRanges(card=NUM_CARDS)
cdef int FOLD = ACTIONS.fold
cdef int CALL = ACTIONS.call
cdef int RAISE = ACTIONS.raise_bet

# Observation tokens: (kind, actor, value) packed so different events never collide.
cdef enum:
    TOK_DEAL = 1
    TOK_PUBLIC = 2
    TOK_BET = 3


RANKS = "JQK"
SUITS = "sh"
BETS = ("fold", "call", "raise")


def card_name(int card):
    """'Js', 'Jh', 'Qs', ... for cards 0..5."""
    return RANKS[card // 2] + SUITS[card % 2]


def new_state(game):
    cdef LeducState s = LeducState.__new__(LeducState)
    s.game = game
    s.num_players = 2
    s.num_distinct_actions = ACTIONS.size
    memset(&s.d, 0, sizeof(Leduc))
    s.d.cur = CHANCE
    s.d.round = 1
    s.d.private[0] = -1
    s.d.private[1] = -1
    s.d.public = -1
    s.d.stakes = 1
    s.d.ante[0] = 1
    s.d.ante[1] = 1
    s.d.folded = -1
    return s


cdef class LeducState(GameState):
    cdef int c_current_player(self) noexcept nogil:
        return self.d.cur

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int n = 0
        cdef int p = self.d.cur
        if p < 0:
            return 0
        if self.d.stakes > self.d.ante[p]:
            out[n] = FOLD
            n += 1
        out[n] = CALL
        n += 1
        if self.d.num_raises < MAX_RAISES:
            out[n] = RAISE
            n += 1
        return n

    cdef bint c_secret_decision(self) noexcept nogil:
        return True     # every bet is made on a card the other cannot see

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil:
        cdef int c, n = 0
        for c in range(NUM_CARDS):
            if c != self.d.public and c != self.d.private[0] and c != self.d.private[1]:
                out[n] = c
                n += 1
        for c in range(n):
            probs[c] = 1.0 / n
        return n

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        cdef int outs[NUM_CARDS]
        cdef double probs[NUM_CARDS]
        cdef int n = self.c_chance_outcomes(outs, probs)
        return outs[rng_below(rng, n)]

    cdef void c_apply(self, int action) noexcept nogil:
        cdef int p = self.d.cur
        cdef int r
        if p == CHANCE:
            if self.d.dealt < 2:
                p = self.d.dealt
                self.d.private[p] = action
                self.observe_split(p, _token(TOK_DEAL, p, action), _token(TOK_DEAL, p, -1))
                self.d.dealt += 1
                if self.d.dealt == 2:
                    self.d.cur = 0
            else:
                self.d.public = action
                self.observe_all(_token(TOK_PUBLIC, -1, action))
                self.d.cur = 0
            return
        self.observe_all(_token(TOK_BET, p, action))
        r = self.d.round - 1
        self.d.seq[r][self.d.seq_len[r]] = action
        self.d.seq_len[r] += 1
        if action == FOLD:
            self.d.folded = p
            self.d.cur = TERMINAL
        elif action == CALL:
            self.d.ante[p] = self.d.stakes
            self.d.num_calls += 1
            if ((self.d.num_raises == 0 and self.d.num_calls == 2)
                    or (self.d.num_raises > 0 and self.d.num_calls == 1)):
                if self.d.round == 2:
                    self.d.cur = TERMINAL
                else:
                    self.d.round = 2
                    self.d.num_calls = 0
                    self.d.num_raises = 0
                    self.d.cur = CHANCE
            else:
                self.d.cur = 1 - p
        else:
            self.d.stakes += 2 if self.d.round == 1 else 4
            self.d.ante[p] = self.d.stakes
            self.d.num_raises += 1
            self.d.num_calls = 0
            self.d.cur = 1 - p

    cdef int c_rank(self, int seat) noexcept nogil:
        """Hand strength: a pair beats every single; singles by high then low rank."""
        cdef int a = self.d.private[seat] // 2
        cdef int b = self.d.public // 2
        if self.d.public < 0:
            return a
        if a == b:
            return 100 + a
        if a > b:
            return a * 3 + b
        return b * 3 + a

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int f = self.d.folded
        cdef int r0, r1
        out[0] = 0.0
        out[1] = 0.0
        if self.d.cur != TERMINAL:
            return
        if f >= 0:
            out[f] = -self.d.ante[f]
            out[1 - f] = self.d.ante[f]
            return
        r0 = self.c_rank(0)
        r1 = self.c_rank(1)
        if r0 > r1:
            out[0] = self.d.ante[1]
            out[1] = -self.d.ante[1]
        elif r1 > r0:
            out[1] = self.d.ante[0]
            out[0] = -self.d.ante[0]

    cdef void c_heuristic_returns(self, double* out) noexcept nogil:
        """A showdown now: the better hand so far wins what both have matched."""
        cdef int r0, r1
        cdef double s = min(self.d.ante[0], self.d.ante[1])
        out[0] = 0.0
        out[1] = 0.0
        if self.d.dealt < 2:
            return
        r0 = self.c_rank(0)
        r1 = self.c_rank(1)
        if r0 != r1:
            out[0] = s if r0 > r1 else -s
            out[1] = -out[0]

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        self.d = (<LeducState>other).d

    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept nogil:
        """Redraw the opponent's private card among the cards `player` has not seen."""
        cdef int opp = 1 - player
        cdef int cards[NUM_CARDS]
        cdef int c, n = 0
        cdef int own = self.d.private[player] if player < self.d.dealt else -1
        if opp >= self.d.dealt:
            return
        for c in range(NUM_CARDS):
            if c != own and c != self.d.public:
                cards[n] = c
                n += 1
        self.d.private[opp] = cards[rng_below(rng, n)]

    cdef uint64_t c_private_token(self, int player) noexcept nogil:
        return _token(TOK_DEAL, player, self.d.private[player]) if player < self.d.dealt else 0

    cdef GameState c_new_blank(self):
        return LeducState.__new__(LeducState)

    # ------------------------------------------------------------------
    def _action_to_string(self, int action):
        if self.d.cur == CHANCE:
            return card_name(action)
        return BETS[action]

    def _describe_action(self, int action, viewer):
        if self.d.cur == CHANCE and self.d.dealt < 2:
            seat = self.d.dealt
            shown = card_name(action) if viewer is None or viewer == seat else "a card"
            return does(seat, viewer, "are", f"dealt {shown}")
        if self.d.cur == CHANCE:
            return f"public card {card_name(action)}"
        return does(self.d.cur, viewer, BETS[action])

    def _observation(self, int player):
        """What `player` knows: own card, public card, the betting, the pot."""
        d = self.d
        own = d.private[player] if player < d.dealt else -1
        obs = {
            "seat": player,
            "private_card": card_name(own) if own >= 0 else None,
            "public_card": card_name(d.public) if d.public >= 0 else None,
            "round": d.round,
            "to_move": d.cur,
            "contributions": [d.ante[0], d.ante[1]],
            "pot": d.ante[0] + d.ante[1],
            "betting": [[BETS[d.seq[r][i]] for i in range(d.seq_len[r])] for r in range(2)],
        }
        if d.cur == TERMINAL and d.folded < 0:
            obs["showdown"] = [card_name(d.private[0]), card_name(d.private[1])]
        return obs

    def _state_bytes(self):
        return (<char*>&self.d)[:sizeof(Leduc)]

