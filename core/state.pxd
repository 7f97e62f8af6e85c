# The state contract every game implements (see docs/architecture.md).
# The search calls only the c_* methods; everyone else uses the checked
# Python methods defined in state.pyx. The c_* methods (but those that allocate) are
# noexcept nogil, so that a search can run on several threads.
from libc.stdint cimport uint64_t
from libc.stdio cimport fprintf, stderr
from libc.stdlib cimport abort
from partisan.core.rng cimport Rng

cdef enum:
    MAX_PLAYERS = 8

cdef extern from *:
    """
    #ifndef PARTISAN_DEBUG
    #define PARTISAN_DEBUG 0
    #endif
    """
    bint PARTISAN_DEBUG     # 1 in builds made with PARTISAN_DEBUG=1 (setup.py)

cdef inline uint64_t token(int kind, int seat, int value) noexcept nogil:
    """One observation for an information-state key: (event kind, seat or -1, value or -1)
    packed into disjoint bit fields, so different events never collide."""
    return ((<uint64_t>kind << 40) | (<uint64_t>(seat + 1) << 24)
            | (<uint64_t>(value + 1) & <uint64_t>0xFFFFFF))


cpdef enum:
    CHANCE = -1
    TERMINAL = -2
    # Upper bound on legal actions or chance outcomes at one node: buffers handed to
    # c_legal_actions / c_chance_outcomes have this many slots. A game's declared action
    # ranges may not exceed it (core/game.py register), so unique ids always fit.
    MAX_BRANCH = 1024


cdef inline int checked_branch(int n) noexcept nogil:
    """`n` as returned by c_legal_actions / c_chance_outcomes. A debug build stops at once
    when a game reports more than the MAX_BRANCH slots it was given (memory was overwritten)."""
    if PARTISAN_DEBUG and not 0 <= n <= MAX_BRANCH:
        fprintf(stderr, b"partisan: a game reported %d actions at one node, MAX_BRANCH is %d\n",
                n, <int>MAX_BRANCH)
        abort()
    return n


cdef class RandomState:
    cdef Rng rng


cdef class GameState:
    cdef readonly object game          # partisan.core.game.Game (shared, immutable)
    cdef readonly int num_players
    cdef readonly int num_distinct_actions
    cdef readonly int move_number      # actions applied since the start
    cdef uint64_t seed                 # drives sample_chance(); scrambled by resample
    cdef uint64_t keys[MAX_PLAYERS]    # perfect-recall information-state keys
    # How much a resample weighs what the table tells of the hidden information (0: every
    # consistent world alike); a search sets it on its own worlds, a game may ignore it.
    cdef double reading

    # ---- C-level contract, implemented by every game -------------------
    cdef int c_current_player(self) noexcept nogil
    cdef int c_legal_actions(self, int* out) noexcept nogil
    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil
    cdef int c_sample_chance(self, Rng* rng) noexcept nogil
    cdef void c_apply(self, int action) noexcept nogil
    cdef void c_returns(self, double* out) noexcept nogil
    cdef void c_heuristic_returns(self, double* out) noexcept nogil
    cdef void c_copy_game(self, GameState other) noexcept nogil
    cdef void c_resample_hidden(self, int player, Rng* rng) noexcept nogil
    cdef GameState c_new_blank(self)
    cdef uint64_t c_private_token(self, int player) noexcept nogil
    # Sample-only chance (docs/architecture.md, "Sample-only chance"): games with
    # continuous outcomes override these two; the defaults say "listable".
    cdef bint c_chance_is_sampled(self) noexcept nogil
    cdef bint c_is_possible_outcome(self, int outcome) noexcept nogil
    # Secret decisions (docs/architecture.md, "Secret decisions"): games override it where
    # the seat to move chooses unseen by the others (a bet on a hidden card, a simultaneous pick).
    cdef bint c_secret_decision(self) noexcept nogil
    # Bot hooks (docs/architecture.md, "Bot hooks"): what a game knows that helps a bot.
    # c_filters_actions says whether c_bot_actions may remove anything (asked once a search,
    # so that a game without the hook costs the search nothing); c_bot_actions compacts a
    # legal list in place to the moves a bot considers, returning how many are left (at
    # least 1). c_has_priors says whether c_action_priors gives a move prior.
    cdef bint c_filters_actions(self) noexcept nogil
    cdef int c_bot_actions(self, int* actions, int n) noexcept nogil
    cdef bint c_has_priors(self) noexcept nogil
    cdef void c_action_priors(self, const int* actions, int n, double* out) noexcept nogil

    # ---- provided by the base class -------------------------------------
    cdef bint c_is_terminal(self) noexcept nogil
    cdef void c_copy_from(self, GameState other) noexcept nogil
    cdef GameState c_clone(self)
    cdef void c_resample(self, int player, Rng* rng) noexcept nogil
    cdef void c_apply_checked(self, int action) except *

    # Information-state bookkeeping for games: every seat sees `token`, or
    # only `player` sees `secret` while the others see `redacted`.
    cdef void observe_all(self, uint64_t token) noexcept nogil
    cdef void observe_split(self, int player, uint64_t secret, uint64_t redacted) noexcept nogil
    cdef void observe_one(self, int player, uint64_t token) noexcept nogil
