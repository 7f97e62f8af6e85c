"""Garden Guerrilla's speed: whole random games by player count, a landing (sampled, then
resolved on a crowded table: the priority checks, the attack, the Goodies), and ISMCTS
iterations at the opening and in round 2 with the table full of cards.

    python -m pytest benchmarks/test_garden.py --benchmark-only
"""
from __future__ import annotations

import random

import pytest

from partisan.ai.ismcts import ISMCTS, random_playouts
from partisan.core import RandomState, load_game

PLAYOUTS_PER_ROUND = 20
ITERATIONS_PER_ROUND = 1000
LANDINGS_PER_ROUND = 200


def _after(players: int, plays: int, seed: int = 1):
    """A random game stopped at the first landing after `plays` decisions."""
    s = load_game("garden", players=players).new_initial_state(seed)
    rnd, rng, made = random.Random(seed), RandomState(seed), 0
    while made < plays or s.observation(0)["phase"] != "land":
        if s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
        else:
            s.apply_action(rnd.choice(s.legal_actions()))
            made += 1
    return s


def _decision(state):
    rng = RandomState(2)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_garden_random_playouts(benchmark, rate, players):
    """Whole random games from the set-up, per second."""
    start = load_game("garden", players=players).new_initial_state(1)
    moves = benchmark(random_playouts, start, PLAYOUTS_PER_ROUND, 7)
    rate(PLAYOUTS_PER_ROUND, "playouts/s")
    benchmark.extra_info["moves_per_game"] = moves / PLAYOUTS_PER_ROUND


def _land_many(state, rng, n):
    for _ in range(n):
        s = state.clone()
        s.apply_action(s.sample_chance(rng))


def test_garden_landing_on_a_crowded_table(benchmark, rate):
    """A late round-2 throw with four players: clone, sample the landing, resolve it."""
    state = _after(4, 4 * 9 * 3)
    benchmark.extra_info["cards_on_table"] = sum(o["where"] == "table" for o in state.observation(0)["objects"])
    benchmark(_land_many, state, RandomState(5), LANDINGS_PER_ROUND)
    rate(LANDINGS_PER_ROUND, "landings/s")


@pytest.mark.parametrize("stage", ["opening", "round 2"])
def test_garden_ismcts_iterations(benchmark, rate, stage):
    """Two players; the presets' rollouts (mast 0.6)."""
    state = _decision(load_game("garden", players=2).new_initial_state(1) if stage == "opening"
                      else _after(2, 2 * 6 * 3))
    search = ISMCTS(seed=1, mast=0.6)
    benchmark.pedantic(search.search, args=(state, ITERATIONS_PER_ROUND), rounds=5, iterations=1,
                       warmup_rounds=1)
    assert search.iterations_done == ITERATIONS_PER_ROUND
    rate(ITERATIONS_PER_ROUND, "iterations/s")
