# cython: language_level=3
"""Python wrappers over the inline blocks for tests: core/geometry.pxd.

A card is given as (x, y, angle, width, height, layer): pose in 0.1 mm and 0.1 degree, size in
mm; a disc as (x, y, r): centre in 0.1 mm, radius in mm. Points, directions and distances
are in mm, as in the C structs. Sets of cards come back as sorted index lists.
"""
from libc.stdint cimport uint64_t
from partisan.core.geometry cimport (
    COVER_MM2, GEOM_EPS, SHAPES_MAX, TIE_MM, TOUCH_MM, Card, Disc, Pose, angle_norm, card_contains,
    card_corners, card_covers, card_disc_distance, card_disc_overlap, card_disc_touch,
    card_normal, card_on_hat, card_point_distance, card_ray, card_scaled, card_set, card_sweep_disc,
    card_to_local, card_to_world, cards_distance, cards_overlap, cards_overlap_area,
    cards_penetration, cards_touch, chain_of, covered_by, disc_contains, disc_ray, disc_set,
    discs_distance, discs_overlap, discs_touch, ray_all, ray_first, top_card_at, touching)

EPS = GEOM_EPS
TOUCH = TOUCH_MM
COVER = COVER_MM2
TIE = TIE_MM
MAX_SHAPES = SHAPES_MAX


cdef Card _card(spec) except *:
    cdef Card c
    cdef Pose p
    x, y, angle, width, height, layer = spec
    p.x = x
    p.y = y
    p.angle = angle
    card_set(&c, p, width, height, layer)
    return c


cdef Disc _disc(spec) except *:
    cdef Disc d
    x, y, r = spec
    disc_set(&d, x, y, r)
    return d


cdef int _count(specs, str what) except -1:
    if len(specs) > SHAPES_MAX:
        raise ValueError(f"at most {SHAPES_MAX} {what}")
    return len(specs)


cdef int _cards(specs, Card* out) except -1:
    cdef int n = _count(specs, "cards")
    for i in range(n):
        out[i] = _card(specs[i])
    return n


cdef int _discs(specs, Disc* out) except -1:
    cdef int n = _count(specs, "discs")
    for i in range(n):
        out[i] = _disc(specs[i])
    return n


cdef uint64_t _mask(indices, int n) except? 0:
    cdef uint64_t m = 0
    for i in (range(n) if indices is None else indices):
        m |= (<uint64_t>1) << i
    return m


def _indices(uint64_t m):
    return [i for i in range(SHAPES_MAX) if (m >> i) & 1]


def norm_angle(int angle):
    return angle_norm(angle)


def corners(spec):
    cdef Card c = _card(spec)
    cdef double xs[4]
    cdef double ys[4]
    card_corners(&c, xs, ys)
    return [(xs[i], ys[i]) for i in range(4)]


def to_world(spec, double lx, double ly):
    cdef Card c = _card(spec)
    cdef double x, y
    card_to_world(&c, lx, ly, &x, &y)
    return x, y


def to_local(spec, double x, double y):
    cdef Card c = _card(spec)
    cdef double lx, ly
    card_to_local(&c, x, y, &lx, &ly)
    return lx, ly


def normal(spec, int side):
    cdef Card c = _card(spec)
    cdef double dx, dy
    card_normal(&c, side, &dx, &dy)
    return dx, dy


def scaled(spec, double factor, int layer):
    """(x, y, c, s, hw, hh, layer) of the card scaled about its centre."""
    cdef Card c = _card(spec)
    cdef Card out
    card_scaled(&out, &c, factor, layer)
    return out.x, out.y, out.c, out.s, out.hw, out.hh, out.layer


def contains(spec, double x, double y):
    cdef Card c = _card(spec)
    return card_contains(&c, x, y)


def point_distance(spec, double x, double y):
    cdef Card c = _card(spec)
    return card_point_distance(&c, x, y)


def pair(a, b):
    """(penetration, overlap, distance, touch, overlap area, a covers b) of two cards."""
    cdef Card ca = _card(a), cb = _card(b)
    return (cards_penetration(&ca, &cb), cards_overlap(&ca, &cb), cards_distance(&ca, &cb),
            cards_touch(&ca, &cb), cards_overlap_area(&ca, &cb), card_covers(&ca, &cb))


def disc_has(disc, double x, double y):
    cdef Disc d = _disc(disc)
    return disc_contains(&d, x, y)


