"""Guerilla's screen after the seventh round's newcomers: whose Ambush an Informant cancels,
alike units told apart in a menu, and the other consequences the screen left unsaid. Each test
quotes the passage it explains."""
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES, GOV, REB
from partisan.core.games.guerilla.view import describe_action, move_phrase
from tests.games.guerilla.conftest import name

LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2
VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"         # Rebel rating 1


def _phrases(t, viewer: int) -> list[str]:
    return [move_phrase(t.s, a, viewer) for a in t.s.legal_actions()]


def test_an_informant_cancelling_the_viewer_s_ambush_says_your_ambush(Guerilla, cid):
    """l.126: the Informant "cancels the effects of an Ambush card" (the last one played). When
    that Ambush is the viewer's, the line says "your Ambush", so the summary ranks it as done to
    the player; the others read whose it was."""
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush")], 1: [cid("Informant")]},
                                        groups=[(0, GOV, [cid("Unit 3/3")], 0), (1, REB, [cid("Unit 2/2")], 0)])
    t.do("attack with group 0", "group 1", "play Ambush", name(cid("Unit 3/3")))
    cancel = next(a for a in t.s.legal_actions() if "cancel" in t.s.action_to_string(a))
    assert describe_action(t.s, cancel, 0) == "P2: play Informant: cancel your Ambush"
    assert describe_action(t.s, cancel, 1) == "you: play Informant: cancel P1's Ambush"
    assert describe_action(t.s, cancel, 2) == "P2: play Informant: cancel P1's Ambush"
    t.do("play Informant: cancel P1's Ambush")
    assert t.snap()["doubled"] == []


def test_an_informant_cancelling_a_single_out_names_the_attacker(Guerilla, cid):
    """l.120: the attacker's Ambush may "single out one defending unit"; l.126: the Informant
    cancels it. The single-out is the attacker's Ambush."""
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush")], 2: [cid("Informant")]},
                                        groups=[(0, GOV, [cid("Unit 3/3")], 0),
                                                (1, REB, [cid(VALDIVIA), cid("Unit 2/2"), cid("Unit 1/1")], 0)])
    t.do("attack with group 0", "group 1", "attack all units", "play Ambush", name(cid("Unit 2/2")),
         "no reaction")
    assert "P3: play Informant: cancel your Ambush" in [describe_action(t.s, a, 0) for a in t.s.legal_actions()]


def test_alike_units_of_one_group_read_apart_in_the_ambush_menu(Guerilla, cid):
    """l.120: the attacker's Ambush may "single out one defending unit"; l.22: a leader
    "commands" as many units as his rating, the rest lie sideways. Two Unit 2/2 under a rating-1
    leader, one commanded and one sideways, are two choices that must read apart."""
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush")]}, groups=[
        (0, GOV, [cid("Unit 3/3")], 0), (1, REB, [cid(VALDIVIA), cid("Unit 2/2"), cid("Unit 2/2", 1)], 0)])
    t.do("attack with group 0", "group 1", "attack all units", "play Ambush")
    assert _phrases(t, 0)[:2] == ["single out Unit 2/2 (commanded) of P2's g1 as the only defender",
                                  "single out Unit 2/2 (sideways) of P2's g1 as the only defender"]


def test_two_alike_commanded_units_read_by_their_copy(Guerilla, cid):
    """l.120: an Ambush may "double the strength of one unit"; each Arms Cache doubles one too
    (l.122), never the same one twice. Two alike commanded units are told by their order on the board."""
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush")]}, groups=[
        (0, GOV, [cid(LAGOS), cid("Unit 1/2"), cid("Unit 1/2", 1)], 0), (1, REB, [cid("Unit 2/2")], 0)])
    t.do("attack with group 0", "group 1", "play Ambush")
    phrases = _phrases(t, 0)
    assert "double the first Unit 1/2 of your g0" in phrases
    assert "double the second Unit 1/2 of your g0" in phrases


def test_a_forced_no_reaction_on_a_complex_says_why_the_ambush_was_not_offered(Guerilla, cid):
    """l.120: the Ambush "Cannot be played on a complex" (RULES.md reading 17: garrisoned or
    not). When the attacker and the defender holding one can only pass, their own line says why;
    the others' lines keep the hand secret, and a seat that could never play it hears nothing."""
    t = Guerilla(4, auto=False).arrange(
        hands={0: [cid("Ambush")], 1: [cid("Ambush", 1)], 2: [cid("Ambush", 2)]},
        groups=[(0, GOV, [cid("Unit 3/3")], 0), (1, REB, [cid("Port"), cid("Unit 2/2")], 0)])
    t.do("attack with group 0", "group 1")
    why = ' (your Ambush cannot be used: it "Cannot be played on a complex", and g1 is the Port)'
    for seat in (0, 1):
        assert t.moves() == ["no reaction"] and t.s.current_player() == seat
        lines = [describe_action(t.s, t.s.legal_actions()[0], v) for v in (0, 1, 2)]
        assert lines[seat] == "you: no reaction" + why
        assert [line for v, line in enumerate(lines) if v != seat] == [f"P{seat + 1}: no reaction"] * 2
        t.do("no reaction")
    assert describe_action(t.s, t.s.legal_actions()[0], 2) == "you: no reaction"


