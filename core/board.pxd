# A board in C: spaces, the areas they belong to (one space may sit in several areas), die
# faces that pick a space within an area, adjacency and bounded tracks. Static data: a game's
# state points to it and keeps only what changes (who stands where, track values). Built and
# checked by board.py; every index reaching these functions has been checked there or by the
# game, so they do no bounds checks of their own.
from libc.stdint cimport int8_t, int16_t, uint16_t, uint32_t
from partisan.core.counters cimport CounterData

cdef enum:
    BOARD_MAX_SPACES = 192
    BOARD_MAX_AREAS = 32        # a space's areas are a 32-bit mask
    BOARD_MAX_MEMBERS = 384     # (area, space) pairs
    BOARD_MAX_EDGES = 512       # adjacency, both directions
    BOARD_MAX_TRACKS = 48
    BOARD_MAX_COUNTERS = 256    # = COUNTERS_MAX: the home space of each counter
    BOARD_UNLIMITED = 0         # capacity of a space without a stacking limit
    BOARD_ANY = -1              # side / role of a space open to every side / role

ctypedef struct BoardSpace:
    int16_t kind
    int8_t side                 # BOARD_ANY or the side whose counters may stand here
    int8_t role                 # BOARD_ANY or the only role allowed (a command post)
    uint16_t capacity           # BOARD_UNLIMITED or the stacking limit
    int16_t number              # printed number (bed, territorial space), else 0
    uint32_t areas              # bit a: the space belongs to area a
    uint32_t accepts            # bit t: counters of type t may stand here
    int16_t first_edge
    int16_t n_edges

ctypedef struct BoardMember:
    int16_t space
    uint16_t faces              # bit f: a roll of f picks this space within the area

ctypedef struct BoardArea:
    int16_t first               # its spaces are members[first .. first + count)
    int16_t count
    uint16_t faces              # bit f: a roll of f picks this area (detachment rows)

ctypedef struct BoardTrack:
    int16_t lo
    int16_t hi
    int16_t start

ctypedef struct BoardData:
    int n_spaces
    int n_areas
    int n_tracks
    int n_counters
    BoardSpace spaces[BOARD_MAX_SPACES]
    BoardArea areas[BOARD_MAX_AREAS]
    BoardMember members[BOARD_MAX_MEMBERS]
    int16_t edges[BOARD_MAX_EDGES]
    BoardTrack tracks[BOARD_MAX_TRACKS]
    int16_t home[BOARD_MAX_COUNTERS]    # -1: the counter has no home space


cdef inline int area_size(const BoardData* b, int area) noexcept nogil:
    return b.areas[area].count


cdef inline int area_space(const BoardData* b, int area, int i) noexcept nogil:
    """The i-th space of an area (file order)."""
    return b.members[b.areas[area].first + i].space


cdef inline uint32_t space_areas(const BoardData* b, int space) noexcept nogil:
    return b.spaces[space].areas


cdef inline bint in_area(const BoardData* b, int space, int area) noexcept nogil:
    return (b.spaces[space].areas >> area) & 1


cdef inline bint is_adjacent(const BoardData* b, int s, int t) noexcept nogil:
    cdef int i
    cdef int end = b.spaces[s].first_edge + b.spaces[s].n_edges
    for i in range(b.spaces[s].first_edge, end):
        if b.edges[i] == t:
            return True
    return False


cdef inline int space_for_face(const BoardData* b, int area, int kind, int side, int face) noexcept nogil:
    """The space of this kind and side that a roll of `face` picks in the area, or -1."""
    cdef int i, s
    cdef const BoardMember* m
    for i in range(b.areas[area].count):
        m = &b.members[b.areas[area].first + i]
        s = m.space
        if (m.faces >> face) & 1 and b.spaces[s].kind == kind and b.spaces[s].side == side:
            return s
    return -1


cdef inline int area_for_face(const BoardData* b, int face, int first, int n) noexcept nogil:
    """Among areas first .. first+n-1, the one a roll of `face` picks, or -1."""
    cdef int a
    for a in range(first, first + n):
        if (b.areas[a].faces >> face) & 1:
            return a
    return -1


cdef inline int track_clamp(const BoardData* b, int track, int value) noexcept nogil:
    """`value` brought within the track's bounds (a gain over the top has no effect)."""
    if value < b.tracks[track].lo:
        return b.tracks[track].lo
    if value > b.tracks[track].hi:
        return b.tracks[track].hi
    return value


cdef inline bint can_hold(const BoardData* b, const CounterData* d, int space, int counter) noexcept nogil:
    """Whether the counter may stand on the space (side, type, role); capacity is the state's."""
    cdef const BoardSpace* s = &b.spaces[space]
    if s.side != BOARD_ANY and s.side != d.counters[counter].side:
        return False
    if s.role != BOARD_ANY and s.role != d.counters[counter].role:
        return False
    return (s.accepts >> d.counters[counter].type) & 1
