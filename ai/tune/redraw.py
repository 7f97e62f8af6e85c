"""Drawing the strength curve of a report already written, without calibrating again:

    python -m partisan.ai.tune.redraw docs/difficulty/war.md [more reports]

writes GAME.svg beside each report and links it under the report's curve table. The Elo of each
point is the report's own; the intervals are recomputed from its table of selection matches
(win rates rounded to a percent, and every game counted as one comparison, which in a game for
more than two players understates the comparisons a game holds, so the intervals err wide).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np

from partisan.ai import ratings
from partisan.ai.plots import strength_curve_svg
from partisan.core.record import write_atomic
from partisan.ai.tune.model import CurvePoint

CURVE_HEAD = "| iterations | Elo | selection games | preset |"
MATCH_HEAD = "| candidate | against | match | win rate | 95% interval | games | stopped early |"
PICTURE = "![Strength curve: Elo against iterations, 95% intervals, the presets marked]({})"


def _rows(lines: list[str], head: str) -> list[list[str]]:
    start = lines.index(head) + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("`") for cell in line.strip("|").split("|")])
    return rows


def _key(text: str) -> tuple[int, float] | None:
    """A budget as the curve table or a bot spec writes it; None for random."""
    if text == "random":
        return None
    if text.startswith("ismcts:"):
        values = dict(item.split("=") for item in text.partition(":")[2].split(","))
        return int(values["iterations"]), float(values.get("blunder", 0.0))
    iterations, _, blunder = text.partition(", blunder ")
    return int(iterations), float(blunder or 0.0)


def curve_of_report(text: str) -> tuple[list[CurvePoint], dict, bool, int]:
    """The report's strength curve with intervals, its presets, whether it is relative to random,
    and its player count."""
    lines = text.splitlines()
    table = _rows(lines, CURVE_HEAD)
    keys = [_key(row[0]) for row in table]
    elo = {k: float(row[1]) for k, row in zip(keys, table)}
    presets = {k: row[3] for k, row in zip(keys, table) if row[3]}
    anchored = "relative to random" in text
    names = ([None] if anchored else []) + keys
    at = {k: i for i, k in enumerate(names)}
    wins = np.zeros((len(names), len(names)))
    for candidate, against, kind, rate, _, games, _ in _rows(lines, MATCH_HEAD):
        a, b = _key(candidate), _key(against)
        if kind == "selection" and a in at and b in at:
            score, n = float(rate.rstrip("%")) / 100, int(games)
            wins[at[a], at[b]] += score * n
            wins[at[b], at[a]] += (1 - score) * n
    half = ratings.anchored_intervals(wins, [0.0 if k is None else elo[k] for k in names])
    curve = [CurvePoint(k[0], elo[k], int(row[2]), k[1], elo[k] - half[at[k]], elo[k] + half[at[k]])
             for k, row in zip(keys, table)]
    players = int(re.search(r" for (\d+) players", text).group(1))
    return curve, presets, anchored, players


def redraw(report: Path) -> Path:
    """GAME.svg beside `report`, linked under its curve table (once)."""
    report = Path(report)
    text = report.read_text(encoding="utf-8")
    curve, presets, anchored, players = curve_of_report(text)
    title = re.search(r"^# Difficulty ladder: (.+)$", text, re.M).group(1)
    svg = strength_curve_svg(curve, presets, anchored, f"{title}, {players} players: strength of the search",
                             report.with_suffix(".svg"))
    link = PICTURE.format(svg.name)
    if link not in text:
        lines = text.splitlines()
        end = lines.index(CURVE_HEAD) + 2 + len(_rows(lines, CURVE_HEAD))
        lines[end:end] = ["", link]
        write_atomic(report, "\n".join(lines) + "\n")
    return svg


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(redraw(Path(name)))
