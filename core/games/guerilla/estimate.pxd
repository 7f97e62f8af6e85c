from partisan.core.games.guerilla.table cimport Guerilla

cdef void heuristic_returns(Guerilla* d, double* out) noexcept nogil
