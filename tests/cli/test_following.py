"""Following the game on screen: WAR's Loss of Forces chosen by the winner, suits and the colour
legend, the promotion note outside its phase; Junta's note on its fixed order of entry; typed
input never carried over to another decision."""
from __future__ import annotations

import io
import os
import pty
import select

from rich.console import Console

from partisan.cli.console import decision_note, discard_typed_ahead
from partisan.cli.views import war
from partisan.core.game import load_game


def text_of(renderable, width=80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def play(state, *moves):
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def war_tie_won_by_p2(**options):
    state = load_game("war", 2, **options).new_initial_state(0)
    return play(state, "draw 9♠", "draw 2♠", "draw 8♥", "draw 2♥", "play 2♠", "play 2♥", "no support",
                "no support", "draw 3♠", "draw 4♠", "draw 3♥", "draw 5♥", "face up 4♠", "face up 5♥")


def test_loss_chosen_by_the_winner_says_who_won_and_how_many_to_remove():
    state = war_tie_won_by_p2(loss="winner")
    for width in (80, 120):
        mine = text_of(war.render(state.observation(1), 1), width)
        assert "You won the skirmish. Loss of Forces: choose 3 cards" in " ".join(mine.split())
        theirs = " ".join(text_of(war.render(state.observation(0), 0), width).split())
        assert "P2 won the skirmish and removes 3 cards (Loss of Forces)" in theirs
    assert state.describe_action(state.legal_actions()[0], 1).startswith("you: remove ")


def test_board_shows_suits_and_a_colour_legend():
    state = load_game("war", 2).new_initial_state(0)
    for width in (80, 120):
        text = text_of(war.render(state.observation(0), 0), width)
        assert "P1 ♠" in text and "P2 ♥" in text
        assert "Guerrilla" in text and "spy" in text


def test_you_may_only_in_the_promotion_phase():
    state = war_tie_won_by_p2()
    play(state, "lose 2♠", "lose 3♠", "lose 4♠")
    assert state.observation(0)["phase"] == "promotion"
    assert "(you may)" in text_of(war._promotion(state.observation(0), 0))
    play(state, "pass", "pass", "draw 5♠", "draw 6♥")
    line = text_of(war._promotion(state.observation(0), 0), 200)
    assert "(you may)" not in line and "before the next skirmish" in line


def test_junta_says_why_an_order_is_no_longer_offered():
    """After 'attack 4' Junta no longer offers 'defend own estate (2)': the screen says why."""
    state = load_game("junta", 4).new_initial_state(3)
    play(state, "P1 becomes Presidente")
    state.arrange(militia=[1, 2, 1, 1])
    while not (state.current_player() == 1 and state.observation(1)["phase"] == "command militias"):
        state.apply_action(state.legal_actions()[0])
    assert decision_note(state, 1) is None            # nothing ordered yet
    play(state, "militia 1: attack 4")
    assert state.current_player() == 1
    assert "militia 2: defend own estate (2)" not in [state.action_to_string(a) for a in state.legal_actions()]
    assert "fixed sequence" in decision_note(state, 1)
    assert decision_note(state, 0) is None            # not P1's decision


def test_input_typed_before_the_prompt_is_discarded():
    master, slave = pty.openpty()
    try:
        with os.fdopen(slave, "r", closefd=False) as stream:
            assert not discard_typed_ahead(stream)
            os.write(master, b"1\n")
            assert select.select([stream], [], [], 1)[0]
            assert discard_typed_ahead(stream)
            assert not select.select([stream], [], [], 0.1)[0]
    finally:
        os.close(master)
        os.close(slave)
