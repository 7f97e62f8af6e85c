"""Bots: the uniform random bot, flat determinised Monte Carlo, ISMCTS, Monte-Carlo CFR for
small games, and presets.

Every bot sees a state only through its own seat: ISMCTS and PIMC resample
what the seat cannot see before each simulation, and the random bot looks only
at the legal actions, which depend only on what the mover knows.
"""
from __future__ import annotations

import inspect
import numbers
import os
import random
from dataclasses import dataclass
from pathlib import Path

from partisan.ai.cfr import MCCFR
from partisan.ai.ismcts import ISMCTS, flat_monte_carlo
from partisan.ai.parallel import RootParallel, SharedTree
from partisan.ai.presets import preset_tables
from partisan.core.errors import BotSpecError, IllegalActionError, OptionError, shown
from partisan.core.game import game_info
from partisan.core.seeds import check_seed

PRESETS_FILE = Path(__file__).with_name("presets.toml")
PRESET_ORDER = ("novice", "easy", "normal", "hard", "expert")
# Above the ladder and outside `partisan tune`: the game's expert searching by time on every core.
MASTER = "master"
# `partisan play`'s opponent unless --bot names one: a fair but real game for a newcomer (the
# README's "Difficulty" says why this rung).
DEFAULT_OPPONENT = "hard"
# The default adviser behind `partisan play`'s `hint`: the game's own `expert` preset (the top of
# its measured ladder, where the strength curve has flattened) searching 32,768 iterations, so
# that its advice hardly changes from one seed to another, and stopping after a second if the
# machine is slower than the one measured (WAR and Junta take about 0.4 s on average there).
ADVISER = "expert:iterations=32768,seconds=1"


@dataclass(frozen=True)
class ActionStat:
    action: int
    visits: int
    mean: float


@dataclass(frozen=True)
class Param:
    """A bot parameter's type and the range the search accepts."""

    kind: type
    low: float
    high: float
    meaning: str = ""


def check_params(bot: str, **values) -> None:
    """A BotSpecError naming the allowed range unless every value is a number in it (nan and
    infinities never are) and a whole number where the search counts."""
    for key, value in values.items():
        param = PARAMS[key]
        whole = param.kind is int
        meaning = param.meaning or ("a whole number" if whole else "a number")
        if (isinstance(value, bool) or not isinstance(value, numbers.Real)
                or not param.low <= value <= param.high or (whole and value != int(value))):
            low, high = (f"{int(b):,}" if whole else f"{b:g}" for b in (param.low, param.high))
            raise BotSpecError(f"{bot} {key} is {meaning}, from {low} to {high} (not {shown(value)})")


