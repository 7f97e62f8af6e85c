from partisan.core.state cimport GameState
from partisan.core.games.baler.table cimport Baler
from partisan.core.games.baler.components cimport BalerComponents


cdef class BalerState(GameState):
    cdef Baler t
    cdef BalerComponents parts
    cdef readonly object journal    # the combats' account for the screen (journal.py)

    cdef void _apply_chance(self, int a) noexcept nogil
    cdef void _apply_decision(self, int a) noexcept nogil
    cdef int _winner(self) noexcept nogil
