from partisan.core.games.baler.table cimport Baler

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
