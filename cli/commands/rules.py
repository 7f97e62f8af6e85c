"""`partisan rules`: a game's summary and the rules notes it ships (how the rulebook is read)."""
from __future__ import annotations

import click

from partisan.cli.console import get_console, game_name
from partisan.cli.rules import show_rules
from partisan.core.errors import OptionError
from partisan.core.game import game_info


@click.command("rules")
@click.argument("game", callback=game_name)
@click.argument("section", required=False, default="")
def rules_command(game, section):
    """The rules notes of GAME: an index of its sections, or SECTION (a number, a word of its
    heading, or `all`)."""
    info = game_info(game)
    if not show_rules(get_console(), info, section):
        raise OptionError(f"{info.name}'s rules notes have no section {section!r}")


COMMANDS = [rules_command]
