"""`partisan bench`: how fast a game plays out, searches, clones and resamples."""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

import click
from rich.table import Table
from rich.text import Text

from partisan.ai.ismcts import ISMCTS, random_playouts
from partisan.ai.bots import MAX_THREADS
from partisan.ai.parallel import RootParallel, SharedTree
from partisan.cli import bench_file
from partisan.cli.commands.arena import write_file
from partisan.cli.console import (SEED, FiniteFloatRange, game_name, get_console, option_flag,
                                  output_file, setup_game, split_bot_specs)
from partisan.core.errors import OptionError
from partisan.core.game import parse_option_pairs, registered_games, unavailable_reason
from partisan.core.record import Match, write_atomic
from partisan.core.state import RandomState


def _rate(step, seconds: float) -> tuple[float, float]:
    """Call step(n) -> work done with doubling n until `seconds` pass: (work, elapsed)."""
    n, work, start = 1, 0, time.perf_counter()
    while True:
        work += step(n)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return work, elapsed
        n *= 2


def _cost(seconds: float) -> str:
    """A duration in the unit that reads best."""
    for unit, scale in (("s", 1.0), ("ms", 1e3)):
        if seconds >= 1 / scale:
            return f"{seconds * scale:.2f} {unit}"
    return f"{seconds * 1e6:.2f} us"


def _opening(game, seed: int):
    """The first decision of a game: the deal and any opening chance resolved from the seed."""
    match = Match(game, seed)
    while match.state.current_player() < 0 and not match.state.is_terminal():
        match.play_chance()
    return match.state


def _loop(method, n: int) -> int:
    for _ in range(n):
        method()
    return n


@dataclass(frozen=True)
class Figure:
    """One measure: `rate` units a second (cost of one = 1/rate seconds)."""
    name: str
    rate: float
    unit: str
    note: str


def _search_rate(search, opening, seconds: float, iterations: int) -> tuple[float, int]:
    """(iterations/s, iterations) of one search from the opening: `iterations`, or as many as
    fit in `seconds`."""
    begin = time.perf_counter()
    search.search(opening, iterations, 0.0 if iterations else seconds)
    return search.iterations_done / (time.perf_counter() - begin), search.iterations_done


def measure(game, seconds: float, iterations: int, seed: int = 1, threads: int = 1) -> list[Figure]:
    """Random playouts/s, ISMCTS iterations/s from the opening (with `threads` > 1, also on that
    many threads, a tree each and then one shared tree, measured right after one thread at the
    same settings, and their ratios to it), clones/s and resamples/s."""
    start_state = game.new_initial_state(seed)
    moves = 0

    def playouts(n: int) -> int:
        nonlocal moves
        moves += random_playouts(start_state, n, seed + n)
        return n

    games, elapsed = _rate(playouts, seconds)
    figures = [Figure("random playouts", games / elapsed, "games/s", f"{moves / games:,.0f} moves a game")]
    opening = _opening(game, seed)
    if opening.is_terminal():
        raise OptionError(f"{game} ends before anyone moves: nothing to benchmark")
    search = ISMCTS(seed=seed)
    rate, done = _search_rate(search, opening, seconds, iterations)
    figures.append(Figure("ISMCTS from the opening", rate, "iterations/s",
                          f"{done:,} iterations, {search.nodes_used:,} nodes"))
    if threads > 1:
        for search, layout, holds in ((RootParallel(threads, seed=seed), "", f"in {threads} trees"),
                                      (SharedTree(threads, seed=seed), ", one tree", "(shared=1)")):
            rate_n, done = _search_rate(search, opening, seconds, iterations)
            figures.append(Figure(f"ISMCTS on {threads} threads{layout}", rate_n, "iterations/s",
                                  f"{done:,} iterations, {search.nodes_used:,} nodes {holds}"))
            figures.append(Figure(f"{threads} threads{layout} / 1 thread", rate_n / rate, "x",
                                  "iterations/s, side by side"))
    count, elapsed = _rate(lambda n: _loop(opening.clone, n), seconds)
    figures.append(Figure("clone", count / elapsed, "clones/s", "Python loop"))
    world, rng, seat = opening.clone(), RandomState(seed), opening.current_player()
    count, elapsed = _rate(lambda n: _loop(lambda: world.resample(seat, rng), n), seconds)
    figures.append(Figure("resample", count / elapsed, "resamples/s", f"Python loop, seat {seat}"))
    return figures


