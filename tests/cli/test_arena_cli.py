"""`partisan arena` and `partisan tune` from the command line."""
import csv
import json
import shutil
import sys
import tomllib

import pytest
from click.testing import CliRunner
from rich.console import Console

from partisan.ai import arena, make_bot
from partisan.ai.bots import PRESET_ORDER, PRESETS_FILE
from partisan.ai.tune import DEPTH_CANDIDATES
from partisan.cli.main import cli
from partisan.core.game import registered_games


def invoke(*args):
    console = Console(width=160, highlight=False)      # wide enough for whole bot specs
    return CliRunner().invoke(cli, [str(a) for a in args], obj={"console": console}, catch_exceptions=False)


def test_arena_prints_ratings_and_writes_files(game, tmp_path):
    res = invoke("arena", game, "--bots", "random,ismcts:iterations=4,rollout_depth=5", "--games", 4,
                 "--jobs", 2, "--seed", 3, "--json", tmp_path / "r.json", "--csv", tmp_path / "r.csv")
    assert res.exit_code == 0, res.output
    assert "win rate" in res.output and "Elo" in res.output and "ismcts:iterations=4" in res.output
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["games_played"] == 4 and data["bots"] == ["random", "ismcts:iterations=4,rollout_depth=5"]
    with open(tmp_path / "r.csv", newline="") as fh:
        assert len(list(csv.DictReader(fh))) == 4 * data["players"]
    again = invoke("arena", game, "--bots", "random,ismcts:iterations=4,rollout_depth=5", "--games", 4,
                   "--jobs", 1, "--seed", 3, "--json", tmp_path / "s.json")
    assert again.exit_code == 0
    first = [{k: v for k, v in g.items() if k != "seconds"} for g in data["games"]]
    second = [{k: v for k, v in g.items() if k != "seconds"}
              for g in json.loads((tmp_path / "s.json").read_text())["games"]]
    assert first == second


def test_arena_with_three_bots_shows_head_to_head(game):
    res = invoke("arena", game, "--bots", "random,random,random", "--games", 6, "--jobs", 1)
    assert res.exit_code == 0, res.output
    assert "Head to head" in res.output and "random#3" in res.output


def test_ctrl_c_reports_the_finished_games(game, monkeypatch, tmp_path):
    real = arena.play_game
    calls = []

    def interrupt_third(task):
        calls.append(task.index)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(arena, "play_game", interrupt_third)
    res = invoke("arena", game, "--bots", "random,random", "--games", 10, "--jobs", 1,
                 "--json", tmp_path / "r.json")
    assert res.exit_code == 130
    assert "2 of 10 games" in res.output
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["interrupted"] is True and data["games_played"] == 2


@pytest.mark.parametrize("bots,message", [
    ("random,ismcts:iterations=lots", "wants a int"),
    ("random,grandmaster", "unknown bot 'grandmaster'"),
])
def test_bad_bot_specs_exit_with_a_message(game, bots, message):
    res = CliRunner().invoke(cli, ["arena", game, "--bots", bots, "--games", "2"])
    assert res.exit_code == 2
    assert message in res.output and "Traceback" not in res.output


def test_unknown_game_and_backend_are_refused():
    res = CliRunner().invoke(cli, ["arena", "no_such_game", "--bots", "random"])
    assert res.exit_code == 3 and "unknown game" in res.output
    res = CliRunner().invoke(cli, ["arena", "x", "--bots", "random", "--backend", "cloud"])
    assert res.exit_code == 2


def test_tune_refuses_reference_games_unless_asked():
    refs = [i.name for i in registered_games() if i.reference]
    if not refs:
        pytest.skip("no reference game is registered")
    res = CliRunner().invoke(cli, ["tune", refs[0]])
    assert res.exit_code == 3 and "reference game" in res.output


