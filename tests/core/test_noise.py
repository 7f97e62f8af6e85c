"""The noise model (core/noise.py, core/noise.pxd): loading and checking the data, then the
landings' distributions per placement type and hand, with fixed seeds."""
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
from partisan.core.testing.noise_api import Lander

FILE = Path(partisan.core.__file__).parent / "games" / "garden" / "data" / "noise.toml"
SECURE, DROP, THROW = (PLACEMENTS.index(p) for p in ("secure", "drop", "throw"))
W, H = 9000, 6000                   # a 900 x 600 mm table, in 0.1 mm
MIDDLE = (4500, 3000, 450)
DRAWS = 20_000


@pytest.fixture(scope="module")
def model():
    return load_noise(FILE)


@pytest.fixture(scope="module")
def compiled(model):
    return model.compile()


def sample(compiled, placement, hand, aim=MIDDLE, heading=0, seed=7, times=DRAWS):
    xs, ys, angles, face, off = Lander(compiled, seed).many(placement, hand, aim, heading, W, H, times)
    return (np.array(xs) - aim[0]) / 10.0, (np.array(ys) - aim[1]) / 10.0, np.array(angles), \
        np.array(face), np.array(off)


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
        assert (p.along, p.lateral, p.turn, p.face_down, p.slide) == tuple(
            value(k) for k in ("along", "lateral", "turn", "face_down", "slide"))
        assert compiled.row(i) == (p.along, p.lateral, p.turn, p.face_down, p.slide, p.spin)
    assert [h.name for h in model.hands] == [h["name"] for h in doc["hand"]]
    assert [compiled.factor(i) for i in range(len(model.hands))] == [h["factor"] for h in doc["hand"]]
    assert model.placements[THROW].spin and not model.placements[DROP].spin
    assert model.placements[DROP].sources["along"] == "reconstructed"
    assert model.hand("steady") == 2 and model.placement("throw") == THROW


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
    ('along = { value = 70.0', 'alongg = { value = 70.0', "unknown field 'alongg'"),
    ('lateral = { value = 35.0', 'lateral = { value = "wide"', "must be int or float"),
    ('spin = { value = true', 'spin = { value = 1', "must be bool"),
    ('factor = 1.5', 'factor = 0', "factor must be above 0"),
    ('factor = 1.5', 'factor = 9.0', "at most 5"),
    ('name = "steady"', 'name = "novice"', "hand given twice"),
    ('source = "rulebook"   # l.34', 'source = "guessed"   # l.34', "source must be one of"),
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
    z = np.array(Lander(load_noise(FILE).compile(), 11).normals(DRAWS))
    assert z_ok(z.mean(), 0.0, 1 / math.sqrt(DRAWS))
    assert z_ok(z.std(), 1.0, 1 / math.sqrt(2 * DRAWS))
    assert stats.kstest(z, "norm").pvalue > 1e-3


@pytest.mark.parametrize("hand", range(3))
def test_secure_placement_is_exact_and_draws_nothing(compiled, hand):
    lander, fresh = Lander(compiled, 5), Lander(compiled, 5)
    for aim in [(0, 0, 0), (4500, 3000, 3599), (123, 4567, 1800), (9000, 6000, 7)]:
        assert lander.land(SECURE, hand, aim, 900, W, H) == (*aim, False, False)
    assert lander.normals(5) == fresh.normals(5)


def test_landings_are_a_function_of_the_seed(compiled):
    for placement in (DROP, THROW):
        a = Lander(compiled, 3).many(placement, 1, MIDDLE, 450, W, H, 200)
        assert a == Lander(compiled, 3).many(placement, 1, MIDDLE, 450, W, H, 200)
        assert a != Lander(compiled, 4).many(placement, 1, MIDDLE, 450, W, H, 200)


@pytest.mark.parametrize("hand", range(3))
def test_a_drop_scatters_evenly_and_may_land_face_down(model, compiled, hand):
    p, k = model.placements[DROP], model.hands[hand].factor
    dx, dy, angles, face, off = sample(compiled, DROP, hand, heading=1234)
    sigma = p.along * k
    for d in (dx, dy):          # the same deviation in every direction, whatever the heading
        assert z_ok(d.mean(), 0.0, sigma / math.sqrt(DRAWS))
        assert z_ok(d.std(), sigma, sigma / math.sqrt(2 * DRAWS))
    turn = (angles - MIDDLE[2] + 1800) % 3600 - 1800
    assert z_ok(turn.mean() / 10, 0.0, p.turn * k / math.sqrt(DRAWS))
    assert z_ok(turn.std() / 10, p.turn * k, p.turn * k / math.sqrt(2 * DRAWS))
    rate = p.face_down * k
    assert z_ok(face.mean(), rate, math.sqrt(rate * (1 - rate) / DRAWS))
    assert not off.any()


@pytest.mark.parametrize("hand", range(3))
def test_a_throw_scatters_along_its_heading_slides_and_spins(model, compiled, hand):
    p, k = model.placements[THROW], model.hands[hand].factor
    dx, dy, angles, face, _ = sample(compiled, THROW, hand, heading=900)      # thrown towards +y
    along, across = dy, -dx
    mean, var = p.slide * k, (p.along * k) ** 2 + (p.slide * k) ** 2        # normal + exponential
    assert z_ok(along.mean(), mean, math.sqrt(var / DRAWS))
    assert z_ok(along.var(), var, var * math.sqrt(2 * 5 / DRAWS))
    assert stats.kstest(along, stats.exponnorm(p.slide / p.along, scale=p.along * k).cdf).pvalue > 1e-3
    assert z_ok(across.mean(), 0.0, p.lateral * k / math.sqrt(DRAWS))
    assert z_ok(across.std(), p.lateral * k, p.lateral * k / math.sqrt(2 * DRAWS))
    counts = np.bincount(angles // 450, minlength=8)
    assert stats.chisquare(counts).pvalue > 1e-3 and angles.min() >= 0 and angles.max() < 3600
    rate = p.face_down * k
    assert z_ok(face.mean(), rate, math.sqrt(rate * (1 - rate) / DRAWS))


def test_an_unsteadier_hand_throws_off_the_table_more_often(model, compiled):
    """Aimed 100 mm from the far edge: off when the throw carries further, which is the tail of
    the normal-plus-exponential distance (scipy's exponnorm)."""
    p = model.placements[THROW]
    aim, rates = (W - 1000, 3000, 0), []
    for hand in range(3):
        k = model.hands[hand].factor
        xs, ys, _, _, off = Lander(compiled, 9).many(THROW, hand, aim, 0, W, H, DRAWS)
        xs, ys, off = np.array(xs), np.array(ys), np.array(off)
        assert (off == ((xs < 0) | (xs > W) | (ys < 0) | (ys > H))).all()
        want = stats.exponnorm(p.slide / p.along, scale=p.along * k).sf(100.05)
        assert z_ok(off.mean(), want, math.sqrt(want * (1 - want) / DRAWS))
        rates.append(off.mean())
    novice, average, steady = (rates[model.hand(n)] for n in ("novice", "average", "steady"))
    assert novice > average > steady


def test_an_unknown_placement_or_hand_is_refused(compiled):
    lander = Lander(compiled, 1)
    with pytest.raises(ValueError):
        lander.land(3, 0, MIDDLE, 0, W, H)
    with pytest.raises(ValueError):
        lander.land(DROP, 3, MIDDLE, 0, W, H)
