"""Heroes of Baler draws chance outcomes without listing them (core/games/baler/chance.pyx); a
seed must still give the same outcome as the default sampler walking one uniform number down
the listed probabilities (core/state.pyx GameState.c_sample_chance), so records and seeded
games are unchanged."""
from __future__ import annotations

import random

import pytest

from partisan.core.game import load_game
from partisan.core.state import RandomState
from partisan.core.testing import dice_api
from partisan.core.testing.baler_chance_api import walk_roll, walk_uniform


def _walk(u: float, probs: list[float]) -> int:
    """The default sampler's walk, in the same floating-point steps."""
    for i, p in enumerate(probs[:-1]):
        u -= p
        if u < 0.0:
            return i
    return len(probs) - 1


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_a_roll_picks_the_rank_the_walk_picks_even_on_a_boundary(k):
    probs = [p for _, p in dice_api.outcomes(k, 6)]
    sums, total = [], 0.0
    for p in probs:
        total += p
        sums.append(total)
    rng = random.Random(k)
    us = [rng.random() for _ in range(2000)] + [0.0, 1.0 - 2**-53]
    for s in sums:      # on and next to each running sum: where the search must defer to the walk
        us += [s, s - 1e-12, s + 1e-12, s - 1e-17, s + 2e-16]
    for u in us:
        if 0.0 <= u < 1.0:
            assert walk_roll(u, k) == _walk(u, probs), (k, u)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 17, 55])
def test_equally_likely_outcomes_pick_the_walks_index(n):
    rng = random.Random(n)
    for u in [rng.random() for _ in range(500)] + [i / n for i in range(n)]:
        assert walk_uniform(u, n) == _walk(u, [1.0 / n] * n)


@pytest.mark.parametrize("seed", [1, 2])
def test_every_chance_node_draws_what_its_listing_gives(seed):
    """At every chance node of random games (rolls, single dice, casualty locations, bag draws,
    card draws), the outcome drawn with a given random stream is the listing's walk."""
    state = load_game("baler").new_initial_state(seed)
    rng = random.Random(seed)
    nodes = set()
    while not state.is_terminal():
        if state.is_chance_node():
            listed = state.chance_outcomes()
            for draw in range(3):
                stream = 1000 * seed + draw
                u = RandomState(stream).random()
                expected = listed[_walk(u, [p for _, p in listed])][0]
                assert state.sample_chance(RandomState(stream)) == expected
            nodes.add(state._snap()["node"])
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(nodes) >= 6, nodes
