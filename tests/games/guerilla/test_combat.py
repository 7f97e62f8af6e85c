"""The combat and turn rules added to the first registration (rules/guerilla.txt l.16-l.26,
l.45-l.76, l.117, l.129, l.134): several defenders of a leaderless group, the victor's order of
the eliminated cards, the sortie, partial withdrawal and rearranging, attacking the UN card,
the Barracks and several rounds."""
import pytest

from partisan.core.games.guerilla.state import GOV, MERC, PLACES, REB
from tests.games.guerilla.conftest import un_on_seat_1

VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"        # Government 3, +2
GALLARDO = "Teniente Raúl Gallardo / Teniente Martín Vega"           # rating 1 / 1, 0


def _card(t, c):
    return f"{t.s.deck.types[t.s.deck.cards[c]].name} (card {c})"


def test_the_attacker_names_several_defenders_of_a_leaderless_group(Guerilla, cid):
    """l.58: "When attacking a leaderless group, the attacker decides which unit(s) will defend."
    l.57: "A leader is necessary to combine the strength of units in the same group in attack or
    defence." l.64: "only the units under attack can defend and take losses." (RULES.md reading
    8: the named units do not combine, the strongest defends.) A Rebel 4 and an 8 (12) against
    a Government 2 and 1 named, with a 2 (2 + 2 = 4): a loss of 8 takes both named units
    (3 points), and the unnamed 3 stays."""
    r4 = cid("Unit 1/4")
    g2, g1, g3 = cid("Unit 2/1"), cid("Unit 1/1"), cid("Unit 3/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [r4], 0), (1, GOV, [g2, g1, g3], 0)])
    t.do("attack with group 0", "group 1")
    assert set(t.moves()) == {_card(t, c) for c in (g2, g1, g3)}
    first, second = sorted((g2, g1))
    t.do(_card(t, first))
    # any order: every unit not named yet, or done
    assert set(t.moves()) == {"done"} | {_card(t, c) for c in (g2, g1, g3) if c != first}
    t.do(_card(t, second), "done").roll(8, 2)
    where = t.snap()["where"]
    assert where[g2] == 7 and where[g1] == 7 and where[g3] == 8
    assert t.obs()["scores"][0] == 3


def test_several_named_defenders_lose_no_more_than_needed(Guerilla, cid):
    """l.71: "A player cannot choose to eliminate more units than is necessary to meet his
    losses." -- among the named units only (l.64). A Rebel 4 and a 1 (5) against a Government
    2 and 1 named with a 1: the strongest named unit defends (2 + 1 = 3, not 2 + 1 + 1), so the
    loss is 2, and the 2 alone meets it (the 1 is too little, both are more than needed)."""
    r4 = cid("Unit 1/4")
    g2, g1 = cid("Unit 2/1"), cid("Unit 1/1")
    t = Guerilla(4).arrange(groups=[(0, REB, [r4], 0), (1, GOV, [g2, g1, cid("Unit 3/3")], 0)])
    t.do("attack with group 0", "group 1", _card(t, min(g2, g1)), _card(t, max(g2, g1)), "done")
    t.roll(1, 1)                                       # 5 against 3
    assert t.s.current_player() == 1 and t.moves() == [_card(t, g2)]
    t.do(_card(t, g2), "done")
    assert t.snap()["where"][g2] == 7 and t.snap()["where"][g1] == 8


def test_option_one_defender(Guerilla, cid):
    """Option leaderless_defenders=one (RULES.md reading 8): exactly one unit defends, so the
    dice follow the first name."""
    r4, g2, g1 = cid("Unit 1/4"), cid("Unit 2/1"), cid("Unit 1/1")
    t = Guerilla(4, leaderless_defenders="one").arrange(
        groups=[(0, REB, [r4], 0), (1, GOV, [g2, g1], 0)])
    t.do("attack with group 0", "group 1", _card(t, min(g2, g1)))
    assert t.s.is_chance_node()


def test_the_victor_orders_the_eliminated_cards_onto_the_pile(Guerilla, cid):
    """l.72: "Eliminated cards are placed face up on the discard pile. The victor decides the
    order in which they go there. This may be significant if the Barracks or Port complexes
    are in play as their owners can retrieve cards from the discard pile." l.70: "Any leader
    left alone after losses are taken is eliminated." With a Barracks in play, the Rebel
    victor (seat 0) puts the unit on top of the leader."""
    lead, g3 = cid(VALDIVIA), cid("Unit 3/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [lead, g3], 0),
                                    (2, GOV, [cid("Barracks")], 0)])
    t.do("attack with group 0", "group 1").roll(10, 1)  # 14 against 6: both go
    assert t.s.current_player() == 0 and t.obs()["phase"] == "order of the losses"
    assert set(t.moves()) == {_card(t, lead), _card(t, g3)}
    t.do(_card(t, lead))
    assert t.snap()["discard"][-2:] == [lead, g3]      # the unit on top
    assert t.obs()["scores"][0] == 3 + 5


