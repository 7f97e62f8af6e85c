"""What the bots know of loyalty beyond a group's faction (knowledge.pyx): whose groups they
reinforce, what they trade, and which side they take out of turn, each in a position built for
it. The priors and the moves kept are read from the mover's own marker only (l.29)."""
import pytest

from partisan.core.games.guerilla.state import GOV, MERC, REB

DURAN = "Coronel Manuel Durán / Capitán Tadeo Salas"                 # rating 2 / 2, -2
BARRIENTOS = "Mayor Julio Barrientos / Comandante Rafael Quiroga"    # Government 2, +1
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2, +1
ZAMORA = "General Hernán Zamora / Comandante Inés Villalba"          # rating 3 / 3, 0


def texts(t, actions):
    return [t.s.action_to_string(a) for a in actions]


def priors(t):
    return {t.s.action_to_string(a): p for a, p in t.s._priors().items()}


# ------------------------------------------------------------------ reinforcements
def _reinforcing(Guerilla, cid, hand, rebels, loyalty=GOV):
    """Seat 0 (of `loyalty`) holds `hand`; groups: 0 his Government one, 1 seat 1's Rebel one
    of `rebels`, 2 his own Rebel one (his own led: a bot adds no units to a leaderless group of
    his without a leader, test_bot_knowledge.py)."""
    return Guerilla(4).arrange([loyalty, REB, GOV, REB], hands={0: [cid(c) for c in hand]},
                               groups=[(0, GOV, [cid(LAGOS), cid("Unit 3/3")], 0),
                                       (1, REB, [cid(c) for c in rebels], 0),
                                       (0, REB, [cid(ZAMORA), cid("Unit 2/1")], 0)])


def test_a_loyalist_never_gives_cards_to_another_players_group_of_the_other_faction(Guerilla, cid):
    """l.83: "A player can deploy reinforcements to a group owned by another player, with or
    without his consent. Cards deployed in this way immediately belong to the owner of the
    group they join." l.106: points go to the player and "to the faction of the forces that
    scored"; l.114-l.115: loyalists of the losing faction halve their score. A Government
    loyalist reinforcing another player's Rebel group gives his card to a rival and to the
    faction he needs to lose: the move stays legal, a bot never makes it. His own Rebel group
    (his points) stays open to him, as does everything to a Mercenary but the turn's end (with
    the draw offered, a bot draws rather than end the turn)."""
    t = _reinforcing(Guerilla, cid, ["Unit 1/3"], ["Unit 1/4"])
    assert "reinforce group 1" in t.moves()
    kept = texts(t, t.s.bot_actions())
    assert "reinforce group 1" not in kept and {"reinforce group 0", "reinforce group 2"} <= set(kept)
    merc = _reinforcing(Guerilla, cid, ["Unit 1/3", "Unit 2/2", "Unit 4/4", "Unit 2/3", "Unit 3/2"],
                        ["Unit 1/4"], MERC)
    assert set(texts(merc, merc.s.bot_actions())) == set(merc.moves()) - {"end the turn"}


def test_the_only_reinforcement_a_loyalist_gives_the_other_side_is_a_leader_who_weakens_it(Guerilla, cid):
    """l.8: a leader's command modifier is "a positive or negative figure"; l.57-l.58: "A leader
    is necessary to combine the strength of units ... Only one unit ... in a leaderless group
    can attack"; l.67: the attack adds "the group leader's command modifier". A leader rated 2
    at -2 put on another player's lone Rebel 4 makes it attack at 4 - 2: the sabotage stays
    open, with that leader alone (no unit, then done). On a Rebel 4 and 3 he would command
    4 + 3 - 2 = 5, more than the 4 alone; a +1 leader always helps: both stay shut."""
    t = _reinforcing(Guerilla, cid, [DURAN, "Unit 1/3"], ["Unit 1/4"])
    assert "reinforce group 1" in texts(t, t.s.bot_actions())
    t.do("reinforce group 1")
    assert set(t.moves()) == {DURAN, "Unit 1/3"}
    assert texts(t, t.s.bot_actions()) == [DURAN]
    t.do(DURAN)
    assert texts(t, t.s.bot_actions()) == ["done"]
    for hand, rebels in (([DURAN], ["Unit 1/4", "Unit 1/3"]), ([BARRIENTOS], ["Unit 1/4"])):
        t = _reinforcing(Guerilla, cid, hand, rebels)
        assert "reinforce group 1" in t.moves()
        assert "reinforce group 1" not in texts(t, t.s.bot_actions())


