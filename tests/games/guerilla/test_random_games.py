"""Random games end, stay within the declared length, and never meet a node without moves."""
import random

import pytest

from partisan.core.game import load_game
from partisan.core.games.guerilla import TURN_DECISIONS, SETUP_DECISIONS


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_within_the_declared_bounds(players):
    game = load_game("guerilla", players)
    most_in_turn = 0
    for seed in range(25):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        turn, in_turn, setup = -1, 0, 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance())
                continue
            legal = s.legal_actions()
            assert legal
            snap = s._snap()
            s.apply_action(rng.choice(legal))
            if snap["node"] < 7:                       # before the first turn
                setup += 1
                continue
            if snap["turns"] != turn:
                turn, in_turn = snap["turns"], 0
            in_turn += 1
            most_in_turn = max(most_in_turn, in_turn)
        assert setup < SETUP_DECISIONS
        assert sum(s.returns()) == 1.0
    # several times the most seen: the bound is not tight by accident
    assert most_in_turn * 3 < TURN_DECISIONS


@pytest.mark.parametrize("players, seed", [(6, 965)])
def test_games_the_sweep_found_stuck_have_a_move_at_every_node(players, seed):
    """l.134: retrieved units "must be deployed initially on the side of the same faction as the
    barracks". Seed 965 at 6 players reaches the Bridge's free deployment (l.135) with every
    card of the mover's hand held by the Barracks, two copies of one unit kind held to opposite
    factions: the kind must be offered through the copy the Bridge's faction may take, not
    refused because its first copy is held to the other faction."""
    s = load_game("guerilla", players).new_initial_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance())
            continue
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        s.apply_action(rng.choice(legal))