def _measure_repeated(game, seconds, iterations, seed, repeats, threads=1) -> tuple[list[Figure], dict]:
    """The figures of the last repeat (for their notes) and every repeat's rates as a file entry
    (the repeats interleave one thread and `threads`)."""
    runs = [measure(game, seconds, iterations, seed, threads) for _ in range(repeats)]
    figures = {f.name: {"unit": f.unit, "samples": [run[i].rate for run in runs]}
               for i, f in enumerate(runs[-1])}
    return runs[-1], {"spec": str(game), "figures": figures}


def _spread(samples) -> str:
    return f"±{bench_file.spread(samples):.0%}" if len(samples) > 1 else ""


def _speed_table(spec, seed, figures: list[Figure], entry: dict) -> Table:
    table = Table(title=Text(f"{spec}: speed (seed {seed})"), title_justify="left")
    for column, justify in (("measure", "left"), ("rate", "right"), ("spread", "right"),
                            ("cost of one", "right"), ("", "left")):
        table.add_column(column, justify=justify)
    for f in figures:
        samples = entry["figures"][f.name]["samples"]
        rate = statistics.median(samples)
        if f.unit == "x":
            table.add_row(Text(f.name), f"{rate:.2f}x", _spread(samples), "", Text(f.note))
            continue
        table.add_row(Text(f.name), f"{rate:,.0f} {f.unit}", _spread(samples), _cost(1 / rate), Text(f.note))
    return table


def _compare_table(pairs, baseline: dict) -> Table:
    base = baseline.get("partisan") or {}
    title = (f"Ratio to the baseline of {baseline.get('date', '?')}, commit "
             f"{(base.get('commit') or '?')[:12]}, on {(baseline.get('machine') or {}).get('processor', '?')}")
    table = Table(title=Text(title), title_justify="left")
    for column in ("game", "measure", "baseline", "now", "ratio", "spread now / baseline"):
        table.add_column(column, justify="left" if column in ("game", "measure") else "right")
    for game, name, now, before in pairs:
        a, b = statistics.median(now["samples"]), statistics.median(before["samples"])
        table.add_row(Text(game), Text(name), f"{b:,.0f}", f"{a:,.0f} {now['unit']}", f"{a / b:,.2f}x",
                      f"{_spread(now['samples']) or '-'} / {_spread(before['samples']) or '-'}")
    return table


def _openspiel_rows(console, games: tuple[str, ...], iterations: int) -> None:
    """The side-by-side table of ai/versus_openspiel: only GAMES if any are named, and
    --iterations as the simulations of each search if given."""
    try:
        from partisan.ai.versus_openspiel import comparison_table
    except ImportError as exc:
        raise OptionError(f"the OpenSpiel comparison is not available: {exc}") from None
    kwargs = {}
    if games:
        kwargs["games"] = games
    if iterations:
        kwargs["simulations"] = iterations
    with console.status("Comparing with OpenSpiel..."):
        rows = comparison_table(**kwargs)
    table = Table(title="ISMCTS iterations/s: Partisan vs OpenSpiel", title_justify="left")
    for column in ("game", "OpenSpiel it/s", "Partisan it/s", "ratio"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for row in rows:
        table.add_row(Text(str(row["game"])), f"{row['openspiel_ips']:,.0f}",
                      f"{row['partisan_ips']:,.0f}", f"{row['ratio']:.2f}x")
    console.print(table)


def _exploitability_rows(console, game: str, bots_text: str, seed: int) -> None:
    """One row per bot spec: exploitability, NashConv and the time a decision took."""
    from partisan.ai import exploitability
    from partisan.ai.bots import make_bot
    bots = [make_bot(spec, seed=seed, game=game) for spec in split_bot_specs(bots_text)]
    table = Table(title=Text(f"{game}: exploitability (seed {seed})"), title_justify="left")
    for column in ("exploitability", "NashConv", "info states", "CPU a decision", "bot"):
        table.add_column(column, justify="left" if column == "bot" else "right", overflow="fold")
    for bot in bots:
        with console.status(f"Asking {bot} at every information state..."):
            r = exploitability.measure(game, bot)
        table.add_row(f"{r.exploitability:.4f}", f"{r.nash_conv:.4f}", str(r.info_states),
                      _cost(r.seconds_per_decision), Text(r.bot))
    console.print(table)


def _games_to_measure(games: tuple[str, ...], players, options) -> list:
    """The named games, or every registered game (reference games included: they are the
    engine's yardsticks against OpenSpiel) whose data loads."""
    if not games:
        if players or options:
            raise click.UsageError("--players and --option belong to one game: name it")
        problems = {i.name: unavailable_reason(i) for i in registered_games()}
        for name, problem in problems.items():
            if problem:
                get_console().print(Text(f"Skipping {name}: {problem}", style="dim"))
        games = tuple(name for name, problem in problems.items() if not problem)
    elif len(games) > 1 and (players or options):
        raise click.UsageError("--players and --option belong to one game: name only that game")
    return [setup_game(name, players, options) for name in games]


@click.command("bench")
@click.argument("games", nargs=-1, callback=game_name)
@click.option("--players", "-n", type=int, help="Number of players (default: the game's).")
@option_flag
@click.option("--seconds", type=FiniteFloatRange(min=0, min_open=True, max=3600), default=1.0,
              show_default=True, help="Time spent on each measure.")
@click.option("--iterations", type=click.IntRange(min=0), default=0,
              help="ISMCTS iterations to time (default: as many as fit in --seconds).")
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--repeats", type=click.IntRange(min=1, max=1000), default=1, show_default=True,
              help="Measure each figure this many times: the median is shown, with its spread.")
