"""What every game tells a newcomer: the end of a game (who won by name, the score and why it
ended, also in the record and its replay), prompts naming the side, events kept by whom they
concern, and replays and watched games shown as one seat saw them."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.cli.views import war as war_view
from partisan.core.game import load_game
from partisan.core.narration import MINE, OTHERS, TO_ME, concern
from partisan.core.record import Match

FAST = ["--bot", "random", "--seed", "5"]
MANY_ONES = "1\n" * 1000


def record(path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the end of a game
def test_a_finished_war_says_who_won_why_and_the_cards_each_holds(partisan):
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input=MANY_ONES)
    assert run.code == 0, run.text
    out = record("g.json")["outcome"]
    assert out["headline"] in ("P1 wins", "P2 wins")
    assert f"Result: {out['headline']}." in run.out
    assert "The game ended because every other player ran out of cards" in run.out
    assert any(row["breakdown"] == "eliminated" for row in out["scores"])
    assert "cards" in out["scores"][0]["score"] and "draw pile" in run.out


def test_a_finished_junta_scores_vp_by_source_and_says_why_it_ended(partisan):
    run = partisan("watch", "junta", "--bots", "random", "--seed", "3", "--option", "max_rounds=1",
                   "--save", "w.json")
    assert run.code == 0, run.text
    assert "The game ended because the round limit (1) was reached" in run.out
    out = record("w.json")["outcome"]
    assert all(row["score"].endswith(" VP") and "building" in row["breakdown"]
               and "M in hand" in row["breakdown"] for row in out["scores"])


def test_replay_prints_the_outcome_kept_in_the_record(partisan):
    partisan("watch", "war", "--bots", "random", "--seed", "6", "--save", "w.json")
    data = record("w.json")
    data["outcome"]["reason"] = "a reason only the record knows"
    Path("w.json").write_text(json.dumps(data), encoding="utf-8")
    run = partisan("replay", "w.json")
    assert run.code == 0 and "The game ended because a reason only the record knows." in run.out


def test_a_record_without_an_outcome_still_loads_and_replays_with_one(partisan):
    partisan("watch", "war", "--bots", "random", "--seed", "6", "--save", "w.json")
    data = record("w.json")
    del data["outcome"]
    Path("old.json").write_text(json.dumps(data), encoding="utf-8")
    run = partisan("replay", "old.json")
    assert run.code == 0 and "The game ended because" in run.out


@pytest.mark.parametrize("bad", [[], {"headline": 1}, {"headline": "x", "reason": "y", "winners": [],
                                                       "scores": [{"seat": "0"}]}])
def test_a_malformed_outcome_is_refused(partisan, bad):
    partisan("watch", "war", "--bots", "random", "--seed", "6", "--save", "w.json")
    data = record("w.json")
    data["outcome"] = bad
    Path("bad.json").write_text(json.dumps(data), encoding="utf-8")
    run = partisan("replay", "bad.json")
    assert run.code == 4 and "record field 'outcome'" in run.err


def test_an_unfinished_record_with_an_outcome_is_refused(partisan):
    partisan("watch", "war", "--bots", "random", "--seed", "6", "--save", "w.json")
    data = record("w.json")
    data["actions"] = data["actions"][:5]
    Path("cut.json").write_text(json.dumps(data), encoding="utf-8")
    run = partisan("replay", "cut.json")
    assert run.code == 4 and "do not finish" in run.err


# ------------------------------------------------------------------ names of the sides
@pytest.fixture
def named_sides(monkeypatch):
    """WAR's view naming its seats as a game with sides does (view.side_names(observation))."""
    monkeypatch.setattr(war_view, "side_names", lambda obs: ["North", "South"], raising=False)


def test_the_prompt_the_moves_and_the_result_name_the_side(partisan, named_sides):
    run = partisan("play", "war", *FAST, "--save-to", "g.json", input=MANY_ONES)
    assert run.code == 0, run.text
    assert "You are North (P1); South: random." in run.out
    assert "Your move, North. Legal moves:" in run.out
    assert "Your move, North (number, text or help) >" in run.out
    headline = record("g.json")["outcome"]["headline"]
    assert headline in ("North wins", "South wins") and f"Result: {headline}." in run.out
    assert "P1 wins" not in run.out and "P2 wins" not in run.out


def test_watch_names_the_sides(partisan, named_sides):
    run = partisan("watch", "war", "--bots", "random", "--seed", "6")
    assert "North random, South random" in run.out
    assert "Result: North wins." in run.out or "Result: South wins." in run.out


