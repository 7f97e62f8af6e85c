"""Geometry (core/geometry.pxd) against shapely as the oracle: every predicate on random poses.

Poses are the integers a game stores (0.1 mm, 0.1 degree). Cases within a hair of a predicate's
threshold (a distance of exactly 1 mm, two lines entering cards exactly 1 mm apart) are
decided by rounding in either implementation, so the property tests skip them with `assume`.
"""
from __future__ import annotations

import math
from collections import namedtuple

import pytest
from hypothesis import assume, given, settings, strategies as st
from shapely import LineString, Point, Polygon
from shapely.affinity import rotate, translate

from partisan.core.testing import geometry_api as g

GEOM = settings(deadline=None, max_examples=200)
HAIR = 1e-6          # agreement asked of distances and areas (mm, mm²), well above rounding
                     # (shared() snaps to 1e-9 mm: area error ~ 1e-9 x perimeter)
CARD = (63, 88)
EXPLOSION = (126, 176)

coord = st.integers(-1500, 1500)                 # 0.1 mm: cards within 15 cm, so they often meet
angle = st.integers(-3600, 7199)                 # any integer angle, normalised by the block
size = st.one_of(st.just(CARD), st.just(EXPLOSION),
                 st.tuples(st.integers(5, 200), st.integers(5, 200)))


@st.composite
def cards(draw, layer=0):
    w, h = draw(size)
    return (draw(coord), draw(coord), draw(angle), w, h, layer)


@st.composite
def discs(draw):
    return (draw(coord), draw(coord), draw(st.sampled_from([45, 55, 10, 100])))


point = st.tuples(st.floats(-200, 200), st.floats(-200, 200))


def poly(spec) -> Polygon:
    """The card as shapely builds it: a box turned about its centre, then moved."""
    x, y, a, w, h, _ = spec
    box = Polygon([(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)])
    return translate(rotate(box, a / 10.0, origin=(0, 0)), x / 10.0, y / 10.0)


Pair = namedtuple("Pair", "penetration overlap distance touch area covers")


def pair(a, b) -> Pair:
    return Pair(*g.pair(a, b))


def shared(a: Polygon, b: Polygon) -> float:
    """Intersection area by snap-rounding overlay: GEOS's default overlay loses the area of
    cards whose edges nearly coincide (one card turned exactly like another)."""
    return a.intersection(b, grid_size=1e-9).area


def centre(disc) -> Point:
    return Point(disc[0] / 10.0, disc[1] / 10.0)


def entry(shape, ox, oy, dx, dy, length):
    """Distance along the segment to where it first meets shape, or None."""
    meet = segment(ox, oy, dx, dy, length).intersection(shape)
    return None if meet.is_empty else Point(ox, oy).distance(meet)


# ---------------------------------------------------------------- pairs of cards
@GEOM
@given(cards(), cards())
def test_overlap_agrees_with_shapely(a, b):
    pa, pb = poly(a), poly(b)
    dist = pa.distance(pb)
    assume(dist > HAIR or shared(pa, pb) > 1e-3)     # not edge to edge
    assert pair(a, b).overlap == (dist == 0.0) == pair(b, a).overlap


@GEOM
@given(cards(), cards())
def test_distance_and_touch_agree_with_shapely(a, b):
    dist = poly(a).distance(poly(b))
    p = pair(a, b)
    assert p.distance == pytest.approx(dist, abs=HAIR)
    assert -p.penetration <= dist + HAIR            # a gap on one axis bounds the distance
    assume(abs(dist - g.TOUCH) > HAIR)
    assert p.touch == (dist <= g.TOUCH)


@GEOM
@given(cards(), cards())
def test_overlap_area_agrees_with_shapely(a, b):
    area = shared(poly(a), poly(b))
    assert pair(a, b).area == pytest.approx(area, abs=HAIR, rel=1e-9)
    assert pair(b, a).area == pytest.approx(area, abs=HAIR, rel=1e-9)


