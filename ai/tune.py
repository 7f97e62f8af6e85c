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

The ladder is then built bottom up on a geometric grid of ISMCTS iteration
budgets (powers of two), each preset keeping its exploration constant from
[presets.*]:

- `novice` is the smallest budget that beats `random` in at least
  NOVICE_VS_RANDOM + SELECTION_MARGIN of its selection games;
- every next preset is searched upwards from twice the budget below it until it
  scores at least TARGET_MID (70%) head to head against the preset below (see
  ArenaResult.head_to_head); if the first budget that does so overshoots 75%,
  the geometric midpoint of the last two budgets is tried as well, and the
  budget measured closest to 70% is kept.

Selection asks for a margin above the bottom of the target (80% against random,
70% against the rung below, not 75% and 65%) because the first budget to cross
a line is often one that got lucky: with 100 games a match's score has a
standard deviation of about 5 points, and a ladder chosen at the bottom of the
band confirmed 4 to 11 points lower on fresh games (WAR, 2026-11-29).

Budgets are capped (`max_iterations`, by default what the top preset's settings
search in `max_move_seconds` on this machine), and each rung leaves room under
the cap for a SATURATED_STEP (4x) per rung above it. A rung whose search
saturates, no budget within its room reaching 70%, takes 4x the budget below,
so that every preset is still stronger than the one below by a measured, if
smaller, margin; the report marks it below target. Each measurement plays
games in blocks and stops early, after at least EARLY_STOP_MIN_GAMES games, once its 99% Wilson interval lies wholly outside
the target band; otherwise it plays its full number of games.

A rung is picked partly for how its match went, so that match flatters it (the
first budget to cross 65% is often one that got lucky). Every chosen rung is
therefore measured again on fresh games, deals and bot seeds that no selection
saw, and that confirmation is the figure reported and judged against the target.
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

from partisan.ai import arena
from partisan.ai.bots import PRESET_ORDER, PRESETS_FILE, load_presets
from partisan.ai.ratings import wilson
from partisan.core.data import load_toml
from partisan.core.errors import OptionError
from partisan.core.game import load_game

TARGET = (0.65, 0.75)
TARGET_MID = 0.70
NOVICE_VS_RANDOM = 0.75
SELECTION_MARGIN = 0.05
# Where the search stops gaining, a rung takes this factor over the one below (still a measured,
# if smaller, step), and every rung leaves room under the cap for this factor per rung above it.
SATURATED_STEP = 4
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
    measurement: Measurement | None      # the confirmation on fresh games, judged and reported
    on_target: bool
    note: str = ""
    selection: Measurement | None = None  # the match that chose the budget


@dataclass
class Calibration:
    game: str
    players: int
    options: dict
    games_per_match: int
    max_iterations: int
    match_seconds: float | None = None
    depth: DepthChoice | None = None
    rungs: list[Rung] = field(default_factory=list)
    measurements: list[Measurement] = field(default_factory=list)
    seconds: float = 0.0
    jobs: int = 1
    seed: int = 0
    interrupted: bool = False


def bot_spec(params: dict) -> str:
    return (f"ismcts:iterations={params['iterations']},uct_c={params['uct_c']},"
            f"rollout_depth={params['rollout_depth']}")


def base_ladder() -> dict[str, dict]:
    """The game-independent presets that calibration starts from."""
    presets = load_presets(None)
    ladder = {}
    for name in PRESET_ORDER:
        p = presets[name]
        if p.get("kind") != "ismcts":
            raise OptionError(f"preset {name!r} is not an ismcts preset; only those can be calibrated")
        ladder[name] = {"kind": "ismcts", "iterations": int(p["iterations"]),
                        "uct_c": float(p.get("uct_c", 2.0)), "rollout_depth": int(p.get("rollout_depth", 200))}
    return ladder


def iteration_grid(cap: int) -> list[int]:
    grid, n = [], MIN_ITERATIONS
    while n <= cap:
        grid.append(n)
        n *= 2
    return grid


# measure(candidate, opponent or None for random, band to stop early outside, or None; fresh)
Measure = Callable[[dict, dict | None, tuple[float, float] | None, bool], Measurement]


