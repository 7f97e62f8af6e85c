"""Guerilla's screen agrees with its events and says what the rules make happen (a newcomer's
second game at 80x24): each test quotes the rulebook passage its words explain."""
import io

from rich.console import Console

from partisan.cli.views.guerilla import confirm, decision_note, reference, render
from partisan.core.game import load_game
from partisan.core.games.guerilla.state import GOV, REB
from tests.games.guerilla.test_narration import told


def _screen(obs, seat, width=100, height=40) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    console.print(render(obs, seat))
    return " ".join(console.file.getvalue().split())


def test_the_battle_panel_names_the_defender_the_events_name(Guerilla, cid):
    """l.7-l.8: "The number in the green square on a unit card represents the strength of the
    Government unit, the number in the brown circle the strength of the Rebel unit." l.57: "A
    leader is necessary to combine the strength of units in the same group in attack or
    defence." l.58: "When attacking a leaderless group, the attacker decides which unit(s) will
    defend." A Rebel group's Unit 1/4 (Rebel 4) outweighs its Unit 4/2 (Rebel 2, Government 4):
    the panel and the events both name Unit 1/4 with 4, also once it is lost in the battle."""
    strong, weak = cid("Unit 1/4"), cid("Unit 4/2")
    t = Guerilla(4).arrange(hands={2: [cid("Atrocities/Press")]},      # keeps the battle open after its losses
                            groups=[(0, GOV, [cid("Unit 5/1")], 0), (1, REB, [strong, weak, cid("Unit 2/1")], 0)])
    t.do("attack with group 0", "group 1", f"Unit 1/4 (card {strong})", f"Unit 4/2 (card {weak})", "done")
    said = "the strongest, Unit 1/4, defends with 4; all 2 may be lost"
    assert said in _screen(t.obs(1), 1)
    t.roll(4)                              # 5 + 4 against 4 + 1: 4 due, Unit 1/4 alone pays them
    assert said in told(t, 1, 1)[0]
    t.do(f"Unit 1/4 (card {strong})", "done")
    assert t.obs(1)["phase"] == "reaction" and strong not in [c for g in t.s._snap()["groups"] for c in g["units"]]
    assert said in _screen(t.obs(1), 1)


def test_a_captured_complex_says_its_garrison_was_lost_first(Guerilla, cid):
    """l.75: "Units and leaders garrisoning a complex must be the first to take losses when
    attacked. Whenever a complex would be required to take losses, it is instead captured by
    the attacking group." The panel says the garrison was lost, then the complex captured (an
    ungarrisoned one: test_narration_told)."""
    t = Guerilla(4).arrange(hands={2: [cid("Atrocities/Press")]}, groups=[
        (0, REB, [cid("Unit 1/5")], 0), (1, GOV, [cid("Bridge"), cid("Unit 3/1")], 0)])
    t.do("attack with group 0", "group 1").roll(10, 1)        # 15 against 3 + 3 + 1: 8 due
    screen = _screen(t.obs(1), 1)
    assert "you had to lose 8 strength: your garrison (3) is lost, then the Bridge is captured" in screen, screen
    assert "with any garrison" not in screen


def test_a_trade_over_capacity_says_how_many_cards_go_back_now(Guerilla, cid):
    """l.88: "No player can finish the trade with cards exceeding his hand capacity. If more are
    offered than can be taken, the receiving player may examine the offered cards and choose
    which to return to his trading partner." l.15 checks the hand "at the end of his turn", but
    this excess is returned at once: the ask says how many cards, the hand line not the turn's
    end."""
    full = [cid("Unit 1/1", k) for k in range(4)] + [cid("Unit 1/2", k) for k in range(3)]
    t = Guerilla(4).arrange(hands={0: [cid("Ambush"), cid("Ambush", 1), cid("Assassin")], 1: full[:6] + [cid("Informant")]})
    t.do("offer a trade", "Ambush face down", "Ambush face down", "Assassin face down", "done",
         "Informant face up", "done", "done", "done", "accept P2's counter-offer")
    assert t.s.current_player() == 1                               # 6 + 3 of 7: two go back
    assert "return 2 cards to P1 now, one at a time" in decision_note(t.obs(1), 1)
    screen = _screen(t.obs(1), 1)
    assert "Your hand (9 of 7) — return 2 now, as the trade ends" in screen
    assert "turn's end" not in screen
    t.do(t.moves()[0])
    assert "return 1 card to P1 now" in decision_note(t.obs(1), 1)


