"""Guerilla's speed (issue 16, "Tests, screen, bots, speed"): ISMCTS iterations per second from
the opening at 4 and 6 players, at each rollout depth a bot may use and with rollouts to the end
of the round, and with the expert preset's settings; whole random rounds; clone and resample. Not part of the default test run:

    python -m pytest benchmarks/test_guerilla.py --benchmark-only

The goal is 20,000 iterations/s at the opening on one core (docs/benchmarks.md, "Guerilla").
"""
from __future__ import annotations

import pytest

from partisan.ai.bots import load_presets
from partisan.ai.ismcts import ISMCTS, random_playouts
from partisan.cli.commands.bench import _opening
from partisan.core import RandomState, load_game

DEPTHS = [30, 60, 100, 200, 1_000_000]      # the last: rollouts played to the end of the round
ITERATIONS = 1000
PLAYOUTS = 5


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("depth", DEPTHS)
def test_guerilla_ismcts_from_the_opening(benchmark, rate, players, depth):
    state = _opening(load_game("guerilla", players), 1)
    search = ISMCTS(2.0, depth, 1_000_000, 1)
    benchmark.pedantic(search.search, args=(state, ITERATIONS), rounds=3, iterations=1,
                       warmup_rounds=1)
    assert search.iterations_done == ITERATIONS
    rate(ITERATIONS, "iterations/s")


@pytest.mark.parametrize("players", [4, 6])
def test_guerilla_ismcts_expert_settings(benchmark, rate, players):
    """The search of `--bot expert` (its uct_c, rollout depth and MAST share, ai/presets.toml)."""
    expert = load_presets("guerilla")["expert"]
    state = _opening(load_game("guerilla", players), 1)
    search = ISMCTS(expert["uct_c"], expert["rollout_depth"], 1_000_000, 1, mast=expert["mast"])
    benchmark.pedantic(search.search, args=(state, ITERATIONS), rounds=3, iterations=1,
                       warmup_rounds=1)
    assert search.iterations_done == ITERATIONS
    rate(ITERATIONS, "iterations/s")


@pytest.mark.parametrize("players", [4, 6])
def test_guerilla_random_rounds(benchmark, rate, players):
    start = load_game("guerilla", players).new_initial_state(1)
    moves = benchmark(random_playouts, start, PLAYOUTS, 7)
    rate(PLAYOUTS, "playouts/s")
    benchmark.extra_info["moves_per_round"] = moves / PLAYOUTS


@pytest.mark.parametrize("players", [4, 6])
def test_guerilla_clone_and_resample(benchmark, players):
    """A world as the search makes one: a copy of the opening, then the hidden cards and the
    other seats' loyalties redealt (through the Python API: call overhead included)."""
    state = _opening(load_game("guerilla", players), 1)
    rng, seat = RandomState(3), state.current_player()

    def both():
        state.clone().resample(seat, rng)
    benchmark(both)
