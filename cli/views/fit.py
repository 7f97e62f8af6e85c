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


class Flow:
    """Numbered entries laid out line by line, as many on a line as fit, never broken inside
    one: ("reinforce:", [(12, "P2's g0"), (13, "P3's g1")]) reads "reinforce: 12. P2's g0
    13. P3's g1". A run of entries under one label saves the rows a column per move takes
    (a long menu at 80×24)."""

    def __init__(self, runs: list[tuple[str | None, list[tuple[int, str]]]], gap: int = 3):
        self.runs, self.gap = runs, gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.text import Text
        width, line, used = options.max_width, Text(), 0
        for label, entries in self.runs:
            pieces = [Text(f"{n}. ", style="cyan") + Text(t) for n, t in entries]
            if label:
                pieces[0] = Text(f"{label} ", style="bold") + pieces[0]
            for piece in pieces:
                need = piece.cell_len + (self.gap if used else 0)
                if used and used + need > width:
                    yield line
                    line, used, need = Text(), 0, piece.cell_len
                if used:
                    line.append(" " * self.gap)
                line.append_text(piece)
                used += need
        if used:
            yield line
