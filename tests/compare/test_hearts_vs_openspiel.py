"""Hearts against OpenSpiel's hearts: same random sequences, same answers."""
import random

import pytest

from partisan.core import load_game


def test_random_sequences_agree_with_openspiel(differential):
    w = differential("hearts", "hearts", sequences=1000, seed=1)
    assert w.sequences == 1000
    assert w.steps > 1000 * 100       # pass direction, 52 deals, passes and 52 plays each


@pytest.mark.slow
def test_many_more_sequences_agree_with_openspiel(differential):
    w = differential("hearts", "hearts", sequences=20_000, seed=2)
    assert w.sequences == 20_000


def test_shooting_the_moon_agrees_with_openspiel(pyspiel):
    """Random play rarely shoots the moon: deal North every club (it wins every trick and the
    others must throw every point on it) and compare along random legal play."""
    suits = [[4 * r + s for r in range(13)] for s in (0, 2, 3, 1)]     # N clubs, E hearts, S spades, W diamonds
    deal = [0] + [suits[q][k] for k in range(13) for q in range(4)]
    rng = random.Random(4)
    for _ in range(20):
        ours = load_game("hearts").new_initial_state()
        theirs = pyspiel.load_game("hearts").new_initial_state()
        for a in deal:
            ours.apply_action(a)
            theirs.apply_action(a)
        while not ours.is_terminal():
            assert ours.legal_actions() == list(theirs.legal_actions())
            a = rng.choice(ours.legal_actions())
            ours.apply_action(a)
            theirs.apply_action(a)
        assert theirs.is_terminal()
        assert ours.returns() == list(theirs.returns()) == [26.0, 0.0, 0.0, 0.0]
