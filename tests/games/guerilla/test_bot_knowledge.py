"""What the bots know of the game (knowledge.pyx): the moves they never play (bot_actions) and
the priors that lean their search (_priors), each in a position built for it."""
import pytest

from partisan.core.games.guerilla.state import GOV, MERC, REB

from tests.games.guerilla.conftest import un_on_seat_1

GALLARDO = "Teniente Raúl Gallardo / Teniente Martín Vega"           # rating 1 / 1, 0
BARRIENTOS = "Mayor Julio Barrientos / Comandante Rafael Quiroga"    # Government 2, +1
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2, +1
ZAMORA = "General Hernán Zamora / Comandante Inés Villalba"          # rating 3 / 3, 0
ECHEVERRIA = "Teniente Luis Echeverría / Capitán Joaquín Pérez"      # rating 1 / 2, +1


def texts(t, actions):
    return [t.s.action_to_string(a) for a in actions]


def priors(t):
    return {t.s.action_to_string(a): p for a, p in t.s._priors().items()}


# ------------------------------------------------------------------ losses
def test_a_bot_never_loses_a_unit_and_its_leader_when_the_leader_alone_meets_the_loss(Guerilla, cid):
    """l.68: "A leader can be eliminated to fulfil one point of required losses." l.70: "Any
    leader left alone after losses are taken is eliminated." l.110-l.111: the victor scores a
    unit's printed strength and a leader's rating plus modifier. A loss of 1 from a leader
    (rating 1, +0: 1 point) and a 2: the 2 takes the leader with it (3 points, two cards), the
    leader alone costs 1 point and one card. Both stay legal; the bot keeps the leader alone."""
    lead, g2 = cid(GALLARDO), cid("Unit 2/2")
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [lead, g2], 0)])
    t.do("attack with group 0", "group 1").roll(3, 4)                  # 4 + 3 against 2 + 4
    assert t.snap()["battle"]["due"] == 1 and t.s.current_player() == 1
    assert set(texts(t, t.s.legal_actions())) == {f"Unit 2/2 (card {g2})", f"{GALLARDO} (card {lead})"}
    assert texts(t, t.s.bot_actions()) == [f"{GALLARDO} (card {lead})"]


def test_a_bot_takes_only_the_losses_that_give_away_the_fewest_points(Guerilla, cid):
    """l.71: "A player cannot choose to eliminate more units than is necessary" -- a loss of 1
    from a leader (rating 2, +1: 3 points), a 2 and a 1 may be any one of them, and all three
    stay legal. l.110-l.111: the victor scores "Its printed strength" for a unit and "Command
    rating plus command modifier" for a leader, so the bot loses the 1 (1 point)."""
    lead, g2, g1 = cid(BARRIENTOS), cid("Unit 2/2"), cid("Unit 1/1")
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [lead, g2, g1], 0)])
    t.do("attack with group 0", "group 1").roll(6, 5)                  # 4 + 6 against 3 + 1 + 5
    assert t.snap()["battle"]["due"] == 1
    assert len(t.s.legal_actions()) == 3
    assert texts(t, t.s.bot_actions()) == [f"Unit 1/1 (card {g1})"]


def test_a_bot_keeps_every_loss_that_ties_for_the_fewest_points(Guerilla, cid):
    """l.110-l.111: a 2 scores 2 points, and so do two 1s. With a loss of 2 from a 2 and two 1s
    (and their leader), the bot may start with the 2 or a 1 (cards are picked in any order, the
    two 1s are one choice, and they make 2 points); the leader first is left out: his sets (the
    leader and a 1) give away more."""
    lead, g2 = cid(BARRIENTOS), cid("Unit 2/2")
    g1, g1b = cid("Unit 1/1"), cid("Unit 1/1", 1)
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0),
                                    (1, GOV, [lead, g2, g1, g1b], 0)])
    t.do("attack with group 0", "group 1", "attack all units").roll(6, 4)   # 4 + 6 against 4 + 4
    assert t.snap()["battle"]["due"] == 2
    assert len(t.s.legal_actions()) == 3
    assert set(texts(t, t.s.bot_actions())) == {f"Unit 1/1 (card {g1})", f"Unit 2/2 (card {g2})"}


# ------------------------------------------------------------------ the Informant's retreat
def _attacked_rebels(Guerilla, cid, informant_seat):
    t = Guerilla(4, auto=False).arrange(hands={informant_seat: [cid("Informant")]},
                                        groups=[(0, GOV, [cid("Unit 4/1")], 0),
                                                (1, REB, [cid("Unit 1/3")], 0)])
    t.do("attack with group 0", "group 1", "no reaction")
    if informant_seat == 2:
        t.do("no reaction")
    t.do("play Informant: offer a retreat")
    assert t.s.current_player() == 1 and t.moves() == ["accept the retreat", "refuse the retreat"]
    return t


def test_a_bot_accepts_the_retreat_its_own_informant_bought(Guerilla, cid):
    """l.126: the Informant "allows a Rebel group to retreat before combat is resolved ... If
    played on a Rebel group, the owner of that group may choose whether to accept it." The
    owner who played it himself has nothing new to weigh: refusing stays legal, a bot accepts."""
    t = _attacked_rebels(Guerilla, cid, 1)
    assert texts(t, t.s.bot_actions()) == ["accept the retreat"]


def test_a_retreat_another_player_offers_is_the_owners_choice(Guerilla, cid):
    """l.126: "Any player can play the informant ... the owner of that group may choose whether
    to accept it": offered by another seat, both answers stay open to the bot."""
    t = _attacked_rebels(Guerilla, cid, 2)
    assert t.s.bot_actions() == t.s.legal_actions()


# ------------------------------------------------------------------ loyalty
def _deploying(Guerilla, cid, loyalties):
    t = Guerilla(4).arrange(loyalties, hands={0: [cid("Unit 2/2")]})
    t.do("deploy a new group", "Unit 2/2", "done")
    assert t.moves() == ["Government", "Rebel"]
    return t


def test_a_new_group_leans_to_the_faction_of_its_owners_own_marker(Guerilla, cid):
    """l.37: "The owning player may choose whether units and leaders will be Government or
    Rebel"; l.106: points go "to the faction of the forces that scored"; l.114-l.115: players
    loyal to the losing faction halve their score. Only the mover's own marker counts (l.29:
    "Each player should look at theirs, but must not allow another player to see it"): the
    other seats' markers change nothing, and a Mercenary leans neither way."""
    gov = priors(_deploying(Guerilla, cid, [GOV, REB, REB, GOV]))
    assert gov["Government"] > gov["Rebel"]
    assert priors(_deploying(Guerilla, cid, [GOV, GOV, REB, REB])) == gov
    reb = priors(_deploying(Guerilla, cid, [REB, GOV, GOV, REB]))
    assert reb["Rebel"] > reb["Government"]
    merc = priors(_deploying(Guerilla, cid, [MERC, GOV, REB, REB]))
    assert merc["Rebel"] == merc["Government"]


