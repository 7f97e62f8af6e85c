"""Garden Guerrilla's last screen and picture as a newcomer reads them (l.N: line N of
rules/garden_guerrilla.txt)."""
from __future__ import annotations

import re

from partisan.cli.views.garden_svg import MARGIN, svg
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import landing_id
from tests.games.garden.test_screen_round7 import RED, _game


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
