"""The state contract (DESIGN.md, "The state contract"), checked on thousands of random games
of every registered game, in every variant the registry describes.

Cheap checks run on every step of every game (legal actions sorted in C, unique, in range,
never more than MAX_BRANCH; chance outcomes positive, summing to one, within the declared
chance range; illegal actions refused without a change; action texts distinct; the mover's key
changes with its own action and never repeats; no game longer than its declared maximum). The expensive
ones run on a few sampled steps of each game: clone independence, resample (keeps the seat's
key, observation and legal actions, varies the hidden part, depends only on the seat's view,
also between two different histories the seat cannot tell apart), key/observation agreement,
record round trip, string round trip, chance sampling frequencies, playing on in a resampled
world. At a sample-only chance node (continuous outcomes) there is nothing to list: the suite
checks instead that listing is refused, that draws are deterministic per seed and possible,
and that the record replays them exactly; test-only games (core/testing) run here too. The
narration checks (their section below) play games of their own, driven into every node kind,
and check that what a seat is told of a step says no more than the seat may know. Every failure is reported
with its variant, game seed, step and check; `check_game(variant, seed, rate)` replays one
game alone (the rate is printed with the failures).

PARTISAN_CONFORMANCE_GAMES sets the number of random games per registered game in the default
run, the quick tier (shared among its variants; default 200), and PARTISAN_CONFORMANCE_MOVES
caps the moves they play (default 20,000 a game, shared likewise; every variant still plays
MIN_GAMES games): every step is checked, so a game of 1,300 moves (Guerilla) costs as much as
thirteen of WAR's, and the cap keeps the long games from taking the whole run. The full tier
(`-m full`) plays FULL times both, the soak (`-m slow`) SOAK times, each on other seeds.
"""
from __future__ import annotations

import json
import re
import math
import os
import random
import time
import traceback
import zlib
from collections import defaultdict
from dataclasses import dataclass, field

import pytest

from partisan.ai.ismcts import flat_monte_carlo, random_playouts
from partisan.core import (CHANCE, MAX_BRANCH, TERMINAL, IllegalActionError, RandomState,
                            SampledChanceError, SeatError)
from partisan.core import record
from partisan.core.record import Match


def _whole(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    try:
        return int(value) if value else default
    except ValueError:
        raise pytest.UsageError(f"{name} must be a whole number, not {value!r}") from None


pytestmark = pytest.mark.test_only_games    # the contract is checked on them as well

GAMES_PER_GAME = _whole("PARTISAN_CONFORMANCE_GAMES", 200)        # the quick tier
MOVES_PER_GAME = _whole("PARTISAN_CONFORMANCE_MOVES", 20_000)
FULL, SOAK = 10, 100          # the budgets of the full tier and the soak, in quick tiers
MIN_GAMES = 5                 # per variant, whatever the move cap
CHECK_EVERY_STEP_UNTIL, CHECK_STRIDE = 100, 15   # the steps test_bad_arguments_are_refused checks
LENGTH_CAP = 100_000          # actions; every game must end well before this
DEEP_STEPS_PER_GAME = 3       # expected sampled steps per game for the expensive checks
RESAMPLE_SEEDS = 6
EPS = 1e-9
MAX_REPORTED_PER_CHECK = 3
SAMPLED_DRAWS = 4             # draws checked at each sample-only chance node


class AbortGame(Exception):
    """The state can no longer be trusted (an illegal action was accepted, ...)."""


@dataclass
class Run:
    """Failures and figures of one variant's run."""

    variant: object
    failures: dict = field(default_factory=lambda: defaultdict(list))
    games: int = 0
    lengths: list = field(default_factory=list)
    decisive: int = 0
    resample_checked: int = 0
    resample_varied: int = 0
    keys_differed: bool = False
    deep_steps: int = 0
    rate: float = 1.0                  # deep-check rate of this run (see deep_rate)

    def fail(self, check: str, seed: int, step: int, detail: str) -> None:
        self.failures[check].append((seed, step, detail))

    def report(self) -> str:
        lines = [f"(replay one game: check_game(variant, seed, rate={self.rate!r}))"]
        for check, items in sorted(self.failures.items()):
            lines.append(f"{check}: {len(items)} failure(s)")
            for seed, step, detail in items[:MAX_REPORTED_PER_CHECK]:
                lines.append(f"    {self.variant.id} seed={seed} step={step}: {detail}")
        return "\n".join(lines)


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _game_bytes(state) -> bytes:
    """The game's own state, without the keys and seed that fingerprint() adds."""
    return state._state_bytes()


def _obs_diff(a, b, path: str = "") -> str:
    """Where two observations differ: the first few differing leaves, by path."""
    out = []

    def walk(x, y, where):
        if len(out) >= 3 or x == y:
            return
        if isinstance(x, dict) and isinstance(y, dict):
            for k in sorted(set(x) | set(y), key=str):
                walk(x.get(k), y.get(k), f"{where}.{k}" if where else str(k))
        elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y) and any(
                isinstance(v, (dict, list)) for v in x):
            for i, (u, v) in enumerate(zip(x, y)):
                walk(u, v, f"{where}[{i}]")
        else:
            out.append(f"{where}: {x!r} -> {y!r}")

    walk(a, b, path)
    return "; ".join(out)


def _obs_json(state, p) -> str:
    return json.dumps(state.observation(p), sort_keys=True)


