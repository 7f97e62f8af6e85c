"""Strength match: Partisan's ISMCTS against OpenSpiel's ISMCTSBot at equal iterations per move.

Duplicate format: every deal is played once per seating with the same cards, so
the luck of the deal cancels out. Hearts seats two bots of each engine
(Partisan at seats 0 and 2, then at 1 and 3); Leduc plays both seat orders.
Each finished game is appended to a JSON-lines file, so a long run can be
summarised at any time; --docs rewrites the strength section of docs/benchmarks.md.
Every row carries the engine that played it (Partisan's version and commit, OpenSpiel's
version) and the match's parameters; a run refuses to add rows to a file that holds rows of
another engine or other parameters (move the file aside, or give --results FILE).

    python benchmarks/strength_vs_openspiel.py --game hearts --deals 160 --iterations 2000
    python benchmarks/strength_vs_openspiel.py --game leduc --deals 2000 --iterations 2000
    python benchmarks/strength_vs_openspiel.py --summarize --docs
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

from partisan.ai.versus_openspiel import engine_version, match_params, play_match_game

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
DOCS = ROOT / "docs" / "benchmarks.md"
SEATINGS = {"hearts": ((0, 2), (1, 3)), "leduc": ((0,), (1,))}
BEGIN, END = "<!-- strength:begin -->", "<!-- strength:end -->"


def results_file(game: str, iterations: int) -> Path:
    return RESULTS / f"strength_{game}_{iterations}.jsonl"


class MixedResults(Exception):
    """A results file holds rows of another engine version or other match parameters."""


def check_appendable(path: Path, engine: dict, params: dict) -> list[dict]:
    """The rows already in `path`, if every one was played by `engine` with `params`; else
    MixedResults naming the first that was not (a row from before rows were labelled counts
    as another engine)."""
    rows = _read(path)
    for number, row in enumerate(rows, 1):
        for key, want in (("engine", engine), ("params", params)):
            if row.get(key) != want:
                raise MixedResults(
                    f"{path}: row {number} was played with {key} {row.get(key, 'unrecorded')}, this run "
                    f"has {want}; results of different engines or settings are never mixed in one file: "
                    "move it aside or give --results FILE")
    return rows


def run(game: str, deals: int, iterations: int, first_deal: int, path: Path | None = None) -> None:
    path = path or results_file(game, iterations)
    path.parent.mkdir(parents=True, exist_ok=True)
    engine, params = engine_version(), match_params(game, iterations)
    done = {(r["deal"], tuple(r["partisan_seats"])) for r in check_appendable(path, engine, params)}
    start = time.time()
    with path.open("a") as out:
        for deal in range(first_deal, first_deal + deals):
            for seats in SEATINGS[game]:
                if (deal, seats) in done:
                    continue
                returns = play_match_game(game, deal, seats, iterations)
                out.write(json.dumps({"deal": deal, "partisan_seats": list(seats), "returns": returns,
                                      "engine": engine, "params": params}) + "\n")
                out.flush()
            print(f"{game} deal {deal} done, {time.time() - start:.0f}s", file=sys.stderr)


def _read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    m = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return m, half


def summarize(path: Path) -> dict | None:
    """Per-seat mean returns of each engine and their paired difference, over complete deals."""
    rows = _read(path)
    if not rows:
        return None
    game = path.stem.split("_")[1]
    iterations = int(path.stem.split("_")[2])
    by_deal: dict[int, list[dict]] = {}
    for r in rows:
        by_deal.setdefault(r["deal"], []).append(r)
    ours, theirs, diffs = [], [], []
    for games in by_deal.values():
        if len(games) < len(SEATINGS[game]):
            continue
        mine = [g["returns"][s] for g in games for s in g["partisan_seats"]]
        other = [g["returns"][s] for g in games for s in range(len(g["returns"]))
                 if s not in g["partisan_seats"]]
        ours.append(statistics.fmean(mine))
        theirs.append(statistics.fmean(other))
        diffs.append(ours[-1] - theirs[-1])
    if len(diffs) < 2:
        return None
    engine = rows[-1].get("engine") or {}
    return {"game": game, "iterations": iterations, "deals": len(diffs),
            "engine": f"{engine.get('commit', 'unrecorded')[:12]}, OpenSpiel {engine.get('openspiel', '?')}",
            "games": len(diffs) * len(SEATINGS[game]),
            "partisan": _mean_ci(ours), "openspiel": _mean_ci(theirs), "difference": _mean_ci(diffs)}


def table(summaries: list[dict]) -> str:
    lines = ["| game | iterations/move | deals | games | Partisan mean return | OpenSpiel mean return "
             "| difference (95% CI) | engine |", "|---|---|---|---|---|---|---|---|"]
    for s in summaries:
        (pm, ph), (om, oh), (dm, dh) = s["partisan"], s["openspiel"], s["difference"]
        lines.append(f"| {s['game']} | {s['iterations']} | {s['deals']} | {s['games']} | {pm:.2f} ± {ph:.2f} "
                     f"| {om:.2f} ± {oh:.2f} | {dm:+.2f} ± {dh:.2f} | {s['engine']} |")
    return "\n".join(lines)


def write_docs(text: str) -> None:
    doc = DOCS.read_text()
    head, _, rest = doc.partition(BEGIN)
    _, _, tail = rest.partition(END)
    DOCS.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(SEATINGS))
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--summarize", action="store_true", help="print the table of every results file")
    parser.add_argument("--docs", action="store_true", help="also write the table into docs/benchmarks.md")
    parser.add_argument("--results", type=Path, metavar="FILE",
                        help="append to FILE instead of results/strength_GAME_ITERATIONS.jsonl")
    args = parser.parse_args()
    if args.game:
        try:
            run(args.game, args.deals, args.iterations, args.first_deal, args.results)
        except MixedResults as exc:
            sys.exit(f"strength_vs_openspiel: {exc}")
    if args.summarize or not args.game:
        summaries = [s for s in map(summarize, sorted(RESULTS.glob("strength_*.jsonl"))) if s]
        text = table(summaries)
        print(text)
        if args.docs:
            write_docs(text)


if __name__ == "__main__":
    main()
