from partisan.core.games.baler.table cimport Baler

cdef int bed_occupant(const Baler* t, int bed) noexcept nogil
cdef void admit(Baler* t, int c) noexcept nogil
cdef void wound(Baler* t, int c) noexcept nogil
cdef bint expand(Baler* t) noexcept nogil
cdef bint heal_two(Baler* t) noexcept nogil
cdef bint heal_one(Baler* t, int bed, int dest) noexcept nogil
cdef bint discharge_ok(const Baler* t, int c, int dest) noexcept nogil
