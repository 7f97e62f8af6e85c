"""Guerilla's play screen after the seventh round's newcomers: the notes above a menu say only
what is true at that step, and the screen names whose cards and what changed. Each test quotes
the passage it explains."""
from __future__ import annotations

from partisan.cli.views.guerilla import changes, decision_note
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
