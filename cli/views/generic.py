"""The view of any game without its own: the seat's observation dict, laid out readably."""
from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from partisan.cli.console import seat_name


def _label(key: Any) -> str:
    return str(key).replace("_", " ")


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _value(value: Any) -> RenderableType:
    if isinstance(value, dict):
        return _table(value)
    if isinstance(value, (list, tuple)):
        if not value:
            return Text("(none)", style="dim")
        if all(not isinstance(v, (dict, list, tuple)) for v in value):
            return Text(", ".join(_scalar(v) for v in value))
        inner = Table.grid(padding=(0, 1))
        inner.add_column(style="dim", justify="right")
        inner.add_column()
        for i, item in enumerate(value):
            inner.add_row(Text(f"{i}."), _value(item))
        return inner
    return Text(_scalar(value))


def _table(data: dict) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    for key, value in data.items():
        table.add_row(Text(_label(key)), _value(value))
    return table


def render(observation: Any, seat: int) -> RenderableType:
    """A panel of everything seat `seat` knows, in the observation's own order."""
    body = _table(observation) if isinstance(observation, dict) else _value(observation)
    return Panel(body, title=f"What {seat_name(seat)} sees", title_align="left", expand=False)


def symbol_table(symbols) -> Table:
    """A game's legend for the `cards` command: each symbol or abbreviation beside its meaning."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for symbol, meaning in symbols:
        grid.add_row(symbol, meaning)
    return grid
