"""Ctrl-C during a long search: every search loop answers a signal within half a second, the
KeyboardInterrupt leaves choose() with every thread joined, and the search can be used again."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from partisan.ai.bots import make_bot
from partisan.ai.cfr import MCCFR
from partisan.ai.ismcts import ISMCTS, flat_monte_carlo, random_playouts
from partisan.ai.parallel import RootParallel, SharedTree
from partisan.core.game import load_game

# The brief answer the issue asks for is half a second; the loaded test machine gets slack, still
# far below the 30 s budgets the searches are given.
ANSWER_SECONDS = 1.0
LONG = 30.0
DELAY = 0.3     # the signal comes once the search is well under way


def opening(game="war", seed=5):
    state = load_game(game).new_initial_state(seed)
    while state.current_player() < 0:
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def interrupted(work) -> float:
    """Run work() while another process sends this one SIGINT after DELAY (as a terminal's
    Ctrl-C does: a thread of this process could not, while a search holds the GIL); an upper
    bound on the seconds from the signal to the KeyboardInterrupt leaving work()."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    sender = subprocess.Popen(["sh", "-c", f"sleep {DELAY}; kill -INT {os.getpid()}"])
    start = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            work()
        return time.perf_counter() - start - DELAY
    finally:
        sender.wait()
        signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("spec", ["ismcts:iterations=0,seconds=30",
                                  "ismcts:iterations=2000000000,rollout_depth=30",
                                  "ismcts:iterations=0,seconds=30,threads=2",
                                  "ismcts:iterations=0,seconds=30,threads=2,shared=1",
                                  "ismcts:iterations=0,seconds=30,threads=3,shared=1",
                                  "master"])
def test_choose_answers_ctrl_c_with_its_threads_joined(spec):
    state = opening()
    bot = make_bot(spec, seed=1, game="war")
    before = threading.active_count()
    assert interrupted(lambda: bot.choose(state)) < ANSWER_SECONDS
    assert threading.active_count() == before
    # nothing of the interrupted search is left behind: the next search runs its whole budget
    rows = bot.search.search(state, iterations=300)
    assert sum(visits for _, visits, _ in rows) == 300


def test_a_custom_signal_handler_is_what_the_search_raises():
    """A SIGALRM handler runs inside the search and its exception comes out of it."""
    class Alarm(Exception):
        pass

    def ring(signum, frame):
        raise Alarm

    previous = signal.signal(signal.SIGALRM, ring)
    search, state = ISMCTS(seed=1), opening()
    try:
        signal.setitimer(signal.ITIMER_REAL, DELAY)
        start = time.perf_counter()
        with pytest.raises(Alarm):
            search.search(state, iterations=0, seconds=LONG)
        assert time.perf_counter() - start < DELAY + ANSWER_SECONDS
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert search.search(state, iterations=100) and search.iterations_done == 100


@pytest.mark.parametrize("work", [
    lambda s: ISMCTS(seed=1).search(s, iterations=0, seconds=LONG),
    lambda s: RootParallel(2, seed=1).search(s, iterations=0, seconds=LONG),
    lambda s: SharedTree(2, seed=1).search(s, iterations=0, seconds=LONG),
    lambda s: flat_monte_carlo(s, 2_000_000_000, 30, seed=1),
    lambda s: random_playouts(s, 2_000_000_000, seed=1),
], ids=["ismcts", "root-parallel", "shared-tree", "flat-monte-carlo", "random-playouts"])
def test_every_search_loop_answers_ctrl_c(work):
    state = opening()
    assert interrupted(lambda: work(state)) < ANSWER_SECONDS


def test_cfr_answers_ctrl_c():
    table = MCCFR(seed=1)
    assert interrupted(lambda: table.run(load_game("leduc").new_initial_state(1), 0, LONG)) < ANSWER_SECONDS


def test_an_interrupted_solve_table_is_built_again():
    """A Ctrl-C while the `solve` table is built leaves no half-made mark: the next choice builds it."""
    state = opening("leduc")
    bot = make_bot("ismcts:iterations=50,solve=30", seed=1)
    interrupted(lambda: bot.choose(state))
    bot.solve = 0.05
    bot.choose(state)
    assert bot._table is not None and bot._table.knows(state)


@pytest.mark.parametrize("layout", ["SharedTree", "RootParallel"])
def test_an_interrupt_before_the_first_thread_searches_halts_the_others(layout):
    """Ctrl-C can land after the other threads started and before this one searches: a shared
    tree's walkers then wait for a walker that never comes, unless the halt frees them."""
    code = f"""
import threading, time
from partisan.ai import parallel
from partisan.core.game import load_game
state = load_game("war").new_initial_state(5)
while state.current_player() < 0:
    state.apply_action(state.chance_outcomes()[0][0])
search, run = parallel.{layout}(3, seed=1), parallel._walk if "{layout}" == "SharedTree" else parallel._run

def interrupted_first(search, root, *rest):
    if threading.current_thread() is threading.main_thread():
        raise KeyboardInterrupt
    run(search, root, *rest)

parallel._walk = parallel._run = interrupted_first
start = time.perf_counter()
try:
    search.search(state, iterations=0, seconds=30)
except KeyboardInterrupt:
    print("interrupted", time.perf_counter() - start, threading.active_count())
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    word, seconds, threads = done.stdout.split()
    assert word == "interrupted" and float(seconds) < ANSWER_SECONDS and threads == "1", done.stderr
