"""Calibrating the difficulty presets of one game by measured win rates.

First the game's rollout depth is settled: a round robin among DEPTH_CANDIDATES
at one budget (DEPTH_ITERATIONS), rated by Bradley–Terry. If the best rated
depth is clearly better than the longest one (its 95% interval lies wholly
above the longest's), every preset of the game uses it; otherwise every preset
keeps its own depth from [presets.*], which grows with the rung. How far a
random playout should run before the game's heuristic evaluation takes over is
a property of the game (long random playouts drown Junta's signal in noise,
while in WAR the depths are indistinguishable at 1,024 iterations and a
ladder on one short depth stalled), so it is measured, not assumed; and the
presets change only on clear evidence.

The ladder is then placed on a grid of ISMCTS iteration budgets half an octave
apart (1, 2, 3, 4, 6, 8, 11, 16, ...), each preset keeping its exploration
constant and MAST share from [presets.*]. Selection matches survey the strength curve:

- `novice`'s floor is the smallest budget that beats `random` in at least
  NOVICE_VS_RANDOM + SELECTION_MARGIN of its selection games; then that floor
  plays random again with each of BLUNDER_RATES (that share of its moves
  played at random) until one falls below the same line, so that novice can
  sit between the floor and the budget below it (WAR, 2026-11-29: 3 iterations
  beat random 65% of the time, 4 iterations 78%);
- `expert` searches the cap (`max_iterations`, by default what the top preset's
  settings search in `max_move_seconds` on this machine);
- from the top down, below each rung the survey looks for the strongest budget
  that the rung above beats in at least TARGET_MID (70%) of head-to-head games
  (see ArenaResult.head_to_head): candidates an octave apart going down, and if
  the first that reaches 70% is beaten by more than 75%, the half octave above
  it too; never below novice's floor (plus one budget per rung beneath it).

A Bradley–Terry fit of every selection match then rates each budget played
(strength_curve), constrained to the shape of a search's strength: never weaker
with more iterations and, from novice's floor up, gaining less with each further
doubling (shaped_fit); a blunder rate is rated by its match against random alone.
The rungs are placed on that curve (place): expert at the cap, novice at or
above its floor or at the floor with a blunder rate, each step as close to a
70% step as the curve allows, the largest miss smallest.

Why from the top, and why a curve: in both seed games the search saturates
(with uniform rollouts Junta gained little above about 128 iterations and nothing
measurable above 2,048; WAR gains little above a few hundred), while a few
iterations separate random play from a sensible one.
Built from the bottom, the first steps spent the strength there was (Junta's
novice at 4 iterations beat random 89% of the time) and the top rungs found
nothing left to step up to. Built greedily from the top, the same happened in
reverse: steps of 73-78% at the top left Junta's lowest step empty. Placed on the
curve, a wide span gives 70% steps with the slack below novice (a novice that
beats random by more than it must), and a short one is shared evenly. The shape
matters: placed on the unconstrained ratings, single lucky matches decided the
ladder (WAR's expert at 8,192 iterations over a hard at 4,096, after a 62% in 40
games; fresh games gave 37%).

Selection asks for a margin above the bottom of the target (70%, not 65%, for
novice against random and for the survey's steps) because the first budget to cross
a line is often one that got lucky: with 100 games a match's score has a
standard deviation of about 5 points, and a ladder chosen at the bottom of the
band confirmed 4 to 11 points lower on fresh games (WAR, 2026-11-29). Each
selection match plays games in blocks and stops early, after at least
EARLY_STOP_MIN_GAMES games, once its 99% Wilson interval lies wholly outside the
target band (or at its time limit); otherwise it plays its full number of games.

A rung is picked partly for how its match went, so that match flatters it.
Every chosen rung is therefore measured again on fresh games, deals and bot
seeds that no selection saw, against the rung below (novice against random),
and that confirmation is the figure reported and judged against the target.
"""
from __future__ import annotations

import math
import os
import platform
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from partisan.ai import arena, ratings
from partisan.ai.bots import PRESET_ORDER, PRESETS_FILE, load_presets
from partisan.ai.ratings import wilson
from partisan.core.data import load_toml
from partisan.core.errors import OptionError
from partisan.core.game import load_game

