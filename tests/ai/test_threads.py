"""One search on several threads (ai/parallel.pyx), a tree each or one shared tree: the same
answer for a seed and a thread count, the budgets kept, `threads` and `shared` in bot specs and
presets; and a game that breaks the contract stops a search with a clear error instead of a
crash."""
from __future__ import annotations

import re
import time

import pytest

from partisan.ai import bots, load_presets, make_bot
from partisan.ai.ismcts import ISMCTS, flat_monte_carlo, random_playouts
from partisan.ai.parallel import RootParallel, SharedTree, tree_seed
from partisan.core import BotSpecError, load_game, registered_games
from partisan.core.testing import branch_api
from partisan.core.testing.play import first_decision


def _opening(name):
    return first_decision(load_game(name))


def test_deterministic_for_a_seed_and_a_thread_count(registered_game):
    state = _opening(registered_game)
    for threads in (2, 3):
        runs = [RootParallel(threads, seed=7, mast=0.5).search(state, iterations=900) for _ in range(2)]
        assert runs[0] == runs[1]
        assert sum(v for _, v, _ in runs[0]) == 900        # every iteration of every tree passes the root
    bots = [make_bot("ismcts:iterations=600,threads=2", seed=4, game=registered_game) for _ in range(2)]
    first, second = (b.explain(state) for b in bots)
    assert first == second


def test_a_shared_tree_is_deterministic_for_a_seed_and_a_thread_count(registered_game):
    """The walkers take turns by a virtual clock, not by which thread is faster: an iteration
    budget gives the same tree each time, every iteration backed up once, no virtual loss left."""
    state = _opening(registered_game)
    low, high = state.return_bounds
    for threads in (2, 3):
        searches = [SharedTree(threads, seed=7, mast=0.5) for _ in range(2)]
        runs = [s.search(state, iterations=900) for s in searches]
        assert runs[0] == runs[1] and searches[0].nodes_used == searches[1].nodes_used
        assert sum(v for _, v, _ in runs[0]) == 900 == searches[0].iterations_done
        assert all(low <= mean <= high for _, _, mean in runs[0])
        assert runs[0] != SharedTree(threads, seed=8, mast=0.5).search(state, iterations=900)


def test_a_shared_tree_grows_one_tree_from_every_walker():
    """Each walker draws its own worlds (walker i seeded as RootParallel's tree i) into the one
    tree: two walkers' tree holds about what one search of the whole budget holds, where two
    separate trees would hold the root's edges twice."""
    state = _opening("war")
    shared = SharedTree(2, seed=5)
    stats = shared.search(state, iterations=2000)
    single = ISMCTS(seed=5)
    single.search(state, iterations=2000)
    assert shared.nodes_used == pytest.approx(single.nodes_used, rel=0.1)
    assert [w.iterations_done > 0 for w in shared.walkers] == [True, True]
    assert dict(shared.root_policy()) == pytest.approx({a: n / 2000 for a, n, _ in stats})



def test_expand_counts_a_shared_trees_virtual_visit_once():
    """A walker of a shared tree counts an edge's visit as it takes the edge (virtual loss), so
    `expand` must not count that visit twice: the tree of two walkers holds about what one
    search of the whole budget holds with the same `expand` (over three seeds: one tree's size
    varies with its seed), well below the default's."""
    state = _opening("war")
    sizes = {"shared": 0, "single": 0, "plain": 0}
    for seed in (5, 6, 7):
        for name, search in (("shared", SharedTree(2, seed=seed, expand=3)),
                             ("single", ISMCTS(seed=seed, expand=3)), ("plain", ISMCTS(seed=seed))):
            search.search(state, iterations=4000)
            sizes[name] += search.nodes_used
    assert sizes["shared"] == pytest.approx(sizes["single"], rel=0.15)
    assert sizes["single"] < 0.8 * sizes["plain"]

def test_one_thread_searches_as_the_plain_search(registered_game):
    state = _opening(registered_game)
    single = RootParallel(1, seed=11)
    assert single.search(state, iterations=500) == ISMCTS(seed=11).search(state, iterations=500)
    assert single.root_policy() == single.trees[0].root_policy()


def test_the_trees_are_seeded_apart_and_summed():
    state = _opening(registered_games()[0].name)
    pair = RootParallel(2, seed=5)
    stats = pair.search(state, iterations=401)
    first, second = (tree.root_stats() for tree in pair.trees)
    assert [t.iterations_done for t in pair.trees] == [201, 200] and pair.iterations_done == 401
    assert first == ISMCTS(seed=5).search(state, iterations=201)
    assert second == ISMCTS(seed=tree_seed(5, 1)).search(state, iterations=200) != first
    for (a, n, mean), (_, n1, m1), (_, n2, m2) in zip(stats, first, second):
        assert n == n1 + n2 and mean == pytest.approx((m1 * n1 + m2 * n2) / n)
    policy = dict(pair.root_policy())
    assert policy == pytest.approx({a: n / 401 for a, n, _ in stats})


