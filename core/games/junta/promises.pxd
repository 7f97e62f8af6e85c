from partisan.core.state cimport GameState
from partisan.core.games.junta.data cimport JuntaData

cdef void begin_promises(JuntaData* d) noexcept
cdef int legal_promise(JuntaData* d, int* out) noexcept
cdef void apply_promise(GameState g, JuntaData* d, int a) noexcept
cdef void burglar_next(GameState g, JuntaData* d) noexcept
cdef int legal_burglar(JuntaData* d, int* out) noexcept
cdef void apply_burglar(GameState g, JuntaData* d, int a) noexcept
cdef void receive(GameState g, JuntaData* d, int q) noexcept
cdef void forfeit(GameState g, JuntaData* d, int q) noexcept
