"""The rulebook's three combat examples, with the book's own dice.

Seats clockwise: Lars (P1, blue, Presidente), Andy (P2, red), Susanne (P3, yellow), Matt (P4,
black) -- "To his left sits Andy ... Susanne is next ... Matt, who's sitting to Susanne's left".
"""
LARS, ANDY, SUSANNE, MATT = 0, 1, 2, 3


def test_combat_example_1(Junta):
    """Combat Example 1: "Two of Andy's Militias (red) attack Presidente Lars (blue) who possesses
    1 building and 2 Militias. Matt (black) sends one Militia to Lars's defense. ... Matt plays a
    Gunboat which raises the Combat Value for Presidente Lars by 3. Then Andy can play cards. He
    plays Assassination on Matt's Militia, destroying it ... Matt has no Militia left in the fight,
    and bows out of the combat. The Gunboat he played continues to be in play for Lars however.
    Now Andy rolls his two attacking Militia, rolling a 6 (4+2). ... His Defense Value is 1 for one
    building, plus 2 for his two Militias, and plus 3 for the Gunboat card, totaling 6. That's a
    tie, so the attack is unsuccessful. ... Susanne and Matt may now take their Promises and add
    them to their hand. Andy must discard his Promise." """
    t = Junta(4, pres=LARS, buildings=[1, 1, 1, 1], militia=[2, 2, 1, 1],
              hands={MATT: ["Gunboat"], ANDY: ["Assassination"]})
    t.draw_round().promise_each("Foreign Aid 1")
    t.order(ANDY, 1, 1).order(SUSANNE, 3).order(MATT, 6)
    assert t.obs()["battle_order"] == [LARS]
    # A) Lars has nothing to play before battle; Matt, defending the Presidente, plays Gunboat.
    assert t.to_move == MATT
    t.do("play Gunboat")
    # B) Andy assassinates Matt's militia; Matt bows out.
    assert t.to_move == ANDY
    assert "Assassination on P4's militia" in t.moves() and "Assassination on P1's militia" in t.moves()
    t.do("Assassination on P4's militia")
    battle = t.obs()["battle"]
    assert battle["dice"][MATT]["own"] == 0 and battle["gunboats"] == {MATT: 1}
    # C) Only Andy rolls: the Presidente does not roll, Matt has left.
    assert t.s.is_chance_node() and t.s.action_to_string(t.s.legal_actions()[0]).startswith("P2 rolls")
    t.roll(4, 2)
    battle = t.obs()["battle"]
    assert battle["attack_value"] == 6 and battle["defense_value"] == 6 and not battle["attack_won"]
    # D) No plunder; Susanne and Matt take their promises, Andy's goes to the discard pile.
    obs = t.obs()
    assert obs["phase"] == "spend money" and obs["presidente"] == LARS
    hands = [s["hand_size"] for s in obs["seats"]]
    assert hands == [6 - 3, 1 + 2 - 1, 2 + 1, 1 + 2 - 1 + 1]   # Andy and Matt each played a card
    assert obs["discard_pile"] == {"Foreign Aid 1": 1, "Gunboat": 1, "Assassination": 1}
    # Matt's assassinated militia went to the Supplies; with none left he gets one free.
    assert obs["seats"][MATT]["militia"] == 1 and obs["seats"][LARS]["militia"] == 2