def test_a_budget_smaller_than_the_threads_runs_fewer_trees():
    state = _opening(registered_games()[0].name)
    search = RootParallel(4, seed=1)
    assert sum(v for _, v, _ in search.search(state, iterations=2)) == 2
    assert search.iterations_done == 2 and search.trees[2].iterations_done == 0


@pytest.mark.parametrize("layout", ["", ",shared=1"])
def test_every_thread_keeps_the_time_budget(layout):
    state = _opening(registered_games()[0].name)
    bot = make_bot(f"ismcts:iterations=0,seconds=0.3,threads=2{layout}", seed=2)
    start = time.perf_counter()
    stats = bot.explain(state)
    elapsed = time.perf_counter() - start
    assert 0.27 <= elapsed < 1.5
    assert all(search.iterations_done > 0 for search in bot.search.searches)
    assert bot.search.iterations_done == sum(s.visits for s in stats)


def test_threads_in_a_bot_spec_and_a_preset(monkeypatch, tmp_path):
    bot = make_bot("ismcts:iterations=100,uct_c=1.5,threads=3", seed=1)
    assert bot.search.threads == 3 and bot.search.uct_c == 1.5 and "threads=3" in bot.name
    assert make_bot("ismcts:iterations=100,threads=1").search.__class__ is ISMCTS
    shared = make_bot("ismcts:iterations=100,threads=2,shared=1", seed=1)
    assert shared.search.__class__ is SharedTree and shared.search.threads == 2
    assert shared.name.endswith("threads=2,shared=1")
    assert make_bot("ismcts:iterations=100,shared=1").search.__class__ is ISMCTS
    with pytest.raises(BotSpecError, match=re.escape("from 0 to 1 (not 2)")):
        make_bot("ismcts:iterations=100,threads=2,shared=2")
    for bad, message in (("-1", "from 0 to 64 (not -1)"), ("65", "from 0 to 64 (not 65)"),
                         ("2.5", "wants a int")):
        with pytest.raises(BotSpecError, match=re.escape(message)):
            make_bot(f"ismcts:iterations=100,threads={bad}")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "partisan").mkdir()
    (tmp_path / "partisan" / "presets.toml").write_text(
        '[games.war.expert]\nkind = "ismcts"\niterations = 64\nthreads = 2\n')
    assert make_bot("expert", game="war").search.threads == 2


def test_threads_0_is_one_a_core(monkeypatch):
    monkeypatch.setattr(bots.os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    bot = make_bot("ismcts:iterations=100,threads=0", seed=1)
    assert bot.search.threads == 3 and "threads=3" in bot.name
    monkeypatch.setattr(bots.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert make_bot("ismcts:iterations=100,threads=0").search.__class__ is ISMCTS
    monkeypatch.setattr(bots.os, "sched_getaffinity", lambda pid: set(range(200)), raising=False)
    assert make_bot("ismcts:iterations=100,threads=0").search.threads == bots.MAX_THREADS


def test_master_is_the_games_expert_by_time_on_every_core(monkeypatch, tmp_path):
    """`master` starts from the game's own expert (a user's calibration included) and searches
    2 s a move on every core."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    for game in ("war", "junta"):
        presets = load_presets(game)
        expert, master = presets["expert"], presets["master"]
        assert master == {**expert, "iterations": 0, "seconds": 2.0, "threads": 0, "measured": False}
    (tmp_path / "partisan").mkdir()
    (tmp_path / "partisan" / "presets.toml").write_text(
        '[games.war.expert]\nkind = "ismcts"\niterations = 64\nrollout_depth = 17\n')
    monkeypatch.setattr(bots.os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    bot = make_bot("master", game="war")
    assert (bot.iterations, bot.seconds, bot.search.threads, bot.search.rollout_depth) == (0, 2.0, 3, 17)


def test_a_preset_like_no_preset_is_refused(monkeypatch, tmp_path):
    path = tmp_path / "presets.toml"
    path.write_text('[presets.master]\nlike = "grandmaster"\nseconds = 2.0\n')
    monkeypatch.setattr(bots, "PRESETS_FILE", path)
    with pytest.raises(BotSpecError, match="preset master is like 'grandmaster', which is no preset"):
        make_bot("master")


def test_a_decision_without_legal_actions_stops_the_search_with_an_error():
    """The contract promises a legal action at every decision; a game that breaks it gets a
    message naming the seat and the depth instead of a crash."""
    game = load_game(registered_games()[0].name)
    for legal_moves in (0, 3):
        state = branch_api.stuck(game, legal_moves)
        expected = rf"seat 0 had no legal action at a decision {legal_moves} move\(s\) into a simulation"
        for search in (ISMCTS(seed=1), RootParallel(2, seed=1), SharedTree(2, seed=1)):
            with pytest.raises(RuntimeError, match=expected):
                search.search(state, iterations=50)
        with pytest.raises(RuntimeError, match="no legal action"):
            random_playouts(state, 3)
    with pytest.raises(RuntimeError, match="no legal action at a decision 0 move"):
        flat_monte_carlo(branch_api.stuck(game, 0), 10)
    with pytest.raises(RuntimeError, match="no legal action at a decision 1 move"):
        flat_monte_carlo(branch_api.stuck(game, 1), 10, rollout_depth=5)
