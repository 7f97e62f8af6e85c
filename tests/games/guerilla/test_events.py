"""The event cards (rules/guerilla.txt l.119-l.129) and the reaction windows; the digest's T2."""
from partisan.core.games.guerilla.state import GOV, REB
DURAN = "Coronel Manuel Durán / Capitán Tadeo Salas"                 # rating 2 / 2, -2


def _assassin(Guerilla, cid, bodyguards=()):
    lead = cid(DURAN)
    hands = {0: [cid("Assassin")]}
    for seat, copy in bodyguards:
        hands.setdefault(seat, []).append(cid("Bodyguard", copy))
    t = Guerilla(4, auto=False).arrange(hands=hands, groups=[(1, REB, [lead, cid("Unit 2/2")], 0)])
    t.do("play Assassin")
    assert t.moves() == [f"{DURAN} (card {lead})"] and t.obs()["actions_left"] == 1
    return t.do(f"{DURAN} (card {lead})"), lead


def test_t2_assassin_and_bodyguard(Guerilla, cid):
    """Digest T2. l.123: "The assassin attempts to kill a leader. Roll the die and subtract the
    target leader's command modifier (remember that a double minus is a plus). If the result is
    greater than 5, the leader is dead." l.125: "For each bodyguard played, the assassin must
    make an additional die roll and use the lowest roll." Modifier -2: a 4 kills, a 3 does not;
    with a Bodyguard, rolls 9 and 3 use the 3: no kill."""
    t, lead = _assassin(Guerilla, cid)
    t.do("no reaction", "no reaction", "no reaction", "no reaction").roll(3)
    assert t.snap()["where"][lead] == 8
    t, lead = _assassin(Guerilla, cid)
    t.do("no reaction", "no reaction", "no reaction", "no reaction").roll(4)
    assert t.snap()["where"][lead] == 7
    # points: rating plus modifier, floor 0 (reading 24), to the faction opposed to the victim
    assert t.obs()["scores"][0] == 0 and t.obs()["faction_scores"] == {"Government": 0, "Rebel": 0}
    t, lead = _assassin(Guerilla, cid, bodyguards=[(2, 0)])
    assert t.s.current_player() == 1 and t.moves() == ["no reaction"]
    t.do("no reaction")
    assert t.moves() == ["no reaction", "play Bodyguard"]
    t.do("play Bodyguard", "no reaction", "no reaction", "no reaction", "no reaction").roll(9, 3)
    assert t.snap()["where"][lead] == 8


def test_every_seat_is_asked_in_a_window(Guerilla, cid):
    """Reading 16: every player who might play is asked, with only "no reaction" when he cannot,
    so the question reveals nothing about a hand; the window closes when all have passed in a row."""
    t, lead = _assassin(Guerilla, cid, bodyguards=[(3, 0), (0, 1)])
    asked = []
    while t.s.current_player() >= 0 and t.obs()["phase"] == "reaction":
        asked.append(t.s.current_player())
        t.do("no reaction")
    assert asked == [1, 2, 3, 0] and t.s.is_chance_node()


def _single_defender(Guerilla, cid, **options):
    """A Rebel 4 doubled by an Ambush (8) attacks Durán (2 / 2, -2) with a Government 3 and 1;
    the defender doubles his 3, and the attacker's second Ambush selects the 1 alone; dice 2
    and 9. Returns the table and the cards."""
    r4, g3, g1, lead = cid("Unit 1/4"), cid("Unit 3/3"), cid("Unit 1/1"), cid(DURAN)
    t = Guerilla(4, auto=False, **options).arrange(
        hands={0: [cid("Ambush"), cid("Ambush", 1)], 1: [cid("Ambush", 2)]},
        groups=[(0, REB, [r4], 0), (1, GOV, [lead, g3, g1], 0)])
    t.do("attack with group 0", "group 1", "play Ambush")
    assert set(t.moves()) == {f"Unit 1/4 (card {r4})", f"Unit 3/3 (card {g3})", f"Unit 1/1 (card {g1})"}
    t.do(f"Unit 1/4 (card {r4})")                      # doubled: 8
    assert t.s.current_player() == 1
    t.do("play Ambush", f"Unit 3/3 (card {g3})")       # the defender doubles his 3: 6 + 1 - 2
    assert t.s.current_player() == 2
    t.do("no reaction", "no reaction", "play Ambush")
    # r4 is doubled already: this Ambush names the single defender
    assert t.moves() == [f"Unit 1/1 (card {g1})", f"Unit 3/3 (card {g3})"]
    t.do(f"Unit 1/1 (card {g1})", "no reaction", "no reaction", "no reaction", "no reaction").roll(2, 9)
    return t, r4, g3, g1, lead


