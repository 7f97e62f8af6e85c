"""Heroes of Baler's screen, a newcomer's eighth round of notes (issue 34, "every consequence
on screen"): a side's hand turned into action points at the Action phase has its line; an
event card played is named with its event, and events given up are named and said so; each
combat is named by its kind and area as it begins, in its dice and as it ends.
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


def _spain_events(*cards: str):
    table = BalerTable()
    table.give("spain", list(cards))
    return table.game_state("events", "spain")


def test_an_event_card_played_is_named_with_its_main_event():
    """l.354: "First, the player with the initiative chooses two cards from their hand and
    plays them on the table. Next, they resolve the events in the cards in the order of their
    choice." Each card played reads, to the other side, as event card 1 or 2 with its title and
    its main event."""
    lines = _told(_spain_events("Volley from the Bell Tower", "Marksmen", "Lookouts"), 1,
                  "Volley from the Bell Tower", "Marksmen")
    assert lines == ["Spain: event card 1: Volley from the Bell Tower (Shooting, +1 die)",
                     "Spain: event card 2: Marksmen (Shooting, 1 free re-roll)"], lines


def test_events_given_up_are_named_and_said_unresolved_by_choice():
    """l.356: "You must always play two cards in this phase, but you can choose not to resolve
    some or even all the events on the cards." Spain plays two attacks and resolves neither: the
    line of its "done" names both events and says they were not resolved, by choice."""
    lines = _told(_spain_events("Volley from the Bell Tower", "Marksmen", "Lookouts"), 1,
                  "Volley from the Bell Tower", "Marksmen", "done", "done")
    assert ("Spain: no more events: Volley from the Bell Tower's main event and Marksmen's main event not "
            "resolved (a side need not resolve its events)") in lines, lines


def test_an_event_given_up_that_could_change_nothing_says_why():
    """l.1121: "This action allows you to activate the US power marker in the territorial
    control map, but only in turns 4, 5, or 6." In turn 1,
    Signal to the Yorktown given up is said to have been able to change nothing, and why."""
    lines = _told(_spain_events("Signal to the Yorktown", "Lookouts", "Marksmen"), 1,
                  "Signal to the Yorktown", "Lookouts", "done", "Lookouts: main event", "area 1", "area 2", "done")
    assert lines[-2] == ("Spain: no more events: Signal to the Yorktown's main event (could change nothing: the US "
                         "power marker is activated in turns 4-6 only) not resolved"), lines


def test_combats_back_to_back_are_each_named_by_kind_and_area():
    """l.1157: "During Phase 4 – First Shootings, the side with the initiative performed
    shootings in two map areas of their choice, placing a shooting marker in each." The
    Philippines' two shootings, chosen together, resolve one after the other: each begins with
    a line naming its area and firepower, its dice name it, and it ends with a line naming it."""
    state = BalerTable().game_state("first shootings", "philippines")
    lines = _told(state, 1, "area 1", "area 4", "roll 1", "done", "roll 1 1 1 1", "done")
    assert lines[2] == "your shooting in area 1 begins, firepower 2 to Spain", lines
    assert lines[3] == "your combat dice, shooting in area 1: 1", lines
    assert "Spain's combat dice, shooting in area 1: 1 1 1 1" in lines, lines
    second = next(line for line in lines if line.startswith("your shooting in area 4 begins"))
    assert lines.index("the shooting in area 1 is over") < lines.index(second), lines
