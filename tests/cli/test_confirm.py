"""A move that gives something up is asked about first (cli/console.py confirmation(), the
view module's `confirm` hook): ending the turn with actions left is not played by one stray
keypress on a terminal; without the hook, or off a terminal, a move is played at once."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.cli.views import guerilla as guerilla_view
from partisan.core.game import load_game
from partisan.core.record import Match

END = "end the turn"


def _end_with_actions_left(obs: dict, seat: int, text: str) -> str | None:
    """The rule a game's view gives: ending the turn with actions unspent is asked about."""
    left = obs.get("actions_left", 0)
    if text != END or not left:
        return None
    return f"End the turn with {left} action{'s' * (left != 1)} left?"


def _position(seed: int = 4) -> Match:
    """Seat 0 of a random 4-player Guerilla game, to move, able to end its turn with actions left."""
    game = load_game("guerilla", players=4)
    state, rng, actions = game.new_initial_state(seed), random.Random(seed), []
    while True:
        if state.current_player() == 0 and state.observation(0)["actions_left"] and \
                any(state.action_to_string(a) == END for a in state.legal_actions()):
            return Match(game, seed, actions)
        actions.append(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])


def _session(tmp_path, answers: list[str], terminal: bool = True) -> PlaySession:
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=terminal, color_system=None)
    asked = iter(answers)
    console.input = lambda prompt="", **_: (console.print(prompt, end=""), next(asked))[1]
    return PlaySession(_position(), 0, {s: "random" for s in (1, 2, 3)}, "random", tmp_path / "g.json", console)


def _end_number(session) -> str:
    state = session.state
    return str(1 + [state.action_to_string(a) for a in state.legal_actions()].index(END))


@pytest.fixture
def confirm(monkeypatch):
    monkeypatch.setattr(guerilla_view, "confirm", _end_with_actions_left, raising=False)


@pytest.mark.parametrize("answer", ["n", "1", ""])
def test_ending_the_turn_with_actions_left_is_not_played_without_a_yes(tmp_path, confirm, answer):
    """The question names the actions left; anything but yes (a stray `1` meant for another
    prompt, Enter) leaves the game as it was."""
    session = _session(tmp_path, [answer])
    before = list(session.match.actions)
    left = session.state.observation(0)["actions_left"]
    assert session.handle(_end_number(session)) == "stay"
    assert session.match.actions == before
    out = session.console.file.getvalue()
    assert f"End the turn with {left} action" in out and "Not played" in out


def test_a_yes_plays_it(tmp_path, confirm):
    session = _session(tmp_path, ["y"])
    before = len(session.match.actions)
    number = _end_number(session)
    end = session.state.legal_actions()[int(number) - 1]
    assert session.handle(number) == "moved"
    assert session.match.actions[before] == end


def test_other_moves_and_other_consoles_are_not_asked(tmp_path, confirm):
    """A move the hook says nothing of is played at once; off a terminal (a script, a pipe)
    nothing is asked either."""
    session = _session(tmp_path, [])
    state = session.state
    other = next(n for n, a in enumerate(state.legal_actions(), 1) if state.action_to_string(a) != END)
    assert session.handle(str(other)) == "moved"
    session = _session(tmp_path, [], terminal=False)
    assert session.handle(_end_number(session)) == "moved"
