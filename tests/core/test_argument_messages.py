"""A wrong argument to the checked API is named in its error message without being printed in
full: a list nested thousands deep (or a huge one) is still a clear IllegalActionError or
SeatError, not a RecursionError from printing it."""
import pytest

from partisan.core import IllegalActionError, SeatError, load_game


def nested(depth):
    value = 0
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("call, error", [
    (lambda s, v: s.apply_action(v), IllegalActionError),
    (lambda s, v: s.action_to_string(v), IllegalActionError),
    (lambda s, v: s.describe_action(v), IllegalActionError),
    (lambda s, v: s.string_to_action(v), IllegalActionError),
    (lambda s, v: s.observation(v), SeatError),
    (lambda s, v: s.infostate_key(v), SeatError),
])
def test_a_deeply_nested_argument_is_refused_with_a_short_message(call, error):
    state = load_game("war").new_initial_state(1)
    before = state.fingerprint()
    with pytest.raises(error) as refused:
        call(state, nested(5000))
    assert len(str(refused.value)) < 200
    assert state.fingerprint() == before


def test_a_deeply_nested_seed_is_refused_with_a_short_message():
    """errors.shown names a bad value in a message; a list nested 5,000 deep made it raise
    RecursionError instead of the SeedError."""
    from partisan.core.errors import SeedError, shown
    assert len(shown(nested(5000))) <= 24
    with pytest.raises(SeedError):
        load_game("war").new_initial_state(nested(5000))