TARGET = (0.65, 0.75)
TARGET_MID = 0.70
# Novice must clearly beat random play, the rung below it; it need not by a full step:
# the steps are between presets, and a novice a beginner can beat leaves more of the
# search's span to them (in WAR that span is short). On 200 fresh games 60% puts the
# 95% interval's low end near 53%.
NOVICE_VS_RANDOM = 0.60
SELECTION_MARGIN = 0.05
# Shares of novice's moves played at random, tried at its floor (see calibrate).
BLUNDER_RATES = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
MIN_ITERATIONS = 1
# Stopping a match early looks at the result after every block, so it asks for a
# wider interval than the reported one, and never decides on fewer games than this.
EARLY_STOP_LEVEL = 0.99
EARLY_STOP_MIN_GAMES = 20
# The rollout depths compared (random moves before the heuristic evaluation), and
# the budget they are compared at: where the upper rungs of a ladder search.
DEPTH_CANDIDATES = (10, 20, 40, 80, 160)
DEPTH_ITERATIONS = 1024


@dataclass(frozen=True)
class Measurement:
    """How `candidate` did against `opponent` (head-to-head score, draws half)."""

    candidate: str
    opponent: str
    score: float
    comparisons: int
    low: float
    high: float
    games: int
    candidate_ms: float          # average thinking time per move
    opponent_ms: float
    stopped: str = ""            # why it played fewer games than asked: "decided" or "time"
    fresh: bool = False          # a confirmation on games no selection saw


@dataclass(frozen=True)
class DepthTrial:
    depth: int
    elo: float
    low: float
    high: float
    move_ms: float


@dataclass
class DepthChoice:
    """The rollout depth of every rung, chosen by a round robin or fixed by the user;
    None: the round robin found no clear winner and each rung keeps its own."""

    depth: int | None
    iterations: int = 0
    games: int = 0
    trials: list[DepthTrial] = field(default_factory=list)

    @property
    def measured(self) -> bool:
        return bool(self.trials)


@dataclass
class Rung:
    preset: str
    params: dict
    measurement: Measurement             # the confirmation on fresh games, judged and reported
    on_target: bool
    note: str = ""
    predicted: float = math.nan           # the score the strength curve predicts for that step


@dataclass
class Ladder:
    rungs: list[Rung]
    curve: list[CurvePoint]
    anchored: bool            # the curve is relative to random
    floor: int                # novice's floor (iterations)


@dataclass
class Calibration:
    game: str
    players: int
    options: dict
    games_per_match: int
    max_iterations: int
    match_seconds: float | None = None
    confirm_games: int = 0            # games per confirmation (0: games_per_match)
    depth: DepthChoice | None = None
    rungs: list[Rung] = field(default_factory=list)
    measurements: list[Measurement] = field(default_factory=list)
    curve: list[CurvePoint] = field(default_factory=list)
    anchored: bool = False
    floor: int = 0
    seconds: float = 0.0
    jobs: int = 1
    seed: int = 0
    interrupted: bool = False


def bot_spec(params: dict) -> str:
    mast, blunder = params.get("mast", 0.0), params.get("blunder", 0.0)
    return (f"ismcts:iterations={params['iterations']},uct_c={params['uct_c']},"
            f"rollout_depth={params['rollout_depth']}" + (f",mast={mast}" if mast else "")
            + (f",blunder={blunder}" if blunder else ""))


def base_ladder() -> dict[str, dict]:
    """The game-independent presets that calibration starts from."""
    presets = load_presets(None)
    ladder = {}
    for name in PRESET_ORDER:
        p = presets[name]
        if p.get("kind") != "ismcts":
            raise OptionError(f"preset {name!r} is not an ismcts preset; only those can be calibrated")
        ladder[name] = {"kind": "ismcts", "iterations": int(p["iterations"]),
                        "uct_c": float(p.get("uct_c", 2.0)), "rollout_depth": int(p.get("rollout_depth", 200)),
                        "mast": float(p.get("mast", 0.0))}
    return ladder


