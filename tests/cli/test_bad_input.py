"""Bad values on the command line: a clear refusal before anything starts, never a hang,
an internal error or a value silently wrapped onto another."""
from __future__ import annotations

import importlib.metadata
import json
from pathlib import Path

import pytest

BAD_SPECS = {
    "ismcts:uct_c=-1": "uct_c is a number, from 0 to 100",
    "ismcts:uct_c=nan": "uct_c is a number, from 0 to 100 (not nan)",
    "ismcts:uct_c=inf": "(not inf)",
    "ismcts:rollout_depth=-5": "rollout_depth is a whole number, from 0 to 1,000,000",
    "ismcts:rollout_depth=99999999999": "from 0 to 1,000,000 (not 99999999999)",
    "ismcts:max_nodes=1": "max_nodes is a whole number, from 16 to 50,000,000",
    "ismcts:iterations=99999999999999999999999": "iterations is a whole number, from 0 to 2,147,483,647",
    "godlike": "unknown bot 'godlike'",
}


@pytest.mark.parametrize("spec", BAD_SPECS)
@pytest.mark.parametrize("where", ["--bot", "--hint-bot", "watch --bots"])
def test_bad_bot_specs_are_refused_before_the_game(partisan, tmp_path, spec, where):
    command = ["watch", "war", "--bots", spec] if where == "watch --bots" else ["play", "war", where, spec]
    run = partisan(*command, "--seed", "1", input="1\n")
    assert run.code == 2, run.text
    assert BAD_SPECS[spec] in run.err and run.err.startswith("partisan: ")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("spec", BAD_SPECS)
def test_a_record_naming_a_bad_bot_is_refused(partisan, spec):
    partisan("play", "war", "--bot", "random", "--seed", "1", "--save-to", "g.json", input="quit\n")
    data = json.loads(Path("g.json").read_text(encoding="utf-8"))
    for key, value in (("bots", {"1": spec}), ("hint_bot", spec)):
        bad = {**data, "meta": {**data["meta"], key: value}}
        Path("bad.json").write_text(json.dumps(bad), encoding="utf-8")
        run = partisan("play", "--load", "bad.json", input="quit\n")
        assert run.code == 2, run.text
        assert BAD_SPECS[spec] in run.err
        assert json.loads(Path("bad.json").read_text(encoding="utf-8")) == bad


@pytest.mark.parametrize("args", [["play", "war", "--bot", ""], ["play", "war", "--hint-bot", ""],
                                  ["watch", "war", "--bots", ""]])
def test_an_empty_bot_is_an_error_not_the_default(partisan, tmp_path, args):
    run = partisan(*args, "--seed", "1", input="quit\n")
    assert run.code == 2, run.text
    assert "bot" in run.err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["play", "war"], ["watch", "war", "--bots", "random"],
                                     ["bench", "war", "--seconds", "0.01", "--iterations", "5"],
                                     ["arena", "war", "--bots", "random,random", "--games", "2"]])
@pytest.mark.parametrize("seed", ["-1", str(2**64), str(10**30)])
def test_seeds_outside_64_bits_are_refused(partisan, tmp_path, command, seed):
    run = partisan(*command, "--seed", seed, input="quit\n")
    assert run.code == 2, run.text
    assert "--seed" in run.err and "18446744073709551615" in run.err
    assert list(tmp_path.iterdir()) == []


def test_the_largest_seed_is_a_game(partisan):
    run = partisan("play", "war", "--bot", "random", "--seed", str(2**64 - 1), "--save-to", "g.json",
                   input="quit\n")
    assert run.code == 0, run.text
    assert json.loads(Path("g.json").read_text(encoding="utf-8"))["seed"] == 2**64 - 1


@pytest.mark.parametrize("value, message", [("nan", "'nan' is not a finite number"),
                                            ("inf", "inf is not in the range 0<x<=3600"),
                                            ("-1", "not in the range"), ("0", "not in the range"),
                                            ("1e9", "not in the range")])
def test_bench_refuses_a_time_that_never_ends(partisan, value, message):
    run = partisan("bench", "war", "--seconds", value)
    assert run.code == 2, run.text
    assert "--seconds" in run.err and message in run.err


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_watch_refuses_a_delay_that_never_ends(partisan, value):
    run = partisan("watch", "war", "--bots", "random", "--delay", value)
    assert run.code == 2 and "--delay" in run.err


def test_more_jobs_than_cores_warns(partisan, monkeypatch):
    monkeypatch.setattr("partisan.cli.console.os.cpu_count", lambda: 1)
    run = partisan("arena", "leduc", "--bots", "random,random", "--games", "2", "--jobs", "2")
    assert run.code == 0, run.text
    assert "warning: --jobs 2 is more than the 1 cores of this machine" in run.err
    quiet = partisan("arena", "leduc", "--bots", "random,random", "--games", "2", "--jobs", "1")
    assert quiet.code == 0 and "warning" not in quiet.err


@pytest.mark.parametrize("command", [["play", "WAR", "--bot", "random", "--seed", "1"],
                                     ["watch", "War", "--bots", "random", "--seed", "1"],
                                     ["bench", " war ", "--seconds", "0.01", "--iterations", "5"],
                                     ["rules", "JUNTA"]])
def test_game_names_ignore_case(partisan, command):
    run = partisan(*command, input="quit\n")
    assert run.code == 0, run.text


def test_version(partisan):
    run = partisan("--version")
    assert run.code == 0
    assert run.out.strip() == f"partisan {importlib.metadata.version('partisan')}"


def test_rules_command(partisan):
    index = partisan("rules", "war")
    assert index.code == 0 and "Skirmish with one suit each" in index.out and "3. What is public" in index.out
    section = partisan("rules", "war", "public")
    assert section.code == 0 and "Discard piles are face up" in section.out
    every = partisan("rules", "junta", "all")
    assert every.code == 0 and "Readings chosen" in every.out and "What each seat sees" in every.out
    assert partisan("rules", "war", "zebra").code == 3
    assert partisan("rules", "chess").code == 3
