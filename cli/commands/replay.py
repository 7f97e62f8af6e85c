"""`partisan replay`: step through a saved game, as everyone or as one seat saw it."""
from __future__ import annotations

import click
from rich.rule import Rule
from rich.text import Text

from partisan.cli.console import check_seat, data_flag, get_console, narrate, render_view, result_table
from partisan.cli.svg import picture, svg_flag
from partisan.core.record import Match, load
from partisan.core.state import CHANCE


@click.command("replay")
@click.argument("file")
@click.option("--seat", "-s", type=int, help="Show only what this seat saw (default: everything).")
@click.option("--step", is_flag=True, help="Wait for Enter after each move of a player (q then Enter stops).")
@data_flag
@svg_flag
def replay_command(file, seat, step, data_dir, svg_path):
    """Print every move of the game saved in FILE, then its result."""
    console = get_console()
    match = load(file, data_dir)        # validated by a full replay
    if seat is not None:
        check_seat(seat, match.game.players)
    console.print(Text(f"{match.game}, seed {match.seed}, {len(match.actions)} moves."))
    live = Match(match.game, match.seed)
    state = live.state
    drawn = picture(svg_path, state, seat)
    for action in match.actions:
        mover = state.current_player()
        narrate(console, live, action, viewer=seat)
        if drawn:
            drawn.update(state)
        if step and mover != CHANCE:
            try:
                answer = console.input(Text("[Enter] next, q stops > ", style="dim"))
            except EOFError:
                answer = "q"
            if answer.strip().lower() == "q":
                break
    if seat is not None:
        console.print(Rule(Text(f"{match.game} - move {state.move_number}")))
        console.print(render_view(state, seat))
    if state.is_terminal():
        console.print(result_table(state, seat))
    else:
        console.print(Text(f"The record stops at move {state.move_number}; the game is not over."))


COMMANDS = [replay_command]
