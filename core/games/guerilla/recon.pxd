from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef bint can_play(Guerilla* d) noexcept
cdef void begin(GameState st, Guerilla* d, int card) noexcept
cdef int legal_recon(Guerilla* d, int* out) noexcept
cdef void apply_recon(GameState st, Guerilla* d, int a) noexcept
cdef int legal_counter(Guerilla* d, int* out) noexcept
cdef void apply_counter(GameState st, Guerilla* d, int a) noexcept
cdef void after(GameState st, Guerilla* d) noexcept
cdef int legal_take(Guerilla* d, int* out) noexcept
cdef void apply_take(GameState st, Guerilla* d, int a) noexcept
