# Where a placed card lands: one noise model per placement type, scaled by the hand of the
# seat that plays it. The model is data (core/noise.py loads it from TOML; Garden Guerrilla's
# is core/games/garden/data/noise.toml); sampling is inline, nogil, and returns an integer
# pose (geometry.pxd units: 0.1 mm, 0.1 degree), so a record stores a landing exactly.
#
# A landing, for an aim pose, a heading (the direction the card travels: from the thrower's
# edge towards the aim) and a hand factor k:
#   position  aim + along * k * N along the heading + lateral * k * N across it
#             + a slide forward, exponential with mean slide * k;
#   angle     uniform if spin, else aim + turn * k * N (degrees);
#   face down with probability face_down * k (the loader checks it stays <= 1 for every hand);
#   off the table when the centre is outside [0, width] x [0, height].
# N is a standard normal deviate (rng_normal: Box-Muller). A parameter of 0 draws nothing,
# so secure placement (all zero) is exact and consumes no randomness. Draws come in a fixed
# order (along, lateral, slide, angle, face), so a landing is a function of the seed.
from libc.math cimport cos, sin, log, round as c_round, M_PI
from libc.stdint cimport int8_t, int32_t
from partisan.core.geometry cimport Pose, angle_norm, DEGREES_10
from partisan.core.rng cimport Rng, rng_below, rng_double, rng_normal

cdef enum Placement:
    PLACE_SECURE = 0
    PLACE_DROP = 1
    PLACE_THROW = 2
    PLACEMENTS = 3

cdef enum:
    HANDS_MAX = 8


ctypedef struct PlacementNoise:
    double along                 # sigma of the landing along the heading, mm
    double lateral               # sigma across the heading, mm
    double turn                  # sigma of the angle, degrees (unused when spin)
    double face_down             # chance of landing face down, for a hand factor of 1
    double slide                 # mean slide forward after landing, mm (exponential)
    bint spin                    # the card spins: its angle is uniform


ctypedef struct NoiseData:
    PlacementNoise placement[PLACEMENTS]
    double hand[HANDS_MAX]       # steadiness factor per hand (smaller: steadier)
    int n_hands


ctypedef struct Landing:
    Pose pose
    int8_t face_down
    int8_t off                   # the centre is off the table: the card falls off


cdef inline int32_t _tenths(double mm) noexcept nogil:
    return <int32_t>c_round(10.0 * mm)


cdef inline bint noise_land(const NoiseData* nd, int placement, int hand, Pose aim,
                            int32_t heading, int32_t width, int32_t height, Rng* rng,
                            Landing* out) noexcept nogil:
    """Sample where a card played at `aim` lands. False (nothing drawn or written) for an
    unknown placement or hand."""
    cdef const PlacementNoise* p
    cdef double k, fwd = 0.0, side = 0.0, h
    if placement < 0 or placement >= PLACEMENTS or hand < 0 or hand >= nd.n_hands:
        return False
    p = &nd.placement[placement]
    k = nd.hand[hand]
    if p.along > 0.0:
        fwd = p.along * k * rng_normal(rng)
    if p.lateral > 0.0:
        side = p.lateral * k * rng_normal(rng)
    if p.slide > 0.0:
        fwd += -p.slide * k * log(1.0 - rng_double(rng))
    h = angle_norm(heading) * (M_PI / 1800.0)
    out.pose.x = aim.x + _tenths(fwd * cos(h) - side * sin(h))
    out.pose.y = aim.y + _tenths(fwd * sin(h) + side * cos(h))
    if p.spin:
        out.pose.angle = <int32_t>rng_below(rng, DEGREES_10)
    elif p.turn > 0.0:
        out.pose.angle = angle_norm(aim.angle + _tenths(p.turn * k * rng_normal(rng)))
    else:
        out.pose.angle = angle_norm(aim.angle)
    out.face_down = p.face_down > 0.0 and rng_double(rng) < p.face_down * k
    out.off = (out.pose.x < 0 or out.pose.x > width or out.pose.y < 0 or out.pose.y > height)
    return True