def test_in_the_worlds_a_search_samples_the_mover_plays_his_own_marker(Guerilla, cid):
    """l.29: each player looks at his own marker, and no other. A search by seat 0 redeals the
    markers it has not seen: its own stays its true one, so its prior is the same in every
    world. A search by seat 1 redeals seat 0's marker, and seat 0 then leans to the marker that
    world gave him, which he knows there."""
    t = _deploying(Guerilla, cid, [REB, GOV, GOV, REB])
    own = priors(t)
    leanings = set()
    for seed in range(12):
        world = t.s.clone()
        world.resample(0, seed)
        assert world._snap()["loyalty"][0] == REB and world._priors() == t.s._priors()
        other = t.s.clone()
        other.resample(1, seed)
        loyalty = other._snap()["loyalty"][0]
        p = other._priors()
        favoured = max(p, key=p.get)
        assert other.action_to_string(favoured) == ("Rebel" if loyalty == REB else "Government")
        leanings.add(loyalty)
    assert leanings == {GOV, REB} and own["Rebel"] > own["Government"]


def test_reinforcements_lean_to_the_seats_own_groups_of_its_loyalty(Guerilla, cid):
    """l.83: "Cards deployed in this way immediately belong to the owner of the group they
    join"; l.106 and l.114-l.115 as above. A Government loyalist reinforces his own Government
    group; another player's Government group (his cards and their points to a rival) and his
    own Rebel group lean below drawing (a neutral move; another player's Rebel group he never
    reinforces: test_knowledge_loyalty.py). His hand holds a leader (his own groups are
    leaderless: test_a_bot_adds_units_to_its_leaderless_group_only_under_a_leader)."""
    t = Guerilla(4).arrange([GOV, REB, GOV, REB], hands={0: [cid("Unit 1/3"), cid(LAGOS), cid("Unit 2/2"),
                                                                    cid("Unit 4/4"), cid("Unit 3/2")]},
                            groups=[(0, GOV, [cid("Unit 3/3")], 0), (1, GOV, [cid("Unit 1/4")], 0),
                                    (0, REB, [cid("Unit 2/1")], 0), (1, REB, [cid("Unit 4/1")], 0)])
    p = priors(t)
    assert p["reinforce group 0"] > p["draw cards"] > max(p["reinforce group 1"], p["reinforce group 2"])
    assert "reinforce group 3" not in p


def test_a_rebel_loyalist_offers_a_rebel_group_a_retreat_a_government_one_does_not(Guerilla, cid):
    """l.126: the Informant "allows a Rebel group to retreat before combat is resolved. Any
    player can play the informant": it saves Rebel cards, so it serves a Rebel loyalist out of
    turn."""
    leans = {}
    for loyalty in (GOV, REB):
        t = Guerilla(4, auto=False).arrange([GOV, REB, loyalty, MERC], hands={2: [cid("Informant")]},
                                            groups=[(0, GOV, [cid("Unit 4/1")], 0),
                                                    (1, REB, [cid("Unit 1/3")], 0)])
        t.do("attack with group 0", "group 1", "no reaction", "no reaction")
        assert t.s.current_player() == 2
        p = priors(t)
        leans[loyalty] = p["play Informant: offer a retreat"] > p["no reaction"]
    assert leans == {GOV: False, REB: True}


def test_a_bot_never_cancels_its_own_ambush(Guerilla, cid):
    """l.126: the Informant "cancels the effects of an Ambush card"; l.120: an Ambush serves the
    one who plays it. Cancelling one's own throws both cards away for nothing: it stays legal
    for a person, a bot never plays it (a bot was seen doing it); another seat's Ambush it may."""
    g4, r3 = cid("Unit 4/1"), cid("Unit 1/3")
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush"), cid("Informant")]},
                                        groups=[(0, GOV, [g4], 0), (1, REB, [r3], 0)])
    t.do("attack with group 0", "group 1", "play Ambush", f"Unit 4/1 (card {g4})")
    while t.s.current_player() != 0:
        t.do("no reaction")
    cancel = t.s.string_to_action("play Informant: cancel the last Ambush")
    assert cancel in t.s.legal_actions() and cancel not in t.s.bot_actions()
    o = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush")], 1: [cid("Informant")]},
                                        groups=[(0, GOV, [g4], 0), (1, REB, [r3], 0)])
    o.do("attack with group 0", "group 1", "play Ambush", f"Unit 4/1 (card {g4})")
    assert o.s.current_player() == 1 and cancel in o.s.bot_actions()


def test_a_bot_never_shields_the_leader_its_own_assassin_attacks(Guerilla, cid):
    """l.125: "For each bodyguard played, the assassin must make an additional die roll and use
    the lowest roll." Played by the Assassin's own player it only spoils his own attempt: legal
    for a person, never played by a bot; the target's owner may still play his."""
    duran = "Coronel Manuel Durán / Capitán Tadeo Salas"
    lead = cid(duran)
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Assassin"), cid("Bodyguard")], 1: [cid("Bodyguard", 1)]},
                                        groups=[(1, REB, [lead, cid("Unit 2/2")], 0)])
    t.do("play Assassin", f"{duran} (card {lead})")
    assert t.s.current_player() == 1 and len(t.s.bot_actions()) == 2
    while t.s.current_player() != 0:
        t.do("no reaction")
    assert len(t.s.legal_actions()) == 2 and texts(t, t.s.bot_actions()) == ["no reaction"]


# ------------------------------------------------------------------ Traitors
def test_traitors_lean_to_a_rivals_group_of_the_faction_the_seat_needs_to_lose(Guerilla, cid):
    """l.140: "A traitor can be played on any deployed complex or leader ... If the result is
    greater than 5, the leader and his entire group change faction. If the result is less than
    6, the leader is eliminated - shot as a traitor." l.114-l.115: players loyal to the losing
    faction halve their score. On a rival's Rebel group either outcome serves a Government
    loyalist (the group turns Government, or loses its leader); on a Government group either
    outcome hurts his faction, and on his own a shot leader is his loss: a bot never plays it
    on a Government group while a Rebel one is offered. His own Rebel group lies below a
    rival's (it may turn his way; its leader is his)."""
    t = Guerilla(4).arrange([GOV, REB, GOV, REB], deck=[cid("Traitors")], groups=[
        (0, GOV, [cid(GALLARDO), cid("Unit 2/2")], 0), (1, GOV, [cid(BARRIENTOS), cid("Unit 3/3")], 0),
        (1, REB, [cid(ZAMORA), cid("Unit 1/4")], 0), (0, REB, [cid(LAGOS), cid("Unit 2/3")], 0)])
    t.do("draw cards").draw(cid("Traitors"))
    p = priors(t)
    assert {"group 0", "group 1", "group 2", "group 3"} <= set(t.moves())
    assert set(p) == {"group 2", "group 3"} and p["group 2"] > p["group 3"]


