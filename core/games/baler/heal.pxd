from partisan.core.games.baler.table cimport Baler

cdef int wounded(const Baler* t) noexcept nogil
cdef int legal_heal(const Baler* t, int* out) noexcept nogil
cdef void apply_heal(Baler* t, int a) noexcept nogil
cdef int legal_heal_dest(const Baler* t, int* out) noexcept nogil
cdef void apply_heal_dest(Baler* t, int a) noexcept nogil
