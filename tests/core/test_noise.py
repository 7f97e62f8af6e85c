"""The noise model (core/noise.py, core/noise.pxd): loading and checking the data, then the
landings' distributions per placement type and hand, with fixed seeds: the scatter grows with
the distance thrown, a throw flies from the thrower to the aim, and a sliding card stops at a
stop and stays on a rest."""
from __future__ import annotations

import math
import tomllib
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

import partisan.core
from partisan.core.errors import DataError
from partisan.core.noise import PLACEMENTS, load_noise
from partisan.core.testing import geometry_api as g
from partisan.core.testing.noise_api import CARD, Lander

FILE = Path(partisan.core.__file__).parent / "games" / "garden" / "data" / "noise.toml"
SECURE, DROP, THROW = (PLACEMENTS.index(p) for p in ("secure", "drop", "throw"))
TABLE = (9000, 6000)                # a 900 x 600 mm table, in 0.1 mm
BIG = (100_000, 100_000)            # a 10 m table: nothing falls off
MIDDLE = (4500, 3000, 450)
BOTTOM = (450.0, 0.0, 0.0, 1.0)     # the seat at the middle of the bottom edge, facing in
LEFT = (0.0, 300.0, 1.0, 0.0)
DRAWS = 20_000


@pytest.fixture(scope="module")
def model():
    return load_noise(FILE)


@pytest.fixture(scope="module")
def compiled(model):
    return model.compile()


def sample(compiled, placement, hand, aim=MIDDLE, seat=BOTTOM, seed=7, times=DRAWS, table=BIG,
           **surface):
    """Landings' offsets from the aim (mm), angles, face-downs and offs as arrays."""
    xs, ys, angles, face, off = Lander(compiled, seed, table, **surface).many(placement, hand, aim,
                                                                           seat, times)
    return (np.array(xs) - aim[0]) / 10.0, (np.array(ys) - aim[1]) / 10.0, np.array(angles), \
        np.array(face), np.array(off)


def flight(model, aim, seat):
    """(unit heading, distance in mm) from where the hand lets go to the aim."""
    ox, oy = seat[0] - model.release * seat[2], seat[1] - model.release * seat[3]
    dx, dy = aim[0] / 10.0 - ox, aim[1] / 10.0 - oy
    d = math.hypot(dx, dy)
    return (dx / d, dy / d), d


def sigmas(p, k, distance):
    """The standard deviations along and across the heading at a distance (mm)."""
    return ((p.along + p.along_per_m * distance / 1000) * k,
            (p.lateral + p.lateral_per_m * distance / 1000) * k)


def z_ok(observed, expected, se, z=4.0):
    return abs(observed - expected) <= z * se


# ---------------------------------------------------------------- the data
def test_the_shipped_model_is_what_the_file_says(model, compiled):
    doc = tomllib.loads(FILE.read_text())
    raw = {p["name"]: p for p in doc["placement"]}
    assert [p.name for p in model.placements] == list(PLACEMENTS)
    for i, p in enumerate(model.placements):
        value = lambda k: (raw[p.name].get(k, 0.0) if not isinstance(raw[p.name].get(k), dict)
                           else raw[p.name][k]["value"])
        fields = ("along", "along_per_m", "lateral", "lateral_per_m", "turn", "face_down", "slide")
        assert tuple(getattr(p, k) for k in fields) == tuple(value(k) for k in fields)
        assert compiled.row(i) == (*(getattr(p, k) for k in fields), p.spin)
    assert [h.name for h in model.hands] == [h["name"] for h in doc["hand"]]
    assert [compiled.factor(i) for i in range(len(model.hands))] == [h["factor"] for h in doc["hand"]]
    assert model.placements[THROW].spin and not model.placements[DROP].spin
    assert model.placements[DROP].sources["along"] == "reconstructed"
    assert model.hand("steady") == 2 and model.placement("throw") == THROW
    assert model.release == compiled.release == doc["release"]["value"]
    assert model.release_source == "reconstructed"
    assert model.placements[THROW].sources["lateral_per_m"] == "reconstructed"


def _write(tmp_path, text):
    path = tmp_path / "noise.toml"
    path.write_text(text)
    return path


