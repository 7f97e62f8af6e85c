from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef bint can_trade(Guerilla* d) noexcept nogil
cdef void begin_trade(GameState st, Guerilla* d) noexcept nogil
cdef int legal_offer(Guerilla* d, int* out) noexcept nogil
cdef void apply_offer(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_accept(Guerilla* d, int* out) noexcept nogil
cdef void apply_accept(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_return(Guerilla* d, int* out) noexcept nogil
cdef void apply_return(GameState st, Guerilla* d, int a) noexcept nogil
