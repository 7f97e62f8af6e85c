"""core/knowledge.pxd: moving cards with a visibility, what each seat knows, and the
constrained re-deal behind resample, through core/testing/knowledge_api.pyx."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from partisan.core.testing import knowledge_api as kn
from partisan.core.testing.stats import fits

PUBLIC, OWNER, OTHER, NOBODY = kn.PUBLIC, kn.OWNER, kn.OWNER_AND_OTHER, kn.NOBODY


# ----------------------------------------------------------------- redeal
def _consistent(deal, pool, needs, allowed):
    assert sorted(c for cards in deal for c in cards) == sorted(pool)
    for i, cards in enumerate(deal):
        assert len(cards) == needs[i]
        if allowed is not None and allowed[i] is not None:
            assert set(cards) <= set(allowed[i])


def _random_problem(rng):
    """A true deal, and constraints it satisfies: each place may be restricted to its
    own cards plus a few others."""
    pool = rng.sample(range(256), rng.randint(4, 60))
    n = rng.randint(1, 7)
    owner = {c: rng.randrange(n) for c in pool}
    needs = [sum(1 for c in pool if owner[c] == i) for i in range(n)]
    allowed = []
    for i in range(n):
        if rng.random() < 0.5:
            allowed.append(None)
        else:
            extra = rng.sample(pool, rng.randint(0, len(pool)))
            allowed.append(sorted({c for c in pool if owner[c] == i} | set(extra)))
    return pool, needs, allowed


def test_redeal_respects_every_constraint_on_random_constraint_sets():
    rng = random.Random(5)
    for trial in range(400):
        pool, needs, allowed = _random_problem(rng)
        deal = kn.redeal(pool, needs, allowed, trial)
        assert deal is not None, (pool, needs, allowed)
        _consistent(deal, pool, needs, allowed)


def test_redeal_depends_only_on_pool_needs_masks_and_seed():
    rng = random.Random(6)
    for trial in range(50):
        pool, needs, allowed = _random_problem(rng)
        shuffled = list(pool)
        rng.shuffle(shuffled)                   # the pool is a set: order is not information
        assert kn.redeal(pool, needs, allowed, trial) == kn.redeal(shuffled, needs, allowed, trial)


def test_redeal_with_one_restricted_place_is_uniform_over_consistent_deals():
    pool, needs, allowed = list(range(6)), [2, 2, 2], [[0, 1, 2, 3], None, None]
    counts = Counter(tuple(map(tuple, kn.redeal(pool, needs, allowed, s))) for s in range(7200))
    deals = [(a, b, tuple(sorted(set(pool) - set(a) - set(b))))
             for a in itertools.combinations(range(4), 2)
             for b in itertools.combinations(sorted(set(pool) - set(a)), 2)]
    assert set(counts) == set(deals) and len(deals) == 36
    assert fits([counts[d] for d in deals], [7200 / 36] * 36)


def test_redeal_with_overlapping_restrictions_reaches_every_consistent_deal():
    pool, needs = list(range(6)), [2, 2, 2]
    allowed = [[0, 1, 2, 3], [2, 3, 4, 5], [0, 1, 4, 5]]
    possible = set()
    for a in itertools.combinations(pool, 2):
        for b in itertools.combinations(sorted(set(pool) - set(a)), 2):
            c = tuple(sorted(set(pool) - set(a) - set(b)))
            if set(a) <= set(allowed[0]) and set(b) <= set(allowed[1]) and set(c) <= set(allowed[2]):
                possible.add((a, b, c))
    seen = Counter(tuple(map(tuple, kn.redeal(pool, needs, allowed, s))) for s in range(4000))
    assert set(seen) == possible


def test_redeal_never_dead_ends_where_greedy_dealing_would():
    # One deal only: place 2 must get card 1, so place 0 must not take it, though it may.
    pool, needs, allowed = [1, 2, 3], [1, 1, 1], [[1, 2], [2, 3], [1]]
    for s in range(200):
        assert kn.redeal(pool, needs, allowed, s) == [[2], [3], [1]]


def test_redeal_reports_constraints_no_deal_meets():
    assert kn.redeal([1, 2, 3], [1, 1, 1], [[1], [1], None], 0) is None       # Hall fails
    assert kn.redeal([1, 2, 3], [2, 1], [[1, 9], None], 0) is None            # too few allowed
    assert kn.redeal([1, 2, 3], [1, 2], [[1], [1, 2]], 0) is None             # 3 fits nowhere


# ------------------------------------------------------- moves, knowledge, keys
def test_a_public_move_is_seen_by_every_row_and_feeds_every_key_alike():
    t = kn.Table([[1, 2, 3], [], []])
    t.move(2, 0, 1, PUBLIC, shown=77)
    assert t.place(0) == [1, 3] and t.place(1) == [2]
    assert all(t.seen_in(r, 1) == [2] for r in range(4))
    keys = {t.infostate_key(q) for q in range(4)}
    assert len(keys) == 1 and keys != {0}


@pytest.mark.parametrize("vis, seers", [(OWNER, {0}), (OTHER, {0, 2}), (NOBODY, set())])
def test_a_private_move_is_known_only_to_those_who_see_it(vis, seers):
    one, two = kn.Table([[1, 2, 3], []]), kn.Table([[1, 2, 3], []])
    for t in (one, two):
        for r in range(4):
            t.show(1, 0, PUBLIC)                # everyone knows card 1 was in place 0
    one.move(2, 0, 1, vis, 0, 2, shown=100 + 2, hidden=99)
    two.move(3, 0, 1, vis, 0, 2, shown=100 + 3, hidden=99)
    for q in range(4):
        if q in seers:
            assert one.seen_in(q, 1) == [2] and one.seen_in(q, 0) == [1]
            assert one.infostate_key(q) != two.infostate_key(q)
        else:
            # it cannot tell which card left, so it no longer vouches for card 1 either
            assert one.seen_in(q, 1) == [] and one.seen_in(q, 0) == []
            assert one.infostate_key(q) == two.infostate_key(q)


def test_emptying_a_place_unseen_carries_what_was_known_along():
    t = kn.Table([[5, 6], []])
    t.show(5, 0, PUBLIC)
    t.show(6, 0, PUBLIC)
    t.move_set([5, 6], 0, 1, OWNER, 1)
    assert t.seen_in(2, 1) == [5, 6] and t.seen_in(2, 0) == []
    t2 = kn.Table([[5], []])
    t2.show(5, 0, PUBLIC)
    t2.move(5, 0, 1, NOBODY)                    # the last card: everyone knows which it was
    assert t2.seen_in(3, 1) == [5]


def test_bars_survive_an_unseen_arrival_only_where_the_source_was_barred_too():
    t = kn.Table([[1, 2], [3], []])
    t.bar(0, 1, [1, 2, 9])                      # row 0: none of 1, 2, 9 is in place 1
    t.bar(0, 0, [9])
    t.move(1, 0, 1, OWNER, 3)                   # seat 3 moves a card unseen by row 0
    assert t.barred_from(0, 1) == [9]
    t.move(2, 0, 1, OWNER, 0)                   # seen: only that card loses its bar
    assert t.barred_from(0, 1) == [9]


def test_the_public_row_sees_only_public_moves():
    t = kn.Table([[1, 2], [], []], public_row=True)
    t.move(1, 0, 1, OWNER, 0)
    assert t.seen_in(0, 1) == []
    t.move(2, 0, 2, PUBLIC)
    assert t.seen_in(0, 2) == [2]
    with pytest.raises(ValueError, match="row"):
        t.seen_in(1, 0)


def test_bad_arguments_are_refused_before_the_block_sees_them():
    t = kn.Table([[1], []])
    with pytest.raises(ValueError, match="not in src"):
        t.move(2, 0, 1, PUBLIC)
    with pytest.raises(ValueError, match="owner"):
        t.move(1, 0, 1, OWNER)
    with pytest.raises(ValueError, match="visibility"):
        t.move(1, 0, 1, 7)


# --------------------------------------------------------- resample_places
def _table():
    """Seat 0 holds place 0; places 1 and 2 are hidden hands, 3 a hidden deck."""
    t = kn.Table([[0, 1, 2], [10, 11, 12, 13], [20, 21, 22], [30, 31, 32, 33, 34]])
    t.show(11, 1, PUBLIC)                       # everyone saw card 11 in place 1
    t.bar(0, 2, [30, 31, 32, 33, 34])           # seat 0 knows place 2 holds none of 30..34
    return t


def test_resample_places_keeps_sizes_seen_cards_and_bars():
    for seed in range(100):
        t = _table()
        assert t.resample_places(0, [1, 2, 3], seed)
        assert t.place(0) == [0, 1, 2]
        assert [len(t.place(i)) for i in (1, 2, 3)] == [4, 3, 5]
        assert 11 in t.place(1)
        assert not set(t.place(2)) & {30, 31, 32, 33, 34}
        assert sorted(t.place(1) + t.place(2) + t.place(3)) == sorted(
            [10, 11, 12, 13, 20, 21, 22, 30, 31, 32, 33, 34])


def test_resample_places_varies_and_clears_the_other_rows():
    worlds = set()
    for seed in range(30):
        t = _table()
        t.resample_places(0, [1, 2, 3], seed)
        worlds.add(tuple(t.place(2)))
        assert t.seen_in(0, 1) == [11] and t.seen_in(1, 1) == []
    assert len(worlds) > 5


def test_resample_places_changes_nothing_when_the_bars_admit_no_deal():
    t = _table()
    t.bar(0, 1, [10, 12, 13, 20, 21, 22, 30, 31, 32, 33, 34])   # place 1 could hold only 11
    before = [t.place(i) for i in range(4)]
    assert not t.resample_places(0, [1, 2, 3], 1)
    assert [t.place(i) for i in range(4)] == before and t.seen_in(1, 1) == [11]


def test_resample_places_depends_only_on_the_seats_view():
    one = _table()
    two = kn.Table([[0, 1, 2], [11, 20, 21, 30], [10, 12, 13], [22, 31, 32, 33, 34]])
    two.show(11, 1, PUBLIC)
    two.bar(0, 2, [30, 31, 32, 33, 34])
    for t in (one, two):
        t.resample_places(0, [1, 2, 3], 42)
    assert [one.place(i) for i in range(4)] == [two.place(i) for i in range(4)]


# ---------------------------------------------------------- counted places
def test_move_kind_updates_bounds_as_each_seat_sees_it():
    p = kn.Piles([[2, 1, 0], [0, 0, 0]])
    p.move_all(0, 1, PUBLIC)                    # everyone knows place 1 is 2 A + 1 B
    assert p.bounds(3, 1)[:3] == [2, 1, 0] and p.size(1) == 3
    p.move(0, 1, 0, OWNER, 1, shown=5, hidden=6)    # seat 1 sees which kind left
    assert p.bounds(1, 1)[:2] == [1, 1] and p.bounds(1, 0)[0] == 1
    assert p.bounds(2, 1)[:2] == [1, 0]             # the others: any kind may have left
    assert p.counts(1)[:2] == [1, 1] and p.counts(0)[:2] == [1, 0]


def test_counted_redeal_keeps_sizes_bounds_and_kinds_and_clears_other_seats():
    rng = random.Random(8)
    for seed in range(200):
        counts = [[rng.randint(0, 3) for _ in range(5)] for _ in range(4)]
        p = kn.Piles(counts)
        p.move_all(3, 2, PUBLIC)                # seat 0 knows place 2 exactly
        sizes = [p.size(i) for i in range(4)]
        totals = [sum(p.counts(i)[t] for i in range(4)) for t in range(8)]
        known = p.bounds(0, 2)
        assert p.redeal(0, [1, 2, 3], None, seed)
        assert [p.size(i) for i in range(4)] == sizes
        assert [sum(p.counts(i)) for i in range(4)] == sizes
        assert [sum(p.counts(i)[t] for i in range(4)) for t in range(8)] == totals
        assert all(c >= k for c, k in zip(p.counts(2), known))
        assert p.counts(0)[:5] == counts[0]
        assert all(sum(p.bounds(q, i)) == 0 for q in (1, 2, 3) for i in range(4))


def test_counted_redeal_respects_allowed_kinds():
    for seed in range(200):
        p = kn.Piles([[0, 0, 0], [2, 1, 1], [1, 2, 1], [1, 1, 2]])
        assert p.redeal(0, [1, 2, 3], [[0, 1], [1, 2], None], seed)
        assert p.counts(1)[2] == 0 and p.counts(2)[0] == 0
        assert [p.size(i) for i in (1, 2, 3)] == [4, 4, 4]
    p = kn.Piles([[0], [3, 0], [0, 1]])
    p.move_all(2, 0, PUBLIC)
    before = [p.counts(i) for i in range(3)], p.bounds(1, 0)
    assert not p.redeal(0, [1, 2], [[1], [1]], 0)            # the A copies fit nowhere
    assert ([p.counts(i) for i in range(3)], p.bounds(1, 0)) == before


def test_counted_redeal_draws_copies_uniformly():
    # Pool 2 A + 1 B into places of 1 and 2 cards: place 1 gets A with probability 2/3.
    hits = Counter()
    for seed in range(6000):
        p = kn.Piles([[0, 0], [1, 1], [1, 0]])
        p.redeal(0, [1, 2], None, seed)
        hits[p.counts(2)[0]] += 1
    assert fits([hits[1], hits[0]], [4000, 2000])


def test_counted_redeal_depends_only_on_the_seats_view():
    one, two = kn.Piles([[1], [2, 1, 0], [0, 1, 2]]), kn.Piles([[1], [1, 1, 1], [1, 1, 1]])
    for p in (one, two):
        p.redeal(0, [1, 2], None, 9)
    assert [one.counts(i) for i in range(3)] == [two.counts(i) for i in range(3)]
