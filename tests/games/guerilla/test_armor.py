"""The Armor Column (rules/guerilla.txt l.121; RULES.md reading 19)."""
from partisan.core.games.guerilla.state import GOV, PLACES, REB
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"              # Rebel rating 2, +1
HAND, DISCARD, TABLE = PLACES["hand"], PLACES["discard"], PLACES["table"]


def _play(Guerilla, cid, rebels, hands=None, auto=True, **options):
    """Seat 0 plays an Armor Column; seat 1 holds the Rebel group `rebels` (group 0)."""
    ac = cid("Armor Column")
    hands = dict(hands or {})
    hands[0] = [ac] + hands.get(0, [])
    t = Guerilla(4, auto=auto, **options).arrange(hands=hands,
                                       groups=[(1, REB, [cid(c) for c in rebels], 0)])
    t.do("play Armor Column")
    return t, ac


def test_played_in_b_it_deploys_alone_and_may_attack_at_once(Guerilla, cid):
    """l.121: "Armor Column — Cost: 1 action for any number of attacks ... Elite Government unit.
    Never changes faction. May not combine in a group with other units, leaders or complexes ...
    Duration: Remains in play until eliminated." Reading 19: played in B for one action it
    deploys and may attack at once."""
    t, ac = _play(Guerilla, cid, ["Unit 1/3"], hands={0: [cid("Unit 2/2")]})
    assert t.moves() == ["done", "group 0"] and t.obs()["actions_left"] == 1
    t.do("done")
    g = t.group_of(ac)
    assert g["faction"] == GOV and g["units"] == [ac] and g["owner"] == 0
    assert [o["strengths"] for o in t.obs()["groups"] if o["id"] == g["id"]] == [[4]]
    moves = t.moves()
    # no second attack this turn without an action's worth of a new series; never withdrawn
    # or reinforced
    assert f"withdraw group {g['id']}" not in moves and f"reinforce group {g['id']}" not in moves


def test_a_series_goes_on_while_it_eliminates_and_the_defender_picks_the_unit(Guerilla, cid):
    """l.121: "Attacks a single Rebel unit or Complex at a time. If the attacked unit is with a
    leader, the leader's command modifier is applied. The leader may also take losses. An Armor
    Column may make multiple attacks on the same Rebel group. Must only stop when an attack fails
    to eliminate a defending unit or leader ... If attacking an Infantry Rebel group, the
    defender decides which unit is attacked." Strength 4 (reading 44): 4 + 9 against the 3 with
    the +1 leader and 2: 13 - 6 = 7 takes the 3 and the leader; again against the 2: 4 + 1
    against 2 + 9: the Armor Column loses 6 and is eliminated (4 points to the Rebel)."""
    lead, u3, u2 = cid(LAGOS), cid("Unit 1/3"), cid("Unit 1/2")
    t, ac = _play(Guerilla, cid, [LAGOS, "Unit 1/3", "Unit 1/2"])
    t.do("group 0")
    assert t.s.current_player() == 1
    assert t.moves() == [f"Unit 1/2 (card {u2})", f"Unit 1/3 (card {u3})"]
    t.do(f"Unit 1/3 (card {u3})", "no reaction").roll(9, 2)     # seat 1 does not refuse
    assert t.snap()["battle"]["totals"] == [13, 6]
    assert t.snap()["where"][u3] == DISCARD and t.snap()["where"][lead] == DISCARD
    assert t.obs()["scores"][0] == 3 + (2 + 1)
    assert t.moves() == ["attack again with the Armor Column", "no further attack"] and t.s.current_player() == 0
    t.do("attack again with the Armor Column", "no reaction").roll(1, 9)
    assert t.snap()["battle"]["totals"] == [5, 11]
    assert t.snap()["where"][ac] == DISCARD and t.obs()["scores"][1] == 4
    assert t.obs()["phase"] == "turn" and t.snap()["where"][u2] == TABLE


