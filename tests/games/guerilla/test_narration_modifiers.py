"""A leader's command modifier the rules leave out of a battle total is named in the battle's
line with the rule's reason, as every applied one reads "+ leader +1" (rules/guerilla.txt)."""
from partisan.core.games.guerilla.state import GOV, REB

from .test_narration import told

VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"      # Government rating 3, +2
ALVEAR = "Capitán Diego Alvear / Teniente Pablo Ochoa"              # Government rating 2, -1
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"              # Rebel rating 2, +1


def _combined(Guerilla, cid, first, second):
    """Seat 0's Government groups 0 and 1 combine by an Air Assault against seat 1's Unit 1/4."""
    t = Guerilla(4).arrange(hands={0: [cid("Air Assault")]}, groups=[
        (0, GOV, [cid(c) for c in first], 0), (0, GOV, [cid(c) for c in second], 0),
        (1, REB, [cid("Unit 1/4")], 0)])
    t.do("play Air Assault", "combine group 0 with another", "combine with group 1", "group 2").roll(5)
    return told(t, 1, 1)[0]


def test_a_lone_leaders_plus_dropped_in_a_combined_attack_is_said(Guerilla, cid):
    """guerilla.txt l.119: "In combined strength attacks, if both groups have leaders, only the
    lowest command modifier applies. If only one group has a leader, his command modifier is
    not applied unless it is negative." Valdivia's +2 is left out of 2 + 3 + d10 5, and the line
    says so; Alvear's -1 is applied and reads as any leader's."""
    line = _combined(Guerilla, cid, [VALDIVIA, "Unit 2/2"], ["Unit 3/1"])
    assert "totals P1 10 (5 + d10 5; Valdivia's +2 not applied: combined attack) against" in line, line
    line = _combined(Guerilla, cid, [ALVEAR, "Unit 2/2"], ["Unit 3/1"])
    assert "totals P1 9 (5 + leader -1 + d10 5) against" in line and "not applied" not in line, line


def test_the_higher_of_two_leaders_modifiers_dropped_is_said(Guerilla, cid):
    """guerilla.txt l.119: "In combined strength attacks, if both groups have leaders, only the
    lowest command modifier applies." Valdivia's +2 gives way to Alvear's -1."""
    line = _combined(Guerilla, cid, [VALDIVIA, "Unit 2/2"], [ALVEAR, "Unit 3/1"])
    assert ("(5 + leader -1 + d10 5; Valdivia's +2 not applied: combined attack, the lower modifier counts)"
            in line), line


def test_a_plain_attack_has_no_note(Guerilla, cid):
    """guerilla.txt l.67: "To determine the result of an attack total the strength of all
    attacking units, add the group leader's command modifier and a die roll." """
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid(VALDIVIA), cid("Unit 2/2")], 0),
                                    (1, REB, [cid("Unit 1/4")], 0)])
    t.do("attack with group 0", "group 1").roll(5)
    line = told(t, 1, 1)[0]
    assert "(2 + leader +2 + d10 5)" in line and "not applied" not in line, line


def test_the_sideways_units_defend_without_the_leaders_modifier_and_it_is_said(Guerilla, cid):
    """guerilla.txt l.22: "When a group contains more units than its leader's command rating,
    any excess units are turned sideways and do not function as part of the group." Ibarra
    (rating 2, +1) commands the 3 and the 2; the sideways 4 defends alone, without his +1 (RULES.md reading 9)."""
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Unit 5/1")], 0),
                                    (1, REB, [cid(LAGOS), cid("Unit 1/3"), cid("Unit 1/2"), cid("Unit 1/4")], 0)])
    t.do("attack with group 0", "group 1", "attack the sideways units").roll(8)
    line = told(t, 5, 0)[0]
    assert "(4 + d10 5; Ibarra's +1 not applied: the sideways units are out of his command)" in line, line


def test_an_air_strike_on_a_complex_leaves_its_garrisons_leader_out_and_says_so(Guerilla, cid):
    """guerilla.txt l.131: "If attacking a complex, the defence total is complex DF plus a die
    roll (and any isolation die roll modifier). A complex's garrison does not defend it against
    air strikes." Ibarra's +1 in the Port's garrison is not in the Port's DF 2 + d10."""
    port = cid("Port")
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Airfield")], 0),
                                    (1, REB, [port, cid(LAGOS), cid("Unit 1/2")], 0)])
    t.do("air strike (Airfield)", "group 1").roll(5)
    line = told(t, 3, 0)[0]
    assert ("against 5 (DF 2 + d10 3; Ibarra's +1 not applied: the garrison does not defend against an air "
            "strike)") in line, line
