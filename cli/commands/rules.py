"""`partisan rules`: a game's summary and the rules notes it ships (how the rulebook is read)."""
from __future__ import annotations

import click

from partisan.cli.console import data_flag, game_name, get_console, option_flag, setup_game
from partisan.cli.rules import show_reference, show_rules
from partisan.core.errors import OptionError
from partisan.core.game import game_info


@click.command("rules")
@click.argument("game", callback=game_name)
@click.argument("section", required=False, default="")
@click.option("--cards", "--legend", "cards", is_flag=True,
              help="The game's components and what every symbol on its table means "
                   "(`cards` at the move prompt).")
@click.option("--players", "-n", type=int, help="With --cards: the number of players (default: the game's).")
@option_flag
@data_flag
def rules_command(game, section, cards, players, options, data_dir):
    """The rules notes of GAME: an index of its sections, or SECTION (a number, a word of its
    heading or of its text, or `all`); --cards the reference card."""
    if cards:
        if section:
            raise click.UsageError("--cards shows the reference card: give no SECTION with it")
        show_reference(get_console(), setup_game(game, players, options, data_dir))
        return
    info = game_info(game)
    if not show_rules(get_console(), info, section):
        raise OptionError(f"{info.name}'s rules notes have no section {section!r}")


COMMANDS = [rules_command]
