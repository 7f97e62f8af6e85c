"""An attack on one sideways unit meets no leader (rules/guerilla.txt l.22; RULES.md reading 9):
the Airfield (l.131), the TV Station (l.141) and the Armor Column (l.121) add "the command
modifier of any leader in the same group" only for a unit he commands."""
import pytest

from partisan.core.games.guerilla.state import GOV, PLACES, REB

from .test_narration import told

VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"     # Rebel rating 1, +2
TABLE = PLACES["table"]


def _rebels(cid):
    """Valdivia commands one Rebel unit: the 4 he leads, the 2 beside him sideways."""
    return [cid(VALDIVIA), cid("Unit 1/4"), cid("Unit 1/2")]


def test_propaganda_counts_a_sideways_unit_without_its_leader(Guerilla, cid):
    """l.22: "When a group contains more units than its leader's command rating, any excess
    units are turned sideways and do not function as part of the group." l.141: "Weakest unit is
    calculated on the basis of strength plus the command modifier of the group leader ... Roll
    the die, subtract the strength of the unit plus its group leader's command modifier. If the
    result is greater than 0, the unit is eliminated." The sideways 2 is the weakest at 2 (not 4),
    below seat 2's 3, and a 3 eliminates it."""
    rebels = _rebels(cid)
    side = rebels[2]
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("TV Station")], 0), (1, REB, rebels, 0),
                                    (2, REB, [cid("Unit 1/3")], 0)])
    assert t.group_of(side)["units"] == rebels[1:]
    t.do("propaganda (TV Station)")
    assert t.moves() == [f"Unit 1/2 (card {side})"]
    t.do(f"Unit 1/2 (card {side})")
    assert told(t, 3, 1)[0] == ("P1's propaganda d10: 3, less 2 (strength 2, sideways: its leader does "
                                "not count): 1, above 0: Unit 1/2 of your g1 is eliminated")
    assert t.snap()["where"][side] != TABLE and t.snap()["where"][rebels[0]] == TABLE


@pytest.mark.parametrize("unit, said, eliminated", [
    (2, "against 7 (unit 2 (sideways, no leader) + d10 5): Unit 1/2 of your g1 is eliminated", True),
    (1, "against 11 (unit 4 (+2 leader) + d10 5): Unit 1/4 of your g1 holds", False)])
def test_an_air_strike_meets_the_leader_only_with_a_unit_he_commands(Guerilla, cid, unit, said, eliminated):
    """l.131: "If the defender is a unit, the defence total is unit strength plus the command
    modifier of any leader in the same group, plus a die roll"; the sideways unit is not part of
    the group (l.22). 6 + 2 = 8 against the sideways 2 + 5 eliminates it (with Valdivia's +2 it
    would not); against the 4 he commands, 4 + 2 + 5, it fails."""
    rebels = _rebels(cid)
    c = rebels[unit]
    name = "Unit 1/2" if unit == 2 else "Unit 1/4"
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Airfield")], 0), (1, REB, rebels, 0)])
    t.do("air strike (Airfield)", f"{name} (card {c})").roll(2)
    assert told(t, 5, 1)[0].endswith(f"air strike 8 (6 + d10 2) {said}")
    assert (t.snap()["where"][c] != TABLE) == eliminated


def test_the_armor_column_on_a_sideways_unit_meets_no_leader_and_takes_none(Guerilla, cid):
    """l.121: "If the attacked unit is with a leader, the leader's command modifier is applied.
    The leader may also take losses ... If attacking an Infantry Rebel group, the defender
    decides which unit is attacked." A sideways unit is not with him in the group's working sense
    (l.22): 4 + 5 against 2 + 6, and only the unit may be lost."""
    rebels = _rebels(cid)
    side = rebels[2]
    t = Guerilla(4).arrange(hands={0: [cid("Armor Column")]}, groups=[(1, REB, rebels, 0)])
    t.do("play Armor Column", "group 0", f"Unit 1/2 (card {side})", "no reaction").roll(5, 6)
    assert t.snap()["battle"]["totals"] == [9, 8]
    assert t.s.current_player() == 1 and t.moves() == [f"Unit 1/2 (card {side})"]   # not Valdivia
    t.do(f"Unit 1/2 (card {side})", "done")
    assert t.snap()["where"][side] != TABLE and t.snap()["where"][rebels[0]] == TABLE
