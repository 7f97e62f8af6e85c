from partisan.core.rng cimport Rng
from partisan.core.games.guerilla.table cimport Guerilla

cdef void resample_hidden(Guerilla* d, int p, double reading, Rng* rng) noexcept nogil
