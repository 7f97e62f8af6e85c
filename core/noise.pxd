# Where a placed card lands: one noise model per placement type, scaled by the hand of the
# seat that plays it. The model is data (core/noise.py loads it from TOML; Garden Guerrilla's
# is core/games/garden/data/noise.toml); sampling is inline, nogil, and returns an integer
# pose (geometry.pxd units: 0.1 mm, 0.1 degree), so a record stores a landing exactly.
#
# The player stands at a seat: a point of the table's edge, facing in. A card leaves the hand
# `release` mm outside that point and travels along the heading from there to the aim, a
# distance d. For a hand factor k:
#   touchdown  aim + k (along + along_per_m d / 1000) N along the heading
#                  + k (lateral + lateral_per_m d / 1000) N across it:
#              the farther the throw, the wider it scatters (a length error and an angle error
#              grow with the distance);
#   angle      uniform if spin, else aim + turn * k * N (degrees);
#   face down  with probability face_down * k (the loader checks it stays <= 1 for every hand);
#   slide      then on along the heading, exponential with mean slide * k, except that a card
#              whose centre touches down over a rest (a mushroom hat) stays there, and a sliding
#              card stops SLIDE_GAP_MM short of the first stop (a mushroom stem, a bush) its
#              footprint would meet;
#   off        the centre, where it comes to rest, outside [0, width] x [0, height].
# N is a standard normal deviate (rng_normal: Box-Muller). A parameter of 0 draws nothing,
# so secure placement (all zero) is exact and consumes no randomness. Draws come in a fixed
# order (along, lateral, slide, angle, face), so a landing is a function of the seed; the
# table's stops and rests change where a card ends, never what is drawn.
from libc.math cimport cos, sin, log, sqrt, round as c_round, M_PI
from libc.stdint cimport int8_t, int32_t
from partisan.core.geometry cimport (Pose, Card, Disc, angle_norm, card_set, card_sweep_disc,
                                     disc_contains, DEGREES_10)
from partisan.core.rng cimport Rng, rng_below, rng_double, rng_normal

cdef extern from *:
    """
    #define PARTISAN_SLIDE_GAP_MM 1.0
    """
    const double SLIDE_GAP_MM "PARTISAN_SLIDE_GAP_MM"   # a sliding card ends this short of a stop

cdef enum Placement:
    PLACE_SECURE = 0
    PLACE_DROP = 1
    PLACE_THROW = 2
    PLACEMENTS = 3

cdef enum:
    HANDS_MAX = 8


ctypedef struct PlacementNoise:
    double along                 # sigma of the landing along the heading, mm, at no distance
    double along_per_m           # what it grows by per metre the card travels, mm
    double lateral               # sigma across the heading, mm, at no distance
    double lateral_per_m         # what it grows by per metre, mm
    double turn                  # sigma of the angle, degrees (unused when spin)
    double face_down             # chance of landing face down, for a hand factor of 1
    double slide                 # mean slide forward after landing, mm (exponential)
    bint spin                    # the card spins: its angle is uniform


ctypedef struct NoiseData:
    PlacementNoise placement[PLACEMENTS]
    double hand[HANDS_MAX]       # steadiness factor per hand (smaller: steadier)
    int n_hands
    double release               # mm outside the seat's edge where a card leaves the hand


ctypedef struct Seat:            # where a player stands
    double x, y                  # a point of the table's edge, mm
    double nx, ny                # the unit normal into the table there


ctypedef struct Surface:         # the table, as a landing card meets it
    int32_t width, height        # 0.1 mm: a centre outside [0, width] x [0, height] is off
    double card_w, card_h        # the card's size, mm: what meets a stop as it slides
    const Disc* stops            # a sliding card stops at these (mushroom stems, bushes)
    int n_stops
    const Disc* rests            # a card whose centre touches down over one stays (hats)
    int n_rests


ctypedef struct Landing:
    Pose pose
    int8_t face_down
    int8_t off                   # the centre is off the table: the card falls off


cdef inline int32_t _tenths(double mm) noexcept nogil:
    return <int32_t>c_round(10.0 * mm)


cdef inline bint _rests(const Surface* t, Pose p) noexcept nogil:
    cdef int i
    for i in range(t.n_rests):
        if disc_contains(&t.rests[i], p.x * 0.1, p.y * 0.1):
            return True
    return False


cdef inline double _slide_to_stop(const Surface* t, Pose p, double hx, double hy,
                                  double travel) noexcept nogil:
    """How far a card touching down at p slides along (hx, hy) when nothing stops it before
    `travel` mm: to SLIDE_GAP_MM short of the first stop its footprint meets (not at all if
    it already lies against one it moves towards)."""
    cdef Card c
    cdef double meet
    cdef int i
    card_set(&c, p, t.card_w, t.card_h, 0)
    for i in range(t.n_stops):
        meet = card_sweep_disc(&c, hx, hy, &t.stops[i])
        if 0.0 <= meet < travel + SLIDE_GAP_MM:
            travel = meet - SLIDE_GAP_MM if meet > SLIDE_GAP_MM else 0.0
    return travel


cdef inline bint noise_land(const NoiseData* nd, int placement, int hand, Pose aim,
                            const Seat* seat, const Surface* table, Rng* rng,
                            Landing* out) noexcept nogil:
    """Sample where a card played at `aim` from `seat` lands. False (nothing drawn or
    written) for an unknown placement or hand."""
    cdef const PlacementNoise* p
    cdef double k, fwd = 0.0, side = 0.0, travel = 0.0, hx, hy, dist, m
    if placement < 0 or placement >= PLACEMENTS or hand < 0 or hand >= nd.n_hands:
        return False
    p = &nd.placement[placement]
    k = nd.hand[hand]
    hx = aim.x * 0.1 - (seat.x - nd.release * seat.nx)
    hy = aim.y * 0.1 - (seat.y - nd.release * seat.ny)
    dist = sqrt(hx * hx + hy * hy)
    if dist > 1e-9:
        hx /= dist
        hy /= dist
    else:                                   # aimed at the hand itself: straight in
        hx, hy = seat.nx, seat.ny
    m = dist * 0.001
    if p.along > 0.0 or p.along_per_m > 0.0:
        fwd = (p.along + p.along_per_m * m) * k * rng_normal(rng)
    if p.lateral > 0.0 or p.lateral_per_m > 0.0:
        side = (p.lateral + p.lateral_per_m * m) * k * rng_normal(rng)
    if p.slide > 0.0:
        travel = -p.slide * k * log(1.0 - rng_double(rng))
    out.pose.x = aim.x + _tenths(fwd * hx - side * hy)
    out.pose.y = aim.y + _tenths(fwd * hy + side * hx)
    if p.spin:
        out.pose.angle = <int32_t>rng_below(rng, DEGREES_10)
    elif p.turn > 0.0:
        out.pose.angle = angle_norm(aim.angle + _tenths(p.turn * k * rng_normal(rng)))
    else:
        out.pose.angle = angle_norm(aim.angle)
    out.face_down = p.face_down > 0.0 and rng_double(rng) < p.face_down * k
    if travel > 0.0 and not _rests(table, out.pose):
        travel = _slide_to_stop(table, out.pose, hx, hy, travel)
        out.pose.x += _tenths(travel * hx)
        out.pose.y += _tenths(travel * hy)
    out.off = (out.pose.x < 0 or out.pose.x > table.width or out.pose.y < 0
               or out.pose.y > table.height)
    return True
