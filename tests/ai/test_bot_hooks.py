"""The state contract's bot hooks (docs/architecture.md, "Bot hooks"): moves a game marks as
changing nothing stay legal for a person but no bot plays them, and a game's move prior biases
the tree only when the search's `prior` weight asks for it. Shown on the test game bandit
(core/testing/bandit.pyx)."""
from __future__ import annotations

import pytest

from partisan.ai import make_bot
from partisan.ai.ismcts import ISMCTS, flat_monte_carlo
from partisan.ai.parallel import RootParallel, SharedTree
from partisan.core import BotSpecError, load_game


def _bandit(**options):
    from partisan.core.testing import bandit
    return load_game(bandit.INFO.name, **options).new_initial_state(0)


def _idle_pulls():
    from partisan.core.testing import bandit
    return bandit.idle_pulls()


def test_marked_moves_stay_legal_for_a_person_but_not_for_a_bot():
    state = _bandit(arms=6)
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert state.bot_actions() == [0, 2, 4]
    assert _bandit(arms=6, marked=False).bot_actions() == [0, 1, 2, 3, 4, 5]
    state.apply_action(1)       # a person may still pull a marked arm
    assert state.move_number == 1


@pytest.mark.parametrize("search", [lambda: ISMCTS(seed=3), lambda: RootParallel(2, seed=3),
                                    lambda: SharedTree(2, seed=3)])
def test_the_search_never_plays_a_marked_move_in_its_tree_or_its_rollouts(search):
    """The tree's root has no edge for a marked arm, and no iteration pulls one below it."""
    before = _idle_pulls()
    stats = search().search(_bandit(arms=8, rounds=3), iterations=400)
    assert {a for a, _, _ in stats} == {0, 2, 4, 6}
    assert _idle_pulls() == before


def test_without_the_marks_the_search_does_pull_the_idle_arms():
    """The measure above can fail: unmarked, the same arms are tried."""
    before = _idle_pulls()
    stats = ISMCTS(seed=3).search(_bandit(arms=8, rounds=3, marked=False), iterations=400)
    assert {a for a, _, _ in stats} == set(range(8))
    assert _idle_pulls() > before


@pytest.mark.parametrize("spec", ["random", "pimc:playouts=40", "ismcts:iterations=60",
                                  "ismcts:iterations=60,blunder=1"])
def test_no_bot_chooses_a_marked_move(spec):
    before = _idle_pulls()
    for seed in range(15):
        state = _bandit(arms=6, rounds=2)
        bot = make_bot(spec, seed=seed)
        while not state.is_terminal():
            state.apply_action(bot.choose(state))
    assert _idle_pulls() == before


def test_filters_0_considers_every_legal_move_as_bots_did_before_the_marks():
    """`filters=0` (to measure what a game's marks are worth head to head): the search tries
    the marked arms, and a bot whose only considered move is marked still searches."""
    before = _idle_pulls()
    stats = ISMCTS(seed=3, filters=False).search(_bandit(arms=8, rounds=3), iterations=400)
    assert {a for a, _, _ in stats} == set(range(8))
    assert _idle_pulls() > before
    bot = make_bot("ismcts:iterations=40,filters=0", seed=0)
    assert bot.name == "ismcts:iterations=40,uct_c=2.0,filters=0"
    assert [a for a, _, _ in bot.search.search(_bandit(arms=2, rounds=1), iterations=10)] == [0, 1]


def test_flat_monte_carlo_spreads_its_playouts_over_the_moves_a_bot_considers():
    rows = flat_monte_carlo(_bandit(arms=6), 30, seed=1)
    assert [a for a, _, _ in rows] == [0, 2, 4]
    assert all(n == 10 for _, n, _ in rows)


def test_a_game_s_only_considered_move_is_played_without_a_search():
    bot = make_bot("random", seed=0)
    assert bot.choose(_bandit(arms=2)) == 0
    assert make_bot("ismcts:iterations=5", seed=0).choose(_bandit(arms=2)) == 0


# ---------------------------------------------------------------- move priors
def _visits(prior, priors=True, seed=5, iterations=600):
    state = _bandit(arms=8, rounds=1, priors=priors)
    return {a: n for a, n, _ in ISMCTS(seed=seed, prior=prior).search(state, iterations)}


def test_the_prior_draws_the_visits_to_the_moves_it_favours():
    """The arms a bot considers are worth the same, so without a prior UCB spreads the visits
    evenly; the bandit's prior grows with the arm's id, and so do the visits it draws."""
    flat = _visits(0.0)
    assert max(flat.values()) - min(flat.values()) <= 1
    spreads = []
    for weight in (20.0, 50.0):
        biased = [_visits(weight)[a] for a in (0, 2, 4, 6)]
        assert biased == sorted(biased) and len(set(biased)) == 4
        spreads.append(biased[-1] - biased[0])
    assert 20 <= spreads[0] < spreads[1]        # a larger weight, a stronger pull


def test_the_prior_orders_the_untried_moves():
    """With a prior, the untried move of the highest prior is tried first."""
    state = _bandit(arms=8, rounds=1, priors=True)
    search = ISMCTS(seed=2, prior=1.0)
    stats = search.search(state, iterations=1)
    assert [(a, n) for a, n, _ in stats if n] == [(6, 1)]


def test_prior_zero_or_a_game_without_priors_leaves_the_search_as_it_was():
    """The hook is consulted only when both ask for it: the same seed gives the same tree."""
    plain = _visits(0.0, priors=False)
    assert _visits(0.0, priors=True) == plain
    assert _visits(4.0, priors=False) == plain


