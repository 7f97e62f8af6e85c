"""Calibration: the ladder search on a known strength model, and writing presets."""
import math
import shutil

import pytest

from partisan.ai import bots, tune
from partisan.ai.tune import NOVICE_VS_RANDOM, TARGET, Calibration, Measurement, Rung, calibrate


def model(per_doubling, random_strength=-1.0, ceiling=None, fresh_shift=0.0):
    """A measure whose score is the logistic of the difference in log2(iterations); a
    confirmation on fresh games scores `fresh_shift` more. `played` lists the selection matches."""
    played, confirmed = [], []

    def strength(params):
        if params is None:
            return random_strength
        s = math.log2(params["iterations"])
        return s if ceiling is None else min(s, ceiling)

    def measure(candidate, opponent, band, fresh=False):
        d = strength(candidate) - strength(opponent)
        score = 1 / (1 + math.exp(-per_doubling * d)) + (fresh_shift if fresh else 0.0)
        pair = (candidate["iterations"], None if opponent is None else opponent["iterations"])
        (confirmed if fresh else played).append(pair)
        return Measurement(str(candidate), str(opponent), score, 100, score - 0.05, score + 0.05, 100,
                           1.0, 1.0, fresh=fresh)

    measure.confirmed = confirmed
    return measure, played


def test_ladder_hits_the_target_on_a_smooth_strength_curve():
    # a doubling is worth 59%, so a rung needs a factor of about 4 (67%)
    measure, played = model(per_doubling=0.36)
    rungs = calibrate(measure, tune.base_ladder(), cap=1 << 20)
    assert [r.preset for r in rungs] == list(bots.PRESET_ORDER)
    assert all(r.on_target for r in rungs), [(r.preset, r.measurement.score, r.note) for r in rungs]
    budgets = [r.params["iterations"] for r in rungs]
    assert budgets == sorted(budgets) and len(set(budgets)) == 5
    # novice is the smallest budget that clearly beats random
    novice_tries = [c for c, o in played if o is None]
    assert budgets[0] == novice_tries[-1]
    # chosen with a margin above the line: 80% against random, 70% against the rung below
    need = NOVICE_VS_RANDOM + tune.SELECTION_MARGIN
    assert rungs[0].selection.score >= need > NOVICE_VS_RANDOM
    assert all(measure({"iterations": c}, None, None).score < need for c in novice_tries[:-1])
    for rung in rungs[1:]:
        assert TARGET[0] <= rung.measurement.score <= TARGET[1]
        assert rung.selection.score >= tune.TARGET_MID
    # every rung is confirmed once, on fresh games, against the rung below
    assert measure.confirmed == [(budgets[0], None)] + list(zip(budgets[1:], budgets))
    assert all(r.measurement.fresh and not r.selection.fresh for r in rungs)
    # each rung keeps its own rollout depth
    assert [r.params["rollout_depth"] for r in rungs] == \
        [tune.base_ladder()[p]["rollout_depth"] for p in bots.PRESET_ORDER]


def test_an_overshooting_step_tries_the_midpoint():
    measure, played = model(per_doubling=1.5)     # one doubling is already 82%
    rungs = calibrate(measure, tune.base_ladder(), cap=1 << 20)
    easy = rungs[1]
    below = rungs[0].params["iterations"]
    assert (below * 2, below) in played
    mid = int(round(math.sqrt(below * below * 2)))
    if mid not in (below, below * 2):
        assert (mid, below) in played
    tried = [c for c, o in played if o == below]
    scores = [measure({"iterations": c}, {"iterations": below}, None).score for c in tried]
    assert easy.selection.score == min(scores, key=lambda s: abs(s - 0.70))


