"""Side by side with OpenSpiel: search speed and playing strength on the reference games.

Both engines get the same game (our `leduc`/`hearts` match OpenSpiel's
`leduc_poker`/`hearts` move for move), the same settings as OpenSpiel's
ISMCTSBot is usually run with (uct_c = 2, a random-rollout evaluator with one
rollout played to the end, a new world sampled every iteration) and the same
decision node, in one process.
"""
from __future__ import annotations

import random
import statistics
import subprocess
import time
from importlib import metadata
from pathlib import Path

from partisan.ai.bots import ISMCTSBot
from partisan.ai.ismcts import ISMCTS
from partisan.core.errors import OptionError
from partisan.core.game import load_game

OPENSPIEL_NAMES = {"leduc": "leduc_poker", "hearts": "hearts"}
UCT_C = 2.0
ROLLOUT_TO_END = 1_000_000      # longer than any reference game: rollouts are never cut
DEAL_SEED = 1                   # the deal of the timed decision (hearts: passing across)
# OpenSpiel's hearts ResampleFromInfostate fails (the process dies) when a seat searches
# during the pass after the seat passing to it has passed: it replays that seat's real
# pass from a redealt hand. The strength match therefore plays hearts without passing.
MATCH_OPTIONS = {"hearts": {"pass_cards": False}}


def require_pyspiel():
    """The pyspiel module, or an OptionError saying how to install it."""
    try:
        import pyspiel
    except ImportError:
        raise OptionError('the OpenSpiel comparison needs open-spiel: pip install ".[compare]"') from None
    return pyspiel


def engine_version() -> dict:
    """What a result was measured with: Partisan's version and commit (marked `+dirty` when the
    working tree differs from it; "unknown" outside a git checkout) and OpenSpiel's version."""
    root = Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True,
                                check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                               capture_output=True, text=True, check=True).stdout.strip()
        commit += "+dirty" if dirty else ""
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    versions = {}
    for package in ("partisan", "open-spiel"):
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = "not installed"
    return {"partisan": versions["partisan"], "commit": commit, "openspiel": versions["open-spiel"]}


def match_params(game: str, iterations: int) -> dict:
    """The settings of a strength match, as stored with each of its results."""
    return {"iterations": iterations, "uct_c": UCT_C, "rollout_depth": ROLLOUT_TO_END,
            "openspiel_rollouts": 1, "options": MATCH_OPTIONS.get(game, {})}


def openspiel_name(game: str) -> str:
    try:
        return OPENSPIEL_NAMES[game]
    except KeyError:
        known = ", ".join(OPENSPIEL_NAMES)
        raise OptionError(f"no OpenSpiel counterpart for {game!r} (compare: {known})") from None


def chance_outcome(state, deal: int, index: int) -> int:
    """The chance outcome of the index-th chance node of deal `deal`: a function of the
    deal, the index and the outcomes offered, so both engines (and both seatings of
    a duplicate match) see the same cards."""
    outcomes = sorted(a for a, _ in state.chance_outcomes())
    return outcomes[random.Random(deal * 1_000_003 + index).randrange(len(outcomes))]


def paired_states(game: str, deal: int = DEAL_SEED, **options):
    """Our state and OpenSpiel's (same options), advanced through the same chance
    outcomes to the first decision."""
    pyspiel = require_pyspiel()
    ours = load_game(game, **options).new_initial_state(seed=deal)
    theirs = pyspiel.load_game(openspiel_name(game), options).new_initial_state()
    k = 0
    while ours.is_chance_node():
        a = chance_outcome(ours, deal, k)
        ours.apply_action(a)
        theirs.apply_action(a)
        k += 1
    return ours, theirs


def first_choice(game: str):
    """Paired states at the first decision with a real choice (OpenSpiel does not search a
    forced move): the node both engines are timed from."""
    ours, theirs = paired_states(game)
    while len(ours.legal_actions()) == 1:
        a = ours.legal_actions()[0]
        ours.apply_action(a)
        theirs.apply_action(a)
    return ours, theirs


def openspiel_bot(simulations: int, seed: int):
    """OpenSpiel's C++ ISMCTSBot as it is usually built: uct_c 2, one random rollout,
    a new world each simulation; it plays its most visited action."""
    pyspiel = require_pyspiel()
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(seed, evaluator, UCT_C, simulations, -1,
                             pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)


def partisan_bot(iterations: int, seed: int) -> ISMCTSBot:
    return ISMCTSBot(iterations=iterations, uct_c=UCT_C, rollout_depth=ROLLOUT_TO_END, seed=seed)


def comparison_table(games=("leduc", "hearts"), simulations: int = 10000, repeats: int = 3) -> list[dict]:
    """Iterations per second of OpenSpiel's ISMCTSBot and of Partisan's ISMCTS from
    the same first decision node, repeats interleaved; the median of each is reported."""
    require_pyspiel()
    if simulations < 1 or repeats < 1:
        raise OptionError("simulations and repeats must be at least 1")
    for game in games:
        openspiel_name(game)
    rows = []
    for game in games:
        ours, theirs = first_choice(game)
        spiel_times, our_times = [], []
        for r in range(repeats):
            bot = openspiel_bot(simulations, seed=r + 1)
            start = time.perf_counter()
            bot.step(theirs)
            spiel_times.append(time.perf_counter() - start)
            search = ISMCTS(UCT_C, ROLLOUT_TO_END, 1_000_000, r + 1)
            start = time.perf_counter()
            search.search(ours, simulations)
            our_times.append(time.perf_counter() - start)
        spiel_ips = simulations / statistics.median(spiel_times)
        our_ips = simulations / statistics.median(our_times)
        rows.append({"game": game, "openspiel_ips": spiel_ips, "partisan_ips": our_ips,
                     "ratio": our_ips / spiel_ips})
    return rows


def play_match_game(game: str, deal: int, partisan_seats, iterations: int) -> list[float]:
    """One game between Partisan's ISMCTS (at `partisan_seats`) and OpenSpiel's ISMCTSBot
    (every other seat), each searching `iterations` per move; returns the seats' returns.
    A seat with a single legal action plays it without searching, as OpenSpiel does."""
    ours, theirs = paired_states(game, deal, **MATCH_OPTIONS.get(game, {}))
    bots = {}
    for seat in range(ours.num_players):
        seed = deal * 16 + seat + 1
        bots[seat] = partisan_bot(iterations, seed) if seat in partisan_seats \
            else openspiel_bot(iterations, seed)
    k = 0
    while not ours.is_terminal():
        if ours.is_chance_node():
            action = chance_outcome(ours, deal, 1000 + k)
            k += 1
        else:
            seat = ours.current_player()
            legal = ours.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif seat in partisan_seats:
                action = bots[seat].choose(ours)
            else:
                action = bots[seat].step(theirs)
        ours.apply_action(action)
        theirs.apply_action(action)
    returns = ours.returns()
    assert returns == list(theirs.returns()), "the engines disagree on the result"
    return returns
