"""The lines a landed card shot, kept for the pictures (core/games/garden/view.py shot_lines):
the same as the rules code ran them when the card landed, whatever has landed or been caught
since (l.N: line N of rules/garden_guerrilla.txt)."""
from __future__ import annotations

import random

import pytest

from partisan.core import load_game
from partisan.core.games.garden.state import OBJECTS, SIZES
from partisan.core.games.garden.view import HAT_LAYER, HOWS, shot_lines
from partisan.core.record import Match

NTYPES = SIZES["types"]


def _played_card(state) -> int:
    d = state._table()
    return OBJECTS["insect"] + d["seat"] * NTYPES + d["card"]


def _as_it_ran(state, o: int) -> list:
    """The rules code's own lines of card o just after it landed, its catches put back where
    they lay (they left the table after the lines ran)."""
    t = state.clone()
    d = t._table()
    for x, ob in enumerate(d["obj"]):
        if x != o and ob["where"] == 2 and ob["by"] == o and ob["how"] == HOWS["line"]:
            pose = ob["pose"]
            t._put(x, pose["x"] // 10, pose["y"] // 10, pose["angle"] // 5, bool(ob["face_down"]), ob["level"])
    return [list(seg) for seg in t._lines(o)]


def test_hat_layer_is_the_rules_codes():
    """A card put on a hat lies HAT_LAYER above its arrival (data.pxd), as shot_lines counts."""
    game = load_game("garden", players=2)
    s = game.new_initial_state(3)
    while s.is_chance_node():
        s.apply_action(s.sample_chance())
    before = s._table()["next_layer"]
    s._put(OBJECTS["insect"], 100, 100, 0, False, 1)
    assert s._table()["obj"][OBJECTS["insect"]]["layer"] == before + HAT_LAYER


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_the_lines_drawn_are_those_the_card_shot(players, seed):
    """l.50-l.57: a line from each crosshair to the first card it may hit (Laserfly's through
    every card), stopped by mushrooms and bushes (l.62-l.63). The lines drawn for a card
    after it landed are the ones that ran then: at once, and after every later play (cards
    landed on them, cards caught from them)."""
    game = load_game("garden", players=players)
    match = Match(game, seed)
    rng = random.Random(seed)
    ran: dict[int, list] = {}
    checked = 0
    while not match.state.is_terminal():
        s = match.state
        if s.is_chance_node():
            landing = s._table()["phase"] == 6
            o = _played_card(s) if landing else None
            match.play_chance()
            if o is not None:
                ran[o] = _as_it_ran(match.state, o) if match.state._table()["obj"][o]["where"] == 1 \
                    and not match.state._table()["obj"][o]["face_down"] else []
        else:
            match.apply(rng.choice(s.legal_actions()))
        d = match.state._table()
        for o, lines in ran.items():
            drawn = shot_lines(game.data, d, o)
            assert len(drawn) == len(lines), (o, drawn, lines)
            for got, want in zip(drawn, lines):
                assert got == pytest.approx(want, abs=1e-6), (o, got, want)
            checked += bool(lines)
    assert checked > 20