# A selection match stops early once it is clearly below the step line or clearly above the band.
STEP_BAND = (TARGET_MID, TARGET[1])


def _closest(tried: list[tuple[dict, Measurement]]) -> tuple[dict, Measurement]:
    """The budget measured closest to 70%, preferring those that reached it."""
    reached = [t for t in tried if TARGET_MID <= t[1].score]
    pool = reached or tried
    return min(pool, key=lambda t: (abs(t[1].score - TARGET_MID), t[0]["iterations"]))


def calibrate(measure: Measure, ladder: dict[str, dict], cap: int,
              on_rung: Callable[[Rung], None] | None = None) -> list[Rung]:
    """Choose each preset's iteration budget; `measure(candidate, opponent, band, fresh)` plays a
    match (opponent None = random), may stop early once its interval is outside `band`, and with
    `fresh` plays games that no selection match played. Each chosen rung is confirmed on fresh
    games and judged by that confirmation."""
    grid = iteration_grid(cap)
    rungs: list[Rung] = []
    names = list(ladder)

    def emit(rung):
        rungs.append(rung)
        if on_rung:
            on_rung(rung)

    def confirmed(name, params, chosen, opponent, low, high, what):
        m = measure(params, opponent, None, True)
        ok = low <= m.score <= high
        note = ""
        if m.score < low:
            note = f"{_pct(m.score)} on fresh games, below {_pct(low)} {what}"
        elif m.score > high:
            note = f"{_pct(m.score)} on fresh games, above {_pct(high)} {what}"
        return Rung(name, params, m, ok, note, chosen)

    def room(i):
        """The largest budget rung i may take and still leave a SATURATED_STEP for each rung above."""
        return max(MIN_ITERATIONS, cap // SATURATED_STEP ** (len(names) - 1 - i))

    # novice: the smallest budget that clearly beats random
    novice = None
    need = NOVICE_VS_RANDOM + SELECTION_MARGIN
    for n in grid:
        if n > room(0) and novice is not None:
            break
        params = {**ladder[names[0]], "iterations": n}
        m = measure(params, None, (need, need), False)
        novice = (params, m)
        if m.score >= need:
            break
    rung = confirmed(names[0], *novice, None, NOVICE_VS_RANDOM, 1.0, "against random")
    if novice[1].score < need:
        rung.note = (f"no budget up to {novice[0]['iterations']} iterations beat random {need:.0%} of the "
                     "time in selection" + (f"; {rung.note}" if rung.note else ""))
    emit(rung)

    for i, name in enumerate(names[1:], 1):
        below = rungs[-1].params
        base = {**ladder[name], "iterations": below["iterations"]}
        tried: list[tuple[dict, Measurement]] = []
        last_low = below["iterations"]
        n = below["iterations"] * 2
        while n <= room(i):
            params = {**base, "iterations": n}
            m = measure(params, below, STEP_BAND, False)
            tried.append((params, m))
            if m.score >= TARGET_MID:
                mid = int(round(math.sqrt(last_low * n)))
                if m.score > TARGET[1] and last_low < mid < n:
                    params = {**base, "iterations": mid}
                    tried.append((params, measure(params, below, STEP_BAND, False)))
                break
            last_low = n
            n *= 2
        if not tried:
            emit(Rung(name, dict(rungs[-1].params), None, False,
                      f"no room to double the rung below under the cap of {cap} iterations"))
            continue
        params, m = _closest(tried)
        if m.score < TARGET_MID:
            # The search saturates: take a fixed step up so the preset is still the stronger one.
            n = min(room(i), below["iterations"] * SATURATED_STEP)
            params = {**base, "iterations": n}
            chosen = next((t[1] for t in tried if t[0]["iterations"] == n), None)
            rung = confirmed(name, params, chosen, below, *TARGET, f"against {rungs[-1].preset}")
            rung.note = (f"no budget up to {room(i)} iterations reached {TARGET_MID:.0%} in selection, so "
                         f"{SATURATED_STEP}x the rung below" + (f"; {rung.note}" if rung.note else ""))
            emit(rung)
            continue
        rung = confirmed(name, params, m, below, *TARGET, f"against {rungs[-1].preset}")
        if m.score > TARGET[1] and rung.measurement.score > TARGET[1]:
            rung.note = f"the smallest step on the grid already exceeds {TARGET[1]:.0%}"
        emit(rung)
    return rungs


class ArenaMeasure:
    """Plays calibration matches with the arena runner, in blocks, stopping early when decided."""

    def __init__(self, game: str, players: int, options: dict, games: int, jobs: int, seed: int,
                 match_seconds: float | None = None, on_game: Callable[[], None] | None = None,
                 on_measure: Callable[[Measurement], None] | None = None):
        self.game, self.players, self.options = game, players, options
        self.games, self.jobs, self.seed = games, jobs, seed
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
        while len(games) < self.games:
            n = min(self.block, self.games - len(games))
            block_seed = arena.derive_seed(self.seed, "confirm" if fresh else "tune", *specs, len(games))
            result = arena.run_arena(self.game, specs, n, self.jobs, block_seed, self.players,
                                     self.options, on_result=lambda r, done: self.on_game and self.on_game())
            if result.interrupted:
                raise KeyboardInterrupt
            games.extend(result.results)
            result.results = games
            score, count, _, _ = result.head_to_head(0, 1)
            low, high = wilson(score * count, count, EARLY_STOP_LEVEL)
            decided = band is not None and (high < band[0] or low > band[1])
            if EARLY_STOP_MIN_GAMES <= len(games) < self.games:
                if decided:
                    stopped = "decided"
                    break
                if self.match_seconds and time.perf_counter() - start > self.match_seconds:
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
                         iterations: int, uct_c: float, on_game: Callable[[], None] | None = None
                         ) -> DepthChoice:
    """Round robin of DEPTH_CANDIDATES at `iterations`, over whole rotation cycles of about
    2 x `games` games. The best Bradley–Terry rating (ties: the shorter, faster depth) is chosen
    if its interval lies wholly above the longest depth's, else none is."""
    specs = [bot_spec({"iterations": iterations, "uct_c": uct_c, "rollout_depth": d})
             for d in DEPTH_CANDIDATES]
    cycle = len(arena.seat_schedule(len(specs), players))
    total = cycle * max(1, math.ceil(2 * games / cycle))
    result = arena.run_arena(game, specs, total, jobs, arena.derive_seed(seed, "depth"), players, options,
                             on_result=lambda r, done: on_game and on_game())
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


