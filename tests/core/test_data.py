"""Component data: reading TOML with errors that name the file, unknown keys, fingerprints."""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from partisan.core.data import MAX_DATA_BYTES, MAX_DEPTH, GameData, check_keys, load_toml
from partisan.core.errors import DataError


def test_unreadable_files_are_data_errors_naming_the_file(tmp_path, monkeypatch):
    latin = tmp_path / "latin.toml"
    latin.write_bytes('name = "Pe\xf1a"\n'.encode("latin-1"))
    with pytest.raises(DataError, match=r"latin\.toml: not UTF-8"):
        load_toml(latin)
    (tmp_path / "folder.toml").mkdir()
    with pytest.raises(DataError, match=r"folder\.toml: is a folder, not a data file"):
        load_toml(tmp_path / "folder.toml")
    with pytest.raises(DataError, match=r"missing\.toml: data file not found"):
        load_toml(tmp_path / "missing.toml")
    (tmp_path / "bad.toml").write_text("count = = 3\n")
    with pytest.raises(DataError, match=r"bad\.toml: not valid TOML"):
        load_toml(tmp_path / "bad.toml")
    locked = tmp_path / "locked.toml"
    locked.write_text("a = 1\n")
    real_open = os.open

    def refuse(path, *args, **kwargs):     # tests run as root, where chmod cannot lock a file
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)
    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(DataError, match=r"locked\.toml: cannot be read: Permission denied"):
        load_toml(locked)


def test_unknown_fields_are_errors_with_a_suggestion():
    check_keys({"count": 1, "name": "x"}, ("count", "name"), "here")
    with pytest.raises(DataError, match=r"here: unknown field 'cuont' \(did you mean 'count'\?\)"):
        check_keys({"cuont": 1}, ("count", "name"), "here")
    with pytest.raises(DataError, match=r"unknown field 'zzz' \(fields: count, name\)"):
        check_keys({"zzz": 1}, ("count", "name"), "here")


def _spec(folder: Path) -> GameData:
    return GameData(folder, ("a.toml",), lambda docs, where: docs["a.toml"]["n"])


def test_game_data_loads_a_folder_and_fingerprints_its_content(tmp_path):
    one, two, three = (tmp_path / n for n in ("one", "two", "three"))
    for folder, text in ((one, "n = 1\n"), (two, "# same value, other layout\nn    = 1\n"), (three, "n = 2\n")):
        folder.mkdir()
        (folder / "a.toml").write_text(text)
    spec = _spec(one)
    first = spec.load()
    assert first.value == 1 and first.folder == one.resolve()
    assert spec.load(two).fingerprint == first.fingerprint       # comments and spacing do not count
    assert spec.load(three).fingerprint != first.fingerprint
    assert spec.load(str(one)) is first                          # cached per folder


def test_game_data_refuses_a_missing_folder_or_file(tmp_path):
    with pytest.raises(DataError, match="not a data folder .it does not exist."):
        _spec(tmp_path).load(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataError, match=r"a\.toml: data file not found"):
        _spec(tmp_path).load(tmp_path / "empty")


def _refused_in_time(function, *args) -> str:
    """The DataError `function(*args)` raises, within five seconds (a FIFO must not block)."""
    outcome = []

    def run():
        try:
            function(*args)
        except DataError as exc:
            outcome.append(str(exc))
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(5)
    assert outcome, "not refused (blocked, or accepted)"
    return outcome[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_only_regular_files_of_bounded_size_are_read(tmp_path):
    os.mkfifo(tmp_path / "a.toml")
    assert "a.toml: is a pipe, not a data file" in _refused_in_time(load_toml, tmp_path / "a.toml")
    assert "a.toml: is a pipe" in _refused_in_time(_spec(tmp_path).load, tmp_path)
    huge = tmp_path / "huge.toml"
    with open(huge, "wb") as fh:
        fh.truncate(MAX_DATA_BYTES + 1)        # sparse: nothing is written
    with pytest.raises(DataError, match=r"huge\.toml: larger than 4 MiB"):
        load_toml(huge)
    with pytest.raises(DataError, match="cannot be read"):
        load_toml(str(tmp_path / "nul\0.toml"))


@pytest.mark.parametrize("text", ["a = " + "[" * 4000 + "]" * 4000,
                                  "a = " + "{b = " * 4000 + "1" + "}" * 4000,
                                  "a" + ".a" * 5000 + " = 1",
                                  "[" + ".".join(["t"] * 5000) + "]\nx = 1"])
def test_deeply_nested_toml_is_a_data_error_naming_the_file(tmp_path, text):
    (tmp_path / "a.toml").write_text(text)
    for load in (lambda: load_toml(tmp_path / "a.toml"), lambda: _spec(tmp_path).load(tmp_path)):
        with pytest.raises(DataError, match=rf"a\.toml: .*nested more than {MAX_DEPTH} deep"):
            load()


def test_a_folder_name_no_file_system_can_hold_is_a_data_error(tmp_path):
    with pytest.raises(DataError, match="not a data folder .a path cannot hold a NUL"):
        _spec(tmp_path).load(f"{tmp_path}/a\0b")
    with pytest.raises(DataError, match="not a data folder .its name is not valid text"):
        _spec(tmp_path).load(f"{tmp_path}/\ud800")      # a lone surrogate, valid in JSON
