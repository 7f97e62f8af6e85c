"""Guerilla's screen agrees with its events and says what the rules make happen (a newcomer's
second game at 80x24): each test quotes the rulebook passage its words explain."""
import io

from rich.console import Console

from partisan.cli.views.guerilla import render
from partisan.core.games.guerilla.state import GOV, REB
from tests.games.guerilla.test_narration import told


def _screen(obs, seat, width=100, height=40) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    console.print(render(obs, seat))
    return " ".join(console.file.getvalue().split())


def test_the_battle_panel_names_the_defender_the_events_name(Guerilla, cid):
    """l.7-l.8: "The number in the green square on a unit card represents the strength of the
    Government unit, the number in the brown circle the strength of the Rebel unit." l.57: "A
    leader is necessary to combine the strength of units in the same group in attack or
    defence." l.58: "When attacking a leaderless group, the attacker decides which unit(s) will
    defend." A Rebel group's Unit 1/4 (Rebel 4) outweighs its Unit 4/2 (Rebel 2, Government 4):
    the panel and the events both name Unit 1/4 with 4, also once it is lost in the battle."""
    strong, weak = cid("Unit 1/4"), cid("Unit 4/2")
    t = Guerilla(4).arrange(hands={2: [cid("Atrocities/Press")]},      # keeps the battle open after its losses
                            groups=[(0, GOV, [cid("Unit 5/1")], 0), (1, REB, [strong, weak, cid("Unit 2/1")], 0)])
    t.do("attack with group 0", "group 1", f"Unit 1/4 (card {strong})", f"Unit 4/2 (card {weak})", "done")
    said = "the strongest, Unit 1/4, defends with 4; all 2 may be lost"
    assert said in _screen(t.obs(1), 1)
    t.roll(4)                              # 5 + 4 against 4 + 1: 4 due, Unit 1/4 alone pays them
    assert said in told(t, 1, 1)[0]
    t.do(f"Unit 1/4 (card {strong})", "done")
    assert t.obs(1)["phase"] == "reaction" and strong not in [c for g in t.s._snap()["groups"] for c in g["units"]]
    assert said in _screen(t.obs(1), 1)


def test_a_captured_complex_says_its_garrison_was_lost_first(Guerilla, cid):
    """l.75: "Units and leaders garrisoning a complex must be the first to take losses when
    attacked. Whenever a complex would be required to take losses, it is instead captured by
    the attacking group." The panel says the garrison was lost, then the complex captured (an
    ungarrisoned one: test_narration_told)."""
    t = Guerilla(4).arrange(hands={2: [cid("Atrocities/Press")]}, groups=[
        (0, REB, [cid("Unit 1/5")], 0), (1, GOV, [cid("Bridge"), cid("Unit 3/1")], 0)])
    t.do("attack with group 0", "group 1").roll(10, 1)        # 15 against 3 + 3 + 1: 8 due
    screen = _screen(t.obs(1), 1)
    assert "you lost your garrison (3 loss points), then the Bridge is captured (8 due)" in screen, screen
    assert "with any garrison" not in screen
