"""The behaviour benchmark: do the bots make moves a player at the table calls silly?

    python benchmarks/behaviour.py GAME --bots SPEC --games N --json FILE
        [--seed S] [--players P] [--jobs J] [--reference SPEC|none] [--option NAME=VALUE]

Plays N games of GAME with every seat played by SPEC (self-play), or with `--bots A,B` the
bots taking the seats in turn (game i: seat q plays bot (q + i) mod k), records every decision
and reports each game's blunder measures (benchmarks/blunders/, one watcher per game; docs/bots.md,
"Behaviour benchmark") for each bot: a count, its denominator, the value, and where the measure
has one its target and whether it is met. Measures compared with a reference bot (Garden's own
cards caught on arrival, against random) play the same N games with the reference bot in
self-play (`--reference none` skips them). The table goes to stdout, the rows with the
breakdowns and the run's settings to the JSON file. A game's dice and deal come from its seed
(S + game number) and each bot's seed from the game seed and its seat, so a run is the same
with any --jobs.
"""
from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from blunders import REFERENCE, Row, watcher_for  # noqa: E402

from partisan.cli.console import build_bot, setup_game, split_bot_specs  # noqa: E402
from partisan.core.errors import DataError, OptionError  # noqa: E402


def seat_specs(specs: list[str], players: int, game_number: int) -> list[str]:
    """The bot of each seat in game `game_number`: the specs in turn, rotated each game."""
    return [specs[(q + game_number) % len(specs)] for q in range(players)]


def play_game(name: str, players: int, options: tuple, specs: list[str], seed: int) -> dict:
    """One game watched; {"specs": seat specs, "tallies": {seat: {key: [count, of]}},
    "details": {seat: {key: {label: n}}}, "returns": [...]}."""
    game = setup_game(name, players, options)
    state = game.new_initial_state(seed=seed)
    bots = [build_bot(spec, seed, q, game) for q, spec in enumerate(specs)]
    watcher = watcher_for(name)(game)
    while not state.is_terminal():
        seat = state.current_player()
        if seat < 0:
            action = state.sample_chance()
        else:
            legal = state.legal_actions()
            action = bots[seat].choose(state)
            watcher.decided(state, seat, action, legal, bots[seat])
        watcher.before(state, seat, action)
        state.apply_action(action)
        watcher.after(state, seat, action)
    watcher.end(state)
    return {"specs": specs,
            "tallies": {q: {k: list(v) for k, v in t.items()} for q, t in watcher.tallies.items()},
            "details": {q: {k: dict(v) for k, v in d.items()} for q, d in watcher.details.items()},
            "returns": list(state.returns())}


def play_games(name: str, players: int, options: tuple, specs: list[str], games: int, seed: int,
               jobs: int) -> list[dict]:
    tasks = [(name, players, options, seat_specs(specs, players, i), seed + i) for i in range(games)]
    if jobs <= 1:
        return [play_game(*task) for task in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(play_game, *zip(*tasks)))


def totals_by_bot(results: list[dict]) -> tuple[dict, dict]:
    """The tallies and breakdowns added up over the seats each bot played."""
    totals: dict = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    details: dict = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
    for game in results:
        for seat, tallies in game["tallies"].items():
            spec = game["specs"][int(seat)]
            for key, (count, of) in tallies.items():
                totals[spec][key][0] += count
                totals[spec][key][1] += of
        for seat, kinds in game["details"].items():
            spec = game["specs"][int(seat)]
            for key, labels in kinds.items():
                for label, n in labels.items():
                    details[spec][key][label] += n
    return ({s: {k: tuple(v) for k, v in t.items()} for s, t in totals.items()},
            {s: {k: dict(sorted(v.items())) for k, v in d.items()} for s, d in details.items()})


def number(x: float | None) -> str:
    if x is None:
        return ""
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def table(title: str, rows: list[Row]) -> str:
    """The rows as a plain text table (the measure's text wrapped to its column)."""
    width = 72
    lines = [title, f"{'measure':<{width}} {'count':>7} {'of':>7} {'value':>11}  {'target':<8} ok"]
    for r in rows:
        value = "-" if r.value is None else f"{r.value:g} {r.unit}".strip()
        ok = "" if r.passed is None else "yes" if r.passed else "NO"
        words, text = r.text.split(), []
        while words:
            line = words.pop(0)
            while words and len(line) + 1 + len(words[0]) <= width:
                line += " " + words.pop(0)
            text.append(line)
        lines.append(f"{text[0]:<{width}} {number(r.count):>7} {number(r.of):>7} {value:>11}  "
                     f"{r.target or '':<8} {ok}")
        lines += [f"  {line}" for line in text[1:]]
    return "\n".join(lines)


def commit() -> str | None:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, cwd=Path(__file__).parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def run(args) -> dict:
    game = setup_game(args.game, args.players, tuple(args.option))
    name, players = game.name, game.players
    specs = split_bot_specs(args.bots)
    for q in range(players):                # refuse a bad spec before anything is played
        build_bot(specs[q % len(specs)], args.seed, q, game)
    watcher = watcher_for(name)
    results = play_games(name, players, tuple(args.option), specs, args.games, args.seed, args.jobs)
    totals, details = totals_by_bot(results)
    reference = REFERENCE.get(name) if args.reference == "default" else args.reference
    ref_totals = None
    out = {"game": name, "players": players, "options": game.options, "bots": specs,
           "games": args.games, "seed": args.seed, "date": datetime.date.today().isoformat(),
           "commit": commit(), "results": {}, "reference": None}
    if reference and reference != "none":
        ref_results = play_games(name, players, tuple(args.option), [reference], args.games,
                                 args.seed, args.jobs)
        ref_all, ref_details = totals_by_bot(ref_results)
        ref_totals = ref_all[reference]
        ref_rows = watcher.report(ref_totals)
        out["reference"] = {"bot": reference, "rows": [r.as_dict() for r in ref_rows],
                            "details": ref_details[reference]}
    for spec in dict.fromkeys(specs):
        rows = watcher.report(totals.get(spec, {}), ref_totals)
        out["results"][spec] = {"rows": [r.as_dict() for r in rows],
                                "details": details.get(spec, {})}
    out["per_game"] = [{"specs": g["specs"], "returns": g["returns"]} for g in results]
    return out


def print_report(out: dict) -> None:
    head = f"{out['game']}, {out['players']} players, {out['games']} games, seed {out['seed']}"
    for spec, result in out["results"].items():
        print(table(f"{spec} ({head})", [Row(**r) for r in result["rows"]]))
        print()
    if out["reference"]:
        ref = out["reference"]
        print(table(f"reference {ref['bot']} ({head})", [Row(**r) for r in ref["rows"]]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--bots", default="hard", help="a bot spec, or several separated by commas")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--json", help="write the rows, breakdowns and settings here")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--reference", default="default",
                    help="the bot whose rates some measures are compared with (default: the "
                         "game's, random in Garden); none to skip")
    ap.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs must be at least 1")
    try:
        out = run(args)
    except (OptionError, DataError) as exc:    # a bad game, option, player count or bot spec
        ap.error(str(exc))
    print_report(out)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1, default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
