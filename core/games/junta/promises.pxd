from partisan.core.state cimport GameState
from partisan.core.games.junta.data cimport JuntaData

cdef void begin_promises(JuntaData* d) noexcept nogil
cdef int legal_promise(JuntaData* d, int* out) noexcept nogil
cdef void apply_promise(GameState g, JuntaData* d, int a) noexcept nogil
cdef void burglar_next(GameState g, JuntaData* d) noexcept nogil
cdef int legal_burglar(JuntaData* d, int* out) noexcept nogil
cdef void apply_burglar(GameState g, JuntaData* d, int a) noexcept nogil
cdef void receive(GameState g, JuntaData* d, int q) noexcept nogil
cdef void forfeit(GameState g, JuntaData* d, int q) noexcept nogil