class GameCheck:
    """Plays one random game of a variant and checks the contract as it goes."""

    def __init__(self, run: Run, game, seed: int, deep_rate: float):
        self.run, self.game, self.seed = run, game, seed
        self.rng = random.Random(seed)
        self.chance_rng = RandomState(seed)
        self.deep_rate = deep_rate
        self.match = Match(game, seed)
        self.state = self.match.state
        self.nplayers = game.players
        self.bounds = game.info.return_bounds
        self.decisions = 0
        self.decision_keys = [set() for _ in range(self.nplayers)]
        self.obs_by_key = {}
        self.snapshots = []            # (clone, fingerprint then): earlier clones never change
        self.record_step = None        # one mid-game record round trip per game

    def fail(self, check: str, detail: str) -> None:
        self.run.fail(check, self.seed, self.state.move_number, detail)

    # ------------------------------------------------------------------ the game
    def play(self) -> None:
        state = self.state
        while True:
            p = state.current_player()
            if p == TERMINAL:
                break
            if state.move_number >= LENGTH_CAP:
                self.fail("length-cap", f"still running after {LENGTH_CAP} actions")
                raise AbortGame
            if not (p == CHANCE or 0 <= p < self.nplayers):
                self.fail("current-player", f"current_player() is {p}")
                raise AbortGame
            choices = self.check_chance(state) if p == CHANCE else self.check_decision(state, p)
            self.check_illegal(state, choices)
            self.check_strings(state, choices, full=False)
            if self.rng.random() < self.deep_rate:
                self.deep(state, p, choices)
            self.step(state, p, choices)
        self.check_terminal(state)
        for clone, fp in self.snapshots:
            if clone.fingerprint() != fp:
                self.run.fail("earlier-clone-changed", self.seed, clone.move_number,
                              "a clone taken at this step changed as the game went on")

    def step(self, state, p, choices) -> None:
        if p == CHANCE:
            if self.seed % 2:
                action = state.sample_chance()      # the state's own stream, as play uses it
                if state.sample_chance() != action:
                    self.fail("sample-chance-deterministic", "sample_chance() without rng differs between calls")
            else:
                action = state.sample_chance(self.chance_rng)
            if not state.is_sampled_chance() and action not in choices:
                self.fail("sample-chance-member", f"sampled {action}, outcomes are {choices[:20]}")
                raise AbortGame
        else:
            action = self.rng.choice(choices)
            self.decisions += 1
            if self.decisions > self.game.max_game_length:
                self.fail("max-game-length", f"decision {self.decisions} is past the declared "
                          f"maximum game length {self.game.max_game_length}")
                raise AbortGame
            key = state.infostate_key(p)
            if key in self.decision_keys[p]:
                self.fail("infostate-key-repeats", f"seat {p} meets its key {key:#x} again at a later decision")
            self.decision_keys[p].add(key)
        before = state.move_number
        try:
            self.match.apply(action)
        except IllegalActionError as exc:
            self.fail("legal-action-refused", f"apply_action({action}) raised {exc}")
            raise AbortGame from None
        if state.move_number != before + 1:
            self.fail("move-number", f"move_number went from {before} to {state.move_number}")
        if p >= 0 and state.infostate_key(p) == key:
            self.fail("mover-observes-own-action", f"seat {p}'s key did not change after its action {action}")

    # ------------------------------------------------------------------ cheap checks, every step
    def check_decision(self, state, p) -> list:
        legal = state.legal_actions()
        nda = state.num_distinct_actions
        if not legal:
            self.fail("legal-nonempty", f"seat {p} to move with no legal action")
            raise AbortGame
        if len(set(legal)) != len(legal):
            self.fail("legal-unique", f"duplicates in {legal[:20]}")
        if legal[0] < 0 or legal[-1] >= nda:
            self.fail("legal-range", f"{legal[:20]} outside 0..{nda - 1}")
        if len(legal) > self.game.info.branch_bound:
            self.fail("max-branch", f"{len(legal)} legal actions, more than the game's bound "
                      f"{self.game.info.branch_bound} (MAX_BRANCH is {MAX_BRANCH})")
        return legal

    def check_c_legal_sorted(self, state, legal) -> None:
        """flat_monte_carlo reports the root actions in the order c_legal_actions wrote them, less
        those c_bot_actions leaves out, which keeps that order (a search, so checked at the
        sampled steps only)."""
        raw = [a for a, _, _ in flat_monte_carlo(state, 0)]
        if raw != state.bot_actions() or not set(raw) <= set(legal):
            self.fail("c-legal-sorted", f"c_legal_actions gives {raw[:20]}")

    def check_chance(self, state) -> list:
        if state.is_sampled_chance():
            return self.check_sampled_chance(state)
        outcomes = state.chance_outcomes()
        if not outcomes:
            self.fail("chance-nonempty", "chance node without outcomes")
            raise AbortGame
        actions = [a for a, _ in outcomes]
        probs = [pr for _, pr in outcomes]
        if len(set(actions)) != len(actions):
            self.fail("chance-unique", f"duplicate outcomes {actions[:20]}")
        top = self.game.info.max_chance_outcomes
        if actions[0] < 0 or actions[-1] >= top:
            self.fail("chance-range", f"outcomes {actions[:20]} outside 0..{top - 1}")
        if len(actions) > self.game.info.branch_bound:
            self.fail("max-branch", f"{len(actions)} chance outcomes, more than the game's bound "
                      f"{self.game.info.branch_bound} (MAX_BRANCH is {MAX_BRANCH})")
        if min(probs) <= 0:
            self.fail("chance-positive", f"non-positive probability in {outcomes[:20]}")
        if abs(math.fsum(probs) - 1.0) > 1e-9:
            self.fail("chance-sum", f"probabilities sum to {math.fsum(probs)!r}")
        if state.legal_actions() != actions:
            self.fail("chance-legal", "legal_actions() at a chance node differs from the outcomes")
        return actions

    def check_sampled_chance(self, state) -> list:
        """A sample-only node: listing is refused, draws are deterministic per seed, in the
        action range and possible (applying one works); returns a few draws to check further."""
        if not state.game.info.sampled_chance:
            self.fail("sampled-chance-declared", "a sample-only chance node in a game whose "
                      "GameInfo does not declare sampled_chance")
        for listing in (state.chance_outcomes, state.legal_actions):
            try:
                listing()
                self.fail("sampled-chance-listing", f"{listing.__name__}() answered at a sample-only node")
            except SampledChanceError:
                pass
        draws = {state.sample_chance()}
        for i in range(SAMPLED_DRAWS):
            seed = self.seed * 7919 + state.move_number * 31 + i
            a = state.sample_chance(RandomState(seed))
            if state.sample_chance(RandomState(seed)) != a:
                self.fail("sample-chance-deterministic", f"sample_chance(RandomState({seed})) differs between calls")
            draws.add(a)
        top = self.game.info.max_chance_outcomes     # the declared chance range, as apply checks
        for a in sorted(draws):
            if not 0 <= a < top:
                self.fail("chance-range", f"sampled outcome {a} outside 0..{top - 1}")
                raise AbortGame
            clone = state.clone()
            try:
                clone.apply_action(a)
            except IllegalActionError as exc:
                self.fail("sample-chance-member", f"sampled outcome {a} is refused: {exc}")
                raise AbortGame from None
        return sorted(draws)

    def check_illegal(self, state, choices) -> None:
        sampled = state.is_sampled_chance()     # no gaps to try: any unlisted id may be possible
        if state.current_player() >= 0:
            top = state.num_distinct_actions
        else:
            top = self.game.info.max_chance_outcomes if sampled else choices[-1] + 1
        candidates = [-1, max(top, choices[-1] + 1)]
        # the lowest unlisted id below the highest listed one, if any: the first index of the
        # sorted ids that differs from its id
        gap = None if sampled else next((i for i, a in enumerate(sorted(set(choices))) if a != i), None)
        if gap is not None:
            candidates.append(gap)
        bad = candidates[state.move_number % len(candidates)]
        fp = state.fingerprint()
        try:
            state.apply_action(bad)
        except IllegalActionError:
            if state.fingerprint() != fp:
                self.fail("illegal-unchanged", f"refusing illegal action {bad} changed the state")
                raise AbortGame from None
        else:
            self.fail("illegal-raises", f"illegal action {bad} was accepted")
            raise AbortGame

    def check_strings(self, state, choices, full: bool) -> None:
        texts = [state.action_to_string(a) for a in choices]
        if not all(isinstance(t, str) and t.strip() for t in texts):
            self.fail("action-string", f"empty or non-text action strings {texts[:10]}")
            return
        normed = [_norm(t) for t in texts]
        if len(set(normed)) != len(normed):
            dups = sorted({t for t in normed if normed.count(t) > 1})
            self.fail("action-string-unique", f"two legal actions read the same: {dups[:5]}")
            return
        if full and not state.is_sampled_chance():     # its outcomes are not listed to parse
            for a, t in zip(choices, texts):
                try:
                    back = state.string_to_action(t)
                except IllegalActionError as exc:
                    self.fail("string-round-trip", f"{t!r} (action {a}) not parsed: {exc}")
                    continue
                if back != a:
                    self.fail("string-round-trip", f"{t!r} is action {a} but parses as {back}")

    # ------------------------------------------------------------------ expensive checks, sampled
    def deep(self, state, p, choices) -> None:
        self.run.deep_steps += 1
        if p >= 0:
            self.check_c_legal_sorted(state, choices)
        self.check_strings(state, choices, full=True)
        self.check_clone(state, choices)
        self.check_observations(state)
        self.check_heuristic(state)
        if p == CHANCE and self.seed % 10 == 0 and not state.is_sampled_chance():
            self.check_sampler(state, choices)
        for q in range(self.nplayers):
            self.check_resample(state, q)
        if len(choices) > 1:
            self.check_unseen_alternatives(state, *self.rng.sample(choices, 2))
        self.check_describe(state, choices)
        if self.record_step is None and self.rng.random() < 0.5:
            self.record_step = state.move_number
            self.check_record()
        if self.seed % 5 == 0 and self.rng.random() < 1 / DEEP_STEPS_PER_GAME:
            self.check_play_on(state, self.rng.randrange(self.nplayers))

    def check_clone(self, state, choices) -> None:
        fp = state.fingerprint()
        clone = state.clone()
        if type(clone) is not type(state) or clone.fingerprint() != fp or clone.game is not state.game:
            self.fail("clone-equal", "a fresh clone differs from its original")
            return
        clone.apply_action(self.rng.choice(choices))
        if state.fingerprint() != fp:
            self.fail("clone-independent", "applying an action to a clone changed the original")
            raise AbortGame
        keep = state.clone()
        self.snapshots.append((keep, keep.fingerprint()))

    def check_observations(self, state) -> None:
        for q in range(self.nplayers):
            obs = state.observation(q)
            if not isinstance(obs, dict):
                self.fail("observation-dict", f"observation({q}) is a {type(obs).__name__}")
                continue
            try:
                text = json.dumps(obs, sort_keys=True)
            except (TypeError, ValueError) as exc:
                self.fail("observation-json", f"observation({q}) is not JSON-serialisable: {exc}")
                continue
            key = (q, state.infostate_key(q))
            seen = self.obs_by_key.setdefault(key, text)
            if seen != text:
                self.fail("key-observation", f"seat {q}: same infostate key as earlier, different "
                          f"observation: {_obs_diff(json.loads(seen), json.loads(text))}")
        keys = {state.infostate_key(q) for q in range(self.nplayers)}
        if len(keys) > 1:
            self.run.keys_differed = True

    def in_bounds(self, values) -> bool:
        lo, hi = self.bounds
        return (len(values) == self.nplayers
                and all(isinstance(x, float) and math.isfinite(x) and lo - EPS <= x <= hi + EPS for x in values))

    def check_heuristic(self, state) -> None:
        h = state.heuristic_returns()
        if not self.in_bounds(h):
            self.fail("heuristic-bounds", f"heuristic_returns() = {h} outside {self.bounds}")

    def check_sampler(self, state, outcomes) -> None:
        """c_sample_chance draws outcomes with their stated probabilities."""
        draws = 600
        rng = RandomState(self.seed * 7919 + state.move_number)
        counts = defaultdict(int)
        for _ in range(draws):
            counts[state.sample_chance(rng)] += 1
        stray = set(counts) - set(outcomes)
        if stray:
            self.fail("sample-chance-member", f"sampler drew {sorted(stray)[:10]} outside the outcomes")
            return
        for a, prob in state.chance_outcomes():
            sd = math.sqrt(draws * prob * (1 - prob)) or 1.0
            if abs(counts[a] - draws * prob) > 6 * sd + 1:
                self.fail("sample-chance-frequency",
                          f"outcome {a}: {counts[a]} of {draws} draws, probability {prob:.4f}")
                return

    def check_resample(self, state, p) -> None:
        fp = state.fingerprint()
        key, obs = state.infostate_key(p), _obs_json(state, p)
        mover = state.current_player()
        legal = state.legal_actions() if mover == p else None
        seeds = [self.rng.getrandbits(32) for _ in range(RESAMPLE_SEEDS)]
        worlds = []
        for s in seeds:
            w = state.clone()
            w.resample(p, s)
            worlds.append(w)
        if state.fingerprint() != fp:
            self.fail("resample-in-place", "resampling a clone changed the original")
            raise AbortGame
        for s, w in zip(seeds, worlds):
            where = f"resample({p}, {s})"
            if w.infostate_key(p) != key:
                self.fail("resample-key", f"{where} changed infostate_key({p})")
            if _obs_json(w, p) != obs:
                self.fail("resample-observation",
                          f"{where} changed observation({p}): {_obs_diff(state.observation(p), w.observation(p))}")
            if w.move_number != state.move_number:
                self.fail("resample-move-number", f"{where} changed move_number")
            if legal is not None and (w.current_player() != p or w.legal_actions() != legal):
                self.fail("resample-legal", f"{where} changed seat {p}'s legal actions")
        again = state.clone()
        again.resample(p, seeds[0])
        if again.fingerprint() != worlds[0].fingerprint():
            self.fail("resample-deterministic", f"resample({p}, {seeds[0]}) differs between two calls")
        # The resample depends only on p's view: a world p cannot tell from this one
        # resamples to the same world.
        via = worlds[0].clone()
        via.resample(p, seeds[1])
        if via.fingerprint() != worlds[1].fingerprint():
            self.fail("resample-view-only",
                      f"resample({p}, {seeds[1]}) of resample({p}, {seeds[0]}) differs from resample({p}, {seeds[1]})")
        self.run.resample_checked += 1
        if len({_game_bytes(w) for w in worlds}) > 1:
            self.run.resample_varied += 1
            # Someone sees what p does not: their keys must differ from p's.
            for q in range(self.nplayers):
                if q != p and state.infostate_key(q) == key:
                    if any(_obs_json(w, q) != _obs_json(state, q) for w in worlds):
                        self.fail("key-private-info",
                                  f"seats {p} and {q} share a key though {q} sees what {p} cannot")

    def check_unseen_alternatives(self, state, a, b) -> None:
        """Two different actions (or chance outcomes) that a seat does not see apart leave
        two states it cannot tell apart: same observation, and the same world when resampled
        with the same seed. This catches hidden choices and draws leaking into resample."""
        one, two = state.clone(), state.clone()
        one.apply_action(a)
        two.apply_action(b)
        for q in range(self.nplayers):
            if one.infostate_key(q) != two.infostate_key(q):
                continue
            where = f"after {a} or {b}, seat {q}"
            if _obs_json(one, q) != _obs_json(two, q):
                self.fail("unseen-observation", f"{where} has one key but observations differ: "
                          f"{_obs_diff(one.observation(q), two.observation(q))}")
                continue
            if one.is_terminal() or two.is_terminal():
                continue
            seed = self.rng.getrandbits(32)
            one.resample(q, seed)
            two.resample(q, seed)
            if one.fingerprint() != two.fingerprint():
                self.fail("resample-view-only", f"{where} cannot tell the states apart, yet "
                          f"resample({q}, {seed}) gives different worlds")
            return

    def check_describe(self, state, choices) -> None:
        for viewer in (None, *range(self.nplayers)):
            for a in choices:
                text = state.describe_action(a, viewer)
                if not isinstance(text, str) or not text.strip():
                    self.fail("describe-action", f"describe_action({a}, {viewer}) = {text!r}")
                    return
        actor = state.current_player()
        for a in choices if actor >= 0 else ():
            # who did what: the seat that makes a move is told "you" made it
            text = state.describe_action(a, actor)
            if not re.search(r"\byou\b", text, re.IGNORECASE):
                self.fail("describe-names-actor", f"describe_action({a}, viewer={actor}) = {text!r} "
                          "does not say the viewer made the move")
                return

    def check_record(self) -> None:
        data = json.loads(json.dumps(self.match.to_dict()))
        try:
            replay = record.from_dict(data)
        except Exception as exc:            # noqa: BLE001 - any failure to replay is the finding
            self.fail("record-round-trip", f"from_dict(to_dict()) raised {type(exc).__name__}: {exc}")
            return
        if replay.state.fingerprint() != self.state.fingerprint():
            self.fail("record-round-trip", "the replayed state differs from the saved one")

    def check_play_on(self, state, p) -> None:
        """A world resampled for p is a valid game that can be played to its end."""
        w = state.clone()
        w.resample(p, self.rng.getrandbits(32))
        rs = RandomState(self.rng.getrandbits(32))
        while not w.is_terminal():
            if w.move_number >= LENGTH_CAP:
                self.fail("resampled-world", f"world resampled for seat {p} runs past {LENGTH_CAP} actions")
                return
            if w.is_sampled_chance():
                w.apply_action(w.sample_chance(rs))
            elif w.is_chance_node():
                outcomes = w.chance_outcomes()
                if not outcomes or abs(math.fsum(pr for _, pr in outcomes) - 1) > 1e-9:
                    self.fail("resampled-world", f"world resampled for seat {p}: bad chance node at {w.move_number}")
                    return
                w.apply_action(w.sample_chance(rs))
            else:
                legal = w.legal_actions()
                if not legal:
                    self.fail("resampled-world", f"world resampled for seat {p}: no legal action at {w.move_number}")
                    return
                w.apply_action(legal[rs.randint(len(legal))])
        self.check_returns(w, "resampled-world")

    # ------------------------------------------------------------------ the end
    def check_returns(self, state, check: str) -> list:
        r = state.returns()
        if not self.in_bounds(r):
            self.fail(check, f"returns() = {r} outside {self.bounds}")
        return r

    def check_terminal(self, state) -> None:
        r = self.check_returns(state, "returns-bounds")
        if state.heuristic_returns() != r:
            self.fail("terminal-heuristic", "heuristic_returns() differs from returns() at the end")
        if max(r) > min(r) + EPS:
            self.run.decisive += 1
        if state.legal_actions() or state.chance_outcomes() or not state.is_terminal():
            self.fail("terminal-actions", "a terminal state offers actions")
        fp = state.fingerprint()
        for bad in (0, -1):
            try:
                state.apply_action(bad)
                self.fail("terminal-apply", f"apply_action({bad}) accepted after the end")
            except IllegalActionError:
                pass
        if state.fingerprint() != fp:
            self.fail("terminal-apply", "a refused action changed the final state")
        try:
            state.sample_chance()
            self.fail("terminal-apply", "sample_chance() answered after the end")
        except IllegalActionError:
            pass
        self.check_observations(state)
        if self.record_step is None and self.seed % 3 == 0:
            self.check_record()


