"""GardenState._rest (where a landing would leave the card in flight, for the landing line) is
reachable from Python: with no card landing it answers None and changes nothing."""
from partisan.core.game import load_game


def test_rest_with_no_card_in_flight_is_none_and_changes_nothing():
    state = load_game("garden").new_initial_state(3)
    before = state._state_bytes()
    assert state._rest(0) is None and state._rest(10 ** 6) is None and state._rest(-5) is None
    assert state._state_bytes() == before