def test_a_title_never_shows_how_a_bot_is_set_up(partisan):
    run = partisan("solo", "baler", "--seed", "1", input="quit\n")
    assert "automa=" not in run.out.lower()


# ------------------------------------------------------------------ events kept by concern
@pytest.mark.parametrize("line, whom", [("you: play 5♠", MINE), ("  your promises are forfeited", MINE),
                                        ("P2 attacks you", TO_ME), ("revealed: P2 7♥, you 5♠", TO_ME),
                                        ("P2: play 7♥", OTHERS), ("P3 draws a card; young", OTHERS)])
def test_a_line_concerns_the_viewer_by_the_words_narration_uses(line, whom):
    assert concern(line) == whom


def _terminal(width: int, height: int) -> Console:
    return Console(file=io.StringIO(), width=width, height=height, force_terminal=True,
                   color_system=None, legacy_windows=False)


def test_when_events_do_not_fit_what_was_done_to_you_comes_first_and_your_own_choice_last(tmp_path):
    """The move you chose, with nothing following from it, is what you know best: it gives way
    to what was done to you and to the newest of what the others did."""
    console = _terminal(80, 24)
    session = PlaySession(Match(load_game("war"), 2), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    session._advance()
    session.events = ([f"P2: something {i}" for i in range(30)] + ["you: play 9♠", "P2 attacks you"]
                      + [f"P2: more {i}" for i in range(30)])
    session.show_screen()
    screen = console.file.getvalue()
    assert "P2 attacks you" in screen and "you: play 9♠" not in screen
    assert "P2: more 29" in screen and "P2: something 0" not in screen       # then the newest of the rest
    assert screen.index("P2 attacks you") < screen.index("P2: more 29")     # in the order they happened
    hidden = session.hidden
    assert hidden > 0 and f"... {hidden} other events not shown: `events` lists them all" in screen
    assert session._prompt().plain == f"Your move, P1 (number, text or help; {hidden} more events: type `events`) > "


def test_the_prompt_mentions_no_hidden_events_when_all_fit(tmp_path):
    console = _terminal(100, 40)
    session = PlaySession(Match(load_game("war"), 2), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    session._advance()
    session.events = ["you: play 9♠", "P2: play 7♥"]
    session.show_screen()
    assert session.hidden == 0 and session._prompt().plain == "Your move, P1 (number, text or help) > "


# ------------------------------------------------------------------ records and onlookers
def test_replay_of_an_unfinished_game_shows_only_the_players_seat(partisan):
    partisan("play", "war", *FAST, "--save-to", "g.json", input="1\n1\nquit\n")
    mine = partisan("replay", "g.json")
    assert mine.code == 0
    assert "The game is not over: showing what P1 (seat 0) saw; --all shows everything." in mine.out
    assert "P2 draws a card" in mine.out and "P1's view" in mine.out
    everything = partisan("replay", "g.json", "--all")
    assert everything.code == 0 and "P2 draws a card" not in everything.out
    assert "showing what" not in everything.out
    both = partisan("replay", "g.json", "--all", "--seat", "1")
    assert both.code == 2


def test_watch_seat_shows_one_seats_view(partisan):
    run = partisan("watch", "war", "--bots", "random", "--seed", "6", "--seat", "1")
    assert run.code == 0, run.text
    assert "Following P2: only what it sees." in run.out
    assert "P2's view" in run.out and "P1 draws a card" in run.out and "you draw " in run.out
    everyone = partisan("watch", "war", "--bots", "random", "--seed", "6")
    assert "P1 draws a card" not in everyone.out and "P2's view" not in everyone.out
    assert partisan("watch", "war", "--bots", "random", "--seat", "2").code == 3


def test_a_junta_promise_to_you_says_you_so_it_is_kept_as_done_to_you(partisan):
    run = partisan("play", "junta", "--bot", "random", "--seed", "4", "--save-to", "g.json",
                   input="log\nquit\n")
    assert "P4 promises Foreign Aid 2 to you" in run.out and "to P1" not in run.out
    assert concern("P4 promises Foreign Aid 2 to you") == TO_ME


def test_log_in_full_clears_the_count_of_events_not_shown(tmp_path):
    console = _terminal(80, 24)
    session = PlaySession(Match(load_game("war"), 2), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    session._advance()
    session.events = [f"P2: something {i}" for i in range(60)]
    session.log = [(1, line) for line in session.events]
    session.show_screen()
    assert session.hidden > 0
    session.handle("log 3")
    assert session.hidden > 0
    session.handle("log")
    assert session.hidden == 0