def deep_rate(game) -> float:
    """Chance that a step gets the expensive checks: DEEP_STEPS_PER_GAME a game on average.
    Fixed per variant (from a few compiled random playouts) so any game replays alone."""
    mean_length = random_playouts(game.new_initial_state(0), 20, 0) / 20
    return min(1.0, DEEP_STEPS_PER_GAME / max(1.0, mean_length))


def check_game(variant, seed: int, rate: float, run: Run | None = None) -> Run:
    """Play and check one game; call it alone to replay a reported failure."""
    run = run or Run(variant, rate=rate)
    check = GameCheck(run, variant.load(), seed, rate)
    try:
        check.play()
    except AbortGame:
        pass
    except Exception as exc:            # noqa: BLE001 - a crash is a finding, keep going
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        check.fail("exception", f"{type(exc).__name__}: {exc} ({frame.name}:{frame.lineno})")
    run.games += 1
    run.lengths.append(check.state.move_number)
    return run


def _run_variant(variant, games_per_game: int, moves_per_game: int, first_seed: int) -> Run:
    run = Run(variant, rate=deep_rate(variant.load()))
    moves = moves_per_game / variant.siblings
    for i in range(max(1, math.ceil(games_per_game / variant.siblings))):
        if i >= MIN_GAMES and sum(run.lengths) >= moves:
            break
        check_game(variant, first_seed + 1000 * i, run.rate, run)
    return run