def test_traitors_with_only_the_seats_own_faction_offered_go_where_they_harm_least(Guerilla, cid):
    """l.95: a red card drawn "must be played immediately"; l.140: "Add the leader's command
    modifier to a die roll. If played on a complex with no leader, the die roll is unmodified. If
    the result is greater than 5, the leader and his entire group change faction. If the result
    is less than 6, the leader is eliminated". In play a Government bot with only Government
    targets turned its own best group Rebel (a +2 general over 10 strength: 7 in 10). A
    Government loyalist here plays it on his leaderless Banco (5 in 10 to lose its VP, nothing
    otherwise), not on P3's Barrientos group nor his own Valdivia group; a person may."""
    valdivia = "General Arturo Valdivia / Comandante Lucio Marín"
    t = Guerilla(4).arrange([GOV, REB, GOV, REB], deck=[cid("Traitors")], groups=[
        (0, GOV, [cid(valdivia), cid("Unit 4/1"), cid("Unit 3/3"), cid("Unit 3/1")], 0),
        (0, GOV, [cid("Banco de Nationale")], 0), (2, GOV, [cid(BARRIENTOS), cid("Unit 2/2")], 0),
        (1, REB, [cid("Unit 1/4")], 0)])
    t.do("draw cards").draw(cid("Traitors"))
    assert t.moves() == ["group 0", "group 1", "group 2"] and bot_moves(t) == ["group 1"]


def test_an_assassin_aims_at_a_leader_of_the_faction_the_seat_needs_to_lose(Guerilla, cid):
    """l.123: "The assassin attempts to kill a leader. Roll the die and subtract the target
    leader's command modifier ... If the result is greater than 5, the leader is dead"; the
    kill scores for the faction opposed to the leader's (RULES.md), and l.114-l.115: players
    loyal to the losing faction halve their score. A Government loyalist aims at P2's Rebel
    leader, never P2's Government one, which would hand the Rebels the points; with only a
    Government leader on the table it does not play the card. In play bots shot a fellow
    loyalist's leader twice (once the Rebels' best, 5 points to the Government). A person may."""
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: [cid("Assassin")]}, groups=[
        (1, GOV, [cid(BARRIENTOS), cid("Unit 3/3")], 0), (1, REB, [cid(ZAMORA), cid("Unit 1/4")], 0)])
    assert "play Assassin" in bot_moves(t)
    t.do("play Assassin")
    rebel, government = f"{ZAMORA} (card {cid(ZAMORA)})", f"{BARRIENTOS} (card {cid(BARRIENTOS)})"
    assert {rebel, government} <= set(t.moves()) and set(priors(t)) == {rebel}
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: [cid("Assassin")]}, groups=[
        (1, GOV, [cid(BARRIENTOS), cid("Unit 3/3")], 0), (1, REB, [cid("Unit 1/4")], 0)])
    assert "play Assassin" in t.moves() and "play Assassin" not in bot_moves(t)


def bot_moves(t):
    return [t.s.action_to_string(a) for a in t.s.bot_actions()]


def _cycling(Guerilla, cid):
    """Seat 0 (Government) to act with two actions, three cards in hand, a group each side
    (his led by Barrientos, rating 2, with room for a unit)."""
    return Guerilla(4, auto=False).arrange(
        [GOV, REB, GOV, REB], hands={0: [cid("Unit 1/1"), cid("Unit 2/2"), cid("Unit 3/3")]},
        groups=[(0, GOV, [cid(BARRIENTOS), cid("Unit 2/1")], 0), (1, REB, [cid("Unit 1/4")], 0)])


def test_a_discard_is_followed_by_the_draw(Guerilla, cid):
    """l.91: "A player may discard up to four cards from his hand at the cost of an action";
    l.95: "At the cost of one action, a player may draw new cards from the deck until he reaches
    his hand capacity". A discard changes a player's cards only with the draw after it; in play
    bots discarded and ended the turn, or spent their last action on a discard and ended with an
    empty hand. With two actions the bot may discard; having discarded, it spends its last
    action on the draw, not on ending the turn, another discard or an ambush marker point. A
    person may still."""
    t = _cycling(Guerilla, cid)
    assert "discard cards" in bot_moves(t)
    t.do("discard cards", "Unit 1/1 on top (shown)", "done")
    assert {"end the turn", "discard cards", "buy an ambush marker point"} <= set(t.moves())
    assert bot_moves(t) == ["draw cards"]


def test_no_discard_with_the_last_action(Guerilla, cid):
    """l.91 and l.95 as above: with one action left a discard leaves none for the draw, so a bot
    does not discard (the hand is under its capacity, l.15: nothing to cut)."""
    t = _cycling(Guerilla, cid).do("buy an ambush marker point")
    assert "discard cards" in t.moves() and "discard cards" not in bot_moves(t)
    assert "draw cards" in bot_moves(t)


def test_one_trade_offer_a_turn(Guerilla, cid):
    """l.86: "A player can offer to trade cards from his hand (not deployed cards). Making the
    offer costs one action, whether or not a trade actually takes place." In play a bot offered
    the same Unit 2/2 again as soon as the table had turned it down, both actions spent on it.
    Once the turn has made an offer, a bot makes no other; a person may."""
    t = _cycling(Guerilla, cid)
    assert "offer a trade" in bot_moves(t)
    t.do("offer a trade", "Unit 1/1 face up", "done", "done", "done", "done", "reject every counter-offer")
    assert "offer a trade" in t.moves() and "offer a trade" not in bot_moves(t)
    assert "draw cards" in bot_moves(t)


def test_no_ambush_marker_point_with_nothing_it_could_defend(Guerilla, cid):
    """l.78-l.79: "A player may purchase the possibility of a defensive ambush by spending an
    action at any time in his turn ... the effects are exactly the same as playing an Ambush
    card in defence"; l.120, the Ambush: "Cannot be played on a complex." In play a bot whose
    only groups were a Bridge and a Barracks bought two points. A bot with no group of units
    buys none, nor with only a complex (he may after he deploys); with one, it may."""
    hand = [cid("Unit 1/1"), cid("Unit 2/2")]
    marker = "buy an ambush marker point"
    for own in ([], [(0, GOV, [cid("Bridge")], 0)]):
        bare = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand},
                                               groups=[(1, REB, [cid("Unit 1/4")], 0), *own])
        assert marker in bare.moves() and marker not in bot_moves(bare)
    held = _cycling(Guerilla, cid)
    assert marker in bot_moves(held)


