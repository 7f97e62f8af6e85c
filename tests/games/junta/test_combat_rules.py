"""Combat: battle order, joint attacks, steps A-D, the cards played before and during battle,
plunder, promises kept or forfeited and the new Presidente."""
LARS, ANDY, SUSANNE, MATT, EVA = 0, 1, 2, 3, 4


def start(Junta, players=4, pres=LARS, **arrange):
    t = Junta(players, pres=pres, **arrange)
    return t.draw_round().promise_each()


def test_battle_order_presidente_first_then_clockwise(Junta):
    """"If someone attacks the Presidente, that battle is always resolved first. Then, proceeding
    in a clockwise fashion, all Golpistas resolve the battles in which they are the Defender ...
    If more than one Golpista attacks the same player, these attacks happen together and are
    resolved in the same battle." """
    t = start(Junta, 5, pres=SUSANNE, militia=[1, 1, 1, 1, 2])
    # Clockwise from Susanne: Matt, Eva, Lars, Andy.
    t.order(MATT, 1).order(EVA, 2, 3).order(LARS, 2).order(ANDY, 1)
    obs = t.obs()
    assert obs["battle_order"] == [SUSANNE, LARS, ANDY]
    assert obs["battle"]["defender"] == SUSANNE and obs["battle"]["attackers"] == [EVA]
    t.roll(1)                                   # Eva fails against Susanne's 1 + 1
    assert t.obs()["battle"]["defender"] == LARS
    assert t.obs()["battle"]["attackers"] == [ANDY, MATT]    # clockwise from the defender
    assert t.obs()["battle"]["defending_side"] == [LARS]


def test_promises_received_before_golpista_battles(Junta):
    """"If no one attacks the Presidente, all the players immediately receive their Promises --
    before the battles between the Golpistas are carried out." """
    t = start(Junta, militia=[1, 1, 1, 1])
    t.order(ANDY, 4).order(SUSANNE, 3).order(MATT, 4)
    obs = t.obs()
    assert obs["battle"]["defender"] == MATT and t.s.is_chance_node()
    assert [q["promise_size"] for q in obs["seats"]] == [0, 0, 0, 0]
    assert [q["hand_size"] for q in obs["seats"]] == [3, 3, 3, 3]


def test_no_attackers_left_ends_the_battle(Junta):
    """"If an attacker loses all attacking Militia Dice, they're out of the battle. If there are
    no more attackers, the combat ends immediately." Assassination: "Destroy one opposing Militia
    of your choice." """
    t = start(Junta, militia=[1, 1, 1, 1], hands={SUSANNE: ["Assassination"]})
    t.order(ANDY, 3).order(SUSANNE, 3).order(MATT, 4)
    assert t.to_move == SUSANNE and t.moves() == ["done", "Assassination on P2's militia"]
    t.do("Assassination on P2's militia")
    obs = t.obs()
    assert obs["phase"] == "spend money" and not obs["battle"]["rolled"]
    assert obs["seats"][ANDY]["militia"] == 1      # destroyed, then one free in Spend Money
    assert obs["discard_pile"] == {"Assassination": 1}


def test_successful_attack_on_presidente(Junta):
    """"If an attack on the Presidente was successful, the attackers first Plunder by taking a
    card from the Presidente's hand. All (!) players then turn their Promises face up on the
    Discard Pile. No one receives them. After all combat has been resolved, the attacker who
    attacked the Presidente with the highest Personal Combat Value receives the Presidential
    Sunglasses and becomes the new Presidente." """
    t = start(Junta, militia=[1, 2, 2, 1])
    t.order(ANDY, 1, 1).order(SUSANNE, 1, 4).order(MATT, 4)
    t.roll(2, 2, 6)                  # Andy 4, Susanne 6 against Lars's 1 + 1
    assert t.s.action_to_string(t.s.legal_actions()[0]).startswith("P3 plunders")   # Susanne first
    t.chance("plunders Foreign Aid 1")
    t.chance("P2 plunders Foreign Aid 1")
    obs = t.obs()
    assert [q["promise_size"] for q in obs["seats"]] == [0, 0, 0, 0]
    assert obs["discard_pile"] == {"Foreign Aid 1": 3}
    assert [q["hand_size"] for q in obs["seats"]] == [1, 3, 3, 2]
    # Susanne's attack on Matt is fought while Lars is still Presidente.
    assert obs["battle"]["defender"] == MATT and obs["presidente"] == LARS
    assert obs["new_presidente"] == SUSANNE
    t.roll(1, 1)
    assert t.obs()["presidente"] == SUSANNE and t.obs()["phase"] == "spend money"


