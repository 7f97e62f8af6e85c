"""Ratings: Bradley–Terry with Davidson ties, and Wilson intervals."""
import math

import numpy as np
import pytest

from partisan.ai.ratings import ELO_PER_NAT, expected_score, fit, fit_constrained, wilson


def simulate(true_elo, games_per_pair, nu, seed):
    """Two-player results drawn from Davidson's model with known strengths."""
    rng = np.random.default_rng(seed)
    k = len(true_elo)
    pi = np.exp(np.asarray(true_elo) / ELO_PER_NAT)
    wins, ties = np.zeros((k, k)), np.zeros((k, k))
    for i in range(k):
        for j in range(i + 1, k):
            tie = nu * math.sqrt(pi[i] * pi[j])
            d = pi[i] + pi[j] + tie
            counts = rng.multinomial(games_per_pair, [pi[i] / d, pi[j] / d, tie / d])
            wins[i, j], wins[j, i], ties[i, j] = counts
    return wins, ties


def test_recovers_known_ordering_and_strengths():
    true_elo = np.array([250.0, -300.0, 0.0, -100.0])
    wins, ties = simulate(true_elo, 300, nu=0.4, seed=11)
    r = fit(["a", "b", "c", "d"], wins, ties)
    assert list(np.argsort(r.elo)) == list(np.argsort(true_elo))
    centred = true_elo - true_elo.mean()
    assert np.all((r.low <= centred) & (centred <= r.high)), (r.elo, centred)
    assert abs(r.elo.mean()) < 1e-6
    assert r.tie_weight == pytest.approx(0.4, abs=0.1)


def test_intervals_shrink_with_more_games():
    true_elo = [100.0, 0.0]
    few = fit("ab", *simulate(true_elo, 50, 0.2, seed=3))
    many = fit("ab", *simulate(true_elo, 2000, 0.2, seed=3))
    assert (many.high - many.low)[0] < (few.high - few.low)[0] / 4


def test_two_players_without_ties_match_closed_form():
    """For two bots, BT's maximum likelihood difference is ln(wins/losses)."""
    r = fit(["x", "y"], [[0, 30], [10, 0]])
    assert r.tie_weight == 0.0
    assert r.elo[0] - r.elo[1] == pytest.approx(math.log(3) * ELO_PER_NAT, rel=0.01)
    assert expected_score(r.elo[0] - r.elo[1]) == pytest.approx(0.75, abs=0.01)


def test_a_clean_sweep_stays_finite():
    r = fit(["strong", "weak"], [[0, 20], [0, 0]])
    assert np.all(np.isfinite(r.elo)) and np.all(np.isfinite(r.low))
    assert r.elo[0] > r.elo[1] + 200
    assert r.low[0] > r.low[1]


def test_draws_alone_mean_equal_strength():
    r = fit(["x", "y"], np.zeros((2, 2)), [[0, 12], [0, 0]])
    assert r.elo[0] == pytest.approx(r.elo[1], abs=1e-6)
    assert r.tie_weight > 1


def test_wilson_interval():
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-3) and high == pytest.approx(0.9433, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 10)
    assert high == pytest.approx(1.0) and 0.69 < low < 0.73


def test_bad_shapes_are_refused():
    with pytest.raises(ValueError, match="3x3"):
        fit("abc", np.zeros((2, 2)))


def test_a_constrained_fit_is_the_plain_fit_until_a_constraint_binds():
    wins = np.array([[0, 30, 10], [70, 0, 45], [90, 55, 0]], dtype=float)
    plain = fit(["a", "b", "c"], wins).elo
    free = fit_constrained(wins, [])
    assert free[0] == 0 and np.allclose(free, plain - plain[0], atol=1.0)
    assert free[1] - free[0] > free[2] - free[1]            # b gains more over a than c over b
    # forbid that: b's gain over a may not exceed c's; the fit meets the bound, no more
    capped = fit_constrained(wins, [[1.0, -2.0, 1.0]])
    assert capped[1] - capped[0] == pytest.approx(capped[2] - capped[1], abs=1e-3)
    assert capped[1] - capped[0] < free[1] - free[0]
