from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla
from partisan.core.games.guerilla.components cimport GuerillaCards

cdef class GuerillaState(GameState):
    cdef Guerilla d
    cdef GuerillaCards comps