@GEOM
@given(cards(layer=1), cards(layer=0))
def test_cover_is_a_higher_layer_sharing_more_than_the_least_area(upper, lower):
    area = shared(poly(upper), poly(lower))
    assume(abs(area - g.COVER) > HAIR)
    assert pair(upper, lower).covers == (area > g.COVER)
    assert not pair(lower, upper).covers


def test_cards_laid_edge_to_edge_touch_without_overlapping():
    a, b = (0, 0, 0, *CARD, 0), (630, 0, 0, *CARD, 1)
    p = pair(b, a)
    assert p.penetration == 0.0 and not p.overlap and p.touch and p.distance == 0.0
    assert p.area == 0.0 and not p.covers
    c = (640, 0, 0, *CARD, 1)                          # 1 mm apart: still touching
    d = (641, 0, 0, *CARD, 1)
    assert pair(a, c).distance == pytest.approx(1.0) and pair(a, c).touch
    assert not pair(a, d).touch


# ---------------------------------------------------------------- points and frames
@GEOM
@given(cards(), point)
def test_point_in_card_agrees_with_shapely(spec, p):
    shape, pt = poly(spec), Point(p)
    assume(shape.exterior.distance(pt) > HAIR)
    assert g.contains(spec, *p) == shape.contains(pt)
    assert g.point_distance(spec, *p) == pytest.approx(shape.distance(pt), abs=HAIR)


@GEOM
@given(cards())
def test_corners_frames_and_normals_match_the_shapely_card(spec):
    shape = poly(spec)
    assert Polygon(g.corners(spec)).equals_exact(shape, tolerance=HAIR)     # same corners, same order
    assert Polygon(g.corners(spec)).exterior.is_ccw
    _, _, _, w, h, _ = spec
    # crosshair positions on each edge's middle, and the edge's outward normal
    for side, (lx, ly) in enumerate([(w / 2, 0), (0, h / 2), (-w / 2, 0), (0, -h / 2)]):
        x, y = g.to_world(spec, lx, ly)
        assert shape.exterior.distance(Point(x, y)) < HAIR
        assert g.to_local(spec, x, y) == pytest.approx((lx, ly), abs=HAIR)
        dx, dy = g.normal(spec, side)
        assert math.hypot(dx, dy) == pytest.approx(1.0)
        assert not shape.contains(Point(x + dx * 0.01, y + dy * 0.01))
        assert shape.contains(Point(x - dx * 0.01, y - dy * 0.01))


@GEOM
@given(cards())
def test_the_explosion_card_is_the_card_twice_as_large_about_its_centre(spec):
    x, y, a, w, h, _ = spec
    ex = (x, y, a, 2 * w, 2 * h, 9)
    got = g.scaled(spec, 2.0, 9)
    want = (x / 10.0, y / 10.0, math.cos(math.radians(a / 10)), math.sin(math.radians(a / 10)),
            w, h, 9)
    assert got == pytest.approx(want, abs=1e-9)
    shape = poly(spec)
    grown = Polygon(g.corners(ex))
    assert grown.contains(shape) and grown.area == pytest.approx(4 * shape.area)


def test_angles_are_normalised():
    assert [g.norm_angle(a) for a in (-1, 0, 3599, 3600, -3600, 7250)] == [3599, 0, 3599, 0, 0, 50]
    assert g.corners((10, 20, -900, *CARD, 0)) == g.corners((10, 20, 2700, *CARD, 0))


# ---------------------------------------------------------------- discs
def _check_disc_pair(gap, got):
    """got = (overlap, distance, touch) against the gap shapely measures (negative: overlap)."""
    assume(abs(gap) > HAIR and abs(gap - g.TOUCH) > HAIR)
    overlap, dist, touch = got
    assert overlap == (gap < 0)
    assert dist == pytest.approx(max(gap, 0.0), abs=HAIR)
    assert touch == (gap <= g.TOUCH)