@pytest.mark.parametrize("bad", [-1.0, float("nan"), float("inf")])
def test_a_bad_prior_weight_is_refused(bad):
    with pytest.raises(ValueError, match="prior"):
        ISMCTS(prior=bad)


@pytest.mark.parametrize("bad", ["-1", "101", "nan"])
def test_the_bot_spec_checks_the_prior_weight(bad):
    with pytest.raises(BotSpecError, match="prior is the weight of the game's move prior"):
        make_bot(f"ismcts:iterations=10,prior={bad}")


def test_the_prior_weight_reaches_the_search_and_the_bot_s_name():
    bot = make_bot("ismcts:iterations=10,prior=2.5")
    assert bot.search.prior == 2.5
    assert "prior=2.5" in bot.name
    assert make_bot("ismcts:iterations=10,prior=2,threads=2").search.searches[1].prior == 2.0


# ---------------------------------------------------------------- progressive widening
def _tried(widen, iterations, prior=1.0, seed=3):
    state = _bandit(arms=8, rounds=1, priors=True)
    return sorted(a for a, n, _ in ISMCTS(seed=seed, prior=prior, widen=widen).search(state, iterations) if n)


def test_widening_tries_only_the_moves_of_the_highest_prior_until_the_visits_grow():
    """The bandit's considered arms 0, 2, 4 and 6 have priors growing with the id. With
    widen=0.5 a root of N visits lets ceil(0.5 * sqrt(N + 1)) of them take part: one while
    N < 3, two while N < 16, three while N < 36, then all four."""
    assert _tried(0.0, 8) == [0, 2, 4, 6]
    assert _tried(0.5, 3) == [6]
    assert _tried(0.5, 8) == [4, 6]
    assert _tried(0.5, 20) == [2, 4, 6]
    assert _tried(0.5, 60) == [0, 2, 4, 6]
    assert _tried(1e300, 8) == [0, 2, 4, 6]     # a weight past any int: every move at once


def test_widening_without_a_prior_leaves_the_search_as_it_was():
    """Widening ranks moves by the game's prior, so it acts only where the prior does."""
    assert _tried(0.5, 8, prior=0.0) == _tried(0.0, 8, prior=0.0) == [0, 2, 4, 6]


@pytest.mark.parametrize("bad", [-0.5, float("nan"), float("inf")])
def test_a_bad_widening_weight_is_refused(bad):
    with pytest.raises(ValueError, match="widen"):
        ISMCTS(widen=bad)


def test_the_widening_weight_reaches_the_search_and_the_bot_s_name():
    bot = make_bot("ismcts:iterations=10,prior=2,widen=0.5")
    assert bot.search.widen == 0.5 and "widen=0.5" in bot.name
    assert make_bot("ismcts:iterations=10,prior=2,widen=0.5,threads=2").search.searches[1].widen == 0.5
    with pytest.raises(BotSpecError, match="progressive widening"):
        make_bot("ismcts:iterations=10,widen=-1")


# ---------------------------------------------------------------- rollouts guided by the prior
def _idle_per_iteration(guide, priors=True, iterations=1500):
    """Idle pulls an iteration makes when the tree is the root alone (expand never reached),
    so that all but the first pull of each iteration are rollout moves: two arms, the idle one
    of prior weight 2 against 1."""
    state = _bandit(arms=2, rounds=4, marked=False, priors=priors)
    before = _idle_pulls()
    ISMCTS(seed=4, guide=guide, expand=1 << 20).search(state, iterations)
    return (_idle_pulls() - before) / iterations


def test_guided_rollouts_draw_moves_in_proportion_to_the_prior():
    """Uniform rollouts pull the idle arm on half of their three moves (1.5 an iteration); drawn
    by the prior (2 to 1 for the idle arm) on two thirds of them (2.0). The root's own pull adds
    the same to both."""
    plain, guided = _idle_per_iteration(0.0), _idle_per_iteration(1.0)
    assert guided - plain == pytest.approx(0.5, abs=0.12)


def test_guide_is_ignored_by_a_game_without_priors():
    assert _idle_per_iteration(1.0, priors=False) == _idle_per_iteration(0.0, priors=False)


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan")])
def test_a_bad_guide_share_is_refused(bad):
    with pytest.raises(ValueError, match="guide"):
        ISMCTS(guide=bad)
    with pytest.raises(BotSpecError, match="guide"):
        make_bot(f"ismcts:iterations=10,guide={bad}")


def test_the_guide_share_reaches_the_search_on_every_thread():
    assert make_bot("ismcts:iterations=10,guide=0.5").search.guide == 0.5
    assert make_bot("ismcts:iterations=10,guide=0.25,threads=2").search.searches[1].guide == 0.25


@pytest.mark.parametrize("bad", [-0.1, float("inf"), float("nan")])
def test_a_bad_reading_weight_is_refused(bad):
    with pytest.raises(ValueError, match="read"):
        ISMCTS(read=bad)
    with pytest.raises(BotSpecError, match="read"):
        make_bot(f"ismcts:iterations=10,read={bad}")


def test_the_reading_weight_reaches_the_search_on_every_thread():
    assert make_bot("ismcts:iterations=10,read=3").search.read == 3
    assert make_bot("ismcts:iterations=10,read=2,threads=2").search.searches[1].read == 2
