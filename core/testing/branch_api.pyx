# cython: language_level=3
"""Python wrappers over the inline blocks for tests: `checked_branch` (state.pxd), and a
broken state that reports more than MAX_BRANCH legal actions (writing none), for the checks
that must catch such a game."""
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
