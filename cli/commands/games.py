"""`partisan games`: the registered games, their player counts and options."""
from __future__ import annotations

import click
from rich.table import Table
from rich.text import Text

from partisan.cli.console import get_console
from partisan.core.game import registered_games


@click.command("games")
def games_command():
    """List the games with their player counts and options (defaults and allowed values)."""
    console = get_console()
    table = Table(title="Games", title_justify="left", show_lines=True)
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("game")
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("options (name=default (allowed): meaning)")
    infos = registered_games()
    for info in infos:
        title = info.title + (" [reference game]" if info.reference else "")
        if info.summary:
            title += "\n" + info.summary
        players = f"{info.min_players}" if info.min_players == info.max_players \
            else f"{info.min_players}-{info.max_players}"
        if info.default_players:
            players += f"\n(default {info.default_players})"
        options = "\n".join(opt.describe() for opt in info.options) or "-"
        table.add_row(Text(info.name), Text(title), Text(players), Text(options))
    if not infos:
        console.print("No games are registered.")
        return
    console.print(table)
    if any(i.reference for i in infos):
        console.print("Reference games are kept to check the engine against other implementations.")


COMMANDS = [games_command]
