from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla, Group

cdef bint can_play(Guerilla* d) noexcept nogil
cdef void begin(GameState st, Guerilla* d, int card) noexcept nogil
cdef int legal_cutter(Guerilla* d, int* out) noexcept nogil
cdef void apply_cutter(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_cut(Guerilla* d, int* out) noexcept nogil
cdef void apply_cut(GameState st, Guerilla* d, int a) noexcept nogil
cdef void release(GameState st, Guerilla* d, int vi, bint back) noexcept nogil
cdef void on_attack(GameState st, Guerilla* d, int gi) noexcept nogil
cdef int overrun_limit(Guerilla* d, int gi) noexcept nogil
cdef void sweep(GameState st, Guerilla* d) noexcept nogil
cdef int surrender_at(Guerilla* d, Group* g) noexcept nogil
cdef void grow(GameState st, Guerilla* d) noexcept nogil
