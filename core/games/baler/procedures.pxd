from partisan.core.games.baler.table cimport Baler

cdef bint can_surveil(const Baler* t, int side) noexcept nogil
cdef void proc_begin(Baler* t) noexcept nogil
cdef int legal_area(const Baler* t, int* out) noexcept nogil
cdef void apply_area(Baler* t, int a) noexcept nogil
cdef int legal_trench(const Baler* t, int* out) noexcept nogil
cdef void apply_trench(Baler* t, int a) noexcept nogil
cdef void takeover(Baler* t, int face) noexcept nogil
cdef void proc_die(Baler* t, int face) noexcept nogil
cdef int legal_persist(const Baler* t, int* out) noexcept nogil
cdef int bot_persist(const Baler* t, int* actions, int n) noexcept nogil
cdef void apply_persist(Baler* t, int a) noexcept nogil
cdef int legal_arty(const Baler* t, int* out) noexcept nogil
cdef void apply_arty(Baler* t, int a) noexcept nogil
cdef void man_next(Baler* t) noexcept nogil
cdef int legal_man(const Baler* t, int* out) noexcept nogil
cdef void apply_man(Baler* t, int a) noexcept nogil