def _edited(old, new):
    text = FILE.read_text()
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old, new, message", [
    ('along = { value = 20.0', 'along = { value = -1.0', "along must be between 0 and 1000"),
    ('turn = { value = 25.0', 'turn = { value = 200.0', "turn must be between 0 and 180"),
    ('face_down = { value = 0.15', 'face_down = { value = 0.7', "exceeds 1"),
    ('name = "secure"\nsource = "rulebook"', 'name = "secure"\nsource = "rulebook"\nalong = 1.0',
     "secure placement is exact"),
    ('name = "secure"', 'name = "careful"', "unknown placement"),
    ('name = "drop"', 'name = "throw"', "given twice"),
    ('along = { value = 10.0', 'alongg = { value = 10.0', "unknown field 'alongg'"),
    ('lateral = { value = 7.0', 'lateral = { value = "wide"', "must be int or float"),
    ('lateral_per_m = { value = 70.0', 'lateral_per_m = { value = 1e4', "lateral_per_m must be between 0 and 1000"),
    ('release = { value = 100.0', 'release = { value = -5.0', "release must be between 0 and 1000"),
    ('release = { value = 100.0, source = "reconstructed" }', 'release = 100.0', "release: must be { value"),
    ('spin = { value = true', 'spin = { value = 1', "must be bool"),
    ('factor = 1.5', 'factor = 0', "factor must be above 0"),
    ('factor = 1.5', 'factor = 9.0', "at most 5"),
    ('name = "steady"', 'name = "novice"', "hand given twice"),
    ('name = "secure"\nsource = "rulebook"', 'name = "secure"\nsource = "guessed"', "source must be one of"),
])
def test_bad_data_is_refused_with_the_field_named(tmp_path, old, new, message):
    with pytest.raises(DataError, match=message):
        load_noise(_write(tmp_path, _edited(old, new)))


def test_a_missing_placement_or_hand_is_refused(tmp_path):
    text = FILE.read_text()
    no_throw = text[:text.index('[[placement]]\nname = "throw"')] + text[text.index("# Steadiness"):]
    with pytest.raises(DataError, match="missing placement 'throw'"):
        load_noise(_write(tmp_path, no_throw))
    no_hands = text[:text.index("# Steadiness")]
    with pytest.raises(DataError, match="missing field 'hand'"):
        load_noise(_write(tmp_path, no_hands))
    with pytest.raises(DataError, match="at least one"):
        load_noise(_write(tmp_path, "hand = []\n" + no_hands))
    many = text + "".join(f'[[hand]]\nname = "h{i}"\nfactor = 1.0\nsource = "reconstructed"\n'
                          for i in range(6))
    with pytest.raises(DataError, match="at most 8"):
        load_noise(_write(tmp_path, many))
    with pytest.raises(DataError, match="not found"):
        load_noise(tmp_path / "absent.toml")


# ---------------------------------------------------------------- sampling
def test_the_gaussian_is_standard_normal():
    z = np.array(Lander(load_noise(FILE).compile(), 11, TABLE).normals(DRAWS))
    assert z_ok(z.mean(), 0.0, 1 / math.sqrt(DRAWS))
    assert z_ok(z.std(), 1.0, 1 / math.sqrt(2 * DRAWS))
    assert stats.kstest(z, "norm").pvalue > 1e-3


@pytest.mark.parametrize("hand", range(3))
def test_secure_placement_is_exact_and_draws_nothing(compiled, hand):
    lander, fresh = Lander(compiled, 5, TABLE), Lander(compiled, 5, TABLE)
    for aim in [(0, 0, 0), (4500, 3000, 3599), (123, 4567, 1800), (9000, 6000, 7)]:
        assert lander.land(SECURE, hand, aim, BOTTOM) == (*aim, False, False)
    assert lander.normals(5) == fresh.normals(5)


def test_landings_are_a_function_of_the_seed(compiled):
    for placement in (DROP, THROW):
        a = Lander(compiled, 3, TABLE).many(placement, 1, MIDDLE, LEFT, 200)
        assert a == Lander(compiled, 3, TABLE).many(placement, 1, MIDDLE, LEFT, 200)
        assert a != Lander(compiled, 4, TABLE).many(placement, 1, MIDDLE, LEFT, 200)


@pytest.mark.parametrize("hand", range(3))
def test_a_drop_scatters_evenly_and_may_land_face_down(model, compiled, hand):
    """garden_guerrilla.txt l.33 "Vertical Drop": the card falls from the hand held over the
    aim, so its scatter is the same in every direction and at every distance from the player."""
    p, k = model.placements[DROP], model.hands[hand].factor
    assert p.along == p.lateral and p.along_per_m == p.lateral_per_m == 0.0
    sigma = p.along * k
    for aim in (MIDDLE, (4500, 5500, 450)):
        dx, dy, angles, face, off = sample(compiled, DROP, hand, aim=aim, seat=LEFT)
        for d in (dx, dy):
            assert z_ok(d.mean(), 0.0, sigma / math.sqrt(DRAWS))
            assert z_ok(d.std(), sigma, sigma / math.sqrt(2 * DRAWS))
        turn = (angles - aim[2] + 1800) % 3600 - 1800
        assert z_ok(turn.mean() / 10, 0.0, p.turn * k / math.sqrt(DRAWS))
        assert z_ok(turn.std() / 10, p.turn * k, p.turn * k / math.sqrt(2 * DRAWS))
        rate = p.face_down * k
        assert z_ok(face.mean(), rate, math.sqrt(rate * (1 - rate) / DRAWS))
        assert not off.any()