# ------------------------------------------------------------------ trades
def _laying(Guerilla, cid, loyalty):
    t = Guerilla(4).arrange([loyalty, GOV, REB, GOV],
                            hands={0: [cid("Armor Column"), cid("Arms Cache"), cid("Unit 2/2"),
                                       cid("Unit 1/4")]})
    return t.do("offer a trade")


def test_a_loyalist_trades_away_the_other_factions_cards_and_keeps_his_own(Guerilla, cid):
    """l.86-l.87: a player offers cards from his hand, face up or face down. The cards serve the
    factions unequally: "Use by Government groups only" (Air Assault, l.119), "Elite Government
    unit" (Armor Column, l.121), "Use by Rebel groups only" (Arms Cache, l.122); a unit card
    has a Government and a Rebel strength (l.7). A Rebel loyalist lays the Armor Column before
    the even Unit 2/2, and that before the Arms Cache or the Unit 1/4 (Rebel 4); a Government
    loyalist the other way round; a Mercenary serves neither."""
    p = priors(_laying(Guerilla, cid, REB))
    for face in ("up", "down"):
        assert (p[f"Armor Column face {face}"] > p[f"Unit 2/2 face {face}"]
                > p[f"Arms Cache face {face}"] == p[f"Unit 1/4 face {face}"])
    g = priors(_laying(Guerilla, cid, GOV))
    assert g["Arms Cache face up"] == g["Unit 1/4 face up"] > g["Unit 2/2 face up"] > g["Armor Column face up"]
    m = priors(_laying(Guerilla, cid, MERC))
    assert len(set(m.values())) == 1


def test_a_loyalist_accepts_the_counter_offer_whose_shown_cards_serve_his_faction(Guerilla, cid):
    """l.87: "In turn order, the other players may make offers in return ... he can only
    accept one trade deal or reject them all"; the face-down cards are unseen until the deal.
    A Government loyalist offered an Air Assault (Government only, l.119) by P2 and an Arms
    Cache (Rebels only, l.122) by P3 leans to P2's deal, then to none, then to P3's; P4's
    face-down card tells him nothing."""
    t = Guerilla(4).arrange([GOV, REB, GOV, REB],
                            hands={0: [cid("Unit 2/2")], 1: [cid("Air Assault")],
                                   2: [cid("Arms Cache")], 3: [cid("Arms Cache", 1)]})
    t.do("offer a trade", "Unit 2/2 face up", "done", "Air Assault face up", "done",
         "Arms Cache face up", "done", "Arms Cache face down", "done")
    p = priors(t)
    assert (p["accept P2's counter-offer"] > p["reject every counter-offer"] == p["accept P4's counter-offer"]
            > p["accept P3's counter-offer"])


def _bot_texts(t):
    return texts(t, t.s.bot_actions())


def test_a_loyalist_hands_no_card_of_the_other_faction_to_a_seat_whose_table_is_of_it(Guerilla, cid):
    """l.87-l.88: the other players lay counter-offers, the offering player accepts one, and the
    exchange binds; l.29: the loyalty markers are secret, the groups on the table are not;
    l.114-l.115: loyalists of the losing faction halve their score. In play a Government bot
    laid a Rebel Comandante 3 and two Rebel 3s for the Rebel leader, whose table was all
    Rebel, and they came back at him. P2 (seat 1), Government-loyal, counter-offers to P1,
    whose one group is a Rebel 4: a bot lays the Unit 2/2 (2 on either side) or nothing, not the
    Unit 1/4 (Rebel 4); to a P1 whose table is Government it may lay either. A person may."""
    for own, kept in ((REB, {"done", "Unit 2/2 face up", "Unit 2/2 face down"}), (GOV, None)):
        t = Guerilla(4).arrange([REB, GOV, REB, GOV], hands={0: [cid("Unit 2/2")], 1: [cid("Unit 1/4"), cid("Unit 2/2", 1)]},
                                groups=[(0, own, [cid("Unit 4/4")], 0)])
        t.do("offer a trade", "Unit 2/2 face up", "done")
        assert t.s.current_player() == 1 and "Unit 1/4 face up" in t.moves()
        assert set(_bot_texts(t)) == (kept or set(t.moves()))


