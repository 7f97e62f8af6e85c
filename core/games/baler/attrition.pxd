from partisan.core.games.baler.table cimport Baler


cdef inline int filipino_attrition(int roll) noexcept nogil:
    """The supply the Philippines lose at Attrition on a modified roll: ≤2 → 2, 3-5 → 1, ≥6 → 0
    (l.452-l.454)."""
    return 2 if roll <= 2 else (1 if roll <= 5 else 0)


cdef inline int filipino_supply_gain(int roll) noexcept nogil:
    """The supply the Philippines' supply action gains on a modified roll: ≤2 → 1, 3-5 → 2,
    ≥6 → 3 (l.1048-l.1054)."""
    return 1 if roll <= 2 else (2 if roll <= 5 else 3)


cdef int sick(int supply) noexcept nogil
cdef int deserters(int morale) noexcept nogil
cdef void spanish_supply(Baler* t, int face) noexcept nogil
cdef void filipino_supply(Baler* t, int face) noexcept nogil
cdef void loss_begin(Baler* t, int n, bint desert, int cont) noexcept nogil
cdef void loss_step(Baler* t) noexcept nogil
cdef void apply_loss_bag(Baler* t, int c) noexcept nogil
cdef int candidates(const Baler* t, int row, int col, int* out) noexcept nogil
cdef int legal_loss_pick(const Baler* t, int* out) noexcept nogil
cdef void apply_loss_pick(Baler* t, int a) noexcept nogil
cdef void loss_die(Baler* t, int face) noexcept nogil
