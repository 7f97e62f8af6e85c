"""partisan.core.openspiel: every registered game runs under OpenSpiel's own tests and algorithms."""
import random

import pytest

from partisan.core import registered_games

pyspiel = pytest.importorskip(
    "pyspiel", reason='OpenSpiel is not installed: pip install ".[compare]" to run the comparison tests')

from partisan.core import openspiel  # noqa: E402

NAMES = [info.name for info in registered_games()]
# OpenSpiel cannot clone or serialise a Python game's state at a sample-only chance node (both
# need GetRNGState, docs/architecture.md "Sample-only chance"): only forward play is checked there.
LISTED = [info.name for info in registered_games() if not info.sampled_chance]


@pytest.fixture(scope="module", autouse=True)
def registered():
    return openspiel.register_all()


@pytest.mark.parametrize("name", LISTED)
def test_random_sim_test_passes(name):
    """OpenSpiel's random_sim_test: legal actions, chance outcomes, clone, serialisation
    (replayed from the actions), returns within bounds, game length within its cap."""
    game = pyspiel.load_game(openspiel.openspiel_name(name))
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_information_state_strings_follow_the_keys(name):
    """Two histories a seat can tell apart have different information-state strings, and the
    observation string is the seat's observation."""
    game = pyspiel.load_game(openspiel.openspiel_name(name))
    rng = random.Random(0)
    strings = {}
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            p = state.current_player()
            if p >= 0:
                key = state.partisan.infostate_key(p)
                assert strings.setdefault(state.information_state_string(p), key) == key
                assert openspiel._dump(state.partisan.observation(p)) == state.observation_string(p)
            state.apply_action(rng.choice(state.legal_actions()))


def test_openspiel_algorithm_on_our_leduc_matches_its_own():
    """OpenSpiel's exploitability of the uniform policy is the same on our Leduc, through the
    adapter, as on its leduc_poker: same tree, same information sets, same payoffs."""
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability
    ours = pyspiel.load_game("partisan_leduc")
    theirs = pyspiel.load_game("leduc_poker")
    assert ours.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert exploitability.exploitability(ours, policy.UniformRandomPolicy(ours)) == pytest.approx(
        exploitability.exploitability(theirs, policy.UniformRandomPolicy(theirs)))


def test_hearts_option_is_an_openspiel_parameter():
    game = pyspiel.load_game("partisan_hearts", {"pass_cards": False})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 1.0)]
    assert game.num_players() == 4 and game.max_game_length() == 64


def test_a_sample_only_game_is_sampled_stochastic_with_a_placeholder_outcome():
    """OpenSpiel's convention for SAMPLED_STOCHASTIC: a sample-only node offers one outcome,
    applying it draws the real landing from the game's generator (parameter rng_seed), and the
    Partisan state records the real landing. Explicit games stay EXPLICIT_STOCHASTIC."""
    from partisan.core.testing import disc_toss
    name = openspiel.register(disc_toss.INFO.name)
    assert name not in openspiel.register_all()                 # test-only: never in the full list
    game = pyspiel.load_game(name, {"rng_seed": 3})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert pyspiel.load_game("partisan_leduc").get_type().chance_mode == (
        pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC)

    def first_landing(seed):
        state = pyspiel.load_game(name, {"rng_seed": seed}).new_initial_state()
        state.apply_action(24)                                  # aim at the centre
        assert state.is_chance_node() and state.chance_outcomes() == [(openspiel.SAMPLED, 1.0)]
        assert state.legal_actions() == [openspiel.SAMPLED]
        with pytest.raises(Exception, match="sample-only"):
            state.apply_action(openspiel.SAMPLED + 1)
        state.apply_action(openspiel.SAMPLED)
        stone = state.partisan.observation(0)["stones"][0]["at"]
        assert max(abs(stone[0]), abs(stone[1])) <= 45          # within the noise cut
        return tuple(stone)

    assert first_landing(3) == first_landing(3)
    assert len({first_landing(s) for s in range(6)}) > 1
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) == 12 and sum(state.returns()) == 0
