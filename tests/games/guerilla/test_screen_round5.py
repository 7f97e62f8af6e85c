"""Guerilla's screen after the sixth round's newcomers, second pass: a battle's totals show the
isolation modifier and the units doubled, an ability's menu says what its choice does, a
one-die attempt's sum is said as a player says it. Each test quotes the passage it explains."""
import io

from rich.console import Console

from partisan.cli.views.guerilla import render
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES, GOV, REB
from partisan.core.games.guerilla.view import describe_action, move_phrase
from tests.games.guerilla.conftest import DECK, name

LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2, +1
VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"         # Government 3, +2


def _screen(obs, seat, width=100, height=40) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    console.print(render(obs, seat))
    return " ".join(console.file.getvalue().split())


def _defence_line(t, face: int, viewer: int) -> str:
    """What `viewer` is told of the defence die `face`, the attack die rolled."""
    return describe_action(t.s, CHANCE_OUTCOMES.die + face - 1, viewer)


def _isolated(Guerilla, cid, victim, hands=None, attacker=("Unit 1/4",)):
    """Seat 0's Rebel g0 cuts seat 1's Government g1 (`victim`), which gets its -1 marker at the
    end of seat 1's turn; seat 0's g2 (`attacker`) attacks it on his next turn."""
    t = Guerilla(4).arrange(hands={0: [cid("Supply Cut")], **(hands or {})},
                            groups=[(0, REB, [cid("Unit 1/1")], 0), (1, GOV, [cid(c) for c in victim], 0),
                                    (0, REB, [cid(c) for c in attacker], 0)])
    t.do("play Supply Cut", "group 0", "group 1")
    for _ in range(4):
        t.do("end the turn")
    assert t.group_of(cid(victim[0]))["isolation"] == 1 and t.snap()["active"] == 0
    return t


def test_an_isolated_defender_s_total_shows_its_modifier(Guerilla, cid):
    """l.67: "The defender totals the strength of all defending units ... and a die roll.
    (Isolated defending units may suffer a negative die roll modifier.)"; l.128: the -1 marker
    "modifies all attack and defence die rolls made for that group". A Unit 3/3 at -1 with a 7
    totals 9, said as 3 + d10 7 - isolation 1."""
    t = _isolated(Guerilla, cid, ["Unit 3/3"])
    t.do("attack with group 2", "group 1").roll(4)
    for viewer in (0, 1):
        assert " 9 (3 + d10 7 - isolation 1)" in _defence_line(t, 7, viewer), _defence_line(t, 7, viewer)
    assert _defence_line(t, 7, 0).startswith("your g2 attacks P2's g1: P2's defence d10: 7; totals you 8 (4 + d10 4)")


def test_an_isolated_attacker_s_total_shows_its_modifier(Guerilla, cid):
    """l.67: "Isolated attacking units have their strength halved, fractions rounded down, and may
    suffer a negative isolation die roll modifier." The cut group attacks its cutter (l.128:
    "An isolated group may only attack the group cutting its supply"): its Unit 3/3, halved to
    1, with a 5 and the -1 marker totals 5, said as 1 + d10 5 - isolation 1."""
    t = _isolated(Guerilla, cid, ["Unit 3/3"])
    t.do("end the turn")
    t.do("attack with group 1", "group 0").roll(5)
    line = _defence_line(t, 1, 1)
    assert "totals you 5 (1 + d10 5 - isolation 1) against P1 2 (1 + d10 1)" in line, line


def test_a_doubled_defender_shows_in_the_totals_and_the_note(Guerilla, cid):
    """p6g100's battle. l.58: "When attacking a leaderless group, the attacker decides which
    unit(s) will defend"; l.57: "A leader is necessary to combine the strength of units"; l.120:
    the defender's Ambush may "double the strength of a defending unit"; l.128: the isolation
    modifier. Three Government 2s at -1, one doubled by an Ambush: the doubled unit defends with
    4, and the total 10 reads 4 + d10 7 - isolation 1, the doubled unit named in it."""
    t = _isolated(Guerilla, cid, ["Unit 2/1", "Unit 2/2", "Unit 2/3"], hands={1: [cid("Ambush")]})
    t.do("attack with group 2", "group 1", *(name(cid(u)) for u in ("Unit 2/1", "Unit 2/2", "Unit 2/3")))
    t.do("play Ambush", name(cid("Unit 2/2")))
    t.roll(4)
    line = _defence_line(t, 7, 0)
    assert ("totals you 8 (4 + d10 4) against P2 10 (4 + d10 7 - isolation 1; Unit 2/2 doubled) (no leader "
            "combines the 3 units named: the strongest, Unit 2/2 doubled, defends with 4; all 3 may be lost)") in line, line
    t.roll(7)
    screen = _screen(t.obs(0), 0)
    assert "the strongest, Unit 2/2 doubled, defends with 4" in screen, screen
    assert "totals your 8 against P2's 10 (P2's isolation -1)" in screen, screen


