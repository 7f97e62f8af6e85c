"""`partisan play`: one human seat against bots, with hints, saving and resuming."""
from __future__ import annotations

import click

from partisan.ai.bots import DEFAULT_OPPONENT
from partisan.cli.console import game_name
from partisan.cli.play.prompt import HELP_TEXT
from partisan.cli.play.start import play_session, session_flags


@click.command("play", epilog="\b\nDuring the game, at the move prompt:\n" + HELP_TEXT.partition("\n")[2])
@click.argument("game", required=False, callback=game_name)
@click.option("--players", "-n", type=int, help="Number of players (default: the game's).")
@click.option("--seat", "-s", type=int, help="Your seat, 0 = first (default 0).")
@click.option("--bot", "-b", help="Opponents: a preset (novice, easy, normal, hard, expert; master: "
                                  "2 s a move on every core), a kind "
                                  "(random, pimc, ismcts; cfr: poker) or a spec like "
                                  "ismcts:iterations=500; "
                                  "comma-separate to give each other seat its own. Default: "
                                  + DEFAULT_OPPONENT + ".")
@session_flags
def play_command(game, players, seat, bot, seed, options, data_dir, load_path, save_to, hint_bot, no_auto,
                 brief, svg_path):
    """Play GAME against bots, or resume a saved game with --load FILE."""
    if not load_path and not game:
        raise click.UsageError("name a game (see `partisan games`) or give --load FILE")
    play_session(game, players, seat, bot, seed, options, data_dir, load_path, save_to, hint_bot,
                 no_auto, svg_path, brief)


COMMANDS = [play_command]
