# cython: language_level=3
"""Guerilla's estimate (core/games/guerilla/estimate.pyx) for tests, at any state: the state's
own heuristic_returns() gives the returns once the game is over, where a search with `lead`
reads the estimate."""
from partisan.core.games.guerilla cimport estimate
from partisan.core.games.guerilla.state cimport GuerillaState
from partisan.core.games.guerilla.table cimport GMAXP


def estimate_returns(GuerillaState state not None):
    cdef double out[GMAXP]
    estimate.heuristic_returns(&state.d, out)
    return [out[q] for q in range(state.num_players)]
