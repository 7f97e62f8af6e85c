"""Decision steps (core/decision.pxd): canonical choices and their resample rule,
secret choices."""
from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from partisan.core.testing import decision_api as dec

DONE = 1000


def sequences(choice, items):
    """Every action sequence that ends with done, from this choice."""
    found = []

    def walk(c, prefix):
        for a in c.legal(items, done=DONE):
            if a == DONE:
                found.append(prefix)
                continue
            child = c.copy()
            assert child.take(a)
            walk(child, prefix + (a,))

    walk(choice, ())
    return found


@pytest.mark.parametrize("lo, hi", [(0, 4), (1, 2), (2, 2), (0, 0)])
def test_each_subset_has_exactly_one_action_sequence(lo, hi):
    items = [2, 3, 5, 7]
    found = sequences(dec.ChoiceAPI(lo, hi, False), items)
    wanted = [s for k in range(lo, hi + 1) for s in itertools.combinations(items, k)]
    assert sorted(found) == sorted(wanted)


@pytest.mark.parametrize("lo, hi", [(0, 3), (2, 3)])
def test_each_multiset_has_exactly_one_action_sequence(lo, hi):
    items = [0, 1, 4]
    found = sequences(dec.ChoiceAPI(lo, hi, True), items)
    wanted = [s for k in range(lo, hi + 1) for s in itertools.combinations_with_replacement(items, k)]
    assert sorted(found) == sorted(wanted)


def test_choice_actions_carry_the_offset_and_done_comes_first():
    c = dec.ChoiceAPI(1, 3, False)
    assert c.legal([1, 4, 6], offset=50) == [51, 54, 56]          # done needs one item
    assert c.take(4) and not c.take(4) and not c.take(1)
    assert c.legal([1, 4, 6], offset=50) == [DONE, 56]
    assert c.legal([1, 4, 6], offset=50, done=-1) == [56]         # a choice with no "done"


@pytest.mark.parametrize("multi", [False, True])
def test_the_floor_is_the_one_bound_of_the_allowed_items(multi):
    """choice_allows(item) == item >= choice_floor at every step, up to a full choice."""
    c = dec.ChoiceAPI(0, 3, multi)
    for item in (2, 2, 5, 9):
        assert [c.allows(i) for i in range(-2, 12)] == [i >= c.floor() for i in range(-2, 12)]
        c.take(item)
    assert c.count == 3 and c.floor() > 2 ** 15 - 1 and not any(c.allows(i) for i in range(12))


def test_redrawing_a_hidden_subset_is_uniform_and_canonical():
    options = [1, 3, 4, 8, 9]
    seen = Counter()
    draws = 20_000
    c = dec.ChoiceAPI(0, 5, False, seed=11)
    for _ in range(draws):
        got = c.redraw(options, 2)
        assert got == sorted(got) and len(set(got)) == 2
        assert c.count == 2 and c.last == got[-1]
        seen[tuple(got)] += 1
    assert set(seen) == set(itertools.combinations(options, 2))
    p = 1 / math.comb(5, 2)
    assert max(abs(v - draws * p) for v in seen.values()) <= 5 * math.sqrt(draws * p * (1 - p))
    # the world continues as the one sequence of its new items
    assert all(a > c.last for a in c.legal(options, done=-1))


def test_redrawing_a_hidden_multiset_is_uniform():
    options = [0, 2, 5]
    seen = Counter()
    draws = 20_000
    c = dec.ChoiceAPI(0, 3, True, seed=4)
    for _ in range(draws):
        seen[tuple(c.redraw(options, 3))] += 1
    assert set(seen) == set(itertools.combinations_with_replacement(options, 3))
    p = 1 / 10
    assert max(abs(v - draws * p) for v in seen.values()) <= 5 * math.sqrt(draws * p * (1 - p))


def test_impossible_redraws_are_refused():
    c = dec.ChoiceAPI(0, 2, False)
    c.take(3)
    assert c.redraw([1, 2, 3], 3) is None                # more than the frame allows
    assert dec.ChoiceAPI(0, 5, False).redraw([1, 2], 3) is None
    assert dec.ChoiceAPI(0, 5, True).redraw([], 1) is None
    assert c.count == 1 and c.last == 3
    assert c.redraw([1, 2, 3], 0) == [] and c.count == 0 and c.last == dec.NONE


def test_rebound_follows_items_redealt_by_a_resample():
    c = dec.ChoiceAPI(0, 4, False)
    c.take(2)
    c.take(9)
    c.rebound([2, 5])
    assert c.count == 2 and c.last == 5 and c.allows(6) and not c.allows(5)


def test_a_secret_choice_is_seen_by_its_owner_only_until_revealed():
    g = dec.SecretsGame(3)
    keys = [g.infostate_key(q) for q in range(3)]
    g.commit(0, 7)
    after = [g.infostate_key(q) for q in range(3)]
    assert all(a != b for a, b in zip(after, keys))
    other = dec.SecretsGame(3)
    other.commit(0, 8)
    assert other.infostate_key(0) != g.infostate_key(0)             # the owner tells 7 from 8
    assert [other.infostate_key(q) for q in (1, 2)] == after[1:]    # the others cannot
    assert g.pending(0) and g.hidden_from(0, 1) and not g.hidden_from(0, 0)
    g.show(0, 2)                                                   # a spy looks
    assert not g.hidden_from(0, 2) and g.hidden_from(0, 1)
    assert g.reveal(0) == 7 and other.reveal(0) == 8
    assert not g.pending(0) and g.reveal(0) == -1
    assert g.infostate_key(1) != other.infostate_key(1)             # now everyone knows


def test_resample_redraws_a_secret_among_the_legal_options():
    g = dec.SecretsGame(2, seed=3)
    g.commit(1, 4)
    drawn = Counter(g.redraw(1, [4, 6, 9]) for _ in range(3000))
    assert set(drawn) == {4, 6, 9} and min(drawn.values()) > 800
    assert g.redraw(1, []) in (4, 6, 9)                  # no options: left as it was