# The most information states an ISMCTS bot's `solve` table may hold (Leduc poker has 936). A
# game that outgrows it is searched instead: WAR, Junta and Hearts outgrow it in about 0.1 s of
# CPU, Garden Guerrilla in 0.65 s, once a process (_UNSOLVED).
SOLVE_NODES = 100_000
# Each thread of a search grows a tree of its own (ai/parallel.pyx): more than this many would
# only spend memory.
MAX_THREADS = 64
# The upper bounds are what the search's counters hold: visits and edge indices are 32-bit
# (up to 24 edges a node), the rollout trace is allocated once at rollout_depth entries.
PARAMS = {"iterations": Param(int, 0, 2**31 - 1), "seconds": Param(float, 0, 86_400),
          "uct_c": Param(float, 0, 100), "rollout_depth": Param(int, 0, 1_000_000),
          "max_nodes": Param(int, 16, 50_000_000), "playouts": Param(int, 1, 2**31 - 1),
          "expand": Param(int, 1, 1 << 20, "how often an edge is taken before the node it leads "
                          "to joins the tree (1: at once)"),
          "mast": Param(float, 0, 1, "a share of rollout moves"),
          "smooth": Param(float, 0, 1, "Smooth UCT's share of UCB choices (0: off)"),
          "regret": Param(float, 0, 0.99, "regret matching's share of uniform exploration at "
                          "secret decisions (0: off, UCB there too)"),
          "mixed": Param(int, 0, 1, "1 to sample the move at secret decisions from the search's "
                         "mixed policy, 0 not"),
          "margin": Param(float, 0, 1, "with mixed, how far below the most visited move's mean "
                          "return (a share of the game's return range) a move may be and still be "
                          "drawn (0: any move)"),
          "solve": Param(float, 0, 3_600, "CPU seconds of Monte-Carlo CFR from the start, once a "
                         "game, whose average strategy is played wherever it reached the mover's "
                         "information state (0: off; a game of more than 100,000 information "
                         "states is searched)"),
          "from_start": Param(int, 0, 1, "1 to search from the start of the game, 0 from the state"),
          "belief": Param(float, 0, 0.99, "the share of iterations begun from a world the search "
                          "from the start reached the state in (0: off; implies from_start=1)"),
          "blunder": Param(float, 0, 1, "a share of moves played at random"),
          "threads": Param(int, 0, MAX_THREADS, "the number of threads one search runs on (0: one "
                           "a core)"),
          "shared": Param(int, 0, 1, "1 for one tree its threads share, 0 for a tree each"),
          "plus": Param(int, 0, 1, "1 for regret matching+ with linear averaging, 0 for plain"),
          "prior": Param(float, 0, 100, "the weight of the game's move prior in the tree's UCB, "
                         "prior * p / (1 + visits) (0: off; a game without priors ignores it)"),
          "guide": Param(float, 0, 1, "the share of rollout moves drawn in proportion to the "
                         "game's move prior (0: off; a game without priors ignores it)"),
          "read": Param(float, 0, 100, "how much the search's worlds weigh what the table tells "
                        "of hidden information, as a player reads it (0: every consistent world "
                        "alike; a game without such a reading ignores it)"),
          "filters": Param(int, 0, 1, "1 never to play a move the game marks as changing nothing "
                           "(GameState.bot_actions), 0 to consider every legal move, as bots did "
                           "before the games marked them"),
          "step_over": Param(int, 0, 1, "1 to play a forced move (one legal move) below the "
                             "searched state without a tree node, 0 to give it a node and a step "
                             "of the path, as the search did before (f82bef2's bots as they played)"),
          "widen": Param(float, 0, 100, "progressive widening by the game's move prior: a node "
                         "with N visits lets only its ceil(widen * sqrt(N + 1)) moves of the highest "
                         "prior take part (0: off; needs prior > 0; a game without priors ignores it)"),
          "lead": Param(float, 0, 1, "the share of the returns at a game's end the search takes "
                        "from the game's estimate of each seat's lead (its heuristic returns) "
                        "instead of from the win or loss (0: win or loss alone)")}


def spec_name(kind: str, cls, params: dict, always: tuple[str, ...] = ()) -> str:
    """The spec that rebuilds a bot of class `cls` made with `params`: its kind and every
    parameter that differs from the class's default (a default of None: 0), and those in
    `always`. Numbers are written as Python writes them, so that they read back exactly; a
    time budget as briefly as that allows (`seconds=2`)."""
    defaults = {name: 0 if p.default is None else p.default
                for name, p in inspect.signature(cls.__init__).parameters.items()}
    named = []
    for key, value in params.items():
        if key in always or value != defaults[key]:
            text = repr(value)
            if key == "seconds" and float(f"{value:g}") == value:
                text = f"{value:g}"
            named.append(f"{key}={text}")
    return kind + (":" + ",".join(named) if named else "")


def _typed(**values) -> dict:
    """Checked parameters in their own types (a whole float where a count is meant: an int)."""
    return {key: PARAMS[key].kind(value) for key, value in values.items()}


