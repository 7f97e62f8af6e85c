from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef bint can_play(Guerilla* d) noexcept
cdef void deploy(GameState st, Guerilla* d, int card) noexcept
cdef int legal_start(Guerilla* d, int* out) noexcept
cdef void apply_start(GameState st, Guerilla* d, int a) noexcept
cdef void attack(GameState st, Guerilla* d, int gi, int ti) noexcept
cdef int legal_defender(Guerilla* d, int* out) noexcept
cdef void refuse(GameState st, Guerilla* d) noexcept
cdef bint may_refuse(Guerilla* d) noexcept
cdef void after(GameState st, Guerilla* d) noexcept
cdef int legal_again(Guerilla* d, int* out) noexcept
cdef void apply_again(GameState st, Guerilla* d, int a) noexcept
