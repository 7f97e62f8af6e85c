from partisan.core.state cimport GameState
from partisan.core.games.junta.data cimport JuntaData

cdef void spend_next(GameState g, JuntaData* d) noexcept nogil
cdef void spend_draw_next(GameState g, JuntaData* d) noexcept nogil
cdef int legal_spend(JuntaData* d, int* out) noexcept nogil
cdef void apply_spend(GameState g, JuntaData* d, int a) noexcept nogil
cdef int legal_discard(JuntaData* d, int* out) noexcept nogil
cdef void apply_discard(GameState g, JuntaData* d, int a) noexcept nogil
cdef void game_over(GameState g, JuntaData* d) noexcept nogil
cdef void returns(JuntaData* d, double* out) noexcept nogil
cdef void heuristic_returns(JuntaData* d, double* out) noexcept nogil
