from partisan.core.noise cimport NoiseData
from partisan.core.games.garden.data cimport Garden

cdef void priors(const Garden* d, const NoiseData* nd, const int* actions, int n,
                 double* out) noexcept nogil
