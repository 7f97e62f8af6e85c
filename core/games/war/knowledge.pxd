from libc.stdint cimport uint64_t
from partisan.core.games.war.data cimport WarData

cdef void action_priors(WarData* d, const int* actions, int n, double* out) noexcept nogil
cdef double worth(WarData* d, uint64_t cards) noexcept nogil
cdef int bot_actions(WarData* d, int* actions, int n) noexcept nogil
