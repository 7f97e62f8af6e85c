"""Starting a played game from the command line: a new one, or one resumed from its record;
the options `partisan play` and `partisan solo` share."""
from __future__ import annotations

import random
from pathlib import Path

import click
from rich.text import Text

from partisan.ai.bots import ADVISER, DEFAULT_OPPONENT
from partisan.cli.console import (SEED, check_seat, data_flag, get_console, match_title, option_flag,
                                  seat_name, setup_game, side_names, split_bot_specs)
from partisan.cli.play.session import PlaySession
from partisan.cli.svg import picture, svg_flag
from partisan.core.errors import OptionError, RecordError
from partisan.core.record import Match, load


def _bot_specs(text: str, human: int, players: int) -> dict[int, str]:
    """One spec for every other seat, or one per other seat in seat order."""
    specs = split_bot_specs(text)
    others = [s for s in range(players) if s != human]
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others):
        raise OptionError(f"--bot names {len(specs)} bots but there are {len(others)} other seats")
    return dict(zip(others, specs))


def _cast(state, seat: int, specs: dict[int, str]) -> str:
    """Who plays whom, in the names the screen uses: "You are Red (P1); the others: hard",
    "You are Spain; Philippines: automa" (not the 0-based --seat number, which reads as another
    player's)."""
    names = side_names(state)
    you = names[seat] + (f" ({seat_name(seat)})" if names[seat] != seat_name(seat) else "")
    if len(specs) > 1 and len(set(specs.values())) == 1:
        return f"You are {you}; the others: {next(iter(specs.values()))}"
    return f"You are {you}; " + ", ".join(f"{names[s]}: {b}" for s, b in specs.items())


def _resume(path: str, seat: int | None, bot: str | None, data_dir: str | None):
    """The match of a record, the human's seat and the bots' specs (from the record unless given)."""
    match = load(path, data_dir)
    players = match.game.players
    meta = match.meta
    if seat is None:
        seat = meta.get("human_seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise RecordError(f"{path}: the record does not say which seat is yours; give --seat")
    check_seat(seat, players)
    if bot is not None:
        return match, seat, _bot_specs(bot, seat, players)
    saved = meta.get("bots")
    others = [s for s in range(players) if s != seat]
    if not isinstance(saved, dict) or any(not isinstance(saved.get(str(s)), str) for s in others):
        raise RecordError(f"{path}: the record does not name a bot for every other seat; give --bot")
    return match, seat, {s: saved[str(s)] for s in others}


def session_flags(command):
    """The options of a played game, shared by `partisan play` and `partisan solo`."""
    for flag in reversed((
            click.option("--seed", type=SEED, help="Seed of the shuffles and dice (default: random)."),
            option_flag, data_flag,
            click.option("--load", "load_path", metavar="FILE", help="Resume the game saved in FILE."),
            click.option("--save-to", metavar="FILE", help="Where save and quit write "
                                                           "(default: the --load file, else GAME-SEED.json)."),
            click.option("--hint-bot", metavar="SPEC", help="Bot that answers `hint` (default: " + ADVISER
                         + ", the game's expert preset with a larger budget, at most ~1 s)."),
            click.option("--no-auto", is_flag=True, help="Ask even when only one move is legal."),
            click.option("--brief", is_flag=True, help="Keep to the summary of the events after each move, "
                                                       "even when it leaves out one that concerns you "
                                                       "(by default they are all paged first)."),
            svg_flag)):
        command = flag(command)
    return command


def play_session(game, players, seat, bot, seed, options, data_dir, load_path, save_to, hint_bot,
                 no_auto, svg_path=None, brief=False) -> None:
    """Set up a new game or resume a record, play it, and exit with the session's code
    (`partisan play`, and `partisan solo` with its seat, opponent and options)."""
    console = get_console()
    if load_path:
        if game or players is not None or seed is not None or options:
            raise OptionError("--load resumes a saved game: do not give a game, --players, --seed "
                              "or --option with it")
        match, seat, specs = _resume(load_path, seat, bot, data_dir)
        hint_spec = match.meta.get("hint_bot") if hint_bot is None else hint_bot
        save_path = Path(save_to or load_path)
        banner = Text(f"Resuming {match.game} from {load_path} at move {match.state.move_number} "
                      f"(seed {match.seed}).")
    else:
        spec = setup_game(game, players, options, data_dir)
        seat = check_seat(0 if seat is None else seat, spec.players)
        specs = _bot_specs(DEFAULT_OPPONENT if bot is None else bot, seat, spec.players)
        seed = random.randrange(2**31) if seed is None else seed
        match = Match(spec, seed)
        hint_spec = hint_bot
        save_path = Path(save_to or f"{spec.name}-{seed}.json")
        banner = Text(f"{match_title(spec, specs)}, seed {seed}. {_cast(match.state, seat, specs)}.")
    if not isinstance(hint_spec, str):
        hint_spec = ADVISER
    try:
        session = PlaySession(match, seat, specs, hint_spec, save_path, console, auto=not no_auto,
                              follow=not brief)
    except OptionError as exc:
        if load_path and not (bot or hint_bot):     # the record named the bad bot
            raise type(exc)(f"{load_path}: {exc}") from None
        raise
    console.print(banner)       # only once the bots are built: a refused one starts nothing
    session.picture = picture(svg_path, match.state, seat)
    if load_path:
        session.recall()
    code = session.run()
    if code:
        click.get_current_context().exit(code)

