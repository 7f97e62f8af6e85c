"""`events` at the move prompt (cli/play/screen.py): every event since the player's last move,
in the order they happened, a screen at a time, then the table again; Enter on an empty prompt
does the same when the screen left events out, and the prompt says so."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from partisan.cli.play.screen import Screen
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.narration import OTHERS, TO_ME
from partisan.core.record import Match

FAST = ("--bot", "random", "--seed", "3", "--hint-bot", "random")


def _session(tmp_path, size=(80, 24), game="war") -> PlaySession:
    console = Console(file=io.StringIO(), width=size[0], height=size[1], force_terminal=True,
                      color_system=None, legacy_windows=False)
    match = Match(load_game(game), 2)
    session = PlaySession(match, 0, {s: "random" for s in range(1, match.game.players)}, "random",
                          tmp_path / "g.json", console)
    session._advance()
    return session


def _answers(monkeypatch, *answers: str) -> list[str]:
    """Feed the pager's prompts; returns the prompts asked."""
    asked, left = [], list(answers)

    def answer(prompt=""):
        asked.append(prompt)
        return left.pop(0) if left else ""
    monkeypatch.setattr("builtins.input", answer)
    return asked


def test_events_shows_every_event_a_screen_at_a_time_then_the_board(tmp_path, monkeypatch):
    session = _session(tmp_path)
    session.events += [f"P2: something {i}" for i in range(50)]
    session.show_screen()
    hidden = session.hidden
    assert hidden > 0
    assert session._prompt().plain == f"Your move, P1 (number, text or help; {hidden} more events: type `events`) > "
    session.console.file.seek(0), session.console.file.truncate()
    _answers(monkeypatch)
    assert session.handle("events") == "stay"
    out = session.console.file.getvalue()
    shown = [out.index(f"P2: something {i}\n") for i in range(50)]
    assert shown == sorted(shown)                              # all of them, in order
    assert out.count("Enter for more") == 2                    # 54 events at 23 rows a page
    assert "-- 31 more lines: Enter for more, q for the board --" in out
    assert out.index("Enter for the board") < out.index("Your move, P1. Legal moves:")
    assert session.hidden == 0 and "more events" not in session._prompt().plain
    assert "other events not shown" not in out.split("Enter for the board")[1]


def test_q_at_the_pager_stops_and_shows_the_board(tmp_path, monkeypatch):
    session = _session(tmp_path)
    session.events += [f"P2: something {i}" for i in range(50)]
    session.show_screen()
    session.console.file.seek(0), session.console.file.truncate()
    asked = _answers(monkeypatch, "q")
    session.handle("events")
    out = session.console.file.getvalue()
    assert len(asked) == 1 and "P2: something 49" not in out and "Legal moves:" in out


def test_q_at_the_pager_leaves_the_lines_not_paged_counted(tmp_path, monkeypatch):
    """A newcomer pressed q at the pager and lost the line about his own wounded man: the
    prompt no longer counted what the pager had not shown."""
    session = _session(tmp_path)
    session.events += [f"P2: something {i}" for i in range(50)]
    session.show_screen()
    session.console.file.seek(0), session.console.file.truncate()
    _answers(monkeypatch, "q")
    session.handle("events")
    paged = session.console.file.getvalue().split("Enter for more")[0]
    left = sum(f"P2: something {i}\n" not in paged for i in range(50))
    assert left > 0 and session.hidden == left
    assert f"{left} more events: type `events`" in session._prompt().plain


def test_enter_on_an_empty_prompt_shows_the_events_left_out(tmp_path, monkeypatch):
    session = _session(tmp_path)
    session.events += [f"P2: something {i}" for i in range(50)]
    session.show_screen()
    session.console.file.seek(0), session.console.file.truncate()
    _answers(monkeypatch)
    assert session.handle("") == "stay"
    assert "P2: something 0\n" in session.console.file.getvalue()


def test_the_events_stay_until_your_next_move_whatever_is_shown_between(tmp_path, monkeypatch):
    session = _session(tmp_path, (100, 40))
    session.events += ["P2: something early", "P2: something late"]
    session.show_screen()
    session.handle("board")
    _answers(monkeypatch)
    session.console.file.seek(0), session.console.file.truncate()
    session.handle("events")
    assert "P2: something early" in session.console.file.getvalue()
    session.handle("1")
    session.console.file.seek(0), session.console.file.truncate()
    session.handle("events")
    assert "P2: something early" not in session.console.file.getvalue()


def test_off_a_terminal_events_lists_them_without_pausing(partisan):
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input="1\nevents\nquit\n")
    assert run.code == 0, run.text
    assert "Since your last move, " in run.out and "Enter for" not in run.out
    after = run.out.split("Since your last move, ")[1]
    assert "you: " in after and "Legal moves:" in after


