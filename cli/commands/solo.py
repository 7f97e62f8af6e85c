"""`partisan solo`: one side of a game with a solo mode against its automa or a search preset;
`--rules` prints the automa's rules and cards. The game is played as in `partisan play`."""
from __future__ import annotations

import click

from partisan.ai.bots import MASTER, PRESET_ORDER
from partisan.cli.play.start import play_session, session_flags
from partisan.cli.console import game_name
from partisan.core.errors import OptionError
from partisan.core.game import game_info

OPPONENTS = ("automa", *PRESET_ORDER, MASTER)


def _automa(game: str):
    automa = game_info(game).bots.get("automa")
    if automa is None:
        raise OptionError(f"{game} has no solo mode (no automa); `partisan play {game}` plays it "
                          "against the search")
    return automa


@click.command("solo")
@click.argument("game", required=False, callback=game_name)
@click.option("--side", help="Your side (e.g. spain or philippines for baler).")
@click.option("--opponent", type=click.Choice(OPPONENTS, case_sensitive=False), default="automa",
              show_default=True, help="The other side: the game's automa or a search preset.")
@click.option("--rules", "show_rules", is_flag=True, help="Print the automa's rules and cards (the "
                                                          "printable page) and exit.")
@session_flags
def solo_command(game, side, opponent, show_rules, seed, options, data_dir, load_path, save_to,
                 hint_bot, no_auto, svg_path):
    """Play one side of GAME alone against its automa or a search preset, with hints, saving
    and resuming as in `partisan play`; or resume with --load FILE."""
    if load_path:
        if game or side or show_rules:
            raise OptionError("--load resumes a saved game: do not give a game, --side or --rules with it")
        play_session(None, None, None, None, None, options, data_dir, load_path, save_to, hint_bot,
                     no_auto, svg_path)
        return
    if not game:
        raise click.UsageError("name a game with a solo mode (baler) or give --load FILE")
    automa = _automa(game)
    if show_rules:
        click.echo(automa.rules())
        return
    if side is None:
        raise click.UsageError(f"choose your side: --side {'|'.join(automa.sides)}")
    if side.strip().lower() not in automa.sides:
        raise OptionError(f"{game} has no side {side!r} (sides: {', '.join(automa.sides)})")
    seat = automa.sides.index(side.strip().lower())
    opponent = opponent.lower()
    extra = ("automa=true",) if opponent == "automa" else ()
    play_session(game, None, seat, opponent, seed, tuple(options) + extra, data_dir, None, save_to,
                 hint_bot, no_auto, svg_path)


COMMANDS = [solo_command]