def test_no_ambush_marker_point_while_the_un_card_keeps_every_attack_off(Guerilla, cid):
    """l.79: the marker's roll comes "Whenever a group belonging to a player with an ambush
    marker is attacked"; l.129, the UN Intervention: "Player on whom the card is played cannot
    attack or be attacked except by assassination/Policia, demolition and propaganda." In play a
    bot under the UN card spent both actions on two points while holding one card. Under the UN
    card a bot buys none, though its group could use one were it attackable; a person may."""
    t = un_on_seat_1(["Unit 1/4"], kept=["Unit 4/1"]).do("end the turn", "end the turn", "end the turn")
    assert t.obs()["active"] == 1 and t.obs()["un_protects"] == 1
    assert "buy an ambush marker point" in t.moves()
    assert "buy an ambush marker point" not in bot_moves(t)


def test_no_reinforcement_of_a_group_deployed_the_same_turn(Guerilla, cid):
    """l.82: "Deployment can be either the placement of a new group or the reinforcement of an
    existing one. Each group deployed and each group reinforced costs one action." In play bots
    deployed a group and spent their second action reinforcing it, where one deployment could
    have placed every card. Once a bot has deployed a group, it does not reinforce that group
    in the same turn; another of its groups it may; a person may do either."""
    t = _cycling(Guerilla, cid).do("deploy a new group", "Unit 1/1", "done", "Government")
    new = max(g["id"] for g in t.s._snap()["groups"])
    assert f"reinforce group {new}" in t.moves() and f"reinforce group {new}" not in bot_moves(t)
    assert "reinforce group 0" in bot_moves(t)


def test_no_second_reinforcement_of_a_group_in_one_turn(Guerilla, cid):
    """l.82, as above: "Each group deployed and each group reinforced costs one action." In play
    a bot reinforced a group with a leader and then, for its second action, the same group with
    a unit: one reinforcement could have brought both. A bot reinforces a group once a turn; a
    person may twice."""
    hand = [cid(c) for c in ("Unit 1/1", "Unit 2/2", "Unit 3/3", "Unit 4/4")]
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand}, groups=[
        (0, GOV, [cid(ZAMORA), cid("Unit 2/1")], 0), (0, GOV, [cid(LAGOS), cid("Unit 3/1")], 0),
        (1, REB, [cid("Unit 1/4")], 0)])
    assert "reinforce group 0" in bot_moves(t)                # Zamora commands 3: room for two
    t.do("reinforce group 1", "Unit 2/2", "done")             # Lagos's second unit: in command
    assert "reinforce group 0" in bot_moves(t)
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand}, groups=[
        (0, GOV, [cid(ZAMORA), cid("Unit 2/1")], 0), (1, REB, [cid("Unit 1/4")], 0)])
    t.do("reinforce group 0", "Unit 3/3", "done")             # one more would still be commanded
    assert "reinforce group 0" in t.moves() and "reinforce group 0" not in bot_moves(t)


def test_no_second_action_for_an_armor_column_deployed_the_same_turn(Guerilla, cid):
    """l.121, the Armor Column: "Cost: 1 action for any number of attacks." Its card deploys it
    and offers its first attack at once (reading 19). In play a bot declined that attack and
    then paid its second action to attack with the column. A bot does not; a person may."""
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: [cid("Armor Column"), cid("Unit 1/1")]},
                                        groups=[(1, REB, [cid("Unit 1/4")], 0)])
    t.do("play Armor Column", "done")
    assert "attack with group 1" in t.moves() and "attack with group 1" not in bot_moves(t)


def test_the_defender_leans_to_rolling_his_ambush_marker(Guerilla, cid):
    """l.79: "Whenever a group belonging to a player with an ambush marker is attacked, he may
    roll the die. If the die roll is less than or equal to the number on his ambush marker, the
    effects are exactly the same as playing an Ambush card in defence ... Each time the ambush
    marker takes effect, reduce it to the next lower number." The roll costs nothing and the
    marker drops only when it helps; in play a bot bought points and then lost whole groups with
    the marker unrolled. P2 bought a point; attacked, he leans to the roll."""
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], active=1, groups=[
        (0, GOV, [cid("Unit 4/1")], 0), (1, REB, [cid("Unit 1/2")], 0)])
    t.do("buy an ambush marker point", "end the turn", "end the turn", "end the turn",
         "attack with group 0", "group 1", "no reaction")
    p = priors(t)
    assert set(p) == {"roll your ambush marker", "no reaction"}
    assert p["roll your ambush marker"] > p["no reaction"]


def test_a_retrieval_between_the_discard_and_the_draw_does_not_hide_the_discard(Guerilla, cid):
    """l.91 and l.95 as above; l.134: "During his Draw phase, the player controlling the barracks
    may draw the top unit or leader or Recon Patrol ... from the discard pile and add it to his
    hand at no action cost." In self-play the bots still ended 4 turns in 160 after a
    discard without drawing, each after a retrieval of phase F: the filter read the discard from
    the phase reached. Having discarded and retrieved, a bot draws."""
    t = Guerilla(4, auto=False).arrange(
        [GOV, REB, GOV, REB], hands={0: [cid("Unit 1/1"), cid("Unit 2/2"), cid("Unit 3/3")]},
        groups=[(0, GOV, [cid("Barracks")], 0), (0, GOV, [cid("Unit 2/1")], 0), (1, REB, [cid("Unit 1/4")], 0)],
        discard=[cid("Unit 4/4")])
    t.do("discard cards", "Unit 1/1 on top (shown)", "done", "retrieve a card (Barracks)")
    assert "end the turn" in t.moves() and bot_moves(t) == ["draw cards"]


