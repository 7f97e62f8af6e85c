"""Helpers shared by the commands: the per-invocation console, options, views, bots and results."""
from __future__ import annotations

import importlib
import math
import os
from types import ModuleType

import click
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from partisan.ai.bots import check_fits, make_bot
from partisan.core.errors import BotSpecError, OptionError, SeedError
from partisan.core.game import load_game, parse_option_pairs
from partisan.core.seeds import check_seed

# Exit codes (click itself uses 2 for a usage error and 1 for an abort).
EXIT_USAGE = 2          # a bad command line (click's own code), a bot spec that cannot be built
EXIT_BAD_OPTION = 3     # unknown game, option or seat
EXIT_BAD_RECORD = 4     # a record file we refused
EXIT_ERROR = 5          # any other refused input (e.g. a game's data file)
EXIT_INTERNAL = 70      # a bug
EXIT_INTERRUPTED = 130  # Ctrl-C or input closed mid-game

option_flag = click.option(
    "--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
    help="A game option or variant (repeatable); `partisan games` lists them.")

data_flag = click.option(
    "--data", "data_dir", metavar="DIR",
    help="Use an edited copy of the game's component data (a folder of its TOML files); "
         "records pin the data they were made with.")

class SeedType(click.ParamType):
    """--seed: a whole number the shared seed check accepts (core/seeds.py), refused rather than
    silently wrapped onto another seed."""

    name = "integer"

    def convert(self, value, param, ctx):
        try:
            number = int(value.strip()) if isinstance(value, str) else value
            return check_seed(number, "the seed")
        except ValueError as exc:       # SeedError is one; so is int("x")
            self.fail(str(exc) if isinstance(exc, SeedError)
                      else f"{value!r} is not a whole number from 0 to 2^64 - 1", param, ctx)


SEED = SeedType()


class FiniteFloatRange(click.FloatRange):
    """click.FloatRange that also refuses nan and the infinities (nan passes every comparison
    a range makes, and a budget of nan or inf seconds never ends)."""

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


def game_name(ctx, param, value):
    """A click callback: game names are case-insensitive on the command line (`play WAR`)."""
    if value is None:
        return None
    if isinstance(value, tuple):
        return tuple(v.strip().lower() for v in value)
    return value.strip().lower()


def worker_count(jobs: int | None) -> int:
    """--jobs, or every core; more workers than cores only compete for them, so say so."""
    cores = os.cpu_count() or 1
    if jobs is None:
        return cores
    if jobs > cores:
        click.echo(f"partisan: warning: --jobs {jobs} is more than the {cores} cores of this machine; "
                   "the extra workers only take turns on them", err=True)
    return jobs


def output_file(ctx, param, path):
    """A click callback for an option naming a file to write: refused before any work when it
    names a folder, a pipe or a device (writing would fail, hang or never end) or lies in a
    folder that does not exist."""
    if path is None:
        return path
    target = os.path.realpath(path)
    if os.path.exists(target) and not os.path.isfile(target):
        raise click.BadParameter(f"{path} is not a regular file (a folder, a pipe or a device): "
                                 "choose a file to write", ctx, param)
    if not os.path.isdir(os.path.dirname(target)):
        raise click.BadParameter(f"the folder of {path} does not exist (create it first)", ctx, param)
    return path


def get_console() -> Console:
    """The console of this invocation: the one a caller put in ctx.obj, else a fresh one."""
    ctx = click.get_current_context()
    if isinstance(ctx.obj, dict) and ctx.obj.get("console") is not None:
        return ctx.obj["console"]
    console = Console(highlight=False)
    ctx.ensure_object(dict)["console"] = console
    return console


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def match_title(game, bot_specs: dict) -> str:
    """The game as a play session names it: against an automa it is solo play, not "2 players"."""
    if "automa" not in bot_specs.values():
        return str(game)
    return str(game).replace(f"({game.players} players", "(solo against the automa", 1)


def side_names(state) -> list[str]:
    """Every seat as the game names it (Spain, Blue, ...): the view module's
    side_names(observation) when it has one, else P1, P2, ..."""
    names = getattr(view_module(state.game.name), "side_names", None)
    return list(names(state.observation(0))) if names else [seat_name(s) for s in range(state.num_players)]


def side_name(state, seat: int) -> str:
    return side_names(state)[seat]


def setup_game(name: str, players: int | None, option_pairs, data_dir: str | None = None):
    """load_game from command-line text; every mistake becomes an OptionError (a DataError
    for a broken data folder)."""
    return load_game(name, players, data=data_dir, **parse_option_pairs(option_pairs))


