"""Air Assault (rules/guerilla.txt l.119; RULES.md reading 20)."""
from partisan.core.games.guerilla.state import GOV, PLACES, REB
HAND, DISCARD, TABLE = PLACES["hand"], PLACES["discard"], PLACES["table"]


def test_deploy_from_hand_in_the_attack_phase_and_attack(Guerilla, cid):
    """l.119: "Air Assault — Cost: 1 action. Three options: 1) Deploy units or a whole group from
    hand in the attack phase and attack ... Use by Government groups only." Reading 20: the
    card's one action covers the attack. The new Government 4 attacks at once: 4 + 6 against
    3 + 2."""
    aa, g4, r3 = cid("Air Assault"), cid("Unit 4/1"), cid("Unit 1/3")
    t = Guerilla(4).arrange(hands={0: [aa, g4]}, groups=[(1, REB, [r3], 0)])
    t.do("play Air Assault")
    assert t.moves() == ["deploy a new group"]
    t.do("deploy a new group", "Unit 4/1", "done")
    assert t.moves() == ["Government"]                 # Government groups only
    t.do("Government", "group 0").roll(6, 2)
    assert t.snap()["battle"]["totals"] == [10, 5]
    assert t.snap()["where"][r3] == DISCARD and t.obs()["actions_left"] == 1
    assert t.obs()["phase_reached"] == "B"


def test_not_in_bad_weather(Guerilla, cid):
    """l.119: "Cannot be used in bad weather." l.132: "This card prevents air assaults and air
    strikes." """
    aa = cid("Air Assault")
    t = Guerilla(4).arrange(hands={0: [aa, cid("Unit 4/1")]}, groups=[(1, REB, [cid("Unit 1/3")], 0)],
                            deck=[cid("Bad Weather"), cid("Unit 2/2")])
    assert "play Air Assault" in t.moves()
    t.do("draw cards").draw(cid("Bad Weather"))        # before seat 0; his turn ends
    for _ in range(3):
        t.do("end the turn")
    t.roll(2)                                          # the weather stays
    assert "play Air Assault" not in t.moves()


def test_reinforcing_an_isolated_group_which_must_attack_its_cutter(Guerilla, cid):
    """l.119: "3) Re-enforce an isolated group ... Air Assault is the only way to reinforce an
    isolated group. The isolated group must then attack the group cutting its supply. Reinforcing
    units are not halved in the attack immediately following their deployment, but are
    subsequently. The isolation modifier is applied to the attack die roll." The isolated 3
    (halved: 1) and the new 4 (whole) under no leader: the owner picks one unit; the 4 attacks at
    4 + 4 against the cutter's 3 + 5; a turn later, at 2 + 5 - 1."""
    sc, aa, g3, g4, r3 = cid("Supply Cut"), cid("Air Assault"), cid("Unit 3/1"), cid("Unit 4/1"), cid("Unit 1/3")
    t = Guerilla(4).arrange(hands={1: [sc], 0: [aa, g4]}, active=1,
                            groups=[(0, GOV, [g3], 0), (1, REB, [r3], 0)])
    t.do("play Supply Cut", "group 1", "group 0")
    for _ in range(3):
        t.do("end the turn")
    assert t.s.current_player() == 0 and "reinforce group 0" not in t.moves()
    t.do("play Air Assault")
    assert t.moves() == ["deploy a new group", "group 0"]
    t.do("group 0", "Unit 4/1", "done")
    assert t.moves() == [f"Unit 3/1 (card {g3})", f"Unit 4/1 (card {g4})"]
    t.do(f"Unit 4/1 (card {g4})")
    assert t.moves() == ["group 1"]                    # only the cutter
    t.do("group 1").roll(4, 5)
    assert t.snap()["battle"]["totals"] == [8, 8]
    # subsequently halved: a 4 in the isolated group attacks at 2 next turn
    for _ in range(4):
        t.do("end the turn")
    t.do("attack with group 0", f"Unit 4/1 (card {g4})", "group 1").roll(5, 5)
    assert t.group_of(g3)["isolation"] == 1
    assert t.snap()["battle"]["totals"] == [2 + 5 - 1, 8]


