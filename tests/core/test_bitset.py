"""core/bitset.pxd: the word arrays at a width of four words (256 cards), through the test
wrappers in core/testing/bitset_api.pyx."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from partisan.core.testing import bitset_api as bs
from partisan.core.testing.stats import fits

N = bs.CARDS


def _random_set(rng, k):
    return sorted(rng.sample(range(N), k))


def test_a_set_holds_256_cards_across_words():
    assert N >= 256
    edges = [0, 1, 63, 64, 65, 127, 128, 191, 192, 255]
    assert bs.roundtrip(edges) == edges
    assert bs.roundtrip(range(N)) == list(range(N))
    assert bs.roundtrip([200]) == [200]


def test_count_lowest_nth_and_membership_match_python_sets():
    rng = random.Random(1)
    for _ in range(200):
        cards = _random_set(rng, rng.randint(1, 80))
        assert bs.count(cards) == len(cards)
        assert bs.lowest(cards) == cards[0]
        i = rng.randrange(len(cards))
        assert bs.nth(cards, i) == cards[i]
        probe = rng.randrange(N)
        assert bs.has(cards, probe) == (probe in cards)
        assert bs.removed(cards, cards[i]) == cards[:i] + cards[i + 1:]
        assert bs.cleared(cards) == []
    assert bs.lowest([]) == -1 and bs.count([]) == 0


def test_set_operations_match_python_sets():
    rng = random.Random(2)
    for _ in range(200):
        a, b = _random_set(rng, rng.randint(0, 90)), _random_set(rng, rng.randint(0, 90))
        assert bs.union(a, b) == sorted(set(a) | set(b))
        assert bs.intersection(a, b) == sorted(set(a) & set(b))
        assert bs.difference(a, b) == sorted(set(a) - set(b))
        assert bs.count_and(a, b) == len(set(a) & set(b))
        assert bs.subset(a, b) == set(a).issubset(b) and bs.subset(bs.intersection(a, b), a)
        assert bs.equal(a, b) == (a == b)
        assert bs.equal(a, list(a))
        assert bs.is_empty(a) == (not a)


def test_random_card_is_uniform_over_a_set_spanning_every_word():
    cards = [3, 60, 64, 100, 130, 190, 200, 255]
    draws = bs.random_cards(cards, 16_000, 11)
    counts = Counter(draws)
    assert set(counts) == set(cards)
    assert fits([counts[c] for c in cards], [len(draws) / len(cards)] * len(cards))


def test_deal_splits_the_pool_and_every_card_is_equally_likely():
    pool = list(range(0, N, 3))                 # 86 cards over four words
    k = 10
    hits = Counter()
    for seed in range(3000):
        dealt, rest = bs.deal(pool, k, seed)
        assert len(dealt) == k and not set(dealt) & set(rest)
        assert sorted(dealt + rest) == pool
        hits.update(dealt)
    assert fits([hits[c] for c in pool], [3000 * k / len(pool)] * len(pool))


def test_deal_is_reproducible_per_seed_and_varies_across_seeds():
    pool = list(range(40, 200))
    assert bs.deal(pool, 7, 5) == bs.deal(pool, 7, 5)
    assert len({tuple(bs.deal(pool, 7, s)[0]) for s in range(20)}) == 20


def test_cards_outside_the_set_range_are_refused():
    with pytest.raises(ValueError, match="outside"):
        bs.count([N])
    with pytest.raises(ValueError, match="outside"):
        bs.roundtrip([-1])