def test_failed_attack_on_presidente_forfeits_the_attackers_promises(Junta):
    """"If an attack on the Presidente was not successful, all the players who did not attack the
    Presidente, immediately receive their Promises. It makes no difference whether they have
    helped defend the Presidente or not. On the other hand, the attackers must put their Promises
    face up on the Discard Pile." Supporters: "Added to that are the Personal Combat Values of the
    players who have chosen to defend the Presidente." """
    t = start(Junta, militia=[1, 1, 1, 1])
    t.order(ANDY, 1).order(SUSANNE, 6).order(MATT, 4)
    t.roll(2, 3)                       # Susanne 2 (defending side first), Andy 3
    battle = t.obs()["battle"]
    assert (battle["attack_value"], battle["defense_value"]) == (3, 4)
    obs = t.obs()
    assert [q["hand_size"] for q in obs["seats"]] == [3, 2, 3, 3]
    assert obs["discard_pile"] == {"Foreign Aid 1": 1} and obs["presidente"] == LARS


def test_presidente_never_rolls(Junta):
    """"The Presidente may not roll his Militias! Instead, each presidential Militia is treated
    as if it had rolled a 1. So, his Defense Value equals the number of his buildings plus the
    number of his Militias." """
    t = start(Junta, buildings=[2, 1, 1, 1], militia=[4, 1, 1, 1])
    t.order(ANDY, 1).order(SUSANNE, 3).order(MATT, 4)
    assert t.s.action_to_string(t.s.legal_actions()[0]).startswith("P2 rolls")
    t.roll(6)
    assert t.obs()["battle"]["defense_value"] == 6 and not t.obs()["battle"]["attack_won"]


def test_bribery_ignores_presidential_militia(Junta):
    """Bribery: "Play before Combat. Ignore the Presidente's Militias in this Combat. In the Basic
    Game, the Presidente's Militias are not added to his Defense Value." """
    t = start(Junta, militia=[3, 1, 1, 1], hands={ANDY: ["Bribery"]})
    t.order(ANDY, 1).order(SUSANNE, 3).order(MATT, 4)
    assert t.to_move == ANDY and "play Bribery" in t.moves()
    t.do("play Bribery")
    t.roll(2)
    assert t.obs()["battle"]["defense_value"] == 1 and t.obs()["battle"]["attack_won"]


def test_gunboat_for_attacker_and_defender(Junta):
    """Gunboat: "As attacker, you raise your Personal Combat Value by 3. As defender, you raise
    your Defense Value by 3." """
    t = start(Junta, militia=[1, 1, 1, 1], hands={ANDY: ["Gunboat"], SUSANNE: ["Gunboat"]})
    t.order(ANDY, 3).order(SUSANNE, 3).order(MATT, 4)
    assert t.to_move == SUSANNE
    t.do("play Gunboat")
    t.do("play Gunboat")               # Andy, attacking
    t.roll(2, 4)                        # Susanne 2, Andy 4
    battle = t.obs()["battle"]
    assert battle["personal_values"][ANDY] == 7
    assert (battle["attack_value"], battle["defense_value"]) == (7, 2 + 3 + 1)


def test_surprise_attack_only_for_attackers(Junta):
    """Surprise Attack: "Play before Combat, as attacker. Ignore all buildings of the defender in
    this battle." """
    t = start(Junta, buildings=[1, 1, 4, 1], militia=[1, 1, 1, 1],
              hands={ANDY: ["Surprise Attack"], SUSANNE: ["Surprise Attack"]})
    t.order(ANDY, 3).order(SUSANNE, 3).order(MATT, 4)
    assert t.to_move == ANDY                       # Susanne, defending, may not play it
    t.do("play Surprise Attack")
    t.roll(3, 4)
    battle = t.obs()["battle"]
    assert (battle["attack_value"], battle["defense_value"]) == (4, 3) and battle["attack_won"]


def test_peasant_uprising(Junta):
    """Peasant Uprising: "All defending Militias in this Combat have the Value 2. (Don't roll
    them.) ... If the Presidente is attacked, this counts for the Presidente's Militias as well
    ... as well as the Militias of the Golpistas who support the Presidente." """
    t = start(Junta, militia=[2, 3, 1, 1], hands={LARS: ["Peasant Uprising"]})
    t.order(ANDY, 1, 1, 1).order(SUSANNE, 6).order(MATT, 4)
    assert t.to_move == LARS
    t.do("play Peasant Uprising")
    assert t.s.action_to_string(t.s.legal_actions()[0]).startswith("P2 rolls")  # only Andy rolls
    t.roll(3, 3, 2)
    battle = t.obs()["battle"]
    assert (battle["attack_value"], battle["defense_value"]) == (8, 1 + 2 * 2 + 2)


