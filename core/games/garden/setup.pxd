from libc.stdint cimport int16_t
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState
from partisan.core.games.garden.data cimport Garden

cdef int16_t subset_cards(int rank) noexcept nogil
cdef int setup_sample(const Garden* d, Rng* rng) noexcept nogil
cdef bint setup_possible(const Garden* d, int outcome) noexcept nogil
cdef void setup_apply(GameState g, Garden* d, int outcome) noexcept nogil
cdef int deal_outcomes(const Garden* d, int* out, double* probs) noexcept nogil
cdef int deal_sample(const Garden* d, Rng* rng) noexcept nogil
cdef void deal_apply(GameState g, Garden* d, int outcome) noexcept nogil
cdef void start_play(Garden* d) noexcept nogil
