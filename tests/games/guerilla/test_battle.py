"""Attacks (rules/guerilla.txt l.50-l.76): legality, strengths, resolution, losses and the
capture of a complex; the digest's T3 and T4 with their own numbers."""
from partisan.core.games.guerilla.state import GOV, REB

CIFUENTES = "Coronel Ramiro Cifuentes / Capitán Andrés Paredes"     # Rebel rating 2, +1
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2, +1
ZAMORA = "General Hernán Zamora / Comandante Inés Villalba"          # rating 3 / 3, 0
VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"        # Government 3, +2
GALLARDO = "Teniente Raúl Gallardo / Teniente Martín Vega"           # rating 1 / 1, 0


def test_t3_attack_kills_the_garrison_and_captures_the_complex(Guerilla, cid):
    """Digest T3. l.67: "total the strength of all attacking units, add the group leader's
    command modifier and a die roll ... The defender totals the strength of all defending
    units, the DF of any complex, the group leader's command modifier, and a die roll."
    l.75: "Units and leaders garrisoning a complex must be the first to take losses when
    attacked. Whenever a complex would be required to take losses, it is instead captured by
    the attacking group." Rebels 3 + 2 with a leader (rating 2, +1) and a 7: 13; an Airfield
    (DF 3) with a Government 2 and a 4: 9. The 4 points kill the unit (2 points to the Rebel
    attacker) and capture the complex."""
    leader, r3, r2 = cid(CIFUENTES), cid("Unit 1/3"), cid("Unit 1/2")
    airfield, g2 = cid("Airfield"), cid("Unit 2/1")
    t = Guerilla(4).arrange(groups=[(0, REB, [leader, r3, r2], 0), (1, GOV, [airfield, g2], 0)])
    t.do("attack with group 0", "group 1").roll(7, 4)
    assert t.obs()["battle"]["totals"] == [13, 9]
    assert t.snap()["where"][g2] == 7                  # on the discard pile
    assert t.obs()["scores"][0] == 2 and t.obs()["faction_scores"] == {"Government": 0, "Rebel": 2}
    captured = t.group_of(airfield)
    assert (captured["owner"], captured["faction"]) == (0, REB)
    # "The attacking group may immediately assign a unit and/or a leader to become its garrison."
    assert set(t.moves()) == {"done", f"Unit 1/3 (card {r3})", f"Unit 1/2 (card {r2})",
                              f"{CIFUENTES} (card {leader})"}
    t.do(f"Unit 1/2 (card {r2})", "done")
    assert t.group_of(airfield)["units"] == [r2]
    assert t.obs()["phase"] == "turn"


def test_t4_losses_are_a_minimal_set_by_printed_strength(Guerilla, cid, pick_sets):
    """Digest T4. l.68: "The player with the lowest total must eliminate units of his choice with
    a combined strength at least equal to the difference in the totals ... A leader can be
    eliminated to fulfil one point of required losses." l.71: "A player cannot choose to
    eliminate more units than is necessary to meet his losses." A loss of 3 against units
    2, 2, 1 (and a leader worth 1): {2, 2} and {2, 1} are legal, {2, 2, 1} is not."""
    att = [cid(LAGOS), cid("Unit 1/4"), cid("Unit 1/4", 1)]            # Rebel 4 + 4 + 1 = 9
    g2a, g2b, g1, lead = cid("Unit 2/2"), cid("Unit 2/3"), cid("Unit 1/1"), cid(ZAMORA)
    t = Guerilla(4).arrange(groups=[(0, REB, att, 0), (1, GOV, [lead, g2a, g2b, g1], 0)])
    t.do("attack with group 0", "group 1").roll(4, 5)                  # 13 against 10
    assert t.s.current_player() == 1
    sets = pick_sets(t.s)
    assert frozenset({g2a, g2b}) in sets and frozenset({g2a, g1}) in sets
    assert frozenset({g2a, g2b, g1}) not in sets
    value = {g2a: 2, g2b: 2, g1: 1, lead: 1}
    for chosen in sets:
        total = sum(value[c] for c in chosen)
        assert total >= 3 and all(total - value[c] < 3 for c in chosen)
    assert sets == {frozenset(x) for x in ({g2a, g2b}, {g2a, g1}, {g2b, g1}, {g2a, lead}, {g2b, lead})}


def test_no_attack_without_a_chance_of_success(Guerilla, cid):
    """l.55: "An attack cannot be made if it has no chance of success." A Rebel 1 (at best
    1 + 10 = 11) cannot attack the Palace (DF 5) held by a Government 4 under a +2 leader
    (at worst 5 + 4 + 2 + 1 = 12); a Rebel 3 (13) can."""
    palace, g4, lead = cid("Presidential Palace"), cid("Unit 4/1"), cid(VALDIVIA)
    weak = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 2/1")], 0), (1, GOV, [palace, g4, lead], 0)])
    assert "attack with group 0" not in weak.moves()
    strong = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/3")], 0), (1, GOV, [palace, g4, lead], 0)])
    assert "attack with group 0" in strong.moves()


