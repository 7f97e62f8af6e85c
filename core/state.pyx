# cython: language_level=3
"""Base class of every game state: the checked Python API over the C contract."""
from libc.stdint cimport uint64_t
from libc.string cimport memcpy
from partisan.core.rng cimport Rng, rng_seed, rng_next, rng_below, rng_double, mix64

from reprlib import repr as shown     # a bounded repr: a huge or deeply nested argument stays short

from partisan.core.errors import IllegalActionError, SampledChanceError, SeatError
from partisan.core.narration import by
from partisan.core.seeds import check_seed

# Salt for the keys of the seats that did not resample: their nodes in a search
# are keyed by what the searching seat knows plus what they observe afterwards.
cdef uint64_t OTHER_SEAT_SALT = 0x5DEECE66D


cdef class RandomState:
    """A seeded xoshiro256** stream that Python code can hand to the engine; the seed is a
    whole number from 0 to 2^64 - 1 (SeedError, a ValueError, otherwise: never wrapped)."""

    def __init__(self, seed=0):
        rng_seed(&self.rng, <uint64_t>check_seed(seed))

    def randint(self, int n):
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        return rng_below(&self.rng, n)

    def random(self):
        return rng_double(&self.rng)


_SUIT_LETTERS = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s"})


def _normalise(str text):
    return " ".join(text.translate(_SUIT_LETTERS).lower().split())


cdef RandomState _as_random_state(object seed_or_rng):
    if isinstance(seed_or_rng, RandomState):
        return seed_or_rng
    return RandomState(seed_or_rng)


cdef int _branch(int n) except -1:
    """The Python API checks every count a game reports (see checked_branch for the search)."""
    if not 0 <= n <= MAX_BRANCH:
        raise RuntimeError(f"a game reported {n} actions at one node; MAX_BRANCH is {MAX_BRANCH}, "
                           "so memory was overwritten: grow the buffer or split the decision")
    return n


cdef int _action_id(GameState s, object action) except? -1:
    """`action` checked to be an id of the node's kind: 0..num_distinct_actions-1 at a decision,
    0..max_chance_outcomes-1 at a chance node."""
    if isinstance(action, bool) or not hasattr(type(action), "__index__"):
        raise IllegalActionError(f"an action is a whole number, not {shown(action)}")
    value = action.__index__()
    bound = (s.game.info.max_chance_outcomes if s.c_current_player() == CHANCE
             else s.num_distinct_actions)
    if not 0 <= value < bound:
        raise IllegalActionError(f"action {value} is outside 0..{bound - 1}")
    return value