def test_a_series_stops_when_nothing_is_eliminated(Guerilla, cid):
    """l.121: "Must only stop when an attack fails to eliminate a defending unit or leader": a
    tie (4 + 5 against 3 + 6) ends the series."""
    t, ac = _play(Guerilla, cid, ["Unit 1/3", "Unit 1/2"])
    t.do("group 0", f"Unit 1/3 (card {cid('Unit 1/3')})", "no reaction").roll(5, 6)
    assert t.obs()["phase"] == "turn" and "attack again with the Armor Column" not in t.moves()


def test_the_series_may_stop_after_a_win_by_default(Guerilla, cid):
    """l.121: "An Armor Column may make multiple attacks on the same Rebel group. Must only stop
    when an attack fails to eliminate a defending unit or leader, or until the Rebel group
    refuses combat." Reading 19 (option armor_repeat=may, the default): after 4 + 9 against
    1 + 1 eliminates the 1, its player is asked whether to attack again, and may stop."""
    u1 = cid("Unit 1/1")
    t, ac = _play(Guerilla, cid, ["Unit 1/1", "Unit 1/2"])
    t.do("group 0", f"Unit 1/1 (card {u1})", "no reaction").roll(9, 1)
    assert t.snap()["where"][u1] == DISCARD
    assert t.moves() == ["attack again with the Armor Column", "no further attack"]
    t.do("no further attack")
    assert t.obs()["phase"] == "turn" and t.s.current_player() == 0


def test_option_armor_repeat_must_goes_on_by_itself(Guerilla, cid):
    """l.121: "Must only stop when an attack fails to eliminate a defending unit or leader, or
    until the Rebel group refuses combat." Option armor_repeat=must (reading 19): after a win the
    next attack on the same group follows with no question (here on the one unit left, so
    straight to its reaction window); a tie (4 + 5 against 2 + 7) eliminates nothing and ends
    the series."""
    u1, u2 = cid("Unit 1/1"), cid("Unit 1/2")
    t, ac = _play(Guerilla, cid, ["Unit 1/1", "Unit 1/2"], armor_repeat="must")
    t.do("group 0", f"Unit 1/1 (card {u1})", "no reaction").roll(9, 1)
    assert t.snap()["where"][u1] == DISCARD
    assert "attack again with the Armor Column" not in t.moves() and "no further attack" not in t.moves()
    battle = t.snap()["battle"]
    assert battle["named"] == u2 and battle["attacker"] == t.group_of(ac)["id"]
    assert t.obs()["phase"] == "reaction"
    t.do("no reaction").roll(5, 7)
    assert t.snap()["battle"]["totals"] == [9, 9]
    assert t.snap()["where"][u2] == TABLE and t.obs()["phase"] == "turn" and t.s.current_player() == 0


def test_option_armor_repeat_must_stops_when_the_group_refuses(Guerilla, cid):
    """l.121: "... or until the Rebel group refuses combat. A Rebel group may refuse combat with
    an Armour Column." Under armor_repeat=must the refusal still ends the series: the group goes
    back to hand and the turn resumes."""
    u1, u2 = cid("Unit 1/1"), cid("Unit 1/2")
    t, ac = _play(Guerilla, cid, ["Unit 1/1", "Unit 1/2"], armor_repeat="must")
    t.do("group 0", f"Unit 1/1 (card {u1})", "no reaction").roll(9, 1)
    assert t.s.current_player() == 1 and t.snap()["battle"]["named"] == u2
    t.do("refuse combat with the Armor Column")
    assert t.snap()["where"][u2] == HAND + 1 and t.obs()["phase"] == "turn" and t.s.current_player() == 0


