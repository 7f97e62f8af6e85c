"""ISMCTS iterations per CPU second as the tree grows, for one or two builds side by side:

    python benchmarks/tree_growth.py --game hearts
    python benchmarks/tree_growth.py --game hearts OLD/.venv/bin/python NEW/.venv/bin/python
    python benchmarks/tree_growth.py --game hearts --search "" --search expand=2

Each run is a fresh process of one build that searches once from the opening (seed 1, the
default search, or the ISMCTS settings given with --search) at every iteration count in turn,
timing each search in the process's own CPU time (other jobs' load on a shared machine barely
moves it). Runs alternate between the builds (old first, then new first), or between two
--search settings of one build. Printed per count: the median rate of each variant, its spread
over the repeats, the drop from the smallest count, and the nodes and bytes of the tree.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

CHILD = """
import json, sys, time
from partisan.ai.ismcts import ISMCTS
from partisan.cli.commands.bench import _opening
from partisan.core.game import load_game
game = load_game(sys.argv[1], None)
settings = json.loads(sys.argv[3])
rows = []
for n in json.loads(sys.argv[2]):
    opening = _opening(game, 1)
    search = ISMCTS(seed=1, **settings)
    cpu = time.process_time()
    search.search(opening, n, 0.0)
    cpu = time.process_time() - cpu
    rows.append({"iterations": n, "rate": n / cpu, "nodes": search.nodes_used,
                 "bytes": search.memory_bytes})
print(json.dumps(rows))
"""


def settings(text: str) -> dict:
    """ISMCTS keyword arguments from "name=value,..." ("" for the default search)."""
    pairs = [item.split("=", 1) for item in text.split(",") if item]
    try:
        return {name: json.loads(value) for name, value in pairs}
    except ValueError:      # a pair without "=", or a value that is no number
        raise SystemExit(f"--search takes name=value,... with numbers (not {text!r})") from None


def run(python: str, game: str, counts: list[int], search: dict) -> list[dict]:
    out = subprocess.run([python, "-c", CHILD, game, json.dumps(counts), json.dumps(search)],
                         capture_output=True, text=True)
    if out.returncode:
        last = (out.stderr.strip().splitlines() or ["no message"])[-1]
        raise SystemExit(f"{python} with {search or 'the default search'}: {last}")
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pythons", nargs="*", help="one or two builds' python (default: this one)")
    parser.add_argument("--game", default="hearts")
    parser.add_argument("--iterations", default="1000,10000,100000,200000,1000000,2000000",
                        help="comma-separated iteration counts")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--search", action="append", default=[], metavar="NAME=VALUE,...",
                        help="ISMCTS settings (e.g. expand=2); twice to compare two in one build")
    args = parser.parse_args()
    pythons = args.pythons or [sys.executable]
    searches = [settings(text) for text in args.search] or [{}]
    if len(pythons) > 2 or len(searches) > 2 or len(pythons) == len(searches) == 2:
        parser.error("compare at most two builds, or two --search settings of one build")
    variants = [(python, search) for python in pythons for search in searches]
    counts = [int(x) for x in args.iterations.split(",")]
    runs: list[list[list[dict]]] = [[] for _ in variants]
    for r in range(args.repeats):
        for b in (range(len(variants)) if r % 2 == 0 else reversed(range(len(variants)))):
            python, search = variants[b]
            runs[b].append(run(python, args.game, counts, search))
    for b, (python, search) in enumerate(variants):
        shown = ",".join(f"{k}={v}" for k, v in search.items()) or "default search"
        print(f"{args.game}, {python}, {shown}: {args.repeats} runs")
        print(f"{'iterations':>11} {'it/s (CPU)':>11} {'spread':>7} {'vs first':>8} {'nodes':>10} "
              f"{'bytes/node':>10}")
        first = None
        for i, n in enumerate(counts):
            rates = [run_[i]["rate"] for run_ in runs[b]]
            rate = statistics.median(rates)
            first = first or rate
            row = runs[b][-1][i]
            print(f"{n:>11,} {rate:>11,.0f} {(max(rates) - min(rates)) / rate:>6.0%} "
                  f"{rate / first - 1:>+8.0%} {row['nodes']:>10,} {row['bytes'] / row['nodes']:>10,.0f}")
    if len(variants) == 2:
        print("second/first per interleaved pair: median (range)")
        for i, n in enumerate(counts):
            pairs = [b[i]["rate"] / a[i]["rate"] for a, b in zip(runs[0], runs[1])]
            print(f"{n:>11,} {statistics.median(pairs):.3f} ({min(pairs):.3f}-{max(pairs):.3f})")


if __name__ == "__main__":
    main()