class Bot:
    """choose(state) -> action for the seat to move; explain(state) -> per-action statistics.
    Its name (str(bot)) is the spec that rebuilds it with make_bot, from `params`."""

    name = "bot"
    params: dict = {}
    filters = True          # whether the game's bot filter applies (ISMCTSBot's `filters`)

    def choose(self, state) -> int:
        forced = _forced_action(state, self.filters)
        if forced is not None:
            return forced
        return self.pick(self.rank(self.explain(state)))

    def explain(self, state) -> list[ActionStat]:
        return [ActionStat(a, 0, 0.0) for a in _mover_actions(state)]

    def policy(self, state) -> dict[int, float]:
        """{action: probability} of what choose(state) plays (a point mass for a deterministic
        bot); used to measure exploitability (partisan.ai.exploitability)."""
        return {self.choose(state): 1.0}

    # The bot's own generator for what it draws (a tie between best moves): its seed
    # reproduces its games.
    _draws: random.Random

    def merit(self, stat: ActionStat) -> tuple:
        """What rank() orders by, best lowest: most visited, then the better mean."""
        return (-stat.visits, -stat.mean)

    def rank(self, stats: list[ActionStat]) -> list[ActionStat]:
        """Best first by merit(), then by action (an order for display; choose() draws among
        the moves tied at the top)."""
        return sorted(stats, key=lambda s: (self.merit(s), s.action))

    def best(self, ranked: list[ActionStat]) -> list[ActionStat]:
        """The moves of `ranked` (from rank()) tied with its first in merit."""
        top = self.merit(ranked[0])
        return [s for s in ranked if self.merit(s) == top]

    def pick(self, ranked: list[ActionStat]) -> int:
        """The move choose() plays from `ranked`: the best, a tie drawn at random (never the
        lowest action id, which would aim every tied choice at one end of the action space)."""
        top = self.best(ranked)
        return (top[0] if len(top) == 1 else self._draws.choice(top)).action

    def __repr__(self) -> str:
        return self.name


def _mover_actions(state, filters: bool = True) -> list[int]:
    """The legal moves a bot considers: the game leaves out those that cannot change anything
    (GameState.bot_actions), which stay legal for a person; every legal move without `filters`."""
    if state.current_player() < 0:
        raise IllegalActionError("a bot chooses only when a seat is to move")
    return state.bot_actions() if filters else state.legal_actions()


def _forced_action(state, filters: bool = True) -> int | None:
    """The only legal move, when there is one: a search could not choose anything else."""
    actions = _mover_actions(state, filters)
    return actions[0] if len(actions) == 1 else None


class RandomBot(Bot):
    def __init__(self, seed: int = 0):
        self.name = "random"
        self._rng = random.Random(seed)

    def choose(self, state) -> int:
        return self._rng.choice(_mover_actions(state))

    def policy(self, state) -> dict[int, float]:
        actions = _mover_actions(state)
        return {a: 1.0 / len(actions) for a in actions}


class PIMCBot(Bot):
    """Flat Monte Carlo over determinisations: a baseline for the tree search."""

    def __init__(self, playouts: int = 1000, rollout_depth: int = 200, seed: int = 0):
        if playouts < 1:
            raise BotSpecError("pimc playouts must be at least 1")
        check_params("pimc", playouts=playouts, rollout_depth=rollout_depth)
        self.params = _typed(playouts=playouts, rollout_depth=rollout_depth)
        self.name = spec_name("pimc", PIMCBot, self.params, always=("playouts",))
        self.playouts, self.rollout_depth = self.params["playouts"], self.params["rollout_depth"]
        self._draws = random.Random(seed)

    def explain(self, state) -> list[ActionStat]:
        _mover_actions(state)
        rows = flat_monte_carlo(state, self.playouts, self.rollout_depth, self._draws.getrandbits(63))
        return [ActionStat(a, n, m) for a, n, m in rows]

    def merit(self, stat: ActionStat) -> tuple:
        """Every action gets the same share of playouts: the best mean wins."""
        return (-stat.mean,)


