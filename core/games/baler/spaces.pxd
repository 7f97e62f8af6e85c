from partisan.core.games.baler.table cimport Baler, SPAIN

cdef int bag_count(const Baler* t, int side) noexcept nogil
cdef int bag_outcomes(const Baler* t, int* out, double* probs) noexcept nogil
cdef bint empty_post(const Baler* t, int side) noexcept nogil
cdef void displace(Baler* t, int space) noexcept nogil
cdef int first_free_soldier_space(const Baler* t, int side) noexcept nogil
cdef int reserve_gun(const Baler* t) noexcept nogil
cdef bint gun_placeable(const Baler* t) noexcept nogil


# The space lookups are inline: the movement and territory modules test every space in their
# legal-move loops.
cdef inline int kind_of(const Baler* t, int space) noexcept nogil:
    return t.sd.board.spaces[space].kind


cdef inline int side_of_space(const Baler* t, int space) noexcept nogil:
    return t.sd.board.spaces[space].side


cdef inline bint is_post(const Baler* t, int space, int side) noexcept nogil:
    return kind_of(t, space) == t.sd.guard_kind and side_of_space(t, space) == side


cdef inline bint in_detachment(const Baler* t, int space, int side) noexcept nogil:
    """A space of the side's detachment or barracks (l.131, l.151)."""
    cdef int k = kind_of(t, space)
    return (k == t.sd.det_kind or k == t.sd.bar_kind) and side_of_space(t, space) == side


cdef inline bint soldier_space(const Baler* t, int space, int side) noexcept nogil:
    """A detachment space a soldier may take: the Spanish soldier rows, the barracks."""
    if side == SPAIN:
        return t.sd.detachment_first <= space <= t.sd.detachment_last
    return t.sd.barracks_first <= space <= t.sd.barracks_last