def test_ambush_doubles_one_unit_and_the_attacker_may_name_the_single_defender(Guerilla, cid):
    """l.120: "Attacker may use to: 1) double the strength of one unit, or 2) select a single
    unit in the defending group as the only defender. Defender may use to: 1) double the
    strength of a defending unit ... no unit can multiply its strength by more than two."
    The window opens after the attack is declared: the attacker first, then the defender
    (reading 16). l.67: "The defender totals the strength of all defending units ... the group
    leader's command modifier, and a die roll"; reading 17: the selected unit keeps its leader,
    as a unit an Armor Column attacks does (l.121: "If the attacked unit is with a leader, the
    leader's command modifier is applied. The leader may also take losses."). 8 + 2 against
    1 - 2 + 9: the 2 points take the 1 and the leader (the engine once left the modifier out
    and found a tie)."""
    t, r4, g3, g1, lead = _single_defender(Guerilla, cid)
    assert t.obs()["battle"]["totals"] == [10, 8]
    assert t.snap()["where"][g1] == 7 and t.snap()["where"][lead] == 7 and t.snap()["where"][g3] == 8


def test_option_the_ambushs_single_defender_defends_alone(Guerilla, cid):
    """Option ambush_single=alone (reading 17): "select a single unit in the defending group as
    the only defender" (l.120) read as the unit alone, without its leader: 8 + 2 against 1 + 9,
    a tie, no losses (l.68)."""
    t, r4, g3, g1, lead = _single_defender(Guerilla, cid, ambush_single="alone")
    assert t.obs()["battle"] is None or t.obs()["battle"]["totals"] == [10, 10]
    assert t.snap()["where"][g1] == 8 and t.snap()["where"][r4] == 8 and t.snap()["where"][lead] == 8


def test_a_sideways_unit_selected_by_an_ambush_defends_alone(Guerilla, cid):
    """Reading 17 with l.22: "any excess units are turned sideways and do not function as part
    of the group": Durán (rating 2, -2) commands the 3 and the 1; the 2 beyond his rating lies
    sideways. Selected, it defends alone: 4 + 5 against 2 + 6, the
    leader's -2 not counted, and only the 2 can take the loss."""
    r4, g3, g1, g2, lead = cid("Unit 1/4"), cid("Unit 3/3"), cid("Unit 1/1"), cid("Unit 2/1"), cid(DURAN)
    t = Guerilla(4).arrange(hands={0: [cid("Ambush")]},
                            groups=[(0, REB, [r4], 0), (1, GOV, [lead, g3, g1, g2], 0)])
    t.do("attack with group 0", "group 1", "attack all units", "play Ambush", f"Unit 2/1 (card {g2})").roll(5, 6)
    assert t.obs()["battle"]["totals"] == [9, 8] and t.moves() == [f"Unit 2/1 (card {g2})"]
    t.do(f"Unit 2/1 (card {g2})", "done")
    assert t.snap()["where"][g2] == 7 and t.snap()["where"][lead] == 8


