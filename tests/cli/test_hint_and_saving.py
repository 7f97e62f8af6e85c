"""`partisan play`: the default adviser and how sure it is; records that cannot be read; saving
through links and to folders that do not exist, and a `quit` that cannot save."""
from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest
from rich.console import Console

from partisan.ai.bots import ADVISER, DEFAULT_OPPONENT, ActionStat
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match, load

FAST = ["--bot", "random", "--seed", "5"]
README = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")


def test_hint_defaults_to_the_adviser_and_says_how_sure_it_is(partisan):
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input="hint\nquit\n")
    assert run.code == 0, run.text
    assert "Adviser recommends" in run.out and ADVISER not in run.out     # no settings a player cannot read
    assert "It gave that move" in run.out and "visits; the runner-up" in run.out
    assert "Its estimate of your result after it:" in run.out
    assert load("g.json").meta["hint_bot"] == ADVISER
    assert f"`{ADVISER}`" in README


def test_hint_bot_still_chooses_the_adviser(partisan):
    run = partisan("play", "war", *FAST, "--hint-bot", "ismcts:iterations=60", "--save-to", "g.json",
                   input="hint\nquit\n")
    assert "Adviser (ismcts:iterations=60) recommends" in run.out
    assert "of its 60 visits" in run.out      # every iteration visits one root move