def test_targets_are_of_the_other_faction_and_another_player(Guerilla, cid):
    """l.53-l.54: "Rebels must attack Government forces and vice versa. A player may never
    attack one of his own groups." """
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (0, GOV, [cid("Unit 1/1")], 0),
                                    (1, REB, [cid("Unit 1/1", 1)], 0), (2, GOV, [cid("Unit 1/1", 2)], 0)])
    t.do("attack with group 0")
    assert t.moves() == ["group 3"]


def test_a_group_attacks_once_a_turn(Guerilla, cid):
    """l.52: "Each group can attack once in a turn. The same group can be attacked more than once.
    Each attack costs one action." A tie (l.68: "If the totals are tied there are no losses")
    leaves both groups whole."""
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (0, REB, [cid("Unit 1/4", 1)], 0),
                                    (1, GOV, [cid("Unit 4/1")], 0)])
    t.do("attack with group 0", "group 2").roll(5, 5)
    assert len(t.snap()["groups"]) == 3 and t.obs()["actions_left"] == 1
    assert "attack with group 0" not in t.moves() and "attack with group 1" in t.moves()
    t.do("attack with group 1", "group 2").roll(5, 5)
    assert t.moves() == ["end the turn"]


def test_leaderless_attacker_and_defender_choose_single_units(Guerilla, cid):
    """l.58: "Only one unit (owner chooses which) in a leaderless group can attack each turn.
    When attacking a leaderless group, the attacker decides which unit(s) will defend."
    (RULES.md reading 8: naming one unit and then "done" is the single defender.)"""
    r4, r1 = cid("Unit 1/4"), cid("Unit 2/1")
    g1, g3 = cid("Unit 1/1"), cid("Unit 3/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [r4, r1], 0), (1, GOV, [g1, g3], 0)])
    t.do("attack with group 0")
    assert set(t.moves()) == {f"Unit 1/4 (card {r4})", f"Unit 2/1 (card {r1})"}
    t.do(f"Unit 1/4 (card {r4})", "group 1")
    assert set(t.moves()) == {f"Unit 1/1 (card {g1})", f"Unit 3/3 (card {g3})"}
    t.do(f"Unit 1/1 (card {g1})", "done").roll(3, 2)   # 4 + 3 against 1 + 2: a loss of 4
    assert t.snap()["where"][g1] == 7 and t.snap()["where"][g3] == 8    # only the named unit


def test_sideways_units_and_the_attack_modes(Guerilla, cid):
    """l.22: "When a group contains more units than its leader's command rating, any excess
    units are turned sideways and do not function as part of the group." l.60-l.63: "the
    attacker may choose to attack: only the sideways unit out of command control; the units
    under command control; or all units in the group." l.64: "only the units under attack can
    defend and take losses." """
    lead, g3, g2 = cid(GALLARDO), cid("Unit 3/3"), cid("Unit 2/1")      # rating 1: g2 sideways
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [lead, g3, g2], 0)])
    t.do("attack with group 0", "group 1")
    assert set(t.moves()) == {"attack the sideways units", "attack the commanded units", "attack all units"}
    t.do("attack the sideways units").roll(6, 1)       # 4 + 6 against 2 + 1
    assert t.snap()["where"][g2] == 7 and t.group_of(lead)["units"] == [g3]


def test_a_leader_left_alone_is_eliminated(Guerilla, cid):
    """l.70: "Any leader left alone after losses are taken is eliminated." The leader scores
    his rating plus modifier (l.111)."""
    lead, g3 = cid(VALDIVIA), cid("Unit 3/3")          # Government rating 3, +2: 5 points
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [lead, g3], 0)])
    t.do("attack with group 0", "group 1").roll(10, 1)  # 4 + 10 against 3 + 2 + 1: a loss of 8
    assert t.snap()["where"][g3] == 7 and t.snap()["where"][lead] == 7
    assert t.obs()["scores"][0] == 3 + 5


def test_a_losing_attacker_takes_the_losses(Guerilla, cid):
    """l.68: "The player with the lowest total must eliminate units of his choice" -- the attacker
    too; the victor decides nothing but scores (l.106)."""
    r1 = cid("Unit 2/1")
    t = Guerilla(4).arrange(groups=[(0, REB, [r1], 0), (1, GOV, [cid("Unit 3/3")], 0)])
    t.do("attack with group 0", "group 1").roll(1, 9)
    assert t.snap()["where"][r1] == 7 and t.obs()["scores"][1] == 1
    assert t.obs()["faction_scores"]["Government"] == 1


def test_identical_units_offered_once_as_garrison(Guerilla, cid):
    """l.75: "The attacking group may immediately assign a unit and/or a leader to become its
    garrison." Two copies of one unit in the attacking group differ in nothing: the menu offers
    the kind once."""
    leader, a, b = cid(CIFUENTES), cid("Unit 1/3"), cid("Unit 1/3", 1)
    airfield, g2 = cid("Airfield"), cid("Unit 2/1")
    t = Guerilla(4).arrange(groups=[(0, REB, [leader, a, b], 0), (1, GOV, [airfield, g2], 0)])
    t.do("attack with group 0", "group 1").roll(7, 1)
    assert t.group_of(airfield)["owner"] == 0
    assert set(t.moves()) == {"done", f"Unit 1/3 (card {a})", f"{CIFUENTES} (card {leader})"}
    t.do(f"Unit 1/3 (card {a})")
    assert t.group_of(airfield)["units"] == [a] and b in t.group_of(leader)["units"]
