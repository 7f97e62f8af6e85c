"""Guerilla's screens after the thirteenth round's 6-player game at 100x40 (seed 1322): what
changed on the table stays in the summary between turns. The event lines are those the game's
record shows; each test quotes the passage the line tells."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.play.screen import Chance, Consequence
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match


def _session(tmp_path, width: int = 100, height: int = 40) -> PlaySession:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None,
                      legacy_windows=False)
    return PlaySession(Match(load_game("guerilla", players=6), 1322), 0, {seat: "random" for seat in range(1, 6)},
                       "random", tmp_path / "g.json", console)


def _summary(session, events: list[str], rows: int) -> str:
    session.events, session.human_moved = events, True
    session.console.print(session._recent_events(rows))
    return " ".join(session.console.file.getvalue().split())


def _battle(attacker: str, defender: str, group: str, lost: str) -> list:
    return [f"{attacker}: attack with {attacker}'s g9", f"{attacker}: attack {defender}'s {group}",
            Chance(f"{attacker}'s attack d10: 2"),
            Chance(f"{attacker}'s g9 attacks {defender}'s {group}: {defender}'s defence d10: 1; totals {attacker} 8 "
                   f"(8 + d10 2) against {defender} 6 (5 + d10 1): {defender} must lose 2 strength"),
            Consequence(f"{defender}'s {group}, attacked by {attacker}'s g9: {lost} eliminated")]


# P5 takes back the Barracks P4 had taken from you, among the other seats' battles.
RETAKEN = [*_battle("P2", "P3", "g5", "Unit 2/2"), *_battle("P3", "P6", "g7", "Unit 1/3"),
           "P5: attack with P5's g9", "P5: attack P4's g20", Chance("P5's attack d10: 2"),
           Chance("P5's g9 attacks P4's g20: P4's defence d10: 1; totals P5 8 (8 + leader -2 + d10 2) against P4 6 "
                  "(5 + d10 1): P4 must lose 2 strength but has only 1 in the battle: all of it is lost; "
                  "P5 scores 1 point"),
           Consequence("P4's g20, attacked by P5's g9: Unit 1/1 eliminated"),
           Consequence("P5 captures P4's Barracks (g20, now Rebel)"), Consequence("Rebel tally 15 → 16"),
           Consequence("P5: +1 point (now 4), won by P5's g9 against P4's g20"),
           "P5: move Unit 4/4 of P5's g9 into the captured complex", *_battle("P6", "P2", "g3", "Unit 3/3"),
           "P5: play Arms Cache",
           "P5: make a demolition attack on the Airfield of P2's g19 (DF 3 + d10 against 6 + d10)",
           Chance("P5's demolition d10: 3"),
           Chance("P2's defence d10: 4; demolition 9 (6 + d10 3) against 7 (DF 3 + d10 4): 2 damage to the Airfield "
                  "of P2's g19; damaged, it loses its special abilities until repaired"),
           *_battle("P4", "P5", "g11", "Unit 4/1"), "P6: end the turn"]


def test_a_complex_changing_hands_or_damaged_is_kept_before_the_battles_losses(tmp_path):
    """l.75: "Whenever a complex would be required to take losses, it is instead captured by the
    attacking group." l.74: "Only air strikes (see the red Airfield card) and demolition attacks
    using an Arms Cache event card can damage a complex."
    Six rows: the Barracks taken back and the Airfield damaged are kept before the others' losses
    (both were once dropped while "Unit 1/1 eliminated" was shown)."""
    shown = _summary(_session(tmp_path), list(RETAKEN), 6)
    assert "P5 captures P4's Barracks (g20, now Rebel)" in shown, shown
    assert "2 damage to the Airfield of P2's g19" in shown, shown


def test_a_complex_repaired_is_kept_before_the_battles_losses(tmp_path):
    """l.92: "Damage to a complex can be repaired at the cost of one action."
    The repair that gives the Airfield its abilities back is kept before the others' losses."""
    events = [*_battle("P2", "P3", "g5", "Unit 2/2"), "P2: repair the Airfield of P2's g19",
              Chance("P2's repair d10: 5, half of it (2) repairs 2 damage of the Airfield; undamaged again, "
                     "the Airfield has its special abilities back"),
              *_battle("P3", "P6", "g7", "Unit 1/3"), *_battle("P4", "P5", "g11", "Unit 4/1")]
    shown = _summary(_session(tmp_path), events, 3)
    assert "repairs 2 damage of the Airfield" in shown, shown
