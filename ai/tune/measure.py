"""Playing the calibration's matches with the arena runner: selection and confirmation matches,
the rollout depths' round robin, and the search's speed."""
from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import Callable

from partisan.ai import arena
from partisan.ai.bots import make_bot
from partisan.ai.ratings import wilson
from partisan.ai.runner import LocalRunner, Runner, WorkersLost
from partisan.ai.tune.model import (DEPTH_CANDIDATES, EARLY_STOP_LEVEL, EARLY_STOP_MIN_GAMES, DepthChoice,
                                    DepthTrial, Measurement, bot_spec)
from partisan.core.game import load_game


def _finished(result: arena.ArenaResult) -> arena.ArenaResult:
    """`result`, or the interruption that stopped it raised again: a calibration stops whole."""
    if result.lost:
        raise WorkersLost(result.lost)
    if result.interrupted:
        raise KeyboardInterrupt
    return result


class ArenaMeasure:
    """Plays calibration matches with the arena runner, stopping early when decided.

    A match is judged after each block of about 10 games (whole rotation cycles), each block
    dealt from its own seed, so the games played and where a match stops are the same whatever
    the runner and its number of workers (a time limit aside); a runner with many workers plays
    several blocks at once and keeps those up to the block where the match stopped."""

    def __init__(self, game: str, players: int, options: dict, games: int, jobs: int, seed: int,
                 match_seconds: float | None = None, on_game: Callable[[], None] | None = None,
                 on_measure: Callable[[Measurement], None] | None = None, confirm_games: int | None = None,
                 data: str | None = None, runner: Runner | None = None):
        self.game, self.players, self.options, self.data = game, players, options, data
        self.games, self.seed = games, seed
        self.runner = runner or LocalRunner(jobs)
        self.confirm_games = confirm_games or games
        self.match_seconds = match_seconds
        self.cycle = len(arena.seat_schedule(2, players))
        self.block = max(self.cycle, int(math.ceil(10 / self.cycle)) * self.cycle)
        self.round = self.block * int(math.ceil(2 * self.runner.workers / self.block))
        self.on_game, self.on_measure = on_game, on_measure
        self.measurements: list[Measurement] = []

    def _play_round(self, specs: list[str], kind: str, start: int, total: int) -> list[list[arena.GameResult]]:
        """The blocks from game `start` that one round plays (up to `total` games), each block's
        games in order."""
        starts = range(start, min(total, start + self.round), self.block)
        tasks = []
        for s in starts:
            block_seed = arena.derive_seed(self.seed, kind, *specs, s)
            tasks += [replace(t, index=s + t.index)
                      for t in arena.plan(self.game, specs, min(self.block, total - s), block_seed,
                                          self.players, self.options, self.data)]
        result = _finished(arena.play(tasks, self.runner, arena.empty_result(tasks, specs, self.seed),
                                      lambda r, done: self.on_game and self.on_game()))
        return [[r for r in result.results if s <= r.index < s + self.block] for s in starts]

    def __call__(self, candidate: dict, opponent: dict | None, band: tuple[float, float] | None,
                 fresh: bool = False) -> Measurement:
        specs = [bot_spec(candidate), "random" if opponent is None else bot_spec(opponent)]
        total = self.confirm_games if fresh else self.games
        result = arena.ArenaResult(self.game, self.players, dict(self.options), self.seed,
                                   arena.bot_labels(specs), total, self.cycle)
        games = result.results
        stopped = ""
        start = time.perf_counter()
        while len(games) < total and not stopped:
            for block in self._play_round(specs, "confirm" if fresh else "tune", len(games), total):
                games.extend(block)
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
                         on_game: Callable[[], None] | None = None, data: str | None = None,
                         runner: Runner | None = None, knowledge: dict | None = None) -> DepthChoice:
    """Round robin of DEPTH_CANDIDATES at `iterations` (with the rungs' `knowledge`), over whole rotation cycles of about
    2 x `games` games. The best Bradley–Terry rating (ties: the shorter, faster depth) is chosen
    if its interval lies wholly above the longest depth's, else none is."""
    specs = [bot_spec({"iterations": iterations, "uct_c": uct_c, "rollout_depth": d, "mast": mast,
                       **(knowledge or {})}) for d in DEPTH_CANDIDATES]
    cycle = len(arena.seat_schedule(len(specs), players))
    total = cycle * max(1, math.ceil(2 * games / cycle))
    result = _finished(arena.run_arena(game, specs, total, jobs, arena.derive_seed(seed, "depth"), players,
                                       options, on_result=lambda r, done: on_game and on_game(), data=data,
                                       runner=runner))
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
