"""Garden Guerrilla's last screen and picture as a newcomer reads them (l.N: line N of
rules/garden_guerrilla.txt)."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from partisan.cli.views import garden as view
from partisan.cli.views.garden_svg import MARGIN, svg
from partisan.core import RandomState, load_game
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import landing_id
from partisan.core.record import Match
from tests.games.garden.test_screen_round7 import RED, _game


def _terminal(renderable, width: int, height: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, height=height, force_terminal=True, color_system=None).print(renderable)
    return out.getvalue()


def _cell(screen: str) -> tuple[int, int]:
    found = re.search(r"1 cell ≈ (\d+)×(\d+) mm", screen)
    return int(found.group(1)), int(found.group(2))


@pytest.mark.parametrize("height", [40, 50])
def test_the_last_table_keeps_the_shape_of_the_tables_in_play(height):
    """l.41 the game ends when the last card is played: the last table is drawn as in play
    (the same cells, 15×27 mm) when the screen leaves room for the outcome below it, else
    smaller in the same proportion, never squashed to half its height."""
    game = load_game("garden", players=2)
    match, rng = Match(game, 3), RandomState(3)
    while not match.state.is_terminal():
        s = match.state
        match.apply(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[rng.randint(len(s.legal_actions()))])
    obs = match.state.observation(RED)
    playing = _cell(_terminal(view.board(obs, RED, view.FULL_BOARD), 100, height))
    screen = _terminal(view.render(obs, RED), 100, height)
    w, h = _cell(screen)
    assert abs(w / h - playing[0] / playing[1]) < 0.05, screen
    assert ((w, h) == playing) == (height >= 44), screen
    assert len(screen.rstrip("\n").split("\n")) + view.END_ROOM <= height, screen


def test_the_picture_rings_where_a_card_pushed_out_of_a_bush_lies():
    """The rulebook says no more of a bush than l.63: "The bush blocks all line of sight"; a
    card landing in one is pushed out to its edge, the reading in core/games/garden/RULES.md
    (Your move, "In a bush"). The picture's landing ring is where the card lies."""
    game, match = _game()
    for a in (A.card + game.data.insect("Chemic"), A.aim_grid + 3 * 8 + 6, A.orient, landing_id(300, 450)):
        match.apply(a)
    obs = match.state.observation(RED)
    card = next(ob for ob in obs["objects"] if ob["id"] == 8 + game.data.insect("Chemic"))
    ring = re.search(r'<circle class="landing" cx="([\d.]+)" cy="([\d.]+)"', svg(obs))
    assert (card["x"], card["y"]) != (300, 450)
    assert (float(ring.group(1)), float(ring.group(2))) == (MARGIN + card["x"], MARGIN + 600 - card["y"])
