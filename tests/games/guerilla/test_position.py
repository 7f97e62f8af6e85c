"""GuerillaState's Python methods refuse bad arguments with a TypeError or a ValueError and
change nothing: `arrange` (the set-ups of these tests), the seat of `_seen_discard`, and the
players and options of a Game built by hand."""
import dataclasses

import pytest

from partisan.core.errors import OptionError
from partisan.core.game import load_game
from partisan.core.games.guerilla.position import PositionError

from partisan.core.games.guerilla.state import GOV, REB
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"


@pytest.fixture
def state():
    return load_game("guerilla", 4).new_initial_state(0)


def _refused(state, error, *args, **kw):
    before = state._state_bytes(), [state.infostate_key(q) for q in range(4)], str(state)
    with pytest.raises(error):
        state.arrange(*args, **kw)
    assert (state._state_bytes(), [state.infostate_key(q) for q in range(4)], str(state)) == before


LOYAL = [GOV, REB, GOV, REB]


def test_a_good_set_up_is_taken(state, cid):
    state.arrange(LOYAL, hands={1: [cid("Ambush")]}, groups=[(0, REB, [cid(LAGOS), cid("Unit 1/4")], 0)],
                  active=2, discard=[cid("Informant")], scores=([1, 2, 3, 4], [5, 6]), sudden=7)
    assert state.current_player() == 2


def test_more_groups_than_the_table_holds(state, cid):
    """200 groups once wrote past the struct's 96 slots and aborted the interpreter."""
    units = [c for c in range(128) if state.deck.types[state.deck.cards[c]].kind == "unit"]
    _refused(state, PositionError, LOYAL, groups=[(0, GOV, [units[i % 60]], 0) for i in range(200)])
    _refused(state, PositionError, LOYAL, groups=[(0, GOV, [units[i % 60]], 0) for i in range(97)])
    _refused(state, PositionError, LOYAL, groups=iter(lambda: (0, GOV, [units[0]], 0), None))


@pytest.mark.parametrize("card", [128, -1, 10 ** 30])
def test_cards_out_of_range(state, card):
    _refused(state, PositionError, LOYAL, hands={0: [card]})
    _refused(state, PositionError, LOYAL, groups=[(0, GOV, [card], 0)])
    _refused(state, PositionError, LOYAL, discard=[card])
    _refused(state, PositionError, LOYAL, deck=[card])


@pytest.mark.parametrize("card", ["3", 3.0, None, True, [3]])
def test_cards_that_are_not_whole_numbers(state, card):
    _refused(state, TypeError, LOYAL, hands={0: [card]})
    _refused(state, TypeError, LOYAL, groups=[(0, GOV, [card], 0)])


def test_a_card_placed_twice(state, cid):
    u = cid("Unit 1/4")
    _refused(state, PositionError, LOYAL, hands={0: [u], 1: [u]})
    _refused(state, PositionError, LOYAL, hands={0: [u]}, groups=[(1, GOV, [u], 0)])
    _refused(state, PositionError, LOYAL, groups=[(0, GOV, [u], 0), (1, REB, [u], 0)])
    _refused(state, PositionError, LOYAL, discard=[u], deck=[u])
    _refused(state, PositionError, LOYAL, deck=[u, u])


@pytest.mark.parametrize("seat", [4, -1, 99])
def test_seats_out_of_range(state, cid, seat):
    """A seat 99 once became the player to move ("to move 99")."""
    _refused(state, PositionError, LOYAL, active=seat)
    _refused(state, PositionError, LOYAL, hands={seat: [cid("Ambush")]})
    _refused(state, PositionError, LOYAL, groups=[(seat, GOV, [cid("Unit 1/4")], 0)])


def test_seats_that_are_not_whole_numbers(state, cid):
    _refused(state, TypeError, LOYAL, active="0")
    _refused(state, TypeError, LOYAL, active=1.0)
    _refused(state, TypeError, LOYAL, hands={"0": [cid("Ambush")]})
    _refused(state, TypeError, LOYAL, hands=[[cid("Ambush")]])


def test_loyalties(state):
    _refused(state, PositionError, [GOV, REB, GOV])
    _refused(state, PositionError, [GOV, REB, GOV, REB, GOV])
    _refused(state, PositionError, [GOV, REB, GOV, 3])
    _refused(state, TypeError, "0101")
    _refused(state, TypeError, 4)
    _refused(state, TypeError, [GOV, REB, GOV, "R"])


