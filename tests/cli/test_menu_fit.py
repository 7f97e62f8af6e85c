"""A crowded 80×24 screen (cli/play/screen.py): the top of the table never scrolls away and the
summary of events keeps a few rows; when everything does not fit, the menu is shortened first
(the first moves that fit, then "N more moves: type `moves`"), the moves keep their numbers,
and `moves` lists them all."""
from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from partisan.cli.console import menu_actions, render_view
from partisan.cli.play.prompt import menu_entries
from partisan.cli.play.screen import SUMMARY_ROWS
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.games.baler.position import BalerTable
from partisan.core.record import Match

BACKLOG = [f"P2: event {i} " + "word " * (i % 5) for i in range(30)]
MORE = re.compile(r"^(\d+) more moves?: type `moves`")


def _terminal(width: int = 80, height: int = 24) -> Console:
    """An 80×24 terminal whose player answers yes when asked to confirm a move (the turn ended
    with actions left, tests/cli/test_confirm.py)."""
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True,
                      color_system=None, legacy_windows=False)
    console.input = lambda prompt="", **_: "y"
    return console


def _screens(game: str, players: int, seed: int, most: int, size=(80, 24), seat: int = 0):
    """The first `most` screens of `seat` in a game against random bots, choosing at random,
    with a long backlog of events each time: (session, screen lines, the table's lines)."""
    console = _terminal(*size)
    session = PlaySession(Match(load_game(game, players), seed), seat,
                          {s: "random" for s in range(players) if s != seat}, "random", None, console)
    rng = random.Random(seed)
    for _ in range(most):
        session._advance()
        if session.state.is_terminal():
            return
        session.events += BACKLOG
        session.human_moved = True
        console.file.seek(0), console.file.truncate()
        session.show_screen()
        table = _terminal(*size)
        table.print(render_view(session.state, session.human))
        yield session, console.file.getvalue().splitlines(), table.file.getvalue().splitlines()
        session.handle(str(rng.randint(1, len(session.state.legal_actions()))))


def _event_rows(screen: list[str], table_top: int) -> int:
    """The rows of the summary below its heading (none without a heading)."""
    start = next((i for i, row in enumerate(screen) if row.startswith("Since your last ")), table_top - 1)
    return table_top - start - 1


@pytest.mark.parametrize("game, players, seed", [("guerilla", 4, 1), ("baler", 2, 1)])
def test_a_crowded_screen_keeps_the_table_s_top_and_a_few_rows_of_events(game, players, seed):
    """Guerilla late in a round and Baler's action phase offer a dozen moves or more under a
    tall table: the table's first line (the turn, the phase, the scores) stays on the screen,
    and the summary keeps SUMMARY_ROWS rows unless the menu is down to one row of moves (and
    the line of how many more) or two."""
    shortened = 0
    for session, screen, table in _screens(game, players, seed, most=70):
        text = "\n".join(screen)
        assert len(screen) + session._height(session._prompt()) <= 24, text
        assert table[0] in screen, text
        top = screen.index(table[0])
        assert screen[top:top + len(table)] == table, text
        menu = screen[top + len(table):]
        more = [row for row in menu if MORE.match(row)]
        shortened += bool(more)
        if _event_rows(screen, top) < SUMMARY_ROWS:
            head = sum(session._height(part) for part in session._moves_heading())
            assert len(menu) - head <= 2, text     # one row of moves and the note, or two rows
    assert shortened


@pytest.mark.parametrize("seat, seed", [(0, 1), (1, 2)])
def test_every_baler_screen_at_80x24_keeps_four_rows_of_events(seat, seed):
    """Heroes of Baler's compact table and the note above its menu leave, on every screen of a
    whole game at 80×24 and in every phase where the player decides, the rule, the summary's
    heading and SUMMARY_ROWS rows of events (the menu shortened to a row of moves at worst); one
    fewer when the prompt names moves played for the player on a line of its own."""
    phases = set()
    for session, screen, table in _screens("baler", 2, seed, most=1000, seat=seat):
        top = screen.index(table[0])
        assert _event_rows(screen, top) >= SUMMARY_ROWS - bool(session.played_for), "\n".join(screen)
        phases.add(session.state.observation(seat)["phase"])
    assert phases >= {"initiative", "events", "first shootings", "action", "second shootings", "upkeep"}


def test_the_shortened_menu_keeps_the_numbers_and_moves_lists_them_all():
    """The moves left off are counted; `moves` lists every move with its number, and a number
    not shown on the screen plays its move."""
    for session, screen, _ in _screens("guerilla", 4, 1, most=70):
        more = next((MORE.match(row) for row in screen if MORE.match(row)), None)
        if more:
            break
    else:
        raise AssertionError("no screen shortened its menu")
    legal = menu_actions(session.state, session.human)       # numbered as the menu shows them
    full = menu_entries(session.menu(), session.console)
    shown = {int(n) for row in screen for n in re.findall(r"(?:^|\s)(\d+)\. ", row)}
    assert int(more[1]) == len(full) - len(shown & {n for n, _, _ in full})
    session.console.file.seek(0), session.console.file.truncate()
    assert session.handle("moves") == "stay"
    listed = session.console.file.getvalue()
    assert all(f"{n}. " in listed for n, _, _ in full)
    hidden = max(n for n, _, _ in full if n not in shown)
    before = len(session.match.actions)
    assert session.handle(str(hidden)) == "moved"
    assert session.match.actions[before] == legal[hidden - 1]


def test_a_roomy_screen_that_fits_keeps_the_whole_menu():
    """At 100×40 the whole menu is shown, as the view lays it out, whenever it fits under the
    table with the summary's rows."""
    whole = 0
    for session, screen, table in _screens("guerilla", 4, 1, most=40, size=(100, 40)):
        full = _terminal(100, 40)
        full.print(session.moves())
        menu = full.file.getvalue().splitlines()
        if len(table) + len(menu) + session._height(session._prompt()) + 2 + SUMMARY_ROWS <= 40:
            assert screen[-len(menu):] == menu, "\n".join(screen)
            whole += 1
    assert whole >= 10


def test_a_shortened_menu_always_shows_a_move(monkeypatch):
    """However few rows the menu is left, a shortened menu shows at least one numbered move
    under its heading. A newcomer at 80x24 met "Your move, Spain. Legal moves:", the note and
    "5 more moves: type `moves`" with no move between: the first card kept, Shore Up the Walls
    with its note that it could change nothing, took two rows where one was left."""
    table = BalerTable()
    table.give("spain", ["Shore Up the Walls", "Field Hospital", "Rally the Detachment", "Foraging Party", "Lookouts"])
    table.set_walls(2, "Damaged")
    for post in table.posts(2, "spain"):
        table.clear(post)
    cards = table.game_state("events", "spain")
    session = PlaySession(Match(load_game("baler"), 1), 0, {1: "random"}, "random", None, _terminal())
    monkeypatch.setattr(PlaySession, "state", property(lambda self: cards))
    menu = session.menu()
    whole = _terminal()
    whole.print(menu)
    assert "Shore Up the Walls (could change nothing" in whole.file.getvalue()
    for room in range(2, 7):
        out = _terminal()
        out.print(session._fitted(menu, room))
        text = out.file.getvalue()
        assert re.search(r"(?:^|\s)\d+\. \S", text), (room, text)
    # every move shown, the note on them left to `moves`: the heading says so in words
    # (a newcomer read "Your move, P1 (the note on them: type `moves`)")
    assert session._moves_heading(2, 0)[0].plain == "Your move, Spain (the note on the moves: type `moves`). Legal moves:"
