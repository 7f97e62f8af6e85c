"""Guerilla's screens after the fifteenth round's 6-player game at 80x24 (seed 1514): the summary
of the events since the player's last move keeps a few lines at every decision, however tall the
table and the menu below it, and says which scores moved when it leaves out how."""
from __future__ import annotations

import re

from rich.text import Text

from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match
from tests.cli.test_menu_fit import _screens, _terminal

NOTE = re.compile(r"^\s+(?:\.\.\. \d+ other events? not shown|scores: )")
SCORES = re.compile(r"^    scores: (.+) \(`events` for how\)")
SUMMARY_ROWS = 2


def _event_rows(screen: list[str], table_top: int) -> int:
    """The rows of the events shown (bullets, wrapped), between the summary's heading and the
    table's first line, without the notes of those left out and of the scores moved."""
    start = next((i for i, row in enumerate(screen) if row.startswith(("Since your last ", "So far"))), table_top - 1)
    return sum(not NOTE.match(row) for row in screen[start + 1:table_top])


def test_every_6_player_screen_at_80x24_keeps_two_lines_of_events():
    """At 6 players on 80x24 a trade step late in the game drew 0 event lines: the trade line,
    the board's 9 lines and a 13-move menu with its 3-row note took every row ("27 events since
    your last move: type `events`"). With a long backlog of events, every screen of a seeded game
    keeps at least SUMMARY_ROWS rows of them, the menu and its note folded into `moves` first;
    only once the menu is down to one row of moves may the table (18 rows late in a 6-player
    game, never cut) leave a single row of events."""
    crowded = 0
    for session, screen, table in _screens("guerilla", 6, 1514, most=120):
        top = screen.index(table[0])
        rows = _event_rows(screen, top)
        head = sum(session._height(part) for part in session._moves_heading())
        folded = len(screen[top + len(table):]) - head <= 1
        assert rows >= SUMMARY_ROWS or (rows >= 1 and folded), "\n".join(screen)
        crowded += len(table) >= 12
    assert crowded


def _scores(session) -> dict[str, int]:
    obs = session.state.observation(session.human)
    return {**{"you" if s == session.human else f"P{s + 1}": p for s, p in enumerate(obs["scores"])},
            "Gov": obs["faction_scores"]["Government"], "Reb": obs["faction_scores"]["Rebel"]}


def test_a_crowded_summary_says_which_scores_moved_since_the_last_move():
    """At move 53 the summary showed only the player's own 3 lines while the Government tally
    had jumped 81 -> 86 and P4 had +4, with no line saying why; at move 13 P5's 6 points for an
    air strike were not on the screen. When the summary leaves out a line that scored, a short
    line names every score that moved since the player's last move, the factions' tallies too,
    as the table names them ("scores: P4 +4, Gov +5"), and `events` tells how."""
    told = 0
    before = None
    for session, screen, table in _screens("guerilla", 6, 1514, most=120):
        now = _scores(session)
        line = next((SCORES.match(row) for row in screen if SCORES.match(row)), None)
        if line and before is not None:
            moved = ", ".join(f"{name} {now[name] - before[name]:+d}" for name in now if now[name] != before[name])
            assert line[1] == moved, "\n".join(screen)
            told += 1
        before = now
    assert told


def test_the_set_up_is_told_together_on_the_first_screen():
    """The deal and the loyalty markers trickled out over the first three picks ("So far: …
    you draw Supply Cut / - you draw Unit 2/2 / - P2 draws a card (×8)", then "P2 takes a
    loyalty marker" after the first pick, "you take a loyalty marker: Government" after the
    second), read as cards drawn while deploying. The first screen tells the set-up in one line
    with the player's loyalty and cards, and the next screens start with real moves."""
    console = _terminal()
    players = 6
    session = PlaySession(Match(load_game("guerilla", players), 1514), 0, {q: "random" for q in range(1, players)},
                          "random", None, console)
    session._advance()
    session.show_screen()
    first = " ".join(console.file.getvalue().split())
    loyalty = session.state.observation(0)["loyalty"]["0"]
    assert "Set-up: dealer " in first and f"your loyalty: {loyalty}; you drew " in first, first
    for _ in range(3):
        assert session.handle("1") == "moved"
        session._advance()
        console.file.seek(0), console.file.truncate()
        session.show_screen()
        screen = console.file.getvalue()
        assert "loyalty marker" not in screen and "you draw " not in screen, screen


def test_a_prompt_too_long_for_the_row_is_said_in_fewer_words():
    """At 6 players on 80x24 the prompt after a round of moves ran to two rows ("Your move, P1,
    after P2, P3, P4, P5 and P6 moved (number, text or help; 55 more events: type `events`) >"),
    under a line of moves played for the player: a trade's screen kept one line of events. On
    a row too narrow for it the prompt says "the others" and leaves the ways to type a move to
    `help`; on a wide one it is whole."""
    for width, row in ((80, "Your move, P1, after the others moved (or `help`; 55 more events: `events`) > "),
                       (200, "Your move, P1, after P2, P3, P4, P5 and P6 moved (number, text or help; "
                             "55 more events: type `events`) > ")):
        session = PlaySession(Match(load_game("guerilla", 6), 1514), 0, {q: "random" for q in range(1, 6)},
                              "random", None, _terminal(width, 24))
        session._advance()
        session.others = [5, 2, 1, 4, 3]
        assert session._prompt(55).plain.splitlines()[-1] == row
        assert session._height(Text(row)) == 1