def test_a_counter_offer_is_one_the_offering_player_may_accept(Guerilla, cid):
    """l.86: "Making the offer costs one action, whether or not a trade actually takes place";
    l.87: "the other players may make offers in return ... All trading must be done openly ...
    he can only accept one trade deal or reject them all." A bot's offering player accepts no
    deal of fewer cards than he laid while his hand is within its capacity (above), so a
    shorter counter-offer shows its cards for nothing: in play counter-offers of three cards met
    offers of four, every one was rejected, and trades seldom happened. P1 lays two cards. P2,
    Government-loyal, holds a Unit 2/2, a Unit 1/3 (Rebel 3, a card he would part with) and a
    Unit 3/1 (Government 3, his own faction's): a bot's counter-offer lays the two he would part
    with and does not end after one. P3 holds one card: a bot offers nothing. And where every
    other seat holds one card, P1 lays no second. A person may do any of these."""
    t = Guerilla(4).arrange([GOV, GOV, REB, REB], hands={
        0: [cid("Unit 2/2"), cid("Unit 3/3"), cid("Unit 4/4")],
        1: [cid("Unit 2/2", 1), cid("Unit 1/3"), cid("Unit 3/1")], 2: [cid("Unit 1/1")], 3: [cid("Unit 1/1", 1)]})
    t.do("offer a trade", "Unit 2/2 face up", "Unit 3/3 face up", "done")
    assert "Unit 3/1 face up" in t.moves() and set(_bot_texts(t)) == {
        "done", "Unit 2/2 face up", "Unit 2/2 face down", "Unit 1/3 face up", "Unit 1/3 face down"}
    t.do("Unit 2/2 face up")
    assert "done" in t.moves() and set(_bot_texts(t)) == {"Unit 1/3 face up", "Unit 1/3 face down"}
    t.do("Unit 1/3 face down", "done")
    assert t.s.current_player() == 2 and "Unit 1/1 face up" in t.moves()
    assert _bot_texts(t) == ["done"]
    lone = Guerilla(4).arrange([GOV, GOV, REB, REB], hands={
        0: [cid("Unit 2/2"), cid("Unit 3/3")], 1: [cid("Unit 1/1")], 2: [cid("Unit 1/1", 1)], 3: [cid("Unit 1/2")]})
    lone.do("offer a trade", "Unit 2/2 face up")
    assert "Unit 3/3 face up" in lone.moves() and _bot_texts(lone) == ["done"]


def test_a_loyalist_accepts_no_counter_offer_that_arms_the_other_faction(Guerilla, cid):
    """As above, the offering player's side: P1, Government-loyal, has laid a Unit 1/4 (Rebel
    4). P2, whose table is a Rebel 4, and P3, whose table is a Government 4, counter-offer: a
    bot may accept P3's deal or none, not P2's; a person may."""
    t = Guerilla(4).arrange([GOV, REB, GOV, REB], hands={0: [cid("Unit 1/4")], 1: [cid("Unit 2/2")],
                                                         2: [cid("Unit 2/2", 1)]},
                            groups=[(1, REB, [cid("Unit 4/4")], 0), (2, GOV, [cid("Unit 4/1")], 0)])
    t.do("offer a trade", "Unit 1/4 face up", "done", "Unit 2/2 face up", "done", "Unit 2/2 face up", "done", "done")
    assert set(t.moves()) == {"reject every counter-offer", "accept P2's counter-offer", "accept P3's counter-offer"}
    assert set(_bot_texts(t)) == {"reject every counter-offer", "accept P3's counter-offer"}


