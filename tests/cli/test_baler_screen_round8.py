"""Heroes of Baler's screen, a newcomer's eighth round of notes (issue 34, "every consequence
on screen"): a side's hand turned into action points at the Action phase has its line.
heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import pytest

from partisan.core.games.baler.position import BalerTable
from tests.cli.test_baler_screen_round5 import _told


def _hand_for_points():
    """Spain's part of the Action phase under way; the Philippines hold four cards of their
    own and News of the Yorktown, Spain's Fog of War card."""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie"])
    table.give("philippines", ["Call to Arms", "Massed Assault", "News of the Yorktown", "Supply Cache",
                               "Night Harassment"])
    return table.game_state("action", "spain")


@pytest.mark.parametrize("seat, whose, fog", [(1, "your", "Spain's"), (0, "the Philippines'", "your")])
def test_the_hand_left_becomes_action_points_on_a_line(seat, whose, fog):
    """l.506: "Both sides will now take action, starting with the one with the initiative,
    using the cards they still have in hand", l.508: "Each card grants you the number of
    action points indicated on its top left corner. ... First, add all the action points in
    your cards, and then spend the points to take action." and l.545: "You cannot use enemy
    Fog of War cards during your action phase. Should you have any, place them in the discard
    pile." As Spain ends its part, the Philippines' five cards turn into 7 AP: a line gives
    each card's points and says that Spain's Fog of War card gives none, to both seats (the
    cards are placed face up, l.553)."""
    lines = _told(_hand_for_points(), seat, "done")
    assert (f"{whose} 5 cards left in hand become 7 AP: Massed Assault 2 + Call to Arms 1 + Supply Cache 3 "
            f"+ Night Harassment 1; News of the Yorktown ({fog} Fog of War card) gives none and is "
            "discarded") in lines, lines