def test_tune_writes_presets_and_report(game, tmp_path):
    presets = tmp_path / "presets.toml"
    shutil.copy(PRESETS_FILE, presets)
    # A tiny cap keeps the grid to a few small budgets: this checks the plumbing, not strength.
    res = invoke("tune", game, "--games", 4, "--jobs", 1, "--max-iterations", 8,
                 "--presets-file", presets, "--report-dir", tmp_path / "reports")
    assert res.exit_code == 0, res.output
    assert "expert: 8 iterations," in res.output and "curve predicted" in res.output
    data = tomllib.loads(presets.read_text())
    ladder = data["games"][game]
    assert list(ladder) == list(PRESET_ORDER)
    assert all(p["kind"] == "ismcts" for p in ladder.values())
    assert all(p["measured"] is True for p in ladder.values())
    budgets = [ladder[p]["iterations"] for p in PRESET_ORDER]
    assert budgets == sorted(budgets) and len(set(budgets)) == 5 and budgets[-1] == 8
    assert data["presets"]["expert"]["measured"] is False       # the base ladder is untouched
    # the round robin the report shows either chose one depth for the whole ladder or none
    depths = [ladder[p]["rollout_depth"] for p in PRESET_ORDER]
    text = (tmp_path / "reports" / f"{game}.md").read_text()
    assert "| `novice` |" in text and "--max-iterations 8" in text
    assert "| rollout depth | Elo |" in text and "--rollout-depth" not in text
    if "keeps its preset's own depth" in text:
        assert depths == [data["presets"][p]["rollout_depth"] for p in PRESET_ORDER]
    else:
        assert len(set(depths)) == 1 and depths[0] in DEPTH_CANDIDATES
        assert f"Every rung uses rollout depth {depths[0]}, the best rated" in text


def test_tune_refuses_a_cap_too_small_for_five_presets(game, tmp_path):
    presets = tmp_path / "presets.toml"
    shutil.copy(PRESETS_FILE, presets)
    before = presets.read_text()
    res = invoke("tune", game, "--max-iterations", 4, "--presets-file", presets, "--report-dir", tmp_path)
    assert res.exit_code == 3 and "give at least 5" in res.output
    assert presets.read_text() == before and not (tmp_path / f"{game}.md").exists()


def test_tune_can_fix_the_rollout_depth_and_the_games_per_confirmation(game, tmp_path):
    presets = tmp_path / "presets.toml"
    shutil.copy(PRESETS_FILE, presets)
    res = invoke("tune", game, "--games", 2, "--jobs", 1, "--max-iterations", 5, "--rollout-depth", 7,
                 "--confirm-games", 4, "--presets-file", presets, "--report-dir", tmp_path)
    assert res.exit_code == 0, res.output
    ladder = tomllib.loads(presets.read_text())["games"][game]
    assert {p["rollout_depth"] for p in ladder.values()} == {7}
    text = (tmp_path / f"{game}.md").read_text()
    assert "fixed by `--rollout-depth`" in text and "--rollout-depth 7" in text
    assert "| rollout depth | Elo |" not in text
    assert "--confirm-games 4" in text and "4 per confirmation" in res.output
    played = [row.split("|")[6].strip() for row in text.splitlines() if "| confirmation |" in row]
    assert played == ["4"] * 5


def test_tune_gives_every_rung_the_knowledge_asked_for(tmp_path):
    """`--knowledge` settles the use of the game's move prior for the whole ladder: every rung
    is played and written with it, and the report's command repeats it."""
    presets = tmp_path / "presets.toml"
    shutil.copy(PRESETS_FILE, presets)
    res = invoke("tune", "garden", "--games", 2, "--jobs", 1, "--max-iterations", 5, "--rollout-depth", 7,
                 "--knowledge", "prior=100", "--knowledge", "guide=0.25", "--knowledge", "read=2",
                 "--knowledge", "lead=0.3", "--presets-file", presets, "--report-dir", tmp_path)
    assert res.exit_code == 0, res.output
    ladder = tomllib.loads(presets.read_text())["games"]["garden"]
    assert {(p["prior"], p["guide"], p["read"], p["lead"]) for p in ladder.values()} == {(100.0, 0.25, 2.0, 0.3)}
    assert "prior=100.0,guide=0.25,read=2.0,lead=0.3" in res.output
    text = (tmp_path / "garden.md").read_text()
    assert "--knowledge prior=100 --knowledge guide=0.25 --knowledge read=2" in text and "`prior` = 100" in text


