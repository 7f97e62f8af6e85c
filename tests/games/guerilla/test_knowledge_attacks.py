"""Attacks by their chance of winning (knowledge.pyx): which group attacks, which target and
which part of it, each in a position built for it. Without the prior every weight is the same
and each comparison fails."""
import pytest

from partisan.core.games.guerilla.state import GOV, REB
from tests.games.guerilla.conftest import un_on_seat_1

DURAN = "Coronel Manuel Durán / Capitán Tadeo Salas"                 # rating 2 / 2, -2


def priors(t):
    return {t.s.action_to_string(a): p for a, p in t.s._priors().items()}


def _table(Guerilla, cid, attacker, *rebels):
    """Seat 0, a Government loyalist, has a Government group of `attacker`; each of `rebels`
    is a Rebel group of seat 1's (a list of card names). His hand of four keeps the end of the
    turn open to a bot (with less it draws: test_bot_knowledge.py)."""
    hand = [cid(c) for c in ("Unit 2/2", "Unit 3/3", "Unit 4/4", "Unit 2/3")]
    return Guerilla(4, auto=False).arrange(
        [GOV, REB, GOV, REB], hands={0: hand}, groups=[(0, GOV, [cid(attacker)], 0),
                                      *[(1, REB, [cid(c) for c in cards], 0) for cards in rebels]])


def test_the_weaker_target_is_tried_first(Guerilla, cid):
    """l.67-l.68: each side totals its strength and a die; "The player with the lowest total
    must eliminate units of his choice with a combined strength at least equal to the
    difference in the totals", and the victor scores what is eliminated (l.110). A Government
    2 against a Rebel 1 wins more than half its battles, against a Rebel 3 about a third."""
    t = _table(Guerilla, cid, "Unit 2/1", ["Unit 1/1"], ["Unit 1/3"])
    t.do("attack with group 0")
    p = priors(t)
    assert p["group 1"] > p["group 2"]
    assert p["group 1"] / p["group 2"] == pytest.approx(0.55 / 0.36)


def test_a_target_below_a_third_of_a_chance_is_left_alone(Guerilla, cid):
    """l.68: the lower total "must eliminate units of his choice with a combined strength at
    least equal to the difference", a tie has no effect, and the victor scores the losses
    (l.110). A Government 2 beats a Rebel 4 in 28 battles of 100 and loses 64: in play bots
    threw such attacks at a garrisoned complex and paid the defender 8 points. A bot's attack
    goes to the Rebel 1 (55 in 100); a person may pick either."""
    t = _table(Guerilla, cid, "Unit 2/1", ["Unit 1/1"], ["Unit 1/4"])
    t.do("attack with group 0")
    assert t.moves() == ["group 1", "group 2"] and _bot_moves(t) == ["group 1"]


def test_a_long_shot_is_not_worth_an_action(Guerilla, cid):
    """l.55: "An attack cannot be made if it has no chance of success": a Government 1 against
    a Rebel 4 may still attack, and wins only when its die beats the defence's by four (21 in
    100); ending the turn keeps the unit and gives the Rebels nothing. A bot does not declare it
    (under a third of a chance); a Government 2 against a Rebel 3 (36 in 100) it weighs below
    drawing (a neutral move), and against a Rebel 1 ahead of it."""
    t = _table(Guerilla, cid, "Unit 1/1", ["Unit 1/4"])
    assert "attack with group 0" in t.moves() and "attack with group 0" not in _bot_moves(t)
    p = priors(_table(Guerilla, cid, "Unit 2/1", ["Unit 1/3"]))
    assert p["attack with group 0"] < p["draw cards"]
    p = priors(_table(Guerilla, cid, "Unit 2/1", ["Unit 1/1"]))
    assert p["attack with group 0"] > p["draw cards"]


def test_the_sideways_unit_is_attacked_where_the_commanded_ones_are_too_strong(Guerilla, cid):
    """l.60-l.63: "When attacking a group with a higher number of units than its leader's
    command rating the attacker may choose to attack: - only the sideways unit out of command
    control; - the units under command control; or - all units in the group." Durán commands
    two Rebel 4s at -2 (6); the Rebel 1 beyond his rating stands alone: a Government 3 beats it
    in 64 battles of 100, the commanded pair in 21."""
    t = _table(Guerilla, cid, "Unit 3/1", [DURAN, "Unit 1/4", "Unit 2/4", "Unit 1/1"])
    t.do("attack with group 0", "group 1")
    p = priors(t)
    assert p["attack the sideways units"] > p["attack the commanded units"]
    assert p["attack the sideways units"] / p["attack the commanded units"] == pytest.approx(0.64 / 0.21)