def iteration_grid(cap: int) -> list[int]:
    """Budgets half an octave apart (1, 2, 3, 4, 6, 8, 11, 16, ...) up to and including `cap`."""
    grid, k = [], 0
    while True:
        n = int(round(2 ** (k / 2)))
        if n > cap:
            break
        if not grid or n != grid[-1]:
            grid.append(n)
        k += 1
    if grid[-1] != cap:
        grid.append(cap)
    return grid


def check_cap(cap: int, rungs: int = len(PRESET_ORDER)) -> None:
    if len(iteration_grid(cap)) < rungs:
        smallest = next(n for n in range(MIN_ITERATIONS, 1 << 10) if len(iteration_grid(n)) >= rungs)
        raise OptionError(f"a cap of {cap} iterations leaves fewer than {rungs} distinct budgets; "
                          f"give at least {smallest}")


# measure(candidate, opponent or None for random, band to stop early outside, or None; fresh)
Measure = Callable[[dict, dict | None, tuple[float, float] | None, bool], Measurement]


# A selection match stops early once it is clearly below the step line or clearly above the band.
STEP_BAND = (TARGET_MID, TARGET[1])


@dataclass(frozen=True)
class Match:
    """A selection match: `stronger` (iterations, playing `blunder` of its moves at random)
    against `weaker` (iterations, None = random)."""

    stronger: int
    weaker: int | None
    result: Measurement
    blunder: float = 0.0

    @property
    def candidate(self):
        """The stronger side's point on the curve: its budget, or (budget, blunder rate)."""
        return (self.stronger, self.blunder) if self.blunder else self.stronger


@dataclass(frozen=True)
class CurvePoint:
    iterations: int
    elo: float          # relative to random (or to the weakest budget, if random is not connected)
    games: int          # selection games this budget played
    blunder: float = 0.0

    @property
    def key(self) -> tuple[int, float]:
        return self.iterations, self.blunder


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
    elo = dict(zip(names, shaped_fit(wins, budgets, floor, anchored)))
    points = {b: CurvePoint(b, float(elo[b]), games[b]) for b in budgets}
    for b in blunders:
        points[b] = CurvePoint(b[0], float(elo[b]), games[b], b[1])
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
            notes.append(f"{_pct(m.score)} on fresh games, below {_pct(low)} {what}")
        elif m.score > high:
            notes.append(f"{_pct(m.score)} on fresh games, above {_pct(high)} {what}")
        if below is not None:
            predicted = ratings.expected_score(points[r].elo - points[r - 1].elo)
        else:
            predicted = ratings.expected_score(points[r].elo) if anchored else math.nan
        rung = Rung(name, params, m, low <= m.score <= high, "; ".join(notes), predicted)
        rungs.append(rung)
        if on_rung:
            on_rung(rung)
    return Ladder(rungs, curve, anchored, grid[floor])


