"""`partisan games`, `watch`, `replay` and `bench`, and the one error path."""
from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

from partisan.core.errors import OptionError
from partisan.core.game import registered_games
from partisan.core.record import load


def test_games_lists_games_players_and_options(partisan):
    run = partisan("games")
    assert run.code == 0
    lines = [line.strip() for line in run.out.splitlines()]
    for info in registered_games():
        head = next(line for line in lines if line.startswith(f"{info.name}  {info.title}, "))
        assert head.endswith("[reference game]") == info.reference
        for opt in info.options:
            assert opt.describe().split(":")[0] in run.out     # name=default (allowed)
    assert "war  WAR: Guerrilla Tactics, 2-4 players (default 2)" in lines
    assert "loss=random (random|winner): who picks the cards lost to Loss of Forces" in lines


def test_games_speaks_to_players_not_to_the_rulebook_s_lines_or_our_files(partisan):
    """A newcomer read `partisan games` and met Baler's artillery option citing two rulebook
    lines and "(docs/games/baler-solo.md)": line numbers of a rulebook the package does not ship, and
    files of the source tree. An option's text says what it does in words."""
    out = " ".join(partisan("games").out.split())
    assert not re.search(r"\bl\.\d+|\.md\b|\.toml\b|docs/", out), out


def test_watch_narrates_everything_and_saves(partisan):
    run = partisan("watch", "war", "--bots", "random,ismcts:iterations=20,uct_c=1.5", "--seed", "3",
                   "--save", "w.json")
    assert run.code == 0, run.text
    match = load("w.json")
    assert match.state.is_terminal()
    assert match.meta["bots"] == {"0": "random", "1": "ismcts:iterations=20,uct_c=1.5"}
    numbered = re.findall(r"^ *(\d+)  ", run.out, flags=re.M)
    assert [int(n) for n in numbered] == list(range(1, len(match.actions) + 1))
    assert "a card" not in run.out                # the onlooker sees every draw
    assert "skirmish 1: " in run.out and "Result: " in run.out


def test_watch_one_bot_for_every_seat_and_bad_counts(partisan):
    run = partisan("watch", "war", "--bots", "random", "--players", "3", "--seed", "1",
                   "--option", "max_skirmishes=5")
    assert run.code == 0 and "P3 random" in run.out
    run = partisan("watch", "war", "--bots", "random,random,random", "--players", "2")
    assert run.code == 3 and "--bots names 3 bots for 2 players" in run.err


def test_replay_as_everyone_and_as_one_seat(partisan):
    partisan("watch", "war", "--bots", "random", "--seed", "8", "--save", "w.json")
    match = load("w.json")
    everyone = partisan("replay", "w.json")
    assert everyone.code == 0
    assert f"{len(match.actions)} moves" in everyone.out and "Result: " in everyone.out
    seat = partisan("replay", "w.json", "--seat", "1")
    assert seat.code == 0
    assert "P1 draws a card" in seat.out and "you draw " in seat.out
    assert not re.search(r"P1 draws [0-9JQKA]", seat.out)     # P2 never sees P1's draws
    assert "P2's view" in seat.out and "(you)" in seat.out


def test_replay_of_an_unfinished_game_and_step_mode(partisan):
    partisan("play", "war", "--bot", "random", "--seed", "4", "--save-to", "g.json", input="1\n1\nquit\n")
    run = partisan("replay", "g.json", "--step", input="\n\nq\n")
    assert run.code == 0
    assert run.out.count("[Enter] next") == 3
    assert "the game is not over" in run.out
    assert partisan("replay", "g.json", "--seat", "5").code == 3
    assert partisan("replay", "missing.json").code == 4


def test_bench_prints_every_measure(partisan):
    run = partisan("bench", "war", "--seconds", "0.02", "--iterations", "30")
    assert run.code == 0, run.text
    for measure in ("random playouts", "ISMCTS from the opening", "clone", "resample"):
        assert measure in run.out
    assert "30 iterations" in run.out
    assert partisan("bench", "war", "--option", "nope=1").code == 3


def test_bench_against_openspiel(partisan, monkeypatch):
    fake = types.ModuleType("partisan.ai.versus_openspiel")
    calls = []

    def table(**kwargs):
        calls.append(kwargs)
        return [{"game": "leduc", "openspiel_ips": 1000.0, "partisan_ips": 25000.0, "ratio": 25.0}]
    fake.comparison_table = table
    monkeypatch.setitem(sys.modules, "partisan.ai.versus_openspiel", fake)
    run = partisan("bench", "--vs-openspiel")
    assert run.code == 0
    assert re.search(r"leduc .*1,000 .*25,000 .*25\.00x", run.out)
    partisan("bench", "leduc", "--vs-openspiel", "--iterations", "50", "--seconds", "0.01")
    assert calls == [{}, {"games": ("leduc",), "simulations": 50}]

    def missing(**kwargs):
        raise OptionError("open-spiel is not installed (pip install open_spiel)")
    fake.comparison_table = missing
    run = partisan("bench", "--vs-openspiel")
    assert run.code == 3 and "open-spiel is not installed" in run.err


def test_a_bug_is_one_line_not_a_traceback(partisan, monkeypatch):
    import partisan.cli.commands.games as games

    def broken(*args, **kwargs):
        raise RuntimeError("registry exploded")
    monkeypatch.setattr(games, "registered_games", broken)
    run = partisan("games")
    assert run.code == 70
    assert run.err.strip().splitlines() == [
        "partisan: internal error: RuntimeError: registry exploded (set PARTISAN_TRACEBACK=1 to see where)"]


def test_a_bug_mid_game_keeps_the_game(partisan, monkeypatch):
    import partisan.cli.play.screen as play

    calls = []

    def render_then_break(state, seat, whole=False):
        calls.append(seat)
        if len(calls) > 1:
            raise RuntimeError("view broke")
        return "board"
    monkeypatch.setattr(play, "render_view", render_then_break)
    run = partisan("play", "war", "--bot", "random", "--seed", "1", "--save-to", "g.json", input="1\n")
    assert run.code == 70 and "view broke" in run.err
    assert len(load(Path("g.json")).actions) > 0


def test_bench_exploitability_prints_one_row_a_bot(partisan):
    pytest.importorskip("pyspiel", reason='OpenSpiel is not installed: pip install ".[compare]"')
    run = partisan("bench", "kuhn", "--exploitability", "--bots",
                   "random,ismcts:iterations=100,smooth=0.9,mixed=1")
    assert run.code == 0, run.text
    assert "0.4583" in run.out and "0.9167" in run.out      # the uniform policy's figures
    assert "smooth=0.9" in run.out
    assert partisan("bench", "war", "--exploitability").code == 3
    assert partisan("bench", "kuhn", "--exploitability", "--bots", "ismcts:smooth=2").code == 2