@pytest.mark.parametrize("attackers, attacks", [(["Unit 1/4"], False), ([DURAN, "Unit 1/4", "Unit 1/4"], True)])
def test_no_long_shot_at_the_un_card(Guerilla, cid, attackers, attacks):
    """l.129: the UN card "defends with a strength of 10 [...] No points are scored in battles
    involving the UN card", and the loser still loses units (l.68). In play bots sent lone 2s
    and 3s and an Armor Column against it. A Rebel 4 beats 10 six times in 100 and only loses:
    a person may still try, a bot does not; Durán's two Rebel 4s at -2 (6) win 15 in 100,
    worth a try to lift the card's protection."""
    t = un_on_seat_1(attackers)
    assert "attack with group 2" in t.moves()
    bot = [t.s.action_to_string(a) for a in t.s.bot_actions()]
    assert ("attack with group 2" in bot) == attacks, bot


@pytest.mark.parametrize("hand", [("Ambush",), ("Arms Cache",)])
def test_a_card_in_hand_does_not_lift_the_odds_against_the_un_card(Guerilla, cid, hand):
    """l.129: "The strength of the UN card is not modified by any other card", and its battle
    opens no reaction window (RULES.md reading 27): an Ambush (l.120) or Arms Cache (l.122) in
    hand cannot double the lone Rebel 4, which still beats the card's 10 only 6 times in 100.
    In play `expert` declared such attacks, the odds counting the card it could not play."""
    t = un_on_seat_1(["Unit 1/4"], hand)
    assert "attack with group 2" in t.moves()
    assert "attack with group 2" not in _bot_moves(t)


def _bot_moves(t):
    return [t.s.action_to_string(a) for a in t.s.bot_actions()]


def test_no_sortie_that_is_a_long_shot_at_the_un_card(Guerilla, cid):
    """l.59: "A deployed group can divide into two before attacking (sortie). One of the new
    groups must then attack." Two leaderless Rebel 4s can only split into lone 4s, and a lone
    4 may attack nothing but the UN card, which "defends with a strength of 10" (l.129): six
    wins in 100, and "No points are scored in battles involving the UN card". In play bots
    made these sorties after the declared long shots were barred; a person still may."""
    t = un_on_seat_1(["Unit 1/4", "Unit 2/4"])
    assert "sortie from group 2" in t.moves()
    assert "sortie from group 2" not in _bot_moves(t)


def test_a_sortie_keeps_the_splits_with_a_hope(Guerilla, cid):
    """l.59 and l.129 as above, with l.57-l.58: a leader commands as many units as his rating
    and adds his modifier. Durán (2, -2) and two Rebel 4s split off attack with 6 (15 wins in
    100), worth a try; a lone 4, or Durán with one 4 (2), is not. The bot's first pick may be
    any card that can still lead to Durán and two 4s, and it does not stop at one 4."""
    t = un_on_seat_1([DURAN, "Unit 1/4", "Unit 2/4", "Unit 3/4"])
    assert "sortie from group 2" in _bot_moves(t)
    t.do("sortie from group 2")
    last = f"Unit 3/4 (card {cid('Unit 3/4')})"
    assert last in t.moves() and last not in _bot_moves(t)
    t.do(f"Unit 1/4 (card {cid('Unit 1/4', 1)})")
    assert "done" in t.moves() and "done" not in _bot_moves(t)
    assert f"{DURAN} (card {cid(DURAN)})" not in _bot_moves(t)
    assert _bot_moves(t) == [f"Unit 2/4 (card {cid('Unit 2/4')})", last]


