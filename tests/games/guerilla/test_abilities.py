"""The complexes' abilities (the Red Card Table, rules/guerilla.txt l.131-l.141), destroying a
Rebel complex (l.76) and repairs (l.92); the digest's T9."""
from partisan.core.games.guerilla.state import GOV, REB
from partisan.core.games.guerilla.view import move_phrase
VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"        # Government 3, +2
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2, +1
GALLARDO = "Teniente Raúl Gallardo / Teniente Martín Vega"           # rating 1 / 1, 0
ZAMORA = "General Hernán Zamora / Comandante Inés Villalba"          # rating 3 / 3, 0


def test_air_strike_on_a_unit(Guerilla, cid):
    """l.131: "Owner may make one air strike per turn at a cost of one action during the Attack
    phase. Select one unit or complex. The attack total is six plus a die roll. If the defender
    is a unit, the defence total is unit strength plus the command modifier of any leader in the
    same group, plus a die roll ... If the attack total is greater, the unit is eliminated." """
    r3, lead = cid("Unit 1/3"), cid(GALLARDO)
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Airfield")], 0), (1, REB, [lead, r3], 0)])
    t.do("air strike (Airfield)")
    assert t.moves() == [f"Unit 1/3 (card {r3})"] and t.obs()["actions_left"] == 1
    t.do(f"Unit 1/3 (card {r3})").roll(5, 7)           # 11 against 3 + 0 + 7
    assert t.snap()["where"][r3] == 7
    assert t.obs()["scores"][0] == 3 + 1                # the unit, and its leader left alone
    assert "air strike (Airfield)" not in t.moves()     # once a turn


def test_air_strike_fails_on_a_tie(Guerilla, cid):
    r3 = cid("Unit 1/3")
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Airfield")], 0), (1, REB, [r3], 0)])
    t.do("air strike (Airfield)", f"Unit 1/3 (card {r3})").roll(4, 7)   # 10 against 10
    assert t.snap()["where"][r3] == 8


def test_air_strike_damages_and_destroys_complexes(Guerilla, cid):
    """l.131: "If attacking a complex, the defence total is complex DF plus a die roll ... The
    number of points the attack total is greater than the defence is done in damage to the
    complex. If damage to a complex exceeds its DF, the complex is destroyed. A damaged complex
    continues to defend at its full DF, but loses its special abilities." Scoring (l.112-l.113):
    a complex destroyed by Rebels scores its VP, by the Government none."""
    policia, port = cid("Policia"), cid("Port")
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Airfield")], 0), (1, REB, [policia], 0),
                                    (1, REB, [cid(VALDIVIA), cid("Unit 2/2")], 0)])
    t.do("air strike (Airfield)", "group 1").roll(6, 8)   # 12 against 3 + 8: one damage
    assert t.group_of(policia)["damage"] == 1
    t.do("end the turn")
    assert "assassination (Policia)" not in t.moves()       # a damaged complex has no ability
    rebel = Guerilla(4).arrange(groups=[(0, REB, [cid("Airfield")], 0), (1, GOV, [port], 0)])
    rebel.do("air strike (Airfield)", "group 1").roll(10, 1)   # 16 against 3: 13 > DF 2
    assert rebel.snap()["where"][port] == 7 and rebel.obs()["scores"][0] == 5
    gov = Guerilla(4).arrange(groups=[(0, GOV, [cid("Airfield")], 0), (1, REB, [port], 0)])
    gov.do("air strike (Airfield)", "group 1").roll(10, 1)
    assert gov.snap()["where"][port] == 7 and gov.obs()["scores"][0] == 0