@click.option("--threads", type=click.IntRange(min=1, max=MAX_THREADS), default=1, show_default=True,
              help="Also ISMCTS on this many threads, beside one thread, with the ratio.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), callback=output_file,
              help="Also write every figure, with the machine, commit and settings, to this file.")
@click.option("--compare", "baseline_path", type=click.Path(exists=True, dir_okay=False),
              help="A file written by --json earlier: print each figure's ratio to it.")
@click.option("--exploitability", is_flag=True,
              help="Instead, the exploitability of each of --bots in GAME (kuhn or leduc; needs "
                   "open-spiel): the policy it plays at every information state, against a best "
                   "response; CPU time a decision.")
@click.option("--bots", "bots_text", default="random",
              help="Comma-separated bot specs for --exploitability, e.g. "
                   "random,ismcts:iterations=10000,smooth=0.9,mixed=1,cfr:seconds=1 (cfr: "
                   "Monte-Carlo CFR, for small games such as poker).")
@click.option("--vs-openspiel", is_flag=True,
              help="Also compare ISMCTS speed with OpenSpiel's on the games both have "
                   "(only GAMES if given; needs open-spiel).")
def bench_command(games, players, options, seconds, iterations, seed, repeats, threads, json_path,
                  baseline_path, exploitability, bots_text, vs_openspiel):
    """Random playouts/s, ISMCTS iterations/s, clone and resample cost of each of GAMES
    (default: every game)."""
    console = get_console()
    if (json_path or baseline_path) and (exploitability or (vs_openspiel and not games)):
        raise click.UsageError("--json and --compare keep the speed figures of games: name them or "
                               "leave out --exploitability and --vs-openspiel")
    if exploitability:
        if len(games) != 1:
            raise click.UsageError("--exploitability needs one game: kuhn or leduc")
        _exploitability_rows(console, games[0], bots_text, seed)
        return
    if games or not vs_openspiel:
        # The baseline is checked before minutes of measuring, not after.
        baseline = bench_file.load(baseline_path) if baseline_path else None
        measured = {}
        for spec in _games_to_measure(games, players, options):
            with console.status(f"Measuring {spec}..."):
                figures, measured[spec.name] = _measure_repeated(spec, seconds, iterations, seed, repeats,
                                                                 threads)
            console.print(_speed_table(spec, seed, figures, measured[spec.name]))
        settings = {"seconds": seconds, "iterations": iterations, "seed": seed, "repeats": repeats,
                    "players": players, "options": dict(parse_option_pairs(options))}
        if threads > 1:
            settings["threads"] = threads
        doc = bench_file.document(settings, measured)
        if json_path:
            write_file(json_path, lambda p: write_atomic(p, bench_file.dumps(doc)))
            console.print(Text(f"Figures written to {json_path}."))
        if baseline is not None:
            console.print(_compare_table(bench_file.compare(doc, baseline, baseline_path), baseline))
    if vs_openspiel:
        _openspiel_rows(console, games, iterations)


COMMANDS = [bench_command]
