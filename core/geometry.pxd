# Flat shapes on a table for the dexterity games (Garden Guerrilla): cards as rotated
# rectangles, mushroom hats and bushes as discs; overlap, touch, cover, points in cards,
# lines to the first card hit, chains of touching cards. Inline, nogil, no allocation.
#
# Units. A game stores poses as integers (`Pose`: 0.1 mm and 0.1 degree), so a record
# replays exactly; `card_set` converts a pose once into a `Card` of doubles in mm (centre,
# half sizes, the cosine and sine of its angle), and every predicate works on those. Doubles
# are exact enough for integers of 0.1 mm and cheaper than fixed point once sines enter.
#
# Tolerances (mm), one meaning each:
#   GEOM_EPS  1e-6: numerical slack. Shapes whose interiors meet by no more than this do not
#             overlap (cards laid edge to edge only touch).
#   TOUCH_MM  1.0: two footprints touch when they are at most this far apart (overlap included).
#   COVER_MM2 1.0: a card covers a lower one when they share more than this area (mm²).
#   TIE_MM    1.0: a line reaches two cards "at once" when it enters them within this
#             distance of each other; then it cannot be determined which is hit and all are.
from libc.math cimport sqrt, fabs, sin, cos, M_PI
from libc.stdint cimport int32_t, uint64_t
from partisan.core.cards cimport bit, lowest

cdef extern from *:
    """
    #define PARTISAN_GEOM_EPS 1e-6
    #define PARTISAN_TOUCH_MM 1.0
    #define PARTISAN_COVER_MM2 1.0
    #define PARTISAN_TIE_MM 1.0
    """
    const double GEOM_EPS "PARTISAN_GEOM_EPS"
    const double TOUCH_MM "PARTISAN_TOUCH_MM"
    const double COVER_MM2 "PARTISAN_COVER_MM2"
    const double TIE_MM "PARTISAN_TIE_MM"

cdef enum:
    SHAPES_MAX = 64              # cards in one array: sets of them are uint64 masks
    POLY_MAX = 16                # vertices of a clipped polygon (a rectangle clipped by one: <= 8)
    DEGREES_10 = 3600            # a full turn in pose units

cdef enum Side:                  # a card's edges, named by their outward normal in card terms
    SIDE_RIGHT = 0               # +x (local): half width hw out
    SIDE_TOP = 1                 # +y: half height hh out
    SIDE_LEFT = 2
    SIDE_BOTTOM = 3


ctypedef struct Pose:            # what a game stores: exact integers
    int32_t x, y                 # centre, 0.1 mm
    int32_t angle                # 0.1 degree, counter-clockwise, 0 .. 3599


ctypedef struct Card:            # a rotated rectangle
    double x, y                  # centre, mm
    double hw, hh                # half width along the card's x axis, half height along its y
    double c, s                  # cos and sin of the angle: the card's x axis is (c, s)
    int layer                    # z-order: a higher layer lies on top (a game keeps them distinct)


ctypedef struct Disc:            # a mushroom hat or a bush
    double x, y, r


cdef inline uint64_t _in_range(uint64_t mask, int n) noexcept nogil:
    """mask restricted to cards 0 .. n - 1 of an array (never beyond SHAPES_MAX)."""
    if n <= 0:
        return 0
    return mask if n >= SHAPES_MAX else mask & (bit(n) - 1)


# ---------------------------------------------------------------- building shapes
cdef inline int32_t angle_norm(int32_t angle) noexcept nogil:
    """An angle in 0.1 degree brought into 0 .. 3599."""
    angle = angle % DEGREES_10
    return angle + DEGREES_10 if angle < 0 else angle


cdef inline void card_set(Card* c, Pose p, double width, double height, int layer) noexcept nogil:
    """A card of width x height mm (its own x and y extents) at pose p."""
    cdef double a = angle_norm(p.angle) * (M_PI / 1800.0)
    c.x = p.x * 0.1
    c.y = p.y * 0.1
    c.hw = 0.5 * width
    c.hh = 0.5 * height
    c.c = cos(a)
    c.s = sin(a)
    c.layer = layer


cdef inline void card_scaled(Card* out, const Card* c, double factor, int layer) noexcept nogil:
    """The same centre and orientation, sizes times factor: the explosion card (factor 2)
    placed around a card, or centred on a point after `out.x, out.y` are moved."""
    out[0] = c[0]
    out.hw = c.hw * factor
    out.hh = c.hh * factor
    out.layer = layer