def _check_variant(variant, report_line, scale: int, first_seed: int) -> None:
    start = time.perf_counter()
    run = _run_variant(variant, scale * GAMES_PER_GAME, scale * MOVES_PER_GAME, first_seed)
    elapsed = time.perf_counter() - start
    varied = f"{run.resample_varied}/{run.resample_checked}"
    report_line(f"conformance {variant.id}: {run.games} games in {elapsed:.1f}s, length max "
                f"{max(run.lengths)} mean {sum(run.lengths) / run.games:.0f}, decisive "
                f"{run.decisive}, resample varied {varied}, deep steps {run.deep_steps}")
    if run.failures:
        pytest.fail("contract failures:\n" + run.report(), pytrace=False)
    if run.keys_differed:
        # Seats know different things, so some resample must redraw something.
        assert run.resample_varied > 0, f"{variant.id}: resample never changed the hidden part ({varied})"
    if variant.is_default and run.games >= 20:
        assert run.decisive > 0, f"{variant.id}: no random game was won or lost (all draws)"


def test_random_games(game_variant, report_line):
    """Random games, 200 a game or fewer when long (MOVES_PER_GAME): the whole contract,
    cheap checks on every step."""
    _check_variant(game_variant, report_line, 1, first_seed=17)


@pytest.mark.full
def test_random_games_full(game_variant, report_line):
    """The full budget: FULL times as many games, on other seeds."""
    _check_variant(game_variant, report_line, FULL, first_seed=300)


