from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef bint can_play(Guerilla* d) noexcept nogil
cdef void begin(GameState st, Guerilla* d, int card) noexcept nogil
cdef int legal_recon(Guerilla* d, int* out) noexcept nogil
cdef void apply_recon(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_counter(Guerilla* d, int* out) noexcept nogil
cdef void apply_counter(GameState st, Guerilla* d, int a) noexcept nogil
cdef void after(GameState st, Guerilla* d) noexcept nogil
cdef int legal_take(Guerilla* d, int* out) noexcept nogil
cdef void apply_take(GameState st, Guerilla* d, int a) noexcept nogil