class ArenaMeasure:
    """Plays calibration matches with the arena runner, in blocks, stopping early when decided."""

    def __init__(self, game: str, players: int, options: dict, games: int, jobs: int, seed: int,
                 match_seconds: float | None = None, on_game: Callable[[], None] | None = None,
                 on_measure: Callable[[Measurement], None] | None = None, confirm_games: int | None = None,
                 data: str | None = None):
        self.game, self.players, self.options, self.data = game, players, options, data
        self.games, self.jobs, self.seed = games, jobs, seed
        self.confirm_games = confirm_games or games
        self.match_seconds = match_seconds
        self.cycle = len(arena.seat_schedule(2, players))
        self.block = max(self.cycle, int(math.ceil(max(10, 2 * jobs) / self.cycle)) * self.cycle)
        self.on_game, self.on_measure = on_game, on_measure
        self.measurements: list[Measurement] = []

    def __call__(self, candidate: dict, opponent: dict | None, band: tuple[float, float] | None,
                 fresh: bool = False) -> Measurement:
        specs = [bot_spec(candidate), "random" if opponent is None else bot_spec(opponent)]
        games: list[arena.GameResult] = []
        stopped = ""
        result = None
        start = time.perf_counter()
        total = self.confirm_games if fresh else self.games
        while len(games) < total:
            n = min(self.block, total - len(games))
            block_seed = arena.derive_seed(self.seed, "confirm" if fresh else "tune", *specs, len(games))
            result = arena.run_arena(self.game, specs, n, self.jobs, block_seed, self.players,
                                     self.options, on_result=lambda r, done: self.on_game and self.on_game(),
                                     data=self.data)
            if result.interrupted:
                raise KeyboardInterrupt
            games.extend(result.results)
            result.results = games
            score, count, _, _ = result.head_to_head(0, 1)
            low, high = wilson(score * count, count, EARLY_STOP_LEVEL)
            decided = band is not None and (high < band[0] or low > band[1])
            if EARLY_STOP_MIN_GAMES <= len(games) < total:
                if decided:
                    stopped = "decided"
                    break
                if self.match_seconds and not fresh and time.perf_counter() - start > self.match_seconds:
                    stopped = "time"
                    break
        score, count, low, high = result.head_to_head(0, 1)
        rows = result.summary()
        m = Measurement(specs[0], specs[1], score, count, low, high, len(games),
                        rows[0].move_ms, rows[1].move_ms, stopped, fresh)
        self.measurements.append(m)
        if self.on_measure:
            self.on_measure(m)
        return m


def choose_rollout_depth(game: str, players: int, options: dict, games: int, jobs: int, seed: int,
                         iterations: int, uct_c: float, mast: float = 0.0,
                         on_game: Callable[[], None] | None = None, data: str | None = None) -> DepthChoice:
    """Round robin of DEPTH_CANDIDATES at `iterations`, over whole rotation cycles of about
    2 x `games` games. The best Bradley–Terry rating (ties: the shorter, faster depth) is chosen
    if its interval lies wholly above the longest depth's, else none is."""
    specs = [bot_spec({"iterations": iterations, "uct_c": uct_c, "rollout_depth": d, "mast": mast})
             for d in DEPTH_CANDIDATES]
    cycle = len(arena.seat_schedule(len(specs), players))
    total = cycle * max(1, math.ceil(2 * games / cycle))
    result = arena.run_arena(game, specs, total, jobs, arena.derive_seed(seed, "depth"), players, options,
                             on_result=lambda r, done: on_game and on_game(), data=data)
    if result.interrupted:
        raise KeyboardInterrupt
    fitted = result.ratings()
    rows = result.summary()
    trials = [DepthTrial(d, float(fitted.elo[i]), float(fitted.low[i]), float(fitted.high[i]), rows[i].move_ms)
              for i, d in enumerate(DEPTH_CANDIDATES)]
    return DepthChoice(settle_depth(trials), iterations, total, trials)


def settle_depth(trials: list[DepthTrial]) -> int | None:
    """The best rated depth (ties: the shorter) if its interval lies wholly above the longest
    depth's, else None (the presets keep their own)."""
    best = max(trials, key=lambda t: (t.elo, -t.depth))
    longest = max(trials, key=lambda t: t.depth)
    return best.depth if best.low > longest.high else None


def iterations_per_second(game: str, players: int, options: dict, params: dict, seed: int = 0,
                          data: str | None = None) -> float:
    """Search speed of `params` at the first few decisions of a game on this machine."""
    from partisan.ai.bots import make_bot
    g = load_game(game, players, data=data, **options)
    state = g.new_initial_state(seed)
    bot = make_bot(bot_spec({**params, "iterations": 2000}), seed=seed, game=game)
    spent, done = 0.0, 0
    while not state.is_terminal() and spent < 1.0:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        start = time.perf_counter()
        action = bot.choose(state)
        spent += time.perf_counter() - start
        done += bot.iterations
        state.apply_action(action)
    return done / spent if spent else float("inf")