def test_a_leaderless_defence_is_named_by_the_odds_and_never_short(Guerilla, cid):
    """l.58: "When attacking a leaderless group, the attacker decides which unit(s) will
    defend." l.57: "A leader is necessary to combine the strength of units", so the strongest
    named unit defends alone (RULES.md reading 8), and l.64: "only the units under attack can
    defend and take losses". A Government 3 against two Rebel 1s and a Rebel 4: a 1 first (the
    chance of winning decides, as for the attack's target); with a 1 named, the other 1 leaves
    that chance as it is and can only add to the Rebels' losses, so the bot names it before
    "done"; the 4 would cut the chance and comes after "done"."""
    t = _table(Guerilla, cid, "Unit 3/1", ["Unit 1/1", "Unit 2/1", "Unit 1/4"])
    t.do("attack with group 0", "group 1")
    one, other_one, four = (f"{n} (card {cid(n)})" for n in ("Unit 1/1", "Unit 2/1", "Unit 1/4"))
    p = priors(t)
    assert p[one] == p[other_one] > p[four]
    t.do(one)
    assert "done" in t.moves() and _bot_moves(t) == [other_one, four]
    t.do(other_one)
    assert _bot_moves(t) == ["done", four]
    p = priors(t)
    assert p["done"] > p[four]


@pytest.mark.parametrize("rebel, sorties", [("Unit 1/4", False), ("Unit 2/1", True)])
def test_no_sortie_whose_attack_is_a_long_shot(Guerilla, cid, rebel, sorties):
    """l.59: "A deployed group can divide into two before attacking (sortie). One of the new
    groups must then attack." In play most attacks a bot made below a third of a chance were
    sorties'. Two leaderless Government 1s split into lone 1s: against a Rebel 4 the one that
    attacks wins 21 times in 100, and a bot makes no such sortie; against a Rebel 1, 45, and it
    may. A person may make either."""
    hand = [cid(c) for c in ("Unit 2/2", "Unit 3/3", "Unit 4/4", "Unit 2/3")]
    t = Guerilla(4, auto=False).arrange([GOV, REB, GOV, REB], hands={0: hand}, groups=[
        (0, GOV, [cid("Unit 1/1"), cid("Unit 1/2")], 0), (1, REB, [cid(rebel)], 0)])
    assert "sortie from group 0" in t.moves()
    assert ("sortie from group 0" in _bot_moves(t)) == sorties


def test_a_leaderless_group_attacks_with_a_unit_that_has_fair_odds(Guerilla, cid):
    """l.58: "Only one unit (owner chooses which) in a leaderless group can attack each turn";
    l.68: the lower total "must eliminate units of his choice with a combined strength at least
    equal to the difference". A Rebel 4 beats a Government 3 in 55 battles of 100 (a unit card
    prints a Government and a Rebel strength, "Unit 3/2" a Government 3); a Rebel 1
    beats it in 28 and loses 64: in play a bot declared such an attack on its stronger unit and
    sent the weaker. A bot sends the 4; a person may send either."""
    r4, r1 = cid("Unit 1/4"), cid("Unit 2/1")
    t = Guerilla(4, auto=False).arrange([REB, GOV, REB, GOV], hands={0: [cid(c) for c in (
        "Unit 2/2", "Unit 3/3", "Unit 4/4", "Unit 2/3")]}, groups=[(0, REB, [r4, r1], 0),
                                                                 (1, GOV, [cid("Unit 3/2")], 0)])
    t.do("attack with group 0")
    assert set(t.moves()) == {f"Unit 1/4 (card {r4})", f"Unit 2/1 (card {r1})"}
    assert _bot_moves(t) == [f"Unit 1/4 (card {r4})"]


def test_a_leaderless_group_with_no_fair_unit_keeps_its_choice(Guerilla, cid):
    """When no unit has a third of a chance, the choice stays the search's (an Air Assault's
    group must attack, l.119): a Rebel 2 and a Rebel 1 against a Government 4."""
    r2, r1 = cid("Unit 1/2"), cid("Unit 2/1")
    t = Guerilla(4, auto=False).arrange([REB, GOV, REB, GOV], hands={0: [cid(c) for c in (
        "Unit 2/2", "Unit 3/3", "Unit 4/4", "Unit 2/3")]}, groups=[(0, REB, [r2, r1], 0),
                                                                 (1, GOV, [cid("Unit 4/2")], 0)])
    t.do("attack with group 0")                 # l.55: a 2 + 10 still beats a 4 + 1
    assert len(t.moves()) == 2 and sorted(_bot_moves(t)) == sorted(t.moves())
