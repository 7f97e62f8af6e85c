"""The end of a played game shows every event since the player's last move (the program exits
next, so `events` can no longer list them), in every game, on a terminal or not."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game, registered_games
from partisan.core.record import Match

GAMES = [info.name for info in registered_games() if not info.test_only]


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
