# cython: language_level=3
"""Where units stand: space kinds, the bags (a draw is one outcome per class of alike
soldiers, l.986), making room on a space (l.982) and the artillery reserve."""
from partisan.core.games.baler.table cimport (
    Baler, EMPTY, F_COMBAT, F_MANPOWER, N_AREAS, SPAIN, T_LEADER, move_unit, occupant,
    unit_factor, unit_home, unit_side, unit_type)
from partisan.core.games.baler.flow cimport *

cdef enum:
    BAG_CLASSES = 16        # (combat 0-3) x (manpower 0-3)


cdef inline int bag_class(const Baler* t, int c) noexcept nogil:
    """A soldier's (combat, manpower) class; components.pyx checks both factors are 0-3."""
    return unit_factor(t, c, F_COMBAT) * 4 + unit_factor(t, c, F_MANPOWER)


cdef int bag_count(const Baler* t, int side) noexcept nogil:
    cdef int c, n = 0
    for c in range(t.sd.n_units):
        if t.at[c] == t.sd.bag[side]:
            n += 1
    return n


cdef int bag_outcomes(const Baler* t, int* out, double* probs) noexcept nogil:
    """A soldier drawn at random from the actor's bag (l.986). Soldiers alike in combat and
    manpower factors are alike to every rule, so the draw is one outcome per (combat,
    manpower) class, named by the class's first soldier in the bag and weighted by how many
    the class has there."""
    cdef int first[BAG_CLASSES]
    cdef int count[BAG_CLASSES]
    cdef int c, k, n = 0, total = 0
    for k in range(BAG_CLASSES):
        first[k] = EMPTY
        count[k] = 0
    for c in range(t.sd.n_units):
        if t.at[c] == t.sd.bag[t.actor]:
            k = bag_class(t, c)
            if first[k] == EMPTY:
                first[k] = c
            count[k] += 1
            total += 1
    for c in range(t.sd.n_units):      # in counter order, as the draws by unit were
        if t.at[c] == t.sd.bag[t.actor] and first[bag_class(t, c)] == c:
            out[n] = C_UNIT + c
            probs[n] = count[bag_class(t, c)] / <double>total
            n += 1
    return n


cdef bint empty_post(const Baler* t, int side) noexcept nogil:
    cdef int s
    for s in range(t.sd.n_spaces):
        if is_post(t, s, side) and occupant(t, s) == EMPTY:
            return True
    return False


cdef void displace(Baler* t, int space) noexcept nogil:
    """Make room: a soldier goes to the bag, a leader to his detachment space (l.982)."""
    cdef int c = occupant(t, space)
    if c == EMPTY:
        return
    if unit_type(t, c) == T_LEADER:
        move_unit(t, c, unit_home(t, c))
    else:
        move_unit(t, c, t.sd.bag[unit_side(t, c)])


cdef int first_free_soldier_space(const Baler* t, int side) noexcept nogil:
    cdef int s
    cdef int lo = t.sd.detachment_first if side == SPAIN else t.sd.barracks_first
    cdef int hi = t.sd.detachment_last if side == SPAIN else t.sd.barracks_last
    for s in range(lo, hi + 1):
        if occupant(t, s) == EMPTY:
            return s
    return EMPTY


cdef int reserve_gun(const Baler* t) noexcept nogil:
    cdef int c
    for c in range(t.sd.artillery_first, t.sd.artillery_last + 1):
        if t.at[c] == t.sd.reserve:
            return c
    return EMPTY


cdef bint gun_placeable(const Baler* t) noexcept nogil:
    cdef int a
    if reserve_gun(t) == EMPTY:
        return False
    for a in range(N_AREAS):
        if occupant(t, t.sd.artillery_post[a]) == EMPTY:
            return True
    return False
