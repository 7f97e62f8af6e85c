"""Side by side with OpenSpiel's C++ ISMCTSBot on the reference games (same settings, same
decision node, one process). Not part of the default test run:

    python -m pytest benchmarks/test_vs_openspiel.py --benchmark-only -s
"""
import pytest

pytest.importorskip("pyspiel", reason='OpenSpiel is not installed: pip install ".[compare]"')

from partisan.ai.ismcts import ISMCTS  # noqa: E402
from partisan.ai.versus_openspiel import (ROLLOUT_TO_END, UCT_C, comparison_table,  # noqa: E402
                                          first_choice, openspiel_bot)

GAMES = ("leduc", "hearts")
SIMULATIONS = 10_000
TARGET_RATIO = 2.0


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_ismcts(benchmark, rate, game):
    _, theirs = first_choice(game)
    bot = openspiel_bot(SIMULATIONS, seed=1)
    benchmark.pedantic(bot.step, args=(theirs,), rounds=3, iterations=1)
    rate(SIMULATIONS, "iterations/s")


@pytest.mark.parametrize("game", GAMES)
def test_partisan_ismcts(benchmark, rate, game):
    ours, _ = first_choice(game)
    search = ISMCTS(UCT_C, ROLLOUT_TO_END, 1_000_000, 1)
    benchmark.pedantic(search.search, args=(ours, SIMULATIONS), rounds=3, iterations=1)
    rate(SIMULATIONS, "iterations/s")


def test_interleaved_comparison_reaches_target(benchmark):
    """The table `partisan bench --vs-openspiel` prints: Partisan at least twice OpenSpiel's rate."""
    rows = benchmark.pedantic(comparison_table, args=(GAMES, SIMULATIONS, 3), rounds=1, iterations=1)
    for row in rows:
        benchmark.extra_info[row["game"]] = {k: round(v, 2) for k, v in row.items() if k != "game"}
        print(f"{row['game']}: OpenSpiel {row['openspiel_ips']:,.0f}/s, Partisan "
              f"{row['partisan_ips']:,.0f}/s, ratio {row['ratio']:.2f}")
        assert row["ratio"] >= TARGET_RATIO, row