cdef inline void disc_set(Disc* d, int32_t x, int32_t y, double r) noexcept nogil:
    """A disc of radius r mm centred at (x, y) in 0.1 mm."""
    d.x = x * 0.1
    d.y = y * 0.1
    d.r = r


cdef inline void card_to_local(const Card* c, double x, double y, double* lx, double* ly) noexcept nogil:
    cdef double dx = x - c.x, dy = y - c.y
    lx[0] = dx * c.c + dy * c.s
    ly[0] = dy * c.c - dx * c.s


cdef inline void card_to_world(const Card* c, double lx, double ly, double* x, double* y) noexcept nogil:
    """A point given in the card's own frame (a crosshair) on the table."""
    x[0] = c.x + lx * c.c - ly * c.s
    y[0] = c.y + lx * c.s + ly * c.c


cdef inline void card_normal(const Card* c, int side, double* dx, double* dy) noexcept nogil:
    """The unit outward normal of one edge: the direction of a line drawn from a crosshair."""
    if side == SIDE_RIGHT:
        dx[0] = c.c
        dy[0] = c.s
    elif side == SIDE_TOP:
        dx[0] = -c.s
        dy[0] = c.c
    elif side == SIDE_LEFT:
        dx[0] = -c.c
        dy[0] = -c.s
    else:
        dx[0] = c.s
        dy[0] = -c.c


cdef inline void card_corners(const Card* c, double* xs, double* ys) noexcept nogil:
    """The four corners counter-clockwise, from the card's (-x, -y) corner."""
    card_to_world(c, -c.hw, -c.hh, &xs[0], &ys[0])
    card_to_world(c, c.hw, -c.hh, &xs[1], &ys[1])
    card_to_world(c, c.hw, c.hh, &xs[2], &ys[2])
    card_to_world(c, -c.hw, c.hh, &xs[3], &ys[3])


# ---------------------------------------------------------------- points
cdef inline bint card_contains(const Card* c, double x, double y) noexcept nogil:
    """A point in the card, edges included (a crosshair on a card's edge is on it)."""
    cdef double lx, ly
    card_to_local(c, x, y, &lx, &ly)
    return fabs(lx) <= c.hw + GEOM_EPS and fabs(ly) <= c.hh + GEOM_EPS


cdef inline double card_point_distance(const Card* c, double x, double y) noexcept nogil:
    """Distance from a point to the card; 0 inside."""
    cdef double lx, ly, ex, ey
    card_to_local(c, x, y, &lx, &ly)
    ex = fabs(lx) - c.hw
    ey = fabs(ly) - c.hh
    ex = ex if ex > 0.0 else 0.0
    ey = ey if ey > 0.0 else 0.0
    return sqrt(ex * ex + ey * ey)


cdef inline bint disc_contains(const Disc* d, double x, double y) noexcept nogil:
    cdef double dx = x - d.x, dy = y - d.y
    return dx * dx + dy * dy <= (d.r + GEOM_EPS) * (d.r + GEOM_EPS)


cdef inline bint card_on_hat(const Card* c, const Disc* hat) noexcept nogil:
    """A card rests on a mushroom hat when its centre lies over the hat."""
    return disc_contains(hat, c.x, c.y)


# ---------------------------------------------------------------- pairs of cards
cdef inline double cards_penetration(const Card* a, const Card* b) noexcept nogil:
    """Separating axes: the least overlap of the two cards' projections on the four edge
    normals. Positive: the interiors meet; zero: the boundaries touch; negative: a gap
    (a lower bound on the distance, not the distance)."""
    cdef double dx = b.x - a.x, dy = b.y - a.y
    cdef double cc = fabs(a.c * b.c + a.s * b.s)       # |cos| of the angle between them
    cdef double ss = fabs(a.c * b.s - a.s * b.c)       # |sin|
    cdef double p, q
    p = a.hw + b.hw * cc + b.hh * ss - fabs(dx * a.c + dy * a.s)
    q = a.hh + b.hw * ss + b.hh * cc - fabs(dy * a.c - dx * a.s)
    p = q if q < p else p
    q = b.hw + a.hw * cc + a.hh * ss - fabs(dx * b.c + dy * b.s)
    p = q if q < p else p
    q = b.hh + a.hw * ss + a.hh * cc - fabs(dy * b.c - dx * b.s)
    return q if q < p else p


cdef inline bint cards_overlap(const Card* a, const Card* b) noexcept nogil:
    """The interiors meet (by more than GEOM_EPS): edge to edge is a touch, not an overlap."""
    return cards_penetration(a, b) > GEOM_EPS


