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


def _midgame(seed: int, plays: int):
    """A 4-player random round stopped at its first decision of five moves or more after
    `plays` decisions."""
    state, rng, made = load_game("guerilla", 4).new_initial_state(seed), RandomState(seed), 0
    while made < plays or state.is_chance_node() or len(state.legal_actions()) < 5:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
            made += 1
    return state


@pytest.mark.parametrize("prior", [0.0, 4.0])
def test_guerilla_ismcts_prior_midgame(benchmark, rate, prior):
    """The expert's search with the game's move prior off and at `expert:prior=4`
    (knowledge.pyx; its filtering runs in both), from six mid-game positions: the prior's
    cost in iterations per second (docs/bots.md, "Behaviour benchmark")."""
    expert = load_presets("guerilla")["expert"]
    states = [_midgame(seed, plays) for seed in (1, 2, 3) for plays in (60, 150)]

    def search_all():
        for k, state in enumerate(states):
            ISMCTS(expert["uct_c"], expert["rollout_depth"], 1_000_000, k, mast=expert["mast"],
                   prior=prior).search(state, ITERATIONS)
    benchmark.pedantic(search_all, rounds=3, iterations=1, warmup_rounds=1)
    rate(ITERATIONS * len(states), "iterations/s")


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
