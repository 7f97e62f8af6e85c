"""Which events a full 80×24 screen keeps (cli/play/screen.py): a move the session played for
the player (a lone "no reaction") comes after everything else, since the player had no say."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.play.screen import FORCED_NOTE
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match


def test_moves_played_for_you_give_way_to_what_others_did(tmp_path):
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True,
                      color_system=None, legacy_windows=False)
    session = PlaySession(Match(load_game("war"), 2), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    session._advance()
    session.events = ([f"you: no reaction{FORCED_NOTE}" for _ in range(20)]
                      + ["P2 attacks with g3", "P2: play 7♥"])
    session.show_screen()
    screen = console.file.getvalue()
    assert "P2 attacks with g3" in screen and "P2: play 7♥" in screen
    assert session.hidden > 0
