"""Guerilla's play screen after the ninth round's newcomers: the battle panel says what an Armor
Column attacks in a garrisoned complex, which unit a leaderless group attacks with and which one
an Ambush singled out; losses in plain words; why a card is missing from a pick; the labels of
alike units as the board shows them. Each test quotes the passage it explains."""
from __future__ import annotations

import io

import pytest

from rich.console import Console

from partisan.cli.views.guerilla import changes, decision_note, render
from partisan.core.games.guerilla.state import GOV, REB
from tests.games.guerilla.conftest import Table, card as cid, name

LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2
VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"


def _screen(obs: dict, seat: int, width: int = 100, height: int = 40) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    console.print(render(obs, seat))
    return " ".join(console.file.getvalue().split())


def _armor_on_the_palace() -> Table:
    """P1's Armor Column attacks P2's Presidential Palace, garrisoned by a Unit 2/3."""
    t = Table(4, auto=False).arrange(hands={0: [cid("Armor Column")]},
                                     groups=[(1, REB, [cid("Presidential Palace"), cid("Unit 2/3")], 0)])
    return t.do("play Armor Column", "group 0")


def test_the_armor_column_s_panel_says_it_attacks_the_garrison_first():
    """l.121: the Armor Column "Attacks a single Rebel unit or Complex at a time ... If attacking
    a group containing a complex, the Armor Column must eliminate the garrison before attacking
    the complex." The panel says so, so the Palace's DF left out of the defence reads as the
    rule, not as a slip."""
    t = _armor_on_the_palace()
    screen = _screen(t.obs(1), 1)
    assert ("Battle: P1 attacks with g1 against your g0: the Armor Column attacks the garrison's Unit 2/3 alone; "
            "the Presidential Palace's DF 5 counts once the garrison is gone") in screen, screen
    assert "the Presidential Palace and its garrison" not in screen
    compact = _screen(t.obs(1), 1, 80, 24)
    assert "the Armor Column attacks the garrison's Unit 2/3 alone" in compact, compact


def test_the_armor_column_s_battle_line_says_why_the_complex_s_df_is_left_out():
    """l.121: "the Armor Column must eliminate the garrison before attacking the complex"; l.67:
    the defender totals "the DF of any complex": the totals leave the Palace's 5 out, and the
    line says why."""
    t = _armor_on_the_palace()
    while t.s.current_player() >= 0:
        t.do("no reaction")
    t.roll(5)
    line = t.s.describe_action(t.s.string_to_action("die: 2"), 1)
    assert ("totals P1 9 (4 + d10 5) against you 5 (3 + d10 2) (the Armor Column attacks the garrison's Unit 2/3 "
            "alone; the Presidential Palace's DF 5 counts once the garrison is gone)") in line, line


def test_a_leaderless_attack_names_its_attacking_unit():
    """l.58: "Only one unit (owner chooses which) in a leaderless group can attack each turn."
    The panel names that unit: the defender needs it to judge his cards."""
    t = Table(4, auto=False).arrange(groups=[(0, GOV, [cid("Unit 4/1"), cid("Unit 2/1"), cid("Unit 5/1")], 0),
                                             (1, REB, [cid(LAGOS), cid("Unit 2/2")], 0)])
    t.do("attack with group 0", name(cid("Unit 4/1")), "group 1")
    assert "Battle: P1 attacks with Unit 4/1 of g0 against your g1" in _screen(t.obs(1), 1)


def test_an_ambush_s_single_defender_is_named_on_the_panel():
    """l.120: the attacker's Ambush may "select a single unit in the defending group as the only
    defender". The panel names that unit and whose Ambush chose it, not "a single unit"."""
    t = Table(4, auto=False).arrange(hands={0: [cid("Ambush")]}, groups=[
        (0, GOV, [cid("Unit 4/1")], 0), (1, REB, [cid(LAGOS), cid("Unit 3/3"), cid("Unit 2/2"), cid("Unit 1/1")], 0)])
    t.do("attack with group 0", "group 1", "attack all units", "play Ambush", name(cid("Unit 2/2")))
    screen = _screen(t.obs(2), 2)
    assert "against P2's g1, Unit 2/2 alone, singled out by P1's Ambush" in screen, screen
    assert "a single unit" not in screen


def test_a_cancelled_ambush_says_what_it_no_longer_does():
    """l.126: the Informant "cancels the effects of an Ambush card". After it, a line says what
    the Ambush no longer does: the unit it singled out no longer defends alone."""
    t = Table(4, auto=False).arrange(hands={0: [cid("Ambush")], 2: [cid("Informant")]}, groups=[
        (0, GOV, [cid("Unit 4/1")], 0), (1, REB, [cid(LAGOS), cid("Unit 3/3"), cid("Unit 2/2"), cid("Unit 1/1")], 0)])
    t.do("attack with group 0", "group 1", "attack all units", "play Ambush", name(cid("Unit 2/2")))
    while t.s.current_player() != 2:
        t.do("no reaction")
    before = t.obs(3)
    t.do("play Informant: cancel the last Ambush")
    assert changes(before, t.obs(3), 3) == ["the Ambush is cancelled: Unit 2/2 of P2's g1 no longer defends alone"]


