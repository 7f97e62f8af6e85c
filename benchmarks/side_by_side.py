"""ISMCTS iterations/s of one game under two builds (say main's checkout and a branch),
run alternately in fresh interpreters so that load on the machine hits both alike.

    git worktree add --detach /tmp/old main      # then build it in its own venv
    python benchmarks/side_by_side.py /tmp/old/.venv/bin/python .venv/bin/python war

Each round measures both builds (the order alternates) with the search `partisan bench`
times: ISMCTS from the opening of the game's seed-1 deal. Both wall-clock and CPU-time
rates are reported, as medians over the rounds, with new/old ratios.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess

CHILD = """
import json, sys, time
from partisan.ai.ismcts import ISMCTS
from partisan.core import load_game
from partisan.core.record import Match
game, iterations = sys.argv[1], int(sys.argv[2])
match = Match(load_game(game), 1)
while match.state.is_chance_node():
    match.play_chance()
search = ISMCTS(seed=1)
wall, cpu = time.perf_counter(), time.process_time()
search.search(match.state, iterations)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
print(json.dumps([search.iterations_done / wall, search.iterations_done / cpu]))
"""


def measure(python: str, game: str, iterations: int) -> tuple[float, float]:
    out = subprocess.run([python, "-c", CHILD, game, str(iterations)], check=True,
                         capture_output=True, text=True).stdout
    wall, cpu = json.loads(out)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="python of the reference build")
    parser.add_argument("new", help="python of the build under test")
    parser.add_argument("game")
    parser.add_argument("--iterations", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    rates = {"old": [], "new": []}
    for r in range(args.rounds):
        order = ("old", "new") if r % 2 == 0 else ("new", "old")
        for side in order:
            rates[side].append(measure(getattr(args, side), args.game, args.iterations))
        print(f"round {r + 1}: " + ", ".join(
            f"{s} {rates[s][-1][0]:,.0f} wall / {rates[s][-1][1]:,.0f} cpu it/s" for s in ("old", "new")))
    for i, clock in enumerate(("wall", "cpu")):
        old = statistics.median(x[i] for x in rates["old"])
        new = statistics.median(x[i] for x in rates["new"])
        print(f"{clock}: old {old:,.0f} it/s, new {new:,.0f} it/s, new/old {new / old:.3f}")


if __name__ == "__main__":
    main()
