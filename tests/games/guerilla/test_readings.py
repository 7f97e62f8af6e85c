"""The other reading of each passage a table could read two ways (options.py; RULES.md
"Options"): each test plays the option's reading where the default's test plays the default."""
import pytest

from partisan.core.games.guerilla.state import CHANCE_OUTCOMES as C

from partisan.core.games.guerilla.state import GOV, REB
VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"        # Government 3, +2
GALLARDO = "Teniente Raúl Gallardo / Teniente Martín Vega"           # rating 1 / 1, 0
DURAN = "Coronel Manuel Durán / Capitán Tadeo Salas"                 # rating 2 / 2, -2


@pytest.mark.parametrize("ambush_max", [3, 4])
def test_ambush_max_four(Guerilla, cid, ambush_max):
    """l.78: "A point of ambush strength is gained for every action spent, to a maximum of 3."
    l.80: "The rules allow an option to increase the maximum strength of an ambush marker to
    4." (option ambush_max=4)"""
    t = Guerilla(4, ambush_max=ambush_max).arrange(groups=[(0, GOV, [cid("Unit 3/3")], 0)])
    t.do("buy an ambush marker point", "buy an ambush marker point", "end the turn")
    t.do("end the turn", "end the turn", "end the turn")
    t.do("buy an ambush marker point")
    assert t.obs()["ambush_markers"][0] == 3
    assert ("buy an ambush marker point" in t.moves()) == (ambush_max == 4)


def test_policia_cost_one(Guerilla, cid):
    """l.136: the Policia "May make one assassination attempt per turn on a leader of the same
    faction controlled by another player"; its cost is unstated (reading 13). Option
    policia_cost=1: the attempt costs an action, and needs one left."""
    lead = cid(VALDIVIA)
    setup = dict(groups=[(0, GOV, [cid("Policia")], 0), (1, GOV, [lead, cid("Unit 2/2")], 0),
                         (0, GOV, [cid("Unit 1/1")], 0)])
    t = Guerilla(4, auto=False, policia_cost=1).arrange(**setup)
    t.do("assassination (Policia)", f"{VALDIVIA} (card {lead})", "no reaction", "no reaction", "no reaction", "no reaction").roll(7)
    assert t.obs()["actions_left"] == 1
    spent = Guerilla(4, policia_cost=1).arrange(**setup)
    spent.do("buy an ambush marker point", "buy an ambush marker point")
    assert "assassination (Policia)" not in spent.moves()
    free = Guerilla(4).arrange(**setup)
    free.do("buy an ambush marker point", "buy an ambush marker point")
    assert "assassination (Policia)" in free.moves()


def test_sideways_strength(Guerilla, cid):
    """l.22: sideways units "do not function as part of the group"; l.60-l.63: the attacker may
    attack "all units in the group" (reading 9: they add no strength). Option
    sideways_strength=true: under "all units" the sideways unit adds its strength. A rating-1
    leader (0) with a 3 and a sideways 1 defends at 3 + 1 + roll instead of 3 + roll."""
    lead, g3, g1 = cid(GALLARDO), cid("Unit 3/3"), cid("Unit 1/1")
    totals = {}
    for on in (False, True):
        t = Guerilla(4, sideways_strength=on).arrange(
            groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [lead, g3, g1], 0)])
        t.do("attack with group 0", "group 1", "attack all units").roll(5, 4)
        totals[on] = t.obs()["battle"]["totals"] if t.obs()["battle"] else None
    # 4 + 5 against 3 + 0 + 4, or with the sideways 1 against 3 + 1 + 0 + 4
    assert totals == {False: [9, 7], True: [9, 8]}


def test_draw_ends_turn_only_on_red(Guerilla, cid):
    """l.95: "a player may draw new cards from the deck until he reaches his hand capacity or
    draws a red card. If a red card is drawn it must be played immediately. The player's turn
    ends as soon as that is done." Option draw_ends_turn=red: only a played red card ends it;
    a draw to capacity leaves the turn going, with its action left."""
    hand = [cid("Unit 1/1", k) for k in range(4)] + [cid("Unit 1/2"), cid("Unit 1/2", 1)]
    unit = cid("Unit 2/2")
    setup = dict(hands={0: hand}, deck=[unit, cid("Unit 3/3")],
                 groups=[(0, GOV, [cid("Unit 4/4")], 0)])
    t = Guerilla(4, draw_ends_turn="red").arrange(**setup)
    t.do("draw cards").draw(unit)
    assert t.obs()["active"] == 0 and t.obs()["actions_left"] == 1 and t.obs()["phase"] == "turn"
    assert "end the turn" in t.moves()
    d = Guerilla(4).arrange(**setup)
    d.do("draw cards").draw(unit)
    assert d.obs()["active"] == 1


