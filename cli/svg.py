"""`--svg FILE` on play, watch and replay: the game's table as an SVG picture, rewritten after
every move. A game has a picture when it has a module cli/views/<game>_svg.py with
svg(observation) -> str; for any other game the option is refused before play starts."""
from __future__ import annotations

from pathlib import Path
from types import ModuleType

import click

from partisan.cli.console import optional_module
from partisan.core.errors import OptionError, PartisanError
from partisan.core.game import registered_games
from partisan.core.record import write_atomic

svg_flag = click.option("--svg", "svg_path", metavar="FILE",
                        help="Write the table as an SVG picture to FILE after every move and at the "
                             "end (games with a picture: garden).")


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
            write_atomic(self.path, self.draw(state.observation(self.seat)))
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
