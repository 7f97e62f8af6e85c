"""--data on play, watch, replay, arena and tune, and `partisan games` with broken data."""
from __future__ import annotations

import dataclasses
import json

from partisan.core import game as registry
from partisan.core.record import load

SHORT = ("--option", "max_rounds=1", "--seed", "2")


def test_watch_and_replay_with_edited_data(partisan, junta_data, edited_junta):
    folder = edited_junta
    run = partisan("watch", "junta", "--bots", "random", *SHORT, "--data", str(folder), "--save", "w.json")
    assert run.code == 0, run.text
    match = load("w.json")
    assert match.game.data_dir == folder.resolve()
    assert {c.name: c.count for c in match.game.data.cards}["Foreign Aid 2"] == 11
    assert partisan("replay", "w.json").code == 0                 # the folder the record names
    refused = partisan("replay", "w.json", "--data", str(junta_data("shipped")))
    assert refused.code == 4 and "other component data" in refused.err and "--data DIR" in refused.err


def test_play_saves_the_data_folder_and_resumes_with_it(partisan, tmp_path, edited_junta):
    folder = edited_junta
    run = partisan("play", "junta", "--bot", "random", *SHORT, "--data", str(folder),
                   "--save-to", "g.json", input="quit\n")
    assert run.code == 0, run.text
    saved = json.loads((tmp_path / "g.json").read_text())
    assert saved["meta"]["data"] == str(folder.resolve())
    resumed = partisan("play", "--load", "g.json", input="quit\n")
    assert resumed.code == 0, resumed.text


def test_bad_data_folders_exit_with_the_file_named(partisan, junta_data):
    broken = junta_data("broken", lambda t: t.replace("count = {", "cuont = {", 1))
    run = partisan("watch", "junta", "--bots", "random", "--data", str(broken))
    assert run.code == 5 and str(broken / "cards.toml") in run.err and "unknown field 'cuont'" in run.err
    run = partisan("play", "war", "--data", str(broken))
    assert run.code == 3 and "no component data" in run.err


def test_arena_and_tune_take_data(partisan, junta_data, edited_junta):
    folder = edited_junta
    run = partisan("arena", "junta", "--bots", "random,random", "--games", "2", "--jobs", "1",
                   "--option", "max_rounds=1", "--data", str(folder), "--json", "r.json")
    assert run.code == 0, run.text
    broken = junta_data("broken", lambda t: t.replace('effect = "spy"', 'effect = "mole"'))
    run = partisan("arena", "junta", "--bots", "random,random", "--games", "2", "--data", str(broken))
    assert run.code == 5 and "unknown effect 'mole'" in run.err
    run = partisan("tune", "junta", "war", "--data", str(folder))
    assert run.code == 3 and "name that one GAME" in run.err


def test_games_lists_a_game_with_broken_data_as_unavailable(partisan, junta_data, monkeypatch):
    registry.registered_games()
    junta = registry.game_info("junta")
    broken = junta_data("broken", lambda t: t.replace('effect = "spy"', 'effect = "mole"'))
    monkeypatch.setitem(registry._REGISTRY, "junta", dataclasses.replace(
        junta, data=dataclasses.replace(junta.data, folder=broken)))
    run = partisan("games")
    assert run.code == 0, run.text
    lines = run.out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("junta "))
    assert lines[head].rstrip().endswith("[unavailable]")
    assert "cannot be played" in lines[head + 1] and "unknown effect 'mole'" in run.out.replace("\n", " ")
    war = next(line for line in lines if line.startswith("war "))
    assert "unavailable" not in war
    run = partisan("watch", "war", "--bots", "random", "--seed", "1", "--option", "max_skirmishes=3")
    assert run.code == 0, run.text
    run = partisan("watch", "junta", "--bots", "random")
    assert run.code == 5 and "is unavailable" in run.err
