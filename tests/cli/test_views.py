"""The views: the generic fallback, and WAR's screen showing exactly what one seat knows."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from partisan.cli.console import view_module
from partisan.cli.views import generic, war
from partisan.core.game import load_game
from partisan.core.games.war import card_name


def text_of(renderable) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def test_generic_view_shows_nested_observation():
    obs = {"private_card": "Kh", "public_card": None, "pot_size": 4, "folded": False,
           "bets": [["call", "raise"], []], "stacks": {"north": 3}}
    text = text_of(generic.render(obs, 1))
    assert "What P2 sees" in text
    for fragment in ("private card", "Kh", "public card", "pot size", "4", "folded", "no",
                     "call, raise", "(none)", "north", "3"):
        assert fragment in text


def test_games_without_their_own_view_use_the_generic_one():
    assert view_module("war") is war
    assert view_module("no_such_game_view") is generic


def _random_war_states(players: int, seed: int, every: int = 7):
    """States along one random game of WAR, every few moves, and the last one."""
    state = load_game("war", players=players).new_initial_state(seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal():
        if n % every == 0:
            yield state
        legal = state.legal_actions()
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(legal))
        n += 1
    yield state


@pytest.mark.parametrize("players", [2, 3])
def test_war_view_shows_own_hand_and_hides_unknown_cards(players):
    for state in _random_war_states(players, seed=players):
        for seat in range(players):
            obs = state.observation(seat)
            text = text_of(war.render(obs, seat))
            assert "Your hand" in text and f"P{seat + 1}'s view" in text
            assert f"Guerrilla rank {obs['guerrilla_rank']}" in text
            for card in obs["hand"]:
                assert card in text
            shown = set(obs["removed"]) | set(obs["pot"])
            for p in obs["players"]:
                shown |= set(p["discard_pile"]) | set(p["hand"]) | set(p["shown"])
                shown |= {c for c in (p["face_up"], p["support"], p["secret_choice"]) if isinstance(c, str)}
                for key in ("face_down", "tie_cards"):
                    if isinstance(p[key], list):
                        shown |= set(p[key])
            last = obs["last_skirmish"] or {"shown": [], "face_down": [], "removed": [], "spoils": []}
            for group in (*last["shown"], *last["face_down"], last["removed"], last["spoils"]):
                shown |= set(group)
            for card in {card_name(c) for c in range(52)} - shown:
                assert card not in text, (seat, card)


def test_war_view_marks_the_end():
    *_, final = _random_war_states(2, seed=11)
    winner = final.observation(0)["winner"]
    assert winner is not None
    loser = 1 - winner
    assert f"P{winner + 1} won the war!" in text_of(war.render(final.observation(loser), loser))
    assert "You won the war!" in text_of(war.render(final.observation(winner), winner))
