"""`partisan solo`: one side of a game with a solo mode against its automa or a search preset;
`--rules` prints the automa's rules and cards. The game is played as in `partisan play`; without
--side, a terminal is asked which side."""
from __future__ import annotations

import sys

import click
from rich.text import Text

from partisan.ai.bots import MASTER, PRESET_ORDER
from partisan.cli.play.start import play_session, session_flags
from partisan.cli.rules import uncited
from partisan.cli.console import EXIT_INTERRUPTED, game_name, get_console
from partisan.core.errors import OptionError
from partisan.core.game import game_info

OPPONENTS = ("automa", *PRESET_ORDER, MASTER)


def _automa(game: str):
    automa = game_info(game).bots.get("automa")
    if automa is None:
        raise OptionError(f"{game} has no solo mode (no automa); `partisan play {game}` plays it "
                          "against the search")
    return automa


def _side_seat(automa, answer: str) -> int | None:
    """The seat an answer names: a side as --side names it, or its number from 1; None if none."""
    answer = answer.strip().lower()
    if answer.isdecimal() and len(answer) < 4 and 1 <= int(answer) <= len(automa.sides):
        return int(answer) - 1
    return automa.sides.index(answer) if answer in automa.sides else None


def _ask_seat(automa) -> int:
    """Ask the side on a terminal, each with what it does, the first by default; without a
    terminal there is nobody to ask, so say how to choose."""
    if not sys.stdin.isatty():
        raise click.UsageError(f"choose your side: --side {'|'.join(automa.sides)}")
    console = get_console()
    console.print(Text("Which side do you play?", style="bold"))
    for number, line in enumerate(automa.side_lines, 1):
        console.print(Text(f"  {number}. {line}"))
    while True:
        try:
            answer = console.input(Text(f"Your side (number or name) [1: {automa.sides[0]}] > ", style="bold"))
        except EOFError:
            console.print("\nInput closed.")
            click.get_current_context().exit(EXIT_INTERRUPTED)
        seat = _side_seat(automa, answer) if answer.strip() else 0
        if seat is not None:
            return seat
        console.print(Text(f"There is no side {answer.strip()!r}: type a number from 1 to "
                           f"{len(automa.sides)} or a name ({', '.join(automa.sides)}).", style="red"))


@click.command("solo")
@click.argument("game", required=False, callback=game_name)
@click.option("--side", help="Your side (e.g. spain or philippines for baler); asked on a terminal "
                              "when not given.")
@click.option("--opponent", type=click.Choice(OPPONENTS, case_sensitive=False), default="automa",
              show_default=True, help="The other side: the game's automa or a search preset.")
@click.option("--rules", "show_rules", is_flag=True, help="Print the automa's rules and cards (the "
                                                          "printable page) and exit.")
@session_flags
def solo_command(game, side, opponent, show_rules, seed, options, data_dir, load_path, save_to,
                 hint_bot, no_auto, brief, svg_path):
    """Play one side of GAME alone against its automa or a search preset, with hints, saving
    and resuming as in `partisan play`; or resume with --load FILE."""
    if load_path:
        if game or side or show_rules:
            raise OptionError("--load resumes a saved game: do not give a game, --side or --rules with it")
        play_session(None, None, None, None, None, options, data_dir, load_path, save_to, hint_bot,
                     no_auto, svg_path, brief)
        return
    if not game:
        raise click.UsageError("name a game with a solo mode (baler) or give --load FILE")
    automa = _automa(game)
    if show_rules:
        click.echo(uncited(automa.rules()))
        return
    if side is None:
        seat = _ask_seat(automa)
    elif side.strip().lower() in automa.sides:
        seat = automa.sides.index(side.strip().lower())
    else:
        raise OptionError(f"{game} has no side {side!r} (sides: {', '.join(automa.sides)})")
    opponent = opponent.lower()
    extra = ("automa=true",) if opponent == "automa" else ()
    play_session(game, None, seat, opponent, seed, tuple(options) + extra, data_dir, None, save_to,
                 hint_bot, no_auto, svg_path, brief)


COMMANDS = [solo_command]