class ISMCTSBot(Bot):
    """The tree search; with `blunder` > 0 that share of its moves is a uniformly random legal
    move instead (drawn before searching), a strength knob finer than the iteration budget at
    the bottom of a ladder, where one more iteration can be a large step.

    `smooth` > 0 selects by Smooth UCT, `regret` > 0 by regret matching at secret decisions
    (ai/ismcts.pyx); `prior` > 0 biases the tree's choices by the game's move prior where the
    game has one (GameState's bot hooks), `widen` > 0 lets a node try only the moves it favours
    most, more as the node's visits grow, and `guide` > 0 draws that share of rollout moves by
    it; `read` > 0 weighs the search's sampled worlds by what the table tells (a Guerilla seat's
    groups tell its loyalty), where the game reads it; `lead` > 0 mixes that share of the game's
    heuristic returns into the returns at a game's end, so that a seat that loses in every line
    still prefers the closer loss. With `mixed`, at a secret decision
    (`state.secret_decision()`: a sealed or simultaneous choice, a bet on a hidden card) the
    move is drawn from the search's mixed policy at the root (the average policy with `regret`
    or `smooth`, else the visit shares) instead of the most visited move, so that a person
    cannot learn its choice; elsewhere it plays the most visited move, as a mixed choice there
    only costs strength.

    With `from_start` every iteration begins at the start of the game (a new initial state)
    and the answer is read at the state's own node, so the opponents' hidden cards are weighed
    by how often the search's own policies reach the state (the resampled worlds of a search
    from the state weigh them uniformly, which an equilibrium does not). It suits games of one
    short hand (kuhn, leduc); if the search never reached the state it searches from it.
    `belief` > 0 (implies `from_start`) spends that share of the iterations in worlds the
    iterations from the start reached the state in, so the state gets most of the budget while
    the opponents' hands keep the weights of how likely their moves were (ai/ismcts.pyx).

    With `threads` > 1 one search runs on that many threads (ai/parallel.pyx): a tree each,
    the iteration budget shared out among them, or with `shared` one tree they take turns at;
    the time budget is each thread's."""

    def __init__(self, iterations: int = 1000, seconds: float = 0.0, uct_c: float = 2.0,
                 rollout_depth: int = 200, max_nodes: int = 1_000_000, mast: float = 0.0,
                 blunder: float = 0.0, smooth: float = 0.0, mixed: int = 0, margin: float = 0.0,
                 solve: float = 0.0, from_start: int = 0, belief: float = 0.0,
                 regret: float = 0.0, threads: int = 1, shared: int = 0, expand: int = 1,
                 prior: float = 0.0, guide: float = 0.0, read: float = 0.0, filters: int = 1,
                 lead: float = 0.0, widen: float = 0.0, step_over: int = 1, seed: int = 0):
        check_params("ismcts", iterations=iterations, seconds=seconds, uct_c=uct_c,
                     rollout_depth=rollout_depth, max_nodes=max_nodes, expand=expand, mast=mast,
                     blunder=blunder,
                     smooth=smooth, mixed=mixed, margin=margin, solve=solve,
                     from_start=from_start, belief=belief, regret=regret, threads=threads,
                     shared=shared, prior=prior, guide=guide, read=read, filters=filters,
                     lead=lead, widen=widen, step_over=step_over)
        if iterations <= 0 and seconds <= 0:
            raise BotSpecError("ismcts needs iterations > 0 or seconds > 0")
        # threads=0 is every core of this machine: the name gives the number that searched
        self.params = p = _typed(
            iterations=iterations, seconds=seconds, uct_c=uct_c, rollout_depth=rollout_depth,
            max_nodes=max_nodes, mast=mast, blunder=blunder, smooth=smooth, mixed=mixed,
            margin=margin, solve=solve, from_start=from_start, belief=belief, regret=regret,
            threads=threads or every_core(), shared=shared, expand=expand, prior=prior,
            guide=guide, read=read, filters=filters, lead=lead, widen=widen, step_over=step_over)
        self.name = spec_name("ismcts", ISMCTSBot, p, always=("iterations", "uct_c"))
        self.iterations, self.seconds, self.blunder = p["iterations"], p["seconds"], p["blunder"]
        self.filters = bool(p["filters"])
        self.mixed, self.margin, self.solve = bool(mixed), p["margin"], p["solve"]
        self._table: MCCFR | None = None
        self._table_game = None
        self._seed = seed
        self.from_start = bool(from_start or belief)
        search = {key: p[key] for key in ("uct_c", "rollout_depth", "max_nodes", "mast", "smooth",
                                          "belief", "regret", "expand", "prior", "guide",
                                          "read", "filters", "lead", "widen", "step_over")}
        if p["threads"] > 1:
            self.search = (SharedTree if shared else RootParallel)(p["threads"], seed=seed, **search)
        else:
            self.search = ISMCTS(seed=seed, **search)
        self._draws = random.Random(seed)       # blunders, mixed moves, ties

    def choose(self, state) -> int:
        if self.blunder:
            actions = _mover_actions(state, self.filters)   # a chance or terminal node raises first
            if len(actions) > 1 and self._draws.random() < self.blunder:
                return self._draws.choice(actions)
        if _forced_action(state, self.filters) is None:
            mixed = self._mixed_policy(state)
            if mixed:
                actions, weights = zip(*mixed.items())
                return self._draws.choices(actions, weights)[0]
        return super().choose(state)

    def _mixed_policy(self, state) -> dict[int, float] | None:
        """The mixed policy the bot plays at `state`, or None where it plays the most visited
        move: the `solve` table's average strategy where the table reached the mover's
        information state; else, with `mixed` at a secret decision, the search's root policy,
        with `margin` only over the moves whose mean return is within that share of the
        game's return range below the most visited move's."""
        table = self._solved(state)
        if table is not None and table.knows(state):
            return dict(table.average_policy(state))
        if not (self.mixed and state.secret_decision()):
            return None
        stats = self.rank(self.explain(state))
        policy = dict(self.search.root_policy())
        if not self.margin:
            return policy
        low, high = state.return_bounds
        return near_best(stats, policy, self.margin * (high - low))

    def _solved(self, state) -> MCCFR | None:
        """The `solve` table of state's game, built once a game; None without `solve` or for a
        game of more than SOLVE_NODES information states."""
        if not self.solve:
            return None
        if self._table_game != state.game:
            table, key = None, _game_key(state.game)
            if key not in _UNSOLVED:
                try:
                    table = cfr_table(state.game, 0, self.solve, SOLVE_NODES, 0, self._seed)
                except BotSpecError:
                    _UNSOLVED.add(key)
            # only now: an interrupted build (Ctrl-C) is tried again at the next choice
            self._table, self._table_game = table, state.game
        return self._table

    def policy(self, state) -> dict[int, float]:
        actions = _mover_actions(state)
        if len(actions) == 1:
            return {actions[0]: 1.0}
        probs = {a: self.blunder / len(actions) for a in actions}
        searched = self._mixed_policy(state)
        if not searched:
            top = self.best(self.rank(self.explain(state)))
            searched = {s.action: 1.0 / len(top) for s in top}
        for a, p in searched.items():
            probs[a] += (1.0 - self.blunder) * p
        return probs

    def explain(self, state) -> list[ActionStat]:
        _mover_actions(state)
        rows = []
        if self.from_start:
            rows = self.search.search(state, self.iterations, self.seconds,
                                      state.game.new_initial_state())
        if not rows:
            rows = self.search.search(state, self.iterations, self.seconds)
        return [ActionStat(a, n, m) for a, n, m in rows]


