from partisan.core.rng cimport Rng
from partisan.core.games.baler.table cimport Baler

cdef bint fight_start(Baler* t, int kind, int area, int attacker, int dice, int cf,
                      int rerolls) noexcept nogil
cdef void fight_step(Baler* t) noexcept nogil
cdef bint modifiers_open(const Baler* t, int side) noexcept nogil
cdef int legal_mod(const Baler* t, int* out) noexcept nogil
cdef int bot_mod(const Baler* t, int* actions, int n) noexcept nogil
cdef void apply_mod(Baler* t, int a) noexcept nogil
cdef void apply_surv(Baler* t, int a) noexcept nogil
cdef void apply_surv_die(Baler* t, int face) noexcept nogil
cdef int roll_outcomes(const Baler* t, int* out, double* probs) noexcept nogil
cdef int roll_sample(const Baler* t, Rng* rng) noexcept nogil
cdef void apply_roll(Baler* t, int rank) noexcept nogil
cdef void apply_reroll(Baler* t, int face) noexcept nogil
cdef int casualty_outcomes(const Baler* t, int* out, double* probs) noexcept nogil
cdef void apply_casualty(Baler* t, int face) noexcept nogil
cdef int legal_target(const Baler* t, int* out) noexcept nogil
cdef void apply_target(Baler* t, int a) noexcept nogil
cdef int legal_victim(const Baler* t, int* out) noexcept nogil
cdef void apply_victim(Baler* t, int a) noexcept nogil
cdef int legal_redeploy(const Baler* t, int* out) noexcept nogil
cdef void apply_redeploy(Baler* t, int a) noexcept nogil
cdef int legal_redeploy_dest(const Baler* t, int* out) noexcept nogil
cdef void apply_redeploy_dest(Baler* t, int a) noexcept nogil
