"""The runner shared by `partisan arena` and `partisan tune`: backend selection, the same results
whatever the backend and its number of workers, Ctrl-C and lost workers, and bad input. The tests
marked by `ray_instance` run on a local Ray instance of 2 CPUs and are skipped without Ray."""
import os
import socket

import pytest
from click.testing import CliRunner
from rich.console import Console

from partisan.ai import arena, runner, tune
from partisan.cli.main import cli
from partisan.core.errors import OptionError
from partisan.core.game import load_game


@pytest.fixture(scope="module")
def ray_instance():
    """A local Ray instance of at most 2 CPUs, shut down after the module's tests."""
    try:
        import ray
    except ImportError:
        pytest.skip("Ray is not installed (pip install 'partisan[ray]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


class Shuffled(runner.Runner):
    """Many workers in name, one process in fact: the results come back last first."""

    backend = "test"

    def __init__(self, workers):
        self.workers = workers

    def map(self, fn, items, cpus=None):
        yield from [fn(item) for item in items][::-1]


class LosesAfter(runner.Runner):
    """Plays `keep` games in all, then loses the next with its worker."""

    backend = "test"

    def __init__(self, keep):
        self.left = keep

    def map(self, fn, items, cpus=None):
        for item in items:
            if not self.left:
                raise runner.WorkersLost("a game was lost with its Ray worker after 3 retries (NodeDiedError)")
            self.left -= 1
            yield fn(item)


def _plain(result):
    return [(r.index, r.seed, r.seats, r.returns, r.moves, r.actions, r.decisions) for r in result.results]


def _measured(cal):
    return ([(m.candidate, m.opponent, m.score, m.games, m.stopped, m.fresh) for m in cal.measurements],
            [(r.preset, r.params) for r in cal.rungs], cal.max_iterations)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_backend_is_one_of_the_known_ones():
    assert runner.open_runner("local", 3).workers == 3
    assert runner.open_runner("local").workers == (os.cpu_count() or 1)
    with pytest.raises(OptionError, match=r"unknown backend 'cloud' \(choose from local, ray\)"):
        runner.open_runner("cloud")
    with pytest.raises(OptionError, match="jobs"):
        runner.open_runner("local", 0)


def test_the_ray_backend_without_ray_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "ray", None)      # import ray fails
    with pytest.raises(OptionError, match=r"needs Ray: pip install 'partisan\[ray\]'"):
        runner.open_runner("ray")


def test_an_address_where_nothing_listens_is_refused_at_once():
    address = f"127.0.0.1:{_free_port()}"
    for given in (address, "ray://" + address):
        with pytest.raises(OptionError, match=f"RAY_ADDRESS={given} does not answer"):
            runner.check_reachable(given)
    runner.check_reachable("auto")          # Ray's own to look up


def test_a_calibration_match_plays_the_same_games_whatever_the_workers(game):
    """Blocks of about 10 games, each dealt from its own seed and judged in order: many workers
    play several blocks at once, yet the match stops at the same block with the same games."""
    candidate = {**tune.base_ladder()["novice"], "iterations": 4, "rollout_depth": 5}
    players = load_game(game).players
    for band in [(0.05, 0.1), None]:        # decided at the first check; played to the end
        got = []
        for workers in (1, 12, 40):
            measure = tune.ArenaMeasure(game, players, {}, games=30, jobs=1, seed=3,
                                        runner=Shuffled(workers))
            m = measure(candidate, None, band)
            got.append((m.score, m.games, m.stopped))
        assert got[0] == got[1] == got[2]
    assert got[0][1] == 30


def test_a_game_needs_the_cores_its_bots_search_on(game):
    tasks = arena.plan(game, ["ismcts:iterations=4,threads=3", "random"], games=2)
    assert [t.cpus for t in tasks] == [3, 3]
    assert {t.cpus for t in arena.plan(game, ["hard", "random"], games=2)} == {1}


def test_a_lost_worker_stops_the_match_and_keeps_the_finished_games(game):
    out = arena.run_arena(game, ["random", "random"], games=6, seed=1, runner=LosesAfter(2))
    assert out.interrupted and out.played == 2 and "lost with its Ray worker" in out.lost
    assert _plain(out) == _plain(arena.run_arena(game, ["random", "random"], games=6, seed=1))[:2]


