"""Run the `partisan` command in-process with an injected console, in a scratch directory."""
from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from click.testing import CliRunner
from rich.console import Console

from partisan.cli.main import cli


@dataclass
class Run:
    code: int
    out: str        # the console and anything click printed on stdout
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


@pytest.fixture
def partisan(tmp_path, monkeypatch):
    """partisan("play", "war", ..., input="1\\n") -> Run, executed in tmp_path."""
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str, input: str | None = None) -> Run:
        screen = io.StringIO()
        console = Console(file=screen, width=150, color_system=None, highlight=False)
        result = CliRunner().invoke(cli, list(args), input=input, obj={"console": console})
        run = Run(result.exit_code, screen.getvalue() + result.stdout, result.stderr)
        assert "Traceback" not in run.text
        return run

    return invoke



@pytest.fixture
def edited_data(tmp_path):
    """edited_data(folder, file, old, new) -> a copy of a game's data folder whose `file` has
    `old` replaced by `new` (as a user edits a copy for --data)."""
    import shutil

    def edit(folder, file: str, old: str, new: str):
        copy = tmp_path / "edited"
        shutil.copytree(folder, copy)
        path = copy / file
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {file}"
        path.write_text(text.replace(old, new), encoding="utf-8")
        return copy

    return edit