def test_the_attackers_ambush_counts_for_a_chance_of_success(Guerilla, cid):
    """The official ruling (rules/GAPS.md; reading 7): the attacker's Ambush counts when judging
    "no chance of success" (l.55). A Rebel 2 (12 at best) against a Government 4 under a +2
    leader with the Palace (DF 5: 12 at worst) may attack only with an Ambush in hand."""
    palace, g4, lead = cid("Presidential Palace"), cid("Unit 4/1"), cid("General Arturo Valdivia / Comandante Lucio Marín")
    groups = [(0, REB, [cid("Unit 1/2")], 0), (1, GOV, [palace, g4, lead], 0)]
    assert "attack with group 0" not in Guerilla(4).arrange(groups=groups).moves()
    assert "attack with group 0" in Guerilla(4).arrange(groups=groups, hands={0: [cid("Ambush")]}).moves()


def test_the_ambush_marker(Guerilla, cid):
    """l.78: "A player may purchase the possibility of a defensive ambush by spending an action
    at any time in his turn. A point of ambush strength is gained for every action spent, to a
    maximum of 3." l.79: "Whenever a group belonging to a player with an ambush marker is
    attacked, he may roll the die. If the die roll is less than or equal to the number on his
    ambush marker, the effects are exactly the same as playing an Ambush card in defence ...
    Each time the ambush marker takes effect, reduce it to the next lower number." """
    g3 = cid("Unit 3/3")
    t = Guerilla(4, auto=False).arrange(active=1, groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [g3], 0)])
    t.do("buy an ambush marker point", "buy an ambush marker point")
    assert t.obs()["ambush_markers"][1] == 2 and t.moves() == ["end the turn"]
    t.do("end the turn", "end the turn", "end the turn")
    t.do("attack with group 0", "group 1", "no reaction")
    assert t.moves() == ["roll your ambush marker", "no reaction"]
    t.do("roll your ambush marker").roll(3)                                # 3 > 2: no effect
    t.do("no reaction", "no reaction", "no reaction", "no reaction")
    assert t.s.is_chance_node()
    t2 = Guerilla(4, auto=False).arrange(active=1, groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [g3], 0)])
    t2.do("buy an ambush marker point", "buy an ambush marker point", "end the turn",
          "end the turn", "end the turn", "attack with group 0", "group 1", "no reaction",
          "roll your ambush marker").roll(2)
    t2.do(f"Unit 3/3 (card {g3})")
    assert t2.obs()["ambush_markers"][1] == 1 and t2.obs()["doubled"] == [f"Unit 3/3 (card {g3})"]


def test_atrocities_and_press_after_a_battle(Guerilla, cid):
    """l.124: "Halves (fractions rounded down) or doubles the point value of any losses
    inflicted in battle. Any player may play immediately after a battle. Only one Atrocities
    and one Press card can be played per battle ... Place the atrocities committed marker in the
    centre of the table after an Atrocity has occurred." Atrocities doubles, Press halves
    (reading 23): a 3-point loss becomes 6, then 3."""
    g3 = cid("Unit 3/3")
    t = Guerilla(4, auto=False).arrange(hands={2: [cid("Atrocities/Press")], 3: [cid("Atrocities/Press", 1)]},
                                        groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [g3], 0)])
    t.do("attack with group 0", "group 1", "no reaction", "no reaction", "no reaction", "no reaction").roll(10, 1)
    assert t.snap()["where"][g3] == 7 and t.obs()["scores"][0] == 3
    t.do("no reaction", "no reaction", "play Atrocities")
    assert t.moves() == ["no reaction", "play Press"]
    t.do("play Press", "no reaction", "no reaction", "no reaction", "no reaction")
    assert t.obs()["scores"][0] == 3 and t.obs()["atrocity"] and t.obs()["phase"] == "turn"
    a = Guerilla(4, auto=False).arrange(hands={2: [cid("Atrocities/Press")]},
                                        groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [g3], 0)])
    a.do("attack with group 0", "group 1", "no reaction", "no reaction", "no reaction", "no reaction").roll(10, 1)
    a.do("no reaction", "no reaction", "play Atrocities", "no reaction", "no reaction", "no reaction", "no reaction")
    assert a.obs()["scores"][0] == 6 and a.obs()["faction_scores"]["Rebel"] == 6


