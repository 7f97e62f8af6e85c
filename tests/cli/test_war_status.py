"""WAR's compact table (80×24) spells every seat's status note in full: a seat with several
notes gets one a line rather than an ellipsis ("spy: reveals fir…", "G playe…")."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.views import war
from partisan.core.game import load_game


def test_the_compact_status_column_keeps_every_note_whole():
    obs = load_game("war", players=4).new_initial_state(0).observation(0)
    for p, flags in zip(obs["players"], ((1, 1, 1), (1, 0, 1), (0, 1, 1), (0, 0, 1))):
        p["reveals_first"], p["draws_one"], p["played_guerrilla"] = map(bool, flags)
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True,
                      color_system=None, legacy_windows=False)
    console.print(war.render(obs, 0))
    screen = console.file.getvalue()
    assert "…" not in screen
    assert screen.count("spy: reveals first") == 2 and screen.count("G played") == 4
    assert "draws 1, G played" in screen
