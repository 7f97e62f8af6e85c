# cython: language_level=3
"""The Spanish infirmary (l.936-l.967, l.1099-l.1117): beds 1..6 of which `beds_open` are
operational, the graveyard '0' beyond bed 1. Wounded arrive in the highest operational bed
and push the others along the arrows (towards bed 1); one pushed past bed 1 dies. Healing
discharges units and closes the gaps between occupied beds. Also where every wounded unit
goes: Spaniards to the infirmary, Filipinos to the bag (soldiers) or their detachment space
(leaders) (l.689-l.691, l.709)."""
from partisan.core.games.baler.table cimport (
    Baler, EMPTY, N_BEDS, PHILIPPINES, SPAIN, T_LEADER, T_SOLDIER, VP_INFIRMARY, eliminate,
    move_unit, occupant, unit_home, unit_side, unit_type)


cdef int bed_occupant(const Baler* t, int bed) noexcept nogil:
    """The wounded in bed 1..6, or EMPTY."""
    return occupant(t, t.sd.bed[bed - 1])


cdef void admit(Baler* t, int c) noexcept nogil:
    """A wounded Spaniard takes the highest operational bed. If it is occupied, all the
    wounded move one bed along the arrows and the one in bed 1 reaches the graveyard and
    dies (l.948-l.950). Gaps an admission leaves stay (RULES.md, reading 20)."""
    cdef int top = t.beds_open - 1          # index of the highest operational bed
    cdef int i, w
    if occupant(t, t.sd.bed[top]) != EMPTY:
        if occupant(t, t.sd.bed[0]) != EMPTY:
            eliminate(t, occupant(t, t.sd.bed[0]), VP_INFIRMARY)
        for i in range(1, top + 1):
            w = occupant(t, t.sd.bed[i])
            if w != EMPTY:
                move_unit(t, w, t.sd.bed[i - 1])
    move_unit(t, c, t.sd.bed[top])


cdef void wound(Baler* t, int c) noexcept nogil:
    """An injury casualty: Spaniards to the infirmary; a Filipino soldier to the bag, a
    Filipino leader to his detachment space."""
    if unit_side(t, c) == SPAIN:
        admit(t, c)
    elif unit_type(t, c) == T_LEADER:
        move_unit(t, c, unit_home(t, c))
    else:
        move_unit(t, c, t.sd.bag[PHILIPPINES])


cdef bint expand(Baler* t) noexcept nogil:
    """Open the lowest closed bed (l.1101-l.1103)."""
    if t.beds_open >= N_BEDS:
        return False
    t.beds_open += 1
    return True


cdef int _lowest(const Baler* t) noexcept nogil:
    cdef int i
    for i in range(N_BEDS):
        if occupant(t, t.sd.bed[i]) != EMPTY:
            return i
    return N_BEDS


cdef void _close_gaps(Baler* t) noexcept nogil:
    """After a discharge, only empty beds between occupied ones are filled: the wounded above
    such a gap move along the arrows until the occupied beds are contiguous (l.965-l.967,
    l.1115: "If this results in an unoccupied bed between occupied ones, move the wounded one
    space ... so that all the occupied beds are contiguous"). The lowest wounded left does
    not move: healing the two lowest beds brings nobody nearer the graveyard."""
    cdef int lowest = _lowest(t)
    cdef int i, c, w = lowest
    for i in range(lowest, N_BEDS):
        c = occupant(t, t.sd.bed[i])
        if c != EMPTY:
            if i != w:
                move_unit(t, c, t.sd.bed[w])
            w += 1


cdef bint discharge_ok(const Baler* t, int c, int dest) noexcept nogil:
    """A healed leader goes to his detachment space; a healed soldier to the empty Spanish
    detachment space `dest`, or to the bag (dest EMPTY) only when no such space is free
    (l.1113)."""
    cdef int s
    if unit_type(t, c) == T_LEADER:
        return dest == EMPTY
    if dest != EMPTY:
        return (t.sd.detachment_first <= dest <= t.sd.detachment_last
                and occupant(t, dest) == EMPTY)
    for s in range(t.sd.detachment_first, t.sd.detachment_last + 1):
        if occupant(t, s) == EMPTY:
            return False
    return True


cdef void _discharge(Baler* t, int c, int dest) noexcept nogil:
    if unit_type(t, c) == T_LEADER:
        move_unit(t, c, unit_home(t, c))
    elif dest != EMPTY:
        move_unit(t, c, dest)
    else:
        move_unit(t, c, t.sd.bag[SPAIN])


cdef bint heal_two(Baler* t) noexcept nogil:
    """Heal the wounded in the two lowest occupied beds: soldiers to the bag, leaders to
    their detachment spaces (l.1109)."""
    cdef int i, c, healed = 0
    for i in range(N_BEDS):
        c = occupant(t, t.sd.bed[i])
        if c != EMPTY and healed < 2:
            move_unit(t, c, t.sd.bag[SPAIN] if unit_type(t, c) == T_SOLDIER else unit_home(t, c))
            healed += 1
    _close_gaps(t)
    return healed > 0


cdef bint heal_one(Baler* t, int bed, int dest) noexcept nogil:
    """Heal the wounded in bed 1..6 of the player's choice (the Heal action's second option,
    and the medical leader's effect, l.963, l.1113)."""
    cdef int c
    if bed < 1 or bed > N_BEDS:
        return False
    c = bed_occupant(t, bed)
    if c == EMPTY or not discharge_ok(t, c, dest):
        return False
    _discharge(t, c, dest)
    _close_gaps(t)
    return True
