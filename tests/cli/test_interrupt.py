"""Ctrl-C on a terminal while a search runs (a bot's long time budget, `hint`, `bench`, `arena`):
the command answers within half a second, and `partisan play` keeps the game as Ctrl-C at the
prompt does (saved, exit 130)."""
from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time

import pytest

from partisan.core.record import load

# The issue asks for half a second; the loaded test machine gets slack, far below the budgets.
ANSWER_SECONDS = 1.5
LONG_BOT = "ismcts:iterations=0,seconds=30"
PARTISAN = [sys.executable, "-c", "from partisan.cli.main import main; main()"]


class Terminal:
    """`partisan ARGS` on a pseudo-terminal of its own, as a person runs it."""

    def __init__(self, args, cwd):
        self.master, slave = pty.openpty()
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "120", "LINES": "40"}
        self.process = subprocess.Popen([*PARTISAN, *args], stdin=slave, stdout=slave, stderr=slave,
                                        cwd=cwd, env=env, start_new_session=True)
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
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


@pytest.fixture
def terminal(tmp_path):
    opened = []

    def start(*args):
        opened.append(Terminal(args, tmp_path))
        return opened[-1]

    yield start
    for t in opened:
        t.close()


@pytest.mark.parametrize("bot", [LONG_BOT, LONG_BOT + ",threads=2", LONG_BOT + ",threads=2,shared=1"])
def test_ctrl_c_while_a_bot_thinks_saves_the_game(terminal, tmp_path, bot):
    run = terminal("play", "war", "--seat", "1", "--bot", bot, "--seed", "5", "--save-to", "g.json")
    run.wait_for("is thinking")
    assert run.interrupt() < ANSWER_SECONDS, run.screen
    assert run.process.returncode == 130
    assert "Interrupted." in run.screen and "Game saved to g.json" in run.screen
    record = load(tmp_path / "g.json")
    assert record.meta["bots"] == {"0": bot} and record.state.current_player() == 0


def test_ctrl_c_during_a_hint_saves_the_game(terminal, tmp_path):
    run = terminal("play", "war", "--bot", "random", "--seed", "5", "--save-to", "g.json",
                   "--hint-bot", LONG_BOT)
    run.wait_for("Your move")
    run.type("hint")
    run.wait_for("is thinking")
    assert run.interrupt() < ANSWER_SECONDS, run.screen
    assert run.process.returncode == 130 and "Game saved to g.json" in run.screen
    assert load(tmp_path / "g.json").meta["hint_bot"] == LONG_BOT


@pytest.mark.parametrize("args, marker", [
    (("bench", "war", "--seconds", "0.2", "--iterations", "2000000000"), "Measuring"),
    (("arena", "war", "--bots", f"{LONG_BOT},random", "--games", "2", "--jobs", "1"), "games"),
    (("arena", "war", "--bots", f"{LONG_BOT},random", "--games", "2", "--jobs", "2"), "games"),
], ids=["bench", "arena", "arena-workers"])
def test_ctrl_c_stops_a_long_command(terminal, args, marker):
    run = terminal(*args)
    run.wait_for(marker)
    time.sleep(1.0)       # well into the search (bench: past its 0.2 s of random playouts)
    assert run.interrupt() < ANSWER_SECONDS, run.screen
    assert run.process.returncode == 130, run.screen
