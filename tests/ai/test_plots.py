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
    assert all(name in text for name in presets.values()) and "b=0.3" in text
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