class CFRBot(Bot):
    """Monte-Carlo CFR (external sampling, ai/cfr.pyx) from the start of the game, for small
    games such as kuhn and leduc poker (it refuses a game whose table would exceed `max_nodes`
    information states). It plays its average strategy at the mover's information state: a
    mixed policy, drawn from with the bot's seed.

    The search begins at a fresh initial state of the game, never at the state it is asked
    about, and reads its answer by the mover's information-state key: it uses nothing the seat
    cannot see. Because of that the search does not depend on the state, so the table is kept
    and reused for every later decision in a game equal to the one it was built for: with an
    iteration budget it is exactly the table a fresh search with the same seed would build;
    with `seconds` it is one such search's table (how many iterations fit is up to the
    machine)."""

    def __init__(self, iterations: int | None = None, seconds: float | None = None,
                 max_nodes: int = 1_000_000, plus: int = 0, seed: int = 0):
        if iterations is None and seconds is None:
            seconds = 1.0       # a spec without a budget: a second of CPU time
        iterations, seconds = iterations or 0, seconds or 0.0
        check_params("cfr", iterations=iterations, seconds=seconds, max_nodes=max_nodes, plus=plus)
        if iterations <= 0 and seconds <= 0:
            raise BotSpecError("cfr needs iterations > 0 or seconds > 0")
        self.params = _typed(iterations=iterations, seconds=seconds, max_nodes=max_nodes, plus=plus)
        self.name = spec_name("cfr", CFRBot, self.params)
        self.iterations, self.seconds = self.params["iterations"], self.params["seconds"]
        self.max_nodes, self.plus, self.seed = self.params["max_nodes"], self.params["plus"], seed
        self.table: MCCFR | None = None
        self._game = None
        self._draws = random.Random(seed)

    def _search(self, state) -> MCCFR:
        """The table for state's game, searched once with the bot's budget."""
        if self.table is None or self._game != state.game:
            self.table = cfr_table(state.game, self.iterations, self.seconds, self.max_nodes,
                                   self.plus, self.seed)
            self._game = state.game
        return self.table

    def policy(self, state) -> dict[int, float]:
        actions = _mover_actions(state)
        if len(actions) == 1:
            return {actions[0]: 1.0}
        return dict(self._search(state).average_policy(state))

    def explain(self, state) -> list[ActionStat]:
        return [ActionStat(a, 0, p) for a, p in self.policy(state).items()]

    def choose(self, state) -> int:
        forced = _forced_action(state)
        if forced is not None:
            return forced
        actions, weights = zip(*self.policy(state).items())
        return self._draws.choices(actions, weights)[0]


