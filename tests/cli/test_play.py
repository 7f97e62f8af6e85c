"""`partisan play`: a whole game by numbers, moves by text, hints, save and --load, bad input."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from partisan.cli.play.screen import MAX_EVENTS_SHOWN
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match, load

FAST = ["--bot", "random", "--seed", "5"]
MANY_ONES = "1\n" * 1000


def record(path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def test_scripted_game_by_numbers_reaches_the_result(partisan):
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input=MANY_ONES)
    assert run.code == 0, run.text
    match = load("g.json")
    assert match.state.is_terminal()
    returns = match.state.returns()
    winner = returns.index(max(returns))
    assert f"Result: P{winner + 1} wins" in run.out
    assert "Your move, P1. Legal moves:" in run.out
    assert "Since your last move:" in run.out and "you: play" in run.out
    assert match.meta["human_seat"] == 0 and match.meta["bots"] == {"1": "random"}


def test_same_seed_same_game(partisan):
    """Chance comes from the game seed and each bot from a seed derived from it."""
    partisan("play", "war", *FAST, "--save-to", "a.json", input=MANY_ONES)
    partisan("play", "war", *FAST, "--save-to", "b.json", input=MANY_ONES)
    assert record("a.json")["actions"] == record("b.json")["actions"]


def test_other_seat_player_count_and_option(partisan):
    run = partisan("play", "war", "--players", "3", "--seat", "2", "--bot", "random,novice",
                   "--seed", "2", "--option", "max_skirmishes=3", "--save-to", "g.json", input=MANY_ONES)
    assert run.code == 0, run.text
    match = load("g.json")
    assert match.game.players == 3 and match.game.options["max_skirmishes"] == 3
    assert match.state.is_terminal()
    assert match.meta["human_seat"] == 2 and match.meta["bots"] == {"0": "random", "1": "novice"}
    assert "Your move, P3." in run.out


def test_move_by_text(partisan):
    partisan("play", "war", *FAST, "--save-to", "start.json", input="quit\n")
    start = load("start.json")
    legal = start.state.legal_actions()
    text = start.state.action_to_string(legal[-1])
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input=f"  {text.upper()} \nquit\n")
    assert run.code == 0, run.text
    after = record("g.json")["actions"]
    assert after[:len(start.actions) + 1] == start.actions + [legal[-1]]


BAD_LINES = ["xyzzy", "99", "0", "-1", "play 99♣", "", "save", "board", "help"]


def test_bad_input_changes_nothing(partisan):
    partisan("play", "war", *FAST, "--save-to", "ref.json", input="quit\n")
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input="\n".join(BAD_LINES) + "\nquit\n")
    assert run.code == 0
    assert "'xyzzy' is not a legal move or a command" in run.out
    assert "There is no move 99: choose 1 to" in run.out
    assert "There is no move 0" in run.out
    assert "'play 99♣' is not a legal move" in run.out
    assert "Commands:" in run.out
    assert record("g.json")["actions"] == record("ref.json")["actions"]


def test_hint_explains_and_changes_nothing(partisan):
    partisan("play", "war", *FAST, "--save-to", "ref.json", input="quit\n")
    run = partisan("play", "war", *FAST, "--hint-bot", "ismcts:iterations=60", "--save-to", "g.json",
                   input="hint\nquit\n")
    assert run.code == 0
    assert "Adviser (ismcts:iterations=60) recommends" in run.out
    assert "visits" in run.out and "expected result" in run.out and "from -1 (a loss) to +1 (a win)" in run.out
    assert record("g.json")["actions"] == record("ref.json")["actions"]


def test_save_and_load_round_trip(partisan):
    run = partisan("play", "war", *FAST, "--save-to", "end.json", input="1\n1\nsave mid.json\n1\nquit\n")
    assert run.code == 0
    assert "Game saved to mid.json." in run.out
    assert "Resume with: partisan play --load end.json" in run.out
    mid, end = record("mid.json"), record("end.json")
    assert len(mid["actions"]) < len(end["actions"])
    assert end["actions"][:len(mid["actions"])] == mid["actions"]

    resumed = partisan("play", "--load", "end.json", input="quit\n")
    assert resumed.code == 0
    assert "Resuming" in resumed.out and f"move {len(end['actions'])}" in resumed.out
    assert record("end.json") == end
    before_quit = run.out[run.out.rindex("Since your last move:"):run.out.rindex("Your move, P1. Legal moves")]
    assert before_quit in resumed.out          # the same account of the last moves

    finished = partisan("play", "--load", "end.json", input=MANY_ONES)
    assert finished.code == 0 and "Result:" in finished.out
    final = load("end.json")
    assert final.state.is_terminal() and final.actions[:len(end["actions"])] == end["actions"]
    assert final.meta["bots"] == {"1": "random"}


def test_a_resumed_game_goes_on_as_if_never_saved(partisan):
    bot = ["--bot", "ismcts:iterations=20", "--seed", "9"]
    partisan("play", "war", *bot, "--save-to", "whole.json", input=MANY_ONES)
    partisan("play", "war", *bot, "--save-to", "parts.json", input="1\n1\n1\nquit\n")
    partisan("play", "--load", "parts.json", input="1\n1\nquit\n")
    partisan("play", "--load", "parts.json", input=MANY_ONES)
    assert load("parts.json").state.is_terminal()
    assert record("parts.json")["actions"] == record("whole.json")["actions"]


def test_load_can_change_the_opponent(partisan):
    partisan("play", "war", *FAST, "--save-to", "g.json", input="quit\n")
    run = partisan("play", "--load", "g.json", "--bot", "novice", input="quit\n")
    assert run.code == 0
    assert record("g.json")["meta"]["bots"] == {"1": "novice"}


def test_load_a_watched_game_as_one_seat(partisan):
    partisan("watch", "war", "--bots", "random", "--seed", "6", "--save", "w.json")
    run = partisan("play", "--load", "w.json", "--seat", "1")
    assert run.code == 0
    assert "P2's view" in run.out and "Result: " in run.out


def test_a_long_wait_shows_only_the_latest_events(tmp_path):
    """After an elimination the bots may play on for many moves: the screen keeps the last ones."""
    console = Console(file=io.StringIO(), width=150)
    session = PlaySession(Match(load_game("war"), 1), 0, {1: "random"}, "random",
                          tmp_path / "g.json", console)
    session._advance()
    session.events = [f"event {i}" for i in range(MAX_EVENTS_SHOWN + 5)]
    session.show_screen()
    lines = [line.strip() for line in console.file.getvalue().splitlines()]
    assert any(line.startswith("... 5 other events not shown") for line in lines)
    assert "- event 4" not in lines and "- event 5" in lines and f"- event {MAX_EVENTS_SHOWN + 4}" in lines
    assert "Your move, P1. Legal moves:" in lines


def test_closed_input_saves_and_exits(partisan):
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input="1\n")
    assert run.code == 130
    assert "Game saved to g.json." in run.out
    assert len(load("g.json").actions) > 0


def _valid_record(partisan) -> str:
    partisan("play", "war", *FAST, "--save-to", "good.json", input="1\n1\nquit\n")
    return Path("good.json").read_text(encoding="utf-8")


def _with(text: str, **changes) -> str:
    data = json.loads(text)
    data.update(changes)
    return json.dumps(data)


BAD_RECORDS = {
    "not json": (lambda good: "{this is not json", "not valid JSON"),
    "truncated": (lambda good: good[: len(good) // 2], "not valid JSON (truncated?)"),
    "illegal action": (lambda good: _with(good, actions=json.loads(good)["actions"] + [9999]),
                       "is not legal at that point"),
    "other format": (lambda good: _with(good, format="chess"), "not a Partisan game record"),
    "unknown game": (lambda good: _with(good, game="nosuchgame"), "unknown game 'nosuchgame'"),
    "bad option": (lambda good: _with(good, options={"loss": "maybe"}), "option 'loss' must be one of"),
    "no seat": (lambda good: _with(good, meta={}), "does not say which seat is yours"),
    "no bots": (lambda good: _with(good, meta={"human_seat": 0}), "does not name a bot for every other seat"),
}


@pytest.mark.parametrize("case", BAD_RECORDS, ids=list(BAD_RECORDS))
def test_bad_record_is_refused_clearly(partisan, case):
    make, message = BAD_RECORDS[case]
    bad = make(_valid_record(partisan))
    Path("bad.json").write_text(bad, encoding="utf-8")
    run = partisan("play", "--load", "bad.json", input="1\nquit\n")
    assert run.code == 4, run.text
    assert message in run.err
    assert run.err.startswith("partisan: ")
    assert Path("bad.json").read_text(encoding="utf-8") == bad


def test_missing_record_file(partisan):
    run = partisan("play", "--load", "nowhere.json")
    assert run.code == 4
    assert "nowhere.json: no such file" in run.err


BAD_COMMANDS = {
    "unknown game": (["play", "chess"], 3, "unknown game 'chess'"),
    "unknown option": (["play", "war", "--option", "fog=1"], 3, "has no option 'fog'"),
    "bad option value": (["play", "war", "--option", "max_skirmishes=many"], 3, "option 'max_skirmishes' wants a int"),
    "option without value": (["play", "war", "--option", "loss"], 3, "options are written name=value"),
    "variant for the wrong count": (["play", "war", "--players", "3", "--option", "two_suits=yes"], 3, "two_suits"),
    "unknown preset": (["play", "war", "--bot", "godlike"], 2, "unknown bot 'godlike'"),
    "bad bot parameter": (["play", "war", "--bot", "ismcts:depth=3"], 2, "bad bot parameter"),
    "bot parameter twice": (["play", "war", "--bot", "hard:widen=0.5,widen=1"], 2, "widen is given twice"),
    "too many bots": (["play", "war", "--bot", "random,random"], 3, "--bot names 2 bots but there are 1 other seats"),
    "no such seat": (["play", "war", "--seat", "2"], 3, "seat 2 does not exist"),
    "too many players": (["play", "war", "--players", "9"], 3, "for 2-4 players, not 9"),
    "no game": (["play"], 2, "name a game"),
    "load with a game": (["play", "war", "--load", "x.json"], 3, "--load resumes a saved game"),
}


@pytest.mark.parametrize("case", BAD_COMMANDS, ids=list(BAD_COMMANDS))
def test_bad_command_line_is_refused_clearly(partisan, tmp_path, case):
    args, code, message = BAD_COMMANDS[case]
    run = partisan(*args, input="1\n")
    assert run.code == code, run.text
    assert message in run.err
    assert "You are" not in run.out           # no game announced
    assert list(tmp_path.iterdir()) == []     # nothing started, nothing saved
