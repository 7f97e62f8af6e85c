"""MAX_BRANCH: a game that reports more actions than the buffers hold is caught, by the
checked Python API always and by the search in debug builds (PARTISAN_DEBUG=1)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from partisan.core import MAX_BRANCH, load_game
from partisan.core.testing import branch_api


def test_python_api_verifies_every_count():
    state = branch_api.overflowing(load_game("war"))
    for call in (state.legal_actions, lambda: state.apply_action(0)):
        with pytest.raises(RuntimeError, match=f"{MAX_BRANCH + 1} actions at one node; MAX_BRANCH is {MAX_BRANCH}"):
            call()


def test_counts_within_the_limit_pass():
    assert [branch_api.checked(n) for n in (0, 1, MAX_BRANCH)] == [0, 1, MAX_BRANCH]


@pytest.mark.skipif(not branch_api.DEBUG_BUILD, reason="the search checks counts in debug builds only")
def test_debug_build_stops_at_an_overflow():
    code = f"from partisan.core.testing.branch_api import checked; checked({MAX_BRANCH + 1})"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode < 0 and f"{MAX_BRANCH + 1} actions at one node" in run.stderr