def near_best(ranked: list[ActionStat], policy: dict[int, float], margin: float) -> dict[int, float]:
    """`policy` kept to the visited moves whose mean return is at most `margin` below the most
    visited move's (ranked[0]) and renormalised; that move alone if they have no weight."""
    floor = ranked[0].mean - margin
    close = {s.action for s in ranked if s.visits and s.mean >= floor}
    kept = {a: p for a, p in policy.items() if a in close}
    total = sum(kept.values())
    return {a: p / total for a, p in kept.items()} if total > 0 else {ranked[0].action: 1.0}


def cfr_table(game, iterations: int, seconds: float, max_nodes: int, plus: int,
              seed: int) -> MCCFR:
    """A Monte-Carlo CFR table of `game` searched from a new initial state; BotSpecError if the
    game has more than `max_nodes` information states."""
    table = MCCFR(max_nodes=max_nodes, plus=bool(plus), seed=seed & (2**64 - 1))
    table.run(game.new_initial_state(), iterations, seconds)
    return table


# The games (_game_key) whose `solve` table outgrew SOLVE_NODES in this process: not tried again.
_UNSOLVED: set[tuple] = set()


def _game_key(game) -> tuple:
    return game.name, game.players, repr(sorted(game.options.items())), str(game.data_dir)


_KINDS = {"random": RandomBot, "pimc": PIMCBot, "ismcts": ISMCTSBot, "cfr": CFRBot}



