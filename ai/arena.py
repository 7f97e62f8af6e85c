"""Matches between bots: a seat schedule, whole games played by a runner (worker
processes, or a Ray cluster: ai/runner.py), and the statistics of the results.

Seats. With `k` bots and `P` seats the schedule cycles through every ordered
choice of min(k, P) distinct bots, so each bot sits in each seat equally often
and meets each other bot equally often in every seat order. When there are
more seats than bots (two bots in a four-player game) seat `s` takes the
permutation's bot `s mod k`, e.g. A,B,A,B then B,A,B,A: a bot then holds several
seats, plays each on its own (no shared plan) and is scored per seat. The
rotation is exactly fair when the number of games is a multiple of the cycle
length (`cycle_length`).

Determinism. Game `i` belongs to rotation block `i // cycle`; all games of a
block deal from the same chance seed (duplicate style: every bot meets the
same dice and cards from every seat), and every bot's own seed is derived
from (--seed, i, seat). A game therefore plays the same wherever and in
whatever order it runs, so the results depend on --seed only, never on --jobs or
--backend (bots with a wall-clock budget, `seconds=`, are the exception).
"""
from __future__ import annotations

import csv
import hashlib
import itertools
import json
import math
import time
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field, replace
from typing import Callable, Iterable, Iterator

import numpy as np

from partisan.ai import ratings
from partisan.ai.bots import check_fits, make_bot
from partisan.ai.runner import Runner, WorkersLost, check_backend, open_runner
from partisan.core.errors import OptionError
from partisan.core.game import load_game
from partisan.core.seeds import check_seed


