# cython: language_level=3
"""Bandit: a one-seat game registered for tests only, exercising the bot hooks of the state
contract (docs/architecture.md, "Bot hooks").

The seat pulls one of `arms` arms, `rounds` times. The odd arms change nothing (they score no
point), and with `marked` the game marks them so that a bot never pulls them (c_bot_actions);
every even arm scores one point. With `priors` the game gives arm a a prior weight in
proportion to a + 1 (c_action_priors): the even arms are equal in value, so only the prior can
tell them apart. The return is the points over the rounds; with `lost` the seat has lost
whatever it pulls (return 0), and only its heuristic returns, the points over the rounds, tell
the arms apart (a search's `lead`). `idle_pulls()` counts the odd arms pulled in this process,
by anyone (a search's tree or rollouts included).
"""
from libc.stdint cimport int8_t

from partisan.core.actions import ActionRanges
from partisan.core.game import GameInfo, Option, register
from partisan.core.state cimport GameState, TERMINAL, token

cdef enum:
    MAX_ARMS = 16
    MAX_ROUNDS = 4
    TOK_PULL = 1

cdef long _idle_pulls = 0


def idle_pulls():
    """How many odd arms were pulled in this process so far."""
    return _idle_pulls


ctypedef struct Bandit:
    int8_t arms
    int8_t rounds
    int8_t pulled               # rounds played
    int8_t points
    int8_t marked               # odd arms change nothing, and the game says so
    int8_t priors               # the game has a move prior
    int8_t lost                 # the return is 0 whatever the points


def new_state(game):
    cdef BanditState s = BanditState.__new__(BanditState)
    s.game = game
    s.num_players = 1
    s.num_distinct_actions = MAX_ARMS
    s.d.arms = game.options["arms"]
    s.d.rounds = game.options["rounds"]
    s.d.marked = game.options["marked"]
    s.d.priors = game.options["priors"]
    s.d.lost = game.options["lost"]
    return s


cdef inline bint _idle(int arm) noexcept nogil:
    return arm % 2 == 1


cdef class BanditState(GameState):
    cdef Bandit d

    cdef int c_current_player(self) noexcept nogil:
        return TERMINAL if self.d.pulled == self.d.rounds else 0

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int a
        if self.d.pulled == self.d.rounds:
            return 0
        for a in range(self.d.arms):
            out[a] = a
        return self.d.arms

    cdef bint c_filters_actions(self) noexcept nogil:
        return self.d.marked

    cdef int c_bot_actions(self, int* actions, int n) noexcept nogil:
        cdef int i, k = 0
        for i in range(n):
            if not _idle(actions[i]):
                actions[k] = actions[i]
                k += 1
        return k

    cdef bint c_has_priors(self) noexcept nogil:
        return self.d.priors

    cdef void c_action_priors(self, const int* actions, int n, double* out) noexcept nogil:
        cdef int i
        cdef double total = 0.0
        for i in range(n):
            out[i] = actions[i] + 1.0
            total += out[i]
        for i in range(n):
            out[i] /= total

    cdef void c_apply(self, int action) noexcept nogil:
        global _idle_pulls
        if _idle(action):
            _idle_pulls += 1
        else:
            self.d.points += 1
        self.d.pulled += 1
        self.observe_all(token(TOK_PULL, 0, action))

    cdef void c_returns(self, double* out) noexcept nogil:
        out[0] = 0.0 if self.d.lost else <double>self.d.points / self.d.rounds

    cdef void c_heuristic_returns(self, double* out) noexcept nogil:
        out[0] = <double>self.d.points / self.d.rounds

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        self.d = (<BanditState>other).d

    cdef GameState c_new_blank(self):
        return BanditState.__new__(BanditState)

    def _action_to_string(self, int action):
        return f"arm {action}"

    def _observation(self, int player):
        return {"seat": player, "pulled": self.d.pulled, "points": self.d.points}

    def _state_bytes(self):
        return (<char*>&self.d)[:sizeof(Bandit)]


INFO = register(GameInfo(
    name="bandit",
    title="Bandit (test game)",
    min_players=1,
    max_players=1,
    new_state=new_state,
    actions=ActionRanges(arm=MAX_ARMS),
    return_bounds=(0.0, 1.0),
    max_game_length=lambda game: game.options["rounds"],
    options=(Option("arms", 6, "arms to pull", minimum=2, maximum=MAX_ARMS),
             Option("rounds", 2, "pulls", minimum=1, maximum=MAX_ROUNDS),
             Option("marked", True, "the game marks the odd arms, which change nothing"),
             Option("priors", False, "the game has a move prior (arm a: weight a + 1)"),
             Option("lost", False, "the seat has lost whatever it pulls: only the heuristic "
                    "returns count the points")),
    summary="Pull arms; the bot hooks. Registered for tests only.",
    test_only=True,
))