def test_an_attacker_s_doubled_unit_shows_in_its_total(Guerilla, cid):
    """l.122: Arms Cache "2) Double the strength of one unit for the present battle ... Use by
    Rebel groups only." The attacker's total names the unit it doubled."""
    t = Guerilla(4).arrange(hands={0: [cid("Arms Cache")]},
                            groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 3/3")], 0)])
    t.do("attack with group 0", "group 1", "play Arms Cache", name(cid("Unit 1/4")))
    t.roll(2)
    line = _defence_line(t, 3, 1)
    assert "totals P1 10 (8 + d10 2; Unit 1/4 doubled) against you 6 (3 + d10 3)" in line, line


def _menu(t) -> list[str]:
    return [move_phrase(t.s, a, t.s.current_player()) for a in t.s.legal_actions()]


def test_an_ability_s_menu_says_what_each_choice_does(Guerilla, cid):
    """l.131: the Airfield's air strike: "Select one unit or complex"; l.136: the Policia "May
    make one assassination attempt per turn on a leader of the same faction"; l.141: the TV
    Station's "propaganda attack ... on the weakest unit"; l.123: "The assassin attempts to kill
    a leader"; l.122: Arms Cache "4) Make a demolition attack on a complex". Each choice says
    what it does, never a bare "target"."""
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Airfield"), cid("Unit 2/2")], 0),
                                    (1, REB, [cid(LAGOS), cid("Unit 1/1")], 0), (1, REB, [cid("Port")], 1)])
    t.do("air strike (Airfield)")
    assert _menu(t) == ["strike the Port of P2's g2 (DF 2 + d10 against 6 + d10)",
                        "strike Unit 1/1 of P2's g1 (it defends with 2 (unit 1, +1 leader) + d10 against 6 + d10)"]
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Policia"), cid("Unit 2/2")], 0),
                                    (1, GOV, [cid(LAGOS), cid("Unit 1/1")], 0)])
    t.do("assassination (Policia)")
    assert _menu(t) == ["try to kill Coronel Esteban Lagos of P2's g1 (the leader's modifier +1: a d10 of 7 or more kills)"]
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("TV Station")], 0), (1, REB, [cid("Unit 1/1")], 0),
                                    (3, REB, [cid("Unit 1/1", 1)], 0)])
    t.do("propaganda (TV Station)")
    assert _menu(t) == ["aim propaganda at Unit 1/1 of P2's g1 (strength 1: a d10 of 2 or more eliminates it)",
                        "aim propaganda at Unit 1/1 of P4's g2 (strength 1: a d10 of 2 or more eliminates it)"]
    t = Guerilla(4).arrange(hands={0: [cid("Assassin")]}, groups=[(0, REB, [cid("Unit 2/2")], 0),
                                                                  (1, GOV, [cid(LAGOS), cid("Unit 1/1")], 0)])
    t.do("play Assassin")
    assert _menu(t) == ["try to kill Coronel Esteban Lagos of P2's g1 (the leader's modifier +1: a d10 of 7 or more kills)"]
    t = Guerilla(4).arrange(hands={0: [cid("Arms Cache")]}, groups=[(0, REB, [cid("Unit 2/2")], 0),
                                                                    (1, GOV, [cid("Port")], 0)])
    t.do("play Arms Cache")
    assert _menu(t) == ["make a demolition attack on the Port of P2's g1 (DF 2 + d10 against 6 + d10)"]


