# cython: language_level=3
"""Python wrappers over the inline blocks for tests: `checked_branch` (state.pxd), and broken
states for the checks that must catch such a game: one reports more than MAX_BRANCH legal
actions (writing none), one reaches a decision without any legal action."""
from partisan.core.state cimport GameState, MAX_BRANCH, PARTISAN_DEBUG, checked_branch

DEBUG_BUILD = bool(PARTISAN_DEBUG)


def checked(int n):
    return checked_branch(n)


cdef class Overflowing(GameState):
    cdef int c_current_player(self) noexcept nogil:
        return 0

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return MAX_BRANCH + 1


def overflowing(game):
    """A state of `game`'s size whose every node claims MAX_BRANCH + 1 legal actions."""
    cdef Overflowing s = Overflowing()
    s.game = game
    s.num_players = game.players
    s.num_distinct_actions = game.info.actions.size
    return s


cdef class Stuck(GameState):
    """Seat 0 always to move: action 0 is legal for its first `legal_moves` decisions, then none."""
    cdef int moves
    cdef int legal_moves

    cdef int c_current_player(self) noexcept nogil:
        return 0

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        if self.moves >= self.legal_moves:
            return 0
        out[0] = 0
        return 1

    cdef void c_apply(self, int action) noexcept nogil:
        self.moves += 1

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        self.moves = (<Stuck>other).moves
        self.legal_moves = (<Stuck>other).legal_moves

    cdef GameState c_new_blank(self):
        return Stuck.__new__(Stuck)


def stuck(game, int legal_moves):
    """A state of `game`'s size with no legal action after `legal_moves` decisions."""
    cdef Stuck s = Stuck()
    s.game = game
    s.num_players = game.players
    s.num_distinct_actions = game.info.actions.size
    s.legal_moves = legal_moves
    return s
