# cython: language_level=3
"""The walls and the trenches: repairs (l.1056-l.1081) and trench sections (l.1131). The
Spaniards mend the church walls of an area one level, the Filipinos restore a sabotaged trench
section; each costs 1 supply (none at supply 0) and needs enough manpower among the side's
units in the area; a new section needs 5 manpower on its flanks. No dice, no combat."""
from partisan.core.games.baler.table cimport (
    Baler, EMPTY, F_MANPOWER, N_AREAS, N_TRENCHES, PHILIPPINES, SPAIN, WALLS_DESTROYED,
    WALLS_INTACT, occupant, unit_factor)
from partisan.core.games.baler.spaces cimport is_post


cdef int manpower(const Baler* t, int area, int side) noexcept nogil:
    """Manpower of "all your units in that area" (l.1066): the side's guard posts there."""
    cdef int i, c, m = 0
    for i in range(t.sd.n_posts[area][side]):
        c = occupant(t, t.sd.posts[area][side][i])
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


cdef bint walls_repairable(const Baler* t, int area, int free) noexcept nogil:
    return (t.walls[area] != WALLS_DESTROYED and t.walls[area] != WALLS_INTACT
            and (free or t.supply[SPAIN] >= 1)
            and manpower(t, area, SPAIN) >= REPAIR_MANPOWER_SPAIN)


cdef bint trench_repairable(const Baler* t, int tr, int free) noexcept nogil:
    return ((t.trench_sabotaged >> tr) & 1 and (free or t.supply[PHILIPPINES] >= 1)
            and manpower(t, tr // 2, PHILIPPINES) >= REPAIR_MANPOWER_PHILIPPINES)


cdef int flank_manpower(const Baler* t, int tr) noexcept nogil:
    """Manpower of the Filipino units in the guard posts beside the trench (map.toml
    adjacency, RULES.md reading 16)."""
    cdef int i, s, c, m = 0
    cdef int space = t.sd.trench[tr]
    cdef int first = t.sd.board.spaces[space].first_edge
    for i in range(first, first + t.sd.board.spaces[space].n_edges):
        s = t.sd.board.edges[i]
        if is_post(t, s, PHILIPPINES):
            c = occupant(t, s)
            if c != EMPTY:
                m += unit_factor(t, c, 1)
    return m


cdef bint trench_buildable(const Baler* t, int tr, int free) noexcept nogil:
    """An empty trench space, supply to spend, 5 manpower on the flanking posts (or in the
    whole area under trench_manpower=area, RULES.md reading 16)."""
    return (not (t.trench_built >> tr) & 1 and (free or t.supply[PHILIPPINES] >= 1)
            and (manpower(t, tr // 2, PHILIPPINES) if t.trench_area
                 else flank_manpower(t, tr)) >= TRENCH_MANPOWER)


cdef bint repair_possible(const Baler* t, int side, int free) noexcept nogil:
    cdef int k
    for k in range(N_TRENCHES if side == PHILIPPINES else N_AREAS):
        if (trench_repairable(t, k, free) if side == PHILIPPINES else walls_repairable(t, k, free)):
            return True
    return False


cdef bint trench_possible(const Baler* t, int free) noexcept nogil:
    cdef int k
    for k in range(N_TRENCHES):
        if trench_buildable(t, k, free):
            return True
    return False