@GEOM
@given(cards(), discs())
def test_card_and_disc_agree_with_shapely(spec, disc):
    _check_disc_pair(poly(spec).distance(centre(disc)) - disc[2], g.card_disc(spec, disc))


@GEOM
@given(discs(), discs())
def test_disc_and_disc_agree_with_shapely(a, b):
    _check_disc_pair(centre(a).distance(centre(b)) - a[2] - b[2], g.disc_disc(a, b))


@GEOM
@given(cards(), discs())
def test_a_card_rests_on_a_hat_when_its_centre_lies_over_it(spec, hat):
    d = centre(hat).distance(Point(spec[0] / 10, spec[1] / 10))
    assume(abs(d - hat[2]) > HAIR)
    assert g.on_hat(spec, hat) == (d < hat[2])
    assert g.disc_has(hat, spec[0] / 10, spec[1] / 10) == (d < hat[2])


# ---------------------------------------------------------------- lines
@st.composite
def rays(draw):
    """(ox, oy, dx, dy, length): a line from a point along a unit vector."""
    theta = draw(st.floats(0, 2 * math.pi))
    return (draw(st.floats(-200, 200)), draw(st.floats(-200, 200)), math.cos(theta),
            math.sin(theta), draw(st.floats(10, 500)))


def segment(ox, oy, dx, dy, length) -> LineString:
    return LineString([(ox, oy), (ox + dx * length, oy + dy * length)])


def round_disc(disc) -> Polygon:
    """shapely's stand-in for a disc: a 4096-gon, off by < 1e-3 mm."""
    return centre(disc).buffer(disc[2], quad_segs=1024)


@GEOM
@given(cards(), rays())
def test_line_entry_into_a_card_agrees_with_shapely(spec, r):
    want, t = entry(poly(spec), *r), g.ray_card(spec, *r[:4])
    if want is None:
        assert t < 0 or t > r[4] - HAIR
    else:
        assert t == pytest.approx(want, abs=1e-6)


@GEOM
@given(discs(), rays())
def test_line_entry_into_a_disc_agrees_with_shapely(disc, r):
    c, line = centre(disc), segment(*r)
    # a grazing line, or one ending at the rim, is decided by the polygon that stands for the disc
    assume(abs(line.distance(c) - disc[2]) > 0.01 and abs(Point(line.coords[1]).distance(c) - disc[2]) > 0.01)
    want, t = entry(round_disc(disc), *r), g.ray_disc(disc, *r[:4])
    if want is None:
        assert t < 0 or t > r[4]
    else:
        assert t == pytest.approx(want, abs=1e-3)


@st.composite
def scenes(draw):
    n = draw(st.integers(1, 8))
    specs = [draw(cards(layer=i)) for i in range(n)]
    blockers = draw(st.lists(discs(), max_size=2))
    return specs, blockers


@GEOM
@given(scenes(), rays())
def test_the_first_cards_a_line_reaches_agree_with_shapely(scene, r):
    specs, blockers = scene
    ts = [entry(poly(s), *r) for s in specs]
    limit = min([w for w in (entry(round_disc(d), *r) for d in blockers) if w is not None], default=r[4])
    reached = [t for t in ts if t is not None]
    # the disc stands in as a polygon: stay clear of every threshold
    for t in reached:
        assume(abs(t - limit) > 0.01)
        assume(all(abs(t - (u + g.TIE)) > 0.01 for u in reached))
    hit, reach = g.first_hit(specs, blockers, *r)
    allowed = [t for t in reached if t <= limit]
    if not allowed:
        assert hit == [] and reach == -1.0
        return
    first = min(allowed)
    assert reach == pytest.approx(first, abs=1e-6)
    assert hit == [i for i, t in enumerate(ts) if t is not None and t <= limit and t <= first + g.TIE]


@GEOM
@given(scenes(), rays(), st.sets(st.integers(0, 7)))
def test_cards_outside_the_targets_are_transparent(scene, r, targets):
    specs = scene[0]
    targets = sorted(i for i in targets if i < len(specs))
    hit, _ = g.first_hit(specs, [], *r, targets)
    alone, _ = g.first_hit([specs[i] for i in targets], [], *r)
    assert hit == [targets[i] for i in alone]


