"""Arms Cache's attack again and doubling (rules/guerilla.txt l.122); demolition is in
test_events.py, relief in test_supply.py."""
from partisan.core.games.guerilla.state import GOV, PLACES, REB
DISCARD = PLACES["discard"]


def test_an_arms_cache_lets_a_rebel_group_attack_again(Guerilla, cid):
    """l.122: "Arms Cache — Cost: no cost for use 1 and 2 ... 1) Attack with the same group a
    second time ... Use by Rebel groups only." l.52: "Each group can attack once in a turn ...
    Each attack costs one action." The second attack costs its action; the card goes face up."""
    arms, r4 = cid("Arms Cache"), cid("Unit 1/4")
    t = Guerilla(4).arrange(hands={0: [arms]}, groups=[(0, REB, [r4], 0), (1, GOV, [cid("Unit 1/1")], 0),
                                                     (2, GOV, [cid("Unit 2/1")], 0)])
    t.do("attack with group 0", "group 1", "no reaction").roll(1, 1)
    assert "attack with group 0" in t.moves()
    t.do("attack with group 0", "group 2").roll(1, 1)
    assert t.snap()["where"][arms] == DISCARD and t.obs()["actions_left"] == 0
    plain = Guerilla(4).arrange(groups=[(0, REB, [r4], 0), (1, GOV, [cid("Unit 1/1")], 0)])
    plain.do("attack with group 0", "group 1").roll(1, 1)
    assert "attack with group 0" not in plain.moves()


def test_an_arms_cache_doubles_an_attacking_unit(Guerilla, cid):
    """l.122: "2) Double the strength of one unit for the present battle ... A unit cannot
    increase its strength by more than double by playing more than one Arms Cache or an Arms
    Cache and an Ambush." The Rebel 4 doubled: 8 + 2 against 3 + 4; the second Arms Cache finds
    no unit left to double."""
    arms, r4 = cid("Arms Cache"), cid("Unit 1/4")
    t = Guerilla(4).arrange(hands={0: [arms, cid("Arms Cache", 1)]},
                            groups=[(0, REB, [r4], 0), (1, GOV, [cid("Unit 3/3")], 0)])
    t.do("attack with group 0", "group 1")
    assert t.moves() == ["no reaction", "play Arms Cache"]
    t.do("play Arms Cache")
    assert t.moves() == [f"Unit 1/4 (card {r4})"]
    t.do(f"Unit 1/4 (card {r4})")
    assert t.obs()["doubled"] == [f"Unit 1/4 (card {r4})"]
    t.roll(2, 4)
    assert t.snap()["battle"]["totals"] == [10, 7]


def test_an_arms_cache_counts_for_a_chance_of_success(Guerilla, cid):
    """Reading 7 (l.55 with the official ruling on Ambush): the attacker's Arms Cache, the same
    kind of doubling (l.122), counts when judging "no chance of success". A Rebel 2 (12 at
    best) against a Government 4 under a +2 leader with the Palace (12 at worst) may attack only
    with the card in hand."""
    palace, g4, lead = cid("Presidential Palace"), cid("Unit 4/1"), cid("General Arturo Valdivia / Comandante Lucio Marín")
    groups = [(0, REB, [cid("Unit 1/2")], 0), (1, GOV, [palace, g4, lead], 0)]
    assert "attack with group 0" not in Guerilla(4).arrange(groups=groups).moves()
    assert "attack with group 0" in Guerilla(4).arrange(groups=groups, hands={0: [cid("Arms Cache")]}).moves()


def test_option_an_arms_cache_does_not_count_for_a_chance_of_success(Guerilla, cid):
    """Reading 7, option chance_arms_cache=false: only the attacker's Ambush cards count when
    judging "An attack cannot be made if it has no chance of success" (l.55; the official
    ruling names Ambush). The Rebel 2 of the test above may not attack with an Arms Cache in
    hand, but may with an Ambush (l.120: "double the strength of one unit")."""
    palace, g4, lead = cid("Presidential Palace"), cid("Unit 4/1"), cid("General Arturo Valdivia / Comandante Lucio Marín")
    groups = [(0, REB, [cid("Unit 1/2")], 0), (1, GOV, [palace, g4, lead], 0)]
    strict = dict(chance_arms_cache=False)
    assert "attack with group 0" not in Guerilla(4, **strict).arrange(
        groups=groups, hands={0: [cid("Arms Cache")]}).moves()
    assert "attack with group 0" in Guerilla(4, **strict).arrange(
        groups=groups, hands={0: [cid("Ambush")]}).moves()


def test_a_first_attack_counts_the_arms_cache_to_the_end(Guerilla, cid):
    """Reading 7 (l.55: "no chance of success"; l.122: "2) Double the strength of one unit"):
    the Rebel 1 can beat a defence of 10 only doubled (2 + 10 > 10 + 1). The Arms Cache in hand
    counts when the attack is offered and still once it is declared: its target is offered; only
    a second attack (l.122 use 1) spends one Arms Cache before the battle."""
    arms, r1 = cid("Arms Cache"), cid("Unit 4/1")
    zamora = "General Hernán Zamora / Comandante Inés Villalba"          # modifier 0
    t = Guerilla(4).arrange(hands={0: [arms]}, groups=[
        (0, REB, [r1], 0), (1, GOV, [cid(zamora), cid("Unit 5/1"), cid("Unit 5/2")], 0)])
    assert [(g["strengths"], g["commanded"]) for g in t.obs()["groups"] if g["id"] == 1] == [([5, 5], 2)]
    assert "attack with group 0" in t.moves()
    t.do("attack with group 0")
    assert t.moves() == ["group 1"]
    plain = Guerilla(4).arrange(groups=[
        (0, REB, [r1], 0), (1, GOV, [cid(zamora), cid("Unit 5/1"), cid("Unit 5/2")], 0)])
    assert "attack with group 0" not in plain.moves()
