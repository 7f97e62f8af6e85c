# cython: language_level=3
"""Repairs (l.1056-l.1081): the Spaniards mend the church walls of an area one level, the
Filipinos restore a sabotaged trench section. Each costs 1 supply (none at supply 0) and
needs enough manpower among the side's units in the area; no dice, no combat."""
from partisan.core.games.baler.table cimport (
    Baler, EMPTY, F_MANPOWER, N_AREAS, N_TRENCHES, PHILIPPINES, SPAIN, WALLS_DESTROYED,
    WALLS_INTACT, occupant, unit_factor)
from partisan.core.games.baler.works cimport REPAIR_MANPOWER_PHILIPPINES, REPAIR_MANPOWER_SPAIN


cdef int manpower(const Baler* t, int area, int side) noexcept nogil:
    """Manpower of "all your units in that area" (l.1066): the side's guard posts there."""
    cdef int i, c, m = 0
    for i in range(t.st.n_posts[area][side]):
        c = occupant(t, t.st.posts[area][side][i])
        if c != EMPTY:
            m += unit_factor(t, c, F_MANPOWER)
    return m


cdef bint repair_walls(Baler* t, int area) noexcept nogil:
    """One level up, never from Destroyed and never past Intact (l.1075-l.1077)."""
    if area < 0 or area >= N_AREAS or t.supply[SPAIN] < 1:
        return False
    if t.walls[area] == WALLS_DESTROYED or t.walls[area] == WALLS_INTACT:
        return False
    if manpower(t, area, SPAIN) < REPAIR_MANPOWER_SPAIN:
        return False
    t.supply[SPAIN] -= 1
    t.walls[area] += 1
    return True


cdef bint repair_trench(Baler* t, int trench) noexcept nogil:
    """A sabotaged section is fully repaired by one action (l.1081)."""
    if trench < 0 or trench >= N_TRENCHES or t.supply[PHILIPPINES] < 1:
        return False
    if not (t.trench_sabotaged >> trench) & 1:
        return False
    if manpower(t, trench // 2, PHILIPPINES) < REPAIR_MANPOWER_PHILIPPINES:
        return False
    t.supply[PHILIPPINES] -= 1
    t.trench_sabotaged &= ~(1 << trench)
    return True
