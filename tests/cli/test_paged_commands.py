"""`cards` and `rules` inside a game, taller than the terminal, are paged as `events` is: a
screen at a time, Enter for more, then the table again (cli/play/screen.py `paged`)."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.play.screen import page_starts
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match


def _session(tmp_path, prompts: list) -> PlaySession:
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("guerilla", players=4), 3), 0, {q: "random" for q in (1, 2, 3)},
                          "random", tmp_path / "g.json", console)
    session._advance()

    def more(left: int) -> str:
        prompts.append((left, console.file.getvalue().count("\n")))
        console.file.write("<pager>\n")
        return ""
    session._more = more
    console.file.seek(0), console.file.truncate()
    return session


def test_cards_taller_than_the_screen_come_a_page_at_a_time(tmp_path):
    prompts: list = []
    session = _session(tmp_path, prompts)
    assert session.handle("cards") == "stay"
    out = session.console.file.getvalue()
    pages = out.split("<pager>\n")
    assert len(prompts) >= 2 and prompts[-1][0] == 0          # the last prompt: Enter for the board
    assert all(page.count("\n") <= 23 for page in pages[:-1]), [page.count("\n") for page in pages]
    assert "Armor Column" in out and "Your move, P1. Legal moves:" in pages[-1]


def test_rules_all_is_paged_and_an_unknown_section_is_still_refused(tmp_path):
    prompts: list = []
    session = _session(tmp_path, prompts)
    session.handle("rules all")
    assert len(prompts) >= 2
    session.console.file.seek(0), session.console.file.truncate()
    session.handle("rules nosuchsectionword")
    assert "The rules notes have no section 'nosuchsectionword'" in " ".join(session.console.file.getvalue().split())


def test_events_left_out_are_still_counted_after_cards_and_board(tmp_path):
    """A newcomer read `cards` and `rules` before the events the screen had left out; back at
    the table the prompt no longer said '8 more events: type `events`', though none was seen."""
    session = _session(tmp_path, [])
    session.hidden = 8                      # the last screen left out 8 events
    for command in ("cards", "board", "rules 1"):
        session.handle(command)
        assert session.hidden == 8, command
        assert "8 more events: type `events`" in session._prompt().plain, command


def test_a_page_ends_between_entries_not_inside_one():
    """A newcomer's `cards` page ended "...mushrooms and bushes do not" and the next began "stop
    it": a page ends after a blank line or before a row set further out, when one lies in its
    second half; an entry longer than half a page is still cut at the page's end."""
    row = [" Lf  Laserfly  a line out of its top edge: every", "           enemy card on it; mushrooms",
           "           and bushes do not stop it"]
    lines = ["heading", ""] + row * 4
    assert page_starts(lines, 7) == [0, 5, 11]               # each page ends at a row's last line
    assert all(not lines[s].startswith("  ") for s in page_starts(lines, 7))
    assert page_starts(["x"] * 10, 4) == [0, 4, 8]           # nothing to prefer: full pages
    assert page_starts(lines, 20) == [0]
