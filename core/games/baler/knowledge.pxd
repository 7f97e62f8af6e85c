from partisan.core.games.baler.table cimport Baler

cdef void action_priors(const Baler* t, const int* actions, int n, double* out) noexcept nogil
cdef int bot_attacks(const Baler* t, int* actions, int n) noexcept nogil
cdef int bot_events(const Baler* t, int* actions, int n) noexcept nogil
cdef int bot_spend(const Baler* t, int* actions, int n) noexcept nogil
cdef double standing(const Baler* t) noexcept nogil
