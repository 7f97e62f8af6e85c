from partisan.core.state cimport GameState
from partisan.core.games.junta.data cimport JuntaData

cdef int arrange(GameState g, JuntaData* d, pres, buildings, militia, hands) except -1
cdef dict fields(JuntaData* d)