# ------------------------------------------------------------------ rearranging
def test_a_bot_brings_into_command_only_a_unit_stronger_than_one_commanded(Guerilla, cid):
    """l.22: "When a group contains more units than its leader's command rating, any excess
    units are turned sideways and do not function as part of the group." l.23-l.26: the cards
    "may be re-arranged" (reading 10a: free, once an occasion). In play a bot left its group
    commanding a 3 and a 2 with a 5 sideways, and later turned a 5 sideways for a 4. Two groups
    of a leader of rating 2 command a 2 and a 3, one with a 1 sideways, one with a 4: a bot
    brings in the 4, not the 1, before it ends the turn, and turns the 2 sideways for it, not
    the 3; a person may do any of it."""
    g2, g3, g1 = cid("Unit 2/1"), cid("Unit 3/1"), cid("Unit 1/1")
    h2, h3, g4 = cid("Unit 2/1", 1), cid("Unit 3/1", 1), cid("Unit 4/1")
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], groups=[
        (0, GOV, [cid(LAGOS), g2, g3, g1], 0), (0, GOV, [cid(BARRIENTOS), h2, h3, g4], 0)])
    assert {f"bring into command Unit 1/1 (card {g1})", f"bring into command Unit 4/1 (card {g4})"} <= set(t.moves())
    into = [m for m in bot_moves(t) if m.startswith("bring into command")]
    assert into == [f"bring into command Unit 4/1 (card {g4})"]
    assert "end the turn" in t.moves() and "end the turn" not in bot_moves(t)   # not before it
    t.do(into[0])
    assert set(t.moves()) == {f"turn Unit 2/1 (card {h2}) sideways", f"turn Unit 3/1 (card {h3}) sideways"}
    assert bot_moves(t) == [f"turn Unit 2/1 (card {h2}) sideways"]


def test_a_group_of_the_other_faction_is_rearranged_as_the_search_finds(Guerilla, cid):
    """l.115: "Players loyal to the losing faction score half their personal points total
    (fractions rounded down)." A Rebel loyalist's Government group (a Revolution's turn or a
    trade's cards) may be weakened on purpose: the rule leaves it to the search."""
    lead, g2, g3, g1 = cid(LAGOS), cid("Unit 2/1"), cid("Unit 3/1"), cid("Unit 1/1")
    t = Guerilla(4, auto=False).arrange([REB, GOV, REB, GOV], groups=[(0, GOV, [lead, g2, g3, g1], 0)])
    assert f"bring into command Unit 1/1 (card {g1})" in bot_moves(t)


def test_a_bot_brings_a_stronger_unit_into_command_when_asked_in_another_turn(Guerilla, cid):
    """l.23-l.24: the cards may be re-arranged "following: any battle ... involving the group"
    (reading 10a: its owner is asked when the active player's menu comes back). Gallardo
    (rating 1) commands a 1 with a 4 sideways; after a tie in battle the bot, Government-loyal,
    brings the 4 in rather than keep the group as it is."""
    lead, g1, g4 = cid(GALLARDO), cid("Unit 1/1"), cid("Unit 4/1")
    t = Guerilla(4).arrange([REB, GOV, REB, GOV], groups=[(0, REB, [cid("Unit 1/3")], 0), (1, GOV, [lead, g1, g4], 0)])
    t.do("attack with group 0", "group 1", "attack the commanded units").roll(5, 7)
    assert t.moves() == ["keep group 1 as it is", f"bring into command Unit 4/1 (card {g4})"]
    assert bot_moves(t) == [f"bring into command Unit 4/1 (card {g4})"]


# ------------------------------------------------------------------ leaderless groups
def test_a_bot_adds_units_to_its_leaderless_group_only_under_a_leader(Guerilla, cid):
    """l.57: "A leader is necessary to combine the strength of units." l.58: "Only one unit ...
    in a leaderless group can attack each turn. When attacking a leaderless group, the attacker
    decides which unit(s) will defend." l.110: the victor scores the cards eliminated. In play
    bots added units to their leaderless groups four times, and the attacker named only the
    units he wanted to fight. With units alone in hand, a bot does not reinforce its leaderless
    group (another group of its own, led, it may); with Lagos (rating 2, +1) in hand it may,
    and picks him first; a person may do either."""
    hand = [cid("Unit 3/1"), cid("Unit 4/1")]
    groups = [(0, GOV, [cid("Unit 2/1")], 0), (0, GOV, [cid(BARRIENTOS), cid("Unit 1/1")], 0),
              (1, REB, [cid("Unit 1/4")], 0)]
    bare = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand}, groups=groups)
    assert "reinforce group 0" in bare.moves() and "reinforce group 0" not in bot_moves(bare)
    assert "reinforce group 1" in bot_moves(bare)
    led = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: [*hand, cid(LAGOS)]}, groups=groups)
    assert "reinforce group 0" in bot_moves(led)
    led.do("reinforce group 0")
    assert {"Unit 3/1", "Unit 4/1", LAGOS} <= set(led.moves())
    assert bot_moves(led) == [LAGOS]
    led.do(LAGOS)
    assert {"done", "Unit 3/1", "Unit 4/1"} <= set(bot_moves(led))


def test_a_leader_the_barracks_holds_for_the_other_faction_leads_no_reinforcement(Guerilla, cid):
    """l.134: "Units or leaders retrieved in this way must be deployed initially on the side of
    the same faction as the barracks." In play bots reinforced their leaderless Rebel group
    with units alone while the only leader in hand was held for the Government. With Lagos so
    held, a bot does not reinforce its leaderless Rebel group; a person may."""
    t = Guerilla(4, auto=False).arrange(
        [REB, REB, GOV, REB], hands={0: [cid("Unit 1/1"), cid("Unit 2/2")]},
        groups=[(0, GOV, [cid("Barracks")], 0), (0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 4/1")], 0)],
        discard=[cid(LAGOS)])
    t.do("retrieve a card (Barracks)", "end the turn", "end the turn", "end the turn", "end the turn")
    assert t.obs()["active"] == 0 and t.s._snap()["held"] == [cid(LAGOS)]
    assert "reinforce group 1" in t.moves() and "reinforce group 1" not in bot_moves(t)


# ------------------------------------------------------------------ drawing
def test_a_bot_draws_rather_than_end_its_turn(Guerilla, cid):
    """l.95: "At the cost of one action, a player may draw new cards from the deck until he
    reaches his hand capacity or draws a red card ... The player's turn ends as soon as that is
    done." Ending the turn instead gives the cards up for nothing. In play bots ended turns
    holding one card, with an action left and the deck at 23, and ended whole turns unused
    holding six of seven. With 3 or 6 cards of 7 and a full deck a bot draws rather than end
    the turn; with 14 cards left in the deck (sudden death is near, l.100) it may end it; a
    person may do either."""
    six = ["Unit 1/1", "Unit 2/2", "Unit 3/3", "Unit 4/4", "Unit 1/2", "Unit 2/1"]
    for hand, deck, ends in ((six[:3], None, False), (six, None, False), (six, 14, True)):
        cards, group = [cid(c) for c in hand], [cid(GALLARDO), cid("Unit 2/1", 1)]
        t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: cards}, groups=[(0, GOV, group, 0)],
                                            deck=deck and [c for c in range(128) if c not in cards + group][:deck])
        assert {"end the turn", "draw cards"} <= set(t.moves()) and (t.obs()["deck"] >= 15) == (deck is None)
        assert "draw cards" in bot_moves(t) and ("end the turn" in bot_moves(t)) == ends


