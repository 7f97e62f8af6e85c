"""Combat on Heroes of Baler's territorial control map: the outcomes of l.1400-l.1409 when the
Filipinos attack, played through the game's own moves (the option us_repulse is in
test_options.py; the US attacking in test_situations.py, the examples of l.488-l.494 and
l.1413-l.1423)."""
import pytest

from partisan.core.games.baler.position import NODES

US_WINS = ("roll 1 1 1", "done", "roll 1 1 5 6")


def lose_one(t, s):
    """The Filipinos lose the first unit offered to the US; returns it."""
    assert s._snap()["node"] == NODES["territorial loss"]
    lost = s.action_to_string(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    t.take(s)
    return lost


def test_the_filipinos_attack_the_us_and_lose_the_us_takes_their_space(
        table, play, territorial_attack):
    """l.1402-l.1404: "If the foreign power obtains more successes than the Philippine side:
    ... If the foreign power is the US, the Philippine side loses a unit of their choice (if it
    is a soldier, put it in the bag, and if it is a leader, return it to the detachment). In
    addition, they must retreat one space towards Baler, and the US counter occupies the space
    previously occupied by the Filipinos." From space 2 into the US on 4: the Filipinos fall
    back to 1, the US takes 2."""
    s = play(territorial_attack(table, 2, 4, us=True), *US_WINS)
    lost = lose_one(table, s)
    assert table.territory == (1, 2)
    assert table.where(lost) == "philippines_bag" and len(table.units_at("territory_1")) == 2


def test_the_us_takes_the_space_even_when_the_last_unit_is_lost(table, play, territorial_attack):
    """l.1404: the loss empties the map (a stack of one), and "the US counter occupies the
    space previously occupied by the Filipinos" all the same."""
    s = play(territorial_attack(table, 3, 4, us=True, stack=1), "roll 1", "done", US_WINS[2])
    lose_one(table, s)
    assert table.territory == (0, 3) and table.units_at("territory_3") == []


def test_a_repulsed_attack_from_baler_leaves_the_us_out_of_baler(table, play, territorial_attack):
    """l.1361: "The foreign power counter always advances towards Baler, but can never enter
    that space." Filipinos attacking from Baler (1) and losing have nowhere to retreat to, and
    the US cannot take Baler: both stay (l.1404's move cannot apply)."""
    s = play(territorial_attack(table, 1, 2, us=True), *US_WINS)
    lose_one(table, s)
    assert table.territory == (1, 2) and len(table.units_at("territory_1")) == 2


def test_the_filipinos_beat_the_us_and_take_its_space(table, play, territorial_attack):
    """l.1408: "If the foreign power is the US and the Philippine side is the attacker, the US
    counter retreats one space towards Manila, and the Philippine side must advance to the
    space previously occupied by the US." No unit is lost."""
    s = play(territorial_attack(table, 2, 3, us=True), "roll 1 5 6", "done", "roll 1 1 1 5")
    table.take(s)
    assert table.territory == (3, 4) and len(table.units_at("territory_3")) == 3


@pytest.mark.parametrize("us", [True, False])
def test_a_tie_changes_nothing(table, play, territorial_attack, us):
    """l.1409: "If both sides obtain the same number of successes, nothing happens. The side
    that has advanced returns to the space where they were before moving." """
    s = play(territorial_attack(table, 2, 4, us=us), "roll 1 1 5", "done",
             "roll 1 1 1 5" if us else "roll 1 1 6")
    table.take(s)
    assert table.territory == (2, 4) and len(table.units_at("territory_2")) == 3


def test_the_filipinos_attack_spain_and_lose_nothing_happens(table, play, territorial_attack):
    """l.1403: "If the foreign power is Spain, nothing happens. If the Philippine side has
    advanced, they return to the space where they were before moving." No unit is lost and
    Spain stays."""
    s = play(territorial_attack(table, 2, 3), "roll 1 1 1", "done", "roll 1 1 5")
    table.take(s)
    assert s._snap()["node"] == NODES["action"]
    assert table.territory == (2, 3) and len(table.units_at("territory_2")) == 3


def test_the_filipinos_beat_spain_and_take_its_space(table, play, territorial_attack):
    """l.1406: "If the foreign power is Spain, its counter retreats one space towards Manila,
    and the Philippine side must advance to the space previously occupied by the Spanish."
    From 2 into Spain on 4: Spain to Manila, the Filipinos on 4."""
    s = play(territorial_attack(table, 2, 4), "roll 1 1 5", "done", "roll 1 1 1")
    table.take(s)
    assert table.territory == (4, 5) and len(table.units_at("territory_4")) == 3
