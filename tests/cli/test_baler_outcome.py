"""The end of a siege of Baler as a player reads it (who won by side, why the siege ended, each
side's VP by source, in the record and its replay) and the `cards` reference."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from partisan.cli.views import baler as view
from partisan.core.game import load_game
from partisan.core.games.baler.cards import DATA
from partisan.core.games.baler.position import BalerTable


@pytest.fixture(scope="module")
def ended():
    """A siege played to its end by random moves, and its last observation."""
    game = load_game("baler")
    state = game.new_initial_state(seed=4)
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return game, state


def _figures(breakdown: str) -> int:
    """The sum of the VP a breakdown lists ("7 at the start + 14 for ...")."""
    return sum(int(part.split()[0]) for part in breakdown.split(" + "))


def test_a_finished_siege_names_the_winning_side_the_reason_and_vp_by_source(partisan):
    """"One side has at least 15 victory points more than the other. The game ends" (l.1189);
    "If this is game turn 6, this step will be the last one" (l.1175)."""
    run = partisan("watch", "baler", "--bots", "random", "--seed", "4", "--save", "w.json")
    assert run.code == 0, run.text
    out = json.loads(Path("w.json").read_text(encoding="utf-8"))["outcome"]
    assert out["headline"] in ("Spain wins", "Philippines wins")
    assert f"Result: {out['headline']}." in run.out
    assert re.search(r"The game ended because (turn 6 ended|(the )?\w+ led by \d+ VP|the church walls)", run.out)
    spain, philippines = out["scores"]
    assert (spain["name"], philippines["name"]) == ("Spain", "Philippines")
    assert "7 at the start" in spain["breakdown"] and "Filipino units killed" in spain["breakdown"]
    for row in out["scores"]:
        assert _figures(row["breakdown"]) == int(row["score"].split()[0])
    replay = partisan("replay", "w.json")
    told = " ".join(re.sub("[│┃]", " ", replay.out).split())   # a long reason wraps, a long breakdown in its cell
    assert replay.code == 0 and f"The game ended because {out['reason']}." in told
    assert spain["breakdown"] in told


def _upkeep_ends(turn: int, walls: dict[int, str]):
    """The Upkeep of `turn` with the walls of some areas set, played to the end of the game."""
    table = BalerTable()
    table.set_turn(turn)
    for area, condition in walls.items():
        table.set_walls(area, condition)
    state = table.game_state("upkeep", "spain")
    assert state.is_terminal()
    return view.outcome(state.observation(0), state.returns(), state.game)


def test_walls_destroyed_in_two_areas_are_the_reason_and_score_six():
    """"The Philippine side has degraded the church wall conditions to Destroyed in two or more
    areas on the map. The Philippine side scores 6 victory points, and the game ends
    immediately." (l.1190)"""
    result = _upkeep_ends(4, {1: "Destroyed", 2: "Destroyed"})
    assert result["reason"].startswith("the church walls were Destroyed in 2 areas in turn 4")
    assert result["scores"][1] == ("6 VP", "6 for the walls Destroyed in two or more areas")


def test_walls_destroyed_in_three_areas_score_six_once_and_the_table_agrees():
    """l.1190: "Destroyed in two or more areas on the map. The Philippine side scores 6 victory
    points". Walls Destroyed in 3 areas score the 6 once: the reason names the 3 areas and the
    rule's two or more, the table's line the same two or more."""
    result = _upkeep_ends(4, {1: "Destroyed", 2: "Destroyed", 3: "Destroyed"})
    assert result["reason"].startswith("the church walls were Destroyed in 3 areas in turn 4 (two or more end "
                                       "the siege): the Philippines scored 6 VP"), result["reason"]
    assert result["scores"][1] == ("6 VP", "6 for the walls Destroyed in two or more areas")


def test_a_tie_in_vp_says_which_tie_breaker_decided(ended):
    """"1. The side with the higher morale level is the winner. 2. The side with the higher supply
    level is the winner. 3. If the game ended before turn 6, the Philippine side wins. If the
    game ended in turn 6, the Spanish side wins." (l.1196-l.1198)"""
    game, state = ended
    obs = state.observation(0)
    obs.update(turn=6, vp=[20, 20], morale=[3, 3], supply=[2, 4])
    assert "the higher supply won (Spain 2, Philippines 4)" in view.outcome(obs, [-1, 1], game)["reason"]
    obs.update(supply=[4, 4])
    assert "Spain won: the siege lasted to the end of turn 6" in view.outcome(obs, [1, -1], game)["reason"]


def test_spain_scores_the_walls_standing_at_the_end_of_turn_6():
    """"In turn 6 ... If none of the church walls in all four areas on the map are Destroyed or
    Wrecked, they score 1 victory point. If all the church walls ... are Intact, they score 2"
    (l.1183-l.1185). Only the sources that scored are listed."""
    assert _upkeep_ends(6, {})["scores"][0] == ("9 VP", "7 at the start + 2 for the walls standing at the end of turn 6")
    assert _upkeep_ends(6, {2: "Damaged"})["scores"][0] == (
        "8 VP", "7 at the start + 1 for the walls standing at the end of turn 6")


def test_side_names_are_spain_and_the_philippines(ended):
    assert view.side_names(ended[1].observation(1)) == ["Spain", "Philippines"]


def test_baler_cards_list_the_cards_counters_and_symbols(partisan):
    run = partisan("rules", "baler", "--cards")
    assert run.code == 0
    for words in ("Volley from the Bell Tower AP1 i8 rifle", "Spanish faction card", "‖ rifle:",
                  "Katipunero 1-1", "Teodorico Luna Novicio", "combat/manpower", "exhausted",
                  "S Spain's, F the Filipinos'", "Spain / Phil.", "⇄n", "◆", "▰ ▱ ·", "mil lead US",
                  "(compact: Int Dam Wre Des)", "[Spain 3] / [US 4]", "* modified"):
        assert words in run.out, words


def test_baler_cards_show_the_data_in_use(partisan, edited_data):
    folder = edited_data(DATA, "cards.toml", "Volley from the Bell Tower", "Volley at Dawn")
    run = partisan("rules", "baler", "--cards", "--data", str(folder))
    assert run.code == 0, run.text
    assert "Volley at Dawn AP1" in run.out and "Volley from the Bell Tower" not in run.out