def test_option_the_attack_costs_one_more_action(Guerilla, cid):
    """l.119: "Air Assault — Cost: 1 action ... 1) Deploy units or a whole group from hand in the
    attack phase and attack." Reading 20, option air_assault_cost=card_and_attack: the card's
    action and one more for its attack. The Government 4 attacks at once as under the default
    reading, but both of the turn's actions are spent."""
    aa, g4, r3 = cid("Air Assault"), cid("Unit 4/1"), cid("Unit 1/3")
    t = Guerilla(4, air_assault_cost="card_and_attack").arrange(
        hands={0: [aa, g4]}, groups=[(1, REB, [r3], 0)])
    t.do("play Air Assault", "deploy a new group", "Unit 4/1", "done", "Government", "group 0")
    t.roll(6, 2)
    assert t.snap()["battle"]["totals"] == [10, 5] and t.snap()["where"][r3] == DISCARD
    assert t.obs()["actions_left"] == 0


def test_option_one_action_left_is_not_enough(Guerilla, cid):
    """Reading 20: under air_assault_cost=card_and_attack the card needs an action for itself and
    one for the attack it must make ("and attack", l.119); with one action left (one spent on an
    ambush point, l.78) it cannot be played; under the default reading it can."""
    for cost, playable in (("card", True), ("card_and_attack", False)):
        t = Guerilla(4, air_assault_cost=cost).arrange(
            hands={0: [cid("Air Assault"), cid("Unit 4/1")]}, groups=[(1, REB, [cid("Unit 1/3")], 0)])
        assert "play Air Assault" in t.moves()
        t.do("buy an ambush marker point")
        assert t.obs()["actions_left"] == 1
        assert ("play Air Assault" in t.moves()) == playable


def _held_rebel_unit(Guerilla, cid, hand):
    """Seat 0's Rebel Barracks takes the lowest Unit 2/2 from the pile (l.134); his next turn."""
    t = Guerilla(4).arrange(hands={0: hand}, discard=[cid("Unit 2/2")],
                            groups=[(0, REB, [cid("Barracks")], 0), (1, REB, [cid("Unit 1/3")], 0)])
    t.do("retrieve a card (Barracks)")
    for _ in range(4):
        t.do("end the turn")
    assert t.snap()["held"] == [cid("Unit 2/2")] and t.obs()["active"] == 0
    return t


def test_a_rebel_barracks_card_is_no_unit_for_an_air_assault(Guerilla, cid):
    """l.119: "1) Deploy units or a whole group from hand in the attack phase ... Use by
    Government groups only." l.134: "Units or leaders retrieved in this way must be deployed
    initially on the side of the same faction as the barracks." A hand whose only unit the Rebel
    Barracks holds has nothing to air-assault with."""
    t = _held_rebel_unit(Guerilla, cid, [cid("Air Assault")])
    assert "play Air Assault" not in t.moves() and "deploy a new group" in t.moves()


def test_a_loose_copy_deploys_by_air_beside_a_held_copy(Guerilla, cid):
    """l.119 and l.134 as above: of two Unit 2/2, the one the Rebel Barracks holds stays in hand
    and the loose copy lands as the Government group (reading 34: a held copy comes after the
    loose ones)."""
    held, loose = cid("Unit 2/2"), cid("Unit 2/2", 1)
    t = _held_rebel_unit(Guerilla, cid, [cid("Air Assault"), loose])
    t.do("play Air Assault", "deploy a new group")
    assert t.moves() == ["Unit 2/2"]
    t.do("Unit 2/2", "done")
    assert t.moves() == ["Government"]
    t.do("Government")
    g = t.group_of(loose)
    assert g["faction"] == GOV and g["units"] == [loose]
    assert t.snap()["where"][held] == HAND and t.snap()["held"] == [held]
