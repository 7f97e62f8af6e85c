"""Calibration: the ladder search on a known strength model, and writing presets."""
import math
import shutil

import pytest

from partisan.ai import bots, ratings, tune
from partisan.core.errors import OptionError
from partisan.ai.tune import survey
from partisan.ai.tune import NOVICE_VS_RANDOM, TARGET, Calibration, Measurement, Rung, calibrate


def model(per_doubling, random_strength=-1.0, ceiling=None, fresh_shift=0.0):
    """A measure whose score is the logistic of the difference in log2(iterations), a bot that
    blunders a share b of its moves keeping (1 - b) of its lead over random; a confirmation on
    fresh games scores `fresh_shift` more. `played` lists the selection matches, a blundering
    candidate as (iterations, rate)."""
    played, confirmed = [], []

    def strength(params):
        if params is None:
            return random_strength
        s = math.log2(params["iterations"])
        s = s if ceiling is None else min(s, ceiling)
        return random_strength + (1 - params.get("blunder", 0.0)) * (s - random_strength)

    def measure(candidate, opponent, band, fresh=False):
        d = strength(candidate) - strength(opponent)
        score = 1 / (1 + math.exp(-per_doubling * d)) + (fresh_shift if fresh else 0.0)
        key = candidate["iterations"]
        pair = ((key, candidate["blunder"]) if "blunder" in candidate else key,
                None if opponent is None else opponent["iterations"])
        (confirmed if fresh else played).append(pair)
        return Measurement(str(candidate), str(opponent), score, 100, score - 0.05, score + 0.05, 100,
                           1.0, 1.0, fresh=fresh)

    measure.confirmed = confirmed
    return measure, played


def _match(a, b, score, games=100):
    return tune.Match(a, b, Measurement("a", "b", score, games, 0, 1, games, 1.0, 1.0))


def test_a_ladder_placed_on_the_curve_hits_the_target_on_a_smooth_strength_curve():
    # a doubling is worth 59%, so a step needs about two octaves (67%) or three (75%)
    measure, played = model(per_doubling=0.36)
    cap = 1 << 20
    placed = calibrate(measure, tune.base_ladder(), cap=cap)
    played = list(played)                  # the survey (the checks below call measure too)
    rungs = placed.rungs
    assert [r.preset for r in rungs] == list(bots.PRESET_ORDER)
    assert all(r.on_target and not r.note for r in rungs), [(r.preset, r.measurement.score, r.note) for r in rungs]
    budgets = [r.params["iterations"] for r in rungs]
    assert budgets[-1] == cap                                   # expert searches the cap
    assert budgets == sorted(budgets) and len(set(budgets)) == 5
    for rung, below in zip(rungs[1:], budgets):
        assert rung.predicted == pytest.approx(measure(rung.params, {"iterations": below}, None).score, abs=0.01)
        assert TARGET[0] <= rung.measurement.score <= TARGET[1]
    # novice's floor was found first, against random, with the selection margin
    need = NOVICE_VS_RANDOM + tune.SELECTION_MARGIN
    floor_tries = [c for c, o in played if o is None and isinstance(c, int)]
    assert played[:len(floor_tries)] == [(c, None) for c in floor_tries]
    assert floor_tries == tune.iteration_grid(cap)[:len(floor_tries)] and placed.floor == floor_tries[-1]
    assert measure({"iterations": floor_tries[-1]}, None, None).score >= need
    assert all(measure({"iterations": c}, None, None).score < need for c in floor_tries[:-1])
    assert budgets[0] >= placed.floor and "blunder" not in rungs[0].params
    # then one blunder rate at the floor, which fell below the line
    assert played[len(floor_tries)] == ((placed.floor, tune.BLUNDER_RATES[0]), None)
    # the survey went down from expert an octave at a time
    grid = tune.iteration_grid(cap)
    below_cap = [o for c, o in played if c == cap]
    assert below_cap[0] == grid[-3] and all(grid.index(a) - grid.index(b) == 2 for a, b in zip(below_cap, below_cap[1:]))
    # every rung is confirmed once, on fresh games, against the rung below (novice against random)
    assert measure.confirmed == [(budgets[0], None)] + list(zip(budgets[1:], budgets))
    assert all(r.measurement.fresh for r in rungs)
    # each rung keeps its own rollout depth
    assert [r.params["rollout_depth"] for r in rungs] == \
        [tune.base_ladder()[p]["rollout_depth"] for p in bots.PRESET_ORDER]


def test_the_grid_is_half_octaves_up_to_the_cap():
    assert tune.iteration_grid(16) == [1, 2, 3, 4, 6, 8, 11, 16]
    assert tune.iteration_grid(3000)[-3:] == [2048, 2896, 3000]