def test_policia_kills_a_leader_of_its_own_faction(Guerilla, cid):
    """l.136: "May make one assassination attempt per turn on a leader of the same faction
    controlled by another player. Roll the die and subtract the target leader's command modifier
    ... If the result is greater than 5, the leader is dead ... A successful leader elimination
    still scores points for the player and faction, even though it is the same faction." Its
    cost is unstated: no action (RULES.md reading 13)."""
    lead = cid(VALDIVIA)                                      # +2: an 8 kills, a 7 does not
    setup = dict(groups=[(0, GOV, [cid("Policia")], 0), (1, GOV, [lead, cid("Unit 2/2")], 0),
                         (2, REB, [cid(LAGOS), cid("Unit 2/3")], 0)])
    t = Guerilla(4, auto=False).arrange(**setup)
    t.do("assassination (Policia)")
    assert t.moves() == [f"{VALDIVIA} (card {lead})"]
    t.do(f"{VALDIVIA} (card {lead})", "no reaction", "no reaction", "no reaction", "no reaction").roll(7)   # no Bodyguard
    assert t.snap()["where"][lead] == 8 and t.obs()["actions_left"] == 2
    t = Guerilla(4, auto=False).arrange(**setup)
    t.do("assassination (Policia)", f"{VALDIVIA} (card {lead})", "no reaction", "no reaction", "no reaction", "no reaction").roll(8)
    assert t.snap()["where"][lead] == 7
    assert t.obs()["scores"][0] == 5 and t.obs()["faction_scores"]["Government"] == 5


def test_t9_propaganda(Guerilla, cid):
    """Digest T9. l.141: "May make one propaganda attack per turn on the weakest unit of the
    opposing faction. Does not cost an action. Weakest unit is calculated on the basis of
    strength plus the command modifier of the group leader, less any isolation die roll
    modifier. Attacker's own units are excluded ... Roll the die, subtract the strength of the
    unit plus its group leader's command modifier. If the result is greater than 0, the unit is
    eliminated." Strength 2 with a +1 leader: a 4 kills, a 3 does not."""
    r2 = cid("Unit 1/2")
    setup = dict(groups=[(0, GOV, [cid("TV Station")], 0), (0, REB, [cid("Unit 2/1")], 0),
                         (1, REB, [cid(LAGOS), r2], 0), (2, REB, [cid("Unit 1/4")], 0)])
    t = Guerilla(4).arrange(**setup)
    t.do("propaganda (TV Station)")
    assert t.moves() == [f"Unit 1/2 (card {r2})"]        # 2 + 1 = 3 beats the 4; not his own 1
    t.do(f"Unit 1/2 (card {r2})").roll(3)
    assert t.snap()["where"][r2] == 8 and t.obs()["actions_left"] == 2
    t = Guerilla(4).arrange(**setup)
    t.do("propaganda (TV Station)", f"Unit 1/2 (card {r2})").roll(4)
    assert t.snap()["where"][r2] == 7 and t.obs()["scores"][0] >= 2


