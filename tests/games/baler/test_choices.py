"""Choices the rulebook gives a player, and draws it leaves to chance, each as the engine's own
decision or chance node: the priest sent to the infirmary, the space of a soldier healed by
choice, bag draws, the initiative cards once revealed. heroes_of_baler.txt; l.N = its line."""
import random
from collections import Counter

import pytest

from partisan.core import CHANCE
from partisan.core.game import load_game
from partisan.core.games.baler.position import NODES
from partisan.core.games.baler.state import FLOW


@pytest.mark.parametrize("priest", ["Juan López", "Félix Minaya"])
def test_spain_chooses_which_priest_falls_ill(table, priest):
    """l.427: "If position '6' is selected and priests Fray López and Fray Minaya are there,
    choose one of them to send to the infirmary. If only one is there, transfer it to the
    infirmary." Beriberi: even die 2, row die 2 (the leaders' row), column die 6."""
    other = ({"Juan López", "Félix Minaya"} - {priest}).pop()
    assert table.where(priest) == table.where(other) == "spain_detachment_1_2_6"
    table.losses(1, False, dice=[2, 2, 6], picks=[priest])
    assert table.where(priest) == "spain_bed_3"
    assert table.where(other) == "spain_detachment_1_2_6"


def test_a_lone_priest_in_space_6_is_taken_without_a_choice(table):
    """l.427: "If only one is there, transfer it to the infirmary." """
    table.admit("Félix Minaya")
    table.losses(1, False, dice=[2, 2, 6])
    assert table.where("Juan López") == "spain_bed_3"


def test_two_priests_count_as_two_units_of_the_leaders_row(table):
    """l.421: "If only one unit is in the designated row, that unit is chosen." With only the
    two priests left in the leaders' row there are two units: the column die is rolled and
    the scan reaches space 6, where Spain chooses."""
    table.expand()
    table.expand()
    for name in ("Enrique de las Morenas", "Juan Alonso Zayas", "Saturnino Martín Cerezo",
                 "Rogelio Vigil de Quiñones", "Cándido Gómez Carreño"):
        table.admit(name)
    used = table.losses(1, False, dice=[2, 1, 3], picks=["Félix Minaya"])
    assert used == (3, 0)
    assert table.where("Félix Minaya") == "spain_bed_5"
    assert table.where("Juan López") == "spain_detachment_1_2_6"


def _free_two_detachment_spaces(table):
    spaces = ["spain_detachment_3_4_2", "spain_detachment_5_6_4"]
    for space in spaces:
        table.clear(space)
    return spaces


def _labels(table, names):
    """The move texts of the spaces named: their labels on the board."""
    board = table.parts.board
    return [board.spaces[board.space(name)].label for name in names]


def test_a_soldier_healed_by_choice_goes_to_the_space_spain_picks(table, play, texts):
    """l.1113: "Heal an injured unit of your choice. If it is a leader, place it in the
    corresponding space in the detachment. If it is a soldier, place it in a detachment space
    of your choice; If there are no spaces available in the detachments, put it into the
    bag." """
    spaces = _free_two_detachment_spaces(table)
    soldier = table.units_at("spain_bag")[0]
    table.admit(soldier)
    table.give("spain", ["Sortie"])
    s = table.game_state("action", "spain")
    play(s, "heal", "bed 3")
    assert s._snap()["node"] == NODES["heal space"] and texts(s) == _labels(table, spaces)
    play(s, spaces[1])
    table.take(s)
    assert table.where(soldier) == spaces[1]


def test_the_medical_leader_heals_into_a_space_of_choice(table, play, texts):
    """l.963: "You can use a medical leader during a movement in Phase 5 - Action to discharge
    an injured of your choice and send him to the detachment"; l.1289: "If it is a
    soldier and there are empty spaces in the detachment, place it in one of them." """
    spaces = _free_two_detachment_spaces(table)
    soldier = table.units_at("spain_bag")[0]
    table.admit(soldier)
    table.give("spain", ["Volley from the Bell Tower"])
    s = table.game_state("action", "spain")
    play(s, "move", "Rogelio Vigil de Quiñones", "spain_command_medical", "bed 3")
    assert texts(s) == _labels(table, spaces)
    play(s, spaces[0])
    table.take(s)
    assert table.where(soldier) == spaces[0]