@pytest.mark.parametrize("over", [False, True])
def test_no_trade_hands_over_more_cards_than_it_brings(Guerilla, cid, over):
    """l.87: "The offering player places the cards he is offering before him ... the other
    players may make offers in return ... he can only accept one trade deal or reject them
    all." Each card handed over strengthens another player's hand; in play a bot gave four
    units for one face-down card. P1 lays two cards: a bot's counter-offer lays two at most,
    and P1 accepts no deal of one card, but with a hand over its capacity (l.15: the excess
    would be lost at random at the turn's end). A person may do either."""
    extra = [cid(c) for c in ("Unit 1/2", "Unit 2/1", "Unit 1/3", "Unit 3/1", "Unit 2/3", "Unit 3/2")] if over else []
    t = Guerilla(4).arrange([GOV, REB, GOV, REB], hands={
        0: [cid("Unit 2/2"), cid("Unit 3/3"), *extra], 1: [cid("Unit 1/1"), cid("Unit 2/2", 1), cid("Unit 3/3", 1)],
        2: [cid("Unit 1/1", 1)]})
    t.do("offer a trade", "Unit 2/2 face up", "Unit 3/3 face up", "done", "Unit 1/1 face down")
    assert "Unit 2/2 face up" in _bot_texts(t)
    t.do("Unit 2/2 face up")
    assert "Unit 3/3 face up" in t.moves() and _bot_texts(t) == ["done"]
    t.do("done", "Unit 1/1 face up", "done", "done")
    assert set(t.moves()) == {"reject every counter-offer", "accept P2's counter-offer", "accept P3's counter-offer"}
    assert ("accept P3's counter-offer" in _bot_texts(t)) == over
    assert "accept P2's counter-offer" in _bot_texts(t)


def test_a_loyalist_sends_back_the_other_factions_card_first(Guerilla, cid):
    """l.88: "If more are offered than can be taken, the receiving player may examine the
    offered cards and choose which to return to his trading partner." P2, a Rebel loyalist at
    6 of his 7 cards, receives an Armor Column (Government, l.121) and an Arms Cache (Rebels,
    l.122) for one card and must send one back: the Armor Column."""
    arm, arms = cid("Armor Column"), cid("Arms Cache")
    full = [cid("Unit 1/1", k) for k in range(4)] + [cid("Unit 1/2", k) for k in range(2)]
    t = Guerilla(4).arrange([GOV, REB, GOV, REB],
                            hands={0: [arm, arms, cid("Unit 3/3")], 1: full + [cid("Informant")]})
    t.do("offer a trade", "Armor Column face up", "Arms Cache face up", "done",
         "Informant face up", "done", "done", "done", "accept P2's counter-offer")
    assert t.s.current_player() == 1
    p = priors(t)
    assert p[f"Armor Column (card {arm})"] > p[f"Arms Cache (card {arms})"]


# ------------------------------------------------------------------ out of turn
def test_a_third_party_informant_cancels_the_ambush_that_hurts_his_faction(Guerilla, cid):
    """l.126: the Informant "cancels the effects of an Ambush card ... Any player can play the
    informant, not just the attacker or the defender." l.120: the attacker's Ambush doubles
    one of his units. The Government attacks a Rebel group with its Ambush: a Rebel loyalist
    looking on cancels it, a Government one lets it stand."""
    leans = {}
    for loyalty in (GOV, REB):
        g4 = cid("Unit 4/1")
        t = Guerilla(4, auto=False).arrange([GOV, REB, loyalty, MERC],
                                            hands={0: [cid("Ambush")], 2: [cid("Informant")]},
                                            groups=[(0, GOV, [g4], 0), (1, REB, [cid("Unit 1/3")], 0)])
        t.do("attack with group 0", "group 1", "play Ambush", f"Unit 4/1 (card {g4})",
             "no reaction")
        assert t.s.current_player() == 2
        p = priors(t)
        leans[loyalty] = p["play Informant: cancel the last Ambush"] > p["no reaction"]
    assert leans == {GOV: False, REB: True}


def test_a_third_party_bodyguard_shields_a_leader_of_his_faction(Guerilla, cid):
    """l.125: "Provides some protection against an assassin/Policia. For each bodyguard played,
    the assassin must make an additional die roll and use the lowest roll." l.111: eliminating
    a leader scores his rating plus modifier. An Assassin aims at P2's Rebel leader: a Rebel
    loyalist at another seat plays his Bodyguard, a Government one keeps it."""
    leans = {}
    for loyalty in (GOV, REB):
        lead = cid(DURAN)
        t = Guerilla(4, auto=False).arrange([GOV, REB, loyalty, MERC],
                                            hands={0: [cid("Assassin")], 2: [cid("Bodyguard")]},
                                            groups=[(1, REB, [lead, cid("Unit 2/2")], 0)])
        t.do("play Assassin", f"{DURAN} (card {lead})", "no reaction")
        assert t.s.current_player() == 2
        p = priors(t)
        leans[loyalty] = p["play Bodyguard"] > p["no reaction"]
    assert leans == {GOV: False, REB: True}
