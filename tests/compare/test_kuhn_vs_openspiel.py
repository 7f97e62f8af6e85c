"""Kuhn against OpenSpiel's kuhn_poker: same random sequences, same answers."""


def test_random_sequences_agree_with_openspiel(differential):
    w = differential("kuhn", "kuhn_poker", sequences=2000, seed=1)
    assert w.sequences == 2000
    # Our information sets are exactly OpenSpiel's: distinct keys <-> distinct strings, and the
    # walk reached all 12 (3 cards x 2 histories for seat 0, 3 x 2 for seat 1).
    assert len(set(w.infosets.values())) == len(w.infosets) == 12
