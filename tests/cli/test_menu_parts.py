"""A menu cut to fit a crowded screen (cli/play/screen.py `_fitted`) keeps what the game's view
lays out beside each move: Garden Guerrilla's explosion points with what each would catch (a
newcomer at 80×24 saw "1. explosion at 1/16 of the line" and nothing more, the catches only
under `moves`)."""
from __future__ import annotations

import io
import random

from rich.console import Console

from partisan.cli.play.prompt import menu_entries
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match


def _blast(height: int) -> PlaySession:
    """Seat 0 of a random Garden game, placing its explosion along its Scrabblezooka's line."""
    game = load_game("garden")
    for seed in range(1, 60):
        state, rng, actions = game.new_initial_state(seed), random.Random(seed), []
        while not state.is_terminal():
            if not state.is_chance_node() and state.current_player() == 0 \
                    and state.observation(0)["phase"] == "blast":
                console = Console(file=io.StringIO(), width=80, height=height, force_terminal=True,
                                  color_system=None)
                console.input = lambda prompt="", **_: "y"
                return PlaySession(Match(game, seed, actions), 0, {1: "random"}, "random", None, console)
            actions.append(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
            state.apply_action(actions[-1])
    raise AssertionError("no explosion to place in 60 random games")


def test_a_cut_menu_keeps_what_each_explosion_point_would_catch():
    for height in (19, 24):
        session = _blast(height)
        session.show_screen()
        screen = session.console.file.getvalue()
        shown = screen[screen.index("Legal moves:"):]
        assert "explosion at 1/16 of the line" not in shown, shown      # the view's short texts
        assert "at 1/16" in shown and "explosion points" in shown, shown


def test_the_entries_of_the_views_layout_are_the_legal_moves_in_order():
    session = _blast(24)
    entries = menu_entries(session.menu(), session.console)
    assert [n for n, _, _ in entries] == list(range(1, len(session.state.legal_actions()) + 1))
