from partisan.core.games.baler.table cimport Baler

cdef enum:
    REPAIR_MANPOWER_SPAIN = 4         # l.1068
    REPAIR_MANPOWER_PHILIPPINES = 5   # l.1069

cdef int manpower(const Baler* t, int area, int side) noexcept nogil
cdef bint repair_walls(Baler* t, int area) noexcept nogil
cdef bint repair_trench(Baler* t, int trench) noexcept nogil
