from partisan.core.state cimport GameState
from partisan.core.games.junta.data cimport JuntaData


cdef class JuntaState(GameState):
    cdef JuntaData d