def test_a_saturating_game_keeps_distinct_rungs_and_says_so():
    measure, _ = model(per_doubling=0.36, ceiling=7.0)   # no gain beyond 128 iterations
    rungs = calibrate(measure, tune.base_ladder(), cap=4096)
    budgets = [r.params["iterations"] for r in rungs]
    assert all(b <= 4096 for b in budgets)
    assert budgets == sorted(budgets) and len(set(budgets)) == len(budgets)   # no rung repeats
    saturated = [r for r in rungs if "4x the rung below" in r.note]
    assert saturated and all(not r.on_target for r in saturated)
    for r, below in zip(rungs[1:], rungs):
        if r in saturated:
            assert r.params["iterations"] == min(4 * below.params["iterations"],
                                                 4096 // 4 ** (len(rungs) - 1 - rungs.index(r)))
            assert r.measurement.fresh         # still measured on fresh games


def test_a_rung_is_judged_by_its_confirmation_on_fresh_games():
    # selection matches say 70-75%, fresh games say 10 points less: the ladder is not on target
    measure, _ = model(per_doubling=0.36, fresh_shift=-0.10)
    rungs = calibrate(measure, tune.base_ladder(), cap=1 << 20)
    for rung in rungs[1:]:
        assert TARGET[0] <= rung.selection.score <= TARGET[1]
        assert rung.measurement.score < TARGET[0] and not rung.on_target
        assert "on fresh games, below 65%" in rung.note
    text = tune.report(Calibration("war", 2, {}, 100, 1 << 20, rungs=rungs,
                                   measurements=[r.measurement for r in rungs]))
    assert "| confirmation |" in text and "below 65% against novice" in text


def test_every_rung_leaves_room_under_the_cap_for_the_rungs_above():
    measure, played = model(per_doubling=0.2)           # slow gains: each rung wants a big budget
    rungs = calibrate(measure, tune.base_ladder(), cap=1 << 12)
    for i, r in enumerate(rungs):
        assert r.params["iterations"] <= (1 << 12) // 4 ** (len(rungs) - 1 - i)
    assert all(c <= 1 << 12 for c, _ in played)
    assert rungs[-1].params["iterations"] > rungs[-2].params["iterations"]


def test_a_tiny_cap_makes_rungs_repeat_the_one_below():
    measure, _ = model(per_doubling=0.36)
    rungs = calibrate(measure, tune.base_ladder(), cap=16)
    repeated = [r for r in rungs if r.measurement is None]
    assert repeated and all("cap of 16" in r.note and not r.on_target for r in repeated)
    for r in repeated:
        assert r.params == rungs[rungs.index(r) - 1].params
    assert all(r.params["iterations"] <= 16 for r in rungs)


def _calibration(game, iterations):
    ladder = tune.base_ladder()
    played = Measurement("a", "b", 0.7, 10, 0.4, 0.9, 10, 1.0, 1.0, fresh=True)
    rungs = [Rung(p, {**ladder[p], "iterations": n}, played if p != "expert" else None, True)
             for p, n in zip(bots.PRESET_ORDER, iterations)]
    return Calibration(game, 2, {}, 10, 4096, rungs=rungs)


def test_presets_are_written_per_game_and_rewritten_in_place(tmp_path, monkeypatch):
    path = tmp_path / "presets.toml"
    shutil.copy(bots.PRESETS_FILE, path)
    original = path.read_text()
    tune.write_presets(_calibration("alpha", [4, 16, 64, 256, 1024]), path)
    tune.write_presets(_calibration("beta", [2, 8, 32, 128, 512]), path)
    tune.write_presets(_calibration("alpha", [8, 32, 128, 512, 2048]), path)
    text = path.read_text()
    head = original.split(tune.GAMES_MARKER)[0].rstrip()
    assert text.startswith(head)                             # comments and base presets kept
    for line in original.splitlines():                       # games calibrated before are kept
        if line.startswith("[games."):
            assert line in text
    assert text.count("[games.alpha.novice]") == 1
    monkeypatch.setattr(bots, "PRESETS_FILE", path)
    alpha, beta, other = bots.load_presets("alpha"), bots.load_presets("beta"), bots.load_presets("gamma")
    assert [alpha[p]["iterations"] for p in bots.PRESET_ORDER] == [8, 32, 128, 512, 2048]
    assert beta["hard"]["iterations"] == 128 and beta["hard"]["measured"] is True
    assert beta["expert"]["measured"] is False          # a rung without its own match
    assert other["hard"] == bots.load_presets(None)["hard"]
    bot = bots.make_bot("expert", game="alpha")
    assert bot.iterations == 2048


def test_a_match_stops_at_its_time_limit_after_twenty_games():
    from partisan.core.game import registered_games
    products = registered_games(include_reference=False)
    if not products:
        pytest.skip("no product game is registered yet")
    g = products[0]
    players = g.default_players or g.min_players
    weak = {**tune.base_ladder()["novice"], "iterations": 1, "rollout_depth": 5}
    measure = tune.ArenaMeasure(g.name, players, {}, games=60, jobs=1, seed=0, match_seconds=1e-9)
    m = measure(weak, None, (0.0, 1.0))          # a band nothing can fall outside
    assert m.stopped == "time" and m.games == tune.EARLY_STOP_MIN_GAMES
    assert measure.measurements == [m]


def test_a_depth_is_adopted_only_when_clearly_better_than_the_longest():
    def trials(*rows):
        return [tune.DepthTrial(d, elo, elo - half, elo + half, 1.0) for d, elo, half in rows]

    # Junta's round robin at 1,024 iterations: depth 40 far above everything, 160 last
    assert tune.settle_depth(trials((10, 1, 28), (20, -28, 29), (40, 103, 26), (80, -10, 30),
                                    (160, -76, 30))) == 40
    # indistinguishable depths (WAR): the presets keep their own
    assert tune.settle_depth(trials((10, 0, 61), (20, 7, 61), (40, 0, 61), (80, 7, 61),
                                    (160, -14, 61))) is None
    # the longest depth best of all: nothing to change
    assert tune.settle_depth(trials((10, -200, 20), (160, 200, 20))) is None
    # equal ratings: the shorter, faster depth
    assert tune.settle_depth(trials((10, 50, 10), (20, 50, 10), (160, -100, 10))) == 10


def test_an_interrupted_depth_round_robin_leaves_no_ladder():
    from partisan.core.game import registered_games
    products = registered_games(include_reference=False)
    if not products:
        pytest.skip("no product game is registered yet")
    played = []

    def stop_after_two():
        played.append(1)
        if len(played) == 2:
            raise KeyboardInterrupt

    cal = tune.run(products[0].name, games=2, jobs=1, max_iterations=2, on_game=stop_after_two)
    assert cal.interrupted and len(played) == 2
    assert cal.depth is None and cal.rungs == [] and cal.measurements == []
    text = tune.report(cal)
    assert "interrupted" in text and "capped at" not in text
