from partisan.core.rng cimport Rng
from partisan.core.games.junta.data cimport JuntaData

cdef void resample_hidden(JuntaData* d, int player, Rng* rng, double reading) noexcept nogil
