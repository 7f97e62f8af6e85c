"""The end of a played game shows every event since the player's last move (the program exits
next, so `events` can no longer list them), in every game, on a terminal or not. A prompt that
comes after other seats moved is a new turn: it says so, and what was typed ahead for the turn
before is dropped (on a terminal only)."""
from __future__ import annotations

import io
import os

import pytest
from rich.console import Console

from partisan.cli.console import discard_typed_ahead, side_name, untold
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game, registered_games
from partisan.core.record import Match
from partisan.core.state import CHANCE

GAMES = [info.name for info in registered_games() if not info.test_only]


@pytest.fixture(autouse=True)
def _no_confirmation(monkeypatch):
    """These sessions play "1" blindly: a move the game asks about first (tests/cli/test_confirm.py)
    is played as if confirmed."""
    monkeypatch.setattr("partisan.cli.play.prompt.confirmation", lambda state, seat, action: None)


def _session(tmp_path, game: str, terminal: bool, size=(100, 40)) -> PlaySession:
    console = Console(file=io.StringIO(), width=size[0], height=size[1], force_terminal=terminal,
                      color_system=None, legacy_windows=False)
    match = Match(load_game(game), 2)
    return PlaySession(match, 0, {s: "random" for s in range(1, match.game.players)}, "random",
                       tmp_path / "g.json", console)


def _play_to_the_end(session: PlaySession) -> None:
    while True:
        session._advance()
        if session.state.is_terminal():
            return
        assert session.handle("1") == "moved"


@pytest.mark.parametrize("terminal", [True, False], ids=["terminal", "piped"])
@pytest.mark.parametrize("game", GAMES)
def test_the_end_screen_shows_every_event_since_your_last_move(tmp_path, monkeypatch, game, terminal):
    session = _session(tmp_path, game, terminal)
    _play_to_the_end(session)
    last = [f"P2: the last roll {i}" for i in range(70)]      # more than a screen, more than 60
    session.events += last
    session.console.file.seek(0), session.console.file.truncate()
    monkeypatch.setattr("builtins.input", lambda prompt="": "")     # Enter at every page
    assert session._run() == 0
    out = session.console.file.getvalue()
    shown = [out.index(f"{line}\n") for line in last]
    assert shown == sorted(shown)                              # all of them, in order
    assert "not shown" not in out
    assert shown[-1] < out.index("Result:")


def _movers(match: Match, viewer: int) -> list[int | None]:
    """The seat that made each move of the game (CHANCE for chance), None for a move the
    screen leaves untold to `viewer` (a Guerilla pass in a reaction window): no seat's news."""
    live, seats = Match(match.game, match.seed), []
    for action in match.actions:
        seats.append(None if untold(live.state, viewer, action) else live.state.current_player())
        live.apply(action)
    return seats


@pytest.mark.parametrize("game", GAMES)
def test_a_prompt_after_others_moved_names_them_and_drops_what_was_typed_ahead(tmp_path, monkeypatch, game):
    session = _session(tmp_path, game, terminal=True)
    prompts, flushed = [], []               # the number of moves made when each happened
    monkeypatch.setattr("partisan.cli.play.session.discard_typed_ahead",
                        lambda: flushed.append(len(session.match.actions)) or False)

    def answer(prompt=""):
        if session.state.is_terminal():     # the pager of the end screen
            return ""
        prompts.append((len(session.match.actions), session._prompt().plain))
        return "1" if len(prompts) < 60 else "quit"
    monkeypatch.setattr("builtins.input", answer)
    assert session._run() == 0
    movers, before = _movers(session.match, session.human), 0
    expected = []
    for moves, prompt in prompts:
        others = list(dict.fromkeys(s for s in movers[before:moves] if s not in (session.human, CHANCE, None)))
        if others:
            expected.append(moves)
            names = [side_name(session.state, seat)       # in seat order from the player's
                     for seat in sorted(others, key=lambda q: (q - session.human) % session.match.game.players)]
            assert f", after {names[0]}" in prompt and f"{names[-1]} moved (" in prompt, prompt
        else:
            assert ", after" not in prompt, prompt
        before = moves
    assert flushed == expected


def test_what_was_typed_ahead_is_dropped_on_a_terminal_only():
    """On a pipe (input from a file or another program) every line is meant: none is dropped."""
    read, write = os.pipe()
    try:
        os.write(write, b"1\n")
        with os.fdopen(read, "r", closefd=False) as stream:
            assert not discard_typed_ahead(stream)
            assert stream.readline() == "1\n"
    finally:
        os.close(read)
        os.close(write)
