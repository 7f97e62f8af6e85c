from partisan.core.games.guerilla.table cimport Guerilla

cdef int bot_actions(Guerilla* d, int* actions, int n) noexcept nogil
cdef void action_priors(Guerilla* d, const int* actions, int n, double* out) noexcept nogil