def test_a_revolution_and_a_change_of_sides_concern_every_seat(tmp_path):
    """guerilla.txt l.40: "the player who draws the revolution card may exchange the
    loyalty markers of any two players"; l.139: "the drawing player must change the faction of
    one deployed Government group to Rebel"; l.140 (Traitors): "the leader and his entire group
    change faction". They change every seat's reckoning, so the screen keeps them with what was
    done to the player; an attack on the player's groups or a change to them already is."""
    session = _session(tmp_path, game="guerilla")
    every_seat = session._every_seat()
    for line in ("P3 draws Revolution", "P3: swap the loyalty markers of P2 and P4",
                 "P3: turn P4's g4 Rebel", "P1's g5 turns Rebel", "P2's loyalty marker: Rebel",
                 "P2's Traitors d10: 8: with the leader's modifier above 5: he and his group change sides",
                 "P2: cut the supply of your g6", "P4: reinforce your g6", "P2's attack on your g1: lost"):
        assert Screen._concern(line, every_seat) == TO_ME, line
    for line in ("P3 draws a card", "P2: attack P4's g0", "P4's g3: Unit 2/1 eliminated"):
        assert Screen._concern(line, every_seat) == OTHERS, line
    assert _session(tmp_path)._every_seat() is None            # WAR has no such events


def test_a_revolution_is_kept_on_a_crowded_screen(tmp_path):
    session = _session(tmp_path, game="guerilla")
    session.events = ([f"P2: something {i}" for i in range(40)] + ["P3 draws Revolution"]
                       + [f"P4: more {i}" for i in range(40)])
    session.show_screen()
    assert "P3 draws Revolution" in session.console.file.getvalue()


def test_help_keeps_a_wrapped_description_in_its_column(tmp_path):
    """At 80 columns a description that wraps goes on under itself, not under the commands."""
    session = _session(tmp_path)
    session.console.file.seek(0), session.console.file.truncate()
    session.handle("help")
    lines = session.console.file.getvalue().splitlines()
    assert lines[0] == "Commands:" and len(lines) > 14
    assert all(line.startswith("  ") for line in lines[1:])
    assert any(line.startswith(" " * 19) and line.strip() for line in lines[1:])


@pytest.mark.parametrize("pages", [50, 3], ids=["more", "last page"])
def test_a_move_typed_at_the_pager_is_played(tmp_path, monkeypatch, pages):
    """Text typed at "-- N more --" or "-- Enter for the board --" is never thrown away: it
    is taken as typed at the move prompt, after the board."""
    session = _session(tmp_path)
    session.events += [f"P2: something {i}" for i in range(pages)]
    before = len(session.match.actions)
    first = session.state.legal_actions()[0]
    _answers(monkeypatch, "1")
    assert session.handle("events") == "moved"
    assert session.match.actions[before:] == [first]


def test_a_command_typed_at_the_pager_is_done(tmp_path, monkeypatch):
    session = _session(tmp_path)
    session.events += [f"P2: something {i}" for i in range(50)]
    _answers(monkeypatch, "help")
    assert session.handle("events") == "stay"
    assert "Commands:" in session.console.file.getvalue()


def test_one_event_is_counted_as_one_event(tmp_path, monkeypatch):
    """"1 event", never "1 events": in the note of those left out, the prompt and `events`."""
    session = _session(tmp_path)
    session.events = ["P2: " + "a long line " * 10, "P2 attacks you"]     # 2 rows, then 1
    session.console.print(session._recent_events(2))
    assert "1 other event not shown" in session.console.file.getvalue()
    assert session._prompt().plain.endswith("; 1 more event: type `events`) > ")
    session.events = ["P2 attacks you"]
    _answers(monkeypatch)
    session.handle("events")
    assert "So far, 1 event:" in session.console.file.getvalue()


def test_the_pager_counts_the_lines_it_has_left(tmp_path, monkeypatch):
    """A line told again and again is one line with its count ("(×17)"): the pager counts the
    lines it has still to show, and says so, not the events they tell."""
    session = _session(tmp_path)
    session.events += [f"P2: something {i}" for i in range(30)] + ["P4: chooses in secret"] * 17 + ["P2: last"]
    _answers(monkeypatch)
    session.handle("events")
    out = session.console.file.getvalue()
    left = re.search(r"-- (\d+) more lines?: Enter for more", out)
    assert left, out
    assert out.split(left[0])[1].split("Enter for the board")[0].count("  - ") == int(left[1])


def test_the_screen_after_an_undo_does_not_page_the_events_again(tmp_path, monkeypatch):
    """A player following the game has the events paged when the summary would leave out one
    that concerns them. After `undo` the replayed events came back as a page, and the next thing
    typed at it was dropped: the screen after an undo shows the summary, the player having seen
    those lines before taking their move back."""
    def screen(undone: bool) -> str:
        session = _session(tmp_path)
        session.follow, session.human_moved, session.others = True, True, [1]
        session.events += [f"P2 attacks you with its card {i}" for i in range(40)]
        session.undone = undone
        session.console.file.seek(0), session.console.file.truncate()
        _answers(monkeypatch)
        session.show_screen()
        return session.console.file.getvalue()
    assert "Enter for the board" in screen(False)
    assert "Enter for the board" not in screen(True)
