"""A group's number (its slot, "g7" on the table and in the events) names one group for a long
stretch of play: a new group takes the next free slot round the table, not the lowest one a
group left a moment before. Records made when new groups took the lowest slot are refused by
their fingerprint rather than replayed into another game."""
import dataclasses

import pytest

from partisan.core import record
from partisan.core.errors import RecordError
from partisan.core.game import load_game
from partisan.core.games.guerilla.state import GOV, REB
from partisan.core.record import Match

VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"        # Government 3, +2


def test_a_new_group_does_not_take_the_number_a_group_just_left(Guerilla, cid):
    """l.47: "The player may withdraw any deployed units or leaders back to his hand"; l.82:
    "Deployment can be either the placement of a new group or the reinforcement of an existing
    one." g0 withdrawn and a new group placed in the same turn: the new group is g2, so that
    "g0" in this turn's events means the group that left."""
    u = cid("Unit 1/3")
    t = Guerilla(4).arrange(hands={0: [cid("Unit 2/2")]},
                            groups=[(0, REB, [u], 0), (1, GOV, [cid("Unit 3/3")], 0)])
    t.do("withdraw group 0")
    assert t.group_of(u) is None
    t.do("deploy a new group", "Unit 2/2", "done", "Rebel")
    assert t.group_of(cid("Unit 2/2"))["id"] == 2


def test_traitors_leave_no_battle_behind(Guerilla, cid):
    """l.140: "Traitors ... Add the leader's command modifier to a die roll ... If the result is
    greater than 5, the leader and his entire group change faction." It is no battle: once
    rolled, no group is left as a battle's defender for a later screen to show."""
    lead = cid(VALDIVIA)                                         # +2: a 1 makes 3, shot
    t = Guerilla(4).arrange(deck=[cid("Traitors")], groups=[(1, GOV, [lead, cid("Unit 2/3")], 0)])
    t.do("draw cards").draw(cid("Traitors")).do("group 0").roll(1)
    assert t.snap()["battle"]["defender"] == -1 and t.obs()["battle"] is None


def test_a_record_of_the_lowest_slot_numbering_is_refused():
    """Guerilla's revision 1 is part of its action fingerprint: a record made before it is refused
    before any action is replayed, with the reason."""
    game = load_game("guerilla", 4)
    saved = Match(game, 5).to_dict()
    assert record.from_dict(saved).game.encoding == game.encoding
    before = dataclasses.replace(game, info=dataclasses.replace(game.info, revision=0))
    saved["encoding"]["actions"] = before.encoding["actions"]
    assert saved["encoding"]["actions"] != game.encoding["actions"]
    with pytest.raises(RecordError, match="another action encoding of Guerilla"):
        record.from_dict(saved)
