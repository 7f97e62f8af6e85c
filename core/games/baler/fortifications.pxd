from partisan.core.games.baler.table cimport Baler

cdef enum:
    REPAIR_MANPOWER_SPAIN = 4         # l.1068
    REPAIR_MANPOWER_PHILIPPINES = 5   # l.1069
    TRENCH_MANPOWER = 5               # l.1133

cdef int manpower(const Baler* t, int area, int side) noexcept nogil
cdef bint repair_walls(Baler* t, int area) noexcept nogil
cdef bint repair_trench(Baler* t, int trench) noexcept nogil
cdef bint walls_repairable(const Baler* t, int area, int free) noexcept nogil
cdef bint trench_repairable(const Baler* t, int tr, int free) noexcept nogil
cdef int flank_manpower(const Baler* t, int tr) noexcept nogil
cdef bint trench_buildable(const Baler* t, int tr, int free) noexcept nogil
cdef bint repair_possible(const Baler* t, int side, int free) noexcept nogil
cdef bint trench_possible(const Baler* t, int free) noexcept nogil
