"""Dispatch cost of a phase table (core/decision.pxd) against if-chains over the phase, which
Cython compiles to a C switch. Both builds of the toy game share their rules and run through
the virtual C contract as the search does, so the ratio is the table's own cost per step:

    python -m pytest benchmarks/test_phase_table.py --benchmark-only
"""
from __future__ import annotations

import pytest

from partisan.core.testing.decision_api import SwitchToy, TableToy, run_toy

STEPS = 1_000_000


@pytest.mark.parametrize("build", [SwitchToy, TableToy], ids=["switch", "table"])
def test_phase_dispatch(benchmark, rate, build):
    state = build()
    benchmark.pedantic(run_toy, args=(state, STEPS, 1), rounds=15, iterations=1, warmup_rounds=2)
    rate(STEPS, "steps/s")