def test_destroying_ones_own_rebel_complex(Guerilla, cid):
    """l.76: "A Rebel complex can be destroyed by its owner in his attack phase at the cost of
    one action. Destroying a complex counts as an attack." It scores its VP for the Rebels
    (l.112)."""
    bridge = cid("Bridge")                                    # VP 3
    t = Guerilla(4).arrange(groups=[(0, REB, [bridge, cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 1/1")], 0)])
    t.do("destroy a Rebel complex", "group 0")
    assert t.snap()["where"][bridge] == 7 and t.obs()["scores"][0] == 3
    assert t.obs()["faction_scores"]["Rebel"] == 3 and t.obs()["actions_left"] == 1
    assert t.group_of(cid("Unit 1/4"))["attacked"]


def _captured_airfield(Guerilla, cid, hand=()):
    """Digest T3's attack: Rebels 3 + 2 with a leader (2, +1) and a 7 beat an Airfield (DF 3)
    with a Government 2 and a 4, capturing it; no garrison moves in."""
    rebels = [cid("Coronel Ramiro Cifuentes / Capitán Andrés Paredes"), cid("Unit 1/3"), cid("Unit 1/2")]
    t = Guerilla(4).arrange(hands={0: list(hand)}, groups=[(0, REB, rebels, 0),
                                                          (1, GOV, [cid("Airfield"), cid("Unit 2/1")], 0)])
    t.do("attack with group 0", "group 1", *(["no reaction"] if hand else [])).roll(7, 4).do("done")
    assert t.group_of(cid("Airfield"))["faction"] == REB and t.obs()["actions_left"] == 1
    return t


def test_a_complex_captured_this_turn_cannot_be_destroyed(Guerilla, cid):
    """l.76: "A Rebel complex can be destroyed by its owner in his attack phase at the cost of
    one action. Destroying a complex counts as an attack, so a group which took control of a
    complex could not destroy it on the same turn unless an Arms Cache event card was played."
    The rulebook's own example: the capture was the attack, so the captured complex is not
    destroyed that turn (the engine once offered it, its new group not having attacked)."""
    t = _captured_airfield(Guerilla, cid)
    assert "destroy a Rebel complex" not in t.moves()
    t.do("end the turn")
    assert t.group_of(cid("Airfield"))["attacked"] is False


def test_an_arms_cache_lets_a_captured_complex_be_destroyed(Guerilla, cid):
    """l.76: "... unless an Arms Cache event card was played", its use 1 (l.122: "Attack with
    the same group a second time"): the destruction costs its action and the card goes face
    up, as a second attack does; the Airfield's VP (5) scores for the Rebels."""
    arms = cid("Arms Cache")
    t = _captured_airfield(Guerilla, cid, hand=[arms])
    t.do("destroy a Rebel complex", "group 1")
    assert t.snap()["where"][cid("Airfield")] == 7 and t.snap()["where"][arms] == 7
    assert t.obs()["actions_left"] == 0 and t.obs()["faction_scores"]["Rebel"] == 2 + 5


def test_repair(Guerilla, cid):
    """l.92: "Damage to a complex can be repaired at the cost of one action. A die is rolled and
    damage equal to half the number rolled (rounded down) is repaired. Only one repair per turn
    is allowed." """
    port = cid("Port")
    t = Guerilla(4).arrange(groups=[(0, GOV, [port], 2), (0, REB, [cid("Bridge")], 1)])
    t.do("repair a complex", "group 0").roll(3)
    assert t.group_of(port)["damage"] == 1 and t.obs()["actions_left"] == 1
    assert "repair a complex" not in t.moves()


def test_palace_replaces_a_leader(Guerilla, cid):
    """l.138: "At a cost of one action in Deployment phase, the owning player may deploy a leader
    from his hand to any player's group of the same faction as controls the palace. Any existing
    group leader is removed to the discard pile. No points are scored for this." """
    new, old = cid(ZAMORA), cid(GALLARDO)
    t = Guerilla(4).arrange(hands={0: [new]}, groups=[(0, GOV, [cid("Presidential Palace")], 0),
                                                      (2, GOV, [old, cid("Unit 2/2")], 0),
                                                      (1, REB, [cid("Unit 1/1")], 0)])
    t.do("new leader (Presidential Palace)", ZAMORA)
    assert t.moves() == ["group 0", "group 1"]
    t.do("group 1")
    g = t.group_of(new)
    assert g["owner"] == 2 and g["leader"] == new
    assert t.snap()["where"][old] == 7 and t.obs()["scores"] == [0, 0, 0, 0]


def test_port_retrieves_the_topmost_card_of_its_kind(Guerilla, cid):
    """l.137: "In the Draw phase, he may also retrieve an Arms Cache (if the port is Rebel
    controlled) or an Armor Column or an Air Assault card (if Government controlled) from the
    discard pile. There is no choice of card, you get the one closest to the top. This costs an
    action. The pile cannot be checked to see if it contains one of these cards before spending
    an action." """
    armor, assault, arms = cid("Armor Column"), cid("Air Assault"), cid("Arms Cache")
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Port")], 0)],
                            discard=[armor, assault, arms, cid("Unit 1/1")])
    t.do("retrieve a card (Port)")
    assert t.snap()["where"][assault] == 1 and t.snap()["where"][armor] == 7
    assert t.obs()["actions_left"] == 1 and "retrieve a card (Port)" not in t.moves()
    empty = Guerilla(4).arrange(groups=[(0, REB, [cid("Port")], 0)], discard=[armor])
    assert "retrieve a card (Port)" in empty.moves()
    empty.do("retrieve a card (Port)")
    assert empty.snap()["where"][armor] == 7 and empty.obs()["actions_left"] == 1


def test_bridge_moves_one_group_free(Guerilla, cid):
    """l.135: "The player controlling the bridge may deploy or withdraw one group of the bridge's
    faction per turn at no action cost." """
    t = Guerilla(4).arrange(hands={0: [cid("Unit 1/1")]},
                            groups=[(0, REB, [cid("Bridge")], 0), (0, REB, [cid("Unit 2/2")], 0)])
    t.do("deploy free (Bridge)", "Unit 1/1", "done")
    assert t.moves() == ["Rebel"]
    t.do("Rebel")
    assert t.obs()["actions_left"] == 2
    assert "withdraw free (Bridge)" not in t.moves() and "deploy free (Bridge)" not in t.moves()
    w = Guerilla(4).arrange(groups=[(0, REB, [cid("Bridge")], 0), (0, REB, [cid("Unit 2/2")], 0),
                                    (0, GOV, [cid("Unit 2/3")], 0)])
    w.do("withdraw free (Bridge)")
    assert w.moves() == ["group 1"]
    w.do("group 1")
    assert w.obs()["actions_left"] == 2 and w.obs()["hand_sizes"][0] == 1


def test_banco_gives_a_third_action_for_its_faction(Guerilla, cid):
    """l.133: "Owning player increases his total action cost by one per turn. The extra action
    must be used by the faction controlling the bank. Trading, discarding, drawing, deploying
    the UN, and purchasing an ambush marker can be attributed to either faction." """
    hand = [cid("Unit 1/1", k) for k in range(4)]
    t = Guerilla(4).arrange(hands={0: hand}, groups=[(0, REB, [cid("Banco de Nationale")], 0),
                                                     (0, GOV, [cid("Unit 2/2")], 0),
                                                     (0, REB, [cid("Unit 2/3")], 0)])
    t.do("deploy a new group", "Unit 1/1", "done", "Government")
    t.do("deploy a new group", "Unit 1/1", "done", "Government")
    assert t.obs()["actions_left"] == 0
    moves = t.moves()
    assert "reinforce group 1" not in moves                  # a Government group
    assert "discard cards" in moves and "reinforce group 2" in moves
    t.do("deploy a new group", "Unit 1/1", "done")
    assert t.moves() == ["Rebel"]


def test_the_palace_menus_say_what_each_choice_does(Guerilla, cid):
    """l.138: the Palace's owner "may deploy a leader from his hand to any player's group of the
    same faction ... Any existing group leader is removed to the discard pile": the menus name
    the leader sent and the group he takes over, with the leader it loses."""
    new, old = cid(ZAMORA), cid(GALLARDO)
    t = Guerilla(4).arrange(hands={0: [new]}, groups=[(0, GOV, [cid("Presidential Palace")], 0),
                                                      (2, GOV, [old, cid("Unit 2/2")], 0)])
    t.do("new leader (Presidential Palace)")
    assert [move_phrase(t.s, a, 0) for a in t.s.legal_actions()] == [
        "send General Hernán Zamora / Comandante Inés Villalba 3/3 from the Palace"]
    t.do(ZAMORA)
    assert [move_phrase(t.s, a, 0) for a in t.s.legal_actions()] == [
        "put the leader in command of your g0",
        f"put the leader in command of P3's g1 (its leader {GALLARDO} is discarded)"]
