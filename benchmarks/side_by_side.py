"""Two builds of Partisan compared on one game's search speed, runs interleaved in one go:

    python benchmarks/side_by_side.py OLD/.venv/bin/python NEW/.venv/bin/python --game junta

Each run is a fresh process of one build that times what `partisan bench GAME` times: ISMCTS
from the opening (seed 1) and random playouts from the start, best of three. Runs alternate
between the builds (old first, then new first), so both see the same load. Rates are per
second of wall time and per second of the process's own CPU time: on a shared machine the
CPU-time rate is the one to compare, since other jobs' load barely moves it.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess

CHILD = """
import json, sys, time
from partisan.ai.ismcts import ISMCTS, random_playouts
from partisan.cli.commands.bench import _opening
from partisan.core.game import load_game
game = load_game(sys.argv[1], int(sys.argv[2]) or None)
iterations, playouts = int(sys.argv[3]), int(sys.argv[4])
best = {"ismcts_wall": 0.0, "ismcts_cpu": 0.0, "playouts_wall": 0.0, "playouts_cpu": 0.0}
for _ in range(3):
    opening = _opening(game, 1)
    search = ISMCTS(seed=1)
    wall, cpu = time.perf_counter(), time.process_time()
    search.search(opening, iterations, 0.0)
    done = search.iterations_done
    best["ismcts_wall"] = max(best["ismcts_wall"], done / (time.perf_counter() - wall))
    best["ismcts_cpu"] = max(best["ismcts_cpu"], done / (time.process_time() - cpu))
    start = game.new_initial_state(1)
    wall, cpu = time.perf_counter(), time.process_time()
    random_playouts(start, playouts, 7)
    best["playouts_wall"] = max(best["playouts_wall"], playouts / (time.perf_counter() - wall))
    best["playouts_cpu"] = max(best["playouts_cpu"], playouts / (time.process_time() - cpu))
print(json.dumps(best))
"""


def run(python: str, args) -> dict:
    out = subprocess.run([python, "-c", CHILD, args.game, str(args.players), str(args.iterations),
                          str(args.playouts)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="python of the reference build")
    parser.add_argument("new", help="python of the build under test")
    parser.add_argument("--game", default="junta")
    parser.add_argument("--players", type=int, default=0, help="0: the game's default")
    parser.add_argument("--repeats", type=int, default=8)
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--playouts", type=int, default=1000)
    args = parser.parse_args()
    runs = {"old": [], "new": []}
    for r in range(args.repeats):
        for side in (("old", "new") if r % 2 == 0 else ("new", "old")):
            runs[side].append(run(getattr(args, side), args))
    for key in ("ismcts_cpu", "ismcts_wall", "playouts_cpu", "playouts_wall"):
        old = [x[key] for x in runs["old"]]
        new = [x[key] for x in runs["new"]]
        pairs = [b / a for a, b in zip(old, new)]
        print(f"{key:14} old median {statistics.median(old):>10,.0f}  new median "
              f"{statistics.median(new):>10,.0f}  new/old per pair: median "
              f"{statistics.median(pairs):.3f}, range {min(pairs):.3f}-{max(pairs):.3f}")


if __name__ == "__main__":
    main()
