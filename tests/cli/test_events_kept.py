"""Which events a full 80×24 screen keeps (cli/play/screen.py): a move the session played for
the player (a lone "no reaction") comes after everything else, since the player had no say."""
from __future__ import annotations

import io
import random

from rich.console import Console

from partisan.cli.play.screen import FORCED_NOTE, Consequence
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match


def test_moves_played_for_you_give_way_to_what_others_did(tmp_path):
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True,
                      color_system=None, legacy_windows=False)
    session = PlaySession(Match(load_game("war"), 2), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    session._advance()
    session.events = ([f"you: no reaction {i}{FORCED_NOTE}" for i in range(20)]
                      + ["P2 attacks with g3", "P2: play 7♥"])
    session.show_screen()
    screen = console.file.getvalue()
    assert "P2 attacks with g3" in screen and "P2: play 7♥" in screen
    assert session.hidden > 0


def _crowded_six_seat_match() -> Match:
    """A random six-seat Guerilla game played on to a table of 20 groups, at the start of
    seat 0's turn (move 793 of seed 1)."""
    game = load_game("guerilla", players=6)
    state, rng, actions = game.new_initial_state(1), random.Random(1), []
    while True:
        obs = state.observation(0)
        if (len(obs["groups"]) >= 20 and state.current_player() == 0 and obs["phase"] == "turn"
                and obs["phase_reached"] == "A"):
            return Match(game, 1, actions)
        actions.append(rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])


def test_six_seats_late_in_a_round_keep_the_title_and_events_at_80x24(tmp_path):
    """At 80×24 a crowded six-seat table, a long menu and the prompt still leave the title
    and the events what was done to you in view."""
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True,
                      color_system=None, legacy_windows=False)
    session = PlaySession(_crowded_six_seat_match(), 0, {q: "random" for q in range(1, 6)}, "random",
                          tmp_path / "g.json", console)
    session.events = [f"P{2 + i % 5}: something {i}" for i in range(30)] + ["P3 attacks your g5"]
    session.show_screen()
    screen = console.file.getvalue().splitlines()
    assert len(screen) <= 23                      # the prompt takes the last row
    assert "Guerilla (6 players) - move" in screen[0]
    assert any("P3 attacks your g5" in line for line in screen)


def test_a_line_told_again_and_again_is_shown_once_with_its_count(tmp_path):
    console = Console(file=io.StringIO(), width=100, height=40, force_terminal=True,
                      color_system=None, legacy_windows=False)
    session = PlaySession(Match(load_game("war"), 2), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    session._advance()
    session.events = ["P2 draws a card"] + ["P4: chooses in secret"] * 9 + ["you: play 9♠"]
    session.show_screen()
    screen = console.file.getvalue()
    assert screen.count("P4: chooses in secret") == 1 and "P4: chooses in secret  (×9)" in screen
    assert session.hidden == 0


def test_what_was_done_to_you_is_kept_with_the_move_that_did_it(tmp_path):
    """A consequence kept for concerning the player ("your g7: Salas eliminated") comes with
    the move it follows, which says why, though that move names another seat."""
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True,
                      color_system=None, legacy_windows=False)
    session = PlaySession(Match(load_game("war"), 2), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    session._advance()
    session.events = ([f"P2: something {i}" for i in range(20)]
                      + ["P3's Policia d10: 9: the leader is dead", Consequence("your g7: Salas eliminated")]
                      + [f"P2: more {i}" for i in range(20)])
    session.show_screen()
    screen = console.file.getvalue()
    assert "your g7: Salas eliminated" in screen and "P3's Policia d10: 9: the leader is dead" in screen
    assert screen.index("Policia") < screen.index("Salas")


def test_what_your_move_did_to_others_is_kept_with_it(tmp_path):
    """The consequences of your own move ("P6's g9: Unit 3/1 eliminated" after your attack's
    result) are kept with it, before what others did."""
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True,
                      color_system=None, legacy_windows=False)
    session = PlaySession(Match(load_game("war"), 2), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    session._advance()
    session.events = (["your attack on P6's g9: P6's defence d10: 3; P6 loses 9",
                       Consequence("P6's g9: Unit 3/1 eliminated")]
                      + [f"P2: more {i}" for i in range(40)])
    session.show_screen()
    assert "P6's g9: Unit 3/1 eliminated" in console.file.getvalue()


def test_a_single_row_shows_an_event_not_only_the_note(tmp_path):
    """With one row left for the events, it shows the one that concerns the player most (the
    prompt says how many `events` would add), not a bare "other events not shown"."""
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True,
                      color_system=None, legacy_windows=False)
    session = PlaySession(Match(load_game("war"), 2), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    session.events = [f"P2: something {i}" for i in range(10)] + ["P2 attacks you"]
    console.print(session._recent_events(1))
    screen = console.file.getvalue()
    assert "P2 attacks you" in screen and "not shown" not in screen and session.hidden == 10
