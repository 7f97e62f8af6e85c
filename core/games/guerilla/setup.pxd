from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef void start_round(GameState st, Guerilla* d, int dealer) noexcept nogil
cdef int loyalty_outcomes(Guerilla* d, int* out, double* probs) noexcept nogil
cdef int sample_loyalty(Guerilla* d, Rng* rng) noexcept nogil
cdef void apply_loyalty(GameState st, Guerilla* d, int marker) noexcept nogil
cdef void apply_deal(GameState st, Guerilla* d, int card) noexcept nogil
cdef int legal_misdeal(Guerilla* d, int* out) noexcept nogil
cdef void apply_misdeal(GameState st, Guerilla* d, int a) noexcept nogil
cdef int legal_plan(Guerilla* d, int* out) noexcept nogil
cdef void apply_plan(GameState st, Guerilla* d, int a) noexcept nogil
cdef void apply_plan_faction(GameState st, Guerilla* d, int a) noexcept nogil
cdef void apply_refill(GameState st, Guerilla* d, int card) noexcept nogil
cdef void plan_complexes(Guerilla* d, int seat) noexcept nogil
cdef bint refilled(Guerilla* d, int seat) noexcept nogil