def test_atrocities_and_press_take_their_numbers_from_the_card_data(Guerilla, cid, tmp_path):
    """l.124: "Halves (fractions rounded down) or doubles the point value of any losses": the
    numbers are the card's, in data/cards.toml (`multiplier`, `divisor`), so an owner whose
    cards say otherwise edits the data, not the code. With 3 and 3, a 3-point loss becomes 9
    under Atrocities and 1 under Press; option atrocities=halve swaps which name does which."""
    from pathlib import Path
    import partisan.core.games.guerilla as pkg
    text = (Path(pkg.__file__).parent / "data" / "cards.toml").read_text(encoding="utf-8")
    edited = text.replace('{ kind = "atrocities", multiplier = 2 }', '{ kind = "atrocities", multiplier = 3 }')
    edited = edited.replace('{ kind = "press", divisor = 2 }', '{ kind = "press", divisor = 3 }')
    assert edited.count("= 3 }") >= text.count("= 3 }") + 2
    (tmp_path / "cards.toml").write_text(edited, encoding="utf-8")
    g3 = cid("Unit 3/3")
    for use, options, points in (("play Atrocities", {}, 9), ("play Press", {}, 1),
                                 ("play Atrocities", {"atrocities": "halve"}, 1),
                                 ("play Press", {"atrocities": "halve"}, 9)):
        t = Guerilla(4, auto=False, data=tmp_path, **options).arrange(
            hands={2: [cid("Atrocities/Press")]}, groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [g3], 0)])
        t.do("attack with group 0", "group 1", "no reaction", "no reaction", "no reaction", "no reaction").roll(10, 1)
        assert t.obs()["scores"][0] == 3
        t.do("no reaction", "no reaction", use, "no reaction", "no reaction", "no reaction", "no reaction")
        assert t.obs()["scores"][0] == points, (use, options)


def _asked(t):
    """The seats asked, in order, until the window closes."""
    asked = []
    while t.s.current_player() >= 0 and t.obs()["phase"] == "reaction":
        asked.append(t.s.current_player())
        t.do("no reaction")
    return asked


def test_the_after_battle_window_asks_in_the_battle_windows_order(Guerilla, cid):
    """l.124: "Any player may play immediately after a battle. Only one Atrocities and one
    Press card can be played per battle." Reading 16: "After losses, a second window in the same
    order offers Atrocities and Press": the attacker first, then every other player in turn
    order from the defender. Seat 0 attacks seat 2: both windows ask 0, 2, 3, 1 (the after
    window once asked in plain turn order, 0, 1, 2, 3)."""
    g3 = cid("Unit 3/3")
    t = Guerilla(4, auto=False).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (2, GOV, [g3], 0)])
    t.do("attack with group 0", "group 1")
    assert _asked(t) == [0, 2, 3, 1]
    t.roll(10, 1)
    assert t.snap()["where"][g3] == 7
    assert _asked(t) == [0, 2, 3, 1] and t.obs()["phase"] == "turn"


