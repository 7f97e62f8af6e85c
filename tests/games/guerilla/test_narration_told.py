"""What a newcomer reads of Guerilla's red cards, battles and scores: each line a table would
say aloud (core/games/guerilla/view.py describe_action, cli/views/guerilla.py changes and the
screens). Each test quotes the rule its line must explain."""
import io
import re

from rich.console import Console

from partisan.cli.views.guerilla import _menu_rows, outcome, reference, render
from partisan.core.game import load_game
from partisan.core.games.guerilla.state import GOV, REB
from tests.games.guerilla.test_narration import told

LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"              # Rebel rating 2, +1
MEDINA = "Capitán Sergio Medina / Teniente Camila Rojas"


def test_traitors_with_no_target_are_discarded_aloud(Guerilla, cid):
    """l.95: "If a red card is drawn it must be played immediately." l.140: "A traitor can be
    played on any deployed complex or leader, except those belonging to a player controlling the
    (undamaged, un-isolated) Presidential Palace." RULES.md reading 30: "With no legal target the
    card is discarded." The draw says so; the Palace holder's immunity is named when it counts."""
    traitors = cid("Traitors")
    t = Guerilla(4).arrange(deck=[traitors, cid("Unit 2/2")], groups=[(1, REB, [cid("Unit 1/4")], 0)])
    t.do("draw cards")
    lines = told(t, traitors, 1, card=True)
    assert lines[0] == ("P1 draws Traitors: no leader or complex it may turn: discarded")
    palace = Guerilla(4).arrange(deck=[traitors, cid("Unit 2/2")],
                                 groups=[(1, GOV, [cid("Presidential Palace"), cid("Unit 3/3")], 0)])
    palace.do("draw cards")
    assert told(palace, traitors, 1, card=True)[0] == (
        "P1 draws Traitors: no leader or complex it may turn (the Palace holder is immune): discarded")


def test_a_supply_cut_back_in_hand_after_traitors_is_told(Guerilla, cid):
    """l.128: "If an isolated group surrenders, changes faction, or is eliminated by propaganda,
    the supply cutter gets his supply cut card back in hand." Traitors turn the isolated group
    (l.140): the cutter's card coming back is told, as it is after a surrender."""
    traitors, sc = cid("Traitors"), cid("Supply Cut")
    t = Guerilla(4).arrange(
        hands={0: [sc]}, deck=[traitors, cid("Unit 2/2")],
        groups=[(0, GOV, [cid(MEDINA), cid("Unit 4/1")], 0), (1, REB, [cid(LAGOS), cid("Unit 1/4")], 0)])
    t.do("play Supply Cut", "group 0", "group 1", "draw cards").draw(traitors)
    t.do("group 1")
    lines = told(t, 9, 1)
    assert "P1's Supply Cut goes back to his hand (your g1, which it cut off, changed sides)" in lines
    # the cutter turned instead: the card is discarded, and no return is told
    t = Guerilla(4).arrange(
        hands={0: [sc]}, deck=[traitors, cid("Unit 2/2")],
        groups=[(0, GOV, [cid(MEDINA), cid("Unit 4/1")], 0), (1, REB, [cid(LAGOS), cid("Unit 1/4")], 0)])
    t.do("play Supply Cut", "group 0", "group 1", "draw cards").draw(traitors)
    t.do("group 0")
    assert not any("goes back" in line for line in told(t, 9, 1))


PLAYER_LINE_NUMBER = re.compile(r"\bl\.\d")


def _text(renderable, width=100, height=40) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def test_no_rulebook_line_numbers_on_screen(Guerilla, cid):
    """The printed rulebook has no line numbers: l.120's "Cannot be played on a complex" and
    the `cards` legend quote the rules without them (the citations stay in the code)."""
    assert not PLAYER_LINE_NUMBER.search(_text(reference(load_game("guerilla", 4))))
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Unit 3/3")], 1: [cid("Ambush")]},
                                        groups=[(0, GOV, [cid("Unit 4/1")], 0),
                                                (1, REB, [cid("Port"), cid("Unit 1/3")], 0)])
    t.do("attack with group 0", "group 1", "no reaction")
    obs = t.obs(1)
    assert obs["to_move"] == 1
    note = _text(_menu_rows(obs, 1)[1])
    assert "Cannot be played on a" in note and not PLAYER_LINE_NUMBER.search(note)


