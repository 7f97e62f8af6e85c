"""The move a searching bot plays: most visits, then the best mean, then a draw among the moves
still tied (the bot's seed reproduces it), never the lowest action id."""
from __future__ import annotations

import pytest

from partisan.ai import make_bot
from partisan.ai.bots import ActionStat
from partisan.ai.ismcts import ISMCTS
from partisan.core import load_game


def _opening():
    """Leduc poker facing the first raise: three legal moves (fold, call, raise)."""
    state = load_game("leduc").new_initial_state(0)
    while state.is_chance_node() or len(state.legal_actions()) < 3:
        state.apply_action(state.sample_chance() if state.is_chance_node()
                           else state.legal_actions()[-1])
    return state


def _stubbed(spec: str, seed: int, stats: list[ActionStat]):
    bot = make_bot(spec, seed=seed)
    bot.explain = lambda state: list(stats)
    return bot


def _stats(state, *rows) -> list[ActionStat]:
    """(visits, mean) rows given to the state's legal moves in order."""
    return [ActionStat(a, v, m) for a, (v, m) in zip(state.legal_actions(), rows)]


# the first two moves tie (for PIMC, which plays the best mean, in their means)
TIES = {"ismcts:iterations=10": ((9, 0.25), (9, 0.25), (3, 0.9)),
        "pimc:playouts=10": ((5, 0.4), (5, 0.4), (5, 0.1))}


@pytest.mark.parametrize("spec", TIES)
def test_moves_tied_in_visits_and_mean_are_drawn_by_the_seed(spec):
    state = _opening()
    stats = _stats(state, *TIES[spec])
    chosen = [_stubbed(spec, seed, stats).choose(state) for seed in range(40)]
    assert set(chosen) == set(state.legal_actions()[:2])
    again = [_stubbed(spec, seed, stats).choose(state) for seed in range(40)]
    assert again == chosen


def test_the_better_mean_breaks_a_tie_in_visits():
    state = _opening()
    stats = _stats(state, (9, 0.2), (9, 0.3), (3, 0.9))
    chosen = {_stubbed("ismcts:iterations=10", seed, stats).choose(state) for seed in range(20)}
    assert chosen == {state.legal_actions()[1]}


def test_the_policy_of_a_tie_is_shared_by_the_tied_moves():
    state = _opening()
    first, second, third = state.legal_actions()
    bot = _stubbed("ismcts:iterations=10", 0, _stats(state, *TIES["ismcts:iterations=10"]))
    assert bot.policy(state) == {first: 0.5, second: 0.5, third: 0.0}


def test_ucb_ties_in_the_tree_are_drawn_too():
    """With no exploration term and returns of 0 or 1 (no rollout: the heuristic at once), the
    moves whose first visit returned 1 tie at the top for as long as they keep returning 1: the
    later visits spread over them instead of all going to the lowest action."""
    state = load_game("garden").new_initial_state(0)
    while state.is_chance_node() or len(state.legal_actions()) < 8:
        state.apply_action(state.sample_chance() if state.is_chance_node()
                           else state.legal_actions()[0])
    n = len(state.legal_actions())
    for seed in range(3):
        stats = ISMCTS(uct_c=0.0, rollout_depth=0, seed=seed).search(state, iterations=2 * n)
        best = [visits for _, visits, mean in stats if mean == 1.0]
        assert len(best) > 1 and all(visits > 1 for visits in best)
        assert max(best) < n // 2
