"""Garden Guerrilla as newcomers read it in round 14 of play (l.N: line N of
rules/garden_guerrilla.txt): a stack of cards at one point, ..."""
from __future__ import annotations

import pytest

from partisan.cli.console import apply_narrated
from partisan.cli.views import garden as view
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import landing_id
from tests.cli.test_garden_newcomer import RED, _game, _play, _screen, _skip


def _ladygun_on_grasshopper():
    """Blue's Ladygun aimed at its own Grasshopper San lands on it, at (662, 139) mm."""
    game, match = _game(hands={1: ["Grasshopper San", "Ladygun", "Snailper", "Firefly", "Skorpio"]})
    _skip(game, match, "Firefly")
    _play(game, match, "Grasshopper San", land=landing_id(662, 139))
    _skip(game, match, "Skorpio")
    s = match.state
    apply_narrated(match, A.card + game.data.insect("Ladygun"), RED)
    apply_narrated(match, next(a for a in s.legal_actions() if s.action_to_string(a) == "aim at Blue Grasshopper San"),
                   RED)
    apply_narrated(match, A.orient + 0, RED)
    apply_narrated(match, landing_id(662, 139), RED)
    return match


@pytest.mark.parametrize("size, screen", [(view.FULL_BOARD, (100, 40)), (view.COMPACT_BOARD, (80, 24))])
def test_a_card_on_another_at_one_point_reads_as_a_stack(size, screen):
    """l.70 "If it is not possible to determine which card is hit by a group effect of several
    cards (for example: cards overlapping ...)": two cards may lie at one point. A newcomer
    read Blue's Ladygun landed on its Grasshopper San, drawn "lg@gh", as two cards side by
    side. Their codes are one token, the top one first, "lg/gh", and the column beside the
    table says what the "/" means."""
    obs = _ladygun_on_grasshopper().state.observation(RED)
    board = view.Board(obs, *size)
    assert "lg/gh" in board.draw().plain
    text = " ".join(_screen(view.render(obs, RED), *screen).split())
    assert "lg/gh: stacked, the top one first" in text, text