cdef inline double _corners_distance(const Card* a, const Card* b) noexcept nogil:
    """The least distance from a corner of one card to the other. Two convex shapes that do
    not meet are nearest at a corner of one of them, so this is their distance then."""
    cdef double xs[4]
    cdef double ys[4]
    cdef double d, best
    cdef int i
    card_corners(a, xs, ys)
    best = card_point_distance(b, xs[0], ys[0])
    for i in range(1, 4):
        d = card_point_distance(b, xs[i], ys[i])
        best = d if d < best else best
    card_corners(b, xs, ys)
    for i in range(4):
        d = card_point_distance(a, xs[i], ys[i])
        best = d if d < best else best
    return best


cdef inline double cards_distance(const Card* a, const Card* b) noexcept nogil:
    """Distance between two cards, 0 when they meet."""
    if cards_penetration(a, b) >= 0.0:
        return 0.0
    return _corners_distance(a, b)


cdef inline bint cards_touch(const Card* a, const Card* b) noexcept nogil:
    """Within TOUCH_MM. A gap on a separating axis bounds the distance from below, so most
    pairs are settled without the corner distances."""
    cdef double p = cards_penetration(a, b)
    if p >= 0.0:
        return True
    if p < -TOUCH_MM:
        return False
    return _corners_distance(a, b) <= TOUCH_MM


cdef inline int _clip(const double* xs, const double* ys, int n, int axis, double sign,
                      double limit, double* ox, double* oy) noexcept nogil:
    """Sutherland-Hodgman: keep the part of a convex polygon where sign * coord <= limit
    (coord is x for axis 0, y for axis 1). Writes at most POLY_MAX vertices."""
    cdef int i, j, k = 0
    cdef double pv, cv, t
    if n == 0:
        return 0
    pv = sign * (xs[n - 1] if axis == 0 else ys[n - 1]) - limit
    for i in range(n):
        cv = sign * (xs[i] if axis == 0 else ys[i]) - limit
        if (cv <= 0.0) != (pv <= 0.0) and k < POLY_MAX:
            t = pv / (pv - cv)
            j = n - 1 if i == 0 else i - 1
            ox[k] = xs[j] + t * (xs[i] - xs[j])
            oy[k] = ys[j] + t * (ys[i] - ys[j])
            k += 1
        if cv <= 0.0 and k < POLY_MAX:
            ox[k] = xs[i]
            oy[k] = ys[i]
            k += 1
        pv = cv
    return k


cdef inline double cards_overlap_area(const Card* a, const Card* b) noexcept nogil:
    """Area (mm²) the two cards share: a's corners in b's frame, clipped to b's four edges."""
    cdef double xs[POLY_MAX]
    cdef double ys[POLY_MAX]
    cdef double tx[POLY_MAX]
    cdef double ty[POLY_MAX]
    cdef double wx[4]
    cdef double wy[4]
    cdef double area = 0.0
    cdef int i, n = 4
    if cards_penetration(a, b) <= 0.0:
        return 0.0
    card_corners(a, wx, wy)
    for i in range(4):
        card_to_local(b, wx[i], wy[i], &xs[i], &ys[i])
    n = _clip(xs, ys, n, 0, 1.0, b.hw, tx, ty)
    n = _clip(tx, ty, n, 0, -1.0, b.hw, xs, ys)
    n = _clip(xs, ys, n, 1, 1.0, b.hh, tx, ty)
    n = _clip(tx, ty, n, 1, -1.0, b.hh, xs, ys)
    for i in range(n):
        area += xs[i] * ys[(i + 1) % n] - xs[(i + 1) % n] * ys[i]
    return 0.5 * fabs(area)


cdef inline bint card_covers(const Card* upper, const Card* lower) noexcept nogil:
    """upper lies on lower: a higher layer sharing more than COVER_MM2 of area."""
    return upper.layer > lower.layer and cards_overlap_area(upper, lower) > COVER_MM2


# ---------------------------------------------------------------- cards and discs
cdef inline double card_disc_distance(const Card* c, const Disc* d) noexcept nogil:
    cdef double g = card_point_distance(c, d.x, d.y) - d.r
    return g if g > 0.0 else 0.0


cdef inline bint card_disc_overlap(const Card* c, const Disc* d) noexcept nogil:
    return card_point_distance(c, d.x, d.y) < d.r - GEOM_EPS


