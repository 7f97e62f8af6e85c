"""Game records: round trip, atomic save, and loading that refuses bad files with clear messages."""
from __future__ import annotations

import json
import os
import random
import threading

import pytest

from partisan.core import RecordError, load_game
from partisan.core import record
from partisan.core.record import FORMAT, VERSION, Match
from partisan.core.testing.play import play_out


def _play(match: Match, steps: int, seed: int = 0) -> Match:
    """Advance a match by random decisions and its own chance stream."""
    play_out(match.state, random.Random(seed), max_steps=steps, apply=match.apply)
    return match


@pytest.fixture
def match(registered_game):
    return _play(Match(load_game(registered_game), seed=11, meta={"note": "test"}), 25)


def test_save_load_round_trip(match, tmp_path):
    path = match.save(tmp_path / "game.json")
    loaded = record.load(path)
    assert loaded.actions == match.actions
    assert loaded.meta == {"note": "test"}
    assert loaded.game == match.game
    assert loaded.state.fingerprint() == match.state.fingerprint()
    data = json.loads(path.read_text())
    assert (data["format"], data["version"]) == (FORMAT, VERSION)


def test_round_trip_keeps_options(game_variant, tmp_path):
    m = _play(Match(game_variant.load(), seed=4), 15)
    loaded = record.load(m.save(tmp_path / "g.json"))
    assert loaded.game.options == m.game.options
    assert loaded.game.players == game_variant.players
    assert loaded.state.fingerprint() == m.state.fingerprint()


def test_loaded_game_continues_as_the_original(match, tmp_path):
    """Chance drawn from the state's own seed: a resumed game gets the same dice."""
    loaded = record.load(match.save(tmp_path / "g.json"))
    _play(match, 40, seed=3)
    _play(loaded, 40, seed=3)
    assert loaded.actions == match.actions


def test_save_replaces_and_leaves_no_temporary_file(match, tmp_path):
    path = tmp_path / "game.json"
    match.save(path)
    before = path.read_text()
    _play(match, 5, seed=1)
    match.save(path)
    assert json.loads(path.read_text())["actions"] == match.actions
    assert path.read_text() != before or match.state.is_terminal()
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]


def test_save_does_not_create_missing_folders(match, tmp_path):
    with pytest.raises(FileNotFoundError) as info:
        match.save(tmp_path / "a" / "b" / "game.json")
    assert f"the folder {tmp_path / 'a' / 'b'} does not exist" in info.value.strerror
    assert list(tmp_path.iterdir()) == []


def test_save_follows_a_symlink(match, tmp_path):
    (tmp_path / "games").mkdir()
    real = tmp_path / "games" / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert match.save(link) == real
    assert link.is_symlink() and link.resolve() == real
    assert json.loads(real.read_text())["actions"] == match.actions
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games", "link.json"]


