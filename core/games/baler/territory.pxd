from partisan.core.rng cimport Rng
from partisan.core.games.baler.table cimport Baler

cdef enum:
    MAX_STACK = 3           # the territorial stack (l.117)
    MANILA = 5

cdef int territorial_modifier(const Baler* t) noexcept nogil
cdef int stack_size(const Baler* t) noexcept nogil
cdef int stack_strength(const Baler* t) noexcept nogil
cdef int deploy_space(const Baler* t) noexcept nogil
cdef bint deploy_unit_ok(const Baler* t, int c) noexcept nogil
cdef bint deployable(const Baler* t) noexcept nogil
cdef int legal_tdeploy(const Baler* t, int* out) noexcept nogil
cdef void apply_tdeploy(Baler* t, int a) noexcept nogil
cdef int legal_tadvance(const Baler* t, int* out) noexcept nogil
cdef void move_stack(Baler* t, int to) noexcept nogil
cdef void apply_tadvance(Baler* t, int a) noexcept nogil
cdef int tdice_count(const Baler* t, int side) noexcept nogil
cdef void tfight_step(Baler* t) noexcept nogil
cdef int troll_outcomes(const Baler* t, int* out, double* probs) noexcept nogil
cdef int troll_sample(const Baler* t, Rng* rng) noexcept nogil
cdef void apply_troll(Baler* t, int rank) noexcept nogil
cdef int legal_tmod(const Baler* t, int* out) noexcept nogil
cdef int bot_tmod(const Baler* t, int* actions, int n) noexcept nogil
cdef void apply_tmod(Baler* t, int a) noexcept nogil
cdef void apply_treroll(Baler* t, int face) noexcept nogil
cdef void tfight_result(Baler* t) noexcept nogil
cdef int legal_tloss(const Baler* t, int* out) noexcept nogil
cdef void apply_tloss(Baler* t, int a) noexcept nogil
cdef void us_next(Baler* t) noexcept nogil