cdef inline bint card_disc_touch(const Card* c, const Disc* d) noexcept nogil:
    return card_disc_distance(c, d) <= TOUCH_MM


cdef inline double discs_distance(const Disc* a, const Disc* b) noexcept nogil:
    cdef double dx = b.x - a.x, dy = b.y - a.y
    cdef double g = sqrt(dx * dx + dy * dy) - a.r - b.r
    return g if g > 0.0 else 0.0


cdef inline bint discs_overlap(const Disc* a, const Disc* b) noexcept nogil:
    cdef double dx = b.x - a.x, dy = b.y - a.y
    return sqrt(dx * dx + dy * dy) < a.r + b.r - GEOM_EPS


cdef inline bint discs_touch(const Disc* a, const Disc* b) noexcept nogil:
    return discs_distance(a, b) <= TOUCH_MM


# ---------------------------------------------------------------- lines
# A line starts at (ox, oy) and runs along the unit vector (dx, dy) for `length` mm (to the
# table's edge). Entry distances are measured from the start; a shape holding the start is
# entered at 0. -1: not reached.
cdef inline double card_ray(const Card* c, double ox, double oy, double dx, double dy) noexcept nogil:
    """Slab test in the card's frame. Edges count as the card's, within GEOM_EPS (as in
    card_contains): a line starting on an edge, or running along one, reaches the card
    whatever the angle, not as the rounding of the angle's sine decides."""
    cdef double lo[2]
    cdef double ld[2]
    cdef double h[2]
    cdef double t0 = -1e300, t1 = 1e300, a, b
    cdef int k
    card_to_local(c, ox, oy, &lo[0], &lo[1])
    h[0] = c.hw
    h[1] = c.hh
    if fabs(lo[0]) <= h[0] + GEOM_EPS and fabs(lo[1]) <= h[1] + GEOM_EPS:
        return 0.0
    ld[0] = dx * c.c + dy * c.s
    ld[1] = dy * c.c - dx * c.s
    for k in range(2):
        if fabs(ld[k]) < 1e-12:
            if fabs(lo[k]) > h[k] + GEOM_EPS:
                return -1.0
            continue
        a = (-h[k] - lo[k]) / ld[k]
        b = (h[k] - lo[k]) / ld[k]
        if a > b:
            a, b = b, a
        t0 = a if a > t0 else t0
        t1 = b if b < t1 else t1
    if t0 > t1 or t1 < 0.0:
        return -1.0
    return t0 if t0 > 0.0 else 0.0


cdef inline double disc_ray(const Disc* d, double ox, double oy, double dx, double dy) noexcept nogil:
    cdef double wx = ox - d.x, wy = oy - d.y
    cdef double b = wx * dx + wy * dy
    cdef double q = b * b - (wx * wx + wy * wy - d.r * d.r)
    cdef double t
    if q < 0.0:
        return -1.0
    q = sqrt(q)
    if -b + q < 0.0:
        return -1.0
    t = -b - q
    return t if t > 0.0 else 0.0


cdef inline double card_sweep_disc(const Card* c, double dx, double dy, const Disc* d) noexcept nogil:
    """How far card c can move along the unit vector (dx, dy) before its footprint meets disc
    d: the line from the disc's centre, backwards, into the card grown by the radius (two
    boxes, one widened and one lengthened by it, and a disc at each corner). 0 when they
    already overlap and c moves towards the disc's centre; -1 when c never meets it, or
    overlaps it moving away."""
    cdef Card grown = c[0]
    cdef Disc corner
    cdef double xs[4]
    cdef double ys[4]
    cdef double t, best
    cdef int i
    grown.hw = c.hw + d.r
    best = card_ray(&grown, d.x, d.y, -dx, -dy)
    grown.hw = c.hw
    grown.hh = c.hh + d.r
    t = card_ray(&grown, d.x, d.y, -dx, -dy)
    if t >= 0.0 and (best < 0.0 or t < best):
        best = t
    card_corners(c, xs, ys)
    corner.r = d.r
    for i in range(4):
        corner.x = xs[i]
        corner.y = ys[i]
        t = disc_ray(&corner, d.x, d.y, -dx, -dy)
        if t >= 0.0 and (best < 0.0 or t < best):
            best = t
    if best == 0.0 and (d.x - c.x) * dx + (d.y - c.y) * dy <= 0.0:
        return -1.0
    return best


