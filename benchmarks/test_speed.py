"""Engine speed per registered game: random playouts, ISMCTS iterations from the opening,
clone and resample. Not part of the default test run:

    python -m pytest benchmarks --benchmark-only

Rates (playouts/s, iterations/s) are printed after the table and stored in extra_info,
so `--benchmark-json` files carry the figures the docs quote.
"""
from __future__ import annotations

import pytest

from partisan.ai.cfr import MCCFR
from partisan.ai.ismcts import ISMCTS, flat_monte_carlo, random_playouts
from partisan.core import RandomState, load_game, registered_games
from partisan.core.record import Match

GAMES = [info.name for info in registered_games()]
PLAYOUTS_PER_ROUND = 20
ITERATIONS_PER_ROUND = 2000


def _opening(game, seed: int = 1):
    """The first decision: the deal and any opening chance drawn from the game's own seed."""
    match = Match(game, seed)
    while match.state.is_chance_node():
        match.play_chance()
    return match.state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_war_random_playouts(benchmark, rate, players):
    """WAR: whole random games from the start (the deal included), per second."""
    if "war" not in GAMES:
        pytest.skip("war is not registered")
    start = load_game("war", players=players).new_initial_state(1)
    moves = benchmark(random_playouts, start, PLAYOUTS_PER_ROUND, 7)
    rate(PLAYOUTS_PER_ROUND, "playouts/s")
    benchmark.extra_info["moves_per_game"] = moves / PLAYOUTS_PER_ROUND


@pytest.mark.parametrize("name", GAMES)
def test_random_playouts(benchmark, rate, name):
    start = load_game(name).new_initial_state(1)
    benchmark(random_playouts, start, PLAYOUTS_PER_ROUND, 7)
    rate(PLAYOUTS_PER_ROUND, "playouts/s")


@pytest.mark.parametrize("mast", [0.0, 0.6])
@pytest.mark.parametrize("name", GAMES)
def test_ismcts_iterations_from_the_opening(benchmark, rate, name, mast):
    """Uniform rollouts (mast 0) and the presets' move-average rollouts (mast 0.6)."""
    state = _opening(load_game(name))
    search = ISMCTS(seed=1, mast=mast)
    benchmark.pedantic(search.search, args=(state, ITERATIONS_PER_ROUND), rounds=5, iterations=1,
                       warmup_rounds=1)
    assert search.iterations_done == ITERATIONS_PER_ROUND
    rate(ITERATIONS_PER_ROUND, "iterations/s")
    benchmark.extra_info["nodes"] = search.nodes_used


@pytest.mark.parametrize("name", [g for g in ("kuhn", "leduc") if g in GAMES])
def test_cfr_iterations(benchmark, rate, name):
    """Monte-Carlo CFR (external sampling) from the start, one walk per seat an iteration; the
    table is filled in the warm-up round, so the rounds measure the steady rate."""
    start = load_game(name).new_initial_state(1)
    table = MCCFR(seed=1)
    done = benchmark.pedantic(table.run, args=(start, ITERATIONS_PER_ROUND * 10, 0.0), rounds=5,
                              iterations=1, warmup_rounds=1)
    assert done == ITERATIONS_PER_ROUND * 10
    rate(ITERATIONS_PER_ROUND * 10, "iterations/s")


@pytest.mark.parametrize("iterations", [1_000, 200_000])
@pytest.mark.parametrize("name", ["hearts", "war"])
def test_ismcts_iterations_as_the_tree_grows(benchmark, rate, name, iterations):
    """The same search small and large: the ratio of the two rates is how much a step down a
    big tree costs in memory (docs/benchmarks.md, "Iterations/s as the tree grows";
    benchmarks/tree_growth.py goes to 2,000,000 iterations)."""
    if name not in GAMES:
        pytest.skip(f"{name} is not registered")
    state = _opening(load_game(name))
    search = ISMCTS(seed=1)
    rounds = max(1, 200_000 // iterations // 20)
    benchmark.pedantic(search.search, args=(state, iterations), rounds=rounds, iterations=1,
                       warmup_rounds=1)
    rate(iterations, "iterations/s")
    benchmark.extra_info["nodes"] = search.nodes_used


@pytest.mark.parametrize("name", GAMES)
def test_pimc_playouts_from_the_opening(benchmark, rate, name):
    state = _opening(load_game(name))
    benchmark(flat_monte_carlo, state, PLAYOUTS_PER_ROUND * 10, 200, 1)
    rate(PLAYOUTS_PER_ROUND * 10, "playouts/s")


@pytest.mark.parametrize("name", GAMES)
def test_clone(benchmark, name):
    """One clone of a mid-opening state through the Python API (call overhead included)."""
    state = _opening(load_game(name))
    benchmark(state.clone)


@pytest.mark.parametrize("name", GAMES)
def test_resample(benchmark, name):
    """Redraw what the seat to move cannot see, in place, through the Python API."""
    state = _opening(load_game(name))
    world, rng, seat = state.clone(), RandomState(3), state.current_player()
    benchmark(world.resample, seat, rng)
