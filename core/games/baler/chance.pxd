from partisan.core.rng cimport Rng
from partisan.core.games.baler.table cimport Baler

cdef int walk_uniform(double u, int n) noexcept nogil
cdef int walk_roll(double u, int k) noexcept nogil
cdef int sample_chance(const Baler* t, Rng* rng) noexcept nogil
