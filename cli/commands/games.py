"""`partisan games`: the registered games, their player counts and options."""
from __future__ import annotations

import click
from rich.padding import Padding
from rich.text import Text

from partisan.cli.console import get_console
from partisan.core.game import GameInfo, registered_games, unavailable_reason


def _players(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return f"{info.min_players} players"
    text = f"{info.min_players}-{info.max_players} players"
    return text + (f" (default {info.default_players})" if info.default_players else "")


def _print_game(console, info: GameInfo) -> None:
    head = Text(info.name, style="bold cyan").append(f"  {info.title}", style="bold")
    head.append(f", {_players(info)}")
    if info.reference:
        head.append("  [reference game]", style="dim")
    problem = unavailable_reason(info)
    if problem:
        head.append("  [unavailable]", style="bold red")
    console.print(head)
    if problem:
        console.print(Padding(Text(f"cannot be played: {problem}", style="red"), (0, 0, 0, 4)))
    if info.summary:
        console.print(Padding(Text(info.summary), (0, 0, 0, 4)))
    if info.options:
        console.print(Padding(Text("options (give as --option name=value):", style="dim"), (0, 0, 0, 4)))
        for opt in info.options:
            console.print(Padding(Text(opt.describe()), (0, 0, 0, 6)))
    console.print()


@click.command("games")
def games_command():
    """List the games with their player counts and options (defaults and allowed values); a game
    whose data files are broken is listed as unavailable, with the reason."""
    console = get_console()
    infos = registered_games()
    if not infos:
        console.print("No games are registered.")
        return
    for info in infos:
        _print_game(console, info)
    if any(i.reference for i in infos):
        console.print(Text("Reference games are kept to check the engine against OpenSpiel's "
                           "implementations of the same games.", style="dim"))


COMMANDS = [games_command]