@GEOM
@given(scenes(), rays())
def test_a_line_that_nothing_stops_hits_every_card_it_crosses(scene, r):
    specs, line = scene[0], segment(*r)
    for s in specs:
        assume(line.distance(poly(s).exterior) > HAIR or line.crosses(poly(s)))
    assert g.all_hit(specs, *r) == [i for i, s in enumerate(specs) if line.intersects(poly(s))]


@GEOM
@given(cards(), discs(), st.floats(0, 2 * math.pi))
def test_a_card_sliding_into_a_disc_agrees_with_shapely(spec, disc, theta):
    """card_sweep_disc: how far the card moves before it meets the disc is where the line from
    the disc's centre, backwards, enters the card grown by the radius (shapely's buffer)."""
    dx, dy = math.cos(theta), math.sin(theta)
    card, c, r = poly(spec), centre(disc), disc[2]
    back = segment(c.x, c.y, -dx, -dy, 2000.0)
    assume(abs(card.distance(c) - r) > 0.01 and abs(back.distance(card) - r) > 0.01)
    t = g.sweep(spec, dx, dy, disc)
    if card.distance(c) < r:                        # they overlap already
        toward = (c.x - spec[0] / 10) * dx + (c.y - spec[1] / 10) * dy > 0
        assert t == (0.0 if toward else -1.0)
        return
    want = entry(card.buffer(r, quad_segs=1024), c.x, c.y, -dx, -dy, 2000.0)
    if want is None:
        assert t == -1.0
    else:
        assert t == pytest.approx(want, abs=1e-3)
        moved = translate(card, want * dx, want * dy)
        assert moved.distance(c) == pytest.approx(r, abs=1e-3)


def test_a_line_along_the_shared_edge_of_two_cards_hits_both():
    """Rulebook: when it cannot be determined which card is hit, all are (digest G7)."""
    left, right = (-315, 1000, 0, *CARD, 0), (315, 1000, 0, *CARD, 1)
    hit, reach = g.first_hit([left, right], [], 0.0, 0.0, 0.0, 1.0, 500.0)
    assert hit == [0, 1] and reach == pytest.approx(100 - 44)
    near, far = (0, 1000, 0, *CARD, 0), (0, 1005, 0, *CARD, 1)    # overlapping, 0.5 mm apart
    assert g.first_hit([near, far], [], 0.0, 0.0, 0.0, 1.0, 500.0)[0] == [0, 1]
    behind = (0, 1020, 0, *CARD, 1)                                 # 2 mm behind: hidden
    assert g.first_hit([near, behind], [], 0.0, 0.0, 0.0, 1.0, 500.0)[0] == [0]


def test_a_bush_stops_a_line_and_a_line_from_inside_a_card_hits_it_at_once():
    target = (0, 1500, 0, *CARD, 0)
    bush = (0, 800, 45)
    assert g.first_hit([target], [bush], 0.0, 0.0, 0.0, 1.0, 500.0) == ([], -1.0)
    assert g.first_hit([target], [], 0.0, 0.0, 0.0, 1.0, 500.0)[0] == [0]
    assert g.all_hit([target], 0.0, 0.0, 0.0, 1.0, 500.0) == [0]       # a laser passes bushes
    assert g.first_hit([target], [], 0.0, 150.0, 0.0, 1.0, 500.0) == ([0], 0.0)
    assert g.first_hit([target], [], 0.0, 0.0, 0.0, 1.0, 100.0) == ([], -1.0)   # line too short


# ---------------------------------------------------------------- sets of cards
@GEOM
@given(scenes(), point)
def test_the_card_on_top_at_a_point_agrees_with_shapely(scene, p):
    specs, _ = scene
    pt = Point(p)
    for s in specs:
        assume(poly(s).exterior.distance(pt) > HAIR)
    holding = [s[5] for s in specs if poly(s).contains(pt)]
    assert g.top_at(specs, *p) == (max(holding) if holding else -1)