@pytest.fixture
def session(tmp_path):
    console = Console(file=io.StringIO(), width=200)
    session = PlaySession(Match(load_game("war"), 1), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    session._advance()
    return session


def test_sureness_names_the_runner_up_and_how_clear_the_choice_is(session):
    first, second = session.state.legal_actions()[:2]
    clear = session._sureness([ActionStat(first, 70, 0.25), ActionStat(second, 30, -0.1)], 100)
    assert clear == ("It gave that move 70% of its 100 visits; the runner-up, 2. "
                     f"{session.state.action_to_string(second)}, got 30%: a clear choice. "
                     "Its estimate of your result after it: +0.25, from the 70 games it played on from here "
                     "through that move, every seat making quick, partly random moves: what those games gave, "
                     "not a reading of the score now.")
    close = session._sureness([ActionStat(first, 55, 0.1), ActionStat(second, 45, 0.05)], 100)
    assert "got 45%: a close call." in close
    alone = session._sureness([ActionStat(first, 100, -0.5), ActionStat(second, 0, 0.0)], 100)
    assert alone.startswith("It gave that move 100% of its 100 visits. Its estimate of your result after it: -0.50, "
                            "from the 100 games it played on from here")


def test_the_estimate_says_what_it_rests_on(tmp_path):
    """Garden Guerrilla, 3 players (rulebook garden_guerrilla.txt l.48 "The player with the
    highest total is the winner"): a newcomer leading 7-6-5 read "Its estimate of your chance
    of winning after it: 4%" as a judgement of the score. The estimate says it comes from the
    games the adviser played on from here through that move, how many, and what they are."""
    game = load_game("garden", players=3)
    match = Match(game, 1312)
    while match.state.is_chance_node():
        match.apply(match.state.sample_chance())
    console = Console(file=io.StringIO(), width=200)
    garden = PlaySession(match, 0, {1: "random", 2: "random"}, "random", tmp_path / "g.json", console)
    first, second = garden.state.legal_actions()[:2]
    said = garden._sureness([ActionStat(first, 1234, 0.04), ActionStat(second, 300, 0.05)], 1534)
    assert said.endswith("Its estimate of your chance of winning after it: 4%, from the 1,234 games it played on "
                         "from here through that move, every seat making quick, partly random moves: what those "
                         "games gave, not a reading of the score now."), said


@pytest.mark.parametrize("game, heading", [("garden", "chance of winning"), ("guerilla", "chance of winning"),
                                           ("war", "expected result"), ("baler", "expected result"),
                                           ("junta", "expected result"), ("hearts", "mean return")])
def test_the_hint_reads_each_games_returns_in_its_terms(game, heading):
    """A game whose returns run from 0 to 1 gives each winner a share of 1 (Garden: 1 / number
    of winners; Guerilla: 1 to the winner): the estimate is a chance of winning, not a score;
    from -1 to +1 it is a result (+1 a win, -1 a loss); any other return is named as one."""
    from partisan.cli.play.advice import return_scale
    from partisan.core.game import game_info
    got, shape, meaning = return_scale(game_info(game).return_bounds)
    assert got == heading and heading.capitalize() in meaning
    assert shape.format(0.5) == {"chance of winning": "50%", "expected result": "+0.50"}.get(heading, "+0.500")


def test_a_hint_among_many_moves_lists_the_most_visited_and_counts_the_rest(partisan):
    """At Garden's aim (69 moves) the hint lists the ten most visited and says how many more
    there are and the most visits any of them got; its estimates are chances of winning."""
    run = partisan("play", "garden", "--bot", "random", "--seed", "81", "--hint-bot", "ismcts:iterations=300",
                   input="1\nhint\nquit\n")
    assert run.code == 0, run.text
    hint = run.out[run.out.index("recommends"):]
    rows = [line for line in hint.splitlines() if line.startswith("│") and "aim at" in line]
    assert len(rows) == 10
    # an aim at a grid point by the number the table shows, as the events name it
    assert all(re.search(r"aim at (point \d+ \(\d+, \d+\) mm|\w)", row) and "aim at (" not in row
               for row in rows), rows
    assert re.search(r"59 more moves, none above \d+% of the visits\.", hint)
    assert "chance of winning" in hint and "Chance of winning is the adviser's estimate" in hint
    assert re.search(r"Its estimate of your chance of winning after it: \d+%, from the \d+ games it played on",
                     " ".join(hint.split()))


# ----------------------------------------------------------------- records that are not files
def test_a_fifo_is_refused_not_waited_on(partisan):
    os.mkfifo("pipe.json")
    run = partisan("play", "--load", "pipe.json")
    assert run.code == 4 and "pipe.json: is a pipe, not a record file" in run.err


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused_not_read(partisan):
    run = partisan("replay", "/dev/zero")
    assert run.code == 4 and "/dev/zero: is a device, not a record file" in run.err


def test_an_action_beyond_32_bits_is_refused(partisan):
    partisan("play", "war", *FAST, "--save-to", "g.json", input="quit\n")
    data = json.loads(Path("g.json").read_text(encoding="utf-8"))
    Path("bad.json").write_text(json.dumps({**data, "actions": [2**31]}), encoding="utf-8")
    run = partisan("play", "--load", "bad.json")
    assert run.code == 4 and "action 1 (2147483648) is out of range" in run.err


def test_deeply_nested_json_is_refused(partisan):
    Path("deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    run = partisan("play", "--load", "deep.json")
    assert run.code == 4 and "nested too deeply" in run.err


# ----------------------------------------------------------------------------- saving
def test_saving_through_a_link_writes_its_target(partisan):
    Path("games").mkdir()
    Path("link.json").symlink_to(Path("games") / "real.json")
    run = partisan("play", "war", *FAST, "--save-to", "link.json", input="1\nquit\n")
    assert run.code == 0, run.text
    assert Path("link.json").is_symlink()
    assert load("games/real.json").actions == load("link.json").actions != []


def test_quit_that_cannot_save_offers_another_file(partisan):
    run = partisan("play", "war", *FAST, "--save-to", "gone/g.json", input="1\nquit\nkept.json\n")
    assert run.code == 0, run.text
    assert "Could not save to gone/g.json: the folder" in run.out and "does not exist" in run.out
    assert "Saved to kept.json. Resume with: partisan play --load kept.json" in run.out
    assert not Path("gone").exists()
    assert len(load("kept.json").actions) > 0


def test_quit_that_cannot_save_can_leave_without_saving(partisan, tmp_path):
    run = partisan("play", "war", *FAST, "--save-to", "gone/g.json", input="quit\nleave\n")
    assert run.code == 0, run.text
    assert "Left without saving." in run.out
    assert list(tmp_path.iterdir()) == []


def test_quit_that_cannot_save_can_go_back_to_the_game(partisan, tmp_path):
    run = partisan("play", "war", *FAST, "--save-to", "gone/g.json",
                   input="quit\n\nsave here.json\nquit\nleave\n")
    assert run.code == 0, run.text
    assert run.out.count("Could not save to gone/g.json") == 2
    assert "Game saved to here.json." in run.out        # back at the move prompt in between
    assert [p.name for p in tmp_path.iterdir()] == ["here.json"]


def test_the_default_opponent_is_the_documented_preset(partisan):
    run = partisan("play", "war", "--seed", "5", "--save-to", "g.json", input="quit\n")
    assert run.code == 0, run.text
    assert f"P2: {DEFAULT_OPPONENT}" in run.out
    assert load("g.json").meta["bots"] == {"1": DEFAULT_OPPONENT}
    assert f"Default: {DEFAULT_OPPONENT}." in partisan("play", "--help").out
    assert f"`partisan play` without `--bot` plays against `{DEFAULT_OPPONENT}`" in README
