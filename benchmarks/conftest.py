"""Print the rates the benchmarks measured (playouts/s, iterations/s) after pytest-benchmark's table."""
from pathlib import Path

import pytest

from partisan.core.testing.shims import ensure_built


def pytest_configure(config):
    """Some benchmarks time the building blocks through the test shims: compile them if needed."""
    ensure_built(Path(__file__).resolve().parents[1])

_RATES = pytest.StashKey[list]()


@pytest.fixture
def rate(request, benchmark):
    """rate(work, unit): record work / mean round time as benchmark extra_info and in the summary."""
    def record(work: float, unit: str) -> None:
        value = work / benchmark.stats.stats.mean
        benchmark.extra_info[unit] = round(value)
        request.config.stash.setdefault(_RATES, []).append(f"{request.node.name}: {value:,.0f} {unit}")
    return record


def pytest_terminal_summary(terminalreporter, config):
    lines = config.stash.get(_RATES, [])
    if lines:
        terminalreporter.section("rates")
        for line in lines:
            terminalreporter.write_line(line)
