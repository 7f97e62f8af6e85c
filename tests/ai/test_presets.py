"""Presets: the shipped ladder is only read; the user's calibrations override it per game."""
from __future__ import annotations

import os
import threading
import tomllib

import pytest

from partisan.ai import bots, make_bot, tune
from partisan.ai.presets import user_presets_file
from partisan.ai.tune import Calibration, Measurement, Rung
from partisan.core.errors import BotSpecError, DataError


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


BAD_USER_FILES = {
    'games = "x"': "games must hold a table per game",
    "[games]\nwar = 5": "games.war must hold a table per preset",
    "[games.war]\nhard = 5": "games.war.hard must be a table of the preset's parameters",
    '[games.war.hard]\niterations = "many"': "games.war.hard.iterations hard iterations is a whole number",
    "[games.war.hard]\niterations = -1": "games.war.hard.iterations hard iterations is a whole number, from 0",
    "[games.war.hard]\nuct_c = nan": "games.war.hard.uct_c hard uct_c is a number, from 0 to 100 (not nan)",
    "[games.war.hard]\nkind = 3": "games.war.hard.kind must be a str, not 3",
    "[games.war.hard]\ncolour = 1": "games.war.hard.colour is no preset key",
    "a = " + "[" * 4000 + "]" * 4000: "nested more than 32 deep",
    "a" + ".a" * 5000 + " = 1": "nested more than 32 deep",
    "[games.war.hard\n": "not valid TOML",
}


@pytest.mark.parametrize("text", BAD_USER_FILES)
def test_a_bad_user_presets_file_is_refused_naming_the_file_and_the_key(monkeypatch, tmp_path, text):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    user_presets_file().parent.mkdir()
    user_presets_file().write_text(text)
    for spec in ("random", "hard", "ismcts:iterations=5"):
        with pytest.raises(DataError) as refused:
            make_bot(spec, game="war")
        assert str(user_presets_file()) in str(refused.value) and BAD_USER_FILES[text] in str(refused.value)


def test_a_fifo_as_the_user_presets_file_is_refused_not_waited_on(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    user_presets_file().parent.mkdir()
    os.mkfifo(user_presets_file())
    refused = []
    worker = threading.Thread(target=lambda: refused.append(_refusal(lambda: make_bot("hard", game="war"))),
                              daemon=True)
    worker.start()
    worker.join(5)
    assert refused and "presets.toml: is a pipe, not a presets file" in refused[0]


def _refusal(call) -> str:
    try:
        call()
    except DataError as exc:
        return str(exc)
    return "accepted"


USER_TEXT = """# my presets
[games.junta.hard]
kind = "ismcts"
iterations = 7
measured = true

# a preset of my own, below the calibrations
[presets.mine]
kind = "ismcts"
iterations = 33   # a comment of mine
"""


def test_tuning_keeps_the_users_other_tables_and_comments(tmp_path):
    path = tmp_path / "presets.toml"
    path.write_text(USER_TEXT)
    tune.write_presets(_calibration("war", [3, 9, 27, 81, 243]), path)
    text = path.read_text()
    data = tomllib.loads(text)
    assert data["presets"] == {"mine": {"kind": "ismcts", "iterations": 33}}
    assert "# my presets" in text and "# a preset of my own, below the calibrations" in text
    assert "iterations = 33   # a comment of mine" in text
    assert data["games"]["junta"]["hard"]["iterations"] == 7
    assert [data["games"]["war"][p]["iterations"] for p in bots.PRESET_ORDER] == [3, 9, 27, 81, 243]
    tune.write_presets(_calibration("war", [2, 4, 8, 16, 32]), path)    # again: nothing doubles
    again = path.read_text()
    assert again.count("[presets.mine]") == 1 and again.count("[games.war.hard]") == 1
    assert tomllib.loads(again)["presets"] == data["presets"]


def test_a_file_that_cannot_be_rewritten_whole_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "presets.toml"
    text = 'games.junta.hard = { kind = "ismcts", iterations = 7 }\n'      # [games] as a dotted key
    path.write_text(text)
    with pytest.raises(DataError, match="cannot be rewritten without changing the rest"):
        tune.write_presets(_calibration("war", [3, 9, 27, 81, 243]), path)
    assert path.read_text() == text


@pytest.mark.parametrize("text, why", [
    ('[games.kuhn.mine]\niterations = 5\n', "preset mine names no kind of bot"),
    ('[games.kuhn.hard]\nlike = "easy"\n[games.kuhn.easy]\nlike = "hard"\n', "in a loop: easy -> hard -> easy"),
])
def test_a_preset_without_a_kind_or_in_a_loop_of_likes_is_refused(monkeypatch, tmp_path, text, why):
    """A hand-written preset with neither `kind` nor `like` ended in KeyError, and two presets
    like each other in "bad parameters ... 'like'" (exit 70 from the command line)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "partisan").mkdir()
    (tmp_path / "partisan" / "presets.toml").write_text(text)
    with pytest.raises(BotSpecError, match=why):
        make_bot("hard", game="kuhn")
