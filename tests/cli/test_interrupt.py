"""Ctrl-C on a terminal while a search runs (a bot's long time budget, `hint`, `bench`, `arena`):
the command answers within half a second, and `partisan play` keeps the game as Ctrl-C at the
prompt does (saved, exit 130)."""
from __future__ import annotations

import os
import time

import pytest

from partisan.core.record import load

# The issue asks for half a second; the loaded test machine gets slack, far below the budgets.
ANSWER_SECONDS = 1.5
LONG_BOT = "ismcts:iterations=0,seconds=30"


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


def test_a_terminal_closed_mid_match_leaves_no_worker(terminal):
    """A test that fails mid-match closes its terminal: the arena's worker processes go with it
    (they once ran on for minutes, slowing every test after)."""
    run = terminal("arena", "war", "--bots", f"{LONG_BOT},random", "--games", "2", "--jobs", "2")
    run.wait_for("games")
    time.sleep(1.0)                         # the workers are searching
    run.close()
    assert not _session_alive(run.process.pid, within=10.0)


def _session_alive(session: int, within: float) -> bool:
    """Whether a process of the session is still there after `within` seconds (killed workers
    are reaped by init a moment later)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            os.killpg(session, 0)
        except ProcessLookupError:
            return False
        time.sleep(0.05)
    return True