def test_without_a_barracks_or_port_the_order_is_not_asked(Guerilla, cid):
    """l.72: the order "may be significant if the Barracks or Port complexes are in play";
    without them the cards go in the loser's order, the leader left alone last (reading 11)."""
    lead, g3 = cid(VALDIVIA), cid("Unit 3/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [lead, g3], 0)])
    t.do("attack with group 0", "group 1").roll(10, 1)
    assert t.snap()["discard"][-2:] == [g3, lead] and t.obs()["phase"] == "turn"


LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2, +1


def test_sortie_splits_a_group_and_one_part_attacks(Guerilla, cid):
    """l.59: "A deployed group can divide into two before attacking (sortie). One of the new
    groups must then attack. The two new groups can only recombine by withdrawal into the
    player's hand and redeployment." l.52: "Each group can attack once in a turn." (RULES.md
    reading 10: the part left behind has not attacked and may, for another action.) The Rebel
    4 splits off from its leader's group and attacks the Government 3 alone: 4 + 5 against
    3 + 2 (a loss of 4); then the leader's group attacks too."""
    lead, r4, r3 = cid(LAGOS), cid("Unit 1/4"), cid("Unit 1/3")
    g3, g1 = cid("Unit 3/3"), cid("Unit 1/1")
    t = Guerilla(4).arrange(groups=[(0, REB, [lead, r4, r3], 0), (1, GOV, [g3], 0),
                                    (1, GOV, [g1], 0)])
    assert "sortie from group 0" in t.moves()
    t.do("sortie from group 0")
    assert t.obs()["phase"] == "sortie"
    assert "done" not in t.moves()                     # nothing has split off yet
    t.do(_card(t, r4))
    if lead > r4:                                      # the leader may follow it out
        assert _card(t, lead) in t.moves()
    t.do("done")
    part = t.group_of(r4)
    assert part["units"] == [r4] and part["leader"] == -1 and part["attacked"]
    assert t.group_of(lead)["units"] == [r3] and not t.group_of(lead)["attacked"]
    t.do(f"group {t.group_of(g3)['id']}").roll(5, 2)
    assert t.snap()["where"][g3] == 7 and t.obs()["actions_left"] == 1
    # the part left behind attacks with its own action
    home = t.group_of(lead)["id"]
    assert f"attack with group {home}" in t.moves() and "sortie from group 0" not in t.moves()
    t.do(f"attack with group {home}", f"group {t.group_of(g1)['id']}").roll(1, 1)
    assert t.obs()["actions_left"] == 0


def test_a_sortie_leaves_no_leader_alone(Guerilla, cid, pick_sets):
    """l.18: "Leaders must be deployed with a unit or a Complex, never alone." l.59: the group
    divides "into two": a leader with one unit cannot split; with two units, each part keeps
    a unit, with or without the leader."""
    lead, r4, r3 = cid(LAGOS), cid("Unit 1/4"), cid("Unit 1/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [lead, r4], 0), (1, GOV, [cid("Unit 3/3")], 0)])
    assert not any(m.startswith("sortie") for m in t.moves())
    t = Guerilla(4).arrange(groups=[(0, REB, [lead, r4, r3], 0), (1, GOV, [cid("Unit 3/3")], 0)])
    t.do("sortie from group 0")
    assert pick_sets(t.s) == {frozenset(x) for x in ({r4}, {r3}, {lead, r4}, {lead, r3})}


def test_part_of_a_group_is_withdrawn_for_one_action(Guerilla, cid, pick_sets):
    """l.47: "The player may withdraw any deployed units or leaders back to his hand. This costs
    one action per group or part of a group that is withdrawn." l.18: a leader is never left
    alone. "done" at once withdraws the whole group."""
    lead, r4, r3 = cid(LAGOS), cid("Unit 1/4"), cid("Unit 1/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [lead, r4, r3], 0)])
    t.do("withdraw group 0")
    assert t.obs()["phase"] == "withdraw part of a group" and "done" in t.moves()
    parts = pick_sets(t.s) - {frozenset()}
    # any proper part but the two units together (the leader would stand alone)
    assert parts == {frozenset(x) for x in ({r4}, {r3}, {lead}, {lead, r4}, {lead, r3})}
    t.do(_card(t, r4), "done")
    assert t.obs()["hand"] == [_card(t, r4)] and t.group_of(lead)["units"] == [r3]
    assert t.obs()["actions_left"] == 1
    t.do("withdraw group 0", "done")                   # the rest, whole
    assert sorted(t.obs()["hand"]) == sorted(_card(t, c) for c in (lead, r4, r3))
    assert t.snap()["groups"] == []


def test_the_owner_rearranges_which_units_are_commanded(Guerilla, cid):
    """l.22: "When a group contains more units than its leader's command rating, any excess units
    are turned sideways and do not function as part of the group." l.23-l.26: "The cards within
    a group may be re-arranged following: any battle, deployment or withdrawal involving the
    group; after changing factions; or at the start of the owning player's turn." (Reading 10a:
    once a group per turn, at no cost.) Gallardo commands one unit: bringing the sideways 4 into
    command makes the 1 sideways, and the group attacks with 4."""
    lead, g1, g4 = cid(GALLARDO), cid("Unit 1/1"), cid("Unit 4/1")
    t = Guerilla(4).arrange(groups=[(0, GOV, [lead, g1, g4], 0), (1, REB, [cid("Unit 1/3")], 0)])
    assert f"bring into command {_card(t, g4)}" in t.moves()
    t.do(f"bring into command {_card(t, g4)}")
    assert t.group_of(lead)["units"] == [g4, g1] and t.obs()["actions_left"] == 2
    assert not any(m.startswith("bring into command") for m in t.moves())   # once a turn
    t.do("attack with group 0", "group 1").roll(5, 1)  # 4 + 0 + 5 against 3 + 1
    assert t.snap()["where"][cid("Unit 1/3")] == 7
    # "following: - any battle ... involving the group" (l.23-l.24): a new occasion
    assert f"bring into command {_card(t, g1)}" in t.moves()


def test_rearranging_with_two_commanded_units(Guerilla, cid):
    """l.22-l.26: with a rating of 2 and three units, the unit brought into command changes place
    with the commanded unit its owner chooses."""
    lead, a, b, c = cid(LAGOS), cid("Unit 1/1"), cid("Unit 2/1"), cid("Unit 4/1")
    t = Guerilla(4).arrange(groups=[(0, GOV, [lead, a, b, c], 0)])
    t.do(f"bring into command {_card(t, c)}")
    assert t.obs()["phase"] == "rearrange: the unit to turn sideways"
    assert set(t.moves()) == {f"turn {_card(t, a)} sideways", f"turn {_card(t, b)} sideways"}
    t.do(f"turn {_card(t, a)} sideways")
    assert t.group_of(lead)["units"] == [c, b, a]


def _defender_with_a_sideways_4(Guerilla, cid):
    """P2 (seat 1) holds Gallardo (rating 1) commanding a Government 1, a 4 lying sideways;
    P1 (seat 0) has two Rebel 3s (groups 0 and 2)."""
    lead, g1, g4 = cid(GALLARDO), cid("Unit 1/1"), cid("Unit 4/1")
    r3, r3b = cid("Unit 1/3"), cid("Unit 1/3", 1)
    t = Guerilla(4).arrange(groups=[(0, REB, [r3], 0), (1, GOV, [lead, g1, g4], 0),
                                    (0, REB, [r3b], 0)])
    return t, lead, g1, g4


def test_a_defender_rearranges_after_a_battle_in_another_players_turn(Guerilla, cid):
    """l.23-l.24: "The cards within a group may be re-arranged following: - any battle,
    deployment or withdrawal involving the group". l.52: "The same group can be attacked more
    than once." (Reading 10a: the owner is asked when the active player's menu comes back.)
    P1's 3 attacks P2's commanded 1 with rolls 5 and 7 (8 against 8, a tie, l.68); P2 brings
    his sideways 4 into command, so P1's second attack on the commanded units meets the 4."""
    t, lead, g1, g4 = _defender_with_a_sideways_4(Guerilla, cid)
    t.do("attack with group 0", "group 1", "attack the commanded units").roll(5, 7)
    assert t.s.current_player() == 1
    assert t.obs(1)["phase"] == "rearrange a group after a battle, deployment or change of faction"
    assert t.moves() == ["keep group 1 as it is", f"bring into command {_card(t, g4)}"]
    t.do(f"bring into command {_card(t, g4)}")
    assert t.group_of(lead)["units"] == [g4, g1] and t.s.current_player() == 0
    t.do("attack with group 2", "group 1", "attack the commanded units").roll(5, 4)
    assert t.snap()["battle"]["totals"] == [8, 8]      # 3 + 5 against 4 + 4


def test_a_defender_may_keep_his_arrangement(Guerilla, cid):
    """l.23: the cards "may" be re-arranged: keeping them is a choice, asked once a battle."""
    t, lead, g1, g4 = _defender_with_a_sideways_4(Guerilla, cid)
    t.do("attack with group 0", "group 1", "attack the commanded units").roll(5, 7)
    t.do("keep group 1 as it is")
    assert t.group_of(lead)["units"] == [g1, g4] and t.s.current_player() == 0
    assert t.obs()["phase"] == "turn"


def test_reinforcing_another_players_group_lets_him_rearrange_it(Guerilla, cid):
    """l.83: "A player can deploy reinforcements to a group owned by another player, with or
    without his consent." l.24: re-arranged following "any ... deployment ... involving the
    group". P1 adds a 4 to P3's group under Gallardo (rating 1): it lies sideways until P3 brings
    it into command, in P1's turn."""
    lead, g1, g4 = cid(GALLARDO), cid("Unit 1/1"), cid("Unit 4/1")
    t = Guerilla(4).arrange(hands={0: [g4]}, groups=[(2, GOV, [lead, g1], 0)])
    t.do("reinforce group 0", "Unit 4/1", "done")
    assert t.s.current_player() == 2 and t.obs()["active"] == 0
    t.do(f"bring into command {_card(t, g4)}")
    assert t.group_of(lead)["units"] == [g4, g1] and t.s.current_player() == 0


def test_no_question_without_a_sideways_unit(Guerilla, cid):
    """A rearrangement changes only which units are commanded (reading 10a): a defender whose
    units are all commanded is not asked, and the attacker's menu comes back at once."""
    lead, g1 = cid(GALLARDO), cid("Unit 1/1")
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/3")], 0), (1, GOV, [lead, g1], 0)])
    t.do("attack with group 0", "group 1").roll(5, 7)
    assert t.s.current_player() == 0 and t.obs()["phase"] == "turn"


DURAN = "Coronel Manuel Durán / Capitán Tadeo Salas"


def test_the_un_card_is_attacked_and_eliminated(Guerilla, cid):
    """l.129: "The card defends with a strength of 10. It can be attacked by any player and by any
    faction. No points are scored in battles involving the UN card. The strength of the UN card
    is not modified by any other card. Duration: Card remains in play until eliminated in
    battle." A Rebel 4 and a 9 (13) beat 10 and a 2 (12): the card goes to the discard pile."""
    r4 = cid("Unit 1/4", 1)                 # the copy un_on_seat_1 gives the attacking group
    t = un_on_seat_1(["Unit 1/4"])
    scores = t.obs()["scores"]
    t.do("attack with group 2")
    assert t.moves() == [_card(t, cid("UN Intervention"))]     # seat 1's groups are protected
    t.do(_card(t, cid("UN Intervention"))).roll(9, 2)
    assert t.obs()["un_protects"] is None and t.snap()["discard"][-1] == cid("UN Intervention")
    assert t.obs()["scores"] == scores and t.snap()["where"][r4] == 8


@pytest.mark.parametrize("hand", [(), ("Ambush",), ("Arms Cache",)])
def test_no_card_in_hand_gives_an_attack_on_the_un_card_a_chance(Guerilla, cid, hand):
    """l.55: "An attack cannot be made if it has no chance of success." l.129: "The strength of
    the UN card is not modified by any other card", and its battle opens no reaction window
    (RULES.md reading 27), so no Ambush (l.120) or Arms Cache (l.122) can double the attacker
    there. A lone Rebel 1 with a 10 ties the card's 10 and 1 at best: it may not attack the
    card, whatever it holds; a Rebel 4 may."""
    t = un_on_seat_1(["Unit 2/1"], hand)
    assert "attack with group 2" not in t.moves()
    assert "attack with group 2" in un_on_seat_1(["Unit 1/4"], hand).moves()


def test_a_failed_attack_on_the_un_card_costs_the_attacker_and_scores_nothing(Guerilla, cid):
    """l.129: "No points are scored in battles involving the UN card." A Rebel 4 and a 1 (5)
    against 10 and a 9 (19): the unit is lost, nobody scores, the card stays."""
    r4 = cid("Unit 1/4", 1)                 # the copy un_on_seat_1 gives the attacking group
    t = un_on_seat_1(["Unit 1/4"])
    scores, fscores = t.obs()["scores"], t.obs()["faction_scores"]
    t.do("attack with group 2", _card(t, cid("UN Intervention"))).roll(1, 9)
    assert t.snap()["where"][r4] == 7 and t.obs()["un_protects"] == 1
    assert t.obs()["scores"] == scores and t.obs()["faction_scores"] == fscores


def test_the_protected_player_cannot_attack_the_un_card(Guerilla, cid):
    """l.129: the player on whom the card is played "cannot attack" (reading 27), not even the
    card; and a unit with no chance against 10 (l.55) cannot either."""
    t = un_on_seat_1(["Unit 4/1"])           # a Rebel 1: 11 is not above 11
    assert not any(m.startswith("attack") for m in t.moves())
    t.do("end the turn", "end the turn", "end the turn")
    assert t.obs()["active"] == 1 and not any(m.startswith("attack") for m in t.moves())


def test_the_barracks_retrieves_the_topmost_unit_leader_or_recon(Guerilla, cid):
    """l.134: "During his Draw phase, the player controlling the barracks may draw the top unit or
    leader or Recon Patrol (no choice, it's whichever of the three is closest to the top) from
    the discard pile and add it to his hand at no action cost. Units or leaders retrieved in this
    way must be deployed initially on the side of the same faction as the barracks ... The
    barracks cannot retrieve a Recon Patrol when under Rebel control." l.94: "Special draws from
    the Discard Pile can be performed by the owner of the Port and Barracks cards in this
    phase." """
    low, unit, recon, ambush = cid("Unit 1/1"), cid("Unit 2/2"), cid("Recon Patrol"), cid("Ambush")
    pile = [low, unit, recon, ambush]                  # bottom first: the Ambush on top
    gov = Guerilla(4).arrange(groups=[(0, GOV, [cid("Barracks")], 0)], discard=pile)
    gov.do("retrieve a card (Barracks)")
    assert gov.obs()["hand"] == [_card(gov, recon)] and gov.obs()["actions_left"] == 2
    assert "retrieve a card (Barracks)" not in gov.moves()          # once a turn
    assert "deploy a new group" not in gov.moves()                  # phase F reached
    reb = Guerilla(4).arrange(groups=[(0, REB, [cid("Barracks")], 0)], discard=pile)
    reb.do("retrieve a card (Barracks)")
    assert reb.obs()["hand"] == [_card(reb, unit)] and reb.snap()["discard"] == [low, recon, ambush]


def test_a_barracks_card_deploys_on_the_barracks_faction(Guerilla, cid):
    """l.134: "Units or leaders retrieved in this way must be deployed initially on the side of
    the same faction as the barracks ... Only if the barracks is destroyed before a retrieved
    card is deployed can the player choose the card's faction." Next turn the Rebel Barracks'
    unit deploys Rebel only; with the Barracks destroyed (l.76), either side."""
    unit, barracks = cid("Unit 2/2"), cid("Barracks")
    t = Guerilla(4).arrange(groups=[(0, REB, [barracks], 0)], discard=[unit])
    t.do("retrieve a card (Barracks)", "end the turn", "end the turn", "end the turn", "end the turn")
    assert t.obs()["active"] == 0
    held = t.s.clone()
    # it lies on the table until deployed: not discarded, not traded (RULES.md reading 34)
    assert "discard cards" not in t.moves() and "offer a trade" not in t.moves()
    t.do("deploy a new group", "Unit 2/2", "done")
    assert t.moves() == ["Rebel"]
    free = Guerilla(4)
    free.s = held
    free.do("destroy a Rebel complex", "group 0", "deploy a new group", "Unit 2/2", "done")
    assert set(free.moves()) == {"Government", "Rebel"}


def test_a_group_of_the_barracks_faction_takes_the_held_copy_first(Guerilla, cid):
    """l.134: "Units or leaders retrieved in this way must be deployed initially on the side of
    the same faction as the barracks." A player holding a loose Unit 2/2 and one the Government
    Barracks retrieved, who deploys a Unit 2/2 as Government, puts down the held copy: the loose
    one stays free for either side."""
    held, loose, barracks = cid("Unit 2/2"), cid("Unit 2/2", 1), cid("Barracks")
    t = Guerilla(4).arrange(groups=[(0, GOV, [barracks], 0)], discard=[held], hands={0: [loose]})
    t.do("retrieve a card (Barracks)", "end the turn", "end the turn", "end the turn", "end the turn")
    t.do("deploy a new group", "Unit 2/2", "done")
    assert set(t.moves()) == {"Government", "Rebel"}
    t.do("Government")
    where = t.snap()["where"]
    assert where[held] == PLACES["table"] and where[loose] == PLACES["hand"]
    assert not t.obs().get("held")                     # no card is held to a faction any more


def test_several_rounds_sum_the_players_scores(Guerilla, cid):
    """l.104: "The game can be played over one or more rounds." l.117: "If playing multiple
    rounds, hand in all cards and loyalty markers to the dealer after scoring. Faction scores
    start at zero again. Begin again with the preparations for play (above). Player scores are
    totalled over the number of rounds to be played. Highest wins." (Option rounds; reading 40:
    the next dealer clockwise.) Round 1 (T8's numbers): 40, 15, 21 after halving; round 2, the
    Rebels winning 60 to 20: 0, 30, 2; totals 40, 45, 23, so seat 1 wins the game though seat 0
    won the first round."""
    t = Guerilla(3, rounds=2).arrange([GOV, REB, MERC], sudden=5, scores=([40, 31, 21], [80, 57]),
                                      groups=[(0, GOV, [cid("Unit 2/2")], 0)],
                                      hands={1: [cid("Ambush")]})
    t.do("end the turn").roll(10)
    assert not t.s.is_terminal() and t.s.is_chance_node()
    obs = t.obs()
    assert obs["totals"] == [40, 15, 21] and obs["round"] == 2
    assert obs["faction_scores"] == {"Government": 0, "Rebel": 0} and obs["scores"] == [0, 0, 0]
    assert obs["groups"] == [] and obs["hand_sizes"] == [0, 0, 0] and obs["loyalty"] == {}
    assert obs["deck"] == 124                          # all but the Revolution and Traitors
    # the next dealer clockwise: one outcome
    assert [(a, p) for a, p in t.s.chance_outcomes()] == [(1, 1.0)]
    t.arrange([GOV, REB, MERC], sudden=5, scores=([0, 30, 4], [20, 60]))
    t.do("end the turn").roll(10)
    assert t.s.is_terminal()
    assert t.obs()["final_scores"] == [0, 30, 2] and t.obs()["totals"] == [40, 45, 23]
    assert t.obs()["winner"] == 1 and t.s.returns() == [0.0, 1.0, 0.0]


def test_one_round_by_default(Guerilla, cid):
    """Option rounds defaults to 1: the game ends with the first round (l.104)."""
    t = Guerilla(3).arrange([GOV, REB, MERC], sudden=5)
    t.do("end the turn").roll(10)
    assert t.s.is_terminal() and t.obs()["totals"] == t.obs()["final_scores"]


def test_random_games_of_two_rounds_end_with_summed_scores():
    """Option rounds=2: random games play a second round from a fresh set-up and end with one
    winner, the highest total (l.117)."""
    import random
    from partisan.core.game import load_game
    game = load_game("guerilla", 3, rounds=2, turn_limit=60)
    for seed in range(3):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
        snap = s._snap()
        assert snap["round"] == 1 and s.returns()[snap["winner"]] == 1.0
        assert snap["total"][snap["winner"]] == max(snap["total"])


def test_a_discarded_barracks_card_loses_its_hold(Guerilla, cid):
    """l.134: "Hand capacity can be exceeded when retrieving cards, but any excess must be
    discarded at the end of the player's turn" -- a retrieved card so discarded is no longer
    held to the Barracks' faction (it is in the pile, and may come back any way)."""
    unit = cid("Unit 2/2")
    hand = [cid("Ambush"), cid("Ambush", 1), cid("Informant"), cid("Informant", 1),
            cid("Bodyguard"), cid("Bodyguard", 1), cid("Assassin")]
    t = Guerilla(4).arrange(hands={0: hand}, groups=[(0, GOV, [cid("Barracks")], 0)], discard=[unit])
    t.do("retrieve a card (Barracks)")
    assert t.snap()["held"] == [unit]
    t.do("end the turn").draw(unit)                    # 8 cards over a capacity of 7
    assert t.snap()["where"][unit] == 7 and t.snap()["held"] == []


def test_the_attackers_result_against_the_un_card_names_the_card(Guerilla, cid):
    """l.129: the UN card "can be attacked by any player": the attacker's result line names
    the card it attacked, never a group number."""
    from partisan.core.games.guerilla.state import CHANCE_OUTCOMES
    t = un_on_seat_1(["Unit 1/4"])
    t.do("attack with group 2", _card(t, cid("UN Intervention"))).roll(9)
    line = t.s.describe_action(CHANCE_OUTCOMES.die + 1, 2)              # seat 2 attacks
    assert line.startswith("your g2 attacks the UN card: ") and "g-1" not in line


def test_an_attack_whose_only_target_is_the_un_card_says_so(Guerilla, cid):
    """l.129: the UN card "can be attacked by any player and by any faction", and the groups of
    the player it protects cannot be: when the card is a group's only target, the target step
    is played for the player, so the menu's attack line names it; an attack with a choice of
    targets does not."""
    from partisan.core.games.guerilla.view import move_phrase
    t = un_on_seat_1(["Unit 1/4"])
    attack = t.s.string_to_action("attack with group 2")
    assert move_phrase(t.s, attack, 2) == "attack with your g2 (only target: the UN card)"
    free = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 3/3")], 0)])
    assert move_phrase(free.s, free.s.string_to_action("attack with group 0"), 0) == "attack with your g0"
