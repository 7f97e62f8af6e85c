"""Leduc against OpenSpiel's leduc_poker: same random sequences, same answers."""
import pytest


def test_random_sequences_agree_with_openspiel(differential):
    w = differential("leduc", "leduc_poker", sequences=5000, seed=1)
    assert w.sequences == 5000
    # Our information sets are exactly OpenSpiel's: distinct keys <-> distinct strings.
    assert len(set(w.infosets.values())) == len(w.infosets)
    assert len(w.infosets) > 300      # the walk reached most of Leduc's 936 information sets


@pytest.mark.slow
def test_many_more_sequences_agree_with_openspiel(differential):
    w = differential("leduc", "leduc_poker", sequences=100_000, seed=2)
    assert len(set(w.infosets.values())) == len(w.infosets) == 936