def iterations_per_second(game: str, players: int, options: dict, params: dict, seed: int = 0) -> float:
    """Search speed of `params` at the first few decisions of a game on this machine."""
    from partisan.ai.bots import make_bot
    g = load_game(game, players, **options)
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
        on_game=None, on_measure=None, on_depth=None, on_rung=None) -> Calibration:
    """Calibrate `game`. The rollout depth is `rollout_depth` if given, else chosen by
    choose_rollout_depth(). The budget cap is `max_iterations` if given (reproducible), else
    what the slowest preset's settings search in `max_move_seconds` on this machine."""
    g = load_game(game, players, **(options or {}))
    opts = dict(g.options)
    ladder = base_ladder()
    cal = Calibration(g.name, g.players, opts, games, 0, jobs=jobs, seed=seed, match_seconds=match_seconds)
    start = time.perf_counter()

    def keep(rung):
        cal.rungs.append(rung)      # kept even if a later match is interrupted
        if on_rung:
            on_rung(rung)

    try:
        if rollout_depth is None:
            reference = min(DEPTH_ITERATIONS, max_iterations or DEPTH_ITERATIONS)
            cal.depth = choose_rollout_depth(g.name, g.players, opts, games, jobs, seed, reference,
                                             ladder[PRESET_ORDER[-1]]["uct_c"], on_game)
        else:
            cal.depth = DepthChoice(int(rollout_depth))
        if on_depth:
            on_depth(cal.depth)
        if cal.depth.depth is not None:
            for params in ladder.values():
                params["rollout_depth"] = cal.depth.depth
        if max_iterations is None:
            speed = iterations_per_second(g.name, g.players, opts, ladder[PRESET_ORDER[-1]], seed)
            max_iterations = int(speed * max_move_seconds)
        cal.max_iterations = cap = max(MIN_ITERATIONS, int(max_iterations))
        measure = ArenaMeasure(g.name, g.players, opts, games, jobs, seed, match_seconds, on_game, on_measure)
        cal.measurements = measure.measurements
        calibrate(measure, ladder, cap, keep)
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
    """Store the calibrated rungs under [games.<game>.<preset>]; `measured` says whether the
    rung's own match was played (a rung that only repeats the one below was not)."""
    path = Path(path)
    data = load_toml(path)
    games = data.get("games", {})
    games[calibration.game] = {r.preset: {**r.params, "measured": r.measurement is not None}
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


def report(cal: Calibration) -> str:
    """docs/difficulty/GAME.md: the ladder, every match played, and how to reproduce it."""
    title = load_game(cal.game).info.title
    lines = [f"# Difficulty ladder: {title}", "",
             f"Calibrated by `partisan tune` on {time.strftime('%Y-%m-%d', time.gmtime())} for "
             f"{cal.players} players ({_options_text(cal)})"
             + f", in {cal.seconds / 60:.0f} minutes on one machine ({_machine()}, {cal.jobs} worker"
             + ("s" if cal.jobs != 1 else "") + ").", "",
             f"Target: each preset beats the one below in {_pct(TARGET[0])}–{_pct(TARGET[1])} of "
             f"head-to-head games (draws count half), and `novice` beats `random` in at least "
             f"{_pct(NOVICE_VS_RANDOM)}. A rung's budget is chosen by selection matches, with a margin "
             f"(the smallest budget scoring {_pct(NOVICE_VS_RANDOM + SELECTION_MARGIN)} against random, "
             f"then {_pct(TARGET_MID)} against the rung below); the rung is then measured again on fresh "
             "games (deals and bot seeds no selection match saw), and that confirmation is the win rate "
             "shown and judged, because the match that picked a budget flatters it. Intervals are 95% "
             "Wilson intervals; *games* is the number actually played for that figure (a selection match "
             f"stops early, after at least {EARLY_STOP_MIN_GAMES} games, once its 99% interval lies wholly "
             "below the line it must reach or above the band). Time per move is the "
             "average thinking time of that preset in its confirmation on this machine."
             + (f" Budgets were capped at {cal.max_iterations} iterations." if cal.max_iterations else ""), ""]
    if cal.interrupted:
        lines += ["**The calibration was interrupted; only the rungs below were measured.**", ""]
    lines += _depth_lines(cal)
    lines += ["| preset | iterations | rollout depth | against | win rate | 95% interval | games "
              "| in selection | time per move | on target |",
              "|---|---:|---:|---|---:|---|---:|---:|---:|---|"]
    below = "random"
    for r in cal.rungs:
        m, chosen = r.measurement, r.selection
        picked = f"{_pct(chosen.score)} ({chosen.games})" if chosen else "–"
        if m is None:
            lines.append(f"| `{r.preset}` | {r.params['iterations']} | {r.params['rollout_depth']} | {below} "
                         f"| – | – | 0 | {picked} | – | no: {r.note} |")
        else:
            lines.append(f"| `{r.preset}` | {r.params['iterations']} | {r.params['rollout_depth']} | {below} | "
                         f"{_pct(m.score)} | {_pct(m.low)}–{_pct(m.high)} | {m.games} | {picked} | "
                         f"{m.candidate_ms:.1f} ms | " + ("yes" if r.on_target else f"no: {r.note}") + " |")
        below = f"`{r.preset}`"
    lines += ["", "Every rung uses `uct_c` = " + ", ".join(sorted({str(r.params['uct_c']) for r in cal.rungs}))
              + " (see docs/bots.md). *In selection* is the rung's score in the match that chose its "
              "budget (games in brackets); `partisan arena` re-measures any pair, e.g. "
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
