"""Differential testing against OpenSpiel: both engines replay the same random
action sequences (chance outcomes included) and must agree at every step."""
import random

import pytest

from partisan.core import load_game

SKIP_REASON = 'OpenSpiel is not installed: pip install ".[compare]" to run the comparison tests'


class Walk:
    """Counts of what one batch of differential sequences compared."""

    def __init__(self):
        self.sequences = 0
        self.steps = 0
        self.infosets = {}      # our (seat, key) -> OpenSpiel information state string


def _agree(ours, theirs, where):
    assert ours.is_terminal() == theirs.is_terminal(), where
    if ours.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns()), where
        return
    assert ours.current_player() == theirs.current_player(), where
    if theirs.is_chance_node():
        mine, other = ours.chance_outcomes(), sorted(theirs.chance_outcomes())
        assert [a for a, _ in mine] == [a for a, _ in other], where
        assert [q for _, q in mine] == pytest.approx([q for _, q in other]), where
    else:
        assert ours.legal_actions() == list(theirs.legal_actions()), where


def walk(name, openspiel_name, sequences, seed, infostates=True):
    """Play `sequences` random games in both engines, comparing every step.

    With `infostates`, also check that our information-state key is at least as
    fine as OpenSpiel's information state: equal keys imply equal strings.
    """
    pyspiel = pytest.importorskip("pyspiel", reason=SKIP_REASON)
    theirs_game = pyspiel.load_game(openspiel_name)
    game = load_game(name)
    rng = random.Random(seed)
    w = Walk()
    for k in range(sequences):
        ours, theirs = game.new_initial_state(seed=k), theirs_game.new_initial_state()
        history = []
        while True:
            where = f"{name} sequence {k} after {history}"
            _agree(ours, theirs, where)
            w.steps += 1
            if ours.is_terminal():
                break
            p = ours.current_player()
            if infostates and p >= 0:
                text = theirs.information_state_string(p)
                seen = w.infosets.setdefault((p, ours.infostate_key(p)), text)
                assert seen == text, f"{where}: one key for two OpenSpiel information states"
            action = rng.choice(ours.legal_actions())
            history.append(action)
            ours.apply_action(action)
            theirs.apply_action(action)
        w.sequences += 1
    return w


@pytest.fixture
def differential():
    return walk


@pytest.fixture
def pyspiel():
    """The pyspiel module; the test is skipped, saying how to install it, when it is missing."""
    return pytest.importorskip("pyspiel", reason=SKIP_REASON)