def test_informant_cancels_the_ambush_marker(Guerilla, cid):
    """l.126: the Informant "cancels the effects of an Ambush card"; l.79: the marker's effects
    "are exactly the same as playing an Ambush card in defence" (reading 18: not a card).
    Option informant_cancels_marker=true: an Informant cancels the marker's ambush too."""
    g3 = cid("Unit 3/3")
    allowed = []
    for on in (False, True):
        t = Guerilla(4, auto=False, informant_cancels_marker=on).arrange(
            active=1, hands={2: [cid("Informant")]},
            groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [g3], 0)])
        t.do("buy an ambush marker point", "end the turn", "end the turn", "end the turn")
        t.do("attack with group 0", "group 1", "no reaction", "roll your ambush marker").roll(1)
        t.do(f"Unit 3/3 (card {g3})")
        assert t.obs()["doubled"] == [f"Unit 3/3 (card {g3})"] and t.s.current_player() == 2
        allowed.append("play Informant: cancel the last Ambush" in t.moves())
        if on:
            t.do("play Informant: cancel the last Ambush")
            assert t.obs()["doubled"] == []
    assert allowed == [False, True]


def test_atrocities_halve(Guerilla, cid):
    """l.124: "Halves (fractions rounded down) or doubles the point value of any losses inflicted
    in battle" -- the text never says which use does which (reading 23). Option atrocities=halve:
    the Atrocities use halves a 3-point loss to 1 (and still enables the UN), Press doubles it."""
    g3 = cid("Unit 3/3")
    scores = {}
    for use in ("Atrocities", "Press"):
        t = Guerilla(4, auto=False, atrocities="halve").arrange(
            hands={2: [cid("Atrocities/Press")]},
            groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [g3], 0)])
        t.do("attack with group 0", "group 1", "no reaction", "no reaction", "no reaction", "no reaction").roll(10, 1)
        t.do("no reaction", "no reaction", f"play {use}", "no reaction", "no reaction", "no reaction", "no reaction")
        scores[use] = (t.obs()["scores"][0], t.obs()["faction_scores"]["Rebel"], t.obs()["atrocity"])
    assert scores == {"Atrocities": (1, 1, True), "Press": (6, 6, False)}


def test_assassin_points_to_the_player_alone(Guerilla, cid):
    """l.123: "If the result is greater than 5, the leader is dead"; l.111: a leader scores
    "Command rating plus command modifier"; l.106: points go to the player "and to the
    Government's score" of the forces that scored -- an Assassin has none (reading 24). Option
    assassin_points=player: Valdivia (3 + 2) scores 5 for the player and no faction."""
    lead = cid(VALDIVIA)
    t = Guerilla(4, auto=False, assassin_points="player").arrange(
        hands={0: [cid("Assassin")]}, groups=[(1, GOV, [lead, cid("Unit 2/2")], 0)])
    t.do("play Assassin", f"{VALDIVIA} (card {lead})", "no reaction", "no reaction", "no reaction", "no reaction").roll(10)
    assert t.snap()["where"][lead] == 7
    assert t.obs()["scores"][0] == 5 and t.obs()["faction_scores"] == {"Government": 0, "Rebel": 0}


def test_second_deck_without_the_revolution(Guerilla, cid):
    """l.101: "When the draw pile is exhausted for the first time, shuffle the discard pile to
    create a second draw pile." (reading 38: the played Revolution goes in with it.) Option
    second_deck_revolution=removed: the Revolution stays out of the second deck."""
    last, old, rev = cid("Unit 1/1"), [cid("Unit 2/2"), cid("Unit 3/3")], cid("Revolution")
    decks = {}
    for value in ("shuffled", "removed"):
        t = Guerilla(5, second_deck_revolution=value).arrange(deck=[last], discard=old + [rev])
        t.do("draw cards").draw(last)
        assert t.obs()["second_deck"] and t.obs()["discard_pile"] == 0
        decks[value] = {a - C.card for a, _ in t.s.chance_outcomes()}
    assert decks == {"shuffled": set(old) | {rev}, "removed": set(old)}
