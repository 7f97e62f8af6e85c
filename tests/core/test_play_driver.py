"""The shared random-game driver (partisan.core.testing.play) that tests and soaks use."""
import random

from partisan.core import load_game
from partisan.core.record import Match
from partisan.core.testing.play import play_out, random_game


def test_plays_to_the_end_yielding_each_state_before_its_step(registered_game):
    state = load_game(registered_game).new_initial_state(3)
    seen = [s.move_number for s in random_game(state, random.Random(3))]
    assert state.is_terminal()
    assert seen == list(range(state.move_number))


def test_max_steps_applies_exactly_that_many(registered_game):
    state = play_out(load_game(registered_game).new_initial_state(1), random.Random(1), max_steps=5)
    assert state.move_number == min(5, state.move_number) and (state.move_number == 5 or state.is_terminal())


def test_chance_follows_the_game_seed_unless_asked_to_follow_the_rng():
    """Chance from the state's own seed ignores the rng; with chance_from_rng two rngs differ."""
    def first_outcome(rng_seed, from_rng):
        state = load_game("war").new_initial_state(7)
        assert state.is_chance_node()
        return play_out(state, random.Random(rng_seed), chance_from_rng=from_rng,
                        max_steps=1).fingerprint()
    assert first_outcome(1, False) == first_outcome(2, False)
    assert len({first_outcome(s, True) for s in range(5)}) > 1


def test_apply_hook_records_through_a_match():
    match = Match(load_game("war"), seed=5)
    play_out(match.state, random.Random(5), max_steps=12, apply=match.apply)
    assert len(match.actions) == 12
    assert Match(load_game("war"), seed=5, actions=list(match.actions)).state.fingerprint() \
        == match.state.fingerprint()
