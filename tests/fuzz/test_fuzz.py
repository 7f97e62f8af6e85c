"""The fuzz run (docs/robustness.md): every public method of every game's state, load_game and
Game, bot specs, records, data folders and the other public functions with bad arguments, and
every command with bad input of every kind, each probe in a worker process with a timeout.

    python -m pytest -m slow tests/fuzz -s
    PARTISAN_FUZZ_PROBES=20000 PARTISAN_FUZZ_CLI_PROBES=2000 PARTISAN_FUZZ_SEED=7 python -m pytest -m slow tests/fuzz -s

A run is reproducible from its seed (while the tree does not change); each failure is printed
with the one command that runs its probe again.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzzlib  # noqa: E402

pytestmark = pytest.mark.slow

SEED = fuzzlib.budget("PARTISAN_FUZZ_SEED", 1)
JOBS = min(fuzzlib.budget("PARTISAN_FUZZ_JOBS", 2), 2)
TIMEOUT = float(fuzzlib.budget("PARTISAN_FUZZ_TIMEOUT", 20))


def _run(probes, label, report_line):
    results = fuzzlib.run_pool(probes, jobs=JOBS, timeout=TIMEOUT)
    text, totals = fuzzlib.report(probes, results)
    print(f"\n{label} (seed {SEED}, {JOBS} workers)\n{text}")
    report_line(f"fuzz {label}: " + ", ".join(f"{k} {v}" for k, v in totals.items()) + f" (seed {SEED})")
    faults = {k: v for k, v in totals.items() if k in fuzzlib.FAULTS and v}
    if faults:
        pytest.fail(f"{label}: {faults} (the failures and their reproductions are printed above)", pytrace=False)


def test_python_api(report_line):
    _run(fuzzlib.probes_api(SEED, fuzzlib.budget("PARTISAN_FUZZ_PROBES", 6000)), "Python API", report_line)


def test_command_line(report_line):
    _run(fuzzlib.probes_cli(SEED, fuzzlib.budget("PARTISAN_FUZZ_CLI_PROBES", 600)), "command line", report_line)


def test_the_harness_catches_a_crash_and_a_hang():
    """A probe that kills its worker is a crash and one that never answers a hang; the pool
    goes on with a fresh worker."""
    probes = [{"kind": "function", "module": "os", "name": "abort", "args": "()", "kwargs": "{}"},
              {"kind": "function", "module": "time", "name": "sleep", "args": "(60,)", "kwargs": "{}"},
              {"kind": "function", "module": "partisan.core.game", "name": "game_info", "args": "('nope',)",
               "kwargs": "{}"}]
    results = fuzzlib.run_pool(probes, jobs=1, timeout=3)
    assert [r["outcome"] for r in results] == ["crash", "hang", "ok"]


def test_a_probe_runs_again_by_hand_on_this_trees_test_shims():
    """The reproduction the report prints works outside the test session: the test-only game
    comes from the shims built for this tree, not from a stale build lying in core/testing."""
    probe = ('{"kind": "state", "game": "disc_toss", "players": 2, "options": {}, "seed": 0, '
             '"steps": 400, "method": "clone", "args": "()", "kwargs": "{}"}')
    env = {k: v for k, v in os.environ.items() if k != "PARTISAN_TEST_SHIMS_DIR"}
    run = subprocess.run([sys.executable, str(Path(fuzzlib.__file__).with_name("worker.py")), probe],
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and run.stdout.startswith("ok:"), run.stdout + run.stderr[-2000:]
