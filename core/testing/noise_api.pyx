# cython: language_level=3
"""Python wrappers over the inline blocks for tests: core/noise.pxd (and rng_normal)."""
from partisan.core.components cimport CompiledNoise
from partisan.core.geometry cimport Pose
from partisan.core.noise cimport Landing, noise_land
from partisan.core.rng cimport Rng, rng_normal, rng_seed


cdef class Lander:
    """A compiled noise model and its own random stream."""
    cdef CompiledNoise noise
    cdef Rng rng

    def __init__(self, CompiledNoise noise, seed):
        self.noise = noise
        rng_seed(&self.rng, seed)

    def land(self, int placement, int hand, aim, int heading, int width, int height):
        """(x, y, angle, face_down, off) of one landing; aim is (x, y, angle) in pose units."""
        cdef Pose p
        cdef Landing out
        p.x, p.y, p.angle = aim
        if not noise_land(&self.noise.data, placement, hand, p, heading, width, height,
                          &self.rng, &out):
            raise ValueError(f"unknown placement {placement} or hand {hand}")
        return out.pose.x, out.pose.y, out.pose.angle, bool(out.face_down), bool(out.off)

    def many(self, int placement, int hand, aim, int heading, int width, int height, int times):
        """times landings as columns: xs, ys, angles, face_downs, offs."""
        cols = ([], [], [], [], [])
        for _ in range(times):
            for col, v in zip(cols, self.land(placement, hand, aim, heading, width, height)):
                col.append(v)
        return cols

    def normals(self, int times):
        return [rng_normal(&self.rng) for _ in range(times)]
