"""Guerilla in the game's own words, whole games long: no menu phrase, event line or hint names a
card by the engine's number ("Unit 2/2 (card 41)"); a red card drawn while refilling says it
goes back into the deck (l.38)."""
from __future__ import annotations

import random

import pytest

from partisan.cli.console import move_text
from partisan.core.game import load_game

ENGINE_NUMBER = "(card "


def _random_game(players: int, seed: int, moves: int = 900):
    """A random game; yields the state before each move with the move chosen."""
    state = load_game("guerilla", players=players).new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            return
        a = rng.choice(state.legal_actions())
        yield state, a
        state.apply_action(a)


@pytest.mark.parametrize("players,seed", [(4, 3), (6, 5)])
def test_no_move_or_event_names_a_card_by_its_number(players, seed):
    """What a player reads of every move (the menu, the hint and undo, each seat's event line)
    names a card by its kind and place, as the table does."""
    seen = 0
    for state, a in _random_game(players, seed):
        mover = state.current_player()
        if mover >= 0:
            texts = state.observation(mover)["menu"] + [move_text(state, mover, a)]
        else:
            texts = []
        texts += [state.describe_action(a, v) for v in (None, *range(players))]
        for text in texts:
            assert ENGINE_NUMBER not in text, text
        seen += 1
    assert seen > 200


def test_a_red_card_drawn_while_refilling_says_it_goes_back():
    """l.38: "Each player then refills his hand to its maximum capacity. Any red cards drawn
    are returned to the dealer and another card is drawn." The drawer is told why it left."""
    for seed in range(40):
        for state, a in _random_game(4, seed, 400):
            if state.current_player() < 0 and state.observation(0)["phase"] == "refill":
                text = state.describe_action(a, state._snap()["cur"])
                if text.startswith("you draw") and "red card" in text:
                    assert text.endswith("(a red card: it goes back into the deck and another is drawn)")
                    return
    pytest.fail("no red card drawn while refilling in 40 games")


def _first_at(phase: str, seeds=range(60)):
    """The first position of a random four-seat game where the seat to move is at `phase`."""
    for seed in seeds:
        for state, _ in _random_game(4, seed, 1500):
            mover = state.current_player()
            if mover >= 0 and state.observation(mover)["phase"] == phase:
                return state, mover
    pytest.fail(f"no random game reached {phase!r}")


def test_keeping_a_group_as_it_is_names_it_as_the_table_does():
    """l.23-l.26: the cards of a group may be re-arranged after a deployment; keeping it is a
    move that names the group as the table does ("your g5"), not "group 5"."""
    state, mover = _first_at("rearrange a group after a battle, deployment or change of faction")
    menu = state.observation(mover)["menu"]
    assert any(m.startswith("keep your g") and m.endswith(" as it is") for m in menu), menu


def test_a_recon_patrol_that_takes_nothing_says_so():
    """l.127: the Recon Patrol lets "an Arms Cache, Ambush or Assassin card to be taken or
    discarded"; ending it without either says so, not "done"."""
    state, mover = _first_at("recon patrol: take or discard")
    assert "take and discard nothing" in state.observation(mover)["menu"]


def _first_where(found, seeds=range(80)):
    """The first (state, move) of random four-seat games for which found(state, move, text) holds."""
    for seed in seeds:
        for state, _ in _random_game(4, seed, 1500):
            if state.current_player() < 0:
                continue
            for a in state.legal_actions():
                if found(state, a, state.action_to_string(a)):
                    return state, a
    pytest.fail("no random game reached the move")


def test_another_seats_ambush_marker_roll_is_his():
    """l.79: "Whenever a group belonging to a player with an ambush marker is attacked, he may
    roll the die." Told to another seat, the marker is the roller's, not the listener's."""
    state, a = _first_where(lambda s, a, t: t == "roll your ambush marker")
    mover = state.current_player()
    other = (mover + 1) % 4
    assert state.describe_action(a, mover) == "you: roll your ambush marker"
    assert state.describe_action(a, other) == f"P{mover + 1}: roll P{mover + 1}'s ambush marker"


def test_a_revolution_s_swap_names_you_when_it_is_yours():
    """l.139: "The player who draws this card may exchange the loyalty markers of any two
    players." A swap that takes your marker says you."""
    state, a = _first_where(lambda s, a, t: t.startswith("swap the markers of"))
    x, y = [int(w[1:]) - 1 for w in state.action_to_string(a).split() if w.startswith("P")]
    told = state.describe_action(a, x)
    assert told.endswith(f"swap the loyalty markers of you and P{y + 1}") or \
        told.endswith(f"swap the loyalty markers of P{y + 1} and you"), told
