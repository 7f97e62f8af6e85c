"""SVG pictures: the strength curve and arena ratings with matplotlib, a clear refusal without."""
from __future__ import annotations

import sys
import xml.etree.ElementTree as ET

import pytest

from partisan.ai import plots
from partisan.ai.arena import BotSummary
from partisan.ai.tune import CurvePoint, strength_curve
from partisan.ai.tune.model import Match, Measurement


def _curve():
    def match(a, b, score, games=100):
        return Match(a, b, Measurement("a", "b", score, games, 0, 1, games, 1.0, 1.0))

    blunder = Match(4, None, Measurement("a", "random", 0.7, 100, 0, 1, 100, 1.0, 1.0), 0.3)
    return strength_curve([match(4, None, 0.8), match(16, 4, 0.7), match(64, 16, 0.7), match(2, None, 0.6),
                           blunder], cap=64, floor=4)[0]


def test_the_strength_curve_has_intervals_around_every_point():
    curve = _curve()
    assert all(p.low < p.elo < p.high for p in curve)
    # more games, narrower: the floor (200 selection games) is pinned down better than the top (100)
    width = {p.key: p.high - p.low for p in curve}
    assert width[(4, 0.0)] < width[(64, 0.0)]


def _summary(name, elo, half, win_rate):
    return BotSummary(name, 10, 5.0, win_rate, 0.3, 0.7, elo, elo - half, elo + half, 1.0, 100)


def test_pictures_are_svg_with_every_preset_and_bot_named(tmp_path):
    pytest.importorskip("matplotlib")
    curve = _curve()
    presets = {(2, 0.0): "novice", (4, 0.3): "easy", (16, 0.0): "hard", (64, 0.0): "expert"}
    path = plots.strength_curve_svg(curve, presets, True, "WAR: strength", tmp_path / "war.svg")
    text = path.read_text()
    ET.fromstring(text)                                      # well-formed XML
    assert "<svg" in text and "WAR: strength" in text and "relative to random" in text
    assert all(name in text for name in presets.values()) and "blunder 0.3" in text
    again = plots.strength_curve_svg(curve, presets, True, "WAR: strength", tmp_path / "again.svg")
    assert again.read_text() == text                         # no date, fixed ids: the same file
    rows = [_summary("random", -300, 80, 0.1), _summary("hard", 150, 60, 0.7), _summary("expert", 150, 60, 0.7)]
    text = plots.ratings_svg(rows, "arena", tmp_path / "r.svg").read_text()
    assert all(r.name in text for r in rows) and "+150" in text and "95% intervals" in text


def test_without_matplotlib_a_picture_is_refused_with_how_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)     # import matplotlib now fails
    with pytest.raises(plots.PlotUnavailable, match=r'pip install "partisan\[plot\]"'):
        plots.strength_curve_svg([CurvePoint(1, 0.0, 10)], {}, True, "t", tmp_path / "x.svg")
    with pytest.raises(plots.PlotUnavailable):
        plots.ratings_svg([_summary("a", 0, 10, 0.5)], "t", tmp_path / "y.svg")
    assert not list(tmp_path.iterdir())


def _report_of_a_calibration():
    from partisan.ai.tune import Calibration, Rung, report, strength_curve
    specs = {None: "random"} | {n: f"ismcts:iterations={n},uct_c=2.0,rollout_depth=30,mast=0.6" for n in (2, 4, 16, 64)}
    played = [(4, None, 0.8), (16, 4, 0.7), (64, 16, 0.7), (2, None, 0.6)]
    matches = [Match(a, b, Measurement(specs[a], specs[b], s, 100, 0, 1, 100, 1.0, 1.0)) for a, b, s in played]
    curve, anchored = strength_curve(matches, cap=64, floor=4)
    rungs = [Rung(name, {"iterations": n, "uct_c": 2.0, "rollout_depth": 30}, matches[0].result, True)
             for name, n in (("easy", 4), ("hard", 16), ("expert", 64))]
    cal = Calibration("war", 2, {}, 100, 64, rungs=rungs, curve=curve, anchored=anchored, floor=4,
                      measurements=[m.result for m in matches])
    return cal, report(cal)


def test_a_written_report_gives_back_its_curve_with_intervals():
    from partisan.ai.tune.redraw import curve_of_report
    cal, text = _report_of_a_calibration()
    curve, presets, anchored, players = curve_of_report(text)
    assert anchored and players == 2 and presets == {(4, 0.0): "easy", (16, 0.0): "hard", (64, 0.0): "expert"}
    assert [(p.iterations, round(p.elo)) for p in curve] == [(p.iterations, round(p.elo)) for p in cal.curve]
    for mine, theirs in zip(curve, cal.curve):            # the same matches, the same intervals
        assert mine.high - mine.low == pytest.approx(theirs.high - theirs.low, rel=0.05)


def test_redrawing_a_report_writes_its_svg_and_links_it_once(tmp_path):
    pytest.importorskip("matplotlib")
    from partisan.ai.tune.redraw import redraw
    _, text = _report_of_a_calibration()
    report = tmp_path / "war.md"
    report.write_text(text)
    assert redraw(report) == tmp_path / "war.svg" and "expert" in (tmp_path / "war.svg").read_text()
    redraw(report)
    assert report.read_text().count("](war.svg)") == 1
