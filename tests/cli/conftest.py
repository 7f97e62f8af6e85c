"""Run the `partisan` command in-process with an injected console, in a scratch directory; or as
a process on a pseudo-terminal of its own (the `terminal` fixture), as a person runs it."""
from __future__ import annotations

import io
import os
import pty
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest
from click.testing import CliRunner
from rich.console import Console

from partisan.cli.main import cli

PARTISAN = [sys.executable, "-c", "from partisan.cli.main import main; main()"]


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


def _ctrl_c_as_from_a_terminal() -> None:
    """A test session started in the background (`pytest ... &` in a script) has Ctrl-C
    ignored, and a process inherits that; the program rightly keeps it (a background job is
    not meant to be interrupted). A person's terminal starts it with Ctrl-C's default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """`partisan ARGS` on a pseudo-terminal of its own, as a person runs it."""

    def __init__(self, args, cwd):
        self.master, slave = pty.openpty()
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "120", "LINES": "40"}
        self.process = subprocess.Popen([*PARTISAN, *args], stdin=slave, stdout=slave, stderr=slave,
                                        cwd=cwd, env=env, start_new_session=True,
                                        preexec_fn=_ctrl_c_as_from_a_terminal)
        os.close(slave)
        self.screen = ""

    def read(self, timeout: float) -> None:
        if select.select([self.master], [], [], timeout)[0]:
            try:
                self.screen += os.read(self.master, 65536).decode(errors="replace")
            except OSError:      # the process has gone and closed the terminal
                pass

    def wait_for(self, text: str, timeout: float = 60.0) -> None:
        end = time.monotonic() + timeout
        while text not in self.screen:
            assert self.process.poll() is None and time.monotonic() < end, self.screen[-2000:]
            self.read(0.1)

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")

    def interrupt(self) -> float:
        """Ctrl-C: the seconds until the process has exited."""
        sent = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        while self.process.poll() is None:
            assert time.monotonic() - sent < 30, "Ctrl-C was not answered"
            self.read(0.01)
        answered = time.monotonic() - sent
        self.read(0.1)
        return answered

    def close(self) -> None:
        """Kill the whole session: an arena's or a search's workers too, which outlive a
        command that a failed test left running (or one that exited without them)."""
        if self.master is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:          # the command and every worker have gone
            pass
        self.process.wait()
        os.close(self.master)
        self.master = None


@pytest.fixture
def terminal(tmp_path):
    opened = []

    def start(*args):
        opened.append(Terminal(args, tmp_path))
        return opened[-1]

    yield start
    for t in opened:
        t.close()
