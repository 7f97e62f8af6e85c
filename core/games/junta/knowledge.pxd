from partisan.core.games.junta.data cimport JuntaData

cdef void action_priors(JuntaData* d, const int* actions, int n, double* out) noexcept nogil
cdef int bot_actions(JuntaData* d, int* actions, int n) noexcept nogil
