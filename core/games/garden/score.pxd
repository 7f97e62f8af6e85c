from partisan.core.games.garden.data cimport Garden

cdef void points(const Garden* d, int* pts, int* goods) noexcept nogil
cdef void shares(const Garden* d, double* out) noexcept nogil
