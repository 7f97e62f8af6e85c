"""Which events a full 80×24 screen keeps (cli/play/screen.py): a move the session played for
the player (a lone "no reaction") comes after everything else, since the player had no say."""
from __future__ import annotations

import io
import random

from rich.console import Console

from partisan.cli.play.screen import FORCED_NOTE, Chance, Consequence
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
    seat 0's turn (move 1261 of seed 1)."""
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
    assert len(screen) + session._height(session._prompt()) <= 24     # the prompt takes the last rows
    assert "Guerilla (6 players) - your 1st move" in screen[0]
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


def _screen_session(tmp_path, game: str, width: int = 80) -> PlaySession:
    console = Console(file=io.StringIO(), width=width, height=24, force_terminal=True,
                      color_system=None, legacy_windows=False)
    match = Match(load_game(game), 2)
    return PlaySession(match, 1, {s: "random" for s in range(match.game.players) if s != 1}, "random",
                       tmp_path / "g.json", console)


def _shown(session, rows: int) -> str:
    session.console.print(session._recent_events(rows))
    return session.console.file.getvalue()


def test_your_battle_keeps_its_result_not_only_its_points(tmp_path):
    """After your attack, its totals, the unit it eliminated and your points are your result
    (a 4-player Guerilla game, seed 31, turn 4): the elimination follows the defender's "the
    losses are met", yet it is kept, with the totals it follows from and every line that move
    changed, before that move's own filler; with a row less, the totals and your points still,
    the elimination with the step it follows from, not the defender's pick."""
    session = _screen_session(tmp_path, "guerilla")
    session.events = ["you: no reaction", "P4: no reaction", "P1: no reaction", "P3: no reaction",
                      Chance("your attack d10: 2"),
                      Chance("your attack on P4's g2: P4's defence d10: 5; totals you 10 (8 + d10 2) "
                             "against P4 9 (4 + d10 5): P4 loses 1 point of units"),
                      "P4: eliminate Unit 1/3 of P4's g2", "P4: the losses are met",
                      Consequence("P4's g2: Unit 1/3 eliminated"), Consequence("Government tally 3 → 6"),
                      Consequence("you: +3 points (now 3)"),
                      f"you: no reaction{FORCED_NOTE}", "P4: no reaction", "P1: no reaction"]
    screen = _shown(session, 7)
    for line in ("P4's g2: Unit 1/3 eliminated", "totals you 10", "you: +3 points", "tally 3 → 6"):
        assert line in screen, screen
    session.console.file.seek(0), session.console.file.truncate()
    screen = _shown(session, 6)
    assert "totals you 10" in screen and "you: +3 points" in screen, screen
    assert "P4: eliminate Unit 1/3" not in screen, screen


def test_a_roll_is_shown_with_its_outcome(tmp_path):
    """A die rolled for a battle is never shown without the line of its totals and outcome
    that follows it (the other seats' battle, turn 21)."""
    session = _screen_session(tmp_path, "guerilla")
    session.events = ["you: no reaction", "P4: no reaction", Chance("P3's attack d10: 8"),
                      Chance("P1's defence d10: 8; totals P3 11 (3 + d10 8) against P1 11 (3 + d10 8): "
                             "a tie, no losses"),
                      "P3: play Armor Column", "P3: attack P1's g4 with the Armor Column",
                      "P1: Unit 4/1 of P1's g4 faces the Armor Column", "P3: no reaction", "P1: no reaction"]
    for rows in range(1, 10):
        session.console.file.seek(0), session.console.file.truncate()
        screen = _shown(session, rows)
        assert "P3's attack d10: 8" not in screen or "P1's defence d10: 8" in screen, (rows, screen)
        if rows >= 3:
            assert "P1's defence d10: 8" in screen, (rows, screen)


def test_an_attack_on_you_comes_before_your_own_trivial_move(tmp_path):
    """The attack on your group is kept, with its battle's totals and the losses met after it,
    rather than the "end the turn" you typed (turn 68): you know what you typed, not what was
    done to you. The turn P1 ended after it is left out, and the note below says so; with one
    row, the note alone: the attack alone would read as the latest event, without its result."""
    session = _screen_session(tmp_path, "guerilla")
    session.events = (["you: end the turn", "P3: buy an ambush marker point", "P4: end the turn",
                       "P1: attack with P1's g7", "P1: attack your g13", "P1: no reaction",
                       f"you: no reaction{FORCED_NOTE}", Chance("P1's attack d10: 8"),
                       Chance("your defence d10: 8; totals P1 12 (4 + d10 8) against you 14 (6 + d10 8): "
                              "P1 loses 2 points of units"),
                       "P1: eliminate Unit 4/2 of P1's g7", "P1: the losses are met",
                       Consequence("P1's g7: Unit 4/2 eliminated"), Consequence("Rebel tally 57 → 61"),
                       Consequence("you: +4 points (now 66)"), "P1: no reaction", "P1: end the turn"])
    screen = _shown(session, 9)
    assert "P1: attack your g13" in screen and "end the turn" not in screen, screen
    assert "totals P1 12" in screen and "you: +4 points" in screen, screen
    assert screen.rstrip().endswith("after the lines above: `events`"), screen
    session.console.file.seek(0), session.console.file.truncate()
    assert "attack" not in _shown(session, 1)


def test_in_war_your_skirmish_comes_before_your_draw_and_your_card(tmp_path):
    """War: the skirmish your card fought, its result naming you, is kept before the card you
    played (you know it) and what you drew (your hand shows it)."""
    session = _screen_session(tmp_path, "war")
    session.events = ["you: play 10♥", "P1 selects a card", Consequence("revealed: you 10♥, P1 5♠"),
                      "P1 decides on support", Consequence("P1 supports with 6♠"),
                      Chance("10♥ is removed from the game (loss of forces)"),
                      Consequence("skirmish 21: P1 won (you 10♥; P1 5♠ supported by 6♠); "
                                  "lost to the war: 10♥; spoils: 5♠ 6♠"),
                      Chance("you draw 8♥"), Chance("P1 draws a card")]
    screen = _shown(session, 4)
    assert "skirmish 21: P1 won" in screen and "you: play 10♥" not in screen, screen