@GEOM
@given(scenes(), cards(layer=99))
def test_the_cards_an_incoming_card_covers_and_touches_agree_with_shapely(scene, upper):
    specs, _ = scene
    areas = [shared(poly(upper), poly(s)) for s in specs]
    gaps = [poly(upper).distance(poly(s)) for s in specs]
    assume(all(abs(a - g.COVER) > HAIR for a in areas) and all(abs(d - g.TOUCH) > HAIR for d in gaps))
    assert g.under(specs, upper) == [i for i, a in enumerate(areas) if a > g.COVER]
    assert g.touching_card(specs, upper) == [i for i, d in enumerate(gaps) if d <= g.TOUCH]


@GEOM
@given(scenes(), st.integers(0, 7), st.sets(st.integers(0, 7)))
def test_chains_of_touching_cards_are_the_connected_components(scene, start, members):
    specs, _ = scene
    n = len(specs)
    shapes = [poly(s) for s in specs]
    gaps = {(i, j): shapes[i].distance(shapes[j]) for i in range(n) for j in range(n)}
    assume(all(abs(d - g.TOUCH) > HAIR for d in gaps.values()))
    members = {i for i in members if i < n}
    want = set()
    if start in members:
        want, todo = {start}, [start]
        while todo:
            i = todo.pop()
            for j in members - want:
                if gaps[i, j] <= g.TOUCH:
                    want.add(j)
                    todo.append(j)
    assert g.chain(specs, start, sorted(members)) == sorted(want)


def test_a_chain_runs_through_cards_that_touch_one_by_one():
    row = [(i * 640, 0, 0, *CARD, i) for i in range(5)]          # 1 mm gaps
    row.append((5 * 640 + 30, 0, 0, *CARD, 5))                  # 4 mm past the last: apart
    assert g.chain(row, 0) == [0, 1, 2, 3, 4]
    assert g.chain(row, 0, [0, 1, 3, 4]) == [0, 1]               # a missing link breaks it
    assert g.chain(row, 5) == [5] and g.chain(row, 2, [0, 1]) == []


def test_sixty_four_cards_fill_a_mask_and_more_are_refused():
    many = [(i * 1000, 0, 0, *CARD, i) for i in range(g.MAX_SHAPES)]
    assert g.all_hit(many, -100.0, 0.0, 1.0, 0.0, 10_000.0) == list(range(g.MAX_SHAPES))
    with pytest.raises(ValueError):
        g.all_hit(many + many[:1], -100.0, 0.0, 1.0, 0.0, 10_000.0)


@pytest.mark.parametrize("x, y", [(0, 0), (4500, 3000), (1234, 5678)])
def test_a_card_under_the_crosshair_is_reached_at_once_at_every_angle(x, y):
    """A line drawn from a crosshair that lies on a card (its edge included, as card_contains
    says) enters that card at 0, whatever the angle: a card lying exactly under the shooter
    puts the crosshair on its own edge, where rounding used to decide at some angles."""
    for angle in range(0, 3600, 75):
        shooter, under = (x, y, angle, *CARD, 1), (x, y, angle, *CARD, 0)
        ox, oy = g.to_world(shooter, 0.0, CARD[1] / 2)
        dx, dy = g.normal(shooter, 1)
        assert g.contains(under, ox, oy)
        assert g.ray_card(under, ox, oy, dx, dy) == 0.0, angle
        assert g.first_hit([under], [], ox, oy, dx, dy, 500.0) == ([0], 0.0), angle
        along = (x, y, angle + 900, *CARD, 0)       # a line running along this card's edge
        ox, oy = g.to_world(along, -CARD[0] / 2, -200.0)
        dx, dy = g.normal(along, 1)
        assert g.ray_card(along, ox, oy, dx, dy) == pytest.approx(200.0 - CARD[1] / 2), angle
