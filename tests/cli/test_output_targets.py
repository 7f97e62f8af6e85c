"""A file a command is asked to write (arena --json/--csv/--plot, tune --write, bench --json)
is checked before any game is played: a named pipe hung the command, /dev/zero was written
without end, and tune --write F --report-dir F failed with FileExistsError (a fuzz run)."""
import os

import pytest

ARENA = ("arena", "kuhn", "--bots", "random,random", "--games", "2", "--jobs", "1")
TUNE = ("tune", "kuhn", "--include-reference", "--games", "2")


@pytest.fixture
def pipe(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return str(path)


@pytest.mark.parametrize("command", [
    (*ARENA, "--json"), (*ARENA, "--csv"), (*ARENA, "--plot"), (*TUNE, "--write"), ("bench", "kuhn", "--json"),
])
@pytest.mark.parametrize("target", ["pipe", "/dev/zero", "folder", "missing/x.json"])
def test_a_target_that_is_no_regular_file_is_refused_before_any_work(partisan, pipe, tmp_path, command, target):
    path = {"pipe": pipe, "folder": str(tmp_path)}.get(target, target)
    run = partisan(*command, path)
    assert run.code == 2, run.text
    assert any(why in run.text for why in ("not a regular file", "does not exist", "is a directory"))


def test_tune_refuses_the_presets_file_as_its_report_folder(partisan, tmp_path):
    same = str(tmp_path / "same")
    run = partisan(*TUNE, "--write", same, "--report-dir", same)
    assert run.code == 2 and "not a folder for the reports" in run.text
    assert not os.path.exists(same)
