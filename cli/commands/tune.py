"""`partisan tune`: calibrate the presets of a game on this machine."""
from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from partisan.ai import tune
from partisan.ai.plots import PlotUnavailable
from partisan.ai.presets import check_presets_file, user_presets_file
from partisan.cli.commands.arena import (backend_flag, jobs_flag, open_backend, percent, progress_bar,
                                         workers_text, write_file)
from partisan.cli.console import (EXIT_INTERRUPTED, SEED, FiniteFloatRange, data_flag, game_name,
                                  get_console, option_flag, output_file)
from partisan.core.errors import OptionError
from partisan.core.game import game_info, load_game, parse_option_pairs, registered_games


@click.command("tune")
@click.argument("names", nargs=-1, metavar="[GAME]...", callback=game_name)
@click.option("--games", "-g", type=click.IntRange(min=2), default=60, show_default=True,
              help="Games per calibration match (a match stops early once decided).")
@jobs_flag
@backend_flag
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
@click.option("--knowledge", "knowledge", multiple=True, metavar="NAME=VALUE",
              help="Give every preset this use of the game's knowledge (prior, guide, read, lead or "
                   "widen, docs/bots.md; repeatable), as head-to-head matches settled it.")
@click.option("--include-reference", is_flag=True, help="Also tune reference games (skipped by default).")
@click.option("--write", "--presets-file", "presets_file", type=click.Path(dir_okay=False, path_type=Path),
              metavar="FILE", callback=output_file,
              help="Write the calibrated presets to FILE (default: your presets file, "
                   "$XDG_CONFIG_HOME/partisan/presets.toml or ~/.config/partisan/presets.toml).")
@click.option("--report-dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("docs/difficulty"), show_default=True, help="Where GAME.md reports go.")
def tune_command(names, games, jobs, backend, seed, players, options, data_dir, max_move_seconds,
                 max_iterations, match_minutes, confirm_games, rollout_depth, knowledge, include_reference,
                 presets_file, report_dir):
    """Calibrate the presets novice..expert of each GAME (default: every product game).

    A round robin first settles the game's rollout depth (a depth clearly better
    than the longest is used by every preset; otherwise each keeps its own).
    Selection matches then survey the search's strength from the cap down to the
    smallest budget that clearly beats random; the presets are placed on the
    fitted strength curve, expert at the cap, each step as close to 70% as the
    curve allows (target 65-75%), and every rung is measured again on fresh
    games. Writes [games.GAME.*] to your presets file (or --write FILE; the
    presets installed with Partisan are never changed), which then overrides the
    shipped presets of GAME, and a report to REPORT_DIR/GAME.md.
    """
    console = get_console()
    opts = parse_option_pairs(options)
    uses = tune.check_knowledge(parse_option_pairs(knowledge))
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
    check_presets_file(presets_file or user_presets_file())      # refused now, not after hours
    if report_dir.exists() and not report_dir.is_dir() or presets_file is not None and (
            presets_file.resolve() == report_dir.resolve()):
        raise click.BadParameter(f"{report_dir} is a file, not a folder for the reports",
                                 param_hint="--report-dir")
    settings = dict(games=games, seed=seed, players=players, options=opts, data=data_dir,
                    max_move_seconds=max_move_seconds, max_iterations=max_iterations,
                    match_seconds=match_minutes * 60 if match_minutes else None, rollout_depth=rollout_depth,
                    confirm_games=confirm_games, knowledge=uses)
    with open_backend(backend, jobs) as runner:
        for info in infos:
            stopped = _tune_one(console, info.name, presets_file, report_dir, settings, runner)
            if stopped:
                click.get_current_context().exit(stopped)


def _tune_one(console, name, presets_file, report_dir, settings, runner) -> int:
    """0 once the presets are written, else EXIT_INTERRUPTED (Ctrl-C, or a game lost with its worker)."""
    loaded = load_game(name, settings["players"], data=settings["data"], **settings["options"])
    cap = (f"{settings['max_iterations']} iterations" if settings["max_iterations"]
           else f"{settings['max_move_seconds']:g} s per move")
    confirm = settings["confirm_games"] or settings["games"]
    console.print(Text(f"Calibrating {loaded}: up to {settings['games']} games per match, {confirm} per "
                       f"confirmation, {workers_text(runner)}, at most {cap}", style="bold"))
    with progress_bar(console) as progress:
        bar = progress.add_task("match 1", total=None)
        count = {"matches": 0}

        def on_measure(m):
            count["matches"] += 1
            progress.console.print(Text(f"  {m.candidate} vs {m.opponent}: {percent(m.score)} "
                                        f"({percent(m.low)}–{percent(m.high)}) in {m.games} "
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
                                        f"{percent(r.measurement.score)} on fresh games, curve predicted "
                                        f"{percent(r.predicted)}" + ("" if r.on_target else f" ({r.note})"),
                                        style="bold"))

        cal = tune.run(name, **{**settings, "players": loaded.players}, on_game=lambda: progress.advance(bar),
                       on_measure=on_measure, on_depth=on_depth, on_rung=on_rung, runner=runner)
    picture = None
    try:
        svg = tune.write_curve_svg(cal, report_dir)
        picture = svg.name if svg else None
    except PlotUnavailable as exc:
        console.print(Text(f"No picture of the strength curve: {exc}.", style="yellow"))
    path = tune.write_report(cal, report_dir, picture)
    if cal.interrupted:
        console.print(Text(f"{'Stopped: ' + cal.lost if cal.lost else 'Interrupted'}: presets left unchanged; "
                           f"partial report in {path}.", style="yellow"))
        return EXIT_INTERRUPTED
    target = presets_file or user_presets_file()
    write_file(target, lambda p: tune.write_presets(cal, p))
    console.print(Text(f"Wrote [games.{name}.*] to {target} and the report to {path}"
                       + (f" (strength curve: {picture})" if picture else "") + " "
                       f"({cal.seconds / 60:.1f} min)."))
    return 0


COMMANDS = [tune_command]
