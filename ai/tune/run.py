"""What `partisan tune` calls: one game's whole calibration, and storing its presets."""
from __future__ import annotations

import time
from contextlib import nullcontext
from pathlib import Path

from partisan.ai.bots import PRESET_ORDER
from partisan.ai.presets import user_presets_file, write_game_presets
from partisan.ai.runner import Runner, WorkersLost, open_runner
from partisan.ai.tune.measure import ArenaMeasure, choose_rollout_depth, iterations_per_second
from partisan.ai.tune.model import (DEPTH_ITERATIONS, MIN_ITERATIONS, Calibration, DepthChoice, base_ladder,
                                    check_cap, check_knowledge)
from partisan.ai.tune.survey import calibrate
from partisan.core.game import load_game


def run(game: str, games: int = 60, jobs: int | None = 1, seed: int = 0, players: int | None = None,
        options: dict | None = None, max_move_seconds: float = 0.25, max_iterations: int | None = None,
        match_seconds: float | None = None, rollout_depth: int | None = None,
        confirm_games: int | None = None, on_game=None, on_measure=None, on_depth=None,
        on_rung=None, data: str | None = None, backend: str = "local",
        runner: Runner | None = None, knowledge: dict | None = None) -> Calibration:
    """Calibrate `game`, its matches played on `runner`, else on a runner of `backend` (local
    processes or a Ray cluster) with `jobs` workers (None: every core, or every CPU of the
    cluster) opened for it; the result is the same whatever the backend and the workers. The
    rollout depth is `rollout_depth` if given, else chosen by choose_rollout_depth(). The budget
    cap is `max_iterations` if given (reproducible), else what the slowest preset's settings
    search in `max_move_seconds` on the machine running this (not a cluster's workers). A
    confirmation plays `confirm_games` games (default: `games`). `data` is a folder of edited
    component data (default: the game's own). `knowledge` (prior, guide, read, lead, widen) is
    given to every rung and to the depth round robin: the game's move prior as head-to-head
    matches settled it."""
    if max_iterations is not None:
        check_cap(int(max_iterations))
    g = load_game(game, players, data=data, **(options or {}))
    opts = dict(g.options)
    ladder = base_ladder()
    knowledge = check_knowledge(knowledge or {})
    for params in ladder.values():
        params.update(knowledge)
    with nullcontext(runner) if runner else open_runner(backend, jobs) as runner:
        cal = Calibration(g.name, g.players, opts, games, 0, jobs=runner.workers, backend=runner.backend,
                          seed=seed, match_seconds=match_seconds, confirm_games=confirm_games or games,
                          knowledge=knowledge)
        start = time.perf_counter()

        def keep(rung):
            cal.rungs.append(rung)      # kept even if a later match is interrupted
            if on_rung:
                on_rung(rung)

        try:
            if rollout_depth is None:
                reference = min(DEPTH_ITERATIONS, max_iterations or DEPTH_ITERATIONS)
                top = ladder[PRESET_ORDER[-1]]
                cal.depth = choose_rollout_depth(g.name, g.players, opts, games, runner.workers, seed, reference,
                                                 top["uct_c"], top["mast"], on_game, data, runner, knowledge)
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
            measure = ArenaMeasure(g.name, g.players, opts, games, runner.workers, seed, match_seconds, on_game,
                                   on_measure, cal.confirm_games, data, runner)
            cal.measurements = measure.measurements
            placed = calibrate(measure, ladder, cap, keep)
            cal.curve, cal.anchored, cal.floor = placed.curve, placed.anchored, placed.floor
        except KeyboardInterrupt:
            cal.interrupted = True
        except WorkersLost as exc:
            cal.interrupted, cal.lost = True, str(exc)
    cal.seconds = time.perf_counter() - start
    return cal


def write_presets(calibration: Calibration, path: Path | None = None) -> Path:
    """Store the calibrated rungs under [games.<game>.<preset>], marked `measured`, in `path`
    (default: the user's presets file, never the installed package's); returns the path."""
    path = Path(path) if path is not None else user_presets_file()
    write_game_presets(path, calibration.game,
                       {r.preset: {**r.params, "measured": True} for r in calibration.rungs}, PRESET_ORDER)
    return path
