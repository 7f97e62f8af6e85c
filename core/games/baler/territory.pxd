from partisan.core.rng cimport Rng
from partisan.core.games.baler.table cimport Baler

cdef enum:
    MAX_STACK = 3           # the territorial stack (l.117)
    MANILA = 5
    TERR_CHECK_TURN = 3     # the stack's VP are checked in turn 3 and the last (l.1180)
    US_ARRIVAL_TURN = 3     # the US marker replaces Spain's at this turn's Upkeep (l.1202)


cdef inline int space_modifier(const Baler* t, int space) noexcept nogil:
    """The Filipino supply dice's modifier with the stack in `space`: -1 at Baler, 0, +1, +2
    (l.450, l.1048); no troops on the map (0): as at Baler, or 0 under no_troops_modifier=0
    (RULES.md reading 14)."""
    return space - 2 if space > 0 else t.no_troops_modifier


cdef inline int territory_vp(int space) noexcept nogil:
    """The VP a check scores with the stack in `space`: 1 in space 3, 2 in space 4 (l.1181-l.1182)."""
    return 1 if space == 3 else (2 if space == 4 else 0)

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
