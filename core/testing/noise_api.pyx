# cython: language_level=3
"""Python wrappers over the inline blocks for tests: core/noise.pxd (and rng_normal).

A seat is (x, y, nx, ny): a point of the table's edge in mm and the unit normal into the
table; a table is (width, height) in 0.1 mm; stops and rests are discs (x, y, r): centre in
0.1 mm, radius in mm, as in geometry_api."""
from partisan.core.components cimport CompiledNoise
from partisan.core.geometry cimport Disc, Pose, disc_set
from partisan.core.noise cimport Landing, Seat, Surface, noise_land
from partisan.core.rng cimport Rng, rng_normal, rng_seed

cdef enum:
    MAX_DISCS = 8
CARD = (63.0, 88.0)


cdef int _discs(specs, Disc* out) except -1:
    if len(specs) > MAX_DISCS:
        raise ValueError(f"at most {MAX_DISCS} discs")
    for i, (x, y, r) in enumerate(specs):
        disc_set(&out[i], x, y, r)
    return len(specs)


cdef class Lander:
    """A compiled noise model, its own random stream, and the table a card lands on."""
    cdef CompiledNoise noise
    cdef Rng rng
    cdef Surface table
    cdef Disc stops[MAX_DISCS]
    cdef Disc rests[MAX_DISCS]

    def __init__(self, CompiledNoise noise, seed, table, stops=(), rests=(), card=CARD):
        self.noise = noise
        rng_seed(&self.rng, seed)
        self.table.width, self.table.height = table
        self.table.card_w, self.table.card_h = card
        self.table.n_stops = _discs(stops, self.stops)
        self.table.n_rests = _discs(rests, self.rests)
        self.table.stops = self.stops
        self.table.rests = self.rests

    def land(self, int placement, int hand, aim, seat):
        """(x, y, angle, face_down, off) of one landing; aim is (x, y, angle) in pose units."""
        cdef Pose p
        cdef Seat s
        cdef Landing out
        p.x, p.y, p.angle = aim
        s.x, s.y, s.nx, s.ny = seat
        if not noise_land(&self.noise.data, placement, hand, p, &s, &self.table, &self.rng, &out):
            raise ValueError(f"unknown placement {placement} or hand {hand}")
        return out.pose.x, out.pose.y, out.pose.angle, bool(out.face_down), bool(out.off)

    def many(self, int placement, int hand, aim, seat, int times):
        """times landings as columns: xs, ys, angles, face_downs, offs."""
        cols = ([], [], [], [], [])
        for _ in range(times):
            for col, v in zip(cols, self.land(placement, hand, aim, seat)):
                col.append(v)
        return cols

    def normals(self, int times):
        return [rng_normal(&self.rng) for _ in range(times)]
