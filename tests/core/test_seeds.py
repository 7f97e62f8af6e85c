"""Seeds in the Python API: a whole number from 0 to 2^64 - 1, as the command line takes them.
Anything else is a SeedError (a ValueError) saying so, never wrapped or truncated onto
another seed (2^64 was the game of seed 0, -1 that of 2^64 - 1, 1.5 that of 1)."""
from __future__ import annotations

import math

import pytest

from partisan.ai import make_bot
from partisan.core import RandomState, SeedError, load_game
from partisan.core.seeds import MAX_SEED, check_seed

BAD = [2**64, -1, -2**64, 10**40, 1.5, 1.0, math.inf, math.nan, None, "7", [1], True, False]


@pytest.mark.parametrize("seed", BAD)
def test_a_bad_seed_is_a_value_error_saying_what_a_seed_is(seed):
    with pytest.raises(SeedError, match=r"(must be a whole number|is out of range): .*2\^64 - 1|"
                                        r"must be a whole number from 0 to 2\^64 - 1"):
        check_seed(seed)
    assert issubclass(SeedError, ValueError)


@pytest.mark.parametrize("seed", BAD)
def test_games_and_random_streams_refuse_a_bad_seed(seed):
    game = load_game("war")
    state = game.new_initial_state(0)
    with pytest.raises(SeedError):
        game.new_initial_state(seed)
    with pytest.raises(SeedError):
        RandomState(seed)
    if seed is not None:        # None: the state's own stream
        with pytest.raises(SeedError):
            state.sample_chance(seed)
    with pytest.raises(SeedError):
        state.resample(0, seed)


def test_the_largest_seed_is_its_own_game():
    game = load_game("war")
    largest = game.new_initial_state(MAX_SEED)
    assert largest.fingerprint() != game.new_initial_state(0).fingerprint()
    assert check_seed(MAX_SEED) == MAX_SEED and check_seed(0) == 0


@pytest.mark.parametrize("seed", [2**64, -1, 1.5, None])
def test_make_bot_refuses_a_bad_seed(seed):
    with pytest.raises(SeedError, match="seed"):
        make_bot("random", seed=seed)


@pytest.mark.parametrize("seed", [2**64, -1, 1.5])
def test_an_arena_refuses_a_bad_seed(seed):
    from partisan.ai.arena import plan
    with pytest.raises(SeedError, match="the arena's seed"):
        plan("war", ["random", "random"], 2, seed=seed)
