"""The arena's table of one match played in batches, each batch a `partisan arena --json` file:

    python benchmarks/pooled.py baler-master-1.json baler-master-2.json ...

A long match (`master` against `expert` takes minutes a game) is played as batches of a whole
rotation cycle each, every batch with its own --seed (so its own deals), so that stopping the
machine loses at most the batch under way. The batches are judged together as one match: the
same win rates, intervals and Elo as `partisan arena` prints (docs/bots.md, "Master").
"""
from __future__ import annotations

import argparse
import json

from rich.console import Console

from partisan.ai.arena import ArenaResult, pool
from partisan.cli.commands.arena import pairwise_table, results_table


def read(path: str) -> ArenaResult:
    try:
        with open(path, encoding="utf-8") as fh:
            return ArenaResult.from_dict(json.load(fh))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"{path}: {exc}") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="`partisan arena --json` files of one match")
    match = [read(path) for path in parser.parse_args().files]
    try:
        pooled = pool(match)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    console = Console()
    console.print(results_table(pooled))
    if len(pooled.bots) > 2:
        console.print(pairwise_table(pooled))
    if not pooled.rotation_complete:
        console.print(f"Note: {pooled.played} games is not a whole number of rotation cycles "
                      f"({pooled.cycle}); seats are not perfectly balanced.")


if __name__ == "__main__":
    main()