def test_combat_example_2(Junta):
    """Combat Example 2: "Two of Matt's Militias (black) attack Susanne (yellow), who possesses
    3 buildings and has deployed 1 Militia for defense. Neither care to play cards, and they roll
    their Militias. Susanne throws a 4, Matt a 6 and a 3. Matt's Attack Value is 9, Susanne's
    Defense Value is 7. Matt's attack is successful and he Plunders one card from Susanne's
    hand." """
    t = Junta(4, pres=LARS, buildings=[1, 1, 3, 1], militia=[1, 1, 1, 2])
    t.draw_round().promise_each("Foreign Aid 1")
    t.order(ANDY, 2).order(SUSANNE, 3).order(MATT, 3, 3)
    assert t.obs()["battle_order"] == [SUSANNE]
    assert t.s.action_to_string(t.s.legal_actions()[0]).startswith("P3 rolls")   # defender first
    t.roll(4, 6, 3)
    battle = t.obs()["battle"]
    assert (battle["attack_value"], battle["defense_value"]) == (9, 7)
    before = [s["hand_size"] for s in t.obs()["seats"]]
    t.chance("plunders Foreign Aid 2")
    after = [s["hand_size"] for s in t.obs()["seats"]]
    assert after[MATT] == before[MATT] + 1 and after[SUSANNE] == before[SUSANNE] - 1
    assert t.obs()["phase"] == "spend money"


def test_combat_example_3(Junta):
    """Combat Example 3: "Andy attacks Matt with 1 Militia. Susanne sends 2 Militia to Matt's
    estate. Matt has deployed no Militias for his defense. ... Andy rolls a 5, Susanne 2 and 3.
    They each have a Personal Combat Value of 5. Their combined Attack Value is 10. Matt's defense
    is 2, courtesy of his two buildings. The attackers win, 10-2. ... they each roll a die to see
    who goes first. Andy rolls a 2, Susanne a 4. Susanne may draw a card from Matt's hand. Because
    Matt only had one card in his hand, Andy goes home empty-handed."

    Set-up over two rounds: in the first Matt spends every card on his second building and a
    militia; in the second his militia attack the Presidente and fail, so he forfeits his promise
    and holds only the card he drew when Andy and Susanne attack him."""
    t = Junta(4, pres=LARS, militia=[1, 1, 2, 1], hands={LARS: ["Foreign Aid 2"]})
    t.draw_round()
    t.do("promise Foreign Aid 1 to P2", "promise Foreign Aid 1 to P3", "promise Foreign Aid 2 to P4", "done")
    t.defend_all()
    t.do("done", "done", "done")                             # Lars, Andy, Susanne spend nothing
    assert t.to_move == MATT
    t.do("buy a building", "buy a militia", "pay Foreign Aid 2", "pay Foreign Aid 2", "pay Foreign Aid 2", "done")
    assert t.seat(MATT)["buildings"] == 2 and t.seat(MATT)["militia"] == 2 and t.seat(MATT)["hand_size"] == 0
    # Round 2.
    t.draw_round("Foreign Aid 2", pres_name="Foreign Aid 3").promise_each("Foreign Aid 3")
    t.order(ANDY, 4).order(SUSANNE, 4, 4).order(MATT, 1, 1)
    assert t.obs()["battle_order"] == [LARS, MATT]
    t.roll(1, 1)                                             # Matt's 2 against Lars's 1 + 1
    assert t.obs()["presidente"] == LARS and t.seat(MATT)["hand_size"] == 1
    assert t.obs()["battle"]["defender"] == MATT
    t.roll(5, 2, 3)                                          # Andy, then Susanne
    battle = t.obs()["battle"]
    assert battle["personal_values"][ANDY] == battle["personal_values"][SUSANNE] == 5
    assert (battle["attack_value"], battle["defense_value"]) == (10, 2)
    assert t.s.action_to_string(t.s.legal_actions()[0]) == "P2 rolls 1 for plunder order"
    t.chance("rolls 2 for plunder order")
    assert t.s.action_to_string(t.s.legal_actions()[0]) == "P3 rolls 1 for plunder order"
    t.chance("rolls 4 for plunder order")
    andy_before = t.seat(ANDY)["hand_size"]
    t.chance("P3 plunders Foreign Aid 2")
    obs = t.obs()
    assert obs["phase"] == "spend money"
    assert obs["seats"][MATT]["hand_size"] == 0 and obs["seats"][ANDY]["hand_size"] == andy_before
