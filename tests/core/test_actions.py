"""Declared action ranges: offsets, sizes and fingerprints derived from one declaration."""
from __future__ import annotations

import dataclasses

import pytest

from partisan.core import MAX_BRANCH, ActionRanges, IllegalActionError, registered_games
from partisan.core import game as registry
from partisan.core.games.junta.state import ACTIONS as JUNTA
from partisan.core.games.war.state import ACTIONS as WAR


def test_offsets_follow_the_declaration_order():
    r = ActionRanges(play=52, support=52, no_support=1, cancel=3)
    assert (r.play, r.support, r["no_support"], r.cancel, r.size) == (0, 52, 104, 105, 108)
    assert r.span("cancel") == range(105, 108)
    assert r.locate(53) == ("support", 1) and r.locate(107) == ("cancel", 2)
    assert r.items() == [("play", 52), ("support", 52), ("no_support", 1), ("cancel", 3)]


def test_bad_declarations_and_lookups():
    for bad in ({}, {"a": 0}, {"a": -2}, {"a": 1.5}, {"a": True}):
        with pytest.raises(ValueError):
            ActionRanges(**bad)
    r = ActionRanges(a=2)
    with pytest.raises(AttributeError, match="no action range 'b'"):
        r.b
    for outside in (-1, 2):
        with pytest.raises(IllegalActionError, match="outside 0..1"):
            r.locate(outside)


def test_fingerprint_changes_with_any_name_size_or_order():
    base = ActionRanges(a=2, b=3).fingerprint()
    assert ActionRanges(a=2, b=3).fingerprint() == base
    for other in (ActionRanges(a=2, b=4), ActionRanges(b=3, a=2), ActionRanges(a=2, c=3)):
        assert other.fingerprint() != base


def test_existing_numbering_is_kept():
    """Records made before the ranges were declared still replay: every offset the games used
    (WAR's and Junta's former constants) is where it was."""
    assert [WAR[n] for n in ("play", "support", "no_support", "propose", "decline", "cancel", "remove")] \
        == [0, 52, 104, 105, 106, 107, 159] and WAR.size == 211
    assert [JUNTA[n] for n in ("done", "promise_card", "promise_militia", "order", "burgle", "spy",
                               "play", "assassinate", "divert", "destroy", "buy_building",
                               "buy_militia", "buy_card", "pay", "discard", "draw", "die",
                               "first_presidente")] \
        == [0, 1, 81, 106, 112, 117, 118, 134, 144, 179, 189, 190, 191, 192, 208, 224, 240, 246]
    assert JUNTA.size == 251


def test_every_game_declares_its_encoding_and_bounds():
    for info in registered_games(include_test_only=True):
        assert isinstance(info.actions, ActionRanges) and info.branch_bound <= MAX_BRANCH
        lo, hi = info.return_bounds
        assert lo < hi
        game = registry.load_game(info.name)
        assert game.max_game_length > 0
        assert game.new_initial_state(0).num_distinct_actions == info.actions.size


def test_register_refuses_a_game_wider_than_the_buffers():
    war = registry.game_info("war")
    for wide in (dataclasses.replace(war, name="wide", actions=ActionRanges(a=MAX_BRANCH + 1)),
                 dataclasses.replace(war, name="wide", chance=ActionRanges(a=MAX_BRANCH + 1))):
        with pytest.raises(ValueError, match=f"{MAX_BRANCH + 1} actions at one node exceed MAX_BRANCH"):
            registry.register(wide)
    assert "wide" not in registry._REGISTRY


def test_fingerprint_pins_actions_and_data():
    war, junta = registry.load_game("war"), registry.load_game("junta")
    assert war.encoding["data"] is None and junta.encoding["data"]
    assert registry.load_game("war", 3).fingerprint == war.fingerprint    # players do not renumber
    assert war.fingerprint != junta.fingerprint


def test_a_game_with_sample_only_ids_declares_its_widest_node():
    """disc_toss numbers its 40,402 landings among its actions; only 55 are ever listed."""
    toss = registry.game_info("disc_toss")
    assert toss.actions.size > MAX_BRANCH and toss.branch_bound == 55
    with pytest.raises(ValueError, match="exceed MAX_BRANCH"):
        registry.register(dataclasses.replace(toss, name="wide", max_branch=None))


def test_check_offsets_refuses_a_numbering_that_differs():
    """A game's compiled offsets must be the declared ranges' (first ids, then the size)."""
    ranges = ActionRanges(a=2, b=3)
    ranges.check_offsets("g", (0, 2, 5))
    with pytest.raises(ImportError, match="g: compiled offsets"):
        ranges.check_offsets("g", (0, 3, 5))
