from partisan.core.games.baler.table cimport Baler

cdef bint movable(const Baler* t, int c) noexcept nogil
cdef int legal_move(const Baler* t, int* out) noexcept nogil
cdef void apply_move(Baler* t, int a) noexcept nogil
cdef void apply_bag(Baler* t, int c) noexcept nogil
cdef int legal_move_dest(const Baler* t, int* out) noexcept nogil
cdef void apply_move_dest(Baler* t, int a) noexcept nogil
cdef void command_effect(Baler* t, int c, int s) noexcept nogil
cdef void moving_next(Baler* t) noexcept nogil
