"""`partisan solo`: one side of Heroes of Baler against the Partisan automa or a search preset,
played, saved and resumed as in `partisan play`; `--rules` prints the automa's page, the same
text as docs/games/baler-solo.md, without the rulebook's line numbers, which a player
holding the printed rulebook cannot look up."""
from pathlib import Path

import re

from partisan.cli.rules import uncited
from partisan.core.games.baler.automa import rules_text
from partisan.core.record import load

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games" / "baler-solo.md"


def test_the_rules_page_is_printed_and_is_the_docs_page(partisan):
    run = partisan("solo", "baler", "--rules")
    assert run.code == 0 and run.out == uncited(rules_text()) + "\n"
    assert DOCS.read_text().startswith(uncited(rules_text()))     # one source: they cannot drift
    assert re.search(r"\bl\.\d", rules_text()) and not re.search(r"\bl\.\d", run.out)   # no rulebook lines
    assert run.out.count("### Partisan automa card ") == 28


def test_a_solo_game_against_the_automa_tells_why_and_resumes(partisan):
    seed = ["--side", "spain", "--seed", "3"]
    partisan("solo", "baler", *seed, "--save-to", "whole.json", input="1\n" * 24 + "quit\n")
    first = partisan("solo", "baler", *seed, "--save-to", "parts.json", input="1\n" * 12 + "quit\n")
    told = r'automa card \d+ "[^"]+", [A-Z][a-z ]+ row'      # the card and the row that decided
    assert re.search(told, " ".join(first.out.split())), first.out
    saved = load("parts.json")
    assert saved.game.options["automa"] is True and saved.meta["bots"] == {"1": "automa"}
    resumed = partisan("solo", "--load", "parts.json", input="1\n" * 12 + "quit\n")
    assert resumed.code == 0 and "Resuming" in resumed.out and re.search(told, " ".join(resumed.out.split()))
    assert load("parts.json").actions == load("whole.json").actions


def test_the_search_opponent_plays_the_two_player_game(partisan):
    run = partisan("solo", "baler", "--side", "philippines", "--opponent", "novice", "--seed", "1",
                   "--save-to", "n.json", input="quit\n")
    assert run.code == 0
    saved = load("n.json")
    assert saved.meta["bots"] == {"0": "novice"} and saved.meta["human_seat"] == 1
    assert saved.game.options["automa"] is False


def test_bad_solo_requests_are_refused(partisan):
    assert "no solo mode" in partisan("solo", "war", "--side", "x").text
    run = partisan("solo", "baler", "--side", "france")
    assert run.code != 0 and "sides: spain, philippines" in run.text
    assert "--side spain|philippines" in partisan("solo", "baler").text


def test_the_automa_refuses_a_game_without_its_deck_before_any_move(partisan):
    """The automa's cards are drawn by the game (option automa=true): watch and arena refuse a
    game made without them at once, with the reason, instead of after the first moves."""
    for args in (("watch", "baler", "--bots", "automa,random", "--seed", "1"),
                 ("arena", "baler", "--bots", "automa,random", "--games", "2")):
        run = partisan(*args)
        assert run.code != 0 and "automa=true" in run.text
        assert "seed 1:" not in run.out            # watch stopped before its first line


def test_solo_without_a_side_asks_it_on_a_terminal(terminal, tmp_path):
    """On a terminal, `solo baler` without --side asks the side (each with what it does, the
    default shown) instead of stopping; a wrong answer is asked again."""
    run = terminal("solo", "baler", "--seed", "3", "--save-to", "g.json")
    run.wait_for("Your side")
    assert "1. Spain" in run.screen and "2. the Philippines" in run.screen
    assert "church" in run.screen and "[1: spain]" in run.screen
    run.type("france")
    run.wait_for("There is no side 'france'")
    run.type("2")
    run.wait_for("Your move")
    assert "You are Philippines (P2); Spain: automa." in run.screen
    run.type("quit")
    run.process.wait(30)
    assert load(tmp_path / "g.json").meta["human_seat"] == 1


def test_solo_without_a_side_or_a_terminal_says_how_to_choose(partisan):
    run = partisan("solo", "baler", input="1\n")
    assert run.code == 2 and "--side spain|philippines" in run.text