def test_each_card_ordered_onto_the_pile_says_what_it_scores_and_what_is_to_come(Guerilla, cid):
    """l.72: "Eliminated cards are placed face up on the discard pile. The victor decides the
    order in which they go there"; l.110-l.111: units score their strength, a leader his rating
    plus modifier. The battle's line tells the 6 points once, as due; each placement scores its part as
    it goes, and its line says it is a share of those 6 and how much is still to come."""
    t = Guerilla(4).arrange(groups=[(2, GOV, [cid("Barracks"), cid("Unit 1/1", 1)], 0), (0, GOV, [cid("Unit 5/1")], 0),
                                    (1, REB, [cid(LAGOS), cid("Unit 2/2"), cid("Unit 1/1")], 0)])
    t.do("attack with group 1", "group 2").roll(9)
    assert "6 points due to you" in describe_action(t.s, CHANCE_OUTCOMES.die, 0)
    t.roll(1)
    first = t.s.string_to_action(name(cid("Unit 1/1")))
    assert describe_action(t.s, first, 0) == (
        "you: put Unit 1/1 on the discard pile next: 1 of the battle's 6 points scored, 5 to come "
        "(you now 1; Government tally 0 → 1)")
    assert describe_action(t.s, first, 1) == (
        "P1: put Unit 1/1 on the discard pile next: 1 of the battle's 6 points scored, 5 to come")
    t.do(name(cid("Unit 1/1")))
    last = t.s.string_to_action(name(cid("Unit 2/2")))
    assert describe_action(t.s, last, 0) == (
        "you: put Unit 2/2 on the discard pile next: the last 5 of the battle's 6 points scored "
        "(you now 6; Government tally 1 → 6)")


def _damaged_banco(Guerilla, cid):
    """P1's Arms Cache demolition does 1 damage to P2's Banco: 7 (6 + d10 1) against 6 (DF 2 +
    d10 4)."""
    t = Guerilla(4).arrange(hands={0: [cid("Arms Cache")]}, groups=[
        (0, REB, [cid("Unit 1/1")], 0), (1, GOV, [cid("Banco de Nationale"), cid("Unit 2/2")], 0)])
    t.do("play Arms Cache", "group 1").roll(1)
    return t


def test_the_damage_that_costs_the_banco_its_extra_action_says_so(Guerilla, cid):
    """l.122: "A damaged complex continues to defend at its full DF, but loses its special
    abilities"; l.133: the Banco's is an extra action. The line of the damage says it is lost."""
    t = _damaged_banco(Guerilla, cid)
    assert describe_action(t.s, CHANCE_OUTCOMES.die + 3, 1) == (
        "your defence d10: 4; demolition 7 (6 + d10 1) against 6 (DF 2 + d10 4): 1 damage to the Banco de "
        "Nationale of your g1; damaged, it loses its extra action until repaired")


def test_the_repair_that_gives_the_banco_its_extra_action_back_says_so(Guerilla, cid):
    """l.92: "A die is rolled and damage equal to half the number rolled (rounded down) is
    repaired"; undamaged, the Banco has its extra action again (l.122, l.133)."""
    t = _damaged_banco(Guerilla, cid).roll(4)
    t.do("end the turn", "repair a complex", "group 1")
    assert describe_action(t.s, CHANCE_OUTCOMES.die + 5, 1) == (
        "your repair d10: 6, half of it (3) repairs 1 damage of the Banco de Nationale; undamaged again, the "
        "Banco de Nationale has its extra action back")


def test_a_discard_paid_with_the_banco_s_extra_action_says_so(Guerilla, cid):
    """l.133: "The extra action must be used by the faction controlling the bank": a use either
    faction may make (a discard) takes it first, and its line says so."""
    t = Guerilla(4).arrange(hands={0: [cid("Unit 1/1", 2)]},
                            groups=[(0, GOV, [cid("Banco de Nationale"), cid("Unit 2/2")], 0)])
    discard = t.s.string_to_action("discard cards")
    assert describe_action(t.s, discard, 0) == "you: discard cards (paid with the Banco's extra action)"
    assert describe_action(t.s, t.s.string_to_action("end the turn"), 0) == "you: end the turn"
