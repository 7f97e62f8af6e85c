from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState
from partisan.core.games.guerilla.table cimport Guerilla

cdef void start_round(GameState st, Guerilla* d, int dealer) noexcept
cdef int loyalty_outcomes(Guerilla* d, int* out, double* probs) noexcept
cdef int sample_loyalty(Guerilla* d, Rng* rng) noexcept
cdef void apply_loyalty(GameState st, Guerilla* d, int marker) noexcept
cdef void apply_deal(GameState st, Guerilla* d, int card) noexcept
cdef int legal_misdeal(Guerilla* d, int* out) noexcept
cdef void apply_misdeal(GameState st, Guerilla* d, int a) noexcept
cdef int legal_plan(Guerilla* d, int* out) noexcept
cdef void apply_plan(GameState st, Guerilla* d, int a) noexcept
cdef void apply_plan_faction(GameState st, Guerilla* d, int a) noexcept
cdef void apply_refill(GameState st, Guerilla* d, int card) noexcept
cdef void plan_complexes(Guerilla* d, int seat) noexcept
cdef bint refilled(Guerilla* d, int seat) noexcept
