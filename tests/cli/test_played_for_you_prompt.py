"""The prompt names the moves played for the player since their last input (their only legal
moves): a newcomer at 80×24 picked a leader for a new group and typed `1` for "add Unit 1/3",
which had been played for him with the group's closing, so his `1` deployed the group as
Government (Guerilla, seed 101)."""
from __future__ import annotations

import io
import random

from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match


def _session(game: str, players: int, seed: int) -> PlaySession:
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    console.input = lambda prompt="", **_: "y"
    return PlaySession(Match(load_game(game, players), seed), 0, {s: "random" for s in range(1, players)},
                       "random", None, console)


def test_the_prompt_names_the_moves_played_for_the_player():
    """Random choices until a move of the player is followed by moves played for them; the
    prompt then names them (when they fit the row, else counts them and names the last, else
    only counts them: a row), and a prompt after none names none."""
    for seed in range(1, 30):
        session, rng = _session("guerilla", 4, seed), random.Random(seed)
        session._advance()
        for _ in range(80):
            if session.state.is_terminal():
                break
            prompt = session._prompt().plain
            if session.played_for:
                said = session.played_for
                assert prompt.startswith("Played for you: "), prompt
                named = "Played for you: " + ", ".join(f"'{text}'" for text in said)
                if len(named) < 80:
                    assert all(f"'{text}'" in prompt for text in said), (said, prompt)
                else:       # counted, the last named where the row holds it
                    assert prompt.startswith(f"Played for you: {len(said)} moves"), prompt
                    assert len(prompt.splitlines()[0]) <= 80, prompt
                return
            assert "Played for you" not in prompt, prompt
            session.handle(str(rng.randint(1, len(session.state.legal_actions()))))
    raise AssertionError("no move played for the player in 29 random games")


def test_three_moves_played_for_you_are_named_when_they_fit_the_row():
    """A newcomer at 80×24 read "Played for you: 3 moves." and had to open `events` to learn
    which: named when the row holds them (a move played again and again once, with how many
    times), else counted with the last named (on the row)."""
    session = _session("guerilla", 4, 1)
    session.played_for = ["no reaction", "no reaction", "end the turn"]
    assert "Played for you: 'no reaction' twice and 'end the turn'." in session._prompt().plain
    session.played_for = [f"withdraw Unit {i}/3 of your g{i}" for i in range(1, 5)]
    assert "Played for you: 4 moves, the last 'withdraw Unit 4/3 of your g4'.\n" in session._prompt().plain


def test_the_moves_played_for_you_are_named_once_not_again_after_a_command():
    """A newcomer at 100×40 typed `hint` after Garden played his throw style for him, and the
    prompt below the hint said "Played for you: 'throw it spinning'." again, as if another move
    had been played: the moves played for you are named until your next input."""
    session = _session("garden", 2, 46)
    session._advance()
    while not session.played_for:
        assert session.handle("1") == "moved"
        session._advance()
    assert session._prompt().plain.startswith("Played for you: ")
    for command in ("hint", "board", "help"):
        assert session.handle(command) == "stay"
        assert "Played for you" not in session._prompt().plain, command


def test_two_long_moves_played_for_you_keep_the_prompt_to_a_row_of_its_own():
    """Two moves played for the player whose names do not fit a row are counted, so that the
    line above the prompt takes one row, as the screen above it counts on (Heroes of Baler at
    80x24: a guard post and a detachment space played for a Spanish survivor)."""
    session = _session("baler", 2, 1)
    session.played_for = ["Spanish post '5-6', areas 2 and 3", "Detachment '3-4', space 6"]
    line = session._prompt().plain.splitlines()[0]
    assert line == "Played for you: 2 moves, the last 'Detachment '3-4', space 6'.", line
    session.played_for = [f"Spanish post '5-6', areas 2 and 3, a long way {i}" for i in range(2)]
    line = session._prompt().plain.splitlines()[0]
    assert line == "Played for you: 2 moves (`events` tells them all).", line
    session.played_for = ["walls"]
    assert session._prompt().plain.startswith("Played for you: 'walls'.\n")