def run(game: str, games: int = 60, jobs: int = 1, seed: int = 0, players: int | None = None,
        options: dict | None = None, max_move_seconds: float = 0.25, max_iterations: int | None = None,
        match_seconds: float | None = None, rollout_depth: int | None = None,
        confirm_games: int | None = None, on_game=None, on_measure=None, on_depth=None,
        on_rung=None, data: str | None = None) -> Calibration:
    """Calibrate `game`. The rollout depth is `rollout_depth` if given, else chosen by
    choose_rollout_depth(). The budget cap is `max_iterations` if given (reproducible), else
    what the slowest preset's settings search in `max_move_seconds` on this machine. A
    confirmation plays `confirm_games` games (default: `games`). `data` is a folder of edited
    component data (default: the game's own)."""
    if max_iterations is not None:
        check_cap(int(max_iterations))
    g = load_game(game, players, data=data, **(options or {}))
    opts = dict(g.options)
    ladder = base_ladder()
    cal = Calibration(g.name, g.players, opts, games, 0, jobs=jobs, seed=seed, match_seconds=match_seconds,
                      confirm_games=confirm_games or games)
    start = time.perf_counter()

    def keep(rung):
        cal.rungs.append(rung)      # kept even if a later match is interrupted
        if on_rung:
            on_rung(rung)

    try:
        if rollout_depth is None:
            reference = min(DEPTH_ITERATIONS, max_iterations or DEPTH_ITERATIONS)
            top = ladder[PRESET_ORDER[-1]]
            cal.depth = choose_rollout_depth(g.name, g.players, opts, games, jobs, seed, reference,
                                             top["uct_c"], top["mast"], on_game, data)
        else:
            cal.depth = DepthChoice(int(rollout_depth))
        if on_depth:
            on_depth(cal.depth)
        if cal.depth.depth is not None:
            for params in ladder.values():
                params["rollout_depth"] = cal.depth.depth
        if max_iterations is None:
            speed = iterations_per_second(g.name, g.players, opts, ladder[PRESET_ORDER[-1]], seed, data)
            max_iterations = int(speed * max_move_seconds)
        cal.max_iterations = cap = max(MIN_ITERATIONS, int(max_iterations))
        measure = ArenaMeasure(g.name, g.players, opts, games, jobs, seed, match_seconds, on_game, on_measure,
                               cal.confirm_games, data)
        cal.measurements = measure.measurements
        placed = calibrate(measure, ladder, cap, keep)
        cal.curve, cal.anchored, cal.floor = placed.curve, placed.anchored, placed.floor
    except KeyboardInterrupt:
        cal.interrupted = True
    cal.seconds = time.perf_counter() - start
    return cal


# ---- writing the results -------------------------------------------------

GAMES_MARKER = "# ---- calibrated per game by `partisan tune GAME` (generated below; edit with care) ----"


def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_presets(calibration: Calibration, path: Path = PRESETS_FILE) -> None:
    """Store the calibrated rungs under [games.<game>.<preset>], marked `measured`."""
    path = Path(path)
    data = load_toml(path)
    games = data.get("games", {})
    games[calibration.game] = {r.preset: {**r.params, "measured": True}
                               for r in calibration.rungs}
    text = path.read_text(encoding="utf-8")
    head = text.split(GAMES_MARKER)[0]
    cut = head.find("\n[games.")
    head = (head if cut < 0 else head[:cut + 1]).rstrip() + "\n\n"
    blocks = [GAMES_MARKER]
    for name in sorted(games):
        for preset in sorted(games[name], key=lambda p: (PRESET_ORDER + (p,)).index(p)):
            values = games[name][preset]
            blocks.append(f"\n[games.{name}.{preset}]")
            blocks.extend(f"{k} = {_toml_value(v)}" for k, v in values.items())
    _atomic_write(path, head + "\n".join(blocks) + "\n")


