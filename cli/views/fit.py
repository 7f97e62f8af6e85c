"""A view that lays itself out for the room it is given: the full board on a roomy console,
a compact one where the full board would push the prompt off the screen (80×24)."""
from __future__ import annotations

from typing import Callable

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult

# The full layouts are drawn for this much room; below it, on a terminal, the compact one.
FULL_WIDTH = 100
FULL_HEIGHT = 40


class BySize:
    """Renders `full()` on a console at least FULL_WIDTH wide and, when it is a terminal (where
    rows scroll away), FULL_HEIGHT high; `compact()` otherwise. Either is built only when drawn."""

    def __init__(self, full: Callable[[], RenderableType], compact: Callable[[], RenderableType]):
        self.full, self.compact = full, compact

    def roomy(self, console: Console, options: ConsoleOptions) -> bool:
        return options.max_width >= FULL_WIDTH and (not console.is_terminal or console.height >= FULL_HEIGHT)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield (self.full if self.roomy(console, options) else self.compact)()
