"""`partisan bench` over every game, `--json` figures and `--compare` against a baseline."""
from __future__ import annotations

import json
import os
import re
import threading

import pytest

from partisan.core.game import registered_games

FAST = ("--seconds", "0.01", "--iterations", "20")


def test_bench_without_a_game_measures_every_registered_game(partisan):
    run = partisan("bench", *FAST, "--json", "all.json")
    assert run.code == 0, run.text
    doc = json.loads(open("all.json").read())
    names = [i.name for i in registered_games()]
    assert list(doc["games"]) == names
    assert any(i.reference for i in registered_games())      # reference games are measured too
    for entry in doc["games"].values():
        assert f"{entry['spec']}: speed (seed 1)" in run.out


def test_json_holds_machine_commit_settings_and_every_figure(partisan):
    run = partisan("bench", "war", "junta", *FAST, "--repeats", "2", "--seed", "4", "--json", "b.json")
    assert run.code == 0, run.text
    doc = json.loads(open("b.json").read())
    assert doc["format"] == "partisan-bench" and doc["version"] == 1
    assert doc["machine"]["cores"] >= 1 and doc["machine"]["processor"]
    assert doc["python"].split()[1].count(".") == 2
    assert set(doc["partisan"]) == {"version", "commit"}
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", doc["date"])
    assert doc["settings"] == {"seconds": 0.01, "iterations": 20, "seed": 4, "repeats": 2,
                               "players": None, "options": {}}
    assert list(doc["games"]) == ["war", "junta"]
    figures = doc["games"]["war"]["figures"]
    assert {n: f["unit"] for n, f in figures.items()} == {
        "random playouts": "games/s", "ISMCTS from the opening": "iterations/s",
        "clone": "clones/s", "resample": "resamples/s"}
    assert all(len(f["samples"]) == 2 and min(f["samples"]) > 0 for f in figures.values())
    assert "Figures written to b.json." in run.out


def test_compare_prints_each_figures_ratio_to_the_baseline(partisan):
    assert partisan("bench", "war", *FAST, "--json", "base.json").code == 0
    doc = json.loads(open("base.json").read())
    doc["games"]["war"]["figures"]["clone"]["samples"] = [1.0]     # a baseline far slower
    open("base.json", "w").write(json.dumps(doc))
    run = partisan("bench", "war", *FAST, "--compare", "base.json")
    assert run.code == 0, run.text
    assert "Ratio to the baseline" in run.out
    rows = {m: line for line in run.out.splitlines() for m in ("random playouts", "clone", "resample")
            if line.strip("│ ").startswith("war") and m in line}
    ratio = float(re.search(r"([\d,.]+)x", rows["clone"]).group(1).replace(",", ""))
    assert ratio > 100
    assert re.search(r"\d\.\d\dx", rows["resample"])


def test_a_bad_baseline_is_refused_before_measuring(partisan):
    open("junk.json", "w").write("{not json")
    run = partisan("bench", "war", *FAST, "--compare", "junk.json")
    assert run.code == 5 and "not JSON" in run.err and "speed" not in run.out
    open("other.json", "w").write(json.dumps({"games": {}}))
    run = partisan("bench", "war", *FAST, "--compare", "other.json")
    assert run.code == 5 and "not written by `partisan bench --json`" in run.err
    open("twice.json", "w").write('{"format": "partisan-bench", "format": "x"}')
    run = partisan("bench", "war", *FAST, "--compare", "twice.json")
    assert run.code == 5 and "the key 'format' appears twice in one object" in run.err
    assert partisan("bench", "war", *FAST, "--compare", "missing.json").code == 2
    assert partisan("bench", "war", *FAST, "--json", "base.json").code == 0
    doc = json.loads(open("base.json").read())
    doc["games"]["war"]["figures"]["clone"]["samples"] = ["fast"]
    open("bad.json", "w").write(json.dumps(doc))
    run = partisan("bench", "war", *FAST, "--compare", "bad.json")
    assert run.code == 5 and "'clone' needs" in run.err


def test_a_baseline_measured_otherwise_is_refused(partisan):
    assert partisan("bench", "war", *FAST, "--json", "base.json").code == 0
    run = partisan("bench", "war", "--seconds", "0.01", "--iterations", "30", "--compare", "base.json")
    assert run.code == 5 and "iterations=20" in run.err and "iterations=30" in run.err
    run = partisan("bench", "junta", *FAST, "--compare", "base.json")
    assert run.code == 5 and "holds no figure of the games measured now (junta)" in run.err
    doc = json.loads(open("base.json").read())
    doc["games"]["war"]["figures"]["clone"]["unit"] = "clones/ms"
    open("base.json", "w").write(json.dumps(doc))
    run = partisan("bench", "war", *FAST, "--compare", "base.json")
    assert run.code == 5 and "clones/ms" in run.err


