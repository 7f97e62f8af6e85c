"""The Banco de Nationale's extra action (rules/guerilla.txt l.133; RULES.md reading 5): a player
spends it where it may be spent and keeps his general actions for any use."""
import pytest

from partisan.core.games.guerilla.state import GOV, REB


def _table(Guerilla, cid, banco_faction=GOV, hand=()):
    """Seat 0 holds the Banco (group 0) with a Government group 1 (4) and a Rebel group 2 (3);
    seat 1 has a Rebel group 3 and a Government group 4 to attack."""
    return Guerilla(4).arrange(hands={0: [cid(c, k) for c, k in hand]},
                               groups=[(0, banco_faction, [cid("Banco de Nationale")], 0),
                                       (0, GOV, [cid("Unit 4/1")], 0),
                                       (0, REB, [cid("Unit 1/3")], 0),
                                       (1, REB, [cid("Unit 1/1")], 0),
                                       (1, GOV, [cid("Unit 1/1", 1)], 0)])


def _left(t):
    return t.obs()["actions_left"], t.snap()["banco"]


def test_an_attack_of_the_banco_faction_spends_the_banco_action_first(Guerilla, cid):
    """l.133: "Owning player increases his total action cost by one per turn. The extra action
    must be used by the faction controlling the bank." A Government attack is paid by a
    Government Banco's action, so both general actions stay for the Rebel group (the player
    would not spend the general action and strand the restricted one)."""
    t = _table(Guerilla, cid)
    t.do("attack with group 1", "group 3").roll(1, 4)   # 4 + 1 against 1 + 4: a tie
    assert _left(t) == (2, False)
    t.do("attack with group 2", "group 4").roll(1, 3)   # 3 + 1 against 1 + 3: a tie
    assert _left(t) == (1, False)
    assert "reinforce group 2" not in t.moves() and "buy an ambush marker point" in t.moves()


def test_an_action_of_the_other_faction_spends_a_general_action(Guerilla, cid):
    """l.133: "The extra action must be used by the faction controlling the bank." A Rebel
    attack cannot use a Government Banco's action: a general one pays, the Banco's stays."""
    t = _table(Guerilla, cid)
    t.do("attack with group 2", "group 4").roll(1, 3)
    assert _left(t) == (1, True)


@pytest.mark.parametrize("move", ["buy an ambush marker point", "discard cards"])
def test_a_use_of_either_faction_spends_the_banco_action_first(Guerilla, cid, move):
    """l.133: "Trading, discarding, drawing, deploying the UN, and purchasing an ambush marker
    can be attributed to either faction." """
    t = _table(Guerilla, cid, hand=[("Unit 2/2", 0)])
    t.do(move)
    if move == "discard cards":
        t.do(t.moves()[0], "done")
    assert _left(t) == (2, False)


@pytest.mark.parametrize("faction, left", [("Government", (2, False)), ("Rebel", (1, True))])
def test_a_new_group_is_paid_by_the_banco_when_it_takes_the_banco_faction(Guerilla, cid,
                                                                            faction, left):
    """l.133: "The extra action must be used by the faction controlling the bank." A new group's
    faction is chosen after its cards (l.37): a Government group is the Banco's use, a Rebel
    one a general action's; with both left, either faction may be chosen."""
    t = _table(Guerilla, cid, hand=[("Unit 2/2", 0)])
    t.do("deploy a new group", "Unit 2/2", "done")
    assert t.moves() == ["Government", "Rebel"]
    t.do(faction)
    assert _left(t) == left


def test_a_supply_cut_by_the_banco_faction_spends_the_banco_action(Guerilla, cid):
    """l.133 with l.128: "Special attack by an infantry group instead of its normal attack": the
    cutter is chosen after the card's action; a Government cutter is the Banco's use."""
    t = _table(Guerilla, cid, hand=[("Supply Cut", 0)])
    t.do("play Supply Cut", "group 1", "group 3")
    assert _left(t) == (2, False)


def test_a_repair_of_a_banco_faction_complex_spends_the_banco_action(Guerilla, cid):
    """l.133 (RULES.md reading 5: a repair counts for the repaired complex's faction) and l.92:
    "Damage to a complex can be repaired at the cost of one action." """
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Banco de Nationale")], 0),
                                    (0, GOV, [cid("Port")], 1), (1, REB, [cid("Unit 1/1")], 0)])
    t.do("repair a complex", "group 1").roll(4)
    assert _left(t) == (2, False)

