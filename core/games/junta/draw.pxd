from partisan.core.state cimport GameState
from partisan.core.games.junta.data cimport JuntaData

cdef void start_round(GameState g, JuntaData* d) noexcept nogil
cdef void draw_next(GameState g, JuntaData* d) noexcept nogil
cdef void apply_card(GameState g, JuntaData* d, int t) noexcept nogil