def _atomic_write(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


_STOPS = {"": "no", "decided": "yes: outside the band", "time": "yes: time limit"}


def _pct(x: float) -> str:
    return "–" if math.isnan(x) else f"{100 * x:.0f}%"


def _non_default(cal: Calibration) -> dict:
    info = load_game(cal.game).info
    return {k: v for k, v in cal.options.items() if v != info.option(k).default}


def _options_text(cal: Calibration) -> str:
    changed = _non_default(cal)
    return "default options" if not changed else ", ".join(f"{k}={v}" for k, v in changed.items())


def command_line(cal: Calibration) -> str:
    opts = "".join(f" --option {k}={v}" for k, v in _non_default(cal).items())
    return (f"partisan tune {cal.game} --players {cal.players} --games {cal.games_per_match} "
            f"--jobs {cal.jobs} --seed {cal.seed} --max-iterations {cal.max_iterations}"
            + (f" --match-minutes {cal.match_seconds / 60:g}" if cal.match_seconds else "")
            + (f" --confirm-games {cal.confirm_games}"
               if cal.confirm_games and cal.confirm_games != cal.games_per_match else "")
            + (f" --rollout-depth {cal.depth.depth}" if cal.depth and not cal.depth.measured else "") + opts)


def _depth_lines(cal: Calibration) -> list[str]:
    d = cal.depth
    if d is None:
        return []
    if not d.measured:
        return [f"Every rung uses rollout depth {d.depth}, fixed by `--rollout-depth`.", ""]
    longest = max(t.depth for t in d.trials)
    verdict = (f"Every rung uses rollout depth {d.depth}, the best rated, whose interval lies wholly "
               f"above that of the longest depth ({longest})" if d.depth is not None else
               f"No depth was clearly better than the longest ({longest}), so every rung keeps its "
               "preset's own depth, which grows with the rung")
    lines = [f"Rollout depth: a round robin of {len(d.trials)} depths at {d.iterations} iterations, "
             f"{d.games} games with seats rotated (Bradley–Terry Elo, centred on the field's mean, with "
             f"95% intervals). {verdict}. The depth is the number of random moves a playout makes "
             "before the game's heuristic evaluation scores it.", "",
             "| rollout depth | Elo | 95% interval | time per move | chosen |", "|---:|---:|---|---:|---|"]
    for t in d.trials:
        lines.append(f"| {t.depth} | {t.elo:+.0f} | {t.low:+.0f}…{t.high:+.0f} | {t.move_ms:.1f} ms | "
                     + ("yes" if t.depth == d.depth else "") + " |")
    return lines + [""]


def _curve_lines(cal: Calibration) -> list[str]:
    if not cal.curve:
        return []
    base = "random" if cal.anchored else f"{cal.curve[0].iterations} iterations"
    chosen = {(r.params["iterations"], r.params.get("blunder", 0.0)): r.preset for r in cal.rungs}
    blunders = (" A budget with a blunder rate is novice's floor playing that share of its moves at "
                "random, rated by its match against random alone." if any(p.blunder for p in cal.curve) else "")
    lines = [f"Strength curve: Elo of every budget the selection matches played, relative to {base} "
             f"(novice's floor: {cal.floor} iterations), fitted to all of them at once under the shape "
             "above, so a point can differ from what its own matches alone say. A budget pools the presets' "
             f"rollout depths it was played with.{blunders}", "",
             "| iterations | Elo | selection games | preset |", "|---:|---:|---:|---|"]
    for p in cal.curve:
        preset = f"`{chosen[p.key]}`" if p.key in chosen else ""
        lines.append(f"| {_budget(p.iterations, p.blunder)} | {p.elo:+.0f} | {p.games} | {preset} |")
    return lines + [""]


def _budget(iterations: int, blunder: float = 0.0) -> str:
    return f"{iterations}, blunder {blunder:g}" if blunder else str(iterations)


def _verdict(r: Rung) -> str:
    if r.on_target:
        return "yes" + (f" ({r.note})" if r.note else "")
    return f"no: {r.note}"


def report(cal: Calibration) -> str:
    """docs/difficulty/GAME.md: the ladder, every match played, and how to reproduce it."""
    title = load_game(cal.game).info.title
    lines = [f"# Difficulty ladder: {title}", "",
             f"Calibrated by `partisan tune` on {time.strftime('%Y-%m-%d', time.gmtime())} for "
             f"{cal.players} players ({_options_text(cal)})"
             + f", in {cal.seconds / 60:.0f} minutes on one machine ({_machine()}, {cal.jobs} worker"
             + ("s" if cal.jobs != 1 else "") + ").", "",
             f"Target: each preset beats the one below in {_pct(TARGET[0])}–{_pct(TARGET[1])} of "
             f"head-to-head games (draws count half), and `novice` clearly beats `random`, the rung below "
             f"it: in at least {_pct(NOVICE_VS_RANDOM)}. Budgets lie half an octave apart, `expert` at the "
             "cap. Selection matches first survey the strength of the search: `novice`'s floor, the smallest "
             f"budget scoring {_pct(NOVICE_VS_RANDOM + SELECTION_MARGIN)} against random, and that floor "
             "playing a growing share of its moves at random (its blunder rate) for as long as it still "
             f"does; then from the top down the strongest budget each rung beats in {_pct(TARGET_MID)} of "
             "games. A Bradley–Terry fit of every selection match, constrained never to fall as the budget "
             "grows and, from the floor up, to gain less with each further doubling, gives the strength "
             f"curve below; the rungs are placed on it so that every step is as close to {_pct(TARGET_MID)} "
             "as the curve allows (the largest miss is smallest), none below the floor, and only `novice` "
             "with a blunder rate. Each rung is then measured again on fresh games (deals and "
             "bot seeds no selection match saw) against the rung below, and that confirmation is the win "
             "rate shown and judged. Intervals are 95% Wilson intervals; *games* is the number actually "
             f"played for that figure (a selection match stops early, after at least {EARLY_STOP_MIN_GAMES} "
             "games, once its 99% interval lies wholly below the line it must reach or above the band, or "
             "at the time limit; a confirmation plays all its games). "
             "Time per move is the average thinking time of that preset in its confirmation on this machine."
             + (f" Budgets were capped at {cal.max_iterations} iterations." if cal.max_iterations else ""), ""]
    if cal.interrupted:
        lines += ["**The calibration was interrupted; only the rungs below were measured.**", ""]
    lines += _depth_lines(cal)
    lines += _curve_lines(cal)
    lines += ["| preset | iterations | rollout depth | against | win rate | 95% interval | games "
              "| predicted | time per move | on target |",
              "|---|---:|---:|---|---:|---|---:|---:|---:|---|"]
    below = "random"
    for r in cal.rungs:
        m, picked = r.measurement, _pct(r.predicted)
        lines.append(f"| `{r.preset}` | {_budget(r.params['iterations'], r.params.get('blunder', 0.0))} | "
                     f"{r.params['rollout_depth']} | {below} | "
                     f"{_pct(m.score)} | {_pct(m.low)}–{_pct(m.high)} | {m.games} | {picked} | "
                     f"{m.candidate_ms:.1f} ms | " + _verdict(r) + " |")
        below = f"`{r.preset}`"
    lines += ["", "Every rung uses `uct_c` = " + ", ".join(sorted({str(r.params['uct_c']) for r in cal.rungs}))
              + " and `mast` = " + ", ".join(sorted({str(r.params.get('mast', 0.0)) for r in cal.rungs}))
              + " (see docs/bots.md). *Predicted* is the score the strength curve gives "
              "for that step before it was confirmed; `partisan arena` re-measures any pair, e.g. "
              f"`partisan arena {cal.game} --bots hard,normal --games 200`.", "",
              "## Every match played", "",
              "| candidate | against | match | win rate | 95% interval | games | stopped early |",
              "|---|---|---|---:|---|---:|---|"]
    for m in cal.measurements:
        lines.append(f"| `{m.candidate}` | `{m.opponent}` | {'confirmation' if m.fresh else 'selection'} | "
                     f"{_pct(m.score)} | {_pct(m.low)}–{_pct(m.high)} | {m.games} | {_STOPS[m.stopped]} |")
    lines += ["", "## Reproduce", "", "```", command_line(cal), "```", "",
              "Runs are deterministic for a seed (whatever --jobs); times per move depend on the machine"
              + (", and so does where a match hits its time limit." if cal.match_seconds else "."), ""]
    return "\n".join(lines)


def write_report(cal: Calibration, folder: Path) -> Path:
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{cal.game}.md"
    _atomic_write(path, report(cal))
    return path
