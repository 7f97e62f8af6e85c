"""Air Assault's combined attack and the Armor Column's joint attack (rules/guerilla.txt l.119,
l.121; RULES.md readings 19 and 20)."""
from partisan.core.games.guerilla.state import GOV, PLACES, REB
HAND, DISCARD, TABLE = PLACES["hand"], PLACES["discard"], PLACES["table"]
VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"      # Government rating 3, +2
ALVEAR = "Capitán Diego Alvear / Teniente Pablo Ochoa"              # Government rating 2, -1
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"              # Rebel rating 2, +1


def _table(Guerilla, cid, first, second, rebels=(LAGOS, "Unit 1/4", "Unit 2/3"), hand=(),
           auto=True, **options):
    """Seat 0 holds an Air Assault and the Government groups 0 and 1; seat 1 the Rebel group 2
    (by default Lagos +1 with a 4 and a 3: defence 8). A name given twice takes the next copy,
    the groups' first."""
    aa = cid("Air Assault")
    copies = {}

    def card(name):
        copies[name] = copies.get(name, -1) + 1
        return cid(name, copies[name])

    groups = [(0, GOV, [card(c) for c in first], 0), (0, GOV, [card(c) for c in second], 0),
              (1, REB, [card(c) for c in rebels], 0)]
    t = Guerilla(4, auto=auto, **options).arrange(hands={0: [aa] + [card(c) for c in hand]},
                                                  groups=groups)
    return t, aa


def _move(t, card):
    """The move naming a card."""
    return next(m for m in t.moves() if m.endswith(f"(card {card})"))


def test_two_groups_combine_their_strength_and_the_lowest_modifier_applies(Guerilla, cid):
    """l.119: "Three options: ... 2) Combine the strength of two deployed groups for a single
    attack ... Use by Government groups only ... In combined strength attacks, if both groups
    have leaders, only the lowest command modifier applies." Valdivia (+2) with a 2 and Alvear
    (-1) with a 3 and a 1: 2 + 3 + 1 - 1 = 5, + 9 against Lagos' 4 + 3 + 1 + 2: 14 against 10.
    Reading 20: the card's one action covers the attack; both groups have made their attack
    for the turn (l.52)."""
    t, aa = _table(Guerilla, cid, [VALDIVIA, "Unit 2/2"], [ALVEAR, "Unit 3/1", "Unit 1/1"])
    t.do("play Air Assault")
    assert t.moves() == ["combine group 0 with another"]
    t.do("combine group 0 with another")
    assert t.obs()["phase"] == "air assault: combine with"
    assert t.moves() == ["combine with group 1"]
    t.do("combine with group 1")
    assert t.moves() == ["group 2"]
    assert t.obs()["battle"]["with"] == 1
    t.do("group 2").roll(9, 2)
    assert t.snap()["battle"]["totals"] == [14, 10]
    assert t.snap()["where"][aa] == DISCARD and t.obs()["actions_left"] == 1
    attacked = {g["id"]: g["attacked"] for g in t.snap()["groups"]}
    assert attacked[0] and attacked[1]


def test_with_one_leader_his_modifier_counts_only_when_negative(Guerilla, cid):
    """l.119: "If only one group has a leader, his command modifier is not applied unless it is
    negative." Valdivia's +2 is dropped: 2 + 3 + 5 = 10; Alvear's -1 stays: 2 + 3 - 1 + 5 = 9
    (both against 8 + 1)."""
    for leader, total in ((VALDIVIA, 10), (ALVEAR, 9)):
        t, _ = _table(Guerilla, cid, [leader, "Unit 2/2"], ["Unit 3/1"])
        t.do("play Air Assault", "combine group 0 with another", "combine with group 1",
             "group 2").roll(5, 1)
        assert t.snap()["battle"]["totals"] == [total, 9], leader


