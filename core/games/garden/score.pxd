from partisan.core.games.garden.data cimport Garden

cdef int controller(const Garden* d, int m) noexcept nogil
cdef void points(const Garden* d, int* pts, int* goods) noexcept nogil
cdef void shares(const Garden* d, double* out) noexcept nogil
