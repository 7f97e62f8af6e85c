"""Games won outright in arena matches of two bots, with the 95% interval:

    python benchmarks/outright.py junta-threads-2ms.json [more.json ...]

A game is won outright by a bot when its seats alone have the highest return; in a game of
several seats a draw among them is common, and the share of the games won outright is the
plainest single figure of which of two bots is stronger (docs/bots.md, "Threads").
"""
from __future__ import annotations

import argparse
import json

from partisan.ai.ratings import wilson


def outright(match: dict) -> list[int]:
    """Games each bot of the match won outright."""
    wins = [0] * len(match["bots"])
    for game in match["games"]:
        top = max(game["returns"])
        winners = {bot for bot, ret in zip(game["seats"], game["returns"]) if ret == top}
        if len(winners) == 1:
            wins[winners.pop()] += 1
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="`partisan arena --json` files of two bots")
    for path in parser.parse_args().files:
        with open(path) as fh:
            match = json.load(fh)
        if len(match["bots"]) != 2:
            raise SystemExit(f"{path}: a match of two bots, not {len(match['bots'])}")
        wins = outright(match)
        decided = sum(wins)
        if not decided:
            print(f"{path}: no game was won outright")
            continue
        low, high = wilson(wins[0], decided)
        print(f"{path}: {match['bots'][0]} won {wins[0]} of the {decided} games won outright "
              f"({100 * wins[0] / decided:.1f}%, 95% interval {100 * low:.1f}-{100 * high:.1f}%), "
              f"{match['bots'][1]} {wins[1]}")


if __name__ == "__main__":
    main()
