from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState
from partisan.core.games.junta.data cimport JuntaData

cdef void order_next(GameState g, JuntaData* d) noexcept nogil
cdef int legal_order(JuntaData* d, int* out) noexcept nogil
cdef void apply_order(GameState g, JuntaData* d, int a) noexcept nogil
cdef int legal_spy(JuntaData* d, int* out) noexcept nogil
cdef void apply_spy(GameState g, JuntaData* d, int a) noexcept nogil
cdef void redraw_orders(JuntaData* d, int q, Rng* rng) noexcept nogil
