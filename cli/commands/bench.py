"""`partisan bench`: how fast a game plays out, searches, clones and resamples."""
from __future__ import annotations

import time

import click
from rich.table import Table
from rich.text import Text

from partisan.ai.ismcts import ISMCTS, random_playouts
from partisan.cli.console import (SEED, FiniteFloatRange, game_name, get_console, option_flag, setup_game,
                                  split_bot_specs)
from partisan.core.errors import OptionError
from partisan.core.record import Match
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


def measure(game, seconds: float, iterations: int, seed: int = 1) -> list[tuple[str, str, str]]:
    """Rows of (measure, rate, cost of one, note)."""
    start_state = game.new_initial_state(seed)
    moves = 0

    def playouts(n: int) -> int:
        nonlocal moves
        moves += random_playouts(start_state, n, seed + n)
        return n

    rows = []
    games, elapsed = _rate(playouts, seconds)
    rows.append(("random playouts", f"{games / elapsed:,.0f} games/s", _cost(elapsed / games),
                 f"{moves / games:,.0f} moves a game"))
    opening = _opening(game, seed)
    if opening.is_terminal():
        raise OptionError(f"{game} ends before anyone moves: nothing to benchmark")
    search = ISMCTS(seed=seed)
    begin = time.perf_counter()
    search.search(opening, iterations, 0.0 if iterations else seconds)
    took = time.perf_counter() - begin
    done = search.iterations_done
    rows.append(("ISMCTS from the opening", f"{done / took:,.0f} iterations/s", _cost(took / done),
                 f"{done:,} iterations, {search.nodes_used:,} nodes"))
    count, elapsed = _rate(lambda n: _loop(opening.clone, n), seconds)
    rows.append(("clone", f"{count / elapsed:,.0f} /s", _cost(elapsed / count), "Python loop"))
    world, rng, seat = opening.clone(), RandomState(seed), opening.current_player()
    count, elapsed = _rate(lambda n: _loop(lambda: world.resample(seat, rng), n), seconds)
    rows.append(("resample", f"{count / elapsed:,.0f} /s", _cost(elapsed / count),
                 f"Python loop, seat {seat}"))
    return rows


def _openspiel_rows(console, game: str | None, iterations: int) -> None:
    """The side-by-side table of ai/versus_openspiel: GAME only if one is named, and
    --iterations as the simulations of each search if given."""
    try:
        from partisan.ai.versus_openspiel import comparison_table
    except ImportError as exc:
        raise OptionError(f"the OpenSpiel comparison is not available: {exc}") from None
    kwargs = {}
    if game:
        kwargs["games"] = (game,)
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


@click.command("bench")
@click.argument("game", required=False, callback=game_name)
@click.option("--players", "-n", type=int, help="Number of players (default: the game's).")
@option_flag
@click.option("--seconds", type=FiniteFloatRange(min=0, min_open=True, max=3600), default=1.0,
              show_default=True, help="Time spent on each measure.")
@click.option("--iterations", type=click.IntRange(min=0), default=0,
              help="ISMCTS iterations to time (default: as many as fit in --seconds).")
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--exploitability", is_flag=True,
              help="Instead, the exploitability of each of --bots in GAME (kuhn or leduc; needs "
                   "open-spiel): the policy it plays at every information state, against a best "
                   "response; CPU time a decision.")
@click.option("--bots", "bots_text", default="random",
              help="Comma-separated bot specs for --exploitability, e.g. "
                   "random,ismcts:iterations=10000,smooth=0.9,mixed=1.")
@click.option("--vs-openspiel", is_flag=True,
              help="Also compare ISMCTS speed with OpenSpiel's on the games both have "
                   "(only GAME if given; needs open-spiel).")
def bench_command(game, players, options, seconds, iterations, seed, exploitability, bots_text,
                  vs_openspiel):
    """Random playouts/s, ISMCTS iterations/s, clone and resample cost of GAME."""
    console = get_console()
    if exploitability:
        if not game:
            raise click.UsageError("--exploitability needs a game: kuhn or leduc")
        _exploitability_rows(console, game, bots_text, seed)
        return
    if not game and not vs_openspiel:
        raise click.UsageError("name a game (see `partisan games`) or give --vs-openspiel")
    if game:
        spec = setup_game(game, players, options)
        with console.status(f"Measuring {spec}..."):
            rows = measure(spec, seconds, iterations, seed)
        table = Table(title=Text(f"{spec}: speed (seed {seed})"), title_justify="left")
        table.add_column("measure")
        table.add_column("rate", justify="right")
        table.add_column("cost of one", justify="right")
        table.add_column("")
        for row in rows:
            table.add_row(*map(Text, row))
        console.print(table)
    if vs_openspiel:
        _openspiel_rows(console, game, iterations)


COMMANDS = [bench_command]
