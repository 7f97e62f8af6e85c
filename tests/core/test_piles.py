"""Ordered piles (core/piles.pxd): known places, shuffled segments, draws as chance nodes."""
from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from partisan.core.testing.piles_api import CAPACITY, PileAPI


def order_distribution(pile):
    """Probability of each full top-to-bottom order, by drawing every outcome in turn."""
    result = {}

    def walk(p, prefix, prob):
        outcomes = p.top_outcomes()
        if not outcomes:
            result[prefix] = result.get(prefix, 0.0) + prob
            return
        assert math.isclose(sum(q for _, q in outcomes), 1.0)
        for card, q in outcomes:
            if q == 0:
                continue
            child = p.copy()
            assert child.draw(card)
            walk(child, prefix + (card,), prob * q)

    walk(pile, (), 1.0)
    return result


def assert_uniform_over(dist, orders):
    orders = set(orders)
    assert set(dist) == orders
    for prob in dist.values():
        assert prob == pytest.approx(1 / len(orders))


def test_a_shuffled_pile_draws_every_order_alike():
    pile = PileAPI(range(4))
    assert pile.shuffle()
    assert_uniform_over(order_distribution(pile), itertools.permutations(range(4)))


def test_a_card_pinned_to_the_bottom_half_gives_every_such_order_alike():
    # Guerilla: the Revolution card (0) shuffled somewhere in the bottom half of 6 cards.
    pile = PileAPI(range(6))
    assert pile.shuffle_split((3, 3), (0, -1))
    wanted = [o for o in itertools.permutations(range(6)) if o.index(0) >= 3]
    assert len(wanted) == 3 * 120
    assert_uniform_over(order_distribution(pile), wanted)


def test_one_pin_per_segment_splits_the_rest_uniformly():
    pile = PileAPI(range(6))
    assert pile.shuffle_split((2, 4), (0, 1))
    wanted = [o for o in itertools.permutations(range(6)) if o.index(0) >= 4 and o.index(1) < 4]
    assert_uniform_over(order_distribution(pile), wanted)


def test_known_places_around_a_shuffled_segment():
    pile = PileAPI(range(3))
    pile.shuffle()
    assert pile.put_top(7) and pile.put_bottom(9)
    wanted = [(7, *o, 9) for o in itertools.permutations(range(3))]
    assert_uniform_over(order_distribution(pile), wanted)
    assert pile.top_outcomes(offset=100) == [(107, 1.0)]


def test_an_unshuffled_pile_is_public_and_ordered():
    pile = PileAPI([5, 3, 8])            # bottom to top
    assert pile.top_known()
    assert [pile.card_at(i) for i in range(3)] == [5, 3, 8]
    assert order_distribution(pile) == {(8, 3, 5): 1.0}


def test_take_the_wanted_card_nearest_the_top():
    pile = PileAPI([1, 4, 2, 4, 6])
    assert pile.find_from_top({4}, 10) == 3
    assert pile.find_from_top({9}, 10) == -1
    assert pile.find_from_top({6}, 5) == -1        # card ids beyond the table are not wanted
    assert pile.remove_at(3) == 4
    assert [pile.card_at(i) for i in range(len(pile))] == [1, 4, 2, 6]
    assert pile.find_from_top({4}, 10) == 1


def test_unknown_slots_are_neither_found_nor_removed():
    pile = PileAPI([1, 2])
    pile.shuffle()
    assert pile.card_at(0) == -1 and pile.find_from_top({1, 2}, 10) == -1
    assert pile.remove_at(1) == -1 and len(pile) == 2


def test_a_card_that_cannot_be_on_top_is_refused_and_changes_nothing():
    pile = PileAPI(range(6))
    pile.shuffle_split((3, 3), (0, -1))
    before = pile.state_bytes()
    assert not pile.draw(0)             # pinned below the top segment
    assert not pile.draw(42)            # not in the pile
    assert not pile.reveal_top(0)
    assert pile.state_bytes() == before
    empty = PileAPI()
    assert not empty.draw(0) and empty.top_outcomes() == [] and empty.sample_top() == -1


def test_looking_at_the_top_fixes_it():
    pile = PileAPI(range(4))
    pile.shuffle()
    assert pile.reveal_top(2)
    assert pile.top_known() and pile.top_outcomes() == [(2, 1.0)]
    assert_uniform_over(order_distribution(pile),
                        [(2, *o) for o in itertools.permutations([0, 1, 3])])


def test_sampling_follows_the_listed_outcomes():
    pile = PileAPI(range(8), seed=5)
    pile.shuffle_split((4, 4), (0, -1))
    draws = 40_000
    counts = Counter(pile.sample_top() for _ in range(draws))
    for card, prob in pile.top_outcomes():
        sd = math.sqrt(draws * prob * (1 - prob)) or 1.0
        assert abs(counts[card] - draws * prob) <= 5 * sd + 1
    assert counts[0] == 0


def test_the_state_does_not_depend_on_the_order_of_past_draws():
    a, b = PileAPI(range(10)), PileAPI(range(10))
    a.shuffle()
    b.shuffle()
    assert a.draw(3) and a.draw(7)
    assert b.draw(7) and b.draw(3)
    assert a.state_bytes() == b.state_bytes()


def test_capacity_is_checked():
    pile = PileAPI(range(CAPACITY))
    assert CAPACITY >= 256
    before = pile.state_bytes()
    assert not pile.put_top(999) and not pile.put_bottom(999)
    assert pile.state_bytes() == before
    assert pile.shuffle() and len(pile.top_outcomes()) == CAPACITY
    assert not PileAPI().put_top(-1) and not PileAPI().put_top(40000)


@pytest.mark.parametrize("sizes, pins", [
    ((3, 2), (0, -1)),          # sizes do not add up to the pile
    ((6,), (9,)),               # pinned card not in the pile
    ((3, 3), (0, 0)),           # one card pinned twice
    ((0, 6), (0, -1)),          # a pin in an empty segment
    ((1,) * 6 + (0,) * 3, (-1,) * 9),   # more segments than the pile holds
])
def test_a_bad_split_is_refused_and_changes_nothing(sizes, pins):
    pile = PileAPI(range(6))
    before = pile.state_bytes()
    assert not pile.shuffle_split(sizes, pins)
    assert pile.state_bytes() == before


def test_replace_relabels_a_card_wherever_it_lies():
    pile = PileAPI(range(5))
    pile.shuffle_split((2, 3), (1, -1))
    assert pile.put_top(9)
    assert pile.replace(1, 11) and pile.replace(3, 13) and pile.replace(9, 19)
    assert pile.cards() == [0, 2, 4, 11, 13, 19]
    assert not pile.replace(3, 30)
    assert pile.top_outcomes() == [(19, 1.0)]
    pile.draw(19)
    # three slots on top for the four unpinned cards; the renamed pin stays below
    assert dict(pile.top_outcomes()) == pytest.approx({0: 1 / 4, 2: 1 / 4, 4: 1 / 4, 13: 1 / 4})