def test_a_leaderless_group_attacks_with_one_unit_its_owner_chooses(Guerilla, cid):
    """l.58: "Only one unit (owner chooses which) in a leaderless group can attack each turn"; a
    leaderless group combined by an Air Assault (l.119) adds that one unit. No leader: no
    modifier. The 4 chosen of 3 and 4, with the other group's 2: 6 + 7 against 8 + 3."""
    u3, u4 = cid("Unit 3/1"), cid("Unit 4/1")
    t, _ = _table(Guerilla, cid, ["Unit 2/2"], ["Unit 3/1", "Unit 4/1"])
    t.do("play Air Assault", "combine group 0 with another", "combine with group 1")
    assert t.obs()["phase"] == "attacking unit"
    assert t.moves() == [f"Unit 3/1 (card {u3})", f"Unit 4/1 (card {u4})"]
    t.do(f"Unit 4/1 (card {u4})", "group 2").roll(7, 3)
    assert t.snap()["battle"]["totals"] == [13, 11]


def test_the_losing_attacker_takes_losses_from_both_groups(Guerilla, cid):
    """l.68-l.71: "The player with the lowest total must eliminate units of his choice with a
    combined strength at least equal to the difference ... A leader can be eliminated to fulfil
    one point of required losses ... Any leader left alone after losses are taken is eliminated."
    In a combined attack the attacking units of both groups are under attack (l.119). Alvear
    (-1) with a 1, and a 2: 1 + 2 - 1 + 8 = 10 against 8 + 4 = 12: a loss of 2 is the 2 of
    one group, or the 1 of the other with its leader, left alone."""
    alvear, u1, u2 = cid(ALVEAR), cid("Unit 1/4"), cid("Unit 2/2")
    t, _ = _table(Guerilla, cid, [ALVEAR, "Unit 1/4"], ["Unit 2/2"],
                  rebels=(LAGOS, "Unit 1/4", "Unit 2/3"))
    t.do("play Air Assault", "combine group 0 with another", "combine with group 1",
         "group 2").roll(8, 4)
    assert t.snap()["battle"]["totals"] == [10, 12] and t.s.current_player() == 0
    assert t.obs()["phase"] == "losses"
    moves = t.moves()
    assert f"Unit 2/2 (card {u2})" in moves and f"Unit 1/4 (card {u1})" in moves
    for c in sorted([u1, alvear]):                     # equal printed values: by card id
        t.do(_move(t, c))
    t.do("done")
    assert t.snap()["where"][u1] == DISCARD and t.snap()["where"][alvear] == DISCARD
    assert t.snap()["where"][u2] == TABLE
    assert t.obs()["scores"][1] == 1 + (2 - 1)


def test_the_loss_sets_span_both_groups(Guerilla, cid, pick_sets):
    """l.71: "A player cannot choose to eliminate more units than is necessary to meet his
    losses." The minimal sets of the combined attack's cards for a loss of 2 (the position
    above): the 2 alone, or the 1 with Alvear."""
    alvear, u1, u2 = cid(ALVEAR), cid("Unit 1/4"), cid("Unit 2/2")
    t, _ = _table(Guerilla, cid, [ALVEAR, "Unit 1/4"], ["Unit 2/2"])
    t.do("play Air Assault", "combine group 0 with another", "combine with group 1",
         "group 2").roll(8, 4)
    assert pick_sets(t.s) == {frozenset({u2}), frozenset({u1, alvear})}


def test_the_armor_column_joins_an_infantry_group_for_one_attack(Guerilla, cid):
    """l.121: "May not combine in a group with other units, leaders or complexes. The only
    exception is when an Air Assault card is played. Then the Armor may combine with an infantry
    group to make one attack. Rebels may not refuse an Armor/Air Assault without playing an
    Informant card." Reading 19: the joint attack is an infantry attack on the whole group (no
    single unit chosen by the defender, no series), and the defender has no free refusal. The
    Armor Column's 4 and Valdivia's 2 (his +2 dropped, l.119): 6 + 6 against 8 + 2."""
    ac = cid("Armor Column")
    t, _ = _table(Guerilla, cid, ["Armor Column"], [VALDIVIA, "Unit 2/2"], auto=False)
    t.do("play Air Assault", "combine group 0 with another", "combine with group 1")
    battle = t.obs()["battle"]
    assert (battle["attacker"], battle["with"]) == (1, 0)     # the Armor Column second
    t.do("group 2")
    assert t.obs()["phase"] == "reaction"
    t.do("no reaction")                                         # the attacker
    assert t.s.current_player() == 1 and t.moves() == ["no reaction"]   # no refusal without a card
    t.do("no reaction", "no reaction", "no reaction").roll(6, 2)
    assert t.snap()["battle"]["totals"] == [12, 10] and t.snap()["battle"]["mode"] == 1
    assert t.obs()["phase"] == "losses" and t.s.current_player() == 1
    assert t.snap()["where"][ac] == TABLE


