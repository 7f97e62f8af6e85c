from libc.stdint cimport uint64_t
from partisan.core.geometry cimport Card
from partisan.core.state cimport GameState
from partisan.core.games.garden.data cimport Garden

cdef bint resolve(Garden* d, int o) noexcept nogil
cdef int legal_blast(const Garden* d, int* out) noexcept nogil
cdef int legal_target(const Garden* d, int* out) noexcept nogil
cdef void apply_blast(GameState g, Garden* d, int a) noexcept nogil
cdef void apply_target(GameState g, Garden* d, int a) noexcept nogil
cdef void claim_goodies(Garden* d, int seat) noexcept nogil
cdef void line_segment(const Garden* d, int o, int side, double* seg) noexcept nogil
cdef void blast_segment(const Garden* d, int o, double* seg) noexcept nogil
cdef uint64_t blast_hits(const Garden* d, int a, const Card* cards) noexcept nogil
cdef uint64_t target_chain(const Garden* d, int o, int target, const Card* cards) noexcept nogil
