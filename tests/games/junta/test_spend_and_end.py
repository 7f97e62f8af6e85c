"""Spend Money, Check Number of Cards and the end of the game."""
from partisan.core.game import load_game

LARS, ANDY, SUSANNE, MATT = 0, 1, 2, 3


def to_spending(Junta, **arrange):
    """A first round in which nobody attacks, up to Spend Money."""
    t = Junta(4, **arrange)
    return t.draw_round().promise_each().defend_all()


def test_spending_order_presidente_first(Junta):
    """"The Presidente may go first, and the Golpistas follow in clockwise fashion." """
    t = Junta(4, pres=SUSANNE)
    t.draw_round().promise_each().defend_all()
    seen = []
    while t.s.phase == "spend money":
        seen.append(t.to_move)
        t.do("done")
    assert seen == [SUSANNE, MATT, LARS, ANDY]


def test_free_militia_for_a_player_without_any(Junta):
    """"If someone ends up with no Militias, they now receive 1 new Militia free." """
    t = Junta(4, militia=[1, 1, 1, 0])
    t.draw_round().promise_each().defend_all()
    assert t.s.phase == "spend money" and t.seat(MATT)["militia"] == 1


def test_susanne_spending_example(Junta):
    """"Susanne has 2 Foreign Aid cards totaling 5 million Pesos. She buys 1 building and 1 card,
    paying for the two together by placing the 5 million pesos on the Discard Pile. Her new card
    is a Foreign Aid card worth 3 million pesos. Susanne plays the card immediately, buying 1
    Militia, which only costs 2 million, so Susanne has paid 1 million too much. She may buy no
    more cards and receives no change." """
    t = Junta(4)
    t.draw(*["Foreign Aid 1"] * 6, "Foreign Aid 1", "Foreign Aid 1", "Foreign Aid 2", "Foreign Aid 3",
           "Foreign Aid 2", "Foreign Aid 2")
    t.promise_each()
    # Susanne attacks the Presidente and fails, so her hand is just the 2 + 3 she drew.
    t.order(ANDY, 2).order(SUSANNE, 1).order(MATT, 4).roll(1)
    t.do("done", "done")
    assert t.to_move == SUSANNE and t.seat(SUSANNE, SUSANNE)["hand"] == {"Foreign Aid 2": 1, "Foreign Aid 3": 1}
    t.do("buy a building", "buy a card", "pay Foreign Aid 3", "pay Foreign Aid 2")
    t.chance("draws Foreign Aid 3")
    t.do("buy a militia", "pay Foreign Aid 3")
    seat = t.seat(SUSANNE, SUSANNE)
    assert (seat["buildings"], seat["militia"], seat["hand_size"]) == (2, 2, 0)
    assert t.moves() == ["done"]                 # no second card, and no change to spend


def test_exact_sum_no_change_and_foreign_aid_bought_is_spendable(Junta):
    """"You pay for your purchases by taking cards from your hand with the appropriate value ...
    If you don't have the exact sum, you get no change. You may, however, make more than one
    purchase." "If the new card delivers Foreign Aid, you may immediately spend this money." """
    t = Junta(4, hands={SUSANNE: ["Foreign Aid 3"]})
    t.draw_round("Foreign Aid 1", pres_name="Foreign Aid 2").do(
        "promise Foreign Aid 2 to P2", "promise Foreign Aid 2 to P3", "promise Foreign Aid 2 to P4", "done").defend_all()
    t.do("done", "done")
    assert t.seat(SUSANNE, SUSANNE)["hand"] == {"Foreign Aid 1": 2, "Foreign Aid 2": 1, "Foreign Aid 3": 1}
    t.do("buy a building", "buy a card")
    # Payment goes largest card first; a 2 first could never reach 5 with 1 + 1 behind it.
    assert t.moves() == ["pay Foreign Aid 3"]
    t.do("pay Foreign Aid 3", "pay Foreign Aid 2")
    t.chance("draws Foreign Aid 3")
    assert t.seat(SUSANNE)["buildings"] == 2
    t.do("buy a militia", "pay Foreign Aid 3")            # 1 million too much, no change
    seat = t.seat(SUSANNE, SUSANNE)
    assert seat["militia"] == 2 and seat["hand"] == {"Foreign Aid 1": 2} and seat["money"] == 2
    assert "buy a card" not in t.moves()


def test_purchase_limits(Junta):
    """"Each player may possess at most 4 Militias." "Each player may buy at most 1 card per
    round." Costs: "4 Million Pesos: 1 Building", "2 Million Pesos: 1 Militia", "1 Million Pesos:
    1 Card"."""
    t = Junta(4, militia=[4, 3, 1, 1], hands={LARS: ["Foreign Aid 3", "Foreign Aid 3"]})
    t.draw_round().promise_each().defend_all()
    assert t.to_move == LARS and t.moves() == ["done", "buy a building", "buy a card"]
    t.do("done")
    assert t.to_move == ANDY
    t.do("buy a militia")
    assert "buy a militia" not in t.moves()           # 3 + 1 pending = 4
    t.do("pay Foreign Aid 2")
    assert t.seat(ANDY)["militia"] == 4