def check_seat(seat: int, players: int) -> int:
    if not 0 <= seat < players:
        raise OptionError(f"seat {seat} does not exist: seats are 0..{players - 1} for {players} players")
    return seat


def split_bot_specs(text: str) -> list[str]:
    """'hard,ismcts:iterations=50,uct_c=1.4,novice' -> ['hard', 'ismcts:iterations=50,uct_c=1.4', 'novice'].

    A comma separates bots, except before a bare `key=value` that continues the previous spec."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise BotSpecError(f"empty bot name in {text!r}")
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def bot_seed(seed: int, seat: int, move: int = 0) -> int:
    """A bot's stream, fixed by the game seed, its seat and (for per-move bots) the move number."""
    return (seed * 1_000_003 + 7919 * (seat + 1) + 104_729 * move) & 0x7FFFFFFFFFFFFFFF


def build_bot(spec: str, seed: int, seat: int, game, move: int = 0):
    """The bot `spec` for `seat` of the loaded `game`; one the game's options do not fit is refused."""
    bot = make_bot(spec, seed=bot_seed(seed, seat, move), game=game.name)
    check_fits(bot, game.options)
    return bot


def optional_module(name: str) -> ModuleType | None:
    """The module `name`, or None if it does not exist (an import error inside it is raised)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def view_module(game: str) -> ModuleType:
    """partisan.cli.views.<game> if it exists, else the generic view."""
    return optional_module(f"partisan.cli.views.{game}") or importlib.import_module("partisan.cli.views.generic")


def decision_note(state, seat: int) -> str | None:
    """Why the moves offered are the ones they are (a fixed order of entry, say), when the
    game's view module says (decision_note(observation, seat)); None otherwise."""
    note = getattr(view_module(state.game.name), "decision_note", None)
    return note(state.observation(seat), seat) if note else None


def refusal_note(state, seat: int) -> str | None:
    """Why a move the player might look for is not on the menu ("Not offered: the Bridge of
    your g36 (...)"), when the game's view module says (not_offered(observation, seat)): told
    with a move played for the player as the only one left; None otherwise."""
    why = getattr(view_module(state.game.name), "not_offered", None)
    return why(state.observation(seat), seat) if why else None


def confirmation(state, seat: int, action: int) -> str | None:
    """The question to ask before `seat` plays `action`, when the game's view module says the
    move gives up something a stray keypress should not (confirm(observation, seat, text) with
    the move's text: "End the turn with 2 actions left?"); None, the default, plays it at once."""
    ask = getattr(view_module(state.game.name), "confirm", None)
    return ask(state.observation(seat), seat, state.action_to_string(action)) if ask else None


def refusal(state, seat: int, text: str) -> str | None:
    """Why `text`, typed at the prompt and naming a move of the game that is not legal now, is
    refused, when the game's view module says (refusal(observation, seat, text): "area 1
    attacked this phase already ..."); None for the plain refusal."""
    why = getattr(view_module(state.game.name), "refusal", None)
    return why(state.observation(seat), seat, text) if why else None


def view_moves(state, seat: int, texts: list[str]):
    """The legal moves laid out by the game's view module (moves(observation, seat, texts)),
    when it has its own layout for this decision; None for the plain numbered list."""
    lay_out = getattr(view_module(state.game.name), "moves", None)
    return lay_out(state.observation(seat), seat, texts) if lay_out else None


def menu_actions(state, seat: int) -> list[int]:
    """The legal moves in the order the menu numbers them from 1, so that the number typed plays
    the move shown beside it: the game's view module may list them in an order of its own
    (menu_order(observation, seat): each move's index in legal_actions(), in the order shown,
    or None), else as legal_actions() gives them."""
    legal = state.legal_actions()
    order = getattr(view_module(state.game.name), "menu_order", None)
    shown = order(state.observation(seat), seat) if order else None
    return [legal[i] for i in shown] if shown else legal


def move_text(state, seat: int, action: int) -> str:
    """A legal move as `seat` reads it in the game's words (the view module's
    move_text(state, action, seat)), else its text."""
    words = getattr(view_module(state.game.name), "move_text", None)
    return words(state, action, seat) if words else state.action_to_string(action)


def untold(state, seat: int, action: int) -> bool:
    """Whether the play screen leaves `action` out of the events `seat` is shown (its log keeps
    it): the game's view module says it tells nothing (untold(state, action, seat): Guerilla's
    pass in a reaction window); False by default."""
    quiet = getattr(view_module(state.game.name), "untold", None)
    return bool(quiet and quiet(state, action, seat))


