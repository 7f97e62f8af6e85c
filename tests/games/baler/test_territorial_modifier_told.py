"""The Filipino attrition and supply dice are told with their territorial modifier and the
modified result (a newcomer saw "the Philippines' supply roll: 6" then supply 3 → 5, where the
table gives +3 for a 6, and could not tell that a -1 applied). heroes_of_baler.txt, l.N."""
import random
import re

from partisan.core.game import load_game

TOLD = re.compile(r"the Philippines' (attrition die|supply roll).*: (\d) ([+-]) (\d) \((.*)\) = (-?\d+)(: supply .*)?$")


def test_the_modifier_and_its_cause_are_told_with_the_modified_result():
    """l.450: "The Philippine side rolls a die and modifies the result according to the
    position they occupy on the territorial control map (-1, 0, +1, or +2 modifier)." l.1048:
    "Roll a die on your supply table and modify the result according to the space your troops
    occupy on the territorial control map (-1 for space 1, +1 for space 3, and +2 for space 4).\""""
    game, told = load_game("baler"), 0
    for seed in range(1, 6):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance()
                line = state.describe_action(action, 0)
                if "Philippines' attrition" in line or "Philippines' supply roll" in line:
                    m = TOLD.search(line.split(";")[0])
                    assert m, line
                    face, sign, size, total = int(m[2]), m[3], int(m[4]), int(m[6])
                    mod = size if sign == "+" else -size
                    assert mod == state._snap()["territorial_modifier"] and total == face + mod, line
                    space = state._snap()["terr_space"]
                    assert (f"space {space}" in m[5]) if space else ("as at Baler" in m[5]), line
                    told += 1
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert told >= 10
