"""`--svg FILE` on play, watch and replay: the game's table as an SVG picture, rewritten after
every move. A game has a picture when it has a module cli/views/<game>_svg.py with
svg(observation) -> str; for any other game the option is refused before play starts.

Every picture begins with MARKER. An existing FILE that does not (a record, someone's drawing)
is refused before the game starts, unless `--force` is given: a typo must not replace a file."""
from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType

import click

from partisan.cli.console import optional_module
from partisan.core.errors import OptionError, PartisanError
from partisan.core.files import read_regular
from partisan.core.game import registered_games
from partisan.core.record import write_atomic

MARKER = "<!-- drawn by partisan: the table of a game, redrawn after every move -->"  # no "--" inside
MAX_PICTURE_BYTES = 16 * 2**20      # a picture is tens of kilobytes
_FORCE = "partisan.svg_force"       # where --force leaves its value for --svg's check (ctx.meta)


def svg_flag(command):
    """--svg FILE and --force (replace a FILE this program did not draw)."""
    command = click.option("--svg", "svg_path", metavar="FILE", callback=_check_target,
                           help="Write the table as an SVG picture to FILE after every move and at the "
                                "end (games with a picture: garden). An existing FILE must be a "
                                "picture written by --svg, unless --force is given.")(command)
    return click.option("--force", is_flag=True, is_eager=True, expose_value=False,
                        callback=lambda ctx, param, value: ctx.meta.__setitem__(_FORCE, value),
                        help="With --svg, replace FILE even if it is not a picture written by "
                             "--svg.")(command)


def _check_target(ctx, param, path: str | None) -> str | None:
    """Refuse (before the game starts) an existing FILE that --svg did not write, unless
    --force (an eager option, so already seen) was given."""
    if path is not None and os.path.lexists(path) and not ctx.meta.get(_FORCE) and not drawn_here(path):
        raise PartisanError(f"--svg: {path} exists and is not a picture written by --svg; it would "
                            "be replaced (give --force to replace it, or choose another file)")
    return path


def drawn_here(path: str | Path) -> bool:
    """Whether the file at `path` is a picture --svg wrote (a regular file beginning with MARKER)."""
    try:
        raw = read_regular(path, MAX_PICTURE_BYTES, PartisanError, "an SVG picture")
    except PartisanError:
        return False
    return raw.startswith(MARKER.encode())


def picture_module(game: str) -> ModuleType | None:
    """partisan.cli.views.<game>_svg if the game has a picture, else None."""
    return optional_module(f"partisan.cli.views.{game}_svg")


class Picture:
    """Keeps FILE showing the table as `seat` sees it (everything drawn is public)."""

    def __init__(self, path: str | Path, game: str, seat: int = 0):
        module = picture_module(game)
        if module is None:
            with_one = [g.name for g in registered_games() if picture_module(g.name) is not None]
            raise OptionError(f"--svg: {game} has no picture (games with one: {', '.join(with_one) or 'none'})")
        self.path, self.draw, self.seat = Path(path), module.svg, seat

    def update(self, state) -> None:
        """Rewrite the file at once (a reader never sees half a picture)."""
        try:
            write_atomic(self.path, MARKER + "\n" + self.draw(state.observation(self.seat)))
        except OSError as exc:
            raise PartisanError(f"cannot write {self.path}: {exc.strerror or exc}") from None


def picture(path: str | None, state, seat: int | None = None) -> Picture | None:
    """The Picture of `state`'s game for `--svg path` (None without it), written once now so a
    bad path fails before the game goes on."""
    if path is None:
        return None
    drawn = Picture(path, state.game.name, 0 if seat is None else seat)
    drawn.update(state)
    return drawn
