"""The strength curve: Bradley–Terry ratings of every budget played, under the shape a search's
strength takes, and the rungs placed on it."""
from __future__ import annotations

import math

import numpy as np

from partisan.ai import ratings
from partisan.ai.tune.model import TARGET_MID, CurvePoint, Match


def strength_curve(matches: list[Match], cap: int, floor: int) -> tuple[list[CurvePoint], bool]:
    """Ratings of every budget connected to `cap` by selection matches, relative to random when
    random is connected too (the flag says so), else to the weakest such budget: the Bradley–Terry
    maximum likelihood under the shape a search's strength takes (shaped_fit). A point with a
    blunder rate (rated only by its match against random) comes just before the floor's budget,
    the most blunders first."""
    links: dict = {}
    for m in matches:
        links.setdefault(m.candidate, set()).add(m.weaker)
        links.setdefault(m.weaker, set()).add(m.candidate)
    seen, todo = {cap}, [cap]
    while todo:
        for other in links.get(todo.pop(), ()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    budgets = sorted(b for b in seen if isinstance(b, int))
    blunders = sorted((b for b in seen if isinstance(b, tuple)), key=lambda b: -b[1])
    anchored = None in seen
    names = ([None] if anchored else []) + budgets + blunders
    at = {b: i for i, b in enumerate(names)}
    wins = np.zeros((len(names), len(names)))
    games = dict.fromkeys(names, 0)
    for m in matches:
        if m.candidate in at:
            i, j, n = at[m.candidate], at[m.weaker], m.result.comparisons
            wins[i, j] += m.result.score * n
            wins[j, i] += (1.0 - m.result.score) * n
            games[m.candidate] += m.result.games
            games[m.weaker] += m.result.games
    fitted = shaped_fit(wins, budgets, floor, anchored)
    half = dict(zip(names, ratings.anchored_intervals(wins, fitted)))
    elo = dict(zip(names, fitted))
    points = {b: CurvePoint(b[0] if isinstance(b, tuple) else b, float(elo[b]), games[b],
                            b[1] if isinstance(b, tuple) else 0.0, float(elo[b] - half[b]), float(elo[b] + half[b]))
              for b in budgets + blunders}
    order = [b for b in budgets if b < floor] + blunders + [b for b in budgets if b >= floor]
    return [points[b] for b in order], anchored


def shaped_fit(wins: np.ndarray, budgets: list[int], floor: int, anchored: bool) -> np.ndarray:
    """Bradley–Terry Elo (entry 0 fixed at 0: random if `anchored`, else the smallest budget) for
    `wins[i, j]` over [random] + `budgets` (ascending) + any unconstrained entries after them,
    constrained so that strength never falls as the budget grows and, from `floor` up, gains
    less with each further doubling. One lucky
    match among dozens cannot then bend the curve (WAR's 8,192 iterations scoring 62% against
    4,096 in 40 games made a 2x top step that fresh games put at 37%). The likelihood and its weak
    prior are ratings.fit's."""
    k = len(wins)
    off = 1 if anchored else 0
    x = np.log2(np.asarray(budgets, dtype=float))
    rows = []
    for a in range(len(budgets) - 1):            # never weaker with more search
        row = np.zeros(k)
        row[off + a + 1], row[off + a] = 1.0, -1.0
        rows.append(row)
    for a in range(len(budgets) - 2):            # diminishing returns from the floor up
        if budgets[a] >= floor:
            row = np.zeros(k)
            s1, s2 = 1.0 / (x[a + 1] - x[a]), 1.0 / (x[a + 2] - x[a + 1])
            row[off + a], row[off + a + 1], row[off + a + 2] = -s1, s1 + s2, -s2
            rows.append(row)
    return ratings.fit_constrained(wins, rows)


STEP_ELO = 400.0 * math.log10(TARGET_MID / (1.0 - TARGET_MID))     # a 70% step, about 147 Elo


def place(curve: list[CurvePoint], floor: int, rungs: int) -> list[CurvePoint]:
    """Points for `rungs` presets from `curve`, the last at its largest budget and the first at
    least `floor` (or the floor with a blunder rate; only the first may blunder), whose steps are
    as close to a 70% step as possible: the largest deviation is smallest (then the sum of
    squared deviations)."""
    points = [p for p in curve if p.iterations >= floor]
    if sum(not p.blunder for p in points) < rungs:
        raise ValueError(f"a curve of {len(points)} budgets cannot hold {rungs} rungs")

    def cost(a, b):
        return abs(points[b].elo - points[a].elo - STEP_ELO)

    # best[k][j]: (worst deviation, sum of squares, previous point) for rung k at points[j]
    best = [[(0.0, 0.0, -1) for _ in points]]
    for k in range(1, rungs):
        row = []
        for j, p in enumerate(points):
            options = [(max(best[k - 1][i][0], cost(i, j)), best[k - 1][i][1] + cost(i, j) ** 2, i)
                       for i in range(j) if best[k - 1][i][0] < math.inf] if not p.blunder else []
            row.append(min(options) if options else (math.inf, math.inf, -1))
        best.append(row)
    chosen, j = [], len(points) - 1
    for k in range(rungs - 1, -1, -1):
        chosen.append(points[j])
        j = best[k][j][2]
    return chosen[::-1]
