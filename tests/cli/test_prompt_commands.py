"""Commands at the move prompt beyond moves: undo, log, rules, help, and input int() cannot read."""
from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from partisan.cli.console import menu_actions, render_view
from partisan.cli.play.prompt import IN_GAME_COMMANDS
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match

FAST = ["--bot", "random", "--seed", "5"]
SEARCH = ["--bot", "ismcts:iterations=20", "--seed", "9"]


def actions(path) -> list[int]:
    return json.loads(Path(path).read_text(encoding="utf-8"))["actions"]


def played(partisan, args, lines: str, path: str = "g.json") -> list[int]:
    run = partisan("play", "war", *args, "--save-to", path, input=lines + "quit\n")
    assert run.code == 0, run.text
    return actions(path)


@pytest.mark.parametrize("args", [FAST, SEARCH], ids=["random", "ismcts"])
def test_undo_then_the_same_move_gives_the_same_game(partisan, args):
    """The bots and the dice draw from the game seed and the move number: taking a move back
    and playing it again brings the same replies and the same cards."""
    straight = played(partisan, args, "1\n1\n1\n", "a.json")
    again = played(partisan, args, "1\n1\nundo\n1\n1\n", "b.json")
    assert again == straight


def test_undo_cuts_the_record_at_your_last_choice(partisan):
    one = played(partisan, FAST, "1\n", "one.json")
    two = played(partisan, FAST, "1\n1\n", "two.json")
    assert played(partisan, FAST, "1\n1\nundo\n") == one
    assert played(partisan, FAST, "1\n1\nundo\nundo\n") == played(partisan, FAST, "", "none.json")
    assert len(two) > len(one)


def test_undo_then_another_move(partisan):
    assert played(partisan, FAST, "1\nundo\n2\n") == played(partisan, FAST, "2\n", "ref.json")


def test_undo_reaches_back_before_a_resumed_game(partisan):
    partisan("play", "war", *FAST, "--save-to", "g.json", input="1\n1\nquit\n")
    run = partisan("play", "--load", "g.json", input="undo\nundo\nquit\n")
    assert run.code == 0 and "(undone: your play " in run.out
    assert actions("g.json") == played(partisan, FAST, "", "ref.json")


def test_nothing_to_undo_changes_nothing(partisan):
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input="undo\nquit\n")
    assert run.code == 0 and "Nothing to undo" in run.out
    assert actions("g.json") == played(partisan, FAST, "", "ref.json")


def test_undo_reports_what_it_took_back(partisan):
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input="1\nundo\nquit\n")
    after_move = played(partisan, FAST, "1\n", "ref.json")
    before = played(partisan, FAST, "", "start.json")
    taken = len(after_move) - len(before) - 1
    assert re.search(rf"\(undone: your play \S+ and the {taken} moves? played after it\)", run.out)


def test_log_lists_every_event_by_move(partisan):
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input="1\n1\nlog\nquit\n")
    assert run.code == 0
    log = run.out[run.out.index("Log, as P1 saw it:"):]
    numbers = [int(n) for n in re.findall(r"^ *(\d+)  ", log, flags=re.M)]
    assert numbers == list(range(1, len(actions("g.json")) + 1))
    assert "you: play" in log and "P2 draws a card" in log
    last = partisan("play", "--load", "g.json", input="log 2\nquit\n")
    tail = last.out[last.out.index("Log, as P1 saw it:"):]
    assert len(re.findall(r"^ *\d+  ", tail, flags=re.M)) <= 2


def test_rules_shows_an_index_and_sections_and_changes_nothing(partisan):
    run = partisan("play", "war", *FAST, "--save-to", "g.json",
                   input="rules\nrules 3\nrules promotion\nrules zebra\nquit\n")
    assert run.code == 0
    assert "Rules notes (how Partisan reads the rulebook):" in run.out
    assert " 3. What is public" in run.out
    assert "Discard piles are face up" in run.out            # section 3
    assert "The rules notes have no section 'zebra'." in run.out
    assert actions("g.json") == played(partisan, FAST, "", "ref.json")


def test_help_lists_every_command_and_each_is_understood(partisan):
    words = [name.split()[0] for name, _ in IN_GAME_COMMANDS if name not in ("NUMBER", "move text")]
    assert {"hint", "undo", "board", "log", "rules", "save", "quit", "help"} <= set(words)
    helped = partisan("play", "--help")
    run = partisan("play", "war", *FAST, "--save-to", "g.json",
                   input="help\n" + "\n".join(w for w in words if w != "quit") + "\nquit\n")
    assert run.code == 0
    for name, text in IN_GAME_COMMANDS:
        assert name in run.out and text in run.out
        assert name in helped.out and text in helped.out
    assert "is not a legal move or a command" not in run.out


@pytest.mark.parametrize("text", ["²", "①", "٣", "1²", "Ⅻ", "1" * 5000, "00", "３"])
def test_digits_int_cannot_read_get_a_message_and_the_prompt_again(partisan, text):
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input=f"{text}\nquit\n")
    assert run.code == 0, run.text
    assert ("There is no move" in run.out or "is not a legal move or a command" in run.out
            or text == "３")           # a full-width 3 is a digit int() reads: no move 3 here either
    assert run.out.count("Your move, P1 (number, text or help) >") == 2
    assert actions("g.json") == played(partisan, FAST, "", "ref.json")