def test_a_later_series_costs_an_action(Guerilla, cid):
    """l.121: "Cost: 1 action for any number of attacks": in a later turn, "attack with" the
    Armor Column begins a new series for one action (reading 19)."""
    t, ac = _play(Guerilla, cid, ["Unit 1/3"])
    t.do("done", "end the turn")
    for _ in range(3):
        t.do("end the turn")
    gid = t.group_of(ac)["id"]
    t.do(f"attack with group {gid}", "group 0")
    assert t.obs()["actions_left"] == 1


def test_the_rebel_group_may_refuse_combat(Guerilla, cid):
    """l.121: "A Rebel group may refuse combat with an Armour Column. The effects are exactly as
    if an Informant card had been played." (l.126: the group retreats; no card is needed.) The
    attacker may not Ambush ("Can only be played on the Armor Column in defence", l.120)."""
    u3 = cid("Unit 1/3")
    t, ac = _play(Guerilla, cid, ["Unit 1/3"], hands={0: [cid("Ambush")]}, auto=False)
    t.do("group 0")
    assert t.moves() == ["no reaction"]                         # the attacker: no Ambush
    t.do("no reaction")
    assert "refuse combat with the Armor Column" in t.moves()
    t.do("refuse combat with the Armor Column")
    assert t.snap()["where"][u3] == HAND + 1 and t.obs()["phase"] == "turn"


def test_a_garrison_refuses_by_becoming_a_group_and_the_complex_cannot(Guerilla, cid):
    """l.121: "If attacking a group containing a complex, the Armor Column must eliminate the
    garrison before attacking the complex. A garrison may refuse combat by becoming a separate
    group. A complex may not refuse combat." The Port (DF 2) alone: 4 + 6 against 2 + 1, captured
    for the Government."""
    port, u3 = cid("Port"), cid("Unit 1/3")
    t, ac = _play(Guerilla, cid, ["Port", "Unit 1/3"], auto=False)
    t.do("group 0", "no reaction", "refuse combat with the Armor Column")
    assert t.group_of(u3)["complex"] == -1 and t.group_of(port)["units"] == []
    while t.moves() == ["no reaction"]:
        t.do("no reaction")
    t.roll(6, 1)
    assert t.group_of(port)["faction"] == GOV and t.group_of(port)["owner"] == 0
    assert t.group_of(ac)["complex"] == -1


def test_the_garrison_goes_before_the_complex(Guerilla, cid):
    """l.121: "the Armor Column must eliminate the garrison before attacking the complex": a
    loss of 8 against the garrison's 3 eliminates the unit but does not capture the complex."""
    port, u3 = cid("Port"), cid("Unit 1/3")
    t, ac = _play(Guerilla, cid, ["Port", "Unit 1/3"])
    t.do("group 0", "no reaction").roll(10, 3)                  # 14 against 3 + 3
    assert t.snap()["where"][u3] == DISCARD and t.group_of(port)["faction"] == REB
    t.do("attack again with the Armor Column").roll(6, 1)                             # then the complex: 10 against 2 + 1
    assert t.group_of(port)["faction"] == GOV


def test_the_defender_picks_one_unit_even_below_a_higher_card(Guerilla, cid):
    """l.121: "Attacks a single Rebel unit or Complex at a time ... If attacking an Infantry
    Rebel group, the defender decides which unit is attacked." One pick, then the reaction
    window: picking the 2 (the lower card id) does not go on to name the 3 as a further defender
    as the attacker of an ordinary battle may (reading 8). 4 + 9 against 2 + 2 takes the 2 only."""
    u3, u2 = cid("Unit 1/3"), cid("Unit 1/2")
    assert u2 < u3
    t, ac = _play(Guerilla, cid, ["Unit 1/3", "Unit 1/2"])
    t.do("group 0", f"Unit 1/2 (card {u2})")
    assert t.snap()["battle"]["named"] == u2
    t.do("no reaction").roll(9, 2)                              # seat 1 does not refuse
    assert t.snap()["battle"]["totals"] == [13, 4]
    assert t.snap()["where"][u2] == DISCARD and t.snap()["where"][u3] == TABLE
