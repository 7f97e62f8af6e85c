"""Guerilla's turn at 80×24 with a long menu (cli/play/screen.py, cli/views/guerilla.py
menu_first): the short menu keeps the attacks and the turn's main actions first, each with its
number in the whole menu, and `moves` lists them all."""
from __future__ import annotations

import io
import re

from rich.console import Console

from partisan.cli.console import menu_actions
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.games.guerilla.state import GOV, REB
from partisan.core.record import Match
from tests.games.guerilla.conftest import DECK, card



def _session(state) -> tuple[PlaySession, Console]:
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None,
                      legacy_windows=False)
    game = state.game
    return PlaySession(Match(game, 0, state=state), 0, {1: "random", 2: "random", 3: "random"}, "random", None,
                       console), console


def _many_groups():
    """P1 with twelve Government groups of one unit each and a hand to deploy or reinforce;
    P2's and P4's Rebel groups within reach of his attacks."""
    state = load_game("guerilla", 4).new_initial_state(0)
    units = [card("Unit 4/1", k) for k in range(3)] + [card("Unit 3/1", k) for k in range(3)] + [
        card("Unit 3/2", k) for k in range(2)]
    units += [card("Unit 3/3", k) for k in range(4)]
    rebels = [(q, REB, [card(f"Unit {s}", k)], 0) for q in (1, 3) for s in ("1/1", "1/2", "2/3") for k in (q // 2,)]
    leaders = [t.name for t in DECK.of("leader")][:6]
    hand = [card("Unit 2/2"), card("Unit 1/3"), card("Assassin"), card("Supply Cut"), card("Air Assault")]
    state.arrange([GOV, REB, GOV, REB], hands={0: hand},
                  groups=[(0, GOV, ([card(leaders[k])] if k < 6 else []) + [u], 0) for k, u in enumerate(units)]
                  + rebels)
    return state


def test_the_short_menu_keeps_the_attacks_with_their_numbers():
    """l.51-l.53: "Making an attack ... Each group can attack once in a turn ... Each attack costs
    one action." A turn of twelve groups offers some fifty moves, the withdrawals last in menu
    order; at 80×24 the menu is shortened and keeps the attacks and the turn's main actions,
    each numbered as in the whole list."""
    state = _many_groups()
    session, console = _session(state)
    legal, texts = state.legal_actions(), state.observation(0)["menu"]
    menu = [texts[legal.index(a)] for a in menu_actions(state, 0)]      # as the menu numbers them
    assert len(menu) > 20 and menu.index("attack with your g0") > 3
    session.events = [f"P2: event {i}" for i in range(12)]         # the summary keeps its rows
    session.human_moved = True
    session.show_screen()
    screen = console.file.getvalue()
    assert re.search(r"\d+ more moves: type `moves`", screen), screen
    moves_part = screen.split("Legal moves:")[1]
    shown = [int(n) for n in re.findall(r"(?:^|\s)(\d+)\. ", moves_part)]
    attacks = [n for n, m in enumerate(menu, 1) if m.startswith("attack with")]
    withdrawals = [n for n, m in enumerate(menu, 1) if m.startswith("withdraw")]
    assert set(attacks) <= set(shown), screen
    assert set(withdrawals) - set(shown), screen           # the withdrawals give way
    assert shown == sorted(shown)
    first = attacks[0]
    assert f"attack with: {first}. g0" in " ".join(moves_part.split()), screen
    assert menu[first - 1] == "attack with your g0"
