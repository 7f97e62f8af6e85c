"""JuntaState.arrange (public, for tests and puzzles) checks every argument before it changes
anything: a bad argument is a ValueError or TypeError and leaves the state as it was."""
import subprocess
import sys

import pytest

from partisan.core.game import load_game


def opening(players=4):
    state = load_game("junta", players).new_initial_state(0)
    state.apply_action(state.string_to_action("P1 becomes Presidente"))
    return state


def test_more_values_than_seats_is_refused_not_written_past_the_table():
    """5,000 building counts for 4 seats wrote past the seats' arrays (a segfault or "free():
    invalid next size"); run in a child so a crash fails the test instead of ending the run."""
    code = ("from partisan.core.game import load_game\n"
            "s = load_game('junta', 4).new_initial_state(0)\n"
            "s.apply_action(s.string_to_action('P1 becomes Presidente'))\n"
            "try:\n    s.arrange(buildings=[1] * 5000)\nexcept ValueError as e:\n    print('refused:', e)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "refused: buildings: more values than the 4 seats" in run.stdout, run.stderr[-500:]


@pytest.mark.parametrize("kwargs", [
    dict(pres=2, buildings=[1, 1, 1, 1], hands={0: ["no such card"]}),
    dict(pres=1, militia=[1, 1, 99]),
    dict(buildings=[2, 2], hands={0: ["Foreign Aid 2"] * 99}),
    dict(pres=3, buildings=[1, 1.5]),
    dict(militia=[1, 1], hands={7: ["Foreign Aid 2"]}),
    dict(pres=1, hands="Foreign Aid 2"),
])
def test_a_refused_arrangement_changes_nothing(kwargs):
    state = opening()
    before = state.fingerprint()
    with pytest.raises((ValueError, TypeError)):
        state.arrange(**kwargs)
    assert state.fingerprint() == before


def test_a_good_arrangement_still_applies():
    state = opening()
    state.arrange(pres=2, buildings=[1, 2, 1, 1], militia=[0, 1, 2, 1], hands={0: ["Foreign Aid 2"]})
    fields = state._fields()
    assert (fields["pres"], fields["bld"][:4], fields["mil"][:4]) == (2, [1, 2, 1, 1], [0, 1, 2, 1])


def test_an_endless_argument_is_refused_without_reading_it_all():
    """itertools.repeat(1) as the buildings was read whole before its length was checked: the
    process ate memory until it failed. Run in a child with a 2 GB address-space limit."""
    code = ("import itertools, resource\n"
            "resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
            "from partisan.core.game import load_game\n"
            "s = load_game('junta', 4).new_initial_state(0)\n"
            "s.apply_action(s.string_to_action('P1 becomes Presidente'))\n"
            "try:\n    s.arrange(buildings=itertools.repeat(1))\nexcept ValueError as e:\n    print('refused:', e)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "refused: buildings: more values than the 4 seats" in run.stdout, run.stderr[-500:]
