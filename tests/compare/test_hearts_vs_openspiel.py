"""Hearts against OpenSpiel's hearts: same random sequences, same answers."""
import pytest


def test_random_sequences_agree_with_openspiel(differential):
    w = differential("hearts", "hearts", sequences=1000, seed=1)
    assert w.sequences == 1000
    assert w.steps > 1000 * 100       # pass direction, 52 deals, passes and 52 plays each


@pytest.mark.slow
def test_many_more_sequences_agree_with_openspiel(differential):
    w = differential("hearts", "hearts", sequences=20_000, seed=2)
    assert w.sequences == 20_000