def test_save_keeps_the_mode_of_an_existing_file(match, tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old")
    path.chmod(0o640)
    match.save(path)
    assert path.stat().st_mode & 0o7777 == 0o640


def test_a_new_file_gets_the_umask_mode(match, tmp_path):
    old = os.umask(0o022)
    try:
        path = match.save(tmp_path / "game.json")
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o7777 == 0o644


def test_save_refuses_a_folder_as_target(match, tmp_path):
    (tmp_path / "game.json").mkdir()
    with pytest.raises(OSError, match="not a regular file"):
        match.save(tmp_path / "game.json")


def test_failed_save_keeps_the_old_file(match, tmp_path, monkeypatch):
    path = match.save(tmp_path / "game.json")
    old = path.read_text()

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    _play(match, 5, seed=2)
    monkeypatch.setattr(record.os, "fsync", disk_full)
    with pytest.raises(OSError):
        match.save(path)
    assert path.read_text() == old
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "temporary file left behind"


def _rejected(tmp_path, content, *expected: str) -> str:
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    with pytest.raises(RecordError) as info:
        record.load(path)
    message = str(info.value)
    assert str(path) in message
    for part in expected:
        assert part in message, message
    return message


def test_truncated_file(match, tmp_path):
    text = json.dumps(match.to_dict(), indent=1)
    _rejected(tmp_path, text[: len(text) // 2], "not valid JSON", "truncated")


def test_empty_and_binary_files(tmp_path):
    _rejected(tmp_path, "", "not valid JSON")
    _rejected(tmp_path, b"\xff\xfe\x00garbage", "cannot be read")


def test_missing_file(tmp_path):
    with pytest.raises(RecordError, match="no such file"):
        record.load(tmp_path / "nothing.json")


def test_not_an_object(tmp_path):
    _rejected(tmp_path, [1, 2, 3], "JSON object")


@pytest.mark.parametrize("fmt", [None, "chess-pgn", 1])
def test_wrong_format(match, tmp_path, fmt):
    data = match.to_dict()
    data["format"] = fmt
    _rejected(tmp_path, data, "not a Partisan game record")


@pytest.mark.parametrize("version", [0, 3, "1", None, 1.5, True, 2.0])
def test_wrong_version(match, tmp_path, version):
    data = match.to_dict()
    data["version"] = version
    _rejected(tmp_path, data, "version", "not supported")


@pytest.mark.parametrize("key, value", [
    ("game", None), ("game", 3), ("players", "two"), ("players", True), ("players", None),
    ("options", []), ("seed", "7"), ("seed", False), ("actions", {}), ("actions", None),
])
def test_bad_fields(match, tmp_path, key, value):
    data = match.to_dict()
    data[key] = value
    _rejected(tmp_path, data, repr(key))


def test_missing_field(match, tmp_path):
    for key in ("game", "players", "options", "seed", "actions"):
        data = match.to_dict()
        del data[key]
        _rejected(tmp_path, data, repr(key), "missing")


@pytest.mark.parametrize("bad", [1.5, "3", True, None, [1]])
def test_actions_must_be_whole_numbers(match, tmp_path, bad):
    data = match.to_dict()
    data["actions"] = data["actions"][:3] + [bad] + data["actions"][3:]
    _rejected(tmp_path, data, "whole numbers")


def test_meta_must_be_an_object(match, tmp_path):
    data = match.to_dict()
    data["meta"] = "hello"
    _rejected(tmp_path, data, "meta")


def test_unknown_game(match, tmp_path):
    data = match.to_dict()
    data["game"] = "tiddlywinks"
    _rejected(tmp_path, data, "cannot be set up", "tiddlywinks")


def test_unknown_option(match, tmp_path):
    data = match.to_dict()
    data["options"] = {**data["options"], "no_such_option": 1}
    _rejected(tmp_path, data, "cannot be set up", "no_such_option")


def test_players_out_of_range(match, tmp_path):
    data = match.to_dict()
    data["players"] = match.game.info.max_players + 1
    _rejected(tmp_path, data, "cannot be set up", "players")


def test_illegal_action_in_the_middle(match, tmp_path):
    """An edited record: the first action that is not legal is named, counting from 1."""
    data = match.to_dict()
    index = len(data["actions"]) // 2
    data["actions"][index] = -5
    _rejected(tmp_path, data, f"action {index + 1} (-5) is not legal")


def test_actions_after_the_end(registered_game, tmp_path):
    m = _play(Match(load_game(registered_game), seed=2), 100_000)
    assert m.state.is_terminal()
    data = m.to_dict()
    data["actions"].append(data["actions"][-1])
    _rejected(tmp_path, data, f"action {len(data['actions'])}", "not legal")


def test_from_dict_without_a_file(match):
    assert record.from_dict(match.to_dict()).state.fingerprint() == match.state.fingerprint()
    with pytest.raises(RecordError, match="JSON object"):
        record.from_dict("not a dict")


def test_action_beyond_32_bits(match):
    data = match.to_dict()
    data["actions"] = data["actions"][:3] + [2**31]
    with pytest.raises(RecordError, match=r"action 4 \(2147483648\) is out of range"):
        record.from_dict(data)
    data["actions"] = [-2**31 - 1]
    with pytest.raises(RecordError, match="action 1 .-2147483649. is out of range"):
        record.from_dict(data)


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_seed_out_of_range(match, seed):
    data = {**match.to_dict(), "seed": seed}
    with pytest.raises(RecordError, match="seed .* is out of range"):
        record.from_dict(data)


def test_deeply_nested_json(tmp_path):
    _rejected(tmp_path, "[" * 100_000 + "]" * 100_000, "nested too deeply")
    _rejected(tmp_path, '{"format": ' * 100_000 + "1" + "}" * 100_000, "nested too deeply")


def test_oversized_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:
        fh.truncate(record.MAX_RECORD_BYTES + 1)      # sparse: nothing is written
    with pytest.raises(RecordError, match="larger than 16 MiB"):
        record.load(path)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused():
    with pytest.raises(RecordError, match="/dev/zero: is a device, not a record file"):
        record.load("/dev/zero")


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(RecordError, match="is a folder, not a record file"):
        record.load(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    outcome = []

    def load():
        try:
            record.load(fifo)
        except RecordError as exc:
            outcome.append(str(exc))

    reader = threading.Thread(target=load, daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():       # unblock the reader so the test run can end
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    assert outcome and "is a pipe, not a record file" in outcome[0]


@pytest.mark.parametrize("drop", ["data", "actions", "both"])
def test_an_encoding_missing_a_fingerprint_is_refused(match, tmp_path, drop):
    """An encoding with the right action fingerprint but no 'data' key ended in KeyError
    (exit 70 on replay)."""
    data = match.to_dict()
    data["encoding"] = {k: v for k, v in data["encoding"].items() if drop not in (k, "both")}
    _rejected(tmp_path, data, "'encoding'")
