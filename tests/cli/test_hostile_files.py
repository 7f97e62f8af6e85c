"""Files a user hands the command line that are broken or hostile: a data folder, a record, a
presets file, a benchmark baseline, an SVG target. Each is refused with a message naming the
file (and the field), with its exit code (README, "Exit codes"), and changes nothing: never a
hang, an internal error (exit 70) or a file silently replaced."""
from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

import pytest

from partisan.ai import tune
from partisan.ai.presets import user_presets_file

FAST = ("--bot", "random", "--seed", "1")
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


def within(seconds: float, run, *args, **kwargs):
    """run(*args, **kwargs), which must return within `seconds` (a FIFO must not block it)."""
    outcome = []
    worker = threading.Thread(target=lambda: outcome.append(run(*args, **kwargs)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert outcome, f"still running after {seconds} s"
    return outcome[0]


def junta_copy(name: str = "data") -> Path:
    from partisan.core.games.junta.cards import DATA
    shutil.copytree(DATA, name)
    return Path(name).resolve()


def saved_game(partisan, game: str = "war", *extra: str) -> dict:
    run = partisan("play", game, *FAST, *extra, "--save-to", "g.json", input="quit\n")
    assert run.code == 0, run.text
    return json.loads(Path("g.json").read_text(encoding="utf-8"))


# ----------------------------------------------------------------- --data
@needs_fifo
def test_a_fifo_in_a_data_folder_is_refused_not_waited_on(partisan):
    folder = junta_copy()
    os.unlink(folder / "cards.toml")
    os.mkfifo(folder / "cards.toml")
    run = within(20, partisan, "play", "junta", *FAST, "--data", str(folder), input="quit\n")
    assert run.code == 5 and "cards.toml: is a pipe, not a data file" in run.err


@needs_fifo
def test_a_record_naming_a_folder_with_a_fifo_is_refused(partisan):
    folder = junta_copy()
    data = saved_game(partisan, "junta", "--data", str(folder))
    os.unlink(folder / "rules.toml")
    os.mkfifo(folder / "rules.toml")
    from partisan.core import data as data_module
    data_module._load.cache_clear()       # the folder was read in this process: read it afresh
    run = within(20, partisan, "replay", "g.json")
    assert run.code == 4 and "rules.toml: is a pipe, not a data file" in run.err
    assert json.loads(Path("g.json").read_text(encoding="utf-8")) == data


def test_data_nested_thousands_deep_is_refused_naming_the_file(partisan):
    folder = junta_copy()
    (folder / "rules.toml").write_text("a = " + "[" * 4000 + "]" * 4000 + "\n")
    run = partisan("play", "junta", *FAST, "--data", str(folder), input="quit\n")
    assert run.code == 5 and "rules.toml: its tables and arrays are nested more than" in run.err


# ----------------------------------------------------------------- records
@pytest.mark.parametrize("game, change, message", [
    ("war", lambda d: d["options"].update(max_skirmishes="INF"), "option 'max_skirmishes' wants a int, not inf"),
    ("junta", lambda d: d["options"].update(max_rounds="-INF"), "option 'max_rounds' wants a int, not -inf"),
    ("junta", lambda d: d["meta"].update(data="x\u0000y"), "a path cannot hold a NUL character"),
    ("war", lambda d: d["options"].update(players=3), "has no option 'players'"),
    ("war", lambda d: d["options"].update(data="elsewhere"), "has no option 'data'"),
])
@pytest.mark.parametrize("command", ["replay", "play --load"])
def test_a_record_with_a_value_the_game_cannot_take_is_refused(partisan, game, change, message, command):
    data = saved_game(partisan, game)
    change(data)
    text = json.dumps(data).replace('"INF"', "Infinity").replace('"-INF"', "-Infinity")
    Path("bad.json").write_text(text, encoding="utf-8")
    run = partisan(*command.split(), "bad.json", input="quit\n")
    assert run.code == 4, run.text
    assert "bad.json" in run.err and message in run.err
    assert Path("bad.json").read_text(encoding="utf-8") == text


@pytest.mark.parametrize("command", ["replay", "play --load"])
def test_a_record_with_a_key_twice_is_refused(partisan, command):
    """json keeps the last of two keys silently; which one the writer meant cannot be told."""
    saved_game(partisan)
    text = Path("g.json").read_text(encoding="utf-8").replace('"seed":', '"seed": 5,\n "seed":', 1)
    Path("g.json").write_text(text, encoding="utf-8")
    run = partisan(*command.split(), "g.json", input="quit\n")
    assert run.code == 4, run.text
    assert "g.json: not valid JSON: the key 'seed' appears twice in one object" in run.err
    assert Path("g.json").read_text(encoding="utf-8") == text


# ----------------------------------------------------------------- the user's presets file
PRESETS_FAULTS = {'games = "x"': "games must hold a table per game",
                  "[games]\nwar = 5": "games.war must hold a table per preset",
                  "[games.war.hard]\ncolour = 1": "games.war.hard.colour is no preset key"}


@pytest.mark.parametrize("text", list(PRESETS_FAULTS)[:2])
def test_every_bot_of_the_command_line_is_refused_with_exit_5(partisan, monkeypatch, tmp_path, text):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    user_presets_file().parent.mkdir(parents=True)
    user_presets_file().write_text(text)
    run = partisan("play", "war", "--bot", "random", "--seed", "1", input="quit\n")
    assert run.code == 5, run.text
    assert str(user_presets_file()) in run.err and PRESETS_FAULTS[text] in run.err


@pytest.mark.parametrize("text", list(PRESETS_FAULTS)[::2])
def test_tune_refuses_a_bad_presets_file_before_calibrating(partisan, monkeypatch, tmp_path, text):
    Path("bad.toml").write_text(text)

    def calibrate(*args, **kwargs):
        raise AssertionError("calibrated before refusing the presets file")
    monkeypatch.setattr(tune, "run", calibrate)
    run = partisan("tune", "war", "--write", "bad.toml", "--games", "2", "--max-iterations", "4")
    assert run.code == 5, run.text
    assert "bad.toml" in run.err and PRESETS_FAULTS[text] in run.err
    assert Path("bad.toml").read_text() == text


# ----------------------------------------------------------------- --svg FILE
@pytest.mark.parametrize("command", [["watch", "garden", "-b", "random", "--seed", "3"],
                                     ["play", "garden", *FAST], ["replay", "g.json"]])
def test_svg_refuses_to_replace_a_file_it_did_not_draw(partisan, command):
    saved_game(partisan, "garden")
    record = Path("g.json").read_text(encoding="utf-8")
    Path("notes.svg").write_text("<svg><!-- my own drawing --></svg>")
    for target in ("g.json", "notes.svg"):
        before = Path(target).read_text(encoding="utf-8")
        run = partisan(*command, "--svg", target, input="quit\n")
        assert run.code == 5, run.text
        assert f"--svg: {target} exists and is not a picture written by --svg" in run.err
        assert "--force" in run.err and Path(target).read_text(encoding="utf-8") == before
    assert Path("g.json").read_text(encoding="utf-8") == record


def test_svg_rewrites_its_own_picture_and_force_replaces_any_file(partisan):
    from partisan.cli.svg import MARKER
    saved_game(partisan, "garden")
    assert partisan("replay", "g.json", "--svg", "t.svg").code == 0
    assert Path("t.svg").read_text(encoding="utf-8").startswith(MARKER)
    assert partisan("replay", "g.json", "--svg", "t.svg").code == 0        # its own: rewritten
    Path("other.svg").write_text("<svg/>")
    run = partisan("replay", "g.json", "--force", "--svg", "other.svg")
    assert run.code == 0, run.text
    assert Path("other.svg").read_text(encoding="utf-8") == Path("t.svg").read_text(encoding="utf-8")
