"""Guerilla's initial deployment names the complexes still to deploy, which is why it cannot end
yet (cli/views/guerilla.py decision_note, core/games/guerilla/view.py `complexes_left`)."""
from __future__ import annotations

from partisan.cli.console import decision_note
from partisan.core.game import load_game


def _at_deployment(seed: int = 7):
    """Seat 0 at its first deployment choice (seed 7 deals it Banco de Nationale), the other
    seats and the deal moved by their first legal moves."""
    state = load_game("guerilla", players=4).new_initial_state(seed)
    while state.current_player() != 0 or len(state.legal_actions()) == 1:
        player = state.current_player()
        state.apply_action(state.sample_chance() if player < 0 else state.legal_actions()[0])
    return state


def test_the_deployment_says_which_complexes_must_still_be_deployed():
    """guerilla.txt l.36: "Simultaneously, players must deploy all red complex cards (possibly
    with garrisons) from their hands face down on the table." While one is in the hand, the
    deployment's end is not offered, and the note says which complex holds it back; once it
    is in a group the note no longer names it."""
    state = _at_deployment()
    menu = [state.action_to_string(a) for a in state.legal_actions()]
    assert "done" not in menu and "Banco de Nationale" in menu
    assert decision_note(state, 0).endswith(
        "Every complex must be deployed before your deployment ends: Banco de Nationale is still in your hand.")
    state.apply_action(state.string_to_action("Banco de Nationale"))
    assert "Banco de Nationale" not in decision_note(state, 0)
