"""Whose surveillance die a line names, and a walls die that lowers nothing (newcomers read "your
surveillance die: 2" for the Philippines' die, and "Takeover attempt die: 1" for Fire on the
Roof's die, with no word that it did nothing). heroes_of_baler.txt, l.N."""
import random

from partisan.core.game import load_game
from partisan.core.games.baler.state import FLOW, NODES


def _chance_lines(seeds):
    game = load_game("baler")
    for seed in seeds:
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance()
                before = state.clone()
                state.apply_action(action)
                yield before, state, before.describe_action(action, 0)
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def test_each_sides_surveillance_die_is_named_as_its_own():
    """l.640: "If both sides have a surveillance marker in the area, they must both decide
    whether to activate it, starting with the attacking player. Then, each side with an
    activated marker rolls a die\""""
    told = 0
    for before, _, line in _chance_lines(range(1, 12)):
        if "surveillance die" not in line:
            continue
        snap = before._snap()
        attacker = snap["combat"]["attacker"]
        side = attacker if snap["die_for"] == FLOW["D4_SURV_A"] else 1 - attacker
        assert line.startswith("your" if side == 0 else "the Philippines'"), line
        told += 1
    assert told >= 10


def test_a_walls_die_that_lowers_nothing_says_so():
    """A card's walls die (the Takeover attempt's table, l.1151) that leaves every wall as it
    was, with no Persistence left to better it, has no effect."""
    told = 0
    for before, after, line in _chance_lines(range(1, 25)):
        if "walls die" not in line or after.is_terminal() or after._snap()["node"] == NODES["persist"]:
            continue
        unchanged = after._snap()["walls"] == before._snap()["walls"]
        assert line.endswith(": no effect, the walls hold") == unchanged, line
        told += unchanged
    assert told >= 1
