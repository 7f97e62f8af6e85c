"""Guerilla's screen after the sixteenth round's 6-player game at 80x24: a crowded summary keeps
the Informant that stopped the player's attack. guerilla.txt, l.N."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.play.screen import Consequence
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match

INFORMANT = "P2: play Informant: offer a retreat"
# What P1 saw after its Air Assault on P5's g34 (seed 1616): P2's Informant let the group retreat.
RETREAT = ["you: attack P5's g34", INFORMANT, "P5: accept the retreat",
           Consequence("P5's g34, attacked by your g29 and g33 (Air Assault): Lagos/Ibarra, Unit 3/4 back to hand")]


def test_the_informant_that_stopped_your_attack_is_kept():
    """l.126: Informant "allows a Rebel group to retreat before combat is resolved. Any player can
    play the informant, not just the attacker or the defender." At 80x24 with three rows of
    events, the summary showed "P5: accept the retreat" and the group back in hand, not who
    played the Informant: it keeps the Informant with the retreat's outcome."""
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("guerilla", players=6), 1616), 0, {s: "random" for s in range(1, 6)},
                          "random", None, console)
    session.events, session.human_moved = list(RETREAT), True
    console.print(session._recent_events(4))
    shown = " ".join(console.file.getvalue().split())
    assert INFORMANT in shown and "back to hand" in shown, console.file.getvalue()
