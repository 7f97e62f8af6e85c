"""What a calibration is made of: the targets, the records of matches and rungs, and budgets."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

from partisan.ai.bots import PRESET_ORDER, check_params, load_presets
from partisan.core.errors import OptionError

TARGET = (0.65, 0.75)
TARGET_MID = 0.70
# Novice must clearly beat random play, the rung below it; it need not by a full step:
# the steps are between presets, and a novice a beginner can beat leaves more of the
# search's span to them (in WAR that span is short). On 200 fresh games 60% puts the
# 95% interval's low end near 53%.
NOVICE_VS_RANDOM = 0.60
SELECTION_MARGIN = 0.05
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
    backend: str = "local"            # where the matches were played (ai/runner.py)
    seed: int = 0
    interrupted: bool = False
    lost: str = ""                    # why a run stopped short other than Ctrl-C (a worker lost)
    knowledge: dict = field(default_factory=dict)   # prior/guide/read/lead/widen given to every rung (--knowledge)


# The search's uses of a game's own knowledge (its move prior, its reading of the table, its
# estimate of each seat's lead) that `partisan tune --knowledge` gives every rung: they are
# settled by head-to-head matches (docs/bots.md), not by the survey.
KNOWLEDGE_PARAMS = ("prior", "guide", "read", "lead", "widen")


def bot_spec(params: dict) -> str:
    optional = [(k, params.get(k, 0.0)) for k in ("mast", "blunder", *KNOWLEDGE_PARAMS)]
    return (f"ismcts:iterations={params['iterations']},uct_c={params['uct_c']},"
            f"rollout_depth={params['rollout_depth']}" + "".join(f",{k}={v}" for k, v in optional if v))


def check_knowledge(knowledge: dict) -> dict[str, float]:
    """`--knowledge` pairs as floats, each a parameter of KNOWLEDGE_PARAMS in the range the bots
    accept (ai/bots.py); OptionError names the one refused."""
    out = {}
    for name, value in knowledge.items():
        if name not in KNOWLEDGE_PARAMS:
            raise OptionError(f"--knowledge takes {', '.join(KNOWLEDGE_PARAMS)}, not {name!r}")
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise OptionError(f"--knowledge {name}={value}: not a number") from None
        check_params("ismcts", **{name: number})
        out[name] = number
    return out


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
    low: float = math.nan       # 95% interval (Wald, from every selection match)
    high: float = math.nan

    @property
    def key(self) -> tuple[int, float]:
        return self.iterations, self.blunder


def pct(x: float) -> str:
    return "–" if math.isnan(x) else f"{100 * x:.0f}%"