def discard_typed_ahead(stream=None) -> bool:
    """Throw away what was typed on a terminal before the prompt appeared (while the bots
    played): a line meant for one decision must never land on the next. True if any was."""
    import select
    import sys
    import termios
    stream = stream or sys.stdin
    try:
        if not stream.isatty() or not select.select([stream], [], [], 0)[0]:
            return False
        termios.tcflush(stream, termios.TCIFLUSH)
    except (OSError, ValueError, termios.error):
        return False
    return True


def render_view(state, seat: int, whole: bool = False):
    """The table as `seat` sees it; `whole`: with nothing left out where the game's view
    shortens it for a small terminal (its render_whole), for the `board` command."""
    view = view_module(state.game.name)
    render = getattr(view, "render_whole", view.render) if whole else view.render
    return render(state.observation(seat), seat)


def apply_narrated(match, action: int, viewer: int | None) -> list[str]:
    """Apply `action` to the match and return what `viewer` (None = everyone) saw: the action's
    description, taken before it happens, then what the game's view notices changed (reveals,
    outcomes) when the view module defines changes(before, after, seat)."""
    state = match.state
    lines = [state.describe_action(action, viewer=viewer)]
    changes = getattr(view_module(state.game.name), "changes", None)
    seat = 0 if viewer is None else viewer     # everyone sees what changes() reports
    before = state.observation(seat) if changes else None
    match.apply(action)
    if changes:
        lines.extend(changes(before, state.observation(seat), viewer))
    return lines


def game_outcome(state, viewer: int | None = None) -> dict:
    """How a finished game ended, as plain data for the screen and the record: the winners by
    name, the headline ("Spain wins"), the reason it ended and each seat's score with its
    breakdown. The reason and the scores come from the view module's
    outcome(observation, returns, game) -> {"reason": str, "scores": [(score, breakdown) per seat]};
    without it, each seat's return is its score."""
    returns = list(state.returns())
    names = side_names(state)
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    if len(winners) == len(returns):
        headline = "a draw"
    elif len(winners) == 1:
        headline = f"{names[winners[0]]} wins"
    else:
        headline = "shared by " + " and ".join(names[s] for s in winners)
    hook = getattr(view_module(state.game.name), "outcome", None)
    detail = hook(state.observation(0 if viewer is None else viewer), returns, state.game) if hook else {}
    scores = detail.get("scores") or [(f"{r:+g}", "") for r in returns]
    return {"headline": headline, "winners": [names[s] for s in winners],
            "reason": detail.get("reason") or "",
            "scores": [{"seat": s, "name": names[s], "score": str(score), "breakdown": str(how),
                        "return": returns[s]} for s, (score, how) in enumerate(scores)]}


def outcome_view(result: dict, human: int | None = None, again: bool = False) -> Group:
    """An outcome (see game_outcome(); also as a record keeps it) on screen: who won, why the game
    ended, and every seat's score with its breakdown; `again`, who won and why said once more
    below the scores (a table taller than the terminal scrolls the first lines away)."""
    lines = [Text(f"Result: {result['headline']}.", style="bold")]
    if result.get("reason"):
        lines.append(Text(f"The game ended because {result['reason']}."))
    table = Table()
    for column, justify in (("seat", "left"), ("score", "right"), ("how", "left"), ("result", "left")):
        table.add_column(column, justify=justify)
    for row in result["scores"]:
        won = row["name"] in result["winners"]
        mark = "winner" if won and len(result["winners"]) < len(result["scores"]) else ""
        if row["seat"] == human:
            mark = (mark + " (you)").strip()
        table.add_row(row["name"], row["score"], row["breakdown"], mark, style="bold" if won else None)
    return Group(*lines, table, *(lines if again else []))


def numbered(rows) -> Table:
    """(move number, line) rows as an account: a line without a number (None) is what the
    view noticed that move change, in italics under it."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="dim", min_width=4)
    grid.add_column()
    for number, line in rows:
        grid.add_row("" if number is None else str(number),
                     Text(line, style="italic" if number is None else ""))
    return grid


def narrate(console: Console, match, action: int, viewer: int | None) -> None:
    """Apply `action` and print a numbered account of it as `viewer` (None = everyone) saw it."""
    number = match.state.move_number + 1
    first, *more = apply_narrated(match, action, viewer)
    console.print(numbered([(number, first), *((None, line) for line in more)]))
