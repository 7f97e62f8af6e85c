from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef int legal_abilities(Guerilla* d, int* out) noexcept nogil
cdef void apply_ability(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_target(Guerilla* d, int* out) noexcept nogil
cdef void apply_target(GameState st, Guerilla* d, int a) noexcept nogil
cdef void apply_roll(GameState st, Guerilla* d, int face) noexcept nogil
cdef void destroy_complex(GameState st, Guerilla* d, int gi, int scorer) noexcept nogil