@pytest.mark.slow
def test_random_games_soak(game_variant, report_line):
    """SOAK times as many games, on other seeds again."""
    _check_variant(game_variant, report_line, SOAK, first_seed=500)


def test_initial_state(game_variant):
    """A new state: right sizes, move 0, deterministic for its seed, nobody has seen anything."""
    game = game_variant.load()
    a, b = game.new_initial_state(seed=5), game.new_initial_state(seed=5)
    assert a.fingerprint() == b.fingerprint()
    assert a.game is game
    assert a.num_players == game_variant.players
    assert a.num_distinct_actions == game.info.actions.size
    assert game.info.branch_bound <= MAX_BRANCH
    assert a.return_bounds == game.info.return_bounds and a.max_game_length > 0
    assert a.move_number == 0
    assert not a.is_terminal()
    assert len({a.infostate_key(p) for p in range(a.num_players)}) == 1
    for bad in (-1, a.num_players):
        with pytest.raises(ValueError):
            a.infostate_key(bad)
        with pytest.raises(ValueError):
            a.resample(bad, 0)


BAD_SEATS = (-1, 99, 2**31, 0.0, 1.5, True, None, "0")


def _choices(state) -> list:
    """The legal actions, or one possible outcome at a sample-only chance node."""
    return [state.sample_chance()] if state.is_sampled_chance() else state.legal_actions()