cdef class GameState:
    # ------------------------------------------------------------------
    # C-level contract: games override every method in this block.
    cdef int c_current_player(self) noexcept nogil:
        return TERMINAL

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return 0

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil:
        return 0

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        """Default sampler over c_chance_outcomes; games override it when faster."""
        cdef int outs[MAX_BRANCH]
        cdef double probs[MAX_BRANCH]
        cdef int n = checked_branch(self.c_chance_outcomes(outs, probs))
        cdef double u = rng_double(rng)
        cdef int i
        for i in range(n - 1):
            u -= probs[i]
            if u < 0.0:
                return outs[i]
        return outs[n - 1]

    cdef void c_apply(self, int action) noexcept nogil:
        pass

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int i
        for i in range(self.num_players):
            out[i] = 0.0

    cdef void c_heuristic_returns(self, double* out) noexcept nogil:
        self.c_returns(out)

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        pass

    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept nogil:
        pass

    cdef GameState c_new_blank(self):
        raise NotImplementedError

    cdef uint64_t c_private_token(self, int player) noexcept nogil:
        """Optional: a hash of what `player` alone sees in this world (its hidden hand), or 0.
        After a resample the other seats' keys are mixed with it, so that in a search their
        decisions depend on their own hand in each world; 0 (the default) keeps their nodes
        shared across worlds."""
        return 0

    # ------------------------------------------------------------------
    # Sample-only chance: a chance node whose outcomes cannot be listed (continuous
    # landings). There c_chance_outcomes writes nothing, c_sample_chance draws an
    # outcome id, and c_is_possible_outcome checks one read back from a record.
    cdef bint c_chance_is_sampled(self) noexcept nogil:
        return False

    cdef bint c_is_possible_outcome(self, int outcome) noexcept nogil:
        return False

    cdef bint c_secret_decision(self) noexcept nogil:
        """Whether the seat to move decides under hidden information that a fixed choice would
        give away: in secret or simultaneously (a sealed pick, a pass), or on a card the others
        cannot see (a poker bet). There a bot may draw its move from a mixed policy; elsewhere a
        mixed choice only costs strength. False (the default) for every decision."""
        return False

    # ------------------------------------------------------------------
    # Bot hooks: a game overrides them to tell its bots what a player at the table knows.
    cdef bint c_filters_actions(self) noexcept nogil:
        """Whether c_bot_actions may remove a move anywhere in this game (False: the search
        never calls it)."""
        return False

    cdef int c_bot_actions(self, int* actions, int n) noexcept nogil:
        """Compact the `n` legal `actions` in place (order kept) to those a bot considers and
        return how many are left, at least 1: the game removes the moves that cannot change
        anything (a modifier that changes no success), which stay legal for a person. The
        default removes nothing."""
        return n

    cdef bint c_has_priors(self) noexcept nogil:
        """Whether c_action_priors says more than the uniform default (False: the search never
        calls it)."""
        return False

    cdef void c_action_priors(self, const int* actions, int n, double* out) noexcept nogil:
        """A prior weight in [0, 1] for each of the `n` `actions` (what the mover may see
        only), summing to 1; the default is uniform."""
        cdef int i
        for i in range(n):
            out[i] = 1.0 / n

    # ------------------------------------------------------------------
    # Provided by the base class.
    cdef bint c_is_terminal(self) noexcept nogil:
        return self.c_current_player() == TERMINAL

    cdef void c_copy_from(self, GameState other) noexcept nogil:
        self.num_players = other.num_players
        self.num_distinct_actions = other.num_distinct_actions
        self.move_number = other.move_number
        self.seed = other.seed
        memcpy(self.keys, other.keys, sizeof(self.keys))
        self.c_copy_game(other)

    cdef GameState c_clone(self):
        cdef GameState s = self.c_new_blank()
        s.game = self.game
        s.c_copy_from(self)
        return s

    cdef void c_resample(self, int player, Rng* rng) noexcept nogil:
        cdef int q
        cdef uint64_t own
        self.c_resample_hidden(player, rng)
        self.seed = rng_next(rng)
        for q in range(self.num_players):
            if q != player:
                self.keys[q] = mix64(self.keys[player], OTHER_SEAT_SALT + q)
                own = self.c_private_token(q)
                if own:
                    self.keys[q] = mix64(self.keys[q], own)

    cdef void c_apply_checked(self, int action) except *:
        cdef int buf[MAX_BRANCH]
        cdef double probs[MAX_BRANCH]
        cdef int n, i
        cdef int p = self.c_current_player()
        if p == TERMINAL:
            raise IllegalActionError("the game is over; no action is legal")
        if p == CHANCE and self.c_chance_is_sampled():
            if not self.c_is_possible_outcome(action):
                raise IllegalActionError(f"{action} cannot come from this sample-only chance node")
            n = 1
            buf[0] = action
        elif p == CHANCE:
            n = _branch(self.c_chance_outcomes(buf, probs))
        else:
            n = _branch(self.c_legal_actions(buf))
        for i in range(n):
            if buf[i] == action:
                self.c_apply(action)
                self.move_number += 1
                return
        raise IllegalActionError(f"action {action} is not legal here")

    cdef void observe_all(self, uint64_t token) noexcept nogil:
        cdef int q
        for q in range(self.num_players):
            self.keys[q] = mix64(self.keys[q], token)

    cdef void observe_split(self, int player, uint64_t secret, uint64_t redacted) noexcept nogil:
        cdef int q
        for q in range(self.num_players):
            self.keys[q] = mix64(self.keys[q], secret if q == player else redacted)

    cdef void observe_one(self, int player, uint64_t token) noexcept nogil:
        self.keys[player] = mix64(self.keys[player], token)

    # ------------------------------------------------------------------
    # Checked Python API.
    def current_player(self):
        """A seat 0..n-1, CHANCE (-1) or TERMINAL (-2)."""
        return self.c_current_player()

    def is_terminal(self):
        return self.c_is_terminal()

    def is_chance_node(self):
        return self.c_current_player() == CHANCE

    def secret_decision(self):
        """True where the seat to move decides in secret or simultaneously, or on hidden
        information a fixed choice would give away (c_secret_decision); False at chance and
        terminal nodes."""
        return self.c_current_player() >= 0 and self.c_secret_decision()

    def is_sampled_chance(self):
        """True at a chance node that can only be sampled (its outcomes cannot be listed)."""
        return self.c_current_player() == CHANCE and self.c_chance_is_sampled()

    def _refuse_listing(self):
        if self.is_sampled_chance():
            raise SampledChanceError("this chance node can only be sampled: its outcomes cannot "
                                     "be listed (use sample_chance())")

    def legal_actions(self):
        """Sorted legal actions of the seat to move (chance outcomes at a chance node);
        SampledChanceError at a sample-only chance node."""
        cdef int buf[MAX_BRANCH]
        cdef double probs[MAX_BRANCH]
        cdef int p = self.c_current_player()
        cdef int n
        if p == TERMINAL:
            return []
        self._refuse_listing()
        if p == CHANCE:
            n = _branch(self.c_chance_outcomes(buf, probs))
        else:
            n = _branch(self.c_legal_actions(buf))
        return sorted(buf[i] for i in range(n))

    def bot_actions(self):
        """The sorted legal actions a bot considers (c_bot_actions): legal_actions() without
        the moves that cannot change anything; at a chance or terminal node, legal_actions()."""
        cdef int buf[MAX_BRANCH]
        cdef int n, m
        if self.c_current_player() < 0 or not self.c_filters_actions():
            return self.legal_actions()
        n = _branch(self.c_legal_actions(buf))
        m = self.c_bot_actions(buf, n) if n > 1 else n
        if not (1 <= m <= n or m == n == 0):
            raise RuntimeError(f"a game kept {m} of {n} legal actions for its bots: it must keep "
                               "at least one and no more than it was given")
        return sorted(buf[i] for i in range(m))


    def _priors(self):
        """{action: prior} over the moves a bot considers (bot_actions()), as the search's prior
        weighs them (c_action_priors); {} at a chance or terminal node, or in a game without a
        prior. For tests of a game's knowledge."""
        cdef int buf[MAX_BRANCH]
        cdef double out[MAX_BRANCH]
        cdef int k, n
        if self.c_current_player() < 0 or not self.c_has_priors():
            return {}
        actions = self.bot_actions()
        n = len(actions)
        for k in range(n):
            buf[k] = actions[k]
        if n:
            self.c_action_priors(buf, n, out)
        return {actions[k]: out[k] for k in range(n)}
    def chance_outcomes(self):
        """[(outcome, probability), ...] at a chance node, else []; SampledChanceError at a
        sample-only chance node, whose outcomes cannot be listed."""
        cdef int buf[MAX_BRANCH]
        cdef double probs[MAX_BRANCH]
        if self.c_current_player() != CHANCE:
            return []
        self._refuse_listing()
        cdef int n = _branch(self.c_chance_outcomes(buf, probs))
        return sorted((buf[i], probs[i]) for i in range(n))

    def sample_chance(self, rng=None):
        """Draw a chance outcome (without applying it).

        Without `rng` the draw comes from the state's own seed and move number,
        so a game replayed from its record continues exactly as it would have.
        """
        cdef Rng local
        if self.c_current_player() != CHANCE:
            raise IllegalActionError("not a chance node")
        if rng is None:
            rng_seed(&local, mix64(self.seed, <uint64_t>self.move_number))
            return self.c_sample_chance(&local)
        cdef RandomState rs = _as_random_state(rng)
        return self.c_sample_chance(&rs.rng)

    def apply_action(self, action):
        """Apply a legal action; raise IllegalActionError and change nothing otherwise."""
        self.c_apply_checked(_action_id(self, action))

    def clone(self):
        return self.c_clone()

    @property
    def return_bounds(self):
        """(low, high): every return of this game lies within (declared in its GameInfo)."""
        return self.game.info.return_bounds

    @property
    def max_game_length(self):
        """The most decisions (chance outcomes not counted, as in OpenSpiel) a game can last
        (declared in GameInfo)."""
        return self.game.max_game_length

    def returns(self):
        cdef double out[MAX_PLAYERS]
        self.c_returns(out)
        return [out[i] for i in range(self.num_players)]

    def heuristic_returns(self):
        cdef double out[MAX_PLAYERS]
        if self.c_is_terminal():
            self.c_returns(out)
        else:
            self.c_heuristic_returns(out)
        return [out[i] for i in range(self.num_players)]

    def infostate_key(self, player):
        return self.keys[self._check_seat(player)]

    def resample(self, player, seed_or_rng, reading=0.0):
        """Redraw in place everything `player` cannot see, consistently with what it saw; with
        `reading` > 0 a game may weigh the worlds by what its table tells (bots' `read`)."""
        cdef int p = self._check_seat(player)
        cdef RandomState rs = _as_random_state(seed_or_rng)
        if isinstance(reading, bool) or not isinstance(reading, (int, float)) or not 0 <= reading < float("inf"):
            raise ValueError(f"reading is a finite weight >= 0, not {shown(reading)}")
        self.reading = reading
        try:
            self.c_resample(p, &rs.rng)
        finally:
            self.reading = 0.0

    def observation(self, player):
        """What `player` knows, as plain data (JSON-serialisable)."""
        return self._observation(self._check_seat(player))

    def fingerprint(self):
        """Bytes that differ whenever two states differ (for tests and debugging)."""
        return (self._state_bytes()
                + (<char*>self.keys)[:sizeof(self.keys)]
                + self.seed.to_bytes(8, "little")
                + self.move_number.to_bytes(4, "little"))

    def string_to_action(self, text):
        """The legal action (or chance outcome) whose text is `text`, ignoring case,
        spacing, and suit symbols written as letters (Q♠ = QS)."""
        if not isinstance(text, str):
            raise IllegalActionError(f"a move is named by text, not {shown(text)}")
        if self.is_sampled_chance():
            raise IllegalActionError(f"no move is called {text!r}: the outcomes of a sample-only "
                                     "chance node are drawn, not named")
        wanted = _normalise(text)
        for a in self.legal_actions():
            if _normalise(self._action_to_string(a)) == wanted:
                return a
        named = None if self.is_chance_node() else self._read_move(text)
        if named is not None:
            return named
        raise IllegalActionError(f"no legal move is called {text!r}")

    def _read_move(self, text):
        """The legal move a player names in other words than its text (a game's menu phrase,
        the words of its own events), or None: a game's hook, asked for decisions only."""
        return None

    def action_to_string(self, action):
        """The text of an action id of this node's kind (IllegalActionError for anything else);
        a game gives every id in range a text, legal here or not."""
        return self._action_to_string(_action_id(self, action))

    def describe_action(self, action, viewer=None):
        """What `viewer` (a seat, or None for an all-seeing observer) sees of `action`."""
        cdef int a = _action_id(self, action)
        return self._describe_action(a, None if viewer is None else self._check_seat(viewer))

    def _set_seed(self, seed):
        self.seed = <uint64_t>check_seed(seed)

    def _check_seat(self, player):
        """`player` as a seat of this game, or SeatError."""
        if isinstance(player, bool) or not hasattr(type(player), "__index__"):
            raise SeatError(f"a seat is a whole number, not {shown(player)}")
        seat = player.__index__()
        if not 0 <= seat < self.num_players:
            raise SeatError(f"seat {seat} out of range 0..{self.num_players - 1}")
        return seat

    # Games implement these; the public methods above check the arguments first, so a game
    # sees only a legal action and an existing seat.
    def _action_to_string(self, int action):
        raise NotImplementedError

    def _describe_action(self, int action, viewer):
        """A player's move names its actor ("you" to the viewer who made it)."""
        cdef int actor = self.c_current_player()
        text = self._action_to_string(action)
        return text if actor < 0 else by(actor, viewer, text)

    def _observation(self, int player):
        raise NotImplementedError

    def _state_bytes(self):
        raise NotImplementedError

    def __repr__(self):
        return f"<{type(self).__name__} move {self.move_number} to move {self.c_current_player()}>"