@pytest.mark.parametrize("hand", range(3))
def test_a_throw_scatters_along_its_flight_slides_and_spins(model, compiled, hand):
    """garden_guerrilla.txt l.32 "Spinning Throw": thrown from the bottom edge at the middle of
    the table, the card strays along and across its flight by the figures at that distance,
    slides on (normal plus exponential along the flight) and lands at any angle."""
    p, k = model.placements[THROW], model.hands[hand].factor
    (hx, hy), distance = flight(model, MIDDLE, BOTTOM)
    assert (hx, hy) == (0.0, 1.0)
    s_along, s_across = sigmas(p, k, distance)
    dx, dy, angles, face, _ = sample(compiled, THROW, hand)
    along, across = dy, -dx
    mean, var = p.slide * k, s_along ** 2 + (p.slide * k) ** 2           # normal + exponential
    assert z_ok(along.mean(), mean, math.sqrt(var / DRAWS))
    assert z_ok(along.var(), var, var * math.sqrt(2 * 5 / DRAWS))
    assert stats.kstest(along, stats.exponnorm(p.slide * k / s_along, scale=s_along).cdf).pvalue > 1e-3
    assert z_ok(across.mean(), 0.0, s_across / math.sqrt(DRAWS))
    assert z_ok(across.std(), s_across, s_across / math.sqrt(2 * DRAWS))
    counts = np.bincount(angles // 450, minlength=8)
    assert stats.chisquare(counts).pvalue > 1e-3 and angles.min() >= 0 and angles.max() < 3600
    rate = p.face_down * k
    assert z_ok(face.mean(), rate, math.sqrt(rate * (1 - rate) / DRAWS))


def test_the_scatter_of_a_throw_grows_with_its_distance(model, compiled):
    """A throw errs in length and in direction, and both errors grow with the distance the
    card flies (noise.toml): at each distance the spread along and across the flight is
    along + along_per_m * d and lateral + lateral_per_m * d, so a far aim scatters clearly
    more than a near one."""
    p = model.placements[THROW]
    spread = {}
    for y in (500, 3000, 5500):                     # 5 cm, 30 cm and 55 cm from the edge
        aim = (4500, y, 0)
        _, distance = flight(model, aim, BOTTOM)
        s_along, s_across = sigmas(p, 1.0, distance)
        dx, dy, *_ = sample(compiled, THROW, 1, aim=aim, seed=y)
        assert z_ok(dx.std(), s_across, s_across / math.sqrt(2 * DRAWS))
        var = s_along ** 2 + p.slide ** 2           # normal + exponential slide
        assert z_ok(dy.var(), var, var * math.sqrt(2 * 5 / DRAWS))
        spread[y] = np.hypot(dx, dy - dy.mean()).mean()
    assert spread[5500] > 2.0 * spread[500]
    assert spread[500] < spread[3000] < spread[5500]


@pytest.mark.parametrize("aim, seat", [((1500, 4000, 0), BOTTOM), ((8000, 1000, 0), BOTTOM),
                                       ((7000, 5500, 0), LEFT), ((6000, 1000, 0), (900.0, 300.0, -1.0, 0.0))])
def test_a_throw_flies_from_the_thrower_to_the_aim(model, compiled, aim, seat):
    """garden_guerrilla.txt l.32 "The throw must start outside the perimeter of the table": the
    card leaves the hand outside the thrower's edge and flies towards the aim, so the mean
    landing lies on the line from the thrower through the aim (the slide carries it on along
    that line), and the long axis of the scatter (the error in length) lies along it."""
    (hx, hy), distance = flight(model, aim, seat)
    p = model.placements[THROW]
    dx, dy, *_ = sample(compiled, THROW, 1, aim=aim, seat=seat, seed=aim[0])
    along, across = dx * hx + dy * hy, dy * hx - dx * hy
    s_along, s_across = sigmas(p, 1.0, distance)
    assert z_ok(across.mean(), 0.0, s_across / math.sqrt(DRAWS))
    assert z_ok(along.mean(), p.slide, math.sqrt((s_along ** 2 + p.slide ** 2) / DRAWS))
    mean_direction = math.atan2(dy.mean(), dx.mean()) - math.atan2(hy, hx)
    assert abs((mean_direction + math.pi) % (2 * math.pi) - math.pi) < math.radians(15)
    w, v = np.linalg.eigh(np.cov(dx, dy))
    axis = v[:, np.argmax(w)]
    assert abs(axis[0] * hx + axis[1] * hy) > math.cos(math.radians(5))


def test_an_unsteadier_hand_throws_off_the_table_more_often(model, compiled):
    """Aimed 100 mm from the far edge, thrown from the opposite edge: off when the throw
    carries further, which is the tail of the normal-plus-exponential distance (scipy's
    exponnorm) with the spread at that distance."""
    p = model.placements[THROW]
    aim, rates = (8000, 3000, 0), []
    _, distance = flight(model, aim, LEFT)
    for hand in range(3):
        k = model.hands[hand].factor
        s_along = sigmas(p, k, distance)[0]
        xs, ys, _, _, off = Lander(compiled, 9, TABLE).many(THROW, hand, aim, LEFT, DRAWS)
        xs, ys, off = np.array(xs), np.array(ys), np.array(off)
        assert (off == ((xs < 0) | (xs > 9000) | (ys < 0) | (ys > 6000))).all()
        want = stats.exponnorm(p.slide * k / s_along, scale=s_along).sf(100.05)
        assert z_ok(off.mean(), want, math.sqrt(want * (1 - want) / DRAWS))
        rates.append(off.mean())
    novice, average, steady = (rates[model.hand(n)] for n in ("novice", "average", "steady"))
    assert novice > average > steady


def test_an_unknown_placement_or_hand_is_refused(compiled):
    lander = Lander(compiled, 1, TABLE)
    with pytest.raises(ValueError):
        lander.land(3, 0, MIDDLE, BOTTOM)
    with pytest.raises(ValueError):
        lander.land(DROP, 3, MIDDLE, BOTTOM)


# ---------------------------------------------------------------- the slide: stops and rests
def _far_slider(tmp_path):
    """The shipped model but a throw that lands exactly on its aim and slides 30 cm on
    average: where it stops shows what stopped it."""
    text = FILE.read_text()
    throw = text.index('name = "throw"')
    tail = text[throw:]
    for key, value in (("along", 0.0), ("along_per_m", 0.0), ("lateral", 0.0),
                       ("lateral_per_m", 0.0), ("slide", 300.0)):
        start = tail.index(f"\n{key} = {{ value = ") + len(f"\n{key} = {{ value = ")
        tail = tail[:start] + str(value) + tail[tail.index(",", start):]
    path = tmp_path / "noise.toml"
    path.write_text(text[:throw] + tail)
    return load_noise(path).compile()


@pytest.mark.parametrize("r", [25, 45])            # a mushroom's stem, a bush
def test_a_sliding_card_stops_at_a_stop(tmp_path, r):
    """A thrown card skids on after touching down; a mushroom's stem or a bush in its way
    stops it (noise.pxd: 1 mm short of it), at whatever angle the card spun to."""
    stop = (4500, 2200, r)                           # 10 cm ahead of the aim
    aim = (4500, 1200, 0)
    lander = Lander(_far_slider(tmp_path), 3, BIG, stops=[stop])
    reached = 0
    for _ in range(2000):
        x, y, angle, _, _ = lander.land(THROW, 1, aim, BOTTOM)
        assert x == aim[0] and aim[1] <= y < stop[1]     # straight on, never past the stop
        assert not g.card_disc((x, y, angle, *CARD, 0), stop)[0]
        reached += g.card_disc((x, y + 11, angle, *CARD, 0), stop)[0]   # 1.1 mm on: it meets it
    assert reached > 0.8 * 2000                      # a 30 cm mean slide mostly gets there


def test_a_sliding_card_passes_a_stop_beside_its_path_and_leaves_one_behind(tmp_path):
    lander = Lander(_far_slider(tmp_path), 3, BIG,
                    stops=[(4500 + 1200, 3200, 45), (4500, 1000, 45)])   # beside; behind, touching
    ys = np.array(lander.many(THROW, 1, (4500, 1500, 0), BOTTOM, 2000)[1])
    assert (ys >= 1500).all() and np.median(ys) > 1500 + 1500


def test_a_card_touching_down_on_a_rest_stays(tmp_path):
    """A card whose centre touches down over a mushroom hat stays on it: it does not slide."""
    hat = (4500, 1500, 55)
    lander = Lander(_far_slider(tmp_path), 3, BIG, stops=[(4500, 1500, 25)], rests=[hat])
    for aim in ((4500, 1500, 0), (4500, 1100, 0), (4800, 1700, 0)):
        xs, ys, *_ = lander.many(THROW, 1, aim, BOTTOM, 50)
        assert set(xs) == {aim[0]} and set(ys) == {aim[1]}
    ys = np.array(lander.many(THROW, 1, (4500, 500, 0), BOTTOM, 200)[1])
    assert np.median(ys) > 500                       # touching down off the hat, it slides on,
    assert (ys < 1500 - 550).all()                   # under the hat to the stem: its centre never under the hat