def _bad_actions(state) -> list:
    """Ids outside the node's range, and values that are not whole numbers at all."""
    legal = _choices(state) or [0]
    top = (state.game.info.max_chance_outcomes if state.is_chance_node()
           else state.num_distinct_actions)
    return [-1, top, max(top, 1024), 2**31, 2**63, -2**63, legal[0] + 0.9, float(legal[0]), True,
            False, None, str(legal[0]), [legal[0]]]


def _refuses(state, call, error) -> None:
    fp = state.fingerprint()
    with pytest.raises(error):
        call()
    assert state.fingerprint() == fp, "a refused argument changed the state"


def test_bad_arguments_are_refused(game_variant):
    """Every public method taking an action or a seat checks it before the game sees it: an id
    outside the node's range, a float, a bool, None or a string raises IllegalActionError (a
    seat: SeatError), both ValueErrors, and changes nothing; at decision nodes, chance nodes
    and the end. Every step of the game's opening is checked, then one in CHECK_STRIDE (a
    Guerilla round is over a thousand steps, each check compares whole snapshots)."""
    game = game_variant.load()
    rng = random.Random(11)
    state = game.new_initial_state(seed=11)
    kinds = set()
    while True:
        kinds.add(state.current_player() if state.current_player() < 0 else "decision")
        legal = _choices(state)
        if (state.move_number >= CHECK_EVERY_STEP_UNTIL and state.move_number % CHECK_STRIDE
                and not state.is_terminal()):
            state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(legal))
            continue
        for bad in _bad_actions(state):
            _refuses(state, lambda: state.apply_action(bad), IllegalActionError)
            _refuses(state, lambda: state.action_to_string(bad), IllegalActionError)
            _refuses(state, lambda: state.describe_action(bad), IllegalActionError)
            if not isinstance(bad, str) and not state.is_sampled_chance():
                _refuses(state, lambda: state.string_to_action(bad), IllegalActionError)
        for bad in BAD_SEATS:
            _refuses(state, lambda: state.infostate_key(bad), SeatError)
            _refuses(state, lambda: state.observation(bad), SeatError)
            _refuses(state, lambda: state.resample(bad, 0), SeatError)
            if legal and bad is not None:       # viewer None is the all-seeing narrator
                _refuses(state, lambda: state.describe_action(legal[0], bad), SeatError)
        top = (state.game.info.max_chance_outcomes if state.is_chance_node()
               else state.num_distinct_actions)
        for a in {*range(0, top, max(1, top // 64)), top - 1}:
            # Every id of the node's range has a text, legal here or not (a log may show any).
            if not (isinstance(state.action_to_string(a), str)
                    and all(isinstance(state.describe_action(a, v), str) for v in (None, 0))):
                pytest.fail(f"{game_variant.id}: action {a} has no text at move {state.move_number}")
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(legal))
    assert {"decision", TERMINAL} <= kinds


def test_string_to_action_rejects_unknown_text(game_variant):
    state = game_variant.load().new_initial_state(seed=3)
    fp = state.fingerprint()
    with pytest.raises(IllegalActionError):
        state.string_to_action("no such move at all")
    assert state.fingerprint() == fp


def test_seeds_give_different_games(game_variant):
    """The seed drives the chance outcomes that play draws from the state itself."""
    game = game_variant.load()
    endings, met_chance = set(), False
    for seed in range(8):
        match = Match(game, seed)
        rng = random.Random(0)          # same decisions policy, different chance stream
        while not match.state.is_terminal() and match.state.move_number < 60:
            if match.state.is_chance_node():
                met_chance = True
                match.play_chance()
            else:
                match.apply(rng.choice(match.state.legal_actions()))
        endings.add(tuple(match.actions))
    if not met_chance:
        pytest.skip("no chance node in the first 60 actions")
    assert len(endings) > 1


# ---------------------------------------------------------------------------- narration
# What a seat is told of a step, describe_action(a, seat), must say no more than the seat may
# know. At a node, for every seat v, over the node's children (each legal action or listed
# chance outcome; a few draws at a sample-only node):
#   narration-key   two children that leave v's key equal are described to v alike;
#   narration-leak  two children that v's resample cannot tell apart (resample(v) with one seed
#                   draws the same world after either) leave v's key equal and are described to
#                   v alike. Resample depends only on v's view (checked above), so a key or a
#                   text that tells them apart holds what v's view does not: a leak, or a
#                   resample that forgets what v saw. Exempt: two children that are the same
#                   game (a roll that changes nothing: v may be told of a step that leaves no
#                   trace), and two that every world v holds possible offers alike (same key,
#                   same text: a public choice that moves nothing v can see, such as which of
#                   two face-down counter-offers is accepted).
# A node's kind is chance, sample-only chance or decision, with the step its observation names
# ("node", else "phase"). A variant checks the first NARRATION_CHECKS nodes of each kind it
# meets, and drives its games towards kinds it has not met (narration_run). NODE_KINDS lists
# each game's kinds; test_narration_node_kinds checks that a game's variants together met every
# one (the soak's SOAK_ONLY_KINDS aside), and no other.

# Moves per game, shared among its variants; a larger PARTISAN_CONFORMANCE_MOVES raises it.
NARRATION_MOVES = max(20_000, MOVES_PER_GAME // 10)
NARRATION_CHECKS = 1          # nodes checked per kind and variant
NARRATION_CHILDREN = 48       # children compared at one node (a random subset of larger nodes)
NARRATION_DRAWS = 6           # draws at a sample-only chance node
_GUERILLA_STEPS = (
    "UN Intervention", "ability target", "air assault: combine with", "air assault: where",
    "ambush", "armor column: attack again", "armor column: first target", "attack mode",
    "attacking unit", "defender", "drawn complex", "faction", "garrison", "initial deployment",
    "losses", "misdeal", "order of the losses", "pick cards", "reaction",
    "rearrange a group after a battle, deployment or change of faction",
    "rearrange: the unit to turn sideways", "recon counter: leader",
    "recon counter: its unit (a leader may come first)", "recon patrol: counter", "recon patrol: group", "recon patrol: hand",
    "recon patrol: take or discard", "retreat", "revolution: swap markers",
    "revolution: turn a group", "sortie", "supply cut: cutting group", "supply cut: group to cut",
    "target", "trade: accept", "trade: lay cards", "trade: return cards", "traitors", "turn",
    "withdraw part of a group")
# Every node kind of every registered game (node_kind). Baler's observation names its node by
# number (core/games/baler/flow.pxd); 41 is the automa's card (option `automa`).
NODE_KINDS = {
    "baler": (*(f"chance: node {n}" for n in (*range(1, 10), 41)),
              *(f"decision: node {n}" for n in range(10, 41))),
    "garden": ("chance: deal", *(f"decision: {p}" for p in ("aim", "blast", "card", "orient", "target")),
               *(f"sample-only chance: {p}" for p in ("element", "enemy", "land"))),
    "guerilla": (*(f"chance: {p}" for p in ("deal", "dealer", "draw", "hand capacity", "loyalty",
                                             "refill", "roll")),
                 *(f"decision: {p}" for p in _GUERILLA_STEPS)),
    "hearts": ("chance: deal", "chance: pass direction", "decision: pass", "decision: play"),
    "junta": (*(f"chance: {p}" for p in ("burglars", "combat: plunder", "combat: plunder order",
                                          "combat: re-roll", "combat: roll", "draw cards", "set-up",
                                          "spend money")),
              *(f"decision: {p}" for p in ("burglars", "check number of cards", "combat: cards",
                                            "combat: destroy militia", "combat: diversionary tactic",
                                            "command militias", "make promises", "spend money",
                                            "spy"))),
    "kuhn": ("chance", "decision"),
    "leduc": ("chance", "decision"),
    "war": (*(f"chance: {p}" for p in ("draw", "loss of forces", "recruitment", "tie draw")),
            *(f"decision: {p}" for p in ("cancellation", "loss of forces", "play", "promotion",
                                          "support", "tie play"))),
}
# Kinds so rare in random play that only the soak is sure to meet them: Baler's territorial
# combat (its dice, the unit lost to the US, the morale modifiers, the advance), which needs
# the Filipinos' stack deployed and moved up, and Persistence on the Takeover attempt.
SOAK_ONLY_KINDS = {"baler": {"chance: node 5", *(f"decision: node {n}" for n in (33, 34, 36, 37))}}


@dataclass
class NarrationRun:
    """The narration checks of one variant: failures, kinds met and checked."""

    variant: object
    folder: object                     # where a failing game's record is written
    failures: dict = field(default_factory=lambda: defaultdict(list))
    met: dict = field(default_factory=lambda: defaultdict(int))
    checked: dict = field(default_factory=lambda: defaultdict(int))
    games: int = 0
    moves: int = 0

    def fail(self, check: str, match, detail: str) -> None:
        items = self.failures[check]
        if len(items) < MAX_REPORTED_PER_CHECK:
            path = self.folder / f"narration-{self.variant.id}-{check}-{len(items)}.json"
            match.save(path)
            detail += f" (record {path}, move {match.state.move_number})"
        items.append(detail)

    def report(self) -> str:
        lines = ["(`partisan replay RECORD` or record.load(RECORD).state reaches the node)"]
        for check, items in sorted(self.failures.items()):
            lines.append(f"{check}: {len(items)} failure(s)")
            lines += [f"    {self.variant.id}: {detail}" for detail in items[:MAX_REPORTED_PER_CHECK]]
        return "\n".join(lines)


def node_kind(state) -> str:
    """'decision: reaction', 'chance: node 9', 'sample-only chance: land', or just 'decision'
    when the observation names no step (Kuhn)."""
    kind = ("sample-only chance" if state.is_sampled_chance() else
            "chance" if state.is_chance_node() else "decision")
    obs = state.observation(0)
    if obs.get("node") is not None:
        return f"{kind}: node {obs['node']}"
    return f"{kind}: {obs['phase']}" if obs.get("phase") is not None else kind


def _children(state, rng: random.Random, cap: bool = True) -> list:
    """(action, state after it) for the node's choices (at most NARRATION_CHILDREN if `cap`;
    NARRATION_DRAWS draws at a sample-only node)."""
    if state.is_sampled_chance():
        choices = sorted({state.sample_chance(RandomState(rng.getrandbits(32)))
                          for _ in range(NARRATION_DRAWS)})
    else:
        choices = state.legal_actions()
        if cap and len(choices) > NARRATION_CHILDREN:
            choices = sorted(rng.sample(choices, NARRATION_CHILDREN))
    children = []
    for a in choices:
        child = state.clone()
        child.apply_action(a)
        children.append((a, child))
    return children


def _seen_of_children(state, v: int, children) -> set:
    """(v's key, v's text) of each child: what v makes of each way the step can go."""
    return {(child.infostate_key(v), state.describe_action(a, v)) for a, child in children}


def _offered_in_every_world(state, v: int, seed: int, rng: random.Random) -> set:
    """What v makes of a step that every world v cannot tell from this one offers alike (two
    worlds resampled for v): there the choice between two such steps is in v's sight."""
    offered = None
    for i in range(2):
        world = state.clone()
        world.resample(v, seed + i)
        seen = _seen_of_children(world, v, _children(world, rng, cap=False))
        offered = seen if offered is None else offered & seen
    return offered


def check_narration(run: NarrationRun, match, children, rng: random.Random) -> None:
    """The two narration checks at the match's node, for every seat."""
    state = match.state
    seed = rng.getrandbits(32)
    for v in range(state.num_players):
        by_key, by_world, suspects = {}, {}, []
        for a, child in children:
            text = state.describe_action(a, v)
            key = child.infostate_key(v)
            b, seen = by_key.setdefault(key, (a, text))
            if seen != text:
                run.fail("narration-key", match, f"seat {v}: {b} and {a} leave its key equal, "
                         f"yet it reads {seen!r} and {text!r}")
            if child.is_terminal():
                continue
            world = child.clone()
            world.resample(v, seed)
            first = by_world.setdefault(_game_bytes(world), (a, key, text, _game_bytes(child)))
            if first[3] != _game_bytes(child) and first[1:3] != (key, text):
                suspects.append((first[:3], (a, key, text)))
        if not suspects:
            continue
        # A public choice that changes nothing v cannot see (which of two counter-offers is
        # accepted, every card face down) is offered alike in every world v holds possible.
        offered = _offered_in_every_world(state, v, seed + 1, rng)
        for (b, b_key, b_text), (a, key, text) in suspects:
            if {(b_key, b_text), (key, text)} <= offered:
                continue
            what = (f"it reads {b_text!r} and {text!r}" if b_text != text else
                    f"its key differs (both read {text!r})")
            run.fail("narration-leak", match, f"seat {v} cannot tell {b} from {a} (resample({v}, "
                     f"{seed}) draws the same world after either, and the worlds it holds possible "
                     f"do not all offer both), yet {what}")


def narration_run(variant, moves: int, first_seed: int, folder) -> NarrationRun:
    """Random games of a variant, at least one, until `moves` are played, checking the first
    NARRATION_CHECKS nodes of each kind and steering towards kinds not met yet: at a checked
    node an action leading to a new kind, elsewhere an action never taken at a node of its
    kind (a rare action often opens a rare kind). Three games in four start again where one
    of the three rarest kinds met so far was first met (its actions replayed), so that what
    follows a rare node is met too."""
    game = variant.load()
    run = NarrationRun(variant, folder)
    seed = first_seed + zlib.crc32(variant.id.encode()) % 1000     # variants play other games
    first_met = {}                     # kind -> (game seed, actions up to its first node)
    tried = defaultdict(set)           # kind -> the actions taken at its nodes
    while run.games == 0 or run.moves < moves:
        rng, dice = random.Random(seed), RandomState(seed)
        if run.games % 4 and first_met:
            kinds = sorted(first_met, key=lambda k: run.met[k])[:3]
            restart = first_met[rng.choice(kinds)]
            match = Match(game, restart[0], list(restart[1]))
        else:
            match = Match(game, seed)
        state, start = match.state, match.state.move_number
        while not state.is_terminal() and state.move_number < LENGTH_CAP:
            kind = node_kind(state)
            run.met[kind] += 1
            first_met.setdefault(kind, (match.seed, list(match.actions)))
            action = None
            if run.checked[kind] < NARRATION_CHECKS:
                run.checked[kind] += 1
                children = _children(state, rng)
                check_narration(run, match, children, rng)
                new = [a for a, child in children
                       if not child.is_terminal() and node_kind(child) not in run.met]
                action = rng.choice(new) if new else None
            if action is None and state.is_chance_node():
                action = state.sample_chance(dice)
            elif action is None:
                legal = state.legal_actions()
                untried = [a for a in legal if a not in tried[kind]]
                action = rng.choice(untried or legal)
            tried[kind].add(action)
            match.apply(action)
        run.games += 1
        run.moves += state.move_number - start
        seed += 1000
    return run


_narration_runs = {}     # test_narration's runs, which test_narration_node_kinds counts again


def _narration(variant, scale: int, first_seed: int, folder) -> NarrationRun:
    key = (variant.id, scale, first_seed)
    if key not in _narration_runs:
        _narration_runs[key] = narration_run(variant, scale * NARRATION_MOVES // variant.siblings,
                                             first_seed, folder)
    return _narration_runs[key]


def _check_narration_variant(variant, report_line, folder, scale: int, first_seed: int) -> None:
    start = time.perf_counter()
    run = _narration(variant, scale, first_seed, folder)
    report_line(f"narration {variant.id}: {run.games} games, {run.moves} moves, "
                f"{len(run.checked)} node kinds checked in {time.perf_counter() - start:.1f}s")
    if run.failures:
        pytest.fail("narration failures:\n" + run.report(), pytrace=False)


def test_narration(game_variant, report_line, tmp_path):
    """A seat is told no more of a step than it may know (the narration section above), at
    the first node of every kind each variant meets."""
    _check_narration_variant(game_variant, report_line, tmp_path, 1, first_seed=29)


@pytest.mark.slow
def test_narration_soak(game_variant, report_line, tmp_path):
    """Ten times as many moves again, on other seeds."""
    _check_narration_variant(game_variant, report_line, tmp_path, 10, first_seed=700)


def _check_node_kinds(game: str, variants, folder, scale: int, first_seed: int, required) -> None:
    if game not in NODE_KINDS:
        pytest.fail(f"{game}: list its node kinds in NODE_KINDS")
    met = set().union(*(_narration(v, scale, first_seed, folder).checked for v in variants))
    unlisted = sorted(met - set(NODE_KINDS[game]))
    missed = sorted(set(required) - met)
    assert not unlisted, f"{game}: node kinds not in NODE_KINDS (add them): {unlisted}"
    assert not missed, f"{game}: the narration checks never met {missed}"


def test_narration_node_kinds(registered_game, variants_of, tmp_path):
    """The narration checks met every node kind of the game (NODE_KINDS; the soak's rare ones
    aside) in some variant, and no kind the list does not know."""
    required = set(NODE_KINDS.get(registered_game, ())) - SOAK_ONLY_KINDS.get(registered_game, set())
    _check_node_kinds(registered_game, variants_of(registered_game), tmp_path, 1, 29, required)


@pytest.mark.slow
def test_narration_node_kinds_soak(registered_game, variants_of, tmp_path):
    """The soak meets every node kind, the rare ones too."""
    _check_node_kinds(registered_game, variants_of(registered_game), tmp_path, 10, 700,
                      NODE_KINDS.get(registered_game, ()))
