# Fast seedable random generator (xoshiro256**), usable without the GIL.
# Everything is inline so the search and the games pay no call overhead.
from libc.math cimport cos, log, sqrt, M_PI
from libc.stdint cimport uint64_t, uint32_t

ctypedef struct Rng:
    uint64_t s[4]


cdef inline uint64_t splitmix64(uint64_t* x) noexcept nogil:
    x[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline uint64_t mix64(uint64_t h, uint64_t x) noexcept nogil:
    """Order-sensitive 64-bit combination used for information-state keys."""
    cdef uint64_t z = h ^ (x + <uint64_t>0x9E3779B97F4A7C15 + (h << 6) + (h >> 2))
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline void rng_seed(Rng* r, uint64_t seed) noexcept nogil:
    cdef uint64_t x = seed
    r.s[0] = splitmix64(&x)
    r.s[1] = splitmix64(&x)
    r.s[2] = splitmix64(&x)
    r.s[3] = splitmix64(&x)


cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t rng_next(Rng* r) noexcept nogil:
    cdef uint64_t result = _rotl(r.s[1] * 5, 7) * 9
    cdef uint64_t t = r.s[1] << 17
    r.s[2] ^= r.s[0]
    r.s[3] ^= r.s[1]
    r.s[1] ^= r.s[2]
    r.s[0] ^= r.s[3]
    r.s[2] ^= t
    r.s[3] = _rotl(r.s[3], 45)
    return result


cdef inline uint32_t rng_below(Rng* r, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n) (Lemire's multiply-shift; bias < 2**-32 for our n)."""
    return <uint32_t>(((rng_next(r) >> 32) * <uint64_t>n) >> 32)


cdef inline double rng_double(Rng* r) noexcept nogil:
    """Uniform double in [0, 1)."""
    return (rng_next(r) >> 11) * (1.0 / 9007199254740992.0)


cdef inline double rng_normal(Rng* r) noexcept nogil:
    """Standard normal deviate by Box-Muller (the cosine branch: two uniforms per deviate and
    no state kept between calls, so a draw depends only on the stream). The uniforms are drawn
    in a fixed order (C leaves the order of operands open); 1 - u keeps log away from 0."""
    cdef double u = 1.0 - rng_double(r)
    cdef double v = rng_double(r)
    return sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * v)