def test_an_informant_still_offers_the_rebels_a_retreat(Guerilla, cid):
    """l.121: "Rebels may not refuse an Armor/Air Assault without playing an Informant card";
    l.126: the Informant "allows a Rebel group to retreat before combat is resolved"."""
    t = Guerilla(4, auto=False).arrange(
        hands={0: [cid("Air Assault")], 1: [cid("Informant")]},
        groups=[(0, GOV, [cid("Armor Column")], 0), (0, GOV, [cid(VALDIVIA), cid("Unit 2/2")], 0),
                (1, REB, [cid(LAGOS), cid("Unit 1/4"), cid("Unit 2/3")], 0)])
    t.do("play Air Assault", "combine group 0 with another", "combine with group 1", "group 2",
         "no reaction")
    assert t.moves() == ["no reaction", "play Informant: offer a retreat"]
    t.do("play Informant: offer a retreat", "accept the retreat")
    assert t.snap()["where"][cid(LAGOS)] == HAND + 1 and t.obs()["phase"] == "turn"


def test_the_attackers_ambush_doubles_infantry_never_the_armor_column(Guerilla, cid):
    """l.120: the Ambush "Can only be played on the Armor Column in defence." Reading 19: in the
    joint attack the attacker's Ambush may double an infantry unit, not the Armor Column."""
    ac, u2 = cid("Armor Column"), cid("Unit 2/2")
    t, _ = _table(Guerilla, cid, ["Armor Column"], [VALDIVIA, "Unit 2/2"], hand=["Ambush"],
                  auto=False)
    t.do("play Air Assault", "combine group 0 with another", "combine with group 1", "group 2")
    assert "play Ambush" in t.moves()
    t.do("play Ambush")
    moves = t.moves()
    assert f"Unit 2/2 (card {u2})" in moves and f"Armor Column (card {ac})" not in moves


def test_an_armor_column_deployed_this_turn_cannot_combine(Guerilla, cid):
    """l.119: "A group can be deployed and make a combined attack in the same turn only by
    playing two air assault cards." An Armor Column deployed by its own card this turn waits
    for the next turn to join an Air Assault's attack."""
    aa = cid("Air Assault")
    t = Guerilla(4).arrange(hands={0: [cid("Armor Column"), aa]},
                            groups=[(0, GOV, [cid(VALDIVIA), cid("Unit 2/2")], 0),
                                    (1, REB, [cid(LAGOS), cid("Unit 1/4"), cid("Unit 2/3")], 0)])
    t.do("play Armor Column", "done")
    assert "play Air Assault" not in t.moves()
    for _ in range(4):
        t.do("end the turn")
    assert t.s.current_player() == 0
    t.do("play Air Assault")
    assert t.moves() == ["combine group 0 with another"]


def test_deploying_and_combining_takes_two_cards(Guerilla, cid):
    """l.119: "1) Deploy units or a whole group from hand in the attack phase and attack ... A
    group can be deployed and make a combined attack in the same turn only by playing two air
    assault cards." The new 4 (one card) may attack alone, or with a second card join Valdivia's
    2 (his +2 dropped): 6 + 5 against 8 + 1; the two cards spend both actions."""
    aa1, aa2, g4 = cid("Air Assault"), cid("Air Assault", 1), cid("Unit 4/1")
    t = Guerilla(4).arrange(hands={0: [aa1, aa2, g4]},
                            groups=[(0, GOV, [cid(VALDIVIA), cid("Unit 2/2")], 0),
                                    (1, REB, [cid(LAGOS), cid("Unit 1/4"), cid("Unit 2/3")], 0)])
    t.do("play Air Assault", "deploy a new group", "Unit 4/1", "done", "Government")
    assert t.obs()["phase"] == "air assault: combine with"
    assert t.moves() == ["attack alone", "combine with group 0"]
    t.do("combine with group 0", "group 1").roll(5, 1)
    assert t.snap()["battle"]["totals"] == [11, 9]
    assert t.snap()["where"][aa1] == DISCARD and t.snap()["where"][aa2] == DISCARD
    assert t.obs()["actions_left"] == 0


