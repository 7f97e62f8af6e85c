"""The end of a round of Guerilla as a player reads it (the factions' tallies, each seat's
loyalty, revealed at the end, and its points kept or halved, why the round ended; in the record
and its replay) and the `cards` reference."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from partisan.cli.views import guerilla as view
from partisan.core.game import load_game
from partisan.core.games.guerilla.cards import DATA


def _play_out(game, seed: int):
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    before = None
    while not state.is_terminal():
        before = state.observation(0)
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state, before


@pytest.fixture(scope="module")
def ended():
    """A four-player round played to its end by random moves; seat 0's last view before it."""
    game = load_game("guerilla", 4)
    state, before = _play_out(game, 2)
    return game, state, before


def test_a_finished_round_gives_the_tallies_loyalties_and_the_reason(partisan):
    """"In 3-4 player games, as soon as the draw pile is exhausted sudden death begins." (l.100);
    "players loyal to the faction with the highest total score their personal points total.
    Players loyal to the losing faction score half their personal points total" (l.115)."""
    run = partisan("watch", "guerilla", "--players", "4", "--bots", "random", "--seed", "2", "--save", "w.json")
    assert run.code == 0, run.text
    out = json.loads(Path("w.json").read_text(encoding="utf-8"))["outcome"]
    assert re.fullmatch(r"P\d wins", out["headline"])
    assert re.search(r"The game ended because the deck ran out and the sudden-death roll ended the round; "
                     r"(Government|Rebel) won the tally \d+ to \d+", run.out)
    for row in out["scores"]:
        assert re.fullmatch(r"(Government|Rebel|Mercenary)[ :].*", row["breakdown"]), row
        m = re.search(r"(\d+) points halved to (\d+)", row["breakdown"])
        if m:
            assert int(m.group(2)) == int(m.group(1)) // 2 == int(row["score"].split()[0])
    replay = partisan("replay", "w.json")
    assert replay.code == 0 and f"The game ended because {out['reason']}." in " ".join(replay.out.split())


def test_the_loser_loyalists_halve_and_the_winners_keep(ended):
    """"At the end of a round, players loyal to the faction with the highest total score their
    personal points total. Players loyal to the losing faction score half their personal points
    total (fractions rounded down)." (l.115)"""
    game, state, _ = ended
    obs = state.observation(0)
    result = view.outcome(obs, state.returns(), game)
    faction = obs["faction_scores"]
    won = "Government" if faction["Government"] >= faction["Rebel"] else "Rebel"
    for q, (score, how) in enumerate(result["scores"]):
        loyalty, points = obs["loyalties"][q], obs["scores"][q]
        assert how.startswith(loyalty)
        if loyalty == won:
            assert score == f"{points} points" and "kept in full" in how
        elif loyalty != "Mercenary":
            assert score == f"{points // 2} points" and f"{points} points halved to {points // 2}" in how


def test_each_seat_s_points_say_what_the_complexes_held_at_the_end_scored(ended):
    """l.114: "Complex controlled at end of round | The complex victory point value less points
    of damage or modifiers due to isolation (minimum 0)", scored with what a seat's forces
    eliminated (l.110-l.111). "90 points halved to 45" did not say where the 90 came from: the
    table adds "the 90: 51 from battles, 39 for 8 complexes held". Here P1 holds
    the Policia (VP 4), P2 the Banco (VP 6) damaged by 2."""
    game, state, _ = ended
    obs = state.observation(0)
    for g in obs["groups"]:
        if g["complex_stats"] and g["complex_stats"]["name"] == "Banco de Nationale":
            g["damage"] = 2
    scores = {q: how for q, (_, how) in enumerate(view.outcome(obs, state.returns(), game)["scores"])}
    assert scores[0].endswith("54 points kept in full; the 54: 35 from battles, 4 for complexes destroyed, "
                              "11 for propaganda, 4 for 1 complex held")
    assert scores[1].endswith("41 points halved to 20; the 41: 24 from battles, 13 for complexes destroyed, "
                              "4 for 1 complex held")


def test_loyalties_show_only_at_the_end(ended):
    """The seat's view before the round ends keeps the others' loyalties hidden; the outcome,
    from the end's view, names every one."""
    game, state, before = ended
    assert "loyalties" not in before and len(before["loyalty"]) < len(before["scores"])
    named = [how.split()[0] for _, how in view.outcome(state.observation(0), state.returns(), game)["scores"]]
    assert named == state.observation(0)["loyalties"]


def test_the_mercenary_keeps_his_points_under_a_25_point_margin(ended):
    """"A player with the Mercenary loyalty marker scores full personal points if the Government
    or the Rebels win by less than 25 points. Otherwise, his points are halved." (l.115)"""
    game, state, _ = ended
    obs = state.observation(0)
    obs["loyalties"] = ["Mercenary", *obs["loyalties"][1:]]
    obs["scores"][0], obs["final_scores"][0] = 30, 30
    obs["faction_scores"] = {"Government": 80, "Rebel": 57}
    assert "kept in full (the margin 23 is under 25)" in view.outcome(obs, state.returns(), game)["scores"][0][1]
    obs["final_scores"][0] = 15
    obs["faction_scores"] = {"Government": 82, "Rebel": 57}
    assert "halved to 15 (the margin 25 is 25 or more)" in view.outcome(obs, state.returns(), game)["scores"][0][1]


def test_a_round_stopped_by_the_turn_limit_says_so(ended):
    """RULES.md reading 41: after `turn_limit` turns the round ends and is scored as if the
    sudden-death roll had ended it."""
    game, state, _ = ended
    obs = state.observation(0)
    assert obs["turns"] < game.options["turn_limit"]
    assert view.outcome(obs, state.returns(), game)["reason"].startswith("the deck ran out")
    obs["turns"] = game.options["turn_limit"]
    assert view.outcome(obs, state.returns(), game)["reason"].startswith(
        f"the turn limit ({obs['turns']} turns) was reached")


def test_guerilla_cards_list_strengths_leaders_abilities_and_symbols(partisan):
    run = partisan("rules", "guerilla", "--cards")
    assert run.code == 0
    for words in ("Units: strength by the faction they serve", "General Arturo Valdivia 3",
                  "Comandante Lucio Marín 1", "Airfield DF3 VP5", "an air strike on one unit or complex: 6 + d10",
                  "Rebel groups only", "played out of turn", "an elite Government unit of strength 4",
                  "a2", "15p 6c", "⚔ / ⛨", "the group has attacked this turn", "↷", "=N",
                  "sudden death at N"):
        assert words in run.out, words


def test_guerilla_cards_show_the_data_in_use(partisan, edited_data):
    folder = edited_data(DATA, "cards.toml", 'name = "Airfield"', 'name = "Aerodrome"')
    run = partisan("rules", "guerilla", "--cards", "--data", str(folder))
    assert run.code == 0, run.text
    assert "Aerodrome DF3" in run.out and "Airfield" not in run.out