def test_party_donation_and_pr_campaign(Junta):
    """"In this Phase, you may play the cards Party Donation and PR Campaign." (Their texts are
    reconstructed, see RULES.md: Party Donation draws 2 cards, PR Campaign gives a free Militia.)"""
    t = Junta(4, hands={LARS: ["Party Donation", "PR Campaign"]})
    t.draw_round().promise_each().defend_all()
    assert t.moves() == ["done", "play Party Donation", "play PR Campaign", "buy a militia", "buy a card"]
    hand = t.seat(LARS)["hand_size"]
    t.do("play Party Donation")
    t.draw("Foreign Aid 3", "Yacht")
    t.do("play PR Campaign")
    assert t.seat(LARS)["hand_size"] == hand - 2 + 2 and t.seat(LARS)["militia"] == 2


def test_check_number_of_cards(Junta):
    """"In this Phase, you may possess at most 4 cards. If you have more than 4 cards in your hand,
    you must discard as many cards as it takes to get you down to 4 ... The limit only applies in
    this Phase." """
    t = Junta(4)
    t.draw_round().do("promise Foreign Aid 1 to P2", "promise Foreign Aid 1 to P3",
                      "promise Foreign Aid 1 to P4", "done")
    assert t.seat(LARS)["hand_size"] == 3
    t.defend_all().finish_spending()
    assert t.s.phase == "draw cards"           # nobody holds more than 4
    t2 = Junta(4, hands={ANDY: ["Gunboat", "Yacht", "Spy"]})
    t2.draw_round().promise_each().defend_all()
    while t2.s.phase != "spend money":
        t2.do("pass")                           # Andy's Spy
    t2.finish_spending()
    assert t2.s.phase == "check number of cards" and t2.to_move == ANDY
    assert t2.seat(ANDY)["hand_size"] == 6
    t2.do("discard Foreign Aid 2", "discard Spy")
    assert t2.s.phase == "draw cards" and t2.seat(ANDY)["hand_size"] == 4
    assert t2.obs()["discard_pile"] == {"Foreign Aid 2": 1, "Spy": 1}


def test_game_ends_after_spend_money_with_5_vp(Junta):
    """"As soon as at least 1 player has 5 or more Victory Points at the end of a Spend Money
    Phase, the game ends. Every building (including the Main House) counts as 1 Victory Point.
    In addition, the Yacht and Super Car each give 1 Victory Point" "You must complete the Spend
    Money Phase. ... When the game ends, the Check Number of Cards Phase does not occur" """
    t = Junta(4, buildings=[3, 1, 1, 4], hands={LARS: ["Yacht", "Supercar", "Foreign Aid 3", "Foreign Aid 3"]})
    t.draw_round().promise_each().defend_all()
    assert t.seat(LARS, LARS)["victory_points"] == 5      # 3 buildings, Yacht, Supercar
    t.do("done")
    assert not t.s.is_terminal()                         # the others still spend
    t.do("done", "done")
    t.do("buy a building", "pay Foreign Aid 2", "pay Foreign Aid 2")
    t.do("done")
    assert t.s.is_terminal()
    obs = t.obs()
    # Both have 5 VP; the tie goes to the most money in hand: Lars has kept 5 + 3 million.
    assert obs["winners"] == [LARS] and t.s.returns() == [1.0, -1.0, -1.0, -1.0]
    assert t.seat(LARS, LARS)["hand_size"] > 4            # no Check Number of Cards


def test_tie_broken_by_money(Junta):
    """"The player with the most Victory Points wins. In case of a tie, the tied player with the
    most money in hand wins." """
    t = Junta(4, buildings=[1, 5, 5, 1], hands={SUSANNE: ["Foreign Aid 3"]})
    t.draw_round().promise_each().defend_all().finish_spending()
    obs = t.obs()
    assert t.s.is_terminal() and obs["winners"] == [SUSANNE]


def test_round_cap_ends_every_game():
    """Partisan's length cap (RULES.md): after `max_rounds` rounds the game is scored as it
    stands, so every game ends."""
    s = load_game("junta", 3, max_rounds=1).new_initial_state(5)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance())
        else:
            acts = s.legal_actions()
            s.apply_action(acts[0])          # always the first move: "done", defend, ...
    obs = s.observation(0)
    assert obs["round"] == 2 and obs["winners"] and sum(s.returns()) < 3


def test_building_spots(Junta):
    """"Take one building from the Supplies and put it on the appropriate space on your Estate."
    An estate has the Main House and five building spaces (RULES.md 20)."""
    t = Junta(4, buildings=[1, 1, 6, 1], hands={SUSANNE: ["Foreign Aid 3", "Foreign Aid 3"]})
    t.draw_round().promise_each().defend_all()
    t.do("done", "done")
    assert t.to_move == SUSANNE and "buy a building" not in t.moves() and "buy a militia" in t.moves()


def test_hands_shown_at_the_end(Junta):
    """"The player with the most Victory Points wins. In case of a tie, the tied player with the
    most money in hand wins": at the end every hand is shown to settle it."""
    t = Junta(4, buildings=[1, 5, 5, 1], hands={SUSANNE: ["Foreign Aid 3", "Yacht"]})
    t.draw_round().promise_each().defend_all().finish_spending()
    seen_by_lars = t.seat(SUSANNE, LARS)
    assert t.s.is_terminal() and seen_by_lars["hand"]["Yacht"] == 1
    assert seen_by_lars["victory_points"] == 6 and seen_by_lars["money"] == 2 + 2 + 1 + 3
