"""A choice of several cards is made card by card in any order: no card is hidden behind
another, and "done" is offered (and so never played for the player) only when no card is
left to choose or the player may stop (rules/guerilla.txt; l.N = its line)."""
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES as C, GOV


def _to_plan(cid, extra=None):
    """Four seats dealt units (and an Airfield to seat 0, and `extra` in place of one of his
    units), at seat 0's initial deployment."""
    from partisan.core.game import load_game
    names = ("Unit 1/1", "Unit 1/2", "Unit 2/1", "Unit 2/2", "Unit 2/3", "Unit 3/2", "Unit 3/3")
    units = [c for n in names for c in _ids(n)]
    hands = [units[8 * q: 8 * q + 8] for q in range(4)]
    hands[0][7] = cid("Airfield")
    if extra is not None:
        hands[0][6] = extra
    s = load_game("guerilla", 4).new_initial_state(0)
    s.apply_action(C.dealer + 0)
    for m in (0, 1, 0, 1):
        s.apply_action(C.loyalty + m)
    for hand in hands:
        for c in hand:
            s.apply_action(C.card + c)
    for _ in range(4):
        _play(s, "keep the deal (no misdeal)")
    return s


def _ids(name):
    from partisan.core.games.guerilla.cards import load_cards
    return load_cards().ids(name)


def _moves(s):
    return [s.action_to_string(a) for a in s.legal_actions()]


def _play(s, *moves):
    for move in moves:
        s.apply_action(s.string_to_action(move))


def test_an_initial_group_takes_its_cards_in_any_order(cid):
    """l.36: "Players may also deploy as many units and leaders as they wish face down into
    groups." l.17: "A group can consist of one leader and/or up to three units". A group's
    cards are one choice: after a later kind (Unit 1/2) the earlier one (Unit 1/1) is still
    offered, and "done" does not close the group for the player while a unit may join it."""
    s = _to_plan(cid)
    _play(s, "Unit 1/1", "Airfield", "done")         # the complex first (l.36)
    _play(s, "Unit 1/2")
    assert sorted(_moves(s)) == ["Unit 1/1", "Unit 1/2", "done"]
    _play(s, "Unit 1/1", "Unit 1/2")
    assert _moves(s) == ["done"]                       # three units: the group is full (l.17)
    _play(s, "done", "Rebel")
    plan = s.observation(0)["my_plan"][1]
    assert sorted(n.split(" (")[0] for n in plan) == ["Unit 1/1", "Unit 1/2", "Unit 1/2"]


def test_a_new_group_in_the_turn_takes_its_cards_in_any_order(Guerilla, cid):
    """l.82: "Deployment can be either the placement of a new group or the reinforcement of an
    existing one." l.17: up to three units. The highest kind picked first leaves the others
    offered."""
    units = [cid("Unit 1/1"), cid("Unit 2/2"), cid("Unit 3/3")]
    t = Guerilla(4).arrange(hands={0: units})
    t.do("deploy a new group", "Unit 3/3")
    assert sorted(t.moves()) == ["Unit 1/1", "Unit 2/2", "done"]
    t.do("Unit 1/1")
    assert sorted(t.moves()) == ["Unit 2/2", "done"]


def test_a_trade_offer_lays_its_cards_in_any_order(Guerilla, cid):
    """l.87: "The offering player places the cards he is offering before him. They may be face
    up, face down or a combination." The cards laid are one choice: a card laid face down
    leaves every other card of the hand to lay, face up or face down."""
    amb, inf, asn = cid("Ambush"), cid("Informant"), cid("Assassin")
    t = Guerilla(4).arrange(hands={0: [amb, inf, asn], 1: [cid("Bodyguard")]})
    t.do("offer a trade", "Informant face down")
    assert sorted(t.moves()) == ["Ambush face down", "Ambush face up", "Assassin face down",
                                 "Assassin face up", "done"]
    t.do("Ambush face up", "done")
    assert t.obs(1)["trade"]["0"] == {"face_up": [f"Ambush (card {amb})"], "face_down": 1}


def test_a_new_group_may_take_its_leader_first(Guerilla, cid):
    """l.17: "A group can consist of one leader and/or up to three units". l.18: "Leaders must
    be deployed with a unit or a Complex, never alone." l.21: "When a group has a leader he is
    always deployed as the top card in the group." The group's cards are one choice: its leader
    may be picked before its units ("done" waits for a unit), and the group is the same as when
    the units come first."""
    leader = "General Arturo Valdivia / Comandante Lucio Marín"
    hand = [cid("Unit 1/1"), cid("Unit 2/2"), cid(leader)]
    groups = []
    for order in ((leader, "Unit 2/2", "Unit 1/1"), ("Unit 1/1", "Unit 2/2", leader)):
        t = Guerilla(4).arrange(hands={0: hand})
        t.do("deploy a new group")
        assert leader in t.moves()
        t.do(order[0])
        if order[0] == leader:
            assert sorted(t.moves()) == ["Unit 1/1", "Unit 2/2"]    # no leader alone (l.18)
        t.do(*order[1:], "done", "Government")
        g = t.group_of(cid(leader))
        groups.append((g["leader"], sorted(g["units"]), g["faction"], g["owner"]))
    assert groups[0] == groups[1] == (cid(leader), sorted(hand[:2]), GOV, 0)


def test_an_initial_group_may_take_its_leader_first(cid):
    """l.36: "Players may also deploy as many units and leaders as they wish face down into
    groups." l.18: "Leaders must be deployed with a unit or a Complex, never alone." The leader
    of a planned group may be picked before its unit; the group closes only once a unit is in."""
    leader = "Teniente Raúl Gallardo / Teniente Martín Vega"
    s = _to_plan(cid, extra=cid(leader))
    _play(s, "Airfield", "done")                     # the complex alone (l.36)
    assert leader in _moves(s)
    _play(s, leader)
    assert "done" not in _moves(s) and "Unit 1/1" in _moves(s)
    _play(s, "Unit 1/1", "done", "Rebel")
    plan = s.observation(0)["my_plan"][1]
    assert sorted(n.split(" (")[0] for n in plan) == sorted([leader, "Unit 1/1"])
