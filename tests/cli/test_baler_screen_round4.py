"""Heroes of Baler's screen, a newcomer's fourth round of notes (issue 34): the events in view
at 100×40 as at 80×24, the player's own side named as theirs, every consequence with its line,
the support cards that can boost nothing marked, yes/no questions worded as such.
heroes_of_baler.txt, l.N."""
from __future__ import annotations

import pytest

from partisan.cli.play.screen import SUMMARY_ROWS
from tests.cli.test_menu_fit import _event_rows, _screens

ROOMY = (100, 40)


@pytest.mark.parametrize("seat, seed", [(0, 1), (1, 2)])
def test_every_baler_screen_at_100x40_keeps_four_rows_of_events(seat, seed):
    """The full table at 100×40 leaves, on every screen of a whole game where the player
    decides, the rule, the summary's heading and SUMMARY_ROWS rows of events, as the compact
    one does at 80×24 (one fewer when the prompt names moves played for the player); the
    table stays whole and framed."""
    phases = set()
    for session, screen, table in _screens("baler", 2, seed, most=1000, size=ROOMY, seat=seat):
        assert table[0].startswith("╭─ Heroes of Baler")
        top = screen.index(table[0])
        assert screen[top:top + len(table)] == table
        assert _event_rows(screen, top) >= SUMMARY_ROWS - bool(session.played_for), "\n".join(screen)
        phases.add(session.state.observation(seat)["phase"])
    assert phases >= {"initiative", "events", "first shootings", "action", "second shootings", "upkeep"}