def test_one_point_is_singular_in_the_end_table(Guerilla, cid):
    """l.115: "Players loyal to the losing faction score half their personal points total
    (fractions rounded down)": 1 point halved to 0, in the singular."""
    obs = {"faction_scores": {"Government": 10, "Rebel": 1}, "turns": 40, "second_deck": False,
           "totals": [10, 0], "final_scores": [10, 0], "scores": [10, 1], "rounds": 1,
           "loyalties": ["Government", "Rebel"], "groups": [], "won_by": [{}, {}]}
    game = load_game("guerilla", 4)
    how = outcome(obs, None, game)["scores"]
    assert how[1] == ("0 points", "Rebel loyalist, the losing faction: 1 point halved to 0; the 1: 1 from battles, no complex held")


def test_a_battle_line_tells_loss_points_apart_from_the_points_scored(Guerilla, cid):
    """l.68-l.69: the loser "must eliminate units ... with a combined strength at least equal to
    the difference ... A leader can be eliminated to fulfil one point of required losses";
    l.110-l.111: "Eliminating a unit | Its printed strength", "Eliminating a leader | Command
    rating plus command modifier". The battle's line names the strength lost as such and says
    what the victor scores, once, for the whole battle."""
    g3 = cid("Unit 3/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4"), ], 0), (1, GOV, [cid(MEDINA), g3], 0)])
    t.do("attack with group 0", "group 1").roll(10)
    line = told(t, 1, 0)[0]
    assert line.endswith(": P2 must lose 9 strength but has only 4 in the battle: all of it is lost; you score 6 "
                         "points: 3 for the units, 3 for the leader Capitán Sergio Medina (rating 2, modifier +1)"), line


def test_an_empty_complex_captured_says_it_had_no_units(Guerilla, cid):
    """l.75: "Whenever a complex would be required to take losses, it is instead captured by the
    attacking group." An ungarrisoned Bridge beaten has no units to lose: it is captured."""
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Bridge")], 0)])
    t.do("attack with group 0", "group 1").roll(9)
    assert told(t, 1, 1)[0].endswith(": your Bridge has no units to lose: P1 captures it")
    screen = " ".join(_text(render(t.obs(1), 1)).split())
    assert "you had to lose 9 strength: the Bridge, which had no garrison, is captured" in screen, screen


def test_a_bodyguard_s_rolls_say_the_lowest_counts(Guerilla, cid):
    """l.125: "Bodyguard ... For each bodyguard played, the assassin must make an additional die
    roll and use the lowest roll." l.136: a Policia attack "can be countered by the Bodyguard
    card." The first die says another follows, the last that the lowest counts, even when the
    last is the lowest."""
    valdivia = "General Arturo Valdivia / Comandante Lucio Marín"        # Government 3, +2
    lead = cid(valdivia)
    t = Guerilla(4).arrange(hands={1: [cid("Bodyguard")]}, groups=[
        (0, GOV, [cid("Policia")], 0), (1, GOV, [lead, cid("Unit 2/2")], 0)])
    t.do("assassination (Policia)", f"{valdivia} (card {lead})", "play Bodyguard")
    assert told(t, 10, 1)[0] == "P1's Policia d10: 10, and a Bodyguard makes another roll: the lowest counts"
    assert told(t, 1, 1)[0] == ("P1's Policia d10: 1; the Bodyguard's rule, the lowest roll counts: 1, less the "
                                "leader's modifier +2: -1, 5 or less: General Arturo Valdivia of your g1 survives")