def test_one_free_space_or_none_needs_no_choice(table, play):
    """With one free space the soldier takes it; with none he goes to the bag (l.1113)."""
    table.clear("spain_detachment_5_6_4")
    soldier = table.units_at("spain_bag")[0]
    table.admit(soldier)
    table.give("spain", ["Sortie"])
    s = table.game_state("action", "spain")
    play(s, "heal", "bed 3")
    assert s._snap()["node"] == NODES["action"]
    table.take(s)
    assert table.where(soldier) == "spain_detachment_5_6_4"


def test_a_bag_draw_is_one_outcome_per_kind_of_soldier(table, play):
    """l.986: "Draw a random soldier from the bag". Soldiers with the same combat and manpower
    factors are alike to every rule, so the draw has one outcome per (combat, manpower) class,
    weighted by how many of that class the bag holds."""
    counters = table.parts.board.counters
    bag = table.units_at("spain_bag")
    classes = Counter((counters.factor(table.unit(u), "combat"), counters.factor(table.unit(u), "manpower"))
                      for u in bag)
    table.give("spain", ["Sortie"])
    s = table.game_state("action", "spain")
    play(s, "move", "draw from the bag")
    outcomes = s.chance_outcomes()
    assert len(outcomes) == len(classes) < len(bag)
    drawn = {}
    for a, p in outcomes:
        unit = s.action_to_string(a).removeprefix("bag ")
        key = (counters.factor(table.unit(unit), "combat"), counters.factor(table.unit(unit), "manpower"))
        drawn[key] = p
    assert drawn == pytest.approx({k: n / len(bag) for k, n in classes.items()})


def test_both_seats_see_both_initiative_cards_after_the_reveal():
    """l.348: "each player selects one of the six cards in their hand and places it face down
    on the board. Then, both players reveal their cards." Before the reveal a seat sees only
    its own card; after it, both cards are on the table for both seats."""
    s = load_game("baler").new_initial_state(11)
    rng = random.Random(11)
    chosen = []
    while len(chosen) < 2:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance())
            continue
        a = rng.choice(s.legal_actions())
        chosen.append(a - 2)
        assert s.observation(1 - s.current_player())["initiative_cards"] == [None, None]
        s.apply_action(a)
    for seat in (0, 1):
        obs = s.observation(seat)
        assert obs["initiative_cards"] == chosen
        assert [c["id"] for c in obs["cards"]["revealed"]] == chosen


def test_a_leader_kept_in_reserve_acts_when_a_movement_uses_him(table, play, texts):
    """l.1236: "Reserve. Keep the leader in the command area with its face up (flip it if
    necessary). The leader is ready to be used in the next turn by using a movement action."
    Leaders step: a religious leader rolls 4 and is kept in reserve; next turn one sub-move
    spent on him raises the morale as his entry would (l.1296), and he is exhausted."""
    table.put("Juan López", "spain_command_religious")
    table.exhaust("Juan López")
    table.set_turn(2)
    table.set_tracks("spain", morale=3)
    s = table.game_state("upkeep", "spain", step=10)
    play(s, "die 4", "done")            # "done": Reserve, not Activate
    table.take(s)
    assert table.where("Juan López") == "spain_command_religious"
    assert not table.exhausted("Juan López") and table.morale("spain") == 3
    table.set_turn(3)
    table.give("spain", ["Sortie"])
    s = table.game_state("action", "spain")
    play(s, "move")
    assert "Juan López" in texts(s)
    play(s, "Juan López")
    table.take(s)
    assert table.morale("spain") == 4 and table.exhausted("Juan López")
    assert table.where("Juan López") == "spain_command_religious"
    assert "Juan López" not in texts(s)     # used: exhausted for the rest of the turn (l.250)


def test_a_desertion_on_the_leaders_row_says_why_a_unit_comes_from_the_bag():
    """l.443: "Leaders do not desert. If the die roll designates the leader's row, draw a unit
    from the bag." In play the row die's line said "1-2: the leaders" and the next drew a
    Cazador from the bag, unexplained: the die's line says why."""
    state, rng = load_game("baler").new_initial_state(1), random.Random(1)
    while not (state.is_chance_node() and state._snap()["die_for"] == FLOW["D4_LOSS_ROW"]
               and state._snap()["loss_desert"]):
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    lines = [state.describe_action(a, viewer=None) for a, _ in state.chance_outcomes()]
    assert [line.endswith("leaders do not desert, a unit is drawn from the bag") for line in lines] == [
        True, True, False, False, False, False], lines
