from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef bint can_play(Guerilla* d) noexcept nogil
cdef void begin(GameState st, Guerilla* d, int card) noexcept nogil
cdef int legal_choice(Guerilla* d, int* out) noexcept nogil
cdef void apply_choice(GameState st, Guerilla* d, int a) noexcept nogil
cdef void after(GameState st, Guerilla* d) noexcept nogil
cdef int legal_with(Guerilla* d, int* out) noexcept nogil
cdef void apply_with(GameState st, Guerilla* d, int a) noexcept nogil