def test_an_overshooting_octave_is_followed_by_the_half_octave_above_it():
    measure, played = model(per_doubling=1.5)     # one doubling is already 82%
    calibrate(measure, tune.base_ladder(), cap=1 << 12)
    assert played[played.index((4096, 2048)) + 1] == (4096, 2896)


def test_a_short_strength_span_is_shared_evenly_by_the_steps():
    # 10 doublings from random to the ceiling; novice's floor (2 iterations, 67%) leaves 8:
    # not enough for four 70% steps (9.4), enough for four of 67%. A ladder built rung by rung
    # at 70% would leave the top step short; placed on the curve, novice takes a blunder rate
    # below the floor and the steps share the span as evenly as the grid allows
    measure, _ = model(per_doubling=0.36, ceiling=9.0)
    placed = calibrate(measure, tune.base_ladder(), cap=8192)
    rungs = placed.rungs
    assert all(r.on_target for r in rungs), [(r.preset, r.measurement.score) for r in rungs]
    assert rungs[0].params["iterations"] == placed.floor == 2 and rungs[0].params["blunder"] == 0.1
    steps = [r.measurement.score for r in rungs[1:]]
    assert max(steps) - min(steps) < 0.02


def test_a_saturating_search_spreads_what_there_is_and_says_so():
    measure, _ = model(per_doubling=0.36, ceiling=6.0)   # no gain beyond 64 iterations
    placed = calibrate(measure, tune.base_ladder(), cap=4096)
    budgets = [r.params["iterations"] for r in placed.rungs]
    assert budgets[-1] == 4096 and budgets == sorted(budgets) and len(set(budgets)) == 5
    assert budgets[0] >= placed.floor and budgets[-2] <= 64        # nothing gained on the plateau
    steps = [r.measurement.score for r in placed.rungs[1:]]
    # 5 doublings above the floor for four steps: none can reach the band, and none is left
    # smaller than one doubling (59%) for another to be larger
    assert max(steps) < 0.68 and min(steps) > 0.58
    short = [r for r in placed.rungs[1:] if r.measurement.score < TARGET[0]]
    assert len(short) >= 3 and all("below 65%" in r.note and not r.on_target for r in short)


def test_placing_rungs_minimises_the_largest_miss_of_a_70_percent_step():
    elo = {3: 241, 4: 213, 6: 236, 8: 291, 16: 414, 23: 543, 32: 572, 64: 628, 128: 832, 256: 739,
           512: 775, 1024: 822, 2048: 803}            # Junta, 4 players, a survey on 2026-11-29
    curve = [tune.CurvePoint(n, e, 100) for n, e in elo.items()]
    assert _budgets(tune.place(curve, 3, 5)) == [8, 16, 23, 64, 2048]
    assert _budgets(tune.place(curve, 16, 5)) == [16, 23, 64, 256, 2048]   # the floor bounds novice
    with pytest.raises(ValueError):
        tune.place(curve, 256, 5)


def _budgets(points):
    return [p.iterations for p in points]


def test_only_novice_may_blunder_and_only_when_it_brings_the_steps_closer_to_70_percent():
    elo = {4: 208, 8: 261, 16: 314, 32: 367, 64: 420, 128: 473, 256: 526, 512: 567, 1024: 595,
           2048: 624, 4096: 652, 8192: 681}           # WAR, 2 players, the curve of 2026-11-29
    budgets = [tune.CurvePoint(n, e, 100) for n, e in elo.items()]
    blunders = [tune.CurvePoint(4, e, 100, rate) for rate, e in ((0.4, 140), (0.2, 175))]
    plain = tune.place(budgets, 4, 5)
    assert plain[0].iterations == 4 and not any(p.blunder for p in plain)
    placed = tune.place(blunders + budgets, 4, 5)
    # a short span: novice takes the most blunders on offer, and the shortest step grows
    assert placed[0].blunder == 0.4 and not any(p.blunder for p in placed[1:])
    shortest = lambda pts: min(b.elo - a.elo for a, b in zip(pts, pts[1:]))
    assert shortest(plain) < 110 < shortest(placed)
    # a wide span has no use for them: novice stays a plain search
    wide = [tune.CurvePoint(n, e * 1.3, 100) for n, e in elo.items()]
    assert not tune.place(blunders + wide, 4, 5)[0].blunder


