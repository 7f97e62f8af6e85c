"""The C form of a board (board.pxd), a counter table (counters.pxd) and a noise model
(noise.pxd), filled from their checked Python models. The Python methods call the same inline accessors the games use, so the
tests exercise the compiled code."""
from libc.string cimport memset

from partisan.core.board cimport (area_for_face, area_size, area_space, can_hold,
                                  in_area, is_adjacent, space_areas, space_for_face, track_clamp)
from partisan.core.counters cimport counter_factor
from partisan.core.noise cimport PLACEMENTS


cdef class CompiledCounters:
    def __init__(self, table):
        memset(&self.data, 0, sizeof(CounterData))
        self.data.n = len(table.counters)
        self.data.n_factors = len(table.factor_names)
        for i, c in enumerate(table.counters):
            self.data.counters[i].side = c.side
            self.data.counters[i].type = c.type
            self.data.counters[i].role = c.role
            self.data.counters[i].rank = c.rank
            for f, value in enumerate(c.factors):
                self.data.counters[i].factors[f] = value

    def __len__(self):
        return self.data.n

    def factor(self, int counter, int f):
        _in_range(counter, self.data.n, "counter")
        _in_range(f, self.data.n_factors, "factor")
        return counter_factor(&self.data, counter, f)

    def row(self, int counter):
        """(side, type, role, rank, factors) as stored in C."""
        _in_range(counter, self.data.n, "counter")
        c = &self.data.counters[counter]
        return (c.side, c.type, c.role, c.rank,
                tuple(c.factors[f] for f in range(self.data.n_factors)))



cdef class CompiledBoard:
    def __init__(self, board):
        memset(&self.data, 0, sizeof(BoardData))
        self.counters = board.counters.compile()
        self.data.n_spaces = len(board.spaces)
        self.data.n_areas = len(board.areas)
        self.data.n_tracks = len(board.tracks)
        self.data.n_counters = len(board.home)
        cdef int member = 0, edge = 0
        for a, area in enumerate(board.areas):
            self.data.areas[a].first = member
            self.data.areas[a].faces = _mask(area.faces)
            for s, space in enumerate(board.spaces):
                for where, faces in space.areas:
                    if where == a:
                        self.data.members[member].space = s
                        self.data.members[member].faces = _mask(faces)
                        member += 1
            self.data.areas[a].count = member - self.data.areas[a].first
        for s, space in enumerate(board.spaces):
            self.data.spaces[s].kind = space.kind
            self.data.spaces[s].side = space.side
            self.data.spaces[s].role = space.role
            self.data.spaces[s].capacity = space.capacity
            self.data.spaces[s].number = space.number
            self.data.spaces[s].areas = _mask(a for a, _ in space.areas)
            self.data.spaces[s].accepts = _mask(space.accepts)
            self.data.spaces[s].first_edge = edge
            self.data.spaces[s].n_edges = len(space.adjacent)
            for t in space.adjacent:
                self.data.edges[edge] = t
                edge += 1
        for t, track in enumerate(board.tracks):
            self.data.tracks[t].lo = track.lo
            self.data.tracks[t].hi = track.hi
            self.data.tracks[t].start = track.start
        for c, s in enumerate(board.home):
            self.data.home[c] = s

    def spaces_of(self, int area):
        _in_range(area, self.data.n_areas, "area")
        return [area_space(&self.data, area, i) for i in range(area_size(&self.data, area))]

    def areas_of(self, int space):
        _in_range(space, self.data.n_spaces, "space")
        mask = space_areas(&self.data, space)
        return [a for a in range(self.data.n_areas) if (mask >> a) & 1 and in_area(&self.data, space, a)]

    def is_adjacent(self, int s, int t):
        _in_range(s, self.data.n_spaces, "space")
        _in_range(t, self.data.n_spaces, "space")
        return is_adjacent(&self.data, s, t)

    def space_for_face(self, int area, int kind, int side, int face):
        _in_range(area, self.data.n_areas, "area")
        return space_for_face(&self.data, area, kind, side, face)

    def area_for_face(self, int face, int first, int n):
        if not (0 <= first and n >= 0 and first + n <= self.data.n_areas):
            raise IndexError("areas out of range")
        return area_for_face(&self.data, face, first, n)

    def clamp(self, int track, int value):
        _in_range(track, self.data.n_tracks, "track")
        return track_clamp(&self.data, track, value)

    def track_bounds(self, int track):
        _in_range(track, self.data.n_tracks, "track")
        t = self.data.tracks[track]
        return (t.lo, t.hi, t.start)

    def space_row(self, int space):
        """(kind, side, role, capacity, number) as stored in C."""
        _in_range(space, self.data.n_spaces, "space")
        s = self.data.spaces[space]
        return (s.kind, s.side, s.role, s.capacity, s.number)

    def home(self, int counter):
        _in_range(counter, self.data.n_counters, "counter")
        return self.data.home[counter]

    def can_hold(self, int space, int counter):
        _in_range(space, self.data.n_spaces, "space")
        _in_range(counter, self.counters.data.n, "counter")
        return can_hold(&self.data, &self.counters.data, space, counter)


cdef class CompiledNoise:
    def __init__(self, model):
        memset(&self.data, 0, sizeof(NoiseData))
        for i, p in enumerate(model.placements):
            self.data.placement[i].along = p.along
            self.data.placement[i].along_per_m = p.along_per_m
            self.data.placement[i].lateral = p.lateral
            self.data.placement[i].lateral_per_m = p.lateral_per_m
            self.data.placement[i].turn = p.turn
            self.data.placement[i].face_down = p.face_down
            self.data.placement[i].slide = p.slide
            self.data.placement[i].spin = p.spin
        self.data.release = model.release
        self.data.n_hands = len(model.hands)
        for i, h in enumerate(model.hands):
            self.data.hand[i] = h.factor

    def row(self, int placement):
        """(along, along_per_m, lateral, lateral_per_m, turn, face_down, slide, spin) as
        stored in C."""
        _in_range(placement, PLACEMENTS, "placement")
        p = self.data.placement[placement]
        return (p.along, p.along_per_m, p.lateral, p.lateral_per_m, p.turn, p.face_down,
                p.slide, bool(p.spin))

    @property
    def release(self):
        return self.data.release

    def factor(self, int hand):
        _in_range(hand, self.data.n_hands, "hand")
        return self.data.hand[hand]


def _mask(bits):
    m = 0
    for b in bits:
        m |= 1 << b
    return m


def _in_range(int i, int n, str what):
    if not 0 <= i < n:
        raise IndexError(f"{what} {i} out of range 0..{n - 1}")
