"""Heroes of Baler's speed (issue 14, "Bots and speed"): ISMCTS iterations per second from the
opening with the expert preset's settings (uct_c 2, MAST 0.6) at each rollout depth the tuner
may choose and with rollouts to the end; whole random games; clone and resample. Not part of
the default test run:

    python -m pytest benchmarks/test_baler_speed.py --benchmark-only

The goal is 20,000 iterations/s on one core at the expert preset's depth, clone and resample
under 1 µs each (docs/benchmarks.md, "Heroes of Baler").
"""
from __future__ import annotations

import pytest

from partisan.ai.ismcts import ISMCTS, random_playouts
from partisan.core import RandomState, load_game
from partisan.core.record import Match

DEPTHS = [30, 60, 100, 200, 1_000_000]      # the last: rollouts played to the end
ITERATIONS = 2000
PLAYOUTS = 20
MAST = 0.6                                  # ai/presets.toml, the expert preset


def _opening(seed: int = 1):
    """The first decision, as `partisan bench baler` times it: the deal drawn from the seed."""
    match = Match(load_game("baler"), seed)
    while match.state.is_chance_node():
        match.play_chance()
    return match.state


@pytest.mark.parametrize("depth", DEPTHS)
def test_baler_ismcts_expert_settings(benchmark, rate, depth):
    state = _opening()
    search = ISMCTS(2.0, depth, 1_000_000, 1, mast=MAST)
    benchmark.pedantic(search.search, args=(state, ITERATIONS), rounds=5, iterations=1,
                       warmup_rounds=1)
    assert search.iterations_done == ITERATIONS
    rate(ITERATIONS, "iterations/s")


def test_baler_random_playouts(benchmark, rate):
    start = load_game("baler").new_initial_state(1)
    moves = benchmark(random_playouts, start, PLAYOUTS, 7)
    rate(PLAYOUTS, "playouts/s")
    benchmark.extra_info["moves_per_game"] = moves / PLAYOUTS


def test_baler_clone_and_resample(benchmark):
    """A world as the search makes one: a copy of the opening, then the hidden cards redealt
    (through the Python API: call overhead included)."""
    state = _opening()
    rng, seat = RandomState(3), state.current_player()

    def both():
        state.clone().resample(seat, rng)
    benchmark(both)
