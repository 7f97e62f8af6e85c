"""A move that gives something up is asked about first (cli/console.py confirmation(), the
view module's `confirm` hook): ending the turn with actions left is not played by one stray
keypress on a terminal; without the hook, or off a terminal, a move is played at once."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.cli.views import baler as baler_view, guerilla as guerilla_view
from partisan.core.game import load_game
from partisan.core.games.baler.state import NODES
from partisan.core.record import Match

END = "end the turn"


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


@pytest.mark.parametrize("answer", ["n", "1", ""])
def test_ending_the_turn_with_actions_left_is_not_played_without_a_yes(tmp_path, answer):
    """The question names the actions left; anything but yes (a stray `1` meant for another
    prompt, Enter) leaves the game as it was."""
    session = _session(tmp_path, [answer])
    before = list(session.match.actions)
    left = session.state.observation(0)["actions_left"]
    assert session.handle(_end_number(session)) == "stay"
    assert session.match.actions == before
    out = session.console.file.getvalue()
    assert f"End the turn with {left} action" in out and "Not played" in out


def test_a_yes_plays_it(tmp_path):
    session = _session(tmp_path, ["y"])
    before = len(session.match.actions)
    number = _end_number(session)
    end = session.state.legal_actions()[int(number) - 1]
    assert session.handle(number) == "moved"
    assert session.match.actions[before] == end


def test_other_moves_and_other_consoles_are_not_asked(tmp_path):
    """A move the hook says nothing of is played at once; off a terminal (a script, a pipe)
    nothing is asked either."""
    session = _session(tmp_path, [])
    state = session.state
    other = next(n for n, a in enumerate(state.legal_actions(), 1) if state.action_to_string(a) != END)
    assert session.handle(str(other)) == "moved"
    session = _session(tmp_path, [], terminal=False)
    assert session.handle(_end_number(session)) == "moved"


def test_reinforcing_another_players_group_says_whose_the_cards_become():
    """guerilla.txt l.83: reinforcements "immediately belong to the owner of the group they join"; one's own
    group is not asked about."""
    obs = {"actions_left": 2, "groups": [{"id": 5, "owner": 1}, {"id": 6, "owner": 0}]}
    assert guerilla_view.confirm(obs, 0, "reinforce group 5") == \
        "Reinforce P2's g5? The cards you add become P2's."
    assert guerilla_view.confirm(obs, 0, "reinforce group 6") is None
    assert guerilla_view.confirm(obs, 0, "end the turn") == "End the turn with 2 actions left?"
    assert guerilla_view.confirm({**obs, "actions_left": 0}, 0, "end the turn") is None


def test_baler_action_phase_ended_with_points_left_is_asked():
    """heroes_of_baler.txt l.541: "You cannot save action points for other turns, so all points not used in this
    phase are lost." "done" elsewhere (keeping a combat's dice in the Action phase: a newcomer was
    asked there), or with no point left, is played at once."""
    obs = {"phase": "action", "node": NODES["act"], "actor": 1, "ap": [0, 3]}
    assert baler_view.confirm(obs, 1, "done") == "End your Action phase with 3 action points left? They are lost."
    assert baler_view.confirm({**obs, "ap": [0, 0]}, 1, "done") is None
    assert baler_view.confirm({**obs, "node": NODES["mod"]}, 1, "done") is None    # keep the dice
    assert baler_view.confirm({**obs, "node": NODES["redeploy"]}, 1, "done") is None
    assert baler_view.confirm(obs, 1, "shooting area 1") is None