def test_diversionary_tactic(Junta):
    """Diversionary Tactic: "Play immediately after someone has rolled dice. Either one or all of
    the dice must be re-rolled. You can use this on your roll or another player's roll, as long as
    you are both involved in the same battle. ... You can't declare 2 out of 3 dice invalid." """
    t = start(Junta, militia=[1, 3, 1, 1], hands={SUSANNE: ["Diversionary Tactic"]})
    t.order(ANDY, 3, 3, 3).order(SUSANNE, 3).order(MATT, 4)
    t.roll(1, 6, 6, 2)                  # Susanne 1; Andy 6, 6, 2
    assert t.s.phase == "combat: diversionary tactic" and t.to_move == SUSANNE
    assert t.moves() == ["pass", "Diversionary Tactic: P2 re-rolls a 2", "Diversionary Tactic: P2 re-rolls a 6",
                         "Diversionary Tactic: P2 re-rolls all dice", "Diversionary Tactic: P3 re-rolls a 1"]
    t.do("Diversionary Tactic: P2 re-rolls all dice")
    t.roll(1, 1, 2)
    battle = t.obs()["battle"]
    assert (battle["attack_value"], battle["defense_value"]) == (4, 2) and battle["attack_won"]
    assert t.obs()["discard_pile"] == {"Diversionary Tactic": 1}


def test_only_those_in_the_battle_play_cards(Junta):
    """"Anyone not directly involved in Combat as an attacker or defender may not play any cards."
    Students Circulate Petition: "You may not play it." Supercar: "You may never play this card." """
    t = start(Junta, militia=[1, 1, 1, 1], hands={MATT: ["Gunboat"], SUSANNE: ["Students Circulate Petition", "Supercar"]})
    t.order(ANDY, 3).order(SUSANNE, 3).order(MATT, 4)
    # Susanne, the defender, has nothing playable; Matt is not in the battle.
    assert t.s.is_chance_node() and t.obs()["battle"]["defender"] == SUSANNE


def test_supporter_who_loses_all_dice_leaves(Junta):
    """"If a player who is defending the Presidente loses all his defending Militia Dice, he is no
    longer involved in the battle. The cards that player played remain in effect, but he may play
    no further cards during that battle." """
    t = start(Junta, militia=[1, 2, 1, 1], hands={MATT: ["Gunboat", "Gunboat"], ANDY: ["Assassination"]})
    t.order(ANDY, 1, 1).order(SUSANNE, 3).order(MATT, 6)
    t.do("play Gunboat", "done")               # Matt keeps his second Gunboat for later
    t.do("Assassination on P4's militia")
    # Matt holds a Gunboat but is out of the battle: no further card step for him.
    assert t.s.is_chance_node()
    t.roll(3, 3)
    assert t.obs()["battle"]["defense_value"] == 1 + 1 + 3


def test_plunder_order_by_personal_combat_value(Junta):
    """"The attacker who had the highest Personal Combat Value may draw first. ... The rest of the
    attackers follow in the order of their Personal Combat Value." """
    t = start(Junta, 5, militia=[1, 1, 1, 1, 1])
    t.order(ANDY, 5).order(SUSANNE, 5).order(MATT, 5).order(EVA, 5)
    t.roll(1, 2, 6, 4)                  # Eva 1; Andy 2, Susanne 6, Matt 4
    order = []
    while t.s.phase == "combat: plunder":
        order.append(int(t.s.action_to_string(t.s.legal_actions()[0]).split()[0][1:]) - 1)
        t.s.apply_action(t.s.legal_actions()[0])
    assert order == [SUSANNE, MATT, ANDY]


def test_plundered_card_seen_only_by_the_two_players(Junta):
    """Plunder is "taking one card from the defender's hand at random"; "You may not talk about
    what cards you have or which you lost in Combat": only the plunderer and the defender know."""
    t = start(Junta, militia=[1, 1, 1, 1], hands={SUSANNE: ["Yacht"]})
    t.order(ANDY, 3).order(SUSANNE, 3).order(MATT, 4)
    t.roll(1, 6)
    a = next(a for a in t.s.legal_actions() if t.s.action_to_string(a).endswith("Yacht"))
    assert t.s.describe_action(a, LARS) == "P2 plunders a card from P3"
    assert t.s.describe_action(a, SUSANNE) == "P2 plunders Yacht"
    assert t.s.describe_action(a, ANDY) == "you plunder Yacht"      # the plunderer is told "you"
    keys = [t.s.infostate_key(q) for q in range(4)]
    other = t.s.clone()
    t.s.apply_action(a)
    other.apply_action(next(b for b in other.legal_actions() if b != a))
    same = [t.s.infostate_key(q) == other.infostate_key(q) for q in range(4)]
    assert same == [True, False, False, True] and keys != [t.s.infostate_key(q) for q in range(4)]