def test_a_bot_with_half_a_hand_spends_not_the_draws_last_action_on_a_marker_point(Guerilla, cid):
    """l.78: "A player may purchase the possibility of a defensive ambush by spending an action";
    l.79: one point rolls a 1 on the d10 to act; l.95: the draw fills the hand and ends the turn.
    In play bots spent their last action on a point holding 1 to 3 cards of 7, the deck at 15
    to 33. With 3 cards, a full deck and one action left a bot draws (or acts), and buys no
    point; with two actions it may buy one; a person may do either."""
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: [cid("Unit 1/1"), cid("Unit 2/2"), cid("Unit 3/3")]},
                                        groups=[(0, GOV, [cid(GALLARDO), cid("Unit 2/1")], 0)])
    assert "buy an ambush marker point" in bot_moves(t)
    t.do("buy an ambush marker point")
    assert t.obs()["actions_left"] == 1 and "buy an ambush marker point" in t.moves()
    assert "buy an ambush marker point" not in bot_moves(t) and "draw cards" in bot_moves(t)


# ------------------------------------------------------------------ command
def test_a_bot_adds_no_unit_beyond_its_leaders_command(Guerilla, cid):
    """l.22: "When a group contains more units than its leader's command rating, any excess
    units are turned sideways and do not function as part of the group"; l.60-l.63: its attacker
    may attack "only the sideways unit"; l.110: he scores it. In play bots kept adding units
    their leaders could not command, and a person picked them off. Barrientos (rating 2)
    already commands two units: a bot does not reinforce that group. Lagos (rating 2) commands
    one: a bot adds one unit, then no more; a new group of Gallardo (rating 1) takes one unit.
    A person may do any of it."""
    hand = [cid("Unit 1/1"), cid("Unit 2/2"), cid("Unit 3/3"), cid(GALLARDO)]
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand}, groups=[
        (0, GOV, [cid(LAGOS), cid("Unit 2/1")], 0),
        (0, GOV, [cid(BARRIENTOS), cid("Unit 3/1"), cid("Unit 4/1")], 0)])
    assert "reinforce group 1" in t.moves() and "reinforce group 1" not in bot_moves(t)
    t.do("reinforce group 0", "Unit 3/3")
    assert "Unit 2/2" in t.moves() and bot_moves(t) == ["done"]
    t.do("done", "deploy a new group", GALLARDO)
    assert "Unit 1/1" in bot_moves(t)
    t.do("Unit 1/1")
    assert "Unit 2/2" in t.moves() and bot_moves(t) == ["done"]


def test_a_new_group_takes_the_units_its_leader_commands_for_the_seats_faction(Guerilla, cid):
    """l.22 as above; l.37: the new group's faction is chosen after its cards; l.58: a
    leaderless group fights with one unit. Valdivia rates 3 for the Government and 1 for the
    Rebels: under him a Government loyalist's new group takes up to three units, a Rebel
    loyalist's one. A new group with no leader may take several units (one action for them
    all, l.82)."""
    valdivia = "General Arturo Valdivia / Comandante Lucio Marín"
    hand = [cid(c) for c in (valdivia, "Unit 1/1", "Unit 2/2", "Unit 3/3")]
    for loyalty, cap in ((GOV, 3), (REB, 1)):
        t = Guerilla(4, auto=False).arrange([loyalty, GOV, REB, REB], hands={0: hand})
        t.do("deploy a new group", valdivia, *["Unit 1/1", "Unit 2/2", "Unit 3/3"][:cap - 1])
        assert "Unit 3/3" in bot_moves(t)
        t.do("Unit 3/3")
        assert bot_moves(t) == ["done"]
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand}).do("deploy a new group", "Unit 1/1")
    assert {"done", valdivia, "Unit 2/2"} <= set(bot_moves(t))


def test_no_new_group_whose_leader_leaves_it_weaker_than_its_best_unit(Guerilla, cid):
    """l.57: "A leader is necessary to combine the strength of units"; l.111: a leader adds
    his command modifier. Aranda (Government 2, -1) over a 1 makes a group of strength 0,
    weaker than the 1 alone; in play a bot deployed that and the next turn a lone 3 took both
    (l.110: 2 points). With a 1, a 2 and a 3 at hand a bot gives him the 3 and the 2 (3 + 2 - 1,
    more than the 3 alone), not the 1 (with the 3 he makes 3, no more), and ends the
    deployment only once both are in; a person may end it at once."""
    aranda = "Mayor Héctor Aranda / Comandante Simón Ortiz"
    hand = [cid(c) for c in (aranda, "Unit 1/1", "Unit 3/3", "Unit 2/4")]
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand},
                                        groups=[(1, REB, [cid("Unit 1/4")], 0)])
    t.do("deploy a new group", aranda)
    assert "Unit 1/1" in t.moves() and set(bot_moves(t)) == {"Unit 3/3", "Unit 2/4"}
    t.do("Unit 3/3")
    assert "done" in t.moves() and bot_moves(t) == ["Unit 2/4"]
    t.do("Unit 2/4")
    assert "done" in bot_moves(t)


def test_a_new_groups_faction_is_not_one_its_leader_weakens(Guerilla, cid):
    """l.37: a new group's faction is chosen with its cards; l.22 and l.111 as above. Prado
    commands two Government units at -1 (2 + 3 - 1 = 4) but one Rebel unit (3 - 1 = 2, weaker
    than the 3 alone): a bot deploys the group Government; a person may choose either."""
    prado = "Capitán Emilio Prado / Teniente Lucía Navarro"
    hand = [cid(c) for c in (prado, "Unit 2/2", "Unit 3/3", "Unit 2/4")]
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand},
                                        groups=[(1, REB, [cid("Unit 1/4")], 0)])
    t.do("deploy a new group", prado, "Unit 2/2", "Unit 3/3", "done")
    assert t.moves() == ["Government", "Rebel"] and bot_moves(t) == ["Government"]


@pytest.mark.parametrize("loyalty", [REB, MERC])
def test_a_new_groups_faction_is_not_one_that_leaves_a_unit_sideways(Guerilla, cid, loyalty):
    """l.37: a new group's faction is chosen with its cards; l.22: "When a group contains more
    units than its leader's command rating, any excess units are turned sideways and do not
    function". In self-play a bot deployed Urrutia (Government rating 1, Rebel 3, +2) with two
    units as Government, one sideways. A bot deploys that group Rebel; a person may choose
    either."""
    urrutia = "Capitán Tomás Urrutia / Comandante Elena Sotelo"
    t = Guerilla(4, auto=False).arrange([loyalty, REB, GOV, REB], hands={0: [cid(urrutia), cid("Unit 2/2"), cid("Unit 2/4")]},
                                        groups=[(1, REB, [cid("Unit 1/4")], 0)])
    t.do("deploy a new group", urrutia, "Unit 2/2", "Unit 2/4", "done")
    assert t.moves() == ["Government", "Rebel"] and bot_moves(t) == ["Rebel"]