def test_drawing_says_it_ends_the_turn_and_asks_before_a_retrieval_is_lost(Guerilla, cid):
    """l.95: "At the cost of one action, a player may draw new cards from the deck until he
    reaches his hand capacity or draws a red card ... The player's turn ends as soon as that is
    done." RULES.md reading 31: any draw ends the turn (option draw_ends_turn), so the menu says
    so, and drawing while the Barracks' free retrieval (l.134) is open is asked first."""
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Barracks")], 0)], discard=[cid("Unit 1/1")])
    obs = t.obs(0)
    assert "draw cards (1 action, ends your turn) →F" in obs["menu"]
    assert confirm(obs, 0, "draw cards") == "Drawing ends your turn: give up retrieve a card (Barracks)?"
    t.do("retrieve a card (Barracks)")
    assert confirm(t.obs(0), 0, "draw cards") is None
    red = Guerilla(4, draw_ends_turn="red").arrange(groups=[(0, GOV, [cid("Barracks")], 0)])
    assert "draw cards (1 action) →F" in red.obs(0)["menu"] and confirm(red.obs(0), 0, "draw cards") is None


def test_an_ambush_marker_not_rolled_is_told(Guerilla, cid):
    """l.79: "Whenever a group belonging to a player with an ambush marker is attacked, he may
    roll the die." Its roll is told; a defender holding a marker who answers without rolling it
    is told as well, so the table knows it was passed over, not forgotten."""
    t = Guerilla(4, auto=False).arrange(active=1, groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 3/3")], 0)])
    t.do("buy an ambush marker point", "buy an ambush marker point", "end the turn", "end the turn", "end the turn")
    t.do("attack with group 0", "group 1", "no reaction")
    assert t.moves() == ["roll your ambush marker", "no reaction"]
    assert told(t, "no reaction", 0)[0] == "P2: no reaction (P2's ambush marker 2 not rolled)"


def test_the_header_says_whose_the_banco_action_is_until_it_is_spent(Guerilla, cid):
    """l.133: "Owning player increases his total action cost by one per turn. The extra action
    must be used by the faction controlling the bank." The header says which faction's the
    extra action is while it is unspent, then that it is spent, so the count left reads right
    (RULES.md reading 5: it pays first wherever it may)."""
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Banco de Nationale")], 0), (0, GOV, [cid("Unit 4/1")], 0),
                                    (0, REB, [cid("Unit 1/3")], 0), (1, REB, [cid("Unit 1/1")], 0),
                                    (1, GOV, [cid("Unit 1/1", 1)], 0)])
    assert "2 actions left +1 Banco (Gov)" in _screen(t.obs(0), 0)
    t.do("attack with group 1", "group 3").roll(1, 4)                # a Government attack: the Banco's pays
    screen = _screen(t.obs(0), 0)
    assert "2 actions left (Banco's spent)" in screen and "+1 Banco" not in screen


def _reference(**options) -> str:
    console = Console(file=io.StringIO(), width=200, height=400, force_terminal=True, color_system=None)
    console.print(reference(load_game("guerilla", 4, **options)))
    return " ".join(console.file.getvalue().split())


def test_the_cards_reference_keeps_atrocities_and_press_apart(Guerilla, cid):
    """l.124: "Atrocities/Press ... Halves (fractions rounded down) or doubles the point value of
    any losses inflicted in battle." RULES.md reading 23: Atrocities doubles, Press halves;
    option atrocities=halve swaps them. Each half is named before what it does."""
    text = _reference()
    assert ("as Atrocities, after a battle: the losses score ×2, and the UN card in play passes to the "
            "player who suffered the losses; as Press, after a battle: the losses score ÷2") in text, text
    swapped = _reference(atrocities="halve")
    assert "as Atrocities, after a battle: the losses score ÷2" in swapped
    assert "as Press, after a battle: the losses score ×2" in swapped


def test_the_cards_reference_says_the_airfield_strikes_a_unit_or_a_complex(Guerilla, cid):
    """l.131: "Owner may make one air strike per turn ... Select one unit or complex. The attack
    total is six plus a die roll. If the defender is a unit, the defence total is unit strength
    plus the command modifier of any leader in the same group, plus a die roll ... If attacking
    a complex, the defence total is complex DF plus a die roll." """
    text = _reference()
    assert ("an air strike on one unit or complex: 6 + d10 against the unit's strength + its leader's "
            "modifier + d10, or the complex's DF + d10") in text
    assert "against a group" not in text


def test_the_first_discard_prompt_says_the_cards_go_one_at_a_time_the_first_on_top(Guerilla, cid):
    """l.91: "A player may discard up to four cards from his hand at the cost of an action. He
    must reveal only the last card discarded because it will be visible on the top of the
    discard pile." The first card picked is the one shown on top (view.py): the first ask says
    so, before any is picked."""
    t = Guerilla(4).arrange(hands={0: [cid("Supply Cut"), cid("UN Intervention"), cid("Unit 1/1")]})
    t.do("discard cards")
    assert "Supply Cut on top (shown)" in t.obs(0)["menu"]
    assert decision_note(t.obs(0), 0).startswith(
        "Discard up to four cards, one at a time: the first you pick goes on top of the pile, shown; "
        "the others go under it, face down.")
