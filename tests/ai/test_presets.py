"""Presets: the shipped ladder is only read; the user's calibrations override it per game."""
from __future__ import annotations

import os
import tomllib

import pytest

from partisan.ai import bots, make_bot, tune
from partisan.ai.presets import user_presets_file
from partisan.ai.tune import Calibration, Measurement, Rung


def _calibration(game, iterations):
    ladder = tune.base_ladder()
    played = Measurement("a", "b", 0.7, 10, 0.4, 0.9, 10, 1.0, 1.0, fresh=True)
    rungs = [Rung(p, {**ladder[p], "iterations": n}, played, True) for p, n in zip(bots.PRESET_ORDER, iterations)]
    return Calibration(game, 2, {}, 10, 4096, rungs=rungs)


def test_the_user_presets_file_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert user_presets_file() == tmp_path / "cfg" / "partisan" / "presets.toml"
    for unset in ("", "relative/path"):          # the spec ignores a relative XDG_CONFIG_HOME
        monkeypatch.setenv("XDG_CONFIG_HOME", unset)
        monkeypatch.setenv("HOME", str(tmp_path / "home"))
        assert user_presets_file() == tmp_path / "home" / ".config" / "partisan" / "presets.toml"


def test_tuning_writes_the_user_file_and_leaves_the_shipped_one_alone(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    shipped = bots.PRESETS_FILE.read_bytes()
    shipped_war = make_bot("hard", game="war").iterations
    path = tune.write_presets(_calibration("war", [3, 9, 27, 81, 243]))
    assert path == tmp_path / "cfg" / "partisan" / "presets.toml" and path.is_file()
    assert bots.PRESETS_FILE.read_bytes() == shipped
    data = tomllib.loads(path.read_text())
    assert set(data) == {"games"} and list(data["games"]) == ["war"]
    # the user's war ladder replaces the shipped one; junta keeps the shipped calibration
    assert [make_bot(p, game="war").iterations for p in bots.PRESET_ORDER] == [3, 9, 27, 81, 243]
    assert make_bot("hard", game="war").iterations != shipped_war
    shipped_junta = tomllib.loads(shipped.decode())["games"]["junta"]
    assert [make_bot(p, game="junta").iterations for p in bots.PRESET_ORDER] == [
        shipped_junta[p]["iterations"] for p in bots.PRESET_ORDER]
    # a second game is added beside the first, and a recalibration replaces it in place
    tune.write_presets(_calibration("junta", [1, 2, 4, 8, 16]))
    tune.write_presets(_calibration("war", [2, 4, 8, 16, 32]))
    data = tomllib.loads(path.read_text())
    assert sorted(data["games"]) == ["junta", "war"] and path.read_text().count("[games.war.hard]") == 1
    assert make_bot("expert", game="war").iterations == 32 and make_bot("expert", game="junta").iterations == 16
    # without the user file the shipped presets are back
    os.unlink(path)
    assert make_bot("hard", game="war").iterations == shipped_war


def test_a_game_only_the_user_calibrated_is_known_to_make_bot(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    with pytest.raises(Exception, match="alpha"):
        make_bot("hard", game="alpha")
    tune.write_presets(_calibration("alpha", [4, 16, 64, 256, 1024]))
    assert make_bot("hard", game="alpha").iterations == 256


def test_writing_to_a_missing_folder_is_refused_not_created(tmp_path):
    target = tmp_path / "no" / "such" / "presets.toml"
    with pytest.raises(OSError):
        tune.write_presets(_calibration("war", [3, 9, 27, 81, 243]), target)
    assert not (tmp_path / "no").exists()
