"""Guerilla's play screen after the seventh round's newcomers: the notes above a menu say only
what is true at that step, and the screen names whose cards and what changed. Each test quotes
the passage it explains."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.views.guerilla import changes, decision_note, render
from partisan.core.games.guerilla.state import GOV, REB
from tests.games.guerilla.conftest import Table, card as cid, name


def test_the_ambush_pick_claims_no_retreat_was_offered():
    """l.126: the Informant "allows a Rebel group to retreat before combat is resolved"; l.120:
    the defender's Ambush may "double the strength of a defending unit". While the defender picks
    the unit his Ambush doubles, no Informant is on that menu by the step, not because a retreat
    was offered: the note says nothing of it, and the next reaction menu offers the retreat."""
    t = Table(4, auto=False).arrange(hands={1: [cid("Ambush"), cid("Informant")]},
                                        groups=[(0, GOV, [cid("Unit 3/3")], 0), (1, REB, [cid("Unit 2/2")], 0)])
    t.do("attack with group 0", "group 1", "no reaction", "play Ambush")
    assert t.obs(1)["phase"] == "ambush"
    assert "Informant" not in decision_note(t.obs(1), 1)
    t.do(name(cid("Unit 2/2")))
    while t.s.current_player() != 1:
        t.do("no reaction")
    assert "play Informant: offer a retreat" in t.moves()



def render_text(obs: dict, seat: int, width: int = 100, height: int = 40) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    console.print(render(obs, seat))
    return console.file.getvalue()


LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"
VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"


def test_a_leader_ousted_by_the_palace_is_replaced_not_eliminated():
    """l.138: the Palace's owner "may deploy a leader from his hand to any player's group of the
    same faction as controls the palace. Any existing group leader is removed to the discard
    pile. No points are scored for this." The ousted leader is told replaced, not killed."""
    t = Table(4, auto=False).arrange(hands={0: [cid(VALDIVIA)]}, groups=[
        (0, GOV, [cid("Presidential Palace"), cid("Unit 3/3")], 0), (1, GOV, [cid(LAGOS), cid("Unit 2/2")], 0)])
    t.do("new leader (Presidential Palace)", VALDIVIA)
    before = t.obs(1)
    t.do("group 1")
    assert changes(before, t.obs(1), 1) == [
        "your g1: Lagos/Ibarra replaced by Valdivia/Marín, sent from the Presidential Palace (discarded, no points)"]


def _ordering():
    """P1's Unit 5/1 beats P2's Lagos with a Unit 2/2 and a Unit 1/1 while P3 holds a Barracks:
    P1 orders P2's three cards onto the discard pile (l.72)."""
    t = Table(4).arrange(groups=[(2, GOV, [cid("Barracks"), cid("Unit 1/1", 1)], 0), (0, GOV, [cid("Unit 5/1")], 0),
                                 (1, REB, [cid(LAGOS), cid("Unit 2/2"), cid("Unit 1/1")], 0)])
    t.do("attack with group 1", "group 2").roll(9, 1)
    assert t.obs(0)["phase"] == "order of the losses"
    return t


def test_the_loser_s_cards_being_ordered_are_not_shown_as_the_hand_s():
    """l.72: "Eliminated cards are placed face up on the discard pile. The victor decides the
    order in which they go there." The cards he orders are the loser's: the hand line says so,
    never "picked" as if they had joined his hand."""
    line = " ".join(render_text(_ordering().obs(0), 0).split())
    assert "picked:" not in line
    assert "not your hand: P2's losses to place on the discard pile: " in line


def test_the_armor_column_s_battle_names_the_unit_the_defender_chose():
    """l.121: "If attacking an Infantry Rebel group, the defender decides which unit is
    attacked." Once chosen, the battle line names that unit, for both sides."""
    t = Table(4, auto=False).arrange(hands={0: [cid("Armor Column")]},
                                     groups=[(1, REB, [cid(LAGOS), cid("Unit 2/2"), cid("Unit 1/1")], 0)])
    t.do("play Armor Column", "group 0", name(cid("Unit 1/1")))
    assert "Battle: you attack with g1 against P2's g0, Unit 1/1, the unit P2 chose" in render_text(t.obs(0), 0)
    assert "against your g0, Unit 1/1, the unit you chose" in " ".join(render_text(t.obs(1), 1).split())


def test_a_counter_offer_says_the_offer_names_no_wants():
    """l.87: "He then says what he wants in return." RULES.md reading 36: the engine has no
    speech, so no offer names its wants; where the player counters, the note says so plainly,
    and that any cards may be laid."""
    t = Table(4, auto=False).arrange(hands={0: [cid("Ambush")], 1: [cid("Assassin")]})
    t.do("offer a trade", "Ambush face up", "done")
    while t.s.current_player() != 1:
        t.do("done")
    note = decision_note(t.obs(1), 1)
    assert note.startswith("Your counter-offer to P1: an offer names no wants in Partisan, so counter with any "
                           "cards (`rules trade`); lay them one by one")


def test_a_port_cut_off_says_the_hand_capacity_it_takes_away():
    """l.137: the Port "increases his hand capacity by one"; l.128: an isolated complex "loses
    its special abilities"; l.15: "eight cards if he has both factions deployed, or seven if
    he does not". When a Supply Cut takes the Port's +1 away, a line says the capacity fell
    and why."""
    t = Table(4).arrange(hands={0: [cid("Supply Cut")]}, groups=[
        (0, REB, [cid("Unit 1/1")], 0), (1, GOV, [cid("Port"), cid("Unit 2/2")], 0)])
    before = t.obs(1)
    assert before["hand_limit"] == 8
    t.do("play Supply Cut", "group 0", "group 1")
    assert "your hand capacity 8 → 7: 7 (8 with both factions deployed), the Port (g1) cut off: no +1" in changes(
        before, t.obs(1), 1)
