"""Heroes of Baler's screen, a newcomer's sixth round of notes (issue 34): Spain's head start
said on the first screen. heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import pytest

from partisan.core.game import load_game
from tests.cli.test_baler_solo_newcomer import ROOMY, SMALL, _screen


def _first_screen(size, automa: bool) -> str:
    state = load_game("baler", automa=automa).new_initial_state(206)
    while state.is_chance_node() or state.current_player() != 0:
        state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    return "\n".join(_screen(state.observation(0), 0, size))


@pytest.mark.parametrize("size", [SMALL, ROOMY])
@pytest.mark.parametrize("automa", [False, True])
def test_the_first_screen_says_spain_s_vp_are_a_head_start(size, automa):
    """l.1189: "One side has at least 15 victory points more than the other. The game ends":
    Spain's 7 starting VP (Partisan's set-up, RULES.md; the rulebook leaves it to the
    playbook) weigh on that from the first turn, so the first screen says they are a head
    start, at 80x24 and at 100x40."""
    screen = _first_screen(size, automa)
    assert "VP 7 (head start)" in screen or "VP 7: a head start" in screen, screen
