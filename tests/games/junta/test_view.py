"""The play screen shows each seat only what it may see."""
import io
import random

from rich.console import Console

from partisan.cli.views import junta as view
from partisan.core.game import load_game
from partisan.core.testing.play import random_game


def screen(state, seat, width=160):
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(view.render(state.observation(seat), seat))
    return console.export_text()


def test_render_hides_other_hands_and_orders(Junta):
    """"You must always keep the cards in your hand hidden" and orders are given "hidden behind
    the screen" until revealed."""
    t = Junta(4, militia=[1, 1, 1, 1], hands={1: ["Yacht"]})
    t.draw_round().promise_each()
    t.do("militia 1: attack 3")
    assert "Yacht" in screen(t.s, 1) and "Yacht" not in screen(t.s, 2)
    assert "attack P3" in screen(t.s, 1) and "attack P3" not in screen(t.s, 2)
    assert "1 secret order" in screen(t.s, 2)
    t.order(2, 3).order(3, 4)
    assert "attack P3 (3)" in screen(t.s, 2)          # revealed: everyone sees it
    assert "Battle" in screen(t.s, 0)


def test_an_attack_left_without_militia_says_it_ended(Junta):
    """"If an attacker loses all attacking Militia Dice, they're out of the battle. If there are
    no more attackers, the combat ends immediately" (l.64): the last battle's panel says so, in
    full and compact, where it would otherwise show 0 dice a side and no result."""
    t = Junta(4, pres=0, militia=[1, 1, 1, 1], hands={2: ["Assassination"]})
    t.draw_round().promise_each()
    t.order(1, 3).order(2, 3).order(3, 4)
    before = screen(t.s, 0)
    assert view.NO_ATTACKERS not in before and "attacking: P2 1 die " in before
    t.do("Assassination on P2's militia")
    for width in (160, 80):
        text = " ".join(screen(t.s, 0, width).split())
        assert view.NO_ATTACKERS in text, width
        assert "succeeds" not in text and "fails" not in text


def test_render_every_phase_of_a_game():
    s = load_game("junta", 5, expert=True).new_initial_state(2)
    rng = random.Random(2)
    phases = set()
    before = None
    for s in random_game(s, rng, chance_from_rng=True):
        if before is not None:
            assert all(isinstance(line, str) for line in view.changes(before, s.observation(0), 0))
        seat = rng.randrange(5)
        if s.observation(seat)["phase"] not in phases:
            phases.add(s.observation(seat)["phase"])
            assert "Round" in screen(s, seat)
        before = s.observation(0)
    assert "Game over" in screen(s, 0) and len(phases) > 8


def test_orders_used_up_do_not_deny_a_new_militia(Junta):
    """l.91: "If someone ends up with no Militias, they now receive 1 new Militia free." Andy's
    one militia attacks and the Presidente's Assassination destroys it (l.131); at Spend Money
    Andy has his free militia, and his orders column says his orders are used up, not that he
    has no militia (a player read "no militia left" beside his new die)."""
    t = Junta(4, militia=[1, 1, 1, 1], hands={0: ["Assassination"]}).draw_round().promise_each()
    t.order(1, 1).order(2, 3).order(3, 4)
    t.do("Assassination on P2's militia")
    while t.s.phase != "spend money":
        t.do(t.moves()[0])
    assert t.obs()["seats"][1]["militia"] == 1
    row = next(line for line in screen(t.s, 0).splitlines() if line.lstrip().startswith("P2 (2)"))
    assert "no orders left" in row and "no militia" not in row