def test_no_leader_picked_whom_no_unit_at_hand_can_lift(Guerilla, cid):
    """l.57, l.111 as above: Alvear (Government 2, -1) over a lone 4 makes 3, weaker than the
    4 alone; in play a bot picked him with its last unit and could only end the deployment
    weakened. With only the 4 in hand a bot does not pick him; with a 3 as well (4 + 3 - 1) it
    may. A person may pick him either way."""
    alvear = "Capitán Diego Alvear / Teniente Pablo Ochoa"
    for units, picks in ((["Unit 4/2"], False), (["Unit 4/2", "Unit 3/3"], True)):
        hand = [cid(c) for c in (alvear, *units, "Informant")]
        t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand},
                                            groups=[(1, REB, [cid("Unit 1/4")], 0)])
        t.do("deploy a new group")
        assert alvear in t.moves() and (alvear in bot_moves(t)) == picks


def test_no_leader_who_adds_nothing_to_the_units_he_joins(Guerilla, cid):
    """l.57: "A leader is necessary to combine the strength of units"; l.70: "Any leader left
    alone after losses are taken is eliminated"; l.111: his rating plus modifier is scored. In
    play a bot added Fuentes (Government 2, +0) to a lone 2; attacked, it lost the 2 and
    Fuentes with it, 4 points instead of 2. A bot's reinforcement of its own leaderless group
    brings a leader only with a unit in hand he can add (2 + 3), and ends only once he has; a
    new group takes Zamora (3, +0) only with a second unit, and ends only once it has one. A
    person may do either."""
    fuentes = "Mayor Ignacio Fuentes / Capitán Rosa Cárdenas"
    groups = [(0, GOV, [cid("Unit 2/1")], 0), (1, REB, [cid("Unit 1/4")], 0)]
    alone = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: [cid(fuentes), cid("Informant")]}, groups=groups)
    assert "reinforce group 0" in alone.moves() and "reinforce group 0" not in bot_moves(alone)
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: [cid(fuentes), cid("Unit 3/3")]}, groups=groups)
    t.do("reinforce group 0", fuentes)
    assert "done" in t.moves() and bot_moves(t) == ["Unit 3/3"]
    hand = [cid(c) for c in (ZAMORA, "Unit 4/2", "Informant")]
    new = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand}, groups=groups[1:])
    new.do("deploy a new group")
    assert ZAMORA in new.moves() and ZAMORA not in bot_moves(new)
    new = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: [*hand, cid("Unit 1/1")]}, groups=groups[1:])
    new.do("deploy a new group", ZAMORA, "Unit 4/2")
    assert "done" in new.moves() and "done" not in bot_moves(new)
    new.do("Unit 1/1")
    assert "done" in bot_moves(new)


def test_the_secret_initial_deployment_adds_no_unit_beyond_the_leaders_command(cid):
    """l.22 as above; l.36: "Simultaneously, players must deploy all red complex cards ... from
    their hands face down on the table", and other groups as they wish. In play a bot's initial
    deployment put a 3 sideways under Gallardo (rating 1) beside a 1. Having picked Echeverría
    (rating 1, +1) and a 3, a bot picks no further unit (the 4) for that group; a person may."""
    from tests.games.guerilla.test_setup import _deal, _hands, _start
    hands = _hands(cid)
    hands[0] = [cid(ECHEVERRIA), cid("Unit 3/1"), cid("Unit 4/1"), *hands[0][3:7], cid("Airfield")]
    s = _start()
    _deal(s, hands)
    for _ in range(4):
        s.apply_action(s.string_to_action("keep the deal (no misdeal)"))
    for move in (ECHEVERRIA, "Unit 3/1"):
        s.apply_action(s.string_to_action(move))
    moves = [s.action_to_string(a) for a in s.legal_actions()]
    bot = [s.action_to_string(a) for a in s.bot_actions()]
    assert "Unit 4/1" in moves and "Unit 4/1" not in bot and "done" in bot


def test_no_leader_picked_after_more_units_than_he_commands(Guerilla, cid):
    """l.22 as above. In self-play bots picked two or three units for a new group and then a
    leader of rating 1, the others sideways at once. After a 2 and a 3 a bot picks Lagos
    (rating 2), not Echeverría (rating 1); a person may pick either."""
    hand = [cid(c) for c in (ECHEVERRIA, LAGOS, "Unit 2/2", "Unit 3/3")]
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand},
                                        groups=[(1, REB, [cid("Unit 1/4")], 0)])
    t.do("deploy a new group", "Unit 2/2")
    assert ECHEVERRIA in bot_moves(t)                           # one unit: he commands it
    t.do("Unit 3/3")
    assert ECHEVERRIA in t.moves() and ECHEVERRIA not in bot_moves(t) and LAGOS in bot_moves(t)


def test_a_card_the_barracks_holds_sets_the_new_groups_faction_for_its_command(Guerilla, cid):
    """l.134: retrieved units "must be deployed initially on the side of the same faction as the
    barracks"; l.22 as above. A Rebel loyalist deploys the 3 its Government Barracks holds under
    Salcedo, rating 1 as Government (3 as Rebel): the group will be Government, so a bot adds no
    second unit; a person may."""
    salcedo = "Teniente Óscar Salcedo / Comandante Gabriel Montes"
    t = Guerilla(4, auto=False).arrange(
        [REB, REB, GOV, REB], hands={0: [cid("Unit 2/2"), cid(salcedo)]},
        groups=[(0, GOV, [cid("Barracks")], 0), (1, REB, [cid("Unit 1/4")], 0)], discard=[cid("Unit 3/3")])
    t.do("retrieve a card (Barracks)", "end the turn", "end the turn", "end the turn", "end the turn")
    t.do("deploy a new group", "Unit 3/3", salcedo)
    assert "Unit 2/2" in t.moves() and "Unit 2/2" not in bot_moves(t)


