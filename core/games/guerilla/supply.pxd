from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef bint can_play(Guerilla* d) noexcept
cdef void begin(GameState st, Guerilla* d, int card) noexcept
cdef int legal_cutter(Guerilla* d, int* out) noexcept
cdef void apply_cutter(GameState st, Guerilla* d, int a) noexcept
cdef int legal_cut(Guerilla* d, int* out) noexcept
cdef void apply_cut(GameState st, Guerilla* d, int a) noexcept
cdef void release(GameState st, Guerilla* d, int vi, bint back) noexcept
cdef void on_attack(GameState st, Guerilla* d, int gi) noexcept
cdef int overrun_limit(Guerilla* d, int gi) noexcept
cdef void sweep(GameState st, Guerilla* d) noexcept
cdef void grow(GameState st, Guerilla* d) noexcept
