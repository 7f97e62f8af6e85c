"""Dice (core/dice.pxd): multiset rolls with exact probabilities, single dice, dice pools."""
from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from partisan.core.testing import dice_api as dice


def counts_of(values, faces):
    return [values.count(v) for v in range(1, faces + 1)]


@pytest.mark.parametrize("k, faces, expected", [(1, 6, 6), (2, 6, 21), (5, 6, 252), (8, 10, 24310)])
def test_multiset_counts(k, faces, expected):
    assert dice.count(k, faces) == expected
    assert dice.count(k, faces) == math.comb(faces + k - 1, k)


def test_which_rolls_fit_one_chance_node():
    assert dice.fits(5, 6) and dice.fits(7, 6) and dice.fits(3, 10)
    assert dice.count(8, 6) > dice.MAX_BRANCH and not dice.fits(8, 6)
    assert not dice.fits(8, 10) and not dice.fits(0, 6) and not dice.fits(dice.MAX_DICE + 1, 2)
    assert dice.outcomes(8, 10) == []


@pytest.mark.parametrize("k, faces", [(1, 6), (3, 6), (5, 6), (4, 10), (8, 3)])
def test_rank_is_a_bijection_onto_a_dense_range(k, faces):
    ranks = {}
    for roll in itertools.combinations_with_replacement(range(1, faces + 1), k):
        c = counts_of(list(roll), faces)
        r = dice.rank(c)
        assert dice.unrank(r, k, faces) == c
        ranks[r] = roll
    assert sorted(ranks) == list(range(dice.count(k, faces)))


@pytest.mark.parametrize("k, faces", [(2, 6), (3, 6), (5, 6), (3, 10)])
def test_outcome_probabilities_are_the_multinomial_ones(k, faces):
    exact = Counter()
    for seq in itertools.product(range(1, faces + 1), repeat=k):
        exact[dice.rank(counts_of(list(seq), faces))] += Fraction(1, faces ** k)
    listed = dice.outcomes(k, faces, offset=100)
    assert [a for a, _ in listed] == [100 + r for r in range(dice.count(k, faces))]
    assert math.fsum(p for _, p in listed) == pytest.approx(1.0, abs=1e-12)
    for a, p in listed:
        assert p == pytest.approx(float(exact[a - 100]), rel=1e-12)


def test_eight_d10_probabilities_still_sum_to_one_by_rank():
    total = math.fsum(dice.prob(dice.unrank(r, 8, 10)) for r in range(dice.count(8, 10)))
    assert total == pytest.approx(1.0, abs=1e-12)


def test_multiset_sampling_follows_the_probabilities():
    draws = 60_000
    seen = Counter(dice.Roller(3).multiset(3, 4, draws))
    for r, p in dice.outcomes(3, 4):
        sd = math.sqrt(draws * p * (1 - p))
        assert abs(seen[r] - draws * p) <= 5 * sd + 1


@pytest.mark.parametrize("faces", [6, 10])
def test_one_die(faces):
    assert dice.one_die(faces, offset=7) == [(7 + v, pytest.approx(1 / faces)) for v in range(faces)]
    rolls = Counter(dice.Roller(9).die(faces, 30_000))
    assert set(rolls) == set(range(1, faces + 1))
    assert max(rolls.values()) - min(rolls.values()) < 30_000 / faces * 0.15


@pytest.mark.parametrize("values, faces", [([1, 6, 6, 3], 6), ([10, 1], 10), ([], 6), ([2], 2)])
def test_a_roll_kept_as_counts_per_face_tallies_its_dice_and_total(values, faces):
    assert dice.tally(counts_of(values, faces)) == (len(values), sum(values))


def test_a_pool_rolls_die_by_die_and_sorts_once_rolled():
    pool = dice.PoolAPI()
    assert pool.start(3, 6)
    assert pool.rolling() == 0
    for v in (5, 2, 5):
        assert pool.rolling() >= 0 and pool.roll(v)
    assert pool.rolling() == -1 and not pool.roll(4)
    assert pool.dice() == [(2, False), (5, False), (5, False)]
    assert pool.count(4, 6) == 2 and pool.sum() == 12


def test_a_die_is_modified_once_and_named_by_its_value():
    # Baler: rank-3 command on 2, 3, 5: +1 on the 5, re-roll the 2 and the 3.
    pool = dice.PoolAPI()
    assert pool.from_rank(dice.rank([0, 1, 1, 0, 1, 0]), 3, 6)
    assert pool.dice() == [(2, False), (3, False), (5, False)]
    assert pool.choices() == [2, 3, 5]
    assert pool.add(pool.find(5), 1)
    assert pool.dice() == [(2, False), (3, False), (6, True)]
    assert pool.find(6) == -1 and pool.choices() == [2, 3]
    assert not pool.add(2, 1) and not pool.reroll(2)         # already modified
    assert pool.reroll(pool.find(2))
    assert pool.rolling() >= 0 and pool.choices() == [3]
    assert pool.count(1, 6) == 2                              # the re-rolled die is in the air
    assert pool.roll(6)
    assert pool.reroll(pool.find(3)) and pool.roll(2)
    assert pool.dice() == [(2, True), (6, True), (6, True)]
    assert pool.choices() == [] and pool.count(5, 6) == 2


def test_alike_dice_are_one_choice_and_equal_pools_have_equal_bytes():
    a, b = dice.PoolAPI(), dice.PoolAPI()
    a.start(4, 6)
    b.start(4, 6)
    for v in (1, 4, 4, 6):
        a.roll(v)
    for v in (4, 6, 1, 4):
        b.roll(v)
    assert a.choices() == [1, 4, 6]
    assert a.state_bytes() == b.state_bytes()
    a.add(a.find(4), 1)
    b.add(b.find(4), 1)
    assert a.state_bytes() == b.state_bytes()
    assert a.dice() == [(1, False), (4, False), (5, True), (6, False)]


def test_bad_pool_arguments_are_refused():
    pool = dice.PoolAPI()
    assert not pool.start(dice.MAX_DICE + 1, 6) and not pool.start(2, 1)
    assert not pool.start(2, dice.MAX_FACES + 1)
    assert pool.start(2, 6)
    assert not pool.roll(0) and not pool.roll(7)
    assert not pool.add(0, 1)                 # not rolled yet
    assert not pool.from_rank(252, 5, 6) and not pool.from_rank(-1, 5, 6)
    assert not pool.from_rank(0, 8, 10)       # too many outcomes for one node