def test_groups_the_rules_do_not_allow(state, cid):
    """l.17: "A group can consist of one leader and/or up to three units or one complex with a
    garrison of up to one unit and/or a leader." l.18: "Leaders must be deployed with a unit or
    a Complex, never alone." l.121: the Armor Column, an "Elite Government unit ... May not
    combine in a group with other units, leaders or complexes." Events and red cards other
    than complexes are never deployed."""
    units = [cid("Unit 1/1", k) for k in range(4)]
    airfield, leader = cid("Airfield"), cid(LAGOS)
    for cards in ([], units, [leader, cid("Coronel Ramiro Cifuentes / Capitán Andrés Paredes"), units[0]],
                  [airfield, units[0], units[1]], [airfield, cid("Port")], [leader],
                  [cid("Armor Column"), units[0]], [cid("Ambush")], [cid("Traitors")]):
        _refused(state, PositionError, LOYAL, groups=[(0, GOV, cards, 0)])
    _refused(state, PositionError, LOYAL, groups=[(0, REB, [cid("Armor Column")], 0)])


def test_group_fields(state, cid):
    u, airfield = cid("Unit 1/4"), cid("Airfield")                     # Airfield: DF 3
    _refused(state, PositionError, LOYAL, groups=[(0, 2, [u], 0)])
    _refused(state, PositionError, LOYAL, groups=[(0, GOV, [u], 1)])   # no complex to damage
    _refused(state, PositionError, LOYAL, groups=[(0, GOV, [airfield], 4)])
    _refused(state, PositionError, LOYAL, groups=[(0, GOV, [airfield], -1)])
    _refused(state, PositionError, LOYAL, groups=[(0, GOV, [u])])
    _refused(state, TypeError, LOYAL, groups=[(0, GOV, u, 0)])
    _refused(state, TypeError, LOYAL, groups=[(0, GOV, [u], "0")])
    _refused(state, TypeError, LOYAL, groups=[(0, "GOV", [u], 0)])
    _refused(state, TypeError, LOYAL, groups=[5])
    state.arrange(LOYAL, groups=[(0, GOV, [airfield], 3)])


def test_a_red_card_is_never_held(state, cid):
    """l.95: "If a red card is drawn it must be played immediately"; l.36: complexes are
    deployed."""
    _refused(state, PositionError, LOYAL, hands={0: [cid("Traitors")]})
    _refused(state, PositionError, LOYAL, hands={0: [cid("Bridge")]})


def test_scores_and_sudden_death(state):
    for scores in (([1, 2, 3], [0, 0]), ([1, 2, 3, 4], [0]), ([0, 0, 0, -1], [0, 0]),
                   ([0, 0, 0, 0], [10 ** 6, 0])):
        _refused(state, PositionError, LOYAL, scores=scores)
    _refused(state, TypeError, LOYAL, scores=([0, 0, 0, 0.5], [0, 0]))
    _refused(state, TypeError, LOYAL, scores=5)
    for sudden in (-1, 11):
        _refused(state, PositionError, LOYAL, sudden=sudden)
    _refused(state, TypeError, LOYAL, sudden="3")


def test_seen_discard_checks_its_seat(state):
    """`_seen_discard` once read past the struct's six seats."""
    for seat in (4, 99, -1):
        with pytest.raises(ValueError):
            state._seen_discard(seat)
    with pytest.raises(ValueError):
        state._seen_discard("1")


def test_a_game_built_by_hand_is_checked():
    """A Game made without load_game: its players and options are checked again, so the struct
    (six seats) never holds more, and no option takes a value it does not offer."""
    game = load_game("guerilla", 4)
    for players in (7, 1, 99, True):
        with pytest.raises(ValueError):
            dataclasses.replace(game, players=players).new_initial_state(0)
    for option, value in (("rounds", 0), ("rounds", 100), ("turn_limit", -5), ("ambush_max", 100),
                          ("policia_cost", 7), ("ambush_single", "x"), ("turn_limit", "x")):
        with pytest.raises(OptionError):
            dataclasses.replace(game, options={**game.options, option: value}).new_initial_state(0)