@pytest.mark.parametrize("loser, leaned", [("Unit 1/1", False), ("Unit 3/3", True)])
def test_press_is_kept_for_a_battle_where_it_moves_two_points(Guerilla, cid, loser, leaned):
    """l.124: Atrocities/Press "Halves (fractions rounded down) or doubles the point value of any
    losses inflicted in battle ... Discard after use." In play a bot spent Press to cut a 2-point
    win to 1. A Government loyalist leans to Press against a Rebel win of 3 (it takes 2 points);
    against a win of 1 (it takes 1) the card waits, no lean either way; a person may play it."""
    t = Guerilla(4, auto=False).arrange([REB, GOV, GOV, REB], hands={2: [cid("Atrocities/Press")]},
                                        groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid(loser)], 0)])
    t.do("attack with group 0", "group 1", "no reaction", "no reaction", "no reaction", "no reaction").roll(10, 1)
    while t.s.current_player() != 2:
        t.do("no reaction")
    p = priors(t)
    assert (p["play Press"] > p["no reaction"]) == leaned
    assert p["play Press"] >= p["no reaction"]


@pytest.mark.parametrize("withdrawal", [("withdraw free (Bridge)", "group 0"), ("withdraw group 0",)])
def test_no_reinforcement_of_a_group_withdrawn_from_the_same_turn(Guerilla, cid, withdrawal):
    """l.47: "The player may withdraw any deployed units or leaders back to his hand. This costs
    one action per group or part of a group that is withdrawn" (the Bridge's free, l.135); l.82:
    each reinforcement costs an action. In play bots took their complex's garrison back to hand
    and put the same card back, or a weaker one, in the same turn: nothing gained for two
    actions. Once a bot has withdrawn a garrison it does not reinforce that complex the same
    turn; a person may."""
    hand = [cid(c) for c in ("Unit 1/1", "Unit 2/2", "Unit 3/3")]
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand}, groups=[
        (0, GOV, [cid("Bridge"), cid("Unit 4/1")], 0), (1, REB, [cid("Unit 1/4")], 0)])
    assert "reinforce group 0" not in t.moves()                       # a garrison of one: full
    t.do(*withdrawal)
    assert t.group_of(cid("Bridge"))["units"] == []
    assert "reinforce group 0" in t.moves() and "reinforce group 0" not in bot_moves(t)


def test_no_leader_with_a_negative_modifier_into_ones_own_complex(Guerilla, cid):
    """l.67: "The defender totals the strength of all defending units, the DF of any complex,
    the group leader's command modifier, and a die roll." In play a bot sent a -1 leader to its
    Airfield's garrison, its defence 7 → 6. Reinforcing its own Airfield, a bot picks Alvear
    (-1) for it no more, Lagos (+1) still; with Alvear the only card that could join, it does not
    reinforce the Airfield at all (a fourth play-through saw a -1 leader go into a Port that
    way). A person may do either."""
    alvear = "Capitán Diego Alvear / Teniente Pablo Ochoa"
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: [cid(alvear), cid(LAGOS), cid("Unit 1/1")]},
                                        groups=[(0, GOV, [cid("Airfield"), cid("Unit 4/1")], 0),
                                                (1, REB, [cid("Unit 1/4")], 0)])
    t.do("reinforce group 0")
    assert alvear in t.moves() and alvear not in bot_moves(t) and LAGOS in bot_moves(t)
    alone = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: [cid(alvear), cid("Informant")]},
                                            groups=[(0, GOV, [cid("Airfield"), cid("Unit 4/1")], 0),
                                                    (1, REB, [cid("Unit 1/4")], 0)])
    assert "reinforce group 0" in alone.moves() and "reinforce group 0" not in bot_moves(alone)


@pytest.mark.parametrize("loyalty, kept", [(GOV, True), (MERC, True), (REB, False)])
def test_a_bot_keeps_the_garrison_unit_of_a_complex_it_needs(Guerilla, cid, loyalty, kept):
    """l.75: "Units and leaders garrisoning a complex must be the first to take losses when
    attacked. Whenever a complex would be required to take losses, it is instead captured by
    the attacking group." l.47: "The player may withdraw any deployed units or leaders back to
    his hand." In play a bot spent the Banco's extra action taking its only garrison unit home,
    and the bare Banco fell to the next attack. A seat whose marker needs the complex's faction
    (or any, a Mercenary) keeps the garrison unit, by the menu or the Bridge's free withdrawal;
    its leader may go. A Rebel loyalist's Government complex is the search's to judge."""
    t = Guerilla(4, auto=False).arrange([loyalty, REB, GOV, REB], hands={0: [cid("Unit 1/1")]}, groups=[
        (0, GOV, [cid("Bridge"), cid("Unit 4/1")], 0), (1, REB, [cid("Unit 1/4")], 0)])
    assert {"withdraw group 0", "withdraw free (Bridge)"} <= set(t.moves())
    assert ({"withdraw group 0", "withdraw free (Bridge)"} & set(bot_moves(t)) == set()) == kept
    led = Guerilla(4, auto=False).arrange([loyalty, REB, GOV, REB], hands={0: [cid("Unit 1/1")]}, groups=[
        (0, GOV, [cid("Bridge"), cid(BARRIENTOS), cid("Unit 4/1")], 0), (1, REB, [cid("Unit 1/4")], 0)])
    led.do("withdraw group 0")
    assert set(led.moves()) == {"done", f"Unit 4/1 (card {cid('Unit 4/1')})", f"{BARRIENTOS} (card {cid(BARRIENTOS)})"}
    assert (bot_moves(led) == [f"{BARRIENTOS} (card {cid(BARRIENTOS)})"]) == kept


def test_a_bot_withdraws_nothing_its_hand_cannot_hold(Guerilla, cid):
    """l.47: "Hand capacity can be temporarily exceeded following withdrawal, but cards will be
    lost if the hand is still over capacity at the end of the player's turn." l.15: seven cards
    with one faction deployed. In play bots withdrew into a full hand and lost cards at random
    at the turn's end. With six cards a bot takes one unit of a pair home, not both; with seven,
    none; a person may."""
    hand = [cid(c) for c in ("Unit 1/1", "Unit 2/2", "Unit 3/3", "Unit 1/2", "Unit 2/1", "Unit 3/2")]
    groups = [(0, GOV, [cid("Unit 4/1"), cid("Unit 2/3")], 0), (1, REB, [cid("Unit 1/4")], 0)]
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand}, groups=groups)
    assert "withdraw group 0" in bot_moves(t)
    t.do("withdraw group 0")
    assert "done" in t.moves() and "done" not in bot_moves(t)          # "done" at once: the pair
    t.do(f"Unit 4/1 (card {cid('Unit 4/1')})")
    assert bot_moves(t) == ["done"]
    full = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand + [cid("Unit 4/4")]}, groups=groups)
    assert "withdraw group 0" in full.moves() and "withdraw group 0" not in bot_moves(full)