def test_with_one_card_the_new_group_attacks_alone(Guerilla, cid):
    """l.119: with a single Air Assault the deployed group attacks alone (option 1). The player
    is asked all the same (only "attack alone"), so the question reveals nothing of his hand."""
    t = Guerilla(4).arrange(hands={0: [cid("Air Assault"), cid("Unit 4/1")]},
                            groups=[(0, GOV, [cid(VALDIVIA), cid("Unit 2/2")], 0),
                                    (1, REB, [cid(LAGOS), cid("Unit 1/4"), cid("Unit 2/3")], 0)])
    t.do("play Air Assault", "deploy a new group", "Unit 4/1", "done", "Government")
    assert t.moves() == ["attack alone"]
    t.do("attack alone")
    assert t.obs()["phase"] == "target" and t.obs()["battle"]["with"] == -1


def test_a_captured_complex_takes_its_garrison_from_either_group(Guerilla, cid):
    """l.75: "Whenever a complex would be required to take losses, it is instead captured by the
    attacking group ... The attacking group may immediately assign a unit and/or a leader to
    become its garrison." Reading 20: in a combined attack from either group (never the Armor
    Column, l.121)."""
    port, lead, u2, u3 = cid("Port"), cid(VALDIVIA), cid("Unit 2/2"), cid("Unit 3/1")
    t = Guerilla(4).arrange(hands={0: [cid("Air Assault")]},
                            groups=[(0, GOV, [lead, u2, cid("Unit 1/1")], 0), (0, GOV, [u3], 0),
                                    (1, REB, [port], 0)])
    t.do("play Air Assault", "combine group 0 with another", "combine with group 1",
         "group 2").roll(10, 1)
    assert t.obs()["phase"] == "garrison" and t.group_of(port)["faction"] == GOV
    moves = t.moves()
    assert f"Unit 3/1 (card {u3})" in moves and f"{VALDIVIA} (card {lead})" in moves
    t.do(f"Unit 3/1 (card {u3})", "done")
    assert t.group_of(port)["units"] == [u3] and t.group_of(port)["owner"] == 0


def test_an_isolated_group_combines_only_against_its_cutter(Guerilla, cid):
    """l.128: "An isolated group may only attack the group cutting its supply. Each unit in an
    isolated group has its attack strength halved (fractions rounded down) ... modifies all
    attack and defence die rolls made for that group." Reading 20: combined, the pair attacks
    only the cutter, the isolated units halved, the larger isolation modifier on the one die.
    The isolated 3 (halved: 1) and Valdivia's 2 (+2 dropped), at isolation 1: 3 + 6 - 1."""
    sc, g3, r3 = cid("Supply Cut"), cid("Unit 3/1"), cid("Unit 1/3")
    t = Guerilla(4).arrange(hands={1: [sc], 0: [cid("Air Assault")]}, active=1,
                            groups=[(0, GOV, [g3], 0), (0, GOV, [cid(VALDIVIA), cid("Unit 2/2")], 0),
                                    (1, REB, [r3], 0), (1, REB, [cid("Unit 1/4")], 0)])
    t.do("play Supply Cut", "group 2", "group 0")
    for _ in range(7):                                 # the marker comes at seat 0's turn end
        t.do("end the turn")
    assert t.group_of(g3)["isolation"] == 1 and t.s.current_player() == 0
    t.do("play Air Assault", "combine group 0 with another", "combine with group 1")
    assert t.moves() == ["group 2"]
    t.do("group 2").roll(6, 5)
    assert t.snap()["battle"]["totals"] == [1 + 2 + 6 - 1, 3 + 5]
