"""Heroes of Baler's turn: the attrition procedures and the US advance through the compiled
test wrapper (the digest's worked situations 1-4), and whole games through the registered
state (Initiative kept secret, the deal, the phases, the end)."""
import random

import pytest

from partisan.core import CHANCE, TERMINAL
from partisan.core.game import load_game


def test_situation_1_spanish_attrition(table):
    """l.399: "Before the attrition phase, the Spanish supply level is 4 and the morale is 2.
    The Spanish side rolls a 2 and must decrease its supply level by two levels, from 4 to 2.
    Consequently, two Spanish units get ill ... A level 2 morale means one of their units
    deserts." """
    table.set_tracks("spain", supply=4, morale=2)
    assert table.attrition("spain", 2) == (2, 1)
    assert table.supply("spain") == 2


@pytest.mark.parametrize("supply, die, sick", [(6, 5, 0), (5, 1, 1), (3, 6, 2), (2, 3, 3)])
def test_beriberi_by_supply(table, supply, die, sick):
    """l.383-l.392: "Die roll 1 to 4 - reduce the supply level by two; Die roll 5 or 6 -
    reduce the supply level by one ... Level 3 – A Spanish unit gets ill ... Level 2 – Two ...
    Level 1 or 0 – Three"."""
    table.set_tracks("spain", supply=supply, morale=6)
    assert table.attrition("spain", die) == (sick, 0)


def test_situation_2_beriberi_leader_in_command(table):
    """l.429-l.431: "The first roll is a 3, so you draw a unit from the bag and place it in the
    infirmary. The second roll is a 6. ... Your first roll is a 2, indicating the first row,
    where the leaders are. You then roll 2 again, thus identifying Alonso Zayas ... Alonso
    Zayas is in the command area, so he is transferred to the infirmary." """
    zayas = "Juan Alonso Zayas"
    table.put(zayas, "spain_command_military")
    drawn = table.units_at("spain_bag")[0]
    used = table.losses(2, False, dice=[3, 6, 2, 2], bag=[drawn])
    assert used == (4, 1)
    # step B (the bag draw) before step D (the unit picked in the detachment rows)
    assert table.where(drawn) == "spain_bed_2"
    assert table.where(zayas) == "spain_bed_3"


def test_beriberi_scans_left_past_a_missing_leader(table):
    """l.433: "Had Alonso Zayas been eliminated or already in the infirmary, the beriberi loss
    would affect the detachment position to his left, De Las Morenas." """
    table.admit("Juan Alonso Zayas")
    table.losses(1, False, dice=[6, 2, 2])
    assert table.where("Enrique de las Morenas") == "spain_bed_3"


def test_deserters_score_unless_the_column_die_is_six(table):
    """l.444-l.446: deserters go to the Filipinos, "scoring one victory point per unit. If you
    roll a 6 when determining the space of a deserting unit, the Philippine side still places
    that unit on their side of the board, but does not score any victory points." """
    first, second = table.occupant("spain_detachment_3_4_6"), table.occupant("spain_detachment_5_6_1")
    table.losses(2, True, dice=[2, 4, 3, 6, 5, 1])
    assert table.where(first) == table.where(second) == "spain_eliminated"
    assert table.vp("philippines") == 1


def test_leaders_do_not_desert(table):
    """l.443: "Leaders do not desert. If the die roll designates the leader's row, draw a unit
    from the bag." """
    drawn = table.units_at("spain_bag")[0]
    table.losses(1, True, dice=[2, 1], bag=[drawn])
    assert table.where(drawn) == "spain_eliminated"
    assert table.where("Enrique de las Morenas") == "spain_detachment_1_2_1"


def test_situation_3_filipino_attrition(table):
    """l.468: "They roll a die and get a 1. Their troops are on the '2' position of the
    territorial control map, so the die roll modifier is 0. ... reduces their supply level by
    two, changing it from 4 to 2. ... A supply level of 2 reduces the morale by 1, changing it
    from 6 to 5." """
    table.set_tracks("philippines", supply=4, morale=6)
    table.put_territory(table.units_at("philippines_bag")[0], 2)
    table.attrition("philippines", 1)
    assert (table.supply("philippines"), table.morale("philippines")) == (2, 5)


