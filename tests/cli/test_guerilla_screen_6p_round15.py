"""Guerilla's screens after the fifteenth round's 6-player game at 80x24 (seed 1514): the summary
of the events since the player's last move keeps a few lines at every decision, however tall the
table and the menu below it."""
from __future__ import annotations

import re

from tests.cli.test_menu_fit import _screens

NOTE = re.compile(r"^\s+\.\.\. \d+ other events? not shown")
SUMMARY_ROWS = 2


def _event_rows(screen: list[str], table_top: int) -> int:
    """The rows of the events shown (bullets, wrapped), between the summary's heading and the
    table's first line, without the note of those left out."""
    start = next((i for i, row in enumerate(screen) if row.startswith(("Since your last ", "So far"))), table_top - 1)
    return sum(not NOTE.match(row) for row in screen[start + 1:table_top])


def test_every_6_player_screen_at_80x24_keeps_two_lines_of_events():
    """At 6 players on 80x24 a trade step late in the game drew 0 event lines: the trade line,
    the board's 9 lines and a 13-move menu with its 3-row note took every row ("27 events since
    your last move: type `events`"). With a long backlog of events, every screen of a seeded game
    keeps at least SUMMARY_ROWS rows of them, the menu and its note folded into `moves` first."""
    crowded = 0
    for session, screen, table in _screens("guerilla", 6, 1514, most=120):
        top = screen.index(table[0])
        assert _event_rows(screen, top) >= SUMMARY_ROWS, "\n".join(screen)
        crowded += len(table) >= 12
    assert crowded