cdef inline double discs_block(const Disc* blockers, int nb, double ox, double oy, double dx,
                               double dy, double length) noexcept nogil:
    """How far the line runs before a blocker (a garden element) stops it: `length` if none."""
    cdef double t
    cdef int i
    for i in range(nb):
        t = disc_ray(&blockers[i], ox, oy, dx, dy)
        if 0.0 <= t < length:
            length = t
    return length


cdef inline uint64_t ray_first(const Card* cards, int n, uint64_t mask, const Disc* blockers,
                               int nb, double ox, double oy, double dx, double dy, double length,
                               double* reach) noexcept nogil:
    """The first cards of `mask` the line reaches before it ends or a blocker stops it (a card
    entered no later than the blocker counts): every card entered within TIE_MM of the
    first, since then it cannot be determined which is hit. Cards outside `mask` are
    transparent (a game drops them, or keeps them in and ignores the hit: a blocking card).
    *reach: the first card's entry distance (-1 if none)."""
    cdef double t[SHAPES_MAX]
    cdef double first = 1e300
    cdef uint64_t m, hit = 0
    cdef int i
    mask = _in_range(mask, n)
    length = discs_block(blockers, nb, ox, oy, dx, dy, length)
    m = mask
    while m:
        i = lowest(m)
        m &= m - 1
        t[i] = card_ray(&cards[i], ox, oy, dx, dy)
        if 0.0 <= t[i] <= length and t[i] < first:
            first = t[i]
    if first > length:
        reach[0] = -1.0
        return 0
    reach[0] = first
    m = mask
    while m:
        i = lowest(m)
        m &= m - 1
        if 0.0 <= t[i] <= length and t[i] <= first + TIE_MM:
            hit |= bit(i)
    return hit


cdef inline uint64_t ray_all(const Card* cards, int n, uint64_t mask, double ox, double oy,
                             double dx, double dy, double length) noexcept nogil:
    """Every card of `mask` the line crosses within `length` (nothing stops it)."""
    cdef uint64_t m = _in_range(mask, n), hit = 0
    cdef double t
    cdef int i
    while m:
        i = lowest(m)
        m &= m - 1
        t = card_ray(&cards[i], ox, oy, dx, dy)
        if 0.0 <= t <= length:
            hit |= bit(i)
    return hit


# ---------------------------------------------------------------- sets of cards
cdef inline int top_card_at(const Card* cards, int n, uint64_t mask, double x, double y) noexcept nogil:
    """The card of `mask` that lies on top at a point (highest layer holding it), or -1."""
    cdef uint64_t m = _in_range(mask, n)
    cdef int i, top = -1
    while m:
        i = lowest(m)
        m &= m - 1
        if card_contains(&cards[i], x, y) and (top < 0 or cards[i].layer > cards[top].layer):
            top = i
    return top


ctypedef bint (*CardTest)(const Card*, const Card*) noexcept nogil


cdef inline uint64_t cards_where(const Card* cards, int n, uint64_t mask, const Card* c,
                                 CardTest test) noexcept nogil:
    """The cards i of `mask` for which test(c, cards[i]) holds."""
    cdef uint64_t m = _in_range(mask, n), out = 0
    cdef int i
    while m:
        i = lowest(m)
        m &= m - 1
        if test(c, &cards[i]):
            out |= bit(i)
    return out


cdef inline uint64_t covered_by(const Card* cards, int n, uint64_t mask, const Card* upper) noexcept nogil:
    """The cards of `mask` that `upper` covers (an incoming card or an explosion card)."""
    return cards_where(cards, n, mask, upper, card_covers)


cdef inline uint64_t touching(const Card* cards, int n, uint64_t mask, const Card* c) noexcept nogil:
    """The cards of `mask` that touch c (c itself included if it is in the array and mask)."""
    return cards_where(cards, n, mask, c, cards_touch)


cdef inline uint64_t chain_of(const Card* cards, int n, uint64_t mask, int start) noexcept nogil:
    """The cards of `mask` joined to card `start` by a chain of touching cards (start
    included): a breadth-first walk over the touch graph, one card's neighbours at a time."""
    cdef uint64_t todo, found, frontier
    cdef int i
    mask = _in_range(mask, n)
    if start < 0 or start >= n or start >= SHAPES_MAX or not (mask >> start) & 1:
        return 0
    found = bit(start)
    frontier = found
    while frontier:
        i = lowest(frontier)
        frontier &= frontier - 1
        todo = touching(cards, n, mask & ~found, &cards[i])
        found |= todo
        frontier |= todo
    return found
