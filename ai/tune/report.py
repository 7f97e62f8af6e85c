"""docs/difficulty/GAME.md: the report of a calibration, and how to reproduce it."""
from __future__ import annotations

import os
import platform
import time
from pathlib import Path

from partisan.ai.plots import strength_curve_svg
from partisan.core.record import write_atomic
from partisan.ai.tune.model import (EARLY_STOP_MIN_GAMES, NOVICE_VS_RANDOM, SELECTION_MARGIN, TARGET,
                                    TARGET_MID, Calibration, Rung, pct)
from partisan.core.game import load_game


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


def _where(cal: Calibration) -> str:
    workers = f"{cal.jobs} worker" + ("s" if cal.jobs != 1 else "")
    if cal.backend == "ray":
        return f"on a Ray cluster ({workers}, driven from {_machine()})"
    return f"on one machine ({_machine()}, {workers})"


_STOPS = {"": "no", "decided": "yes: outside the band", "time": "yes: time limit"}


def _non_default(cal: Calibration) -> dict:
    info = load_game(cal.game).info
    return {k: v for k, v in cal.options.items() if v != info.option(k).default}


def _options_text(cal: Calibration) -> str:
    changed = _non_default(cal)
    return "default options" if not changed else ", ".join(f"{k}={v}" for k, v in changed.items())


def command_line(cal: Calibration) -> str:
    opts = "".join(f" --option {k}={v}" for k, v in _non_default(cal).items())
    return (f"partisan tune {cal.game} --players {cal.players} --games {cal.games_per_match} "
            f"--seed {cal.seed} --max-iterations {cal.max_iterations}"
            + (f" --match-minutes {cal.match_seconds / 60:g}" if cal.match_seconds else "")
            + (f" --confirm-games {cal.confirm_games}"
               if cal.confirm_games and cal.confirm_games != cal.games_per_match else "")
            + (f" --rollout-depth {cal.depth.depth}" if cal.depth and not cal.depth.measured else "")
            + "".join(f" --knowledge {k}={v:g}" for k, v in cal.knowledge.items()) + opts)


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
    chosen = presets_on_curve(cal)
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


def report(cal: Calibration, picture: str | None = None) -> str:
    """docs/difficulty/GAME.md: the ladder, every match played, and how to reproduce it;
    `picture` names the strength curve's SVG beside it, shown under the curve's table."""
    title = load_game(cal.game).info.title
    lines = [f"# Difficulty ladder: {title}", "",
             f"Calibrated by `partisan tune` on {time.strftime('%Y-%m-%d', time.gmtime())} for "
             f"{cal.players} players ({_options_text(cal)})"
             + f", in {cal.seconds / 60:.0f} minutes " + _where(cal) + ".", "",
             f"Target: each preset beats the one below in {pct(TARGET[0])}–{pct(TARGET[1])} of "
             f"head-to-head games (draws count half), and `novice` clearly beats `random`, the rung below "
             f"it: in at least {pct(NOVICE_VS_RANDOM)}. Budgets lie half an octave apart, `expert` at the "
             "cap. Selection matches first survey the strength of the search: `novice`'s floor, the smallest "
             f"budget scoring {pct(NOVICE_VS_RANDOM + SELECTION_MARGIN)} against random, and that floor "
             "playing a growing share of its moves at random (its blunder rate) for as long as it still "
             f"does; then from the top down the strongest budget each rung beats in {pct(TARGET_MID)} of "
             "games. A Bradley–Terry fit of every selection match, constrained never to fall as the budget "
             "grows and, from the floor up, to gain less with each further doubling, gives the strength "
             f"curve below; the rungs are placed on it so that every step is as close to {pct(TARGET_MID)} "
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
        lines += ["**The calibration was interrupted" + (f" ({cal.lost})" if cal.lost else "")
                  + "; only the rungs below were measured.**", ""]
    lines += _depth_lines(cal)
    lines += _curve_lines(cal)
    if picture and cal.curve:
        lines += [f"![Strength curve: Elo against iterations, 95% intervals, the presets marked]({picture})", ""]
    lines += ["| preset | iterations | rollout depth | against | win rate | 95% interval | games "
              "| predicted | time per move | on target |",
              "|---|---:|---:|---|---:|---|---:|---:|---:|---|"]
    below = "random"
    for r in cal.rungs:
        m, picked = r.measurement, pct(r.predicted)
        lines.append(f"| `{r.preset}` | {_budget(r.params['iterations'], r.params.get('blunder', 0.0))} | "
                     f"{r.params['rollout_depth']} | {below} | "
                     f"{pct(m.score)} | {pct(m.low)}–{pct(m.high)} | {m.games} | {picked} | "
                     f"{m.candidate_ms:.1f} ms | " + _verdict(r) + " |")
        below = f"`{r.preset}`"
    lines += ["", "Every rung uses `uct_c` = " + ", ".join(sorted({str(r.params['uct_c']) for r in cal.rungs}))
              + " and `mast` = " + ", ".join(sorted({str(r.params.get('mast', 0.0)) for r in cal.rungs}))
              + "".join(f", `{k}` = {v:g}" for k, v in cal.knowledge.items())
              + " (see docs/bots.md). *Predicted* is the score the strength curve gives "
              "for that step before it was confirmed; `partisan arena` re-measures any pair, e.g. "
              f"`partisan arena {cal.game} --bots hard,normal --games 200`.", "",
              "## Every match played", "",
              "| candidate | against | match | win rate | 95% interval | games | stopped early |",
              "|---|---|---|---:|---|---:|---|"]
    for m in cal.measurements:
        lines.append(f"| `{m.candidate}` | `{m.opponent}` | {'confirmation' if m.fresh else 'selection'} | "
                     f"{pct(m.score)} | {pct(m.low)}–{pct(m.high)} | {m.games} | {_STOPS[m.stopped]} |")
    lines += ["", "## Reproduce", "", "```", command_line(cal), "```", "",
              "Runs are deterministic for a seed (whatever --jobs and --backend); times per move depend on the "
              "machine"
              + (", and so does where a match hits its time limit." if cal.match_seconds else "."), ""]
    return "\n".join(lines)


def write_report(cal: Calibration, folder: Path, picture: str | None = None) -> Path:
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{cal.game}.md"
    write_atomic(path, report(cal, picture))
    return path


def presets_on_curve(cal: Calibration) -> dict:
    """{(iterations, blunder rate): preset} for the rungs placed on the strength curve."""
    return {(r.params["iterations"], r.params.get("blunder", 0.0)): r.preset for r in cal.rungs}


def write_curve_svg(cal: Calibration, folder: Path) -> Path | None:
    """The strength curve as GAME.svg in `folder` (None without a curve); PlotUnavailable
    without matplotlib."""
    if not cal.curve:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    title = f"{load_game(cal.game).info.title}, {cal.players} players: strength of the search"
    return strength_curve_svg(cal.curve, presets_on_curve(cal), cal.anchored, title,
                              Path(folder) / f"{cal.game}.svg")