def test_bench_options_belong_to_one_game(partisan):
    assert partisan("bench", "--players", "3", *FAST).code == 2
    assert partisan("bench", "war", "junta", "--option", "loss=winner", *FAST).code == 2
    assert partisan("bench", "war", "junta", "--exploitability").code == 2
    assert partisan("bench", "kuhn", "--exploitability", "--json", "x.json").code == 2
    open("x.json", "w").write("{}")
    run = partisan("bench", "--vs-openspiel", "--compare", "x.json")
    assert run.code == 2 and "--json and --compare keep the speed figures" in run.err


def test_an_unwritable_json_file_is_a_clear_message(partisan):
    """Refused before anything is measured (a bad command line, exit 2)."""
    run = partisan("bench", "war", *FAST, "--json", "no/such/folder/b.json")
    assert run.code == 2 and "the folder of no/such/folder/b.json does not exist" in run.err


def test_a_game_whose_data_is_broken_is_skipped_with_the_reason(partisan, monkeypatch):
    import partisan.cli.commands.bench as bench
    monkeypatch.setattr(bench, "unavailable_reason",
                        lambda info: None if info.name == "war" else "its data is broken")
    run = partisan("bench", *FAST, "--json", "b.json")
    assert run.code == 0, run.text
    assert list(json.loads(open("b.json").read())["games"]) == ["war"]
    assert "Skipping junta: its data is broken" in run.out


def test_threads_are_measured_beside_one_thread_with_the_ratio(partisan):
    """Both ways of using the threads: a tree each, and one tree they share."""
    run = partisan("bench", "kuhn", *FAST, "--repeats", "2", "--threads", "2", "--json", "t.json")
    assert run.code == 0, run.text
    doc = json.loads(open("t.json").read())
    assert doc["settings"]["threads"] == 2
    figures = doc["games"]["kuhn"]["figures"]
    one, two = (figures[name]["samples"] for name in ("ISMCTS from the opening", "ISMCTS on 2 threads"))
    assert figures["ISMCTS on 2 threads"]["unit"] == "iterations/s"
    assert figures["2 threads / 1 thread"] == {"unit": "x", "samples": [b / a for a, b in zip(one, two)]}
    assert "2 threads / 1 thread" in run.out and "in 2 trees" in run.out
    shared = figures["ISMCTS on 2 threads, one tree"]["samples"]
    assert figures["2 threads, one tree / 1 thread"]["samples"] == [s / a for a, s in zip(one, shared)]
    assert "2 threads, one tree / 1 thread" in run.out
    assert partisan("bench", "kuhn", *FAST, "--threads", "0").code == 2


def _edited_baseline(partisan, change) -> None:
    assert partisan("bench", "war", *FAST, "--json", "base.json").code == 0
    doc = json.loads(open("base.json").read())
    change(doc)
    open("bad.json", "w").write(json.dumps(doc).replace('"INF"', "Infinity").replace('"NAN"', "NaN")
                                  .replace('"LONG"', "9" * 5000))


def _samples(value):
    def change(doc):
        doc["games"]["war"]["figures"]["clone"]["samples"] = value
    return change


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(partisan="x"), "\"partisan\" must be an object whose version and commit are text"),
    (lambda d: d.update(machine=[1]), "\"machine\" must be an object whose processor is text, not [1]"),
    (lambda d: d["partisan"].update(commit=1234567), "\"partisan\" must be an object"),
    (lambda d: d.update(date=5), "\"date\" must be text"),
    (lambda d: (d["partisan"].pop("commit", None), d.update(date="x")), "\"date\" must be a date and time"),
    (lambda d: d["partisan"].update(commit="Infinity"), "\"partisan\" commit must be a git commit, not 'Infinity'"),
    (lambda d: d.update(date="Infinity"), "\"date\" must be a date and time as `bench --json` writes it"),
    (lambda d: d.update(date="x" * 3000), "\"date\" must be a date and time"),
    (_samples(["INF"]), "Infinity is not a number a benchmark measures"),
    (_samples(["NAN"]), "NaN is not a number a benchmark measures"),
    (_samples([1e300]), "'clone' needs a \"unit\" and a list of \"samples\", each a rate above 0"),
    (_samples([10**400]), "'clone' needs a \"unit\""),
    (_samples(["LONG"]), "not JSON (Exceeds the limit"),
])
def test_a_baseline_with_a_field_of_the_wrong_kind_is_refused(partisan, change, message):
    _edited_baseline(partisan, change)
    run = partisan("bench", "war", *FAST, "--compare", "bad.json")
    assert run.code == 5, run.text
    assert "bad.json" in run.err and message in run.err and "speed" not in run.out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_as_a_baseline_is_refused_not_waited_on(partisan):
    os.mkfifo("pipe.json")
    outcome = []
    worker = threading.Thread(target=lambda: outcome.append(
        partisan("bench", "war", *FAST, "--compare", "pipe.json")), daemon=True)
    worker.start()
    worker.join(20)
    assert outcome and outcome[0].code == 5 and "pipe.json: is a pipe, not a benchmark file" in outcome[0].err
