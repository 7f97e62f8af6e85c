"""A menu item is typed as read: the marks a view sets after it (Garden's ^ for a card on a
hat, ! for an aim whose miss risks a catch) are shown, never needed in what is typed."""
from __future__ import annotations

import io
import re

from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.cli.views import garden as view
from partisan.core.record import Match
from tests.cli.test_garden_newcomer import BLUE, RED, A, _game, _play, _screen, landing_id


def test_a_garden_aim_at_a_card_on_a_hat_is_typed_without_its_mark(tmp_path):
    """garden_guerrilla.txt l.62: "Attacks from insects that landed on top of a Mushroom affect
    the board below": a card may lie on a hat, and be aimed at there. At 80x24 the aim menu lists a card on a hat as "your Sk^"; a newcomer typed
    "your Sk" and "blue ch" and was refused. Typed without the mark (any case), it is the move."""
    game, match = _game()
    _play(game, match, "Skorpio", land=landing_id(800, 490))               # on the hat
    _play(game, match, "Skorpio", land=landing_id(300, 300), viewer=RED)    # Blue's, on the table
    match.apply(A.card + game.data.insect("Snailper"))
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    menu = _screen(view.moves(s.observation(RED), RED, texts), 80, 24)
    number = int(re.search(r"(\d+)\. your Sk\^", menu).group(1))
    aim = s.legal_actions()[number - 1]
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    session = PlaySession(Match(game, 0, list(match.actions)), RED, {BLUE: "random"}, "random",
                          tmp_path / "g.json", console)
    for typed in ("your Sk^", "your Sk", "YOUR sk"):
        assert session.parse_move(typed) == aim, typed
