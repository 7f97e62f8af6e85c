"""Guerilla's screens after the fourteenth round's 4-player game at 100x40 (seed 1413): what a
line says of a battle, what is kept for the player between choices, and the smaller gaps of its
report. Each test quotes the passage the line tells."""
from __future__ import annotations

from partisan.core.game import load_game
from partisan.core.games.guerilla.state import GOV, REB
from tests.games.guerilla.conftest import card


def _do(state, *wants: str) -> None:
    """Plays, for each text, the first legal move whose description (as P1 reads it) holds it."""
    for want in wants:
        state.apply_action(next(a for a in state.legal_actions() if want in state.describe_action(a, viewer=0)))


def test_a_complex_captured_once_the_losses_are_ordered_is_not_said_to_hold():
    """guerilla.txt l.75: "Units and leaders garrisoning a complex must be the first to take
    losses when attacked. Whenever a complex would be required to take losses, it is instead
    captured by the attacking group." l.72: "The victor decides the order in which they go
    there." With a Barracks on the table the victor orders the losses, and the capture comes
    after: the line said "the Policia holds: its garrison met the whole loss" (seed 1413, move
    983) and the next line "P4 captures P3's Policia"."""
    state = load_game("guerilla", 4).new_initial_state(0)
    garrison = [card("Banco de Nationale"), card("Coronel Manuel Durán / Capitán Tadeo Salas"), card("Unit 1/1")]
    state.arrange([GOV, REB, GOV, REB], groups=[(0, GOV, [card("Unit 4/1"), card("Unit 4/2")], 0),
                                                (1, REB, garrison, 0), (2, GOV, [card("Barracks")], 0)])
    _do(state, "attack with your g0", "attack with Unit 4/1", "attack P2's g1", *["no reaction"] * 4, "d10: 10")
    said = {state.describe_action(a, viewer=0) for a in state.legal_actions()}
    line = next(line for line in said if "P2 must lose 3 strength but has only 2 in the battle" in line)
    assert "the Banco de Nationale is captured: 1 of the loss is left for it once its garrison is gone" in line, line
    assert not any("holds" in line for line in said), said


def _session(tmp_path, width: int = 100, height: int = 40):
    import io

    from rich.console import Console

    from partisan.cli.play.session import PlaySession
    from partisan.core.record import Match
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None,
                      legacy_windows=False)
    return PlaySession(Match(load_game("guerilla", players=4), 1413), 0, {seat: "random" for seat in range(1, 4)},
                       "random", tmp_path / "g.json", console)


def test_a_press_played_on_your_battle_is_kept_until_seen(tmp_path):
    """guerilla.txt l.124: "Halves (fractions rounded down) or doubles the point value of any
    losses inflicted in battle. Any player may play immediately after a battle." P4's Press on
    P1's battle took P1's point (seed 1413, move 540); left off a crowded summary, its line did
    not name P1 and was not kept past P1's next choice: only `log` reached it."""
    from partisan.cli.play.screen import Consequence
    state = load_game("guerilla", 4).new_initial_state(0)
    state.arrange([GOV, REB, GOV, REB], hands={3: [card("Atrocities/Press")]},
                  groups=[(0, GOV, [card("Unit 4/1")], 0), (1, REB, [card("Unit 1/1")], 0)])
    _do(state, "attack with your g0", "attack P2's g1", *["no reaction"] * 4, "d10: 10", "d10: 1", *["no reaction"] * 3)
    press = next(state.describe_action(a, viewer=0) for a in state.legal_actions()
                 if "play Press" in state.describe_action(a, viewer=0))
    assert press.startswith("P4: play Press: this battle's points halved, in the battle of your g0"), press
    session = _session(tmp_path)
    session.events, session.human_moved = ["you: attack P2's g1", "P3: buy an ambush marker point", press,
                                           Consequence("you: -1 point (now 0)")], True
    session._recent_events(2)
    assert press in session.unseen, session.unseen