def test_situation_4_us_advance(table):
    """l.490-l.494: strength die 2 → 4; steps die 6 → three steps; "The first step moves the
    counter from the '5' to the '4' space. The second step moves the marker to the '3' space,
    where Philippine forces are, triggering a combat. As combat outcome, the Philippine side
    loses one unit and retreats one space. The third ... advances the US marker to the '2'
    space, facing the retreating Philippine unit again ... that combat ends in a tie, so the
    US marker retreats to the '3' space." """
    a, b = table.units_at("philippines_bag")[:2]
    table.put_territory(a, 3)
    table.put_territory(b, 3)
    table.set_territory(3, 5, us=True, strength=4)
    strength = table.us_advance([2, 6], rolls=[((5, 5, 1, 1), (5, 1)), ((5, 1, 1, 1), (6, 1))],
                                losses=[b])
    assert strength == 4
    assert table.territory == (2, 3)
    assert table.where(b) == "philippines_bag"


# ---------------------------------------------------------------- whole games
@pytest.fixture(scope="module")
def game():
    return load_game("baler")


def _play(state, seed, until=None):
    rng = random.Random(seed)
    while not state.is_terminal() and not (until and until(state)):
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_random_games_end_within_six_turns(game):
    """l.1175: "If this is game turn 6, this step will be the last one, and the game will end
    thereafter." Every random game ends with one winner (returns +1 / -1)."""
    for seed in range(30):
        s = _play(game.new_initial_state(seed), seed)
        assert s.current_player() == TERMINAL
        assert sorted(s.returns()) == [-1.0, 1.0]
        assert s._snap()["turn"] <= 6


def test_the_deal_gives_six_cards_each(game):
    """l.1252: "Each player draws 6 cards from their draw deck." The first decision is
    Spain's initiative card, chosen from its own faction cards."""
    s = _play(game.new_initial_state(3), 3, until=lambda s: s.current_player() >= 0)
    snap = s._snap()
    assert [bin(h).count("1") for h in snap["hand"]] == [6, 6]
    assert snap["shared_up"][0] >= 0 and snap["shared_up"][1] >= 0
    assert s.observation(0)["phase"] == "initiative"


def test_initiative_card_is_secret_until_the_reveal(game):
    """l.348: "each player selects one of the six cards in their hand and places it face down
    ... Then, both players reveal their cards." """
    s = _play(game.new_initial_state(5), 5, until=lambda s: s.current_player() >= 0)
    card = s.legal_actions()[0]
    assert s.describe_action(card, 1) == "Spain chooses an initiative card"
    s.apply_action(card)
    assert s.observation(0)["initiative_card"] == card - 2
    assert s.observation(1)["initiative_card"] is None and s.observation(1)["other_chose"]
    hand_before = s.observation(1)["hand"]
    world = s.clone()
    world.resample(1, 7)
    assert world.observation(1) == s.observation(1)
    assert world.observation(1)["hand"] == hand_before


def test_resample_redeals_the_other_hand(game):
    """Hidden information: the other side's hand is redealt from the cards it could hold."""
    s = _play(game.new_initial_state(9), 9, until=lambda s: s.current_player() >= 0)
    worlds = set()
    for seed in range(12):
        w = s.clone()
        w.resample(0, seed)
        worlds.add(tuple(w.observation(1)["hand"]))
        assert w.observation(0) == s.observation(0)
    assert len(worlds) > 1


def test_a_unit_is_offered_for_a_move_only_if_it_can_go_somewhere():
    """"Swap the position of two units in guard posts on the map (in the same or different map
    areas)." "The destination post must be empty" (artillery, l.994-998). Under
    post_to_empty=False a guard-post unit can only swap, so with no other manned post of its
    side it is not offered: choosing it would leave the mover without a legal action. This
    game (seed 147) reached exactly that node before the fix."""
    state = load_game("baler", post_to_empty=False).new_initial_state(147)
    rng = random.Random(147)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng.getrandbits(32)))
            continue
        legal = state.legal_actions()
        assert legal, f"no legal action at move {state.move_number}"
        state.apply_action(rng.choice(legal))


def test_procedures_nest_no_deeper_than_their_stack(table):
    """The procedure stack holds RET_DEPTH (6) callers: a seventh call stops the game instead
    of writing past the stack."""
    assert table.nest_procedures(6) == (6, False)
    assert table.nest_procedures(1) == (6, True)
