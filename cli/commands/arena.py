"""`partisan arena`: matches between bots with ratings."""
from __future__ import annotations

import math
from pathlib import Path

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from partisan.ai import arena
from partisan.ai.plots import PlotUnavailable, ratings_svg
from partisan.ai.runner import BACKENDS, Runner, open_runner
from partisan.cli.console import (EXIT_INTERRUPTED, SEED, data_flag, game_name, get_console,
                                  option_flag, output_file, split_bot_specs, worker_count)
from partisan.core.errors import PartisanError
from partisan.core.game import load_game, parse_option_pairs


def progress_bar(console) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                    console=console, transient=False)


def percent(x: float) -> str:
    return "–" if math.isnan(x) else f"{100 * x:.1f}%"


def _interval(low: float, high: float) -> str:
    return f"{100 * low:.0f}–{100 * high:.0f}%"


def results_table(result: arena.ArenaResult) -> Table:
    share = "" if result.players == 2 else f" (an even share is {100 / result.players:.0f}%)"
    table = Table(title=f"{result.played} games of {result.game}, {result.players} players{share}",
                  title_justify="left")
    table.add_column("bot", overflow="fold")
    for name, justify in ( ("seats", "right"), ("score", "right"), ("win rate", "right"),
                          ("95% CI", "right"), ("Elo", "right"), ("95% CI", "right"), ("ms/move", "right")):
        table.add_column(name, justify=justify)
    rows = sorted(result.summary(), key=lambda r: -r.elo)
    for r in rows:
        table.add_row(Text(r.name), str(r.seats), f"{r.score:g}", percent(r.win_rate),
                      _interval(r.low, r.high), f"{r.elo:+.0f}",
                      f"{r.elo_low:+.0f}…{r.elo_high:+.0f}", f"{r.move_ms:.1f}")
    return table


def pairwise_table(result: arena.ArenaResult) -> Table:
    table = Table(title="Head to head: row's score against column (draws count half)", title_justify="left")
    table.add_column("")
    for name in result.bots:
        table.add_column(Text(name), justify="right")
    for a, name in enumerate(result.bots):
        cells = []
        for b in range(len(result.bots)):
            score, n, _, _ = result.head_to_head(a, b) if a != b else (math.nan, 0, 0, 0)
            cells.append("" if a == b else f"{percent(score)} ({n})")
        table.add_row(Text(name), *cells)
    return table


backend_flag = click.option(
    "--backend", type=click.Choice(BACKENDS), default="local", show_default=True,
    help="Where the games are played: processes on this machine, or a Ray cluster (the one at "
         "RAY_ADDRESS, else a Ray instance started on this machine; pip install 'partisan[ray]'). "
         "The results are the same for a seed.")
jobs_flag = click.option("--jobs", "-j", type=click.IntRange(min=1),
                         help="Games played at once (default: every core, or every CPU of the Ray cluster).")


def open_backend(backend: str, jobs: int | None) -> Runner:
    """The runner of --backend and --jobs: for local processes, --jobs is checked against the cores."""
    return open_runner(backend, worker_count(jobs) if backend == "local" else jobs)


def workers_text(runner: Runner) -> str:
    return f"{runner.workers} {runner.backend} worker{'s' if runner.workers > 1 else ''}"


def write_file(path, writer) -> None:
    try:
        writer(path)
    except OSError as exc:
        raise PartisanError(f"cannot write {path}: {exc.strerror or exc}") from None


def _plot(console, result: arena.ArenaResult, path: str) -> None:
    """The ratings as an SVG picture; without matplotlib, say how to get it and go on."""
    title = f"{result.game}, {result.players} players: {result.played} games"
    try:
        write_file(path, lambda p: ratings_svg(result.summary(), title, p))
    except PlotUnavailable as exc:
        console.print(Text(f"No picture of the ratings: {exc}.", style="yellow"))
        return
    console.print(Text(f"Ratings drawn in {path}."))


@click.command("arena")
@click.argument("game", callback=game_name)
@click.option("--bots", "-b", "bots_text", required=True,
              help="Bots to match, comma-separated: presets (novice..expert, master), random, pimc, ismcts, "
                   "cfr (Monte-Carlo CFR, small games such as poker only) or specs such as "
                   "ismcts:iterations=2000,uct_c=1.4 or cfr:seconds=1.")
@click.option("--games", "-g", type=click.IntRange(min=1), default=100, show_default=True)
@jobs_flag
@click.option("--seed", type=SEED, default=0, show_default=True, help="Fixes every deal, die and bot.")
@click.option("--players", "-n", type=int, help="Number of players (default: the game's default).")
@option_flag
@data_flag
@click.option("--json", "json_path", metavar="FILE", callback=output_file,
              help="Write the results (every game) as JSON.")
@click.option("--csv", "csv_path", metavar="FILE", callback=output_file,
              help="Write one row per seat of every game as CSV.")
@click.option("--plot", "plot_path", metavar="FILE", callback=output_file,
              help="Draw the ratings with their intervals as an SVG picture (default: beside the "
                   "--json or --csv file, with .svg; needs pip install 'partisan[plot]').")
@backend_flag
def arena_command(game, bots_text, games, jobs, seed, players, options, data_dir, json_path, csv_path,
                  plot_path, backend):
    """Play GAME between bots, rotating seats, and rate them.

    Each bot sits in each seat equally often over a rotation cycle; with more
    seats than bots they take turns filling the seats (A,B,A then B,A,B).
    The same --seed gives the same games whatever --jobs and --backend.
    """
    console = get_console()
    specs = split_bot_specs(bots_text)
    opts = parse_option_pairs(options)
    tasks = arena.plan(game, specs, games, seed, players, opts, data_dir)
    loaded = load_game(tasks[0].game, tasks[0].players, data=tasks[0].data, **tasks[0].options)
    cycle = len(arena.seat_schedule(len(specs), loaded.players))
    with open_backend(backend, jobs) as runner:
        console.print(Text(f"{loaded}: {games} games, {len(specs)} bots, seats rotate every {cycle} "
                           f"games, seed {seed}, {workers_text(runner)}"))
        with progress_bar(console) as progress:
            bar = progress.add_task("games", total=games)
            result = arena.run_arena(game, specs, games, seed=seed, players=players, options=opts,
                                     on_result=lambda r, done: progress.advance(bar), data=data_dir,
                                     runner=runner)
    console.print(results_table(result))
    if len(result.bots) > 2 and result.played:
        console.print(pairwise_table(result))
    fitted = result.ratings()
    if fitted is not None:
        console.print(Text("Elo: Bradley–Terry maximum likelihood, centred on the field's mean"
                           + (f", draws modelled with tie weight {fitted.tie_weight:.2f}" if fitted.tie_weight else "")
                           + "; win-rate intervals are Wilson.", style="dim"))
    if result.played and not result.rotation_complete:
        console.print(Text(f"Note: {result.played} games is not a multiple of the rotation cycle ({cycle}); "
                           "seats are not perfectly balanced.", style="yellow"))
    if json_path:
        write_file(json_path, result.write_json)
    if csv_path:
        write_file(csv_path, result.write_csv)
    picture = plot_path or next((str(Path(p).with_suffix(".svg")) for p in (json_path, csv_path) if p), None)
    if picture and fitted is not None:
        _plot(console, result, picture)
    if result.interrupted:
        console.print(Text(f"{'Stopped: ' + result.lost if result.lost else 'Interrupted'}: the table covers "
                           f"the {result.played} of {games} games that finished.", style="yellow"))
        click.get_current_context().exit(EXIT_INTERRUPTED)


COMMANDS = [arena_command]