def test_a_lost_worker_stops_a_calibration_and_says_why(game):
    cal = tune.run(game, games=4, max_iterations=8, rollout_depth=7, runner=LosesAfter(5))
    assert cal.interrupted and "lost with its Ray worker" in cal.lost
    assert "interrupted (a game was lost with its Ray worker" in tune.report(cal)


def test_tune_and_arena_take_a_backend_on_the_command_line():
    for command in ("tune", "arena"):
        res = CliRunner().invoke(cli, [command, "--help"])
        assert "--backend [local|ray]" in res.output and "RAY_ADDRESS" in res.output
        args = [command, "war", "--backend", "cloud"] + (["--bots", "random"] if command == "arena" else [])
        res = CliRunner().invoke(cli, args)
        assert res.exit_code == 2 and "'cloud' is not one of 'local', 'ray'" in res.output


def test_an_unreachable_cluster_exits_with_a_message_before_playing(game, monkeypatch, tmp_path):
    ray = pytest.importorskip("ray", reason="without Ray the message is how to install it (tested above)")
    if ray.is_initialized():
        pytest.skip("this process has joined a Ray instance already, and RAY_ADDRESS is then not read")
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{_free_port()}")
    for args in (["arena", game, "--bots", "random,random"],
                 ["tune", game, "--max-iterations", "8", "--report-dir", str(tmp_path)]):
        res = CliRunner().invoke(cli, args + ["--backend", "ray"])
        assert res.exit_code == 3 and "does not answer" in res.output, res.output
    assert not list(tmp_path.iterdir())


def test_arena_on_ray_plays_the_local_games(game, ray_instance):
    kwargs = dict(game=game, specs=["ismcts:iterations=4,rollout_depth=5", "random"], games=4, seed=2)
    with runner.open_runner("ray") as remote:
        assert remote.workers == 2                      # every CPU of the cluster
        on_ray = arena.run_arena(runner=remote, **kwargs)
    assert ray_instance.is_initialized()                # joined, not started: left running
    assert _plain(on_ray) == _plain(arena.run_arena(jobs=2, **kwargs))


def test_a_small_calibration_on_ray_equals_the_local_one(game, ray_instance):
    settings = dict(games=4, seed=1, max_iterations=8, rollout_depth=7)
    with runner.open_runner("ray") as remote:
        on_ray = tune.run(game, runner=remote, **settings)
    local = tune.run(game, jobs=2, **settings)
    assert not on_ray.interrupted and on_ray.backend == "ray" and on_ray.jobs == 2
    assert _measured(on_ray) == _measured(local) and len(on_ray.rungs) == 5
    assert "on a Ray cluster (2 workers" in tune.report(on_ray)


def test_ctrl_c_on_ray_keeps_the_finished_games_and_cancels_the_rest(game, ray_instance):
    def stop(result, done):
        if done == 1:
            raise KeyboardInterrupt

    with runner.open_runner("ray", 1) as remote:
        out = arena.run_arena(game, ["random", "random"], games=20, seed=4, runner=remote, on_result=stop)
        assert out.interrupted and out.played == 1 and not out.lost
        again = arena.run_arena(game, ["random", "random"], games=2, seed=4, runner=remote)
    assert again.played == 2 and not again.interrupted


def test_a_game_lost_with_its_worker_on_every_retry_is_reported(ray_instance):
    def crash(item):
        if item == 1:
            os._exit(1)                  # the worker process dies, as on a lost node
        return item

    with runner.open_runner("ray", 2) as remote:
        got = []
        with pytest.raises(runner.WorkersLost, match=f"after {runner.RAY_RETRIES} retries"):
            for x in remote.map(crash, [0, 1, 2]):
                got.append(x)
    assert 1 not in got


def test_the_command_line_runs_a_match_on_ray(game, ray_instance, tmp_path):
    console = Console(width=160, highlight=False)
    res = CliRunner().invoke(cli, ["arena", game, "--bots", "random,random", "--games", "4", "--seed", "3",
                                   "--backend", "ray", "--json", str(tmp_path / "r.json")],
                             obj={"console": console}, catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "2 ray workers" in res.output and (tmp_path / "r.json").exists()


def test_a_game_on_ray_reserves_the_cores_its_bots_search_on(ray_instance):
    def reserved(item):
        return ray_instance.get_runtime_context().get_assigned_resources()["CPU"]

    with runner.open_runner("ray") as remote:
        assert sorted(remote.map(reserved, [1, 2, 1], cpus=lambda item: item)) == [1, 1, 2]
