"""partisan.ai.versus_openspiel: the speed table and the strength-match games."""
import sys

import pytest

from partisan.ai import versus_openspiel as vs
from partisan.core.errors import OptionError


def test_missing_openspiel_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)      # import pyspiel now fails
    with pytest.raises(OptionError, match=r'pip install "\.\[compare\]"'):
        vs.comparison_table(("leduc",), simulations=10, repeats=1)


def test_unknown_game_is_refused(pyspiel):
    with pytest.raises(OptionError, match="no OpenSpiel counterpart"):
        vs.comparison_table(("war",), simulations=10, repeats=1)


def test_comparison_table_rows(pyspiel):
    rows = vs.comparison_table(("leduc", "hearts"), simulations=300, repeats=2)
    assert [r["game"] for r in rows] == ["leduc", "hearts"]
    for r in rows:
        assert set(r) == {"game", "openspiel_ips", "partisan_ips", "ratio"}
        assert r["openspiel_ips"] > 0 and r["partisan_ips"] > 0
        assert r["ratio"] == pytest.approx(r["partisan_ips"] / r["openspiel_ips"])


def test_timed_node_is_the_same_real_choice_in_both_engines(pyspiel):
    for game in ("leduc", "hearts"):
        ours, theirs = vs.first_choice(game)
        assert ours.current_player() == theirs.current_player() >= 0
        assert ours.legal_actions() == list(theirs.legal_actions())
        assert len(ours.legal_actions()) > 1


@pytest.mark.parametrize("game, seats", [("leduc", (1,)), ("hearts", (1, 3))])
def test_match_game_plays_to_the_end_in_both_engines(pyspiel, game, seats):
    returns = vs.play_match_game(game, deal=7, partisan_seats=seats, iterations=30)
    lo, hi = vs.load_game(game).new_initial_state().return_bounds
    assert all(lo <= r <= hi for r in returns)
