"""`partisan arena`: matches between bots with ratings; `partisan tune`: calibrate the presets."""
from __future__ import annotations

import math
from pathlib import Path

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from partisan.ai import arena, tune
from partisan.ai.bots import PRESETS_FILE
from partisan.cli.console import (EXIT_INTERRUPTED, SEED, FiniteFloatRange, data_flag, game_name,
                                  get_console, option_flag, split_bot_specs, worker_count)
from partisan.core.errors import OptionError, PartisanError
from partisan.core.game import game_info, load_game, parse_option_pairs, registered_games


def _progress(console) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                    console=console, transient=False)


def _pct(x: float) -> str:
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
        table.add_row(Text(r.name), str(r.seats), f"{r.score:g}", _pct(r.win_rate),
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
            cells.append("" if a == b else f"{_pct(score)} ({n})")
        table.add_row(Text(name), *cells)
    return table


def _write(path, writer) -> None:
    try:
        writer(path)
    except OSError as exc:
        raise PartisanError(f"cannot write {path}: {exc.strerror or exc}") from None


@click.command("arena")
@click.argument("game", callback=game_name)
@click.option("--bots", "-b", "bots_text", required=True,
              help="Bots to match, comma-separated: presets (novice..expert), random, pimc, ismcts "
                   "or specs such as ismcts:iterations=2000,uct_c=1.4.")
@click.option("--games", "-g", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--jobs", "-j", type=click.IntRange(min=1), help="Worker processes (default: every core).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Fixes every deal, die and bot.")
@click.option("--players", "-n", type=int, help="Number of players (default: the game's default).")
@option_flag
@data_flag
@click.option("--json", "json_path", metavar="FILE", help="Write the results (every game) as JSON.")
@click.option("--csv", "csv_path", metavar="FILE", help="Write one row per seat of every game as CSV.")
@click.option("--backend", type=click.Choice(arena.BACKENDS), default="local", show_default=True,
              help="local processes, or a Ray cluster (RAY_ADDRESS; pip install 'partisan[ray]').")
def arena_command(game, bots_text, games, jobs, seed, players, options, data_dir, json_path, csv_path, backend):
    """Play GAME between bots, rotating seats, and rate them.

    Each bot sits in each seat equally often over a rotation cycle; with more
    seats than bots they take turns filling the seats (A,B,A then B,A,B).
    The same --seed gives the same games whatever --jobs.
    """
    console = get_console()
    specs = split_bot_specs(bots_text)
    opts = parse_option_pairs(options)
    jobs = worker_count(jobs)
    tasks = arena.plan(game, specs, games, seed, players, opts, data_dir)
    loaded = load_game(tasks[0].game, tasks[0].players, data=tasks[0].data, **tasks[0].options)
    cycle = len(arena.seat_schedule(len(specs), loaded.players))
    console.print(Text(f"{loaded}: {games} games, {len(specs)} bots, seats rotate every {cycle} "
                       f"games, seed {seed}, {jobs} {backend} worker{'s' if jobs > 1 else ''}"))
    with _progress(console) as progress:
        bar = progress.add_task("games", total=games)
        result = arena.run_arena(game, specs, games, jobs, seed, players, opts, backend,
                                 on_result=lambda r, done: progress.advance(bar), data=data_dir)
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
        _write(json_path, result.write_json)
    if csv_path:
        _write(csv_path, result.write_csv)
    if result.interrupted:
        console.print(Text(f"Interrupted: the table covers the {result.played} of {games} games that finished.",
                           style="yellow"))
        click.get_current_context().exit(EXIT_INTERRUPTED)


@click.command("tune")
@click.argument("names", nargs=-1, metavar="[GAME]...", callback=game_name)
@click.option("--games", "-g", type=click.IntRange(min=2), default=60, show_default=True,
              help="Games per calibration match (a match stops early once decided).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), help="Worker processes (default: every core).")
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option("--players", "-n", type=int, help="Players to calibrate for (default: the game's default).")
@option_flag
@data_flag
@click.option("--max-move-seconds", type=FiniteFloatRange(min=0, min_open=True), default=0.25, show_default=True,
              help="No preset may think longer than this per move on this machine.")
@click.option("--max-iterations", type=click.IntRange(min=1),
              help="Cap the budgets at this many iterations instead (reproducible on any machine).")
@click.option("--match-minutes", type=FiniteFloatRange(min=0, min_open=True),
              help="Stop a selection match after the block that passes this time (at least 20 games); "
                   "confirmations always play every game.")
@click.option("--confirm-games", type=click.IntRange(min=2),
              help="Games per confirmation, the figure each rung is judged by (default: --games).")
@click.option("--rollout-depth", type=click.IntRange(min=0),
              help="Use this rollout depth for every preset instead of choosing it by a round robin.")
@click.option("--include-reference", is_flag=True, help="Also tune reference games (skipped by default).")
@click.option("--presets-file", type=click.Path(dir_okay=False, path_type=Path), default=PRESETS_FILE,
              show_default=True, help="Where the calibrated presets are written.")
@click.option("--report-dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("docs/difficulty"), show_default=True, help="Where GAME.md reports go.")
def tune_command(names, games, jobs, seed, players, options, data_dir, max_move_seconds, max_iterations,
                 match_minutes, confirm_games, rollout_depth, include_reference, presets_file, report_dir):
    """Calibrate the presets novice..expert of each GAME (default: every product game).

    A round robin first settles the game's rollout depth (a depth clearly better
    than the longest is used by every preset; otherwise each keeps its own).
    Selection matches then survey the search's strength from the cap down to the
    smallest budget that clearly beats random; the presets are placed on the
    fitted strength curve, expert at the cap, each step as close to 70% as the
    curve allows (target 65-75%), and every rung is measured again on fresh
    games. Writes [games.GAME.*] in the presets file and a report to
    REPORT_DIR/GAME.md.
    """
    console = get_console()
    opts = parse_option_pairs(options)
    jobs = worker_count(jobs)
    if names:
        infos = [game_info(n) for n in names]
        refs = [i.name for i in infos if i.reference and not include_reference]
        if refs:
            raise OptionError(f"{', '.join(refs)} is a reference game, kept to validate the engine; "
                              "add --include-reference to tune it anyway")
    else:
        infos = registered_games(include_reference=include_reference)
    if data_dir is not None and len(infos) != 1:
        raise OptionError("--data is one game's data: name that one GAME to tune")
    settings = dict(games=games, jobs=jobs, seed=seed, players=players, options=opts, data=data_dir,
                    max_move_seconds=max_move_seconds, max_iterations=max_iterations,
                    match_seconds=match_minutes * 60 if match_minutes else None, rollout_depth=rollout_depth,
                    confirm_games=confirm_games)
    for info in infos:
        if not _tune_one(console, info.name, presets_file, report_dir, settings):
            click.get_current_context().exit(EXIT_INTERRUPTED)


def _tune_one(console, name, presets_file, report_dir, settings) -> bool:
    loaded = load_game(name, settings["players"], data=settings["data"], **settings["options"])
    cap = (f"{settings['max_iterations']} iterations" if settings["max_iterations"]
           else f"{settings['max_move_seconds']:g} s per move")
    jobs = settings["jobs"]
    confirm = settings["confirm_games"] or settings["games"]
    console.print(Text(f"Calibrating {loaded}: up to {settings['games']} games per match, {confirm} per "
                       f"confirmation, {jobs} worker"
                       f"{'s' if jobs > 1 else ''}, at most {cap}", style="bold"))
    with _progress(console) as progress:
        bar = progress.add_task("match 1", total=None)
        count = {"matches": 0}

        def on_measure(m):
            count["matches"] += 1
            progress.console.print(Text(f"  {m.candidate} vs {m.opponent}: {_pct(m.score)} "
                                        f"({_pct(m.low)}–{_pct(m.high)}) in {m.games} "
                                        + ("fresh games (confirmation)" if m.fresh else "games")))
            progress.update(bar, description=f"match {count['matches'] + 1}")

        def on_depth(d):
            for t in d.trials:
                progress.console.print(Text(f"  rollout depth {t.depth}: Elo {t.elo:+.0f} "
                                            f"({t.low:+.0f}…{t.high:+.0f}), {t.move_ms:.1f} ms per move"))
            if d.depth is None:
                chosen = "each preset's own (no depth clearly better than the longest)"
            else:
                chosen = f"{d.depth} ({'clearly the best of ' + str(len(d.trials)) if d.measured else 'fixed'})"
            progress.console.print(Text(f"rollout depth: {chosen}", style="bold"))

        def on_rung(r):
            progress.console.print(Text(f"{r.preset}: {r.params['iterations']} iterations, "
                                        f"{_pct(r.measurement.score)} on fresh games, curve predicted "
                                        f"{_pct(r.predicted)}" + ("" if r.on_target else f" ({r.note})"),
                                        style="bold"))

        cal = tune.run(name, **{**settings, "players": loaded.players}, on_game=lambda: progress.advance(bar),
                       on_measure=on_measure, on_depth=on_depth, on_rung=on_rung)
    path = tune.write_report(cal, report_dir)
    if cal.interrupted:
        console.print(Text(f"Interrupted: presets left unchanged; partial report in {path}.", style="yellow"))
        return False
    _write(presets_file, lambda p: tune.write_presets(cal, p))
    console.print(Text(f"Wrote [games.{name}.*] to {presets_file} and the report to {path} "
                       f"({cal.seconds / 60:.1f} min)."))
    return True


COMMANDS = [arena_command, tune_command]