def test_a_full_width_digit_plays_that_move(partisan):
    assert played(partisan, FAST, "１\n") == played(partisan, FAST, "1\n", "ref.json")


def _terminal(width: int, height: int) -> Console:
    return Console(file=io.StringIO(), width=width, height=height, force_terminal=True,
                   color_system=None, legacy_windows=False)


@pytest.mark.parametrize("game, size", [("war", (80, 24)), ("war", (100, 40)), ("junta", (100, 40))])
def test_the_screen_keeps_the_board_and_the_moves_on_a_terminal(tmp_path, game, size):
    """However much happened since the last move, one screen and the prompt row fit the
    terminal: the whole board, then the legal moves; the events get the rows left."""
    console = _terminal(*size)
    players = load_game(game).players
    session = PlaySession(Match(load_game(game), 2), 0, {s: "random" for s in range(1, players)},
                          "random", tmp_path / "g.json", console)
    for _ in range(25):
        session._advance()
        if session.state.is_terminal():
            break
        board = _terminal(*size)
        board.print(render_view(session.state, 0))
        board_lines = board.file.getvalue().splitlines()
        session.events += [f"event {i} " + "word " * (i % 30) for i in range(40)]
        console.file.seek(0), console.file.truncate()
        session.show_screen()
        screen = console.file.getvalue().splitlines()
        assert len(screen) <= size[1] - 1, "\n".join(screen)
        start = screen.index(board_lines[0])
        assert screen[start:start + len(board_lines)] == board_lines
        assert screen[start + len(board_lines)].startswith("Your move, P1. Legal moves:")
        if start > 3:                       # room for events: those left out are counted
            assert re.search(r"other events not shown(: `events` lists them all|, (all|\d+ of them) after the lines above: `events`)",
                             "\n".join(screen[:start]))
        session.handle("1")


def _crowded_guerilla(tmp_path) -> PlaySession:
    """Six-seat Guerilla at 80×24 with a long menu, drawn in runs under their verbs
    ("attack with: 4. g14  5. g15 ... withdraw: 16. g11  17. g14 ...")."""
    from tests.cli.test_events_kept import _crowded_six_seat_match
    session = PlaySession(_crowded_six_seat_match(), 0, {q: "random" for q in range(1, 6)}, "random",
                          tmp_path / "g.json", _terminal(80, 24))
    session.show_screen(events=False)
    return session


def _menu_move(session, number: int) -> int:
    return menu_actions(session.state, session.human)[number - 1]


def test_a_menu_item_typed_as_shown_with_or_without_its_verb_plays_it(tmp_path):
    """The menu shows "withdraw: 17. g14" and "attack with: 5. g15": each item typed as shown,
    under its verb or alone when that names one move, plays that move."""
    session = _crowded_guerilla(tmp_path)
    menu = session.console.file.getvalue()
    assert "withdraw: 16. g11" in menu and "attack with: 4. g14" in menu
    for typed, number in (("withdraw g14", 17), ("Withdraw:  g14", 17), ("attack with: g15", 5),
                          ("attack with g15", 5), ("sortie from: g15", 8), ("g16", 19),
                          ("offer a trade →D", 15), ("play UN Intervention", 14)):
        assert session.parse_move(typed) == _menu_move(session, number), typed


def test_a_menu_item_that_could_mean_several_moves_is_refused_with_them(tmp_path):
    """"g15" alone stands under three verbs: the refusal names each, as the menu shows them."""
    session = _crowded_guerilla(tmp_path)
    session.console.file.seek(0), session.console.file.truncate()
    assert session.parse_move("g15") is None
    said = " ".join(session.console.file.getvalue().split())
    assert ("'g15' could mean 5. attack with: g15 or 8. sortie from: g15 or 18. withdraw: g15") in said, said


def test_a_move_typed_without_the_note_that_closes_its_text_plays_it(tmp_path):
    """Guerilla, seed 0, P1 at its 192nd decision of a random game: "11. propaganda (TV
    Station)" is played by typing "propaganda", the note in parentheses left off, as by its
    whole text; a typed text no move has is refused and changes nothing."""
    game = load_game("guerilla", players=4)
    state, rng, actions = game.new_initial_state(0), random.Random(0), []
    for _ in range(191):
        actions.append(state.sample_chance() if state.current_player() < 0 else rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])
    console = Console(file=io.StringIO(), width=100, height=40, force_terminal=True, color_system=None)
    session = PlaySession(Match(game, 0, actions), 0, {s: "random" for s in (1, 2, 3)}, "random",
                          tmp_path / "g.json", console)
    propaganda = session.state.string_to_action("propaganda (TV Station)")
    assert session.parse_move("propaganda") == propaganda
    assert session.parse_move("Propaganda  (tv station)") == propaganda
    assert session.parse_move("propaganda now") is None
    assert "is not a legal move" in console.file.getvalue()
    assert session.match.actions == actions
