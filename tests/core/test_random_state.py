"""RandomState: the seeded engine stream that Python code hands to sample_chance and resample."""
from __future__ import annotations

import math

import pytest

from partisan.core import RandomState, load_game


def _stream(rs, n=50, k=1000):
    return [rs.randint(k) for _ in range(n)]


def test_same_seed_same_stream():
    assert _stream(RandomState(42)) == _stream(RandomState(42))


def test_different_seeds_differ():
    streams = {tuple(_stream(RandomState(seed))) for seed in range(20)}
    assert len(streams) == 20


def test_seeds_outside_64_bits_are_refused_not_wrapped():
    for seed in (-1, 2**64, 2**64 + 5, 1.5):
        with pytest.raises(ValueError, match="seed"):
            RandomState(seed)
    assert _stream(RandomState(2**64 - 1)) != _stream(RandomState(0))


@pytest.mark.parametrize("n", [1, 2, 6, 13, 1000])
def test_randint_is_in_range_and_uniform(n):
    rs = RandomState(7)
    draws = 600 * n if n <= 13 else 200_000
    counts = [0] * n
    for _ in range(draws):
        counts[rs.randint(n)] += 1
    expected = draws / n
    sd = math.sqrt(draws * (1 / n) * (1 - 1 / n)) or 1.0
    assert max(abs(c - expected) for c in counts) <= 5 * sd + 1


def test_randint_rejects_empty_ranges():
    rs = RandomState(1)
    for n in (0, -3):
        with pytest.raises(ValueError, match="positive"):
            rs.randint(n)


def test_random_is_a_unit_interval_draw():
    rs = RandomState(3)
    xs = [rs.random() for _ in range(20_000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    assert abs(sum(xs) / len(xs) - 0.5) < 0.01
    assert len(set(xs)) == len(xs)


def _mid_game(name):
    state = load_game(name).new_initial_state(seed=9)
    rs = RandomState(0)
    while state.move_number < 12 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rs))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rs.randint(len(legal))])
    return state


def test_engine_accepts_a_seed_or_a_stream(registered_game):
    """resample and sample_chance take an int seed or a RandomState with the same result."""
    state = _mid_game(registered_game)
    a, b = state.clone(), state.clone()
    a.resample(0, 123)
    b.resample(0, RandomState(123))
    assert a.fingerprint() == b.fingerprint()
    if state.is_chance_node():
        assert state.sample_chance(77) == state.sample_chance(RandomState(77))


def test_a_stream_advances_between_calls(registered_game):
    """Passing one RandomState to successive resamples gives different worlds over time."""
    state = _mid_game(registered_game)
    rs = RandomState(5)
    worlds = set()
    for _ in range(10):
        w = state.clone()
        w.resample(0, rs)
        worlds.add(w.fingerprint())
    assert len(worlds) == 10       # the seed that resample stores differs at least