def test_blunder_rates_lower_a_novice_that_beats_random_by_more_than_it_must(monkeypatch):
    """A floor of one iteration beats random 80%, more than it must; from there the steps above
    cannot all reach 65% on this grid. Novice playing 40% of its moves at random still beats
    random 69% (60%: below the 65% line), and the steps above it all reach the band."""
    curve_model = dict(per_doubling=0.4, random_strength=-3.4, ceiling=7.0)
    measure, played = model(**curve_model)
    placed = calibrate(measure, tune.base_ladder(), cap=4096)
    tried = [c for c, o in played if o is None and not isinstance(c, int)]
    assert tried == [(1, r) for r in tune.BLUNDER_RATES[:6]]       # up to the first below 65%
    novice = placed.rungs[0]
    assert novice.params["blunder"] == 0.4 and novice.params["iterations"] == placed.floor == 1
    assert novice.measurement.score == pytest.approx(0.693, abs=0.005)
    assert all(r.on_target for r in placed.rungs) and "blunder" not in placed.rungs[1].params
    assert [p.blunder for p in placed.curve if p.blunder] == [0.5, 0.4, 0.3, 0.2, 0.1]
    text = tune.report(Calibration("war", 2, {}, 100, 4096, rungs=placed.rungs, curve=placed.curve,
                                   anchored=True, floor=placed.floor))
    assert "| `novice` | 1, blunder 0.4 |" in text and "| 1, blunder 0.5 | " in text
    assert tune.bot_spec(novice.params) == "ismcts:iterations=1,uct_c=2.0,rollout_depth=30,mast=0.6,blunder=0.4"
    # the same search without blunder rates: novice at the floor, and a step below the band
    monkeypatch.setattr(survey, "BLUNDER_RATES", ())
    plain = calibrate(model(**curve_model)[0], tune.base_ladder(), cap=4096)
    assert "blunder" not in plain.rungs[0].params and not all(r.on_target for r in plain.rungs)


def test_the_strength_curve_is_rated_from_random_through_every_connected_match():
    m = _match
    curve, anchored = tune.strength_curve([m(4, None, 0.8), m(64, 16, 0.7), m(16, 4, 0.7),
                                           m(2, None, 0.6), m(1000, 500, 0.5)], cap=64, floor=4)
    assert anchored and [p.iterations for p in curve] == [2, 4, 16, 64]    # 500 and 1000 not connected
    elo = {p.iterations: p.elo for p in curve}
    assert elo[4] == pytest.approx(241, abs=15) and elo[16] - elo[4] == pytest.approx(147, abs=15)
    assert [p.games for p in curve] == [100, 200, 200, 100]
    curve, anchored = tune.strength_curve([m(64, 16, 0.7), m(4, None, 0.8)], cap=64, floor=4)
    assert not anchored and [p.iterations for p in curve] == [16, 64] and curve[0].elo == 0


def test_a_blunder_rate_is_rated_by_its_match_against_random_alone():
    matches = [_match(2, None, 0.6), _match(4, None, 0.8), _match(16, 4, 0.7), _match(64, 16, 0.7),
               tune.Match(4, None, Measurement("a", "random", 0.7, 100, 0, 1, 100, 1.0, 1.0), 0.3),
               tune.Match(4, None, Measurement("a", "random", 0.75, 100, 0, 1, 100, 1.0, 1.0), 0.1)]
    curve, anchored = tune.strength_curve(matches, cap=64, floor=4)
    assert [p.key for p in curve] == [(2, 0.0), (4, 0.3), (4, 0.1), (4, 0.0), (16, 0.0), (64, 0.0)]
    elo = {p.key: p.elo for p in curve}
    assert ratings.expected_score(elo[4, 0.3]) == pytest.approx(0.7, abs=0.01)
    assert ratings.expected_score(elo[4, 0.1]) == pytest.approx(0.75, abs=0.01)
    without, _ = tune.strength_curve(matches[:4], cap=64, floor=4)
    assert [p.elo for p in without] == pytest.approx([p.elo for p in curve if not p.blunder], abs=1)
    # with random cut off from the cap, neither the floor's rating nor its blunders are known
    curve, anchored = tune.strength_curve(matches[2:], cap=64, floor=4)
    assert not anchored and [p.key for p in curve] == [(4, 0.0), (16, 0.0), (64, 0.0)]


def test_the_curve_rises_with_the_budget_and_by_less_for_each_doubling_above_the_floor():
    # WAR's survey on 2026-11-29 (2 players, cap 8192): noisy, and in places upside down
    survey = [(1, None, .533, 30), (2, None, .77, 100), (3, None, .671, 70), (4, None, .80, 100),
              (8192, 4096, .625, 40), (8192, 2048, .675, 40), (8192, 1024, .40, 20), (8192, 512, .52, 50),
              (8192, 256, .733, 60), (256, 128, .55, 80), (256, 64, .50, 40), (256, 32, .775, 100),
              (256, 45, .72, 100), (45, 23, .40, 20), (45, 11, .68, 100), (45, 6, .63, 100),
              (11, 6, .20, 20), (11, 4, .475, 40)]
    curve, anchored = tune.strength_curve([_match(*row) for row in survey], cap=8192, floor=4)
    assert anchored and curve[-1].iterations == 8192
    elo = [p.elo for p in curve]
    assert all(b >= a - 1e-6 for a, b in zip(elo, elo[1:]))
    x = [math.log2(p.iterations) for p in curve]
    slopes = [(elo[k + 1] - elo[k]) / (x[k + 1] - x[k]) for k in range(len(curve) - 1)]
    above = [k for k in range(len(slopes) - 1) if curve[k].iterations >= 4]
    assert all(slopes[k + 1] <= slopes[k] + 1e-6 for k in above)
    # the lucky 62% of 8192 against 4096 no longer makes a 2x top step
    budgets = _budgets(tune.place(curve, 4, 5))
    assert budgets[-1] == 8192 and budgets[-2] <= 2048
    # the fit still follows the data: 4 iterations beat random about 80% of the time
    assert 0.72 < ratings.expected_score(curve[[p.iterations for p in curve].index(4)].elo) < 0.85