def test_t1_un_intervention(Guerilla, cid):
    """Digest T1. l.129: "Player on whom the card is played cannot attack or be attacked except
    by assassination/Policia, demolition and propaganda. Can only be played if an Atrocity (not
    a Press) has been played in the current round. Played on any player in the deployment
    phase." l.11: "the UN card (C) could not be played before the Assassin (B) in the same
    turn": after the UN, no Assassin."""
    un, assassin = cid("UN Intervention"), cid("Assassin")
    groups = [(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 3/3")], 0),
              (1, GOV, [cid(DURAN), cid("Unit 2/2")], 0)]
    none = Guerilla(4).arrange(hands={0: [un, assassin]}, groups=groups)
    assert "play UN Intervention" not in none.moves()
    t = Guerilla(4, auto=False).arrange(hands={0: [un, assassin], 2: [cid("Atrocities/Press")]},
                                        groups=groups + [(2, REB, [cid("Unit 1/1")], 0)])
    t.do("attack with group 0", "group 1", "no reaction", "no reaction", "no reaction", "no reaction").roll(10, 1)
    t.do("no reaction", "no reaction", "play Atrocities", "no reaction", "no reaction", "no reaction", "no reaction")
    assert {"play UN Intervention", "play Assassin"} <= set(t.moves())
    t.do("play UN Intervention", "UN Intervention on P2")
    assert t.obs()["un_protects"] == 1 and "play Assassin" not in t.moves()
    t.do("end the turn", "end the turn", "end the turn")
    assert "attack with group 3" not in t.moves()      # seat 1 cannot be attacked


def test_informant_cancels_an_ambush_or_offers_a_retreat(Guerilla, cid):
    """l.126: "Two uses: 1) cancels the effects of an Ambush card, or 2) allows a Rebel group to
    retreat before combat is resolved. Any player can play the informant ... If played on a
    Rebel group, the owner of that group may choose whether to accept it. If a Rebel group
    retreats, the attacker must still pay an action for the attack." """
    g4, r3 = cid("Unit 4/1"), cid("Unit 1/3")
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush")], 2: [cid("Informant")]},
                                        groups=[(0, GOV, [g4], 0), (1, REB, [r3], 0)])
    t.do("attack with group 0", "group 1", "play Ambush", f"Unit 4/1 (card {g4})")
    assert t.obs()["doubled"] == [f"Unit 4/1 (card {g4})"]
    t.do("no reaction")
    assert t.moves() == ["no reaction", "play Informant: cancel the last Ambush", "play Informant: offer a retreat"]
    t.do("play Informant: cancel the last Ambush")
    assert t.obs()["doubled"] == []
    r = Guerilla(4, auto=False).arrange(hands={2: [cid("Informant")]},
                                        groups=[(0, GOV, [g4], 0), (1, REB, [r3], 0)])
    r.do("attack with group 0", "group 1", "no reaction", "no reaction", "play Informant: offer a retreat")
    assert r.s.current_player() == 1 and r.moves() == ["accept the retreat", "refuse the retreat"]
    r.do("accept the retreat")
    assert r.snap()["where"][r3] == 2 and r.obs()["phase"] == "turn"
    assert r.obs()["actions_left"] == 1 and r.obs()["scores"] == [0, 0, 0, 0]


def test_t6_demolition(Guerilla, cid):
    """Digest T6. l.122: "Make a demolition attack on a complex. Use by Rebel groups only. A
    demolition attack on a complex costs one action. Can only be made against Government
    complexes. Attack total is six plus a die roll, defence total is complex DF plus a die roll.
    A complex's garrison does not defend against demolition attacks. Damage done is equal to the
    difference if attack is greater. If cumulative damage exceeds complex DF, it is destroyed."
    Against DF 3: 14 against 5 destroys it (its VP, 4, to the Rebels: l.112); 7 against 8 does
    nothing."""
    policia, arms = cid("Policia"), cid("Arms Cache")               # DF 3, VP 4
    setup = dict(hands={0: [arms]}, groups=[(0, REB, [cid("Unit 1/1")], 0),
                                            (1, GOV, [policia, cid("Unit 4/4")], 0)])
    assert "play Arms Cache" not in Guerilla(4).arrange(hands={0: [arms]}, groups=setup["groups"][1:]).moves()
    t = Guerilla(4).arrange(**setup)
    t.do("play Arms Cache", "group 1").roll(8, 2)
    assert t.snap()["where"][policia] == 7 and t.obs()["scores"][0] == 4
    assert t.obs()["faction_scores"]["Rebel"] == 4 and t.obs()["actions_left"] == 1
    assert t.group_of(cid("Unit 4/4"))["faction"] == GOV               # the garrison stays
    n = Guerilla(4).arrange(**setup)
    n.do("play Arms Cache", "group 1").roll(1, 5)
    assert n.group_of(policia)["damage"] == 0 and n.obs()["scores"][0] == 0
