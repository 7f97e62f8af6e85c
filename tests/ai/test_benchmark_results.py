"""The OpenSpiel strength match's results file: each row says which engine and settings played
it, and a run never mixes rows of another engine version into a file."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from partisan.ai import versus_openspiel

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "strength_vs_openspiel.py"


@pytest.fixture
def bench(monkeypatch):
    spec = importlib.util.spec_from_file_location("strength_vs_openspiel", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    played = []

    def fake_game(game, deal, seats, iterations):           # no search: this checks the file
        played.append((deal, seats))
        return [float(deal), -float(deal)]

    monkeypatch.setattr(module, "play_match_game", fake_game)
    module.played = played
    return module


def test_the_engine_version_names_partisan_its_commit_and_openspiel():
    engine = versus_openspiel.engine_version()
    assert set(engine) == {"partisan", "commit", "openspiel"}
    assert engine["partisan"] and engine["openspiel"]
    commit = engine["commit"].removesuffix("+dirty")
    assert commit == "unknown" or (len(commit) == 40 and int(commit, 16) >= 0)


def test_rows_carry_engine_and_parameters_and_a_rerun_resumes(bench, tmp_path):
    path = tmp_path / "strength_leduc_7.jsonl"
    bench.run("leduc", deals=2, iterations=7, first_deal=1, path=path)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(rows) == 4 and len(bench.played) == 4
    assert all(r["engine"] == versus_openspiel.engine_version() for r in rows)
    assert all(r["params"] == versus_openspiel.match_params("leduc", 7) and r["params"]["iterations"] == 7
               for r in rows)
    bench.run("leduc", deals=3, iterations=7, first_deal=1, path=path)     # only deal 3 is new
    assert len(path.read_text().splitlines()) == 6 and len(bench.played) == 6
    assert bench.summarize(path)["engine"].endswith(f"OpenSpiel {rows[0]['engine']['openspiel']}")


@pytest.mark.parametrize("label", ["unlabelled", "another commit", "another budget"])
def test_a_run_refuses_to_append_to_rows_of_another_engine_or_settings(bench, tmp_path, label):
    path = tmp_path / "strength_leduc_7.jsonl"
    engine, params = versus_openspiel.engine_version(), versus_openspiel.match_params("leduc", 7)
    row = {"deal": 1, "partisan_seats": [0], "returns": [1.0, -1.0]}      # as before rows were labelled
    if label == "another commit":
        row.update(engine={**engine, "commit": "0" * 40}, params=params)
    elif label == "another budget":
        row.update(engine=engine, params={**params, "iterations": 8})
    path.write_text(json.dumps(row) + "\n")
    before = path.read_text()
    with pytest.raises(bench.MixedResults, match="never mixed in one file"):
        bench.run("leduc", deals=2, iterations=7, first_deal=1, path=path)
    assert path.read_text() == before and bench.played == []