def test_a_loss_the_group_cannot_meet_is_told_in_plain_words():
    """l.68: "The player with the lowest total must eliminate units of his choice with a combined
    strength at least equal to the difference in the totals." The panel says how much strength
    was to be lost and that everything in the battle went, not "loss points (10 due)"."""
    t = Table(4, auto=False).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 2/1")], 0)])
    t.do("attack with group 0", "group 1")
    while not t.s.is_chance_node():
        t.do("no reaction")
    t.roll(9, 1)
    screen = _screen(t.obs(1), 1)
    assert "you had to lose 10 strength but had only 2 in the battle: all of it was lost" in screen, screen
    assert "due" not in screen and "loss point" not in screen


def test_the_losses_to_choose_are_asked_in_strength():
    """l.68-l.69: the loser eliminates units "with a combined strength at least equal to the
    difference in the totals. ... A leader can be eliminated to fulfil one point of required
    losses." The ask and the panel say it in those terms."""
    t = Table(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0),
                                 (1, GOV, [cid(VALDIVIA), cid("Unit 3/3"), cid("Unit 2/2")], 0)])
    t.do("attack with group 0", "group 1").roll(9, 1)
    assert t.obs(1)["phase"] == "losses"
    assert decision_note(t.obs(1), 1).startswith(
        "You lost: eliminate units worth at least 5 strength (printed strength; a leader counts 1).")
    assert "you must lose at least 5 strength in units (0 chosen so far)" in _screen(t.obs(1), 1)


def test_a_full_group_says_why_a_unit_in_hand_is_not_offered():
    """l.17: "A group can consist of one leader and/or up to three units"; l.82: "A group cannot
    be reinforced beyond the normal limitations". A unit held but not offered is named, with
    the limit (not the leader's rating, which only turns the excess sideways, l.22)."""
    t = Table(4, auto=False).arrange(hands={0: [cid("Unit 3/1"), cid("Unit 1/2")]},
                                     groups=[(0, REB, [cid("Unit 2/3"), cid("Unit 2/2")], 0)])
    t.do("reinforce group 0", "Unit 3/1")
    note = decision_note(t.obs(0), 0)
    assert note.endswith("Not offered: Unit 1/2 (the group is full: it has three units, the most a group holds).")
    assert t.obs(0)["menu"] == ["reinforce your g0 with Unit 3/1 (no more cards fit: it has three units, the most "
                                "a group holds)"]


def test_a_complex_s_garrison_says_it_holds_one_unit():
    """l.17: "one complex with a garrison of up to one unit and/or a leader". Reinforcing a
    garrisoned Port, the units held are not offered, and the note says why."""
    t = Table(4, auto=False).arrange(hands={0: [cid("Unit 3/1"), cid(LAGOS)]},
                                     groups=[(0, GOV, [cid("Port"), cid("Unit 1/1")], 0)])
    t.do("reinforce group 0")
    assert t.obs(0)["menu"] == [f"add {LAGOS} 2/2+1"]
    assert decision_note(t.obs(0), 0).endswith(
        "Not offered: Unit 3/1 (the group is full: it has a complex and one unit, the most a complex's garrison holds).")


def test_an_assassination_attempt_of_yours_reads_you_try():
    """l.136: the Policia "May make one assassination attempt per turn on a leader of the same
    faction controlled by another player". Its player reads "you try to kill", not "you
    tries to kill"."""
    lead = cid(VALDIVIA)
    t = Table(4).arrange(hands={1: [cid("Bodyguard")]}, groups=[
        (0, GOV, [cid("Policia")], 0), (1, GOV, [lead, cid("Unit 2/2")], 0)])
    t.do("assassination (Policia)", f"{VALDIVIA} (card {lead})")
    screen = _screen(t.obs(0), 0)
    assert "Policia: you try to kill General Arturo Valdivia of P2's g1" in screen, screen


@pytest.mark.parametrize("holder, told", [
    (1, "play Bodyguard: the Policia rolls one more die, the lowest counts"),
    (0, "play Bodyguard: the Policia rolls one more die, the lowest counts (against your own attempt: "
        "it only shields the leader)")])
def test_the_bodyguard_against_the_policia_names_the_policia_and_whose_attempt(holder, told):
    """l.125: "Provides some protection against an assassin/Policia. For each bodyguard played,
    the assassin must make an additional die roll and use the lowest roll." Against the
    Policia, its option says the Policia rolls again, not an Assassin. RULES.md reading 14:
    after the target is named "any player may play Bodyguards", the Policia's owner too; a
    person saw that offer three times and took it for a mistake, so it says whose attempt."""
    lead = cid(VALDIVIA)
    t = Table(4, auto=False).arrange(hands={holder: [cid("Bodyguard")]}, groups=[
        (0, GOV, [cid("Policia")], 0), (1, GOV, [lead, cid("Unit 2/2")], 0)])
    t.do("assassination (Policia)", f"{VALDIVIA} (card {lead})")
    while t.s.current_player() != holder:
        t.do("no reaction")
    menu = t.obs(holder)["menu"]
    assert told in menu and (holder == 1) == all("own attempt" not in line for line in menu)
