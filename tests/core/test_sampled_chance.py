"""Sample-only chance nodes (docs/architecture.md, "Sample-only chance"), on the test-only
disc toss game (core/testing/disc_toss.pyx): the contract pieces, the game's rules, records."""
import json
import random

import pytest

from partisan.core import (CHANCE, IllegalActionError, RandomState, RecordError,
                           SampledChanceError, load_game, registered_games)
from partisan.core import record
from partisan.core.record import Match
from partisan.core.testing import disc_toss
from partisan.core.testing.play import play_out

CENTRE_AIM = 24                      # grid row 3, column 3: (0, 0)
FIRST_LANDING = 55                   # after 49 grid aims and 6 "aim at stone" ids
OFF_BOARD = FIRST_LANDING + 201 * 201


def landing(x, y):
    return FIRST_LANDING + (x + 100) * 201 + (y + 100)


def new(throws=3, seed=0):
    return load_game("disc_toss", throws=throws).new_initial_state(seed)


def throw(state, aim, x, y):
    state.apply_action(aim)
    state.apply_action(landing(x, y))


# ---------------------------------------------------------------- registry
def test_test_only_game_is_not_listed_for_users():
    assert "disc_toss" not in [i.name for i in registered_games()]
    assert "disc_toss" in [i.name for i in registered_games(include_test_only=True)]
    assert disc_toss.INFO.sampled_chance and disc_toss.INFO.test_only


def test_partisan_games_does_not_show_it():
    from click.testing import CliRunner
    from partisan.cli.main import _load_commands, cli
    _load_commands()
    result = CliRunner().invoke(cli, ["games"])
    assert result.exit_code == 0 and "Junta" in result.output
    assert "disc" not in result.output.lower()


# ---------------------------------------------------------------- contract
def test_landing_is_a_sample_only_chance_node_and_aiming_is_not():
    s = new()
    assert not s.is_sampled_chance() and s.current_player() == 0
    s.apply_action(CENTRE_AIM)
    assert s.current_player() == CHANCE and s.is_sampled_chance()


def test_listing_a_sample_only_node_is_refused():
    s = new()
    s.apply_action(CENTRE_AIM)
    with pytest.raises(SampledChanceError, match="sample_chance"):
        s.chance_outcomes()
    with pytest.raises(SampledChanceError):
        s.legal_actions()


def test_explicit_chance_nodes_are_not_sample_only():
    s = load_game("leduc").new_initial_state(0)
    assert s.is_chance_node() and not s.is_sampled_chance()
    assert s.chance_outcomes()


def test_sampling_is_deterministic_per_seed_and_varies_across_seeds():
    s = new(seed=4)
    s.apply_action(CENTRE_AIM)
    draws = [s.sample_chance(RandomState(k)) for k in range(20)]
    assert draws == [s.sample_chance(RandomState(k)) for k in range(20)]
    assert len(set(draws)) > 10
    assert s.sample_chance() == s.sample_chance()          # the state's own stream
    own = set()
    for seed in range(5):
        other = new(seed=seed)
        other.apply_action(CENTRE_AIM)
        own.add(other.sample_chance())
    assert len(own) > 1


def test_apply_checks_that_a_recorded_outcome_is_possible():
    """Noise is cut at 45 mm per axis: a landing farther from the aim, an id outside the
    landing range, or off the board from a central aim cannot happen."""
    s = new()
    s.apply_action(CENTRE_AIM)
    fp = s.fingerprint()
    for bad in (-1, 0, CENTRE_AIM, FIRST_LANDING - 1, landing(46, 0), landing(0, -46), OFF_BOARD,
                OFF_BOARD + 1, 2**31 - 1):
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)
        assert s.fingerprint() == fp
    s.apply_action(landing(45, -45))
    assert s.observation(0)["stones"] == [{"seat": 0, "at": [45, -45]}]


def test_off_the_board_is_possible_only_from_an_aim_near_the_edge():
    s = new()
    s.apply_action(6)                                       # aim (-60, 60)
    s.apply_action(OFF_BOARD)
    assert s.observation(0)["stones"] == [{"seat": 0, "at": None}]


def test_draws_stay_within_the_cut_and_are_possible():
    s = new()
    s.apply_action(CENTRE_AIM)
    rng = RandomState(9)
    for _ in range(300):
        a = s.sample_chance(rng)
        x, y = (a - FIRST_LANDING) // 201 - 100, (a - FIRST_LANDING) % 201 - 100
        assert abs(x) <= 45 and abs(y) <= 45
        s.clone().apply_action(a)


# ---------------------------------------------------------------- rules
def test_aims_and_landing_texts():
    s = new()
    assert s.action_to_string(0) == "aim at (-60, -60)"
    assert s.action_to_string(CENTRE_AIM) == "aim at (0, 0)"
    assert s.action_to_string(landing(-3, 7)) == "lands at (-3, 7)"
    assert s.action_to_string(OFF_BOARD) == "lands off the board"
    assert s.legal_actions() == list(range(49))            # no stone to aim at yet


def test_a_stone_can_be_aimed_at_and_knocked_off():
    s = new()
    throw(s, CENTRE_AIM, 5, 5)
    assert s.legal_actions()[-1] == 49                      # "aim at stone 1"
    s.apply_action(49)
    assert s.observation(1)["aim"] == [5, 5]
    s.apply_action(landing(11, 13))                         # 6² + 8² = 100: within 10 mm
    stones = s.observation(0)["stones"]
    assert stones == [{"seat": 0, "at": None}, {"seat": 1, "at": [11, 13]}]
    assert 49 not in s.legal_actions() and 50 in s.legal_actions()


def test_scoring_counts_stones_nearer_than_the_other_seats_nearest():
    s = new(throws=2)
    throw(s, CENTRE_AIM, 3, 0)      # seat 0: distance 3
    throw(s, CENTRE_AIM, 0, 20)     # seat 1: distance 20
    throw(s, CENTRE_AIM, -15, 0)    # seat 0: distance 15 < 20
    throw(s, CENTRE_AIM, 30, 30)    # seat 1
    assert s.is_terminal()
    assert s.returns() == [1.0, -1.0]


def test_equal_nearest_stones_score_nothing():
    s = new(throws=1)
    throw(s, CENTRE_AIM, 6, 8)
    throw(s, CENTRE_AIM, -8, -6)
    assert s.returns() == [0.0, 0.0]


# ---------------------------------------------------------------- records
def _random_match(seed):
    match = Match(load_game("disc_toss"), seed)
    play_out(match.state, random.Random(seed), apply=match.apply)
    return match


def test_record_round_trip_replays_the_sampled_landings_exactly(tmp_path):
    match = _random_match(3)
    assert max(match.actions) >= FIRST_LANDING
    again = record.load(match.save(tmp_path / "toss.json"))
    assert again.actions == match.actions
    assert again.state.fingerprint() == match.state.fingerprint()
    assert again.state.returns() == match.state.returns()


def test_a_record_with_an_impossible_landing_is_refused():
    data = json.loads(json.dumps(_random_match(5).to_dict()))
    data["actions"][1] = landing(90, 90) if data["actions"][0] < 24 else landing(-90, -90)
    with pytest.raises(RecordError, match="action 2"):
        record.from_dict(data)
