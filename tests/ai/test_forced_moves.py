"""A forced move (one legal move) costs the search neither a tree node nor a step of its path."""
from __future__ import annotations

import random

from partisan.ai.ismcts import ISMCTS
from partisan.core import load_game


def _decisions(name: str, count: int, seed: int = 0):
    """`count` states of a random game of `name` where the seat to move has a choice."""
    rng = random.Random(seed)
    state, found = load_game(name).new_initial_state(seed), []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        if len(state.legal_actions()) > 1 and rng.random() < 0.2:
            found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return found


def test_the_tree_holds_no_node_of_a_forced_move():
    """Junta is full of forced moves (46-69% of the nodes were one-edge nodes): none is left."""
    for state in _decisions("junta", 3):
        search = ISMCTS(seed=1, mast=0.6)
        stats = search.search(state, iterations=1500)
        assert sum(visits for _, visits, _ in stats) == 1500
        assert search.single_move_nodes == 0


def test_without_step_over_a_forced_move_takes_a_node_as_before():
    """step_over=0 plays as the search did at f82bef2: forced moves fill the tree."""
    for state in _decisions("junta", 3):
        search = ISMCTS(seed=1, mast=0.6, step_over=False)
        stats = search.search(state, iterations=1500)
        assert sum(visits for _, visits, _ in stats) == 1500
        assert search.single_move_nodes > 0


def test_a_searched_state_with_one_move_keeps_its_node():
    state = load_game("war").new_initial_state(1)
    rng = random.Random(0)
    while state.is_chance_node() or len(state.legal_actions()) != 1:
        state.apply_action(state.sample_chance() if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    search = ISMCTS(seed=1)
    [(action, visits, _)] = search.search(state, iterations=50)
    assert (action, visits) == (state.legal_actions()[0], 50)
