"""The arena: fair seat rotation, determinism for a seed whatever --jobs, partial
results on interruption, clear errors for bad bot specs, and the Ray backend."""
import csv
import json
import random
from collections import Counter
from dataclasses import asdict

import pytest

from partisan.ai import arena
from partisan.core import game as registry
from partisan.core.actions import ActionRanges
from partisan.core.errors import OptionError
from partisan.core.game import GameInfo, registered_games

CHANCE, TERMINAL = -1, -2


class DiceRace:
    """A tiny game in plain Python: each round every seat picks a step of 1-3,
    then a coin adds 0 or 1 to it; after three rounds the highest total wins
    (equal totals tie). The coin is drawn from the game's seed, like a real game."""

    ROUNDS = 3

    def __init__(self, game):
        self.num_players = game.players
        self.totals = [0] * game.players
        self.turns = 0
        self.coin_due = False
        self.move_number = 0
        self.seed = 0

    def _set_seed(self, seed):
        self.seed = seed

    def current_player(self):
        if self.turns == self.ROUNDS * self.num_players and not self.coin_due:
            return TERMINAL
        return CHANCE if self.coin_due else self.turns % self.num_players

    def is_terminal(self):
        return self.current_player() == TERMINAL

    def is_chance_node(self):
        return self.current_player() == CHANCE

    def legal_actions(self):
        return [0, 1] if self.coin_due else [1, 2, 3]

    def bot_actions(self):          # the contract's list for bots: here every legal move
        return self.legal_actions()

    def sample_chance(self):
        return random.Random(self.seed * 1_000_003 + self.move_number).randrange(2)

    def apply_action(self, action):
        assert action in self.legal_actions()
        seat = (self.turns - 1 if self.coin_due else self.turns) % self.num_players
        self.totals[seat] += action
        self.turns += 0 if self.coin_due else 1
        self.coin_due = not self.coin_due
        self.move_number += 1

    def returns(self):
        return [float(t) for t in self.totals]


@pytest.fixture
def dice_race(monkeypatch):
    """Registered for the test only (pool workers are forked and inherit it)."""
    info = GameInfo("dice_race", "Dice race", 2, 4, DiceRace, default_players=2,
                    actions=ActionRanges(step=4), return_bounds=(3.0, 12.0), max_game_length=12)
    monkeypatch.setitem(registry._REGISTRY, info.name, info)
    return info.name


