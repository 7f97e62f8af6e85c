"""`partisan replay`: step through a saved game, as everyone or as one seat saw it."""
from __future__ import annotations

import click
from rich.rule import Rule
from rich.text import Text

from partisan.cli.console import (check_seat, data_flag, game_outcome, get_console, narrate,
                                  outcome_view, render_view, side_name)
from partisan.cli.svg import picture, svg_flag
from partisan.core.record import Match, load
from partisan.core.state import CHANCE


@click.command("replay")
@click.argument("file")
@click.option("--seat", "-s", type=int, help="Show only what this seat saw (default: everything in a "
                                            "finished game, the player's seat in an unfinished one).")
@click.option("--all", "everything", is_flag=True,
              help="Show everything, also in an unfinished game (its secrets are still in play).")
@click.option("--step", is_flag=True, help="Wait for Enter after each move of a player (q then Enter stops).")
@data_flag
@svg_flag
def replay_command(file, seat, everything, step, data_dir, svg_path):
    """Print every move of the game saved in FILE, then its result."""
    console = get_console()
    match = load(file, data_dir)        # validated by a full replay
    if seat is not None and everything:
        raise click.UsageError("--seat shows one seat's view and --all everything: give one of them")
    if seat is not None:
        check_seat(seat, match.game.players)
    console.print(Text(f"{match.game}, seed {match.seed}, {len(match.actions)} moves."))
    if seat is None and not everything:
        seat = _player_seat(match)
        if seat is not None:
            console.print(Text(f"The game is not over: showing what {side_name(match.state, seat)} "
                               f"(seat {seat}) saw; --all shows everything.", style="dim"))
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
        console.print(outcome_view(match.outcome or game_outcome(state, seat), seat))
    else:
        console.print(Text(f"The record stops at move {state.move_number}; the game is not over."))


def _player_seat(match) -> int | None:
    """The seat of the record's player when the game is unfinished (its secrets still matter),
    None for a finished game or a record of bots alone."""
    seat = match.meta.get("human_seat")
    if match.state.is_terminal() or type(seat) is not int or not 0 <= seat < match.game.players:
        return None
    return seat


COMMANDS = [replay_command]
