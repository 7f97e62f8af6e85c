"""`partisan watch`: bots play each other while an all-seeing narrator describes the game."""
from __future__ import annotations

import random
import time

import click
from rich.rule import Rule
from rich.text import Text

from partisan.cli.console import (SEED, FiniteFloatRange, build_bot, check_seat, data_flag, game_name,
                                  game_outcome, get_console, narrate, option_flag, outcome_view,
                                  render_view, side_names, setup_game, split_bot_specs)
from partisan.cli.svg import picture, svg_flag
from partisan.core.errors import OptionError, PartisanError
from partisan.core.record import Match


@click.command("watch")
@click.argument("game", callback=game_name)
@click.option("--bots", "-b", "bots_text", default="normal", show_default=True,
              help="One bot per seat, comma-separated (presets, kinds or specs such as "
                   "ismcts:iterations=500); a single bot plays every seat.")
@click.option("--players", "-n", type=int, help="Number of players (default: one per bot named).")
@click.option("--seed", type=SEED, help="Seed of the shuffles and dice (default: random).")
@option_flag
@data_flag
@click.option("--delay", type=FiniteFloatRange(min=0, max=3600), default=0.0, show_default=True,
              help="Seconds to pause after each move.")
@click.option("--save", "save_path", metavar="FILE", help="Also write the game record to FILE.")
@click.option("--seat", "-s", type=int, help="Follow one seat: only what it sees, and its table "
                                            "before each of its moves (default: everything).")
@svg_flag
def watch_command(game, bots_text, players, seed, options, data_dir, delay, save_path, seat, svg_path):
    """Watch bots play GAME against each other."""
    console = get_console()
    specs = split_bot_specs(bots_text)
    if players is None and len(specs) > 1:
        players = len(specs)
    spec = setup_game(game, players, options, data_dir)
    if len(specs) == 1:
        specs = specs * spec.players
    if len(specs) != spec.players:
        raise OptionError(f"--bots names {len(specs)} bots for {spec.players} players")
    if seat is not None:
        check_seat(seat, spec.players)
    seed = random.randrange(2**31) if seed is None else seed
    bots = [build_bot(s, seed, seat, spec) for seat, s in enumerate(specs)]
    match = Match(spec, seed, meta={"bots": {str(seat): s for seat, s in enumerate(specs)}})
    state = match.state
    names = side_names(state)
    console.print(Text(f"{spec}, seed {seed}: " + ", ".join(f"{names[i]} {s}" for i, s in enumerate(specs))
                       + (f". Following {names[seat]}: only what it sees." if seat is not None else "")))
    drawn = picture(svg_path, state, seat)
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            action = state.sample_chance()      # what Match.play_chance() would draw
        else:
            if player == seat:
                console.print(Rule(Text(f"{spec} - move {state.move_number}")))
                console.print(render_view(state, seat))
            with console.status(f"{names[player]} ({specs[player]}) is thinking..."):
                action = bots[player].choose(state)
        narrate(console, match, action, viewer=seat)
        if drawn:
            drawn.update(state)
        if delay:
            time.sleep(delay)
    if seat is not None:
        console.print(render_view(state, seat))
    match.outcome = game_outcome(state, seat)
    console.print(outcome_view(match.outcome, seat))
    if save_path:
        try:
            match.save(save_path)
        except OSError as exc:
            raise PartisanError(f"cannot write {save_path}: {exc.strerror or exc}") from None
        console.print(Text(f"Record saved to {save_path}."))


COMMANDS = [watch_command]