def test_a_rung_is_judged_by_its_confirmation_on_fresh_games():
    # the survey says 67%, fresh games say 10 points less: the ladder is not on target
    measure, _ = model(per_doubling=0.36, fresh_shift=-0.10)
    rungs = calibrate(measure, tune.base_ladder(), cap=1 << 20).rungs
    for rung in rungs[1:]:
        assert TARGET[0] <= rung.predicted <= TARGET[1]
        assert rung.measurement.score < TARGET[0] and not rung.on_target
        assert "on fresh games, below 65%" in rung.note
    text = tune.report(Calibration("war", 2, {}, 100, 1 << 20, rungs=rungs,
                                   measurements=[r.measurement for r in rungs]))
    assert "| confirmation |" in text and "below 65% against novice" in text


@pytest.mark.parametrize("fresh_score, on_target", [(0.62, True), (0.58, False)])
def test_novice_need_only_clearly_beat_random_not_by_a_full_step(fresh_score, on_target):
    """The band is for the steps between presets; novice must beat random at least 60%."""
    measure, _ = model(per_doubling=0.36)

    def novice_at(candidate, opponent, band, fresh=False):
        m = measure(candidate, opponent, band, fresh)
        if fresh and opponent is None:
            return Measurement(m.candidate, m.opponent, fresh_score, 100, fresh_score - 0.1,
                               fresh_score + 0.1, 100, 1.0, 1.0, fresh=True)
        return m

    novice = calibrate(novice_at, tune.base_ladder(), cap=1 << 20).rungs[0]
    assert NOVICE_VS_RANDOM == 0.60 and novice.on_target is on_target
    assert (novice.note == "") is on_target
    if not on_target:
        assert "below 60% against random" in novice.note


def test_a_novice_that_cannot_beat_random_is_reported():
    measure, played = model(per_doubling=0.36, random_strength=40.0)
    rungs = calibrate(measure, tune.base_ladder(), cap=1 << 10).rungs
    floor_tries = [c for c, o in played if o is None]
    grid = tune.iteration_grid(1 << 10)
    assert all(isinstance(c, int) for c in floor_tries)     # no blunders below a failed floor
    assert floor_tries == grid[:len(grid) - 4]          # room kept for the four rungs above
    need = NOVICE_VS_RANDOM + tune.SELECTION_MARGIN
    assert f"beat random {need:.0%}" in rungs[0].note and not rungs[0].on_target


def test_a_cap_with_too_few_budgets_is_refused():
    measure, played = model(per_doubling=0.36)
    with pytest.raises(OptionError, match="give at least 5"):
        calibrate(measure, tune.base_ladder(), cap=4)
    assert played == []
    with pytest.raises(OptionError, match="give at least 5"):
        tune.run("war", games=2, max_iterations=4)


def _calibration(game, iterations):
    ladder = tune.base_ladder()
    played = Measurement("a", "b", 0.7, 10, 0.4, 0.9, 10, 1.0, 1.0, fresh=True)
    rungs = [Rung(p, {**ladder[p], "iterations": n}, played, True)
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
    measure = tune.ArenaMeasure(g.name, players, {}, games=60, jobs=1, seed=0, match_seconds=1e-9,
                                confirm_games=30)
    m = measure(weak, None, (0.0, 1.0))          # a band nothing can fall outside
    assert m.stopped == "time" and m.games == tune.EARLY_STOP_MIN_GAMES
    assert measure.measurements == [m]
    confirmation = measure(weak, None, None, True)     # the judged figure plays every game it is given
    assert confirmation.games == 30 and not confirmation.stopped


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

    cal = tune.run(products[0].name, games=2, jobs=1, max_iterations=8, on_game=stop_after_two)
    assert cal.interrupted and len(played) == 2
    assert cal.depth is None and cal.rungs == [] and cal.measurements == []
    text = tune.report(cal)
    assert "interrupted" in text and "capped at" not in text
