"""80×24: a whole game of WAR and of Junta keeps the board, the legal moves and the prompt on
one screen (the views lay themselves out compactly); at 100×40 the full board is drawn."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from partisan.cli.console import render_view
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match

SMALL, ROOMY = (80, 24), (100, 40)


def _terminal(size) -> Console:
    return Console(file=io.StringIO(), width=size[0], height=size[1], force_terminal=True,
                   color_system=None, legacy_windows=False)


def _text(renderable, size) -> list[str]:
    console = _terminal(size)
    console.print(renderable)
    return console.file.getvalue().splitlines()


def _screens(game: str, players: int, seed: int, size, seat: int = 0):
    """Every screen the player at `seat` sees in one game against random bots, choosing at
    random, with a long backlog of events each time: (session, screen lines)."""
    console = _terminal(size)
    session = PlaySession(Match(load_game(game, players), seed), seat,
                          {s: "random" for s in range(players) if s != seat}, "random", None, console)
    rng = random.Random(seed)
    while True:
        session._advance()
        if session.state.is_terminal():
            return
        session.events += [f"event {i} " + "word " * (i % 25) for i in range(30)]
        console.file.seek(0), console.file.truncate()
        session.show_screen()
        yield session, console.file.getvalue().splitlines()
        session.handle(str(rng.randint(1, len(session.state.legal_actions()))))


@pytest.mark.parametrize("game, players", [("war", 2), ("war", 3), ("war", 4),
                                           ("junta", 3), ("junta", 4), ("junta", 5)])
def test_a_whole_game_at_80x24_keeps_the_board_the_moves_and_the_prompt_on_screen(game, players):
    screens = 0
    for session, screen in _screens(game, players, seed=players, size=SMALL, seat=players - 1):
        board = _text(render_view(session.state, session.human), SMALL)
        assert len(screen) <= SMALL[1] - 1, "\n".join(screen)      # the prompt takes the last row
        start = screen.index(board[0])
        assert screen[start:start + len(board)] == board, "\n".join(screen)
        assert screen[start + len(board)].startswith(f"Your move, P{session.human + 1}. Legal moves:")
        assert all(len(line) <= SMALL[0] for line in screen)
        screens += 1
    assert screens >= 10


@pytest.mark.parametrize("game, players", [("war", 4), ("junta", 5)])
def test_the_compact_board_names_every_seat_and_shows_your_hand(game, players):
    state = load_game(game, players).new_initial_state(3)
    rng = random.Random(3)
    for _ in range(120):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    seat = max(state.current_player(), 0)
    obs = state.observation(seat)
    text = "\n".join(_text(render_view(state, seat), SMALL))
    for s in range(players):
        assert f"P{s + 1}" in text
    hand = obs["hand"] if game == "war" else next(q for q in obs["seats"] if q["seat"] == seat)["hand"]
    assert "Your hand:" in text and all(card in text for card in hand)
    assert "╭" not in text                           # no frames: rows are kept for the board


@pytest.mark.parametrize("game, frame", [("war", "╭─ Your hand"), ("junta", "━━━")])
def test_a_roomy_terminal_keeps_the_full_board(game, frame):
    state = load_game(game).new_initial_state(1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    roomy = "\n".join(_text(render_view(state, 0), ROOMY))
    small = "\n".join(_text(render_view(state, 0), SMALL))
    assert frame in roomy and frame not in small
    assert len(small.splitlines()) < len(roomy.splitlines())
    # a console that is not a terminal (a pipe, a file) never scrolls away: wide, it gets the full board
    piped = Console(file=io.StringIO(), width=120, color_system=None)
    piped.print(render_view(state, 0))
    assert frame in piped.file.getvalue()
