"""Component data: reading TOML with errors that name the file, unknown keys, fingerprints."""
from __future__ import annotations

from pathlib import Path

import pytest

from partisan.core.data import GameData, check_keys, load_toml
from partisan.core.errors import DataError


def test_unreadable_files_are_data_errors_naming_the_file(tmp_path, monkeypatch):
    latin = tmp_path / "latin.toml"
    latin.write_bytes('name = "Pe\xf1a"\n'.encode("latin-1"))
    with pytest.raises(DataError, match=r"latin\.toml: not UTF-8"):
        load_toml(latin)
    (tmp_path / "folder.toml").mkdir()
    with pytest.raises(DataError, match=r"folder\.toml: is a directory"):
        load_toml(tmp_path / "folder.toml")
    with pytest.raises(DataError, match=r"missing\.toml: data file not found"):
        load_toml(tmp_path / "missing.toml")
    (tmp_path / "bad.toml").write_text("count = = 3\n")
    with pytest.raises(DataError, match=r"bad\.toml: not valid TOML"):
        load_toml(tmp_path / "bad.toml")
    locked = tmp_path / "locked.toml"
    locked.write_text("a = 1\n")
    real_open = Path.open

    def refuse(self, *args, **kwargs):     # tests run as root, where chmod cannot lock a file
        if self == locked:
            raise PermissionError(13, "Permission denied")
        return real_open(self, *args, **kwargs)
    monkeypatch.setattr(Path, "open", refuse)
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