@pytest.mark.parametrize("pair, message", [("mast=0.5", "takes prior, guide, read, lead, widen, not 'mast'"),
                                           ("lead=1.5", "lead"),
                                           ("guide=2", "guide is the share"),
                                           ("read=-1", "read"),
                                           ("prior=lots", "not a number"),
                                           ("prior", "name=value")])
def test_tune_refuses_a_bad_knowledge_pair_before_calibrating(game, tmp_path, pair, message):
    presets = tmp_path / "presets.toml"
    shutil.copy(PRESETS_FILE, presets)
    before = presets.read_text()
    res = invoke("tune", game, "--knowledge", pair, "--presets-file", presets, "--report-dir", tmp_path)
    assert res.exit_code in (2, 3) and message in res.output
    assert presets.read_text() == before


def test_tune_writes_the_user_presets_file_and_never_the_installed_one(game, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    installed = PRESETS_FILE.read_bytes()
    res = invoke("tune", game, "--games", 2, "--jobs", 1, "--max-iterations", 5, "--rollout-depth", 7,
                 "--confirm-games", 2, "--report-dir", tmp_path)
    assert res.exit_code == 0, res.output
    user = tmp_path / "config" / "partisan" / "presets.toml"
    assert PRESETS_FILE.read_bytes() == installed
    ladder = tomllib.loads(user.read_text())["games"][game]
    assert "presets.toml" in res.output and str(tmp_path / "config") in res.output.replace("\n", "")
    assert make_bot("expert", game=game).iterations == ladder["expert"]["iterations"] == 5


ARENA_BOTS = "random,ismcts:iterations=4,rollout_depth=5"


def test_arena_draws_its_ratings_beside_the_json_report(game, tmp_path):
    pytest.importorskip("matplotlib")
    res = invoke("arena", game, "--bots", ARENA_BOTS, "--games", 4, "--jobs", 1, "--json", tmp_path / "r.json")
    assert res.exit_code == 0, res.output
    svg = (tmp_path / "r.svg").read_text()
    assert "<svg" in svg and "ismcts:iterations=4" in svg and f"Ratings drawn in {tmp_path / 'r.svg'}" in \
        res.output.replace("\n", "")


def test_tune_draws_the_strength_curve_beside_its_report(game, tmp_path):
    pytest.importorskip("matplotlib")
    res = invoke("tune", game, "--games", 2, "--jobs", 1, "--max-iterations", 5, "--rollout-depth", 7,
                 "--confirm-games", 2, "--write", tmp_path / "p.toml", "--report-dir", tmp_path)
    assert res.exit_code == 0, res.output
    svg = (tmp_path / f"{game}.svg").read_text()
    assert "<svg" in svg and "expert" in svg and "iterations" in svg
    assert f"]({game}.svg)" in (tmp_path / f"{game}.md").read_text()


def test_without_matplotlib_arena_and_tune_still_work_and_say_how_to_get_the_plots(game, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    res = invoke("arena", game, "--bots", ARENA_BOTS, "--games", 4, "--jobs", 1, "--plot", tmp_path / "r.svg")
    assert res.exit_code == 0 and "Elo" in res.output
    assert 'pip install "partisan[plot]"' in res.output and not (tmp_path / "r.svg").exists()
    res = invoke("tune", game, "--games", 2, "--jobs", 1, "--max-iterations", 5, "--rollout-depth", 7,
                 "--confirm-games", 2, "--write", tmp_path / "p.toml", "--report-dir", tmp_path)
    assert res.exit_code == 0 and 'pip install "partisan[plot]"' in res.output
    assert (tmp_path / f"{game}.md").exists() and not (tmp_path / f"{game}.svg").exists()
    assert ".svg)" not in (tmp_path / f"{game}.md").read_text()
    assert tomllib.loads((tmp_path / "p.toml").read_text())["games"][game]
