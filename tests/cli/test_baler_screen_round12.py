"""Heroes of Baler's screen, a newcomer's twelfth round of notes (issue 34, "every consequence
on screen"): a move's destination says what becomes of the unit there.
heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

from partisan.core.games.baler.position import BalerTable


def _filipino_action(*cards: str):
    """The Philippines' Action phase, their initiative, with `cards` in hand."""
    table = BalerTable()
    table.give("philippines", list(cards) or ["Call to Arms", "Supply Cache"])
    return table.game_state("action", "philippines")


def _play(state, seat: int, *entries: str) -> None:
    """Play the moves whose menu entries (as `seat` reads them) begin with `entries`."""
    for entry in entries:
        menu = state.observation(seat)["menu"]
        state.apply_action(state.legal_actions()[next(i for i, m in enumerate(menu) if m.startswith(entry))])


def test_a_moves_destination_says_what_becomes_of_the_unit_there():
    """l.982: "If the post is occupied, place the existing unit in the bag (if it is a soldier)
    or the detachment (if it is a leader), and then place the chosen unit in the post." and
    l.994: "Swap the position of two units in guard posts on the map". Each post offered to a
    soldier from the barracks names the man there and where he goes; to a man in a guard post,
    the swap."""
    state = _filipino_action()
    _play(state, 1, "move", "Katipunero 2/2 (Barracks 5)")
    menu = state.observation(1)["menu"]
    assert "Filipino post '1-2', areas 1 and 2 (Katipunero 2/1 there → the Filipino bag)" in menu, menu
    state = _filipino_action()
    _play(state, 1, "move", "Katipunero 2/2 (Filipino post '1-2', areas 3 and 4)")
    menu = state.observation(1)["menu"]
    assert "Filipino post '3-4', area 1 (swaps with Katipunero 1/1 there)" in menu, menu