def test_an_own_complex_or_group_chosen_says_what_is_done_to_it(Guerilla, cid):
    """l.76: "A Rebel complex can be destroyed by its owner in his attack phase"; l.92: "Damage
    to a complex can be repaired at the cost of one action"; l.135: the Bridge's owner "may
    deploy or withdraw one group of the bridge's faction per turn at no action cost"."""
    setup = dict(loyalties=[REB, GOV, REB, GOV],
                 groups=[(0, REB, [cid("Port")], 0), (0, REB, [cid("Bridge")], 1), (0, REB, [cid("Unit 1/1")], 0)])
    t = Guerilla(4).arrange(**setup)
    t.do("destroy a Rebel complex")
    assert _menu(t) == ["destroy the Port of your g0 (you score 5 points: its VP)",
                       "destroy the Bridge of your g1 (you score 3 points: its VP)"]
    t = Guerilla(4).arrange(**setup)
    for _ in range(4):
        t.do("end the turn")
    t.do("repair a complex")
    assert _menu(t) == ["repair the Bridge of your g1"]
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Bridge")], 0), (0, GOV, [cid("Unit 2/2")], 0)])
    t.do("withdraw free (Bridge)")
    assert _menu(t) == ["withdraw your g1 free"]
    assert t.s.string_to_action("withdraw your g1 free") == t.s.legal_actions()[0]    # typed as shown


def test_an_assassination_s_sum_is_said_as_a_player_says_it(Guerilla, cid):
    """l.123 (and l.136 for the Policia): "Roll the die and subtract the target leader's command
    modifier (remember that a double minus is a plus). If the result is greater than 5, the
    leader is dead"; l.125: with a Bodyguard, "use the lowest roll". A 5 against a -1 leader is
    "d10: 5, less the leader's modifier -1: 6"."""
    lead = cid(VALDIVIA)
    t = Guerilla(4).arrange(hands={1: [cid("Bodyguard")]}, groups=[
        (0, GOV, [cid("Policia")], 0), (1, GOV, [lead, cid("Unit 2/2")], 0)])
    t.do("assassination (Policia)", "try to kill General Arturo Valdivia of P2's g1", "play Bodyguard")
    t.roll(10)
    assert describe_action(t.s, CHANCE_OUTCOMES.die + 7, 1) == (
        "P1's Policia d10: 8; the Bodyguard's rule, the lowest roll counts: 8, less the leader's modifier +2: 6, "
        "above 5: General Arturo Valdivia of your g1 is killed")
    minus = next(k for k in DECK.of("leader") if k.modifier == -1)
    t = Guerilla(4).arrange(hands={0: [cid("Assassin")]}, groups=[(0, REB, [cid("Unit 2/2")], 0),
                                                                  (1, GOV, [cid(minus.name), cid("Unit 1/1")], 0)])
    t.do("play Assassin", f"try to kill {minus.leaders[0]} of P2's g1")
    t.skip_forced()
    assert describe_action(t.s, CHANCE_OUTCOMES.die + 4, 1) == (
        f"P1's Assassin d10: 5, less the leader's modifier -1: 6, above 5: {minus.leaders[0]} of your g1 is killed")


def test_a_traitors_sum_is_said_as_a_player_says_it(Guerilla, cid):
    """l.140: Traitors: "Add the leader's command modifier to a die roll ... If the result is
    greater than 5, the leader and his entire group change faction." A 4 with a +2 leader is
    "d10: 4, plus the leader's modifier +2: 6"."""
    t = Guerilla(4).arrange(groups=[(1, GOV, [cid(VALDIVIA), cid("Unit 2/2")], 0)], deck=[cid("Traitors")])
    t.do("draw cards").draw(cid("Traitors"))
    t.do("play the Traitors on P2's g0")
    assert describe_action(t.s, CHANCE_OUTCOMES.die + 3, 0).endswith(
        "Traitors d10: 4, plus the leader's modifier +2: 6, above 5: General Arturo Valdivia of P2's g0 and the group change sides")


def test_a_propaganda_sum_is_said_as_a_player_says_it(Guerilla, cid):
    """l.141: "Roll the die, subtract the strength of the unit plus its group leader's command
    modifier. If the result is greater than 0, the unit is eliminated." """
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("TV Station")], 0), (1, REB, [cid(LAGOS), cid("Unit 1/2")], 0)])
    t.do("propaganda (TV Station)", "aim propaganda at Unit 1/2 of P2's g1")
    t.skip_forced()
    assert describe_action(t.s, CHANCE_OUTCOMES.die + 6, 1) == (
        "P1's propaganda d10: 7, less 3 (strength 2, its leader's modifier +1): 4, above 0: Unit 1/2 of your g1 is eliminated")
