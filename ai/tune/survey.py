"""The calibration proper: survey the strength curve with selection matches, place the rungs on
it, and confirm each rung on fresh games."""
from __future__ import annotations

import math
from typing import Callable

from partisan.ai import ratings
from partisan.ai.tune.curve import place, strength_curve
from partisan.ai.tune.model import (NOVICE_VS_RANDOM, SELECTION_MARGIN, STEP_BAND, TARGET, TARGET_MID, Ladder,
                                    Match, Measure, Measurement, Rung, check_cap, iteration_grid, pct)

# Shares of novice's moves played at random, tried at its floor (see calibrate).
BLUNDER_RATES = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)


def calibrate(measure: Measure, ladder: dict[str, dict], cap: int,
              on_rung: Callable[[Rung], None] | None = None) -> Ladder:
    """Choose each preset's iteration budget; `measure(candidate, opponent, band, fresh)` plays a
    match (opponent None = random), may stop early once its interval is outside `band`, and with
    `fresh` plays games that no selection match played. Selection matches survey the strength
    curve, the rungs are placed on it, and each is confirmed on fresh games and judged by that."""
    check_cap(cap, len(ladder))
    grid = iteration_grid(cap)
    names = list(ladder)
    top = len(names) - 1
    matches: list[Match] = []

    def play(name, stronger, weaker, band):
        opponent = None if weaker is None else {**ladder[name], "iterations": weaker}
        preset = name if weaker is None else names[names.index(name) + 1]
        above = {**ladder[preset], "iterations": stronger}
        m = measure(above, opponent, band, False)
        matches.append(Match(stronger, weaker, m))
        return m

    # novice's floor: the smallest budget that clearly beats random, leaving a budget for each rung above
    need = NOVICE_VS_RANDOM + SELECTION_MARGIN
    floor = 0
    for floor in range(len(grid) - top):
        if play(names[0], grid[floor], None, (need, need)).score >= need:
            break
    floor_ok = matches[-1].result.score >= need

    # finer steps below the floor: novice at the floor, playing a growing share of its moves at
    # random, for as long as it still clears the line (the next budget down may be a large step)
    if floor_ok:
        for rate in BLUNDER_RATES:
            m = measure({**ladder[names[0]], "iterations": grid[floor], "blunder": rate}, None,
                        (need, need), False)
            if m.score < need:
                break
            matches.append(Match(grid[floor], None, m, rate))

    # survey from the top down: expert at the cap; below each rung, the strongest budget it beats 70%
    index = {names[top]: len(grid) - 1}
    for r in range(top - 1, -1, -1):
        name, upper = names[r], names[r + 1]
        lo, hi = floor + r, index[upper] - 1
        tried: list[tuple[int, Measurement]] = []
        j = max(lo, hi - 1)             # an octave below the rung above, then an octave at a time
        while True:
            m = play(name, grid[index[upper]], grid[j], STEP_BAND)
            tried.append((j, m))
            if m.score >= TARGET_MID:
                if m.score > TARGET[1] and j < hi:
                    tried.append((j + 1, play(name, grid[index[upper]], grid[j + 1], STEP_BAND)))
                break
            if j == lo:
                break
            j = max(lo, j - 2)
        reached = [t for t in tried if t[1].score >= TARGET_MID]
        index[name] = (min(reached, key=lambda t: (abs(t[1].score - TARGET_MID), -t[0])) if reached
                       else max(tried, key=lambda t: (t[1].score, -t[0])))[0]

    # place the rungs on the fitted curve (it holds at least the survey's five picks)
    curve, anchored = strength_curve(matches, cap, grid[floor])
    points = place(curve, grid[floor], len(names))

    rungs: list[Rung] = []
    for r, name in enumerate(names):
        params = {**ladder[name], "iterations": points[r].iterations}
        if points[r].blunder:
            params["blunder"] = points[r].blunder
        below = rungs[-1] if rungs else None
        low, high = (NOVICE_VS_RANDOM, 1.0) if below is None else TARGET
        what = "against random" if below is None else f"against {below.preset}"
        m = measure(params, below.params if below else None, None, True)
        notes = []
        if below is None and not floor_ok:
            notes.append(f"no budget up to {grid[floor]} iterations beat random {need:.0%} of the time "
                         "in selection")
        if m.score < low:
            notes.append(f"{pct(m.score)} on fresh games, below {pct(low)} {what}")
        elif m.score > high:
            notes.append(f"{pct(m.score)} on fresh games, above {pct(high)} {what}")
        if below is not None:
            predicted = ratings.expected_score(points[r].elo - points[r - 1].elo)
        else:
            predicted = ratings.expected_score(points[r].elo) if anchored else math.nan
        rung = Rung(name, params, m, low <= m.score <= high, "; ".join(notes), predicted)
        rungs.append(rung)
        if on_rung:
            on_rung(rung)
    return Ladder(rungs, curve, anchored, grid[floor])
