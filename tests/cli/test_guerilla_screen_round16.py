"""Guerilla's screen after the sixteenth round's 6-player game at 80x24: a crowded summary keeps
the Informant that stopped the player's attack. guerilla.txt, l.N."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.play.screen import Chance, Consequence
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


def test_a_retreat_refused_after_your_informant_is_kept():
    """l.126: "If played on a Rebel group, the owner of that group may choose whether to accept
    it." A newcomer played his Informant on P5's battle; "P5: refuse the retreat" never reached
    his screen. With room for two lines, the refusal is kept with the battle's outcome."""
    console = Console(file=io.StringIO(), width=100, height=40, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("guerilla", players=6), 1716), 0, {s: "random" for s in range(1, 6)},
                          "random", None, console)
    session.events, session.human_moved = [
        "P5: attack P3's g12", "you: play Informant: offer a retreat", *[f"P{q}: no reaction" for q in (2, 3, 4, 6)],
        "P3: refuse the retreat", *[f"P{q}: no reaction" for q in (2, 4, 6)],
        "P6: attack P2's g8", Chance("P6's attack d10: 5"), Consequence("P2's g8, attacked by P6's g9: Unit 1/1 eliminated"),
        Consequence("P4's g3, attacked by P6's g7: Unit 2/2 eliminated")], True
    console.print(session._recent_events(3))
    assert "P3: refuse the retreat" in console.file.getvalue(), console.file.getvalue()


def test_the_recon_patrol_s_choice_names_the_hand_it_inspected():
    """l.127: the Recon Patrol "Allows another player's hand to be inspected secretly and an Arms
    Cache, Ambush or Assassin card to be taken or discarded." The inspected player read "P2:
    inspect your hand" and then nothing: "P2: take and discard nothing" named no one and was
    left out. To the others it names whose hand; its player's menu keeps the short words."""
    from partisan.core.games.guerilla.state import GOV
    from tests.cli.test_guerilla_newcomer import _cid, _table
    state = _table([(0, GOV, [_cid("Unit 1/1")], 0)], hands={0: [_cid("Recon Patrol")], 1: [_cid("Unit 2/2")]})
    for move in ("play Recon Patrol", "send your g0 on the Recon Patrol", "inspect P2's hand", "no counter"):
        state.apply_action(state.string_to_action(move))
    nothing = state.string_to_action("take and discard nothing")
    assert "take and discard nothing" in state.observation(0)["menu"]
    assert state.describe_action(nothing, 1) == "P1: take and discard nothing from your hand"
    assert state.describe_action(nothing, 2) == "P1: take and discard nothing from P2's hand"