def on_hat(spec, hat):
    cdef Card c = _card(spec)
    cdef Disc d = _disc(hat)
    return card_on_hat(&c, &d)


def card_disc(spec, disc):
    """(overlap, distance, touch) of a card and a disc."""
    cdef Card c = _card(spec)
    cdef Disc d = _disc(disc)
    return card_disc_overlap(&c, &d), card_disc_distance(&c, &d), card_disc_touch(&c, &d)


def disc_disc(a, b):
    """(overlap, distance, touch) of two discs."""
    cdef Disc da = _disc(a), db = _disc(b)
    return discs_overlap(&da, &db), discs_distance(&da, &db), discs_touch(&da, &db)


def ray_card(spec, double ox, double oy, double dx, double dy):
    cdef Card c = _card(spec)
    return card_ray(&c, ox, oy, dx, dy)


def ray_disc(disc, double ox, double oy, double dx, double dy):
    cdef Disc d = _disc(disc)
    return disc_ray(&d, ox, oy, dx, dy)


def sweep(spec, double dx, double dy, disc):
    """How far the card moves along (dx, dy) before it meets the disc (card_sweep_disc)."""
    cdef Card c = _card(spec)
    cdef Disc d = _disc(disc)
    return card_sweep_disc(&c, dx, dy, &d)


def first_hit(cards, blockers, double ox, double oy, double dx, double dy, double length,
              targets=None):
    """(indices of the first cards hit, entry distance of the first or -1)."""
    cdef Card cs[SHAPES_MAX]
    cdef Disc ds[SHAPES_MAX]
    cdef int n = _cards(cards, cs), nb = _discs(blockers, ds)
    cdef double reach
    cdef uint64_t hit = ray_first(cs, n, _mask(targets, n), ds, nb, ox, oy, dx, dy, length, &reach)
    return _indices(hit), reach


def all_hit(cards, double ox, double oy, double dx, double dy, double length, targets=None):
    cdef Card cs[SHAPES_MAX]
    cdef int n = _cards(cards, cs)
    return _indices(ray_all(cs, n, _mask(targets, n), ox, oy, dx, dy, length))


def top_at(cards, double x, double y, targets=None):
    cdef Card cs[SHAPES_MAX]
    cdef int n = _cards(cards, cs)
    return top_card_at(cs, n, _mask(targets, n), x, y)


def under(cards, upper, targets=None):
    cdef Card cs[SHAPES_MAX]
    cdef int n = _cards(cards, cs)
    cdef Card u = _card(upper)
    return _indices(covered_by(cs, n, _mask(targets, n), &u))


def touching_card(cards, spec, targets=None):
    cdef Card cs[SHAPES_MAX]
    cdef int n = _cards(cards, cs)
    cdef Card c = _card(spec)
    return _indices(touching(cs, n, _mask(targets, n), &c))


def chain(cards, int start, targets=None):
    cdef Card cs[SHAPES_MAX]
    cdef int n = _cards(cards, cs)
    return _indices(chain_of(cs, n, _mask(targets, n), start))


def bench(cards, blockers, str what, int reps):
    """Run one predicate over every ordered pair of cards (rays: from every card's top edge
    centre along its top normal), `reps` times without the GIL; returns the count of trues so
    the work cannot be skipped. For benchmarks."""
    cdef Card cs[SHAPES_MAX]
    cdef Disc ds[SHAPES_MAX]
    cdef int n = _cards(cards, cs), nb = _discs(blockers, ds)
    cdef int kind = ("overlap", "touch", "area", "first_hit", "chain").index(what)
    cdef long total = 0
    cdef int r, i, j
    cdef double ox, oy, dx, dy, reach
    cdef uint64_t everyone = _mask(None, n)
    with nogil:
        for r in range(reps):
            for i in range(n):
                if kind == 3:
                    card_to_world(&cs[i], 0.0, cs[i].hh, &ox, &oy)
                    card_normal(&cs[i], 1, &dx, &dy)
                    total += ray_first(cs, n, everyone & ~((<uint64_t>1) << i), ds, nb,
                                       ox, oy, dx, dy, 2000.0, &reach) != 0
                elif kind == 4:
                    total += chain_of(cs, n, everyone, i) != 0
                else:
                    for j in range(n):
                        if kind == 0:
                            total += cards_overlap(&cs[i], &cs[j])
                        elif kind == 1:
                            total += cards_touch(&cs[i], &cs[j])
                        else:
                            total += cards_overlap_area(&cs[i], &cs[j]) > COVER_MM2
    return total