def test_the_start_of_sudden_death_is_announced(Guerilla, cid):
    """l.100: "In 3-4 player games, as soon as the draw pile is exhausted sudden death begins."
    l.103: "Place the end of round marker on the 10 space of the sudden death tile. At the end
    of each player's turn, roll a die. If the number rolled is greater than or equal to the
    number beneath the end of round marker, the game ends immediately. If not, the marker is
    moved to the next lower number and play continues." The last card drawn says so."""
    last = cid("Unit 2/2")
    t = Guerilla(4).arrange(deck=[last], groups=[(1, REB, [cid("Unit 1/4")], 0)])
    t.do("draw cards")
    lines = told(t, last, 1, card=True)
    assert any(line.startswith("The deck is exhausted: sudden death begins.") and "marker is on 10" in line
               for line in lines), lines


def test_a_second_attack_in_the_menu_says_it_plays_the_arms_cache(Guerilla, cid):
    """l.52: "Each group can attack once in a turn." l.122: "Arms Cache — Cost: no cost for use
    1 ... 1) Attack with the same group a second time"; the attack itself costs one action
    (l.52). The menu item says the card goes with the action; the event says it is played."""
    t = Guerilla(4).arrange(hands={0: [cid("Arms Cache")]}, groups=[
        (0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 1/1")], 0), (2, GOV, [cid("Unit 2/1")], 0)])
    assert "attack with your g0" in t.obs(0)["menu"]
    t.do("attack with group 0", "group 1", "no reaction").roll(1, 1)
    assert "attack again with your g0 (plays your Arms Cache, 1 action)" in t.obs(0)["menu"]
    assert told(t, "attack with group 0", 0)[0] == "you play the Arms Cache: your g0 may attack again"


def test_several_named_defenders_say_how_the_defence_is_formed(Guerilla, cid):
    """l.58: "When attacking a leaderless group, the attacker decides which unit(s) will
    defend." l.57: "A leader is necessary to combine the strength of units in the same group in
    attack or defence." l.64: "only the units under attack can defend and take losses."
    RULES.md reading 8: the strongest named unit's strength defends; losses come only from the
    named units. The step, the roll and the screen say so."""
    g3, g4 = cid("Unit 3/3"), cid("Unit 4/1")
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/5")], 0), (1, GOV, [g3, g4], 0)])
    t.do("attack with group 0", "group 1")
    assert "the strongest unit named defends alone, and every unit named may be lost" in _menu_text(t, 0)
    t.do(f"Unit 3/3 (card {g3})", f"Unit 4/1 (card {g4})")
    screen = " ".join(_text(render(t.obs(1), 1)).split())
    assert "(no leader combines them: the strongest, Unit 4/1, defends with 4; all 2 may be lost)" in screen, screen
    t.roll(8)
    line = told(t, 1, 1)[0]
    assert ("against you 5 (4 + d10 1) (no leader combines the 2 units named: the strongest, Unit 4/1, defends "
            "with 4; all 2 may be lost)") in line, line


def _menu_text(t, seat):
    return " ".join(_text(_menu_rows(t.obs(seat), seat)[1]).split())


def _after_battle(Guerilla, cid):
    """P1's Rebel 5 beats one named Government 3 of P2's: 3 points scored; P1 and P3 each hold
    an Atrocities/Press, the window after the battle open."""
    g3 = cid("Unit 3/3")
    t = Guerilla(4).arrange(hands={0: [cid("Atrocities/Press")], 2: [cid("Atrocities/Press", 1)]}, groups=[
        (0, REB, [cid("Unit 1/5")], 0), (1, GOV, [g3, cid("Unit 3/3", 1)], 0)])
    t.do("attack with group 0", "group 1", f"Unit 3/3 (card {g3})", "done").roll(10, 1)
    return t


def test_atrocities_and_press_say_what_the_points_become(Guerilla, cid):
    """l.124: "Atrocities/Press — Cost: no cost. Halves (fractions rounded down) or doubles the
    point value of any losses inflicted in battle. Any player may play immediately after a
    battle. Only one Atrocities and one Press card can be played per battle." (RULES.md reading
    23: Atrocities doubles, Press halves.) Each card says what the battle's points become; the
    second says it cancels the first, as no tally moves."""
    t = _after_battle(Guerilla, cid)
    assert told(t, "play Atrocities", 3)[0].endswith("(the battle's 3 points become 6)")
    assert told(t, "play Press", 3)[0].endswith("(Press cancels the Atrocities: the battle's 3 points stay 3)")
    t = _after_battle(Guerilla, cid)
    assert told(t, "play Press", 3)[0].endswith("(the battle's 3 points become 1)")
    assert told(t, "play Atrocities", 3)[0].endswith(
        "(Atrocities cancels the Press: the battle's points stay as scored)")


def test_a_long_menu_takes_few_rows_on_a_roomy_screen(Guerilla, cid):
    """A turn late in a round offers dozens of moves (each group may be withdrawn, attack, be
    reinforced, l.47-l.83): at 100×40 their columns would push the screen's title and events
    off the top, so a long menu flows in runs under its verbs ("reinforce →C: 9. g0 10. g1")."""
    groups = [(0, GOV, [cid("Unit 3/3")], 0), (0, GOV, [cid("Unit 4/1")], 0), (0, REB, [cid("Unit 1/4")], 0),
              (0, REB, [cid("Unit 1/5")], 0), (1, REB, [cid("Unit 1/3")], 0), (1, GOV, [cid("Unit 2/2")], 0),
              (2, REB, [cid("Unit 2/3")], 0), (2, GOV, [cid("Unit 3/2")], 0), (3, REB, [cid("Unit 1/2")], 0),
              (3, GOV, [cid("Unit 2/1")], 0), (1, GOV, [cid("Port"), cid("Unit 3/4")], 0)]
    hand = [cid("Unit 1/1"), cid("Unit 2/4"), cid("Ambush"), cid("Assassin"), cid("Supply Cut"),
            cid("Arms Cache"), cid("Air Assault")]
    obs = Guerilla(4).arrange(hands={0: hand}, groups=groups).obs(0)
    assert len(obs["menu"]) > 25
    shown = _text(_menu_rows(obs, 0)[-1]).splitlines()
    assert len(shown) <= 6, "\n".join(shown)
    assert any("reinforce →C: 9. g0   10. g1" in line for line in shown)


def test_a_policia_attempt_is_not_shown_as_a_battle(Guerilla, cid):
    """l.136: the Policia "May make one assassination attempt per turn on a leader of the same
    faction controlled by another player"; l.124 sets assassination apart from battles. While
    the Bodyguards are asked (l.125) the screen names the attempt and its target, not a
    battle's sides and mode."""
    valdivia = "General Arturo Valdivia / Comandante Lucio Marín"
    lead = cid(valdivia)
    t = Guerilla(4).arrange(hands={1: [cid("Bodyguard")]}, groups=[
        (0, GOV, [cid("Policia")], 0), (1, GOV, [lead, cid("Unit 2/2")], 0)])
    t.do("assassination (Policia)", f"{valdivia} (card {lead})")
    screen = " ".join(_text(render(t.obs(1), 1)).split())
    assert "Battle:" not in screen and "sideways units" not in screen, screen
    assert "Policia: P1 tries to kill General Arturo Valdivia of your g1" in screen, screen


def test_a_revolution_with_no_group_to_turn_says_so(Guerilla, cid):
    """l.139: "Next the drawing player must change the faction of one deployed Government group
    to Rebel ... Any player controlling the (undamaged, un-isolated) Presidential Palace is
    excluded from the exchange of loyalty markers and his groups are excluded from the change of
    faction." With only the Palace holder's Government groups, the swap's line says no group
    turns."""
    revolution = cid("Revolution")
    t = Guerilla(4).arrange(deck=[revolution, cid("Unit 2/2")], groups=[
        (1, GOV, [cid("Presidential Palace"), cid("Unit 3/3")], 0), (2, REB, [cid("Unit 1/4")], 0)])
    t.do("draw cards").draw(revolution)
    assert told(t, "done", 2)[0] == ("P1: swap no markers; no Government group may be turned Rebel (the Palace "
                                     "holder's are excluded): the Revolution ends")


def test_the_round_over_marks_no_seat_to_play(Guerilla, cid):
    """l.103: "If the number rolled is greater than or equal to the number beneath the end of
    round marker, the game ends immediately": once it has, no seat's turn is marked."""
    t = Guerilla(4).arrange(groups=[(1, REB, [cid("Unit 1/4")], 0)], deck=[], sudden=10)
    t.do("end the turn").roll(10)
    assert t.obs(0).get("winner") is not None
    for size in ((100, 40), (80, 24)):
        assert "▶" not in _text(render(t.obs(0), 0), *size)


def test_a_discard_says_why_the_barracks_cards_are_not_offered(Guerilla, cid):
    """l.134: "Place retrieved cards face down on the table until deployed as a reminder of this.
    Note, they still count towards hand capacity." They are on the table, not in the hand to
    discard (RULES.md reading 34): the discard's note says so."""
    held = cid("Unit 2/2")
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Barracks")], 0)], discard=[held],
                            hands={0: [cid("Unit 1/1")]})
    t.do("retrieve a card (Barracks)", "end the turn", "end the turn", "end the turn", "end the turn", "discard cards")
    obs = t.obs(0)
    assert obs["held"] and not any("2/2" in m for m in obs["menu"])
    assert "they cannot be discarded, though they count towards your hand capacity" in _menu_text(t, 0)


def test_an_assassin_s_kill_says_which_tally_it_feeds(Guerilla, cid):
    """l.123: "Assassin — Cost: 1 action. The assassin attempts to kill a leader." l.110-l.111:
    a leader eliminated scores "Command rating plus command modifier"; RULES.md reading 24: for
    the player and the faction opposed to the victim (an Assassin belongs to no faction). The
    tally line says why that faction's tally moves."""
    valdivia = "General Arturo Valdivia / Comandante Lucio Marín"        # Government 3, +2
    lead = cid(valdivia)
    t = Guerilla(4).arrange(hands={0: [cid("Assassin")]}, groups=[(1, GOV, [lead, cid("Unit 2/2")], 0)])
    t.do("play Assassin", f"{valdivia} (card {lead})")
    lines = told(t, 10, 2)
    assert "Rebel tally 0 → 5 (an Assassin's kill scores for the faction opposed to the leader's)" in lines, lines


def test_the_hand_line_gives_the_hand_limit(Guerilla, cid):
    """l.15: "A player may hold a maximum number of cards in hand at the end of his turn. This
    is eight cards if he has both factions deployed, or seven if he does not." l.137 (Port):
    "Hand capacity +1." The hand line says the limit as it stands."""
    t = Guerilla(4).arrange(hands={0: [cid("Ambush")]}, groups=[(0, GOV, [cid("Unit 2/2")], 0)])
    assert t.obs()["hand_limit"] == 7 and "Your hand (1 of 7)" in " ".join(_text(render(t.obs(0), 0)).split())
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Unit 2/2")], 0), (0, REB, [cid("Unit 1/3")], 0)])
    assert t.obs()["hand_limit"] == 8
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Unit 2/2"), cid("Port")], 0), (0, REB, [cid("Unit 1/3")], 0)])
    assert t.obs()["hand_limit"] == 9 and t.obs(1)["hand_limit"] == 7


def test_a_pick_of_the_barracks_card_says_the_group_it_binds(Guerilla, cid):
    """l.134: "Units or leaders retrieved in this way must be deployed initially on the side of
    the same faction as the barracks." Picking a held card for a new group says so before the
    group is locked to that faction; a kind with a loose copy in hand does not."""
    held, barracks = cid("Unit 2/2"), cid("Barracks")
    t = Guerilla(4).arrange(groups=[(0, GOV, [barracks], 0)], discard=[held], hands={0: [cid("Unit 1/3")]})
    t.do("retrieve a card (Barracks)", "end the turn", "end the turn", "end the turn", "end the turn")
    t.do("deploy a new group")
    menu = t.obs()["menu"]
    assert "add Unit 2/2 (the Barracks' card: the group must be Government)" in menu, menu
    assert "add Unit 1/3" in menu