@pytest.mark.parametrize("bots,players", [(2, 2), (3, 2), (4, 2), (2, 3), (3, 4), (4, 4)])
def test_seat_rotation_is_fair(bots, players):
    cycle = arena.seat_schedule(bots, players)
    per_seat = Counter((seat, b) for seats in cycle for seat, b in enumerate(seats))
    assert len(per_seat) == bots * players
    assert set(per_seat.values()) == {len(cycle) // bots}
    assert {b for _, b in per_seat} == set(range(bots))
    for seats in cycle:
        assert len(set(seats)) == min(bots, players)
    if players <= bots:      # every ordered meeting appears exactly once
        assert len(set(cycle)) == len(cycle)


def test_plan_cycles_seats_and_shares_each_blocks_deal(dice_race):
    tasks = arena.plan(dice_race, ["random", "random", "random"], games=14, seed=5)
    cycle = arena.seat_schedule(3, 2)
    assert [t.seats for t in tasks] == [cycle[i % 6] for i in range(14)]
    assert len({t.seed for t in tasks[:6]}) == 1
    assert len({tasks[0].seed, tasks[6].seed, tasks[12].seed}) == 3
    assert len({s for t in tasks for s in t.bot_seeds}) == 28


def test_draws_share_the_point():
    r = arena.GameResult(0, 0, [0, 1, 2], [2.0, 2.0, -1.0], 3, 3, [0.0] * 3, [1] * 3)
    assert r.scores() == [0.5, 0.5, 0.0]
    r.returns = [1.0, 1.0, 1.0]
    assert r.scores() == pytest.approx([1 / 3] * 3)


def _plain(result):
    return [{k: v for k, v in asdict(r).items() if k != "seconds"} for r in result.results]


def test_runner_is_deterministic_for_a_seed_whatever_the_jobs(dice_race):
    kwargs = dict(game=dice_race, specs=["random", "random", "random"], games=12, seed=9, players=3)
    one = arena.run_arena(jobs=1, **kwargs)
    two = arena.run_arena(jobs=2, **kwargs)
    assert one.played == two.played == 12 and not one.interrupted
    assert _plain(one) == _plain(two)
    other = arena.run_arena(jobs=1, **{**kwargs, "seed": 10})
    assert _plain(other) != _plain(one)
    assert one.bots == ["random", "random#2", "random#3"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_interrupted_run_reports_finished_games(dice_race, jobs):
    seen = []

    def stop_after_three(result, done):
        seen.append(result.index)
        if done == 3:
            raise KeyboardInterrupt

    out = arena.run_arena(dice_race, ["random", "random"], games=40, jobs=jobs, seed=1,
                          on_result=stop_after_three)
    assert out.interrupted and out.played == 3 and out.requested == 40
    assert sorted(seen) == [r.index for r in out.results]
    assert sum(s.seats for s in out.summary()) == 6
    assert out.to_dict()["games_played"] == 3


def test_summary_and_files(dice_race, tmp_path):
    out = arena.run_arena(dice_race, ["random", "random"], games=20, seed=3)
    rows = out.summary()
    assert [r.seats for r in rows] == [20, 20]
    wins, ties = out.comparisons()
    assert wins.sum() + ties.sum() == 20
    assert sum(r.score for r in rows) == pytest.approx(20)
    score, n, low, high = out.head_to_head(0, 1)
    assert n == 20 and low <= score <= high
    assert score == pytest.approx(rows[0].score / 20)
    out.write_json(tmp_path / "r.json")
    out.write_csv(tmp_path / "r.csv")
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["games_played"] == 20 and len(data["games"]) == 20
    assert data["rotation_complete"] is True
    with open(tmp_path / "r.csv", newline="") as fh:
        table = list(csv.DictReader(fh))
    assert len(table) == 40
    assert sum(float(r["score"]) for r in table) == pytest.approx(20)


@pytest.mark.parametrize("spec,message", [
    ("ismcts:iterations=abc", "iterations wants a int"),
    ("ismcts:depth=3", "bad bot parameter"),
    ("grandmaster", "unknown bot"),
    ("pimc:playouts=0", "at least 1"),
])
def test_bad_bot_specs_give_a_clear_error(dice_race, spec, message):
    with pytest.raises(OptionError, match=message):
        arena.run_arena(dice_race, ["random", spec], games=2)


def test_bad_arguments_are_refused(dice_race):
    with pytest.raises(OptionError, match="at least one game"):
        arena.run_arena(dice_race, ["random"], games=0)
    with pytest.raises(OptionError, match="jobs"):
        arena.run_arena(dice_race, ["random"], games=2, jobs=0)
    with pytest.raises(OptionError, match="backend"):
        arena.run_arena(dice_race, ["random"], games=2, backend="cloud")
    with pytest.raises(OptionError, match="unknown game"):
        arena.run_arena("no_such_game", ["random"], games=2)


def _real_game():
    games = registered_games()
    if not games:
        pytest.skip("no game is registered yet")
    return games[0].name


def test_search_bots_on_a_real_game_are_deterministic():
    name = _real_game()
    kwargs = dict(game=name, specs=["ismcts:iterations=8,rollout_depth=10", "random"], games=2, seed=4)
    assert _plain(arena.run_arena(jobs=1, **kwargs)) == _plain(arena.run_arena(jobs=2, **kwargs))


def test_ray_backend_in_local_mode():
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'partisan[ray]')")
    name = _real_game()
    kwargs = dict(game=name, specs=["random", "random"], games=2, seed=2)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        remote = arena.run_arena(backend="ray", jobs=1, **kwargs)
    finally:
        ray.shutdown()
    assert remote.played == 2
    assert _plain(remote) == _plain(arena.run_arena(jobs=1, **kwargs))


def _arena_of(results, bots=2):
    out = arena.ArenaResult("g", len(results[0].seats), {}, 0, [f"b{i}" for i in range(bots)], len(results), 2)
    out.results = results
    return out


def _game(seats, returns):
    return arena.GameResult(0, 0, seats, returns, 0, 0, [0.0] * len(seats), [0] * len(seats))


def test_multiplayer_comparisons_count_the_winner_and_shared_wins_only():
    # A,B,A,B: seat 0 (A) wins alone; the losers' equal returns compare nothing
    out = _arena_of([_game([0, 1, 0, 1], [1.0, -1.0, -1.0, -1.0])])
    wins, ties = out.comparisons()
    assert wins[0, 1] == 2 and wins[1, 0] == 0 and ties.sum() == 0
    assert out.head_to_head(0, 1)[:2] == (1.0, 1)
    # seats 0 (A) and 1 (B) share the win
    out = _arena_of([_game([0, 1, 0, 1], [1.0, 1.0, -1.0, -1.0])])
    wins, ties = out.comparisons()
    assert wins[0, 1] == 1 and wins[1, 0] == 1 and ties[0, 1] == 1
    assert out.head_to_head(1, 0)[0] == pytest.approx(0.5)


def test_head_to_head_intervals_count_games_not_seat_pairs():
    results = [_game([0, 1, 0, 1], [1.0, -1.0, -1.0, -1.0]) for _ in range(6)] + \
              [_game([1, 0, 1, 0], [1.0, -1.0, -1.0, -1.0]) for _ in range(4)]
    score, games, low, high = _arena_of(results).head_to_head(1, 0)
    assert games == 10 and score == pytest.approx(0.4)
    assert (low, high) == pytest.approx(arena.ratings.wilson(4, 10))


def test_a_match_file_reads_back_as_the_same_match(dice_race, tmp_path):
    out = arena.run_arena(dice_race, ["random", "random"], games=6, seed=5)
    out.write_json(tmp_path / "r.json")
    back = arena.ArenaResult.from_dict(json.loads((tmp_path / "r.json").read_text()))
    assert back.to_dict() == json.loads((tmp_path / "r.json").read_text())


@pytest.mark.parametrize("damage", [lambda d: d.pop("games"), lambda d: d.update(players="two"),
                                    lambda d: d["games"][0].update(extra=1)])
def test_a_file_that_is_no_match_is_refused(dice_race, damage):
    data = arena.run_arena(dice_race, ["random", "random"], games=2, seed=5).to_dict()
    damage(data)
    with pytest.raises(ValueError, match="not a match written by"):
        arena.ArenaResult.from_dict(data)


def test_batches_pool_into_one_match_of_all_their_games(dice_race):
    """A long match played as batches of its own seeds is judged as the one match of their
    games: every seat and point counted once, the games numbered in order."""
    batches = [arena.run_arena(dice_race, ["random", "random"], games=4, seed=s) for s in (1, 2, 3)]
    pooled = arena.pool(batches)
    assert pooled.played == 12 and [r.index for r in pooled.results] == list(range(12))
    for b, row in enumerate(pooled.summary()):
        assert row.seats == sum(m.summary()[b].seats for m in batches) == 12
        assert row.score == pytest.approx(sum(m.summary()[b].score for m in batches))
    assert pooled.rotation_complete
    assert pooled.head_to_head(0, 1)[1] == 12


def test_only_batches_of_the_same_match_pool(dice_race):
    a = arena.run_arena(dice_race, ["random", "random"], games=2, seed=1)
    b = arena.run_arena(dice_race, ["random", "random", "random"], games=2, seed=2)
    with pytest.raises(ValueError, match="cannot pool"):
        arena.pool([a, b])
    with pytest.raises(ValueError, match="no match"):
        arena.pool([])