def every_core() -> int:
    """The cores this process may run on (`threads=0`), at most MAX_THREADS."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(cores or 1, MAX_THREADS))


def load_presets(game: str | None = None) -> dict[str, dict]:
    """Preset name -> parameters, with the game's own overrides applied; a preset `like`
    another starts from that one's values (the game's own) and changes what it names."""
    data = preset_tables(PRESETS_FILE)
    presets = {name: dict(values) for name, values in data.get("presets", {}).items()}
    for name, values in data.get("games", {}).get(game or "", {}).items():
        presets.setdefault(name, {}).update(values)
    resolved = {}

    def resolve(name: str, chain: tuple) -> dict:
        if name not in resolved:
            values = dict(presets[name])
            like = values.pop("like", None)
            if like is not None:
                if like not in presets:
                    raise BotSpecError(f"preset {name} is like {like!r}, which is no preset")
                if like in chain:
                    raise BotSpecError("presets like each other in a loop: " + " -> ".join((*chain, like)))
                values = {**resolve(like, (*chain, like)), "measured": False, **values}
            if "kind" not in values:
                raise BotSpecError(f"preset {name} names no kind of bot (kind = \"ismcts\", or "
                                   "like = another preset)")
            resolved[name] = values
        return resolved[name]

    return {name: resolve(name, (name,)) for name in presets}


def parse_spec(spec: str) -> tuple[str, dict]:
    """'ismcts:iterations=2000,uct_c=1.4' -> ('ismcts', {'iterations': 2000, 'uct_c': 1.4})."""
    if not isinstance(spec, str):
        raise BotSpecError(f"a bot is named by text such as 'hard' or 'ismcts:iterations=2000', "
                           f"not {shown(spec)}")
    kind, _, rest = spec.strip().partition(":")
    kind = kind.strip()
    params = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or key not in PARAMS:
            known = ", ".join(sorted(PARAMS))
            raise BotSpecError(f"bad bot parameter {item!r} in {spec!r} (parameters: {known})")
        if key in params:       # which of the two was meant cannot be told
            raise BotSpecError(f"bot parameter {key} is given twice in {spec!r}")
        kind_of = PARAMS[key].kind
        try:
            params[key] = kind_of(value)
        except ValueError:
            raise BotSpecError(f"bot parameter {key} wants a {kind_of.__name__}, not {value!r}") from None
    return kind, params


def _game_bots(game: str | None) -> dict:
    """The bots `game` registers; none for no game or a name only the presets file knows."""
    try:
        return game_info(game).bots if game else {}
    except OptionError:
        return {}


def check_fits(bot, options: dict) -> None:
    """Refuse, before any move, a game the bot cannot play: a bot may declare the options it
    needs (`required_options`, e.g. a solo automa needs its deck drawn)."""
    for key, value in getattr(bot, "required_options", {}).items():
        if options.get(key) != value:
            text = str(value).lower() if isinstance(value, bool) else value
            raise OptionError(f"{bot} plays only a game created with the option {key}={text}")


def make_bot(spec: str, seed: int = 0, game: str | None = None, **params) -> Bot:
    """A bot from a preset name ('hard'), a kind ('random', 'pimc', 'ismcts'), a full spec
    ('ismcts:iterations=2000,uct_c=1.4') or, with `game`, one of the bots that game registers
    (GameInfo.bots, e.g. a solo automa); keyword parameters override. A `game` that is neither
    registered nor calibrated is an error, not the generic ladder."""
    seed = check_seed(seed, "a bot's seed")
    kind, spec_params = parse_spec(spec)
    own = _game_bots(game)
    if kind in own:
        try:
            return own[kind](seed=seed, **{**spec_params, **params})
        except TypeError as exc:
            raise BotSpecError(f"bad parameters for {kind}: {exc}") from None
    presets = load_presets(game)
    if game is not None and game not in preset_tables(PRESETS_FILE).get("games", {}):
        game_info(game)
    if kind in presets:
        preset = dict(presets[kind])
        preset.pop("measured", None)
        kind = preset.pop("kind")
        spec_params = {**preset, **spec_params}
    if kind not in _KINDS:
        names = ", ".join([*PRESET_ORDER, MASTER, *_KINDS, *own])
        raise BotSpecError(f"unknown bot {spec!r} (choose from {names}, or e.g. ismcts:iterations=2000)")
    merged = {**spec_params, **params}
    if kind == "random":
        merged = {}
    elif kind == "pimc":
        merged.pop("uct_c", None), merged.pop("iterations", None), merged.pop("seconds", None)
        merged.pop("max_nodes", None), merged.pop("mast", None), merged.pop("blunder", None)
        merged.pop("smooth", None), merged.pop("mixed", None), merged.pop("from_start", None)
        merged.pop("margin", None), merged.pop("solve", None)
        merged.pop("belief", None), merged.pop("regret", None), merged.pop("threads", None)
        merged.pop("shared", None), merged.pop("expand", None), merged.pop("prior", None)
        merged.pop("guide", None), merged.pop("read", None), merged.pop("filters", None)
        merged.pop("lead", None), merged.pop("widen", None), merged.pop("step_over", None)
    try:
        return _KINDS[kind](seed=seed, **merged)
    except TypeError as exc:
        raise BotSpecError(f"bad parameters for {kind}: {exc}") from None
