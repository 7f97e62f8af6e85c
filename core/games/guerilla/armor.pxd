from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef bint can_play(Guerilla* d) noexcept nogil
cdef void deploy(GameState st, Guerilla* d, int card) noexcept nogil
cdef int legal_start(Guerilla* d, int* out) noexcept nogil
cdef void apply_start(GameState st, Guerilla* d, int a) noexcept nogil
cdef void attack(GameState st, Guerilla* d, int gi, int ti) noexcept nogil
cdef int legal_defender(Guerilla* d, int* out) noexcept nogil
cdef void refuse(GameState st, Guerilla* d) noexcept nogil
cdef bint may_refuse(Guerilla* d) noexcept nogil
cdef void after(GameState st, Guerilla* d) noexcept nogil
cdef int legal_again(Guerilla* d, int* out) noexcept nogil
cdef void apply_again(GameState st, Guerilla* d, int a) noexcept nogil
