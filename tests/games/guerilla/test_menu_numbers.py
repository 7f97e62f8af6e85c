"""A move keeps its menu number from one screen of the turn to the next: phase A's moves, which
vanish once a later phase's move is made, are numbered last (rules/guerilla.txt l.44-l.47)."""
import io

from rich.console import Console

from partisan.cli.console import menu_actions
from partisan.cli.views.guerilla import moves
from partisan.core.games.guerilla.state import GOV, REB

VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"


def _number(t, move: str) -> int:
    """The number the menu gives `move` (its text), as typed at the prompt."""
    return menu_actions(t.s, 0).index(t.s.string_to_action(move)) + 1


def _menu_text(t) -> str:
    obs = t.obs(0)
    console = Console(file=io.StringIO(), width=100, force_terminal=True, color_system=None)
    console.print(moves(obs, 0, [t.s.action_to_string(a) for a in t.s.legal_actions()]))
    return " ".join(console.file.getvalue().split())


def test_an_attacks_number_stays_when_the_policia_ends_phase_a(Guerilla, cid):
    """guerilla.txt l.44: "Phases must take place in the order shown in the sequence of play."
    l.47: "The player may withdraw any deployed units or leaders back to his hand." The Policia's
    attempt (phase B) ends phase A and its withdrawals; "attack with group 2" keeps its number,
    and the menu on the screen shows that number beside it."""
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Policia")], 0), (0, REB, [cid("Unit 1/4")], 0),
                                    (0, REB, [cid("Unit 1/5")], 0), (1, GOV, [cid(VALDIVIA), cid("Unit 2/2")], 0)])
    assert any(m.startswith("withdraw") for m in t.moves())
    before = _number(t, "attack with group 2")
    assert f"{before}. g2" in _menu_text(t) or f"{before}. attack with your g2" in _menu_text(t)
    t.do("assassination (Policia)", f"{VALDIVIA} (card {cid(VALDIVIA)})").roll(1)
    assert t.obs(0)["phase"] == "turn" and not any(m.startswith("withdraw") for m in t.moves())
    assert _number(t, "attack with group 2") == before
