"""Guerilla's screen after the newcomers' games of the sixth round: alike units are one choice
when one goes sideways (and a record that named either still replays), a target chosen for an
ability is no battle, and a choice that ends the initial deployment says so. Each test quotes
the passage it explains."""
import re

from partisan.cli.views.guerilla import decision_note
from partisan.core.game import load_game
from partisan.core.games.guerilla.state import ACTIONS, GOV, NODES, PLACES, REB
from tests.games.guerilla.conftest import DECK
from partisan.core.games.guerilla.view import move_phrase
from tests.games.guerilla.test_screen_round3 import LAGOS, _screen


def _two_alike_commanded(Guerilla, cid):
    """Lagos commands two Unit 2/1; a Unit 3/1 lies sideways and is brought into command."""
    side = cid("Unit 3/1")
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid(LAGOS), cid("Unit 2/1"), cid("Unit 2/1", 1), side], 0)])
    t.do(f"bring into command Unit 3/1 (card {side})")
    return t


def test_alike_commanded_units_are_one_choice_when_one_goes_sideways(Guerilla, cid):
    """l.22: "any excess units are turned sideways and do not function as part of the group";
    l.23: "The cards within a group may be re-arranged". Of two Unit 2/1 under command, either
    going sideways leaves the same group: the menu offers it once."""
    t = _two_alike_commanded(Guerilla, cid)
    assert [move_phrase(t.s, a, 0) for a in t.s.legal_actions()] == [
        "turn Unit 2/1 of your g0 sideways in its place"]


def test_a_record_that_named_the_other_alike_unit_still_replays(Guerilla, cid):
    """A record made when both alike units were offered (l.23) replays with the card it names:
    that very card goes sideways."""
    t = _two_alike_commanded(Guerilla, cid)
    other = cid("Unit 2/1", 1)
    offered = t.s.legal_actions()
    twin = offered[0] - cid("Unit 2/1") + other
    assert twin not in offered
    t.s.apply_action(twin)
    g = t.group_of(other)
    assert g["units"][-1] == other and cid("Unit 3/1") in g["units"][:2]


def test_an_ability_s_target_is_chosen_without_a_battle(Guerilla, cid):
    """l.131: the Airfield's "Owner may make one air strike per turn ... Select one unit or
    complex"; "Attacking aircraft never suffer losses". Choosing what to strike is no battle:
    the screen says what is chosen and marks no group as attacking, at either size."""
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Airfield"), cid("Unit 2/2")], 0),
                                    (1, REB, [cid("Unit 1/1")], 0)])
    t.do("air strike (Airfield)")
    for size in ((100, 40), (80, 24)):
        screen = _screen(t.obs(), 0, *size)
        assert "Air strike (Airfield): you choose the unit or complex to strike" in screen
        assert "Battle:" not in screen and "attacking" not in screen and "⚔" not in screen
    assert "Air strike (Airfield): P1 chooses the unit or complex to strike" in _screen(t.obs(1), 1)


def test_an_assassin_s_target_is_named_as_such(Guerilla, cid):
    """l.123: "The assassin attempts to kill a leader." While its player picks the leader, the
    screen says so."""
    t = Guerilla(4).arrange(hands={0: [cid("Assassin")]},
                            groups=[(0, GOV, [cid("Unit 2/2")], 0), (1, REB, [cid(LAGOS), cid("Unit 1/1")], 0)])
    t.do("play Assassin")
    screen = _screen(t.obs(), 0)
    assert "Assassin: you choose the leader he tries to kill" in screen and "Battle:" not in screen


def test_a_reaction_menu_says_why_a_card_held_is_not_offered(Guerilla, cid):
    """l.122: Arms Cache "2) Double the strength of one unit for the present battle ... Use by
    Rebel groups only" (the attacker's, in his turn: RULES.md reading 21); l.120: the Ambush is
    the attacker's or the defender's; l.124: Atrocities/Press "Any player may play immediately
    after a battle". A defender holding them hears why they are not on his menu."""
    hand = [cid("Arms Cache"), cid("Atrocities/Press"), cid("Bodyguard")]
    t = Guerilla(4, auto=False).arrange(hands={1: hand, 2: [cid("Ambush")]},
                                        groups=[(0, GOV, [cid("Unit 3/3")], 0), (1, REB, [cid("Unit 2/2")], 0)])
    t.do("attack with group 0", "group 1", "no reaction")
    assert t.s.current_player() == 1
    note = decision_note(t.obs(1), 1)
    assert note.endswith(
        "Not offered now: your Arms Cache (only the attacker doubles a unit with it, in his own turn); your "
        "Atrocities/Press (played after the battle); your Bodyguard (against an Assassin or the Policia only).")
    t.do("no reaction")
    assert t.s.current_player() == 2
    assert decision_note(t.obs(2), 2).endswith(
        "Not offered now: your Ambush (only the attacker and the defender play it).")


def _first_plan(seed: int):
    """The first seat's plan in the deal of `seed`, and his hand."""
    state = load_game("guerilla", 4).new_initial_state(seed)
    while state.is_chance_node() or state._node() != NODES["plan"]:
        state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    seat = state.current_player()
    return state, seat, [c for c, w in state._snap()["where"].items() if w == PLACES["hand"] + seat]


def _kinds(hand, kind):
    return [c for c in hand if DECK.types[DECK.cards[c]].kind == kind]


def _unmeasured(phrase: str) -> str:
    """A side's menu phrase without the group's strength on that side (tests/cli, round 10)."""
    return re.sub(r" \(strength [^)]*\)", "", phrase)


def test_the_last_group_s_side_says_it_ends_the_initial_deployment():
    """l.36: "players must deploy all red complex cards ... Players may also deploy as many units
    and leaders as they wish"; l.18: "Leaders must be deployed with a unit or a Complex, never
    alone." With only leaders and events left once the group of every unit is closed, its side is
    the plan's last choice: the menu says so before the plan ends by itself."""
    state, seat, hand = next(p for p in map(_first_plan, range(40)) if 1 <= len(_kinds(p[2], "unit")) <= 3
                             and _kinds(p[2], "leader") and not _kinds(p[2], "complex"))
    for c in _kinds(hand, "unit"):
        state.apply_action(ACTIONS.type + DECK.cards[c])
    state.apply_action(ACTIONS.done)
    assert [_unmeasured(move_phrase(state, a, seat)) for a in state.legal_actions()] == [
        f"deploy the group as {side} (ends your initial deployment: no group can be formed from the cards left)"
        for side in ("Government", "Rebel")]
    assert decision_note(state.observation(seat), seat) is None      # no card is picked at this step
    state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == [ACTIONS.done]


def test_a_group_s_side_with_cards_left_to_deploy_is_plain():
    """The same choice with a unit left for another group ends nothing (l.36)."""
    state, seat, hand = next(p for p in map(_first_plan, range(40)) if len(_kinds(p[2], "unit")) >= 2
                             and not _kinds(p[2], "complex"))
    state.apply_action(ACTIONS.type + DECK.cards[_kinds(hand, "unit")[0]])
    state.apply_action(ACTIONS.done)
    assert [_unmeasured(move_phrase(state, a, seat)) for a in state.legal_actions()] == [
        "deploy the group as Government", "deploy the group as Rebel"]