def derive_seed(seed: int, *keys) -> int:
    """A 63-bit seed from the run seed and a path of keys (stable across platforms)."""
    text = ":".join(map(str, (seed, *keys))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little") >> 1


def seat_schedule(num_bots: int, players: int) -> list[tuple[int, ...]]:
    """One rotation cycle: bot index per seat for each game of the cycle."""
    if num_bots < 1 or players < 1:
        raise OptionError("an arena needs at least one bot and one seat")
    if players <= num_bots:
        return list(itertools.permutations(range(num_bots), players))
    return [tuple(perm[s % num_bots] for s in range(players))
            for perm in itertools.permutations(range(num_bots))]


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play one whole game."""

    index: int
    game: str
    players: int
    options: dict
    seed: int                     # chance seed of the game (its deal)
    seats: tuple[int, ...]        # bot index per seat
    specs: tuple[str, ...]        # bot spec per seat
    bot_seeds: tuple[int, ...]
    data: str | None = None       # folder of edited component data (None: the shipped data)
    cpus: int = 1                 # cores the game's bots search on (a cluster reserves them)


@dataclass
class GameResult:
    index: int
    seed: int
    seats: list[int]
    returns: list[float]
    moves: int                    # decisions taken by the seats
    actions: int                  # every action, chance outcomes included
    seconds: list[float]          # thinking time per seat
    decisions: list[int]          # decisions per seat

    def scores(self) -> list[float]:
        """1 for the sole winner (highest return); equal top returns share the point."""
        top = max(self.returns)
        winners = [r == top for r in self.returns]
        share = 1.0 / sum(winners)
        return [share if w else 0.0 for w in winners]


def _bot_seed(seed: int, index: int, seat: int) -> int:
    return derive_seed(seed, "bot", index, seat)


def plan(game: str, specs: list[str], games: int, seed: int = 0, players: int | None = None,
         options: dict | None = None, data: str | None = None) -> list[GameTask]:
    """Check the game and the bot specs, and lay out `games` games."""
    check_seed(seed, "the arena's seed")
    if games < 1:
        raise OptionError("play at least one game")
    loaded = load_game(game, players, data=data, **(options or {}))
    specs = [s.strip() for s in specs]
    if len(specs) < 1 or not all(specs):
        raise OptionError("give at least one bot, e.g. --bots hard,random")
    threads = {}
    for spec in specs:
        bot = make_bot(spec, seed=0, game=loaded.name)
        check_fits(bot, loaded.options)   # OptionError: why
        threads[spec] = getattr(bot, "params", {}).get("threads", 1)
    cycle = seat_schedule(len(specs), loaded.players)
    tasks = []
    for i in range(games):
        seats = cycle[i % len(cycle)]
        tasks.append(GameTask(
            index=i, game=loaded.name, players=loaded.players, options=dict(loaded.options),
            seed=derive_seed(seed, "deal", i // len(cycle)), seats=seats,
            specs=tuple(specs[b] for b in seats),
            bot_seeds=tuple(_bot_seed(seed, i, s) for s in range(loaded.players)),
            data=None if loaded.data_dir is None else str(loaded.data_dir),
            cpus=max(threads[specs[b]] for b in seats)))
    return tasks


def play_game(task: GameTask) -> GameResult:
    """Play one game to the end (the worker's entry point)."""
    game = load_game(task.game, task.players, data=task.data, **task.options)
    state = game.new_initial_state(task.seed)
    bots = [make_bot(spec, seed=s, game=task.game) for spec, s in zip(task.specs, task.bot_seeds)]
    seconds = [0.0] * task.players
    decisions = [0] * task.players
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance()
        else:
            seat = state.current_player()
            start = time.perf_counter()
            action = bots[seat].choose(state)
            seconds[seat] += time.perf_counter() - start
            decisions[seat] += 1
        state.apply_action(action)
        actions += 1
    return GameResult(task.index, task.seed, list(task.seats), [float(r) for r in state.returns()],
                      sum(decisions), actions, seconds, decisions)


@dataclass
class BotSummary:
    name: str
    seats: int                    # seats played (games, in a game with one seat per bot)
    score: float                  # wins, draws counting as shares of the point
    win_rate: float
    low: float
    high: float
    elo: float
    elo_low: float
    elo_high: float
    move_ms: float                # average thinking time per decision
    decisions: int


@dataclass
class ArenaResult:
    game: str
    players: int
    options: dict
    seed: int
    bots: list[str]
    requested: int
    cycle: int
    results: list[GameResult] = field(default_factory=list)
    interrupted: bool = False
    level: float = 0.95
    lost: str = ""                # why the match stopped short other than Ctrl-C (not in the JSON)

    @property
    def played(self) -> int:
        return len(self.results)

    @property
    def rotation_complete(self) -> bool:
        return self.played % self.cycle == 0

    def comparisons(self) -> tuple[np.ndarray, np.ndarray]:
        """wins[i, j]: pairs of seats where bot i beat bot j; ties[i, j] (i < j): shared wins.

        Every pair of seats held by different bots is compared by return. Equal returns
        are a tie only at the top (a shared win, e.g. a two-player draw); two seats that
        merely lost alike say nothing about each other and are not compared.
        """
        k = len(self.bots)
        wins, ties = np.zeros((k, k)), np.zeros((k, k))
        for r in self.results:
            for a, b, outcome in _pair_outcomes(r):
                if outcome > 0:
                    wins[a, b] += 1
                elif outcome < 0:
                    wins[b, a] += 1
                else:
                    ties[min(a, b), max(a, b)] += 1
        return wins, ties

    def head_to_head(self, a: int, b: int) -> tuple[float, int, float, float]:
        """(score of bot a against b, games, Wilson low, high); a shared win counts half.

        The score is over seat pairs as in comparisons(); the interval counts games,
        not pairs, since the pairs of one game are not independent."""
        points = total = 0.0
        games = 0
        for r in self.results:
            got = n = 0.0
            for x, y, outcome in _pair_outcomes(r):
                if {x, y} == {a, b}:
                    n += 1
                    got += 0.5 if outcome == 0 else float((outcome > 0) == (x == a))
            if n:
                games += 1
                points += got
                total += n
        score = points / total if total else math.nan
        low, high = ratings.wilson(score * games if games else 0.0, games, self.level)
        return score, games, low, high

    def ratings(self) -> ratings.Ratings | None:
        if len(self.bots) < 2 or not self.results:
            return None
        wins, ties = self.comparisons()
        return ratings.fit(self.bots, wins, ties, level=self.level)

    def summary(self) -> list[BotSummary]:
        k = len(self.bots)
        seats, score, secs, decisions = [0] * k, [0.0] * k, [0.0] * k, [0] * k
        for r in self.results:
            for s, (b, sc) in enumerate(zip(r.seats, r.scores())):
                seats[b] += 1
                score[b] += sc
                secs[b] += r.seconds[s]
                decisions[b] += r.decisions[s]
        fitted = self.ratings()
        rows = []
        for b, name in enumerate(self.bots):
            low, high = ratings.wilson(score[b], seats[b], self.level)
            elo = (fitted.elo[b], fitted.low[b], fitted.high[b]) if fitted else (0.0, 0.0, 0.0)
            rows.append(BotSummary(name, seats[b], score[b], score[b] / seats[b] if seats[b] else math.nan,
                                   low, high, *map(float, elo),
                                   1000 * secs[b] / decisions[b] if decisions[b] else 0.0, decisions[b]))
        return rows

    def to_dict(self) -> dict:
        fitted = self.ratings()
        return {
            "game": self.game, "players": self.players, "options": self.options, "seed": self.seed,
            "bots": self.bots, "games_requested": self.requested, "games_played": self.played,
            "rotation_cycle": self.cycle, "rotation_complete": self.rotation_complete,
            "interrupted": self.interrupted, "confidence": self.level,
            "summary": [asdict(s) for s in self.summary()],
            "tie_weight": fitted.tie_weight if fitted else 0.0,
            "games": [asdict(r) for r in self.results],
        }

    @classmethod
    def from_dict(cls, data: dict) -> "ArenaResult":
        """The match that `to_dict` (a `--json` file) describes; ValueError if it is not one."""
        try:
            out = cls(data["game"], int(data["players"]), dict(data["options"]), int(data["seed"]),
                      [str(b) for b in data["bots"]], int(data["games_requested"]),
                      int(data["rotation_cycle"]), interrupted=bool(data["interrupted"]),
                      level=float(data["confidence"]))
            out.results = [GameResult(**game) for game in data["games"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a match written by `partisan arena --json` ({exc!r})") from None
        return out

    def write_json(self, path) -> None:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(self.to_dict(), fh, indent=1)

    def write_csv(self, path) -> None:
        """One row per seat of every game."""
        with open(path, "w", encoding="utf-8", newline="") as fh:
            out = csv.writer(fh)
            out.writerow(["game", "seed", "seat", "bot", "return", "score", "decisions", "seconds", "moves"])
            for r in self.results:
                for s, (b, sc) in enumerate(zip(r.seats, r.scores())):
                    out.writerow([r.index, r.seed, s, self.bots[b], r.returns[s], sc, r.decisions[s],
                                  f"{r.seconds[s]:.6f}", r.moves])


def pool(matches: list[ArenaResult]) -> ArenaResult:
    """One match of the games of several: a long match played in batches (each its own
    --seed, so its own deals) is judged as a whole. The batches must be of the same bots
    in the same game, players and options."""
    if not matches:
        raise ValueError("no match to pool")
    first = matches[0]
    for m in matches[1:]:
        if (m.game, m.players, m.options, m.bots) != (first.game, first.players, first.options, first.bots):
            raise ValueError(f"cannot pool a match of {m.bots} in {m.game} ({m.players} players, "
                             f"options {m.options}) with one of {first.bots} in {first.game} "
                             f"({first.players} players, options {first.options})")
    # renumbered in order, since every batch numbers its games from 0
    results = [replace(r, index=i) for i, r in enumerate(r for m in matches for r in m.results)]
    out = ArenaResult(first.game, first.players, dict(first.options), first.seed, list(first.bots),
                      sum(m.requested for m in matches), first.cycle,
                      interrupted=any(m.interrupted for m in matches), level=first.level)
    out.results = results
    return out


def _pair_outcomes(r: GameResult) -> Iterator[tuple[int, int, int]]:
    """(bot a, bot b, +1 / -1 / 0 for a beat b / lost / shared the win) for compared seat pairs."""
    top = max(r.returns)
    for s, t in itertools.combinations(range(len(r.seats)), 2):
        a, b = r.seats[s], r.seats[t]
        if a == b:
            continue
        if r.returns[s] != r.returns[t]:
            yield a, b, 1 if r.returns[s] > r.returns[t] else -1
        elif r.returns[s] == top:
            yield a, b, 0


def bot_labels(specs: Iterable[str]) -> list[str]:
    """The specs as given, with '#2', '#3' added to repeats so each bot has its own row."""
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        spec = spec.strip()
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return labels


def run_arena(game: str, specs: list[str], games: int, jobs: int = 1, seed: int = 0,
              players: int | None = None, options: dict | None = None, backend: str = "local",
              on_result: Callable[[GameResult, int], None] | None = None,
              data: str | None = None, runner: Runner | None = None) -> ArenaResult:
    """Play the match on `runner`, else on a runner of `backend` with `jobs` workers opened
    for it. `on_result(result, done)` is called after each finished game.

    A KeyboardInterrupt (Ctrl-C, or raised by `on_result`) or a game lost with its worker
    stops the run; the games finished so far are kept and the result is marked interrupted
    (`lost` says which worker loss stopped it).
    """
    check_backend(backend)
    if jobs < 1:
        raise OptionError("--jobs must be at least 1")
    tasks = plan(game, specs, games, seed, players, options, data)
    result = empty_result(tasks, specs, seed)
    with nullcontext(runner) if runner else open_runner(backend, jobs) as runner:
        return play(tasks, runner, result, on_result)


def empty_result(tasks: list[GameTask], specs: list[str], seed: int) -> ArenaResult:
    """The match of `tasks` (laid out by plan() from `seed`) before any game is played."""
    first = tasks[0]
    return ArenaResult(first.game, first.players, dict(first.options), seed, bot_labels(specs),
                       len(tasks), len(seat_schedule(len(specs), first.players)))


def play(tasks: list[GameTask], runner: Runner, result: ArenaResult,
         on_result: Callable[[GameResult, int], None] | None = None) -> ArenaResult:
    """Play `tasks` on `runner` into `result`, stopping as run_arena() says."""
    stream = runner.map(play_game, tasks, cpus=lambda task: task.cpus)
    try:
        for r in stream:
            result.results.append(r)
            if on_result is not None:
                on_result(r, len(result.results))
    except KeyboardInterrupt:
        result.interrupted = True
    except WorkersLost as exc:
        result.interrupted, result.lost = True, str(exc)
    finally:
        stream.close()
    result.results.sort(key=lambda r: r.index)
    return result
