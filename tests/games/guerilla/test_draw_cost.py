"""The draw costs an action and ends the turn: the menu, the question before ending a turn and
the `cards` reference say so, and a turn ended with no action left for it says the hand stays
short (rules/guerilla.txt l.95)."""
import io

from rich.console import Console

from partisan.cli.views.guerilla import confirm, reference


def test_the_draw_in_the_menu_says_its_action(Guerilla, cid):
    """guerilla.txt l.95: "At the cost of one action, a player may draw new cards from the deck
    until he reaches his hand capacity or draws a red card. If a red card is drawn it must be
    played immediately. The player's turn ends as soon as that is done." """
    t = Guerilla(4).arrange(hands={0: [cid("Unit 1/1")]})
    assert "draw cards (1 action, ends your turn) →F" in t.obs(0)["menu"]
    red = Guerilla(4, draw_ends_turn="red").arrange(hands={0: [cid("Unit 1/1")]})
    assert "draw cards (1 action) →F" in red.obs(0)["menu"]


def test_ending_the_turn_with_an_action_left_names_the_draw_it_skips(Guerilla, cid):
    """guerilla.txt l.95: "At the cost of one action, a player may draw new cards from the deck
    until he reaches his hand capacity". With an action left and 2 cards of 7, the question
    before ending the turn names the draw given up; with a full hand it does not."""
    t = Guerilla(4).arrange(hands={0: [cid("Unit 1/1"), cid("Unit 2/1")]})
    t.do("buy an ambush marker point")
    assert confirm(t.obs(0), 0, "end the turn") == ("End the turn with 1 action left and no draw "
                                                    "(your hand stays 2 of 7)?")
    full = Guerilla(4).arrange(hands={0: [cid(f"Unit {n}/1") for n in range(1, 5)]
                                      + [cid(f"Unit {n}/2") for n in range(1, 4)]})
    assert confirm(full.obs(0), 0, "end the turn") == "End the turn with 2 actions left?"


def test_a_turn_ended_with_no_action_left_says_the_hand_stays_short(Guerilla, cid):
    """guerilla.txt l.95: "At the cost of one action, a player may draw new cards from the deck
    until he reaches his hand capacity or draws a red card." Both actions spent, "end the turn"
    is the only move: it says no draw comes and the hand stays 2 of 7."""
    t = Guerilla(4).arrange(hands={0: [cid("Unit 1/1"), cid("Unit 2/1")]})
    t.do("buy an ambush marker point", "buy an ambush marker point")
    assert t.obs(0)["menu"] == ["end the turn: no draw, your hand stays 2 of 7"]
    assert t.s.describe_action(t.s.legal_actions()[0], 1) == "P1: end the turn"


def test_the_cards_reference_says_the_draw_costs_an_action_and_ends_the_turn(Guerilla):
    """guerilla.txt l.95: "At the cost of one action, a player may draw new cards from the deck
    until he reaches his hand capacity or draws a red card. If a red card is drawn it must be
    played immediately. The player's turn ends as soon as that is done." """
    t = Guerilla(4)
    console = Console(file=io.StringIO(), width=100, force_terminal=True, color_system=None)
    console.print(reference(t.s.game))
    text = " ".join(console.file.getvalue().split())
    assert "F draw: 1 action, up to your hand's capacity, and it ends the turn" in text, text
    assert "with no action left the turn ends without a draw" in text
