"""Random full games: every player count and variant ends, cards are conserved, and what a
seat knows survives resampling while what it cannot see varies."""
import random

import pytest

from partisan.core.game import load_game
from partisan.core.testing.play import random_game


def invariants(s):
    f = s._fields()
    assert sum(map(sum, f["cnt"])) == 45
    for loc, row in enumerate(f["cnt"]):
        assert sum(row) == f["tot"][loc]
        for x in range(s.num_players):
            assert all(b <= c for b, c in zip(f["lb"][x][loc], row)), "a known card is not there"
    assert all(0 <= m <= 4 for m in f["mil"]) and all(1 <= b <= 6 for b in f["bld"])


def checked_choice(s, legal, rng):
    """A uniform legal move, after checking the list and the move's text round trip."""
    assert legal == sorted(set(legal)) and len(legal) <= 1024
    assert all(0 <= a < s.num_distinct_actions for a in legal)
    a = rng.choice(legal)
    assert s.string_to_action(s.action_to_string(a)) == a
    return a


def play(players, expert, seed, check_every=0.0):
    s = load_game("junta", players, expert=expert).new_initial_state(seed)
    rng = random.Random(seed)
    varied = 0
    for s in random_game(s, rng, checked_choice, chance_from_rng=True):
        invariants(s)
        p = s.current_player()
        if p >= 0 and rng.random() < check_every:
            varied += check_resample(s, p, rng)
    invariants(s)
    return s, varied


def check_resample(s, p, rng):
    """Same key, same observation, same legal moves; and the result depends only on p's view."""
    key, obs, legal = s.infostate_key(p), s.observation(p), s.legal_actions()
    world = s.clone()
    world.resample(p, rng.getrandbits(40))
    invariants(world)
    assert world.infostate_key(p) == key and world.observation(p) == obs and world.legal_actions() == legal
    seed = rng.getrandbits(40)
    a, b = s.clone(), world.clone()
    a.resample(p, seed)
    b.resample(p, seed)
    assert a.fingerprint() == b.fingerprint()
    return a.fingerprint() != world.fingerprint()


@pytest.mark.parametrize("expert", [False, True])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_end(players, expert):
    """Every game ends (RULES.md: the round cap), with one or more winners at +1."""
    for seed in range(4):
        s, varied = play(players, expert, seed, check_every=0.2)
        obs = s.observation(0)
        assert obs["round"] <= obs["max_rounds"] + 1
        returns = s.returns()
        assert set(returns) <= {1.0, -1.0} and returns.count(1.0) == len(obs["winners"]) >= 1
        assert varied > 0, "resampling never changed the hidden cards"


def test_heuristic_returns_in_bounds():
    s = load_game("junta", 4).new_initial_state(1)
    for s in random_game(s, random.Random(1), chance_from_rng=True):
        assert all(-1.0 <= x <= 1.0 for x in s.heuristic_returns())
