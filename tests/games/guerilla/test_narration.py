"""What each seat reads of a move in Guerilla's events: the move's own line
(core/games/guerilla/view.py describe_action) and what the table says changed with it
(cli/views/guerilla.py changes), as the play screen puts them together (cli/console.py
apply_narrated). Each test quotes the rule whose play its line must explain."""
import io

from rich.console import Console

from partisan.cli.views.guerilla import changes, render
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES, GOV, REB


def told(t, move, viewer, card=False):
    """Play `move` (its text, a die face as an int, or with `card` a card id drawn) on table
    `t`; the lines `viewer` reads."""
    s = t.s
    if card:
        a = CHANCE_OUTCOMES.card + move
    else:
        a = CHANCE_OUTCOMES.die + move - 1 if isinstance(move, int) else s.string_to_action(move)
    before = s.observation(viewer)
    lines = [s.describe_action(a, viewer)]
    s.apply_action(a)
    lines += changes(before, s.observation(viewer), viewer)
    t.skip_forced()
    return lines


def test_a_second_attack_names_the_arms_cache_it_plays(Guerilla, cid):
    """l.52: "Each group can attack once in a turn." l.122: "Arms Cache ... 1) Attack with the
    same group a second time"; RULES.md reading 21: the card is discarded face up as the attack
    begins. The second attack says the Arms Cache was played, to every seat."""
    arms, r4 = cid("Arms Cache"), cid("Unit 1/4")
    t = Guerilla(4).arrange(hands={0: [arms]}, groups=[(0, REB, [r4], 0), (1, GOV, [cid("Unit 1/1")], 0),
                                                     (2, GOV, [cid("Unit 2/1")], 0)])
    assert told(t, "attack with group 0", 1)[0] == "P1: attack with P1's g0"
    t.do("group 1", "no reaction").roll(1, 1)
    second = t.s.string_to_action("attack with group 0")
    assert t.s.describe_action(second, 0) == "you play the Arms Cache: your g0 may attack again"
    assert told(t, "attack with group 0", 1)[0] == "P1 plays the Arms Cache: P1's g0 may attack again"


def test_destroying_a_captured_complex_names_the_arms_cache(Guerilla, cid):
    """l.76: "Destroying a complex counts as an attack, so a group which took control of a
    complex could not destroy it on the same turn unless an Arms Cache event card was played."
    The destruction after the capture says the Arms Cache was played (l.122)."""
    rebels = [cid("Coronel Ramiro Cifuentes / Capitán Andrés Paredes"), cid("Unit 1/3"), cid("Unit 1/2")]
    t = Guerilla(4).arrange(hands={0: [cid("Arms Cache")]}, groups=[
        (0, REB, rebels, 0), (1, GOV, [cid("Airfield"), cid("Unit 2/1")], 0)])
    t.do("attack with group 0", "group 1", "no reaction").roll(7, 4).do("done", "destroy a Rebel complex")
    assert told(t, "group 1", 2)[0] == "P1 plays the Arms Cache: P1's g1 attacks again to destroy its complex"


def _screen(t, seat):
    """The compact table (80×24) as `seat` reads it."""
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    console.print(render(t.obs(seat), seat))
    return console.file.getvalue()


def test_the_armor_column_s_first_target_shows_no_earlier_defender(Guerilla, cid):
    """l.121: "Armor Column ... Attacks a single Rebel unit or Complex at a time": until its
    player names the group, the battle has no defender. The Traitors just rolled on P3's group
    (l.140) is not shown as the Armor Column's target, nor marked defending."""
    t = Guerilla(4).arrange(deck=[cid("Traitors"), cid("Unit 3/3")], hands={1: [cid("Armor Column")]}, groups=[
        (2, GOV, [cid("Coronel Ramiro Cifuentes / Capitán Andrés Paredes"), cid("Unit 2/3")], 0),
        (3, REB, [cid("Unit 1/4")], 0)])
    t.do("draw cards").draw(cid("Traitors")).do("group 0").roll(1)
    t.do("play Armor Column")
    assert t.obs(1)["phase"] == "armor column: first target"
    assert t.obs(1)["battle"]["defender"] == -1
    screen = _screen(t, 1)
    assert "Battle: you attack with g2 (choosing the target)" in screen and "⛨" not in screen


def test_ending_a_withdrawal_says_what_is_withdrawn(Guerilla, cid):
    """l.47: "The player may withdraw any deployed units or leaders back to his hand. This costs
    one action per group or part of a group that is withdrawn." Ending the choice says the part
    named is withdrawn once a card is named, the whole group when none is."""
    lead, r4, r3 = cid("Coronel Ramiro Cifuentes / Capitán Andrés Paredes"), cid("Unit 1/4"), cid("Unit 1/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [lead, r4, r3], 0)])
    t.do("withdraw group 0")
    assert t.s.describe_action(t.s.string_to_action("done"), 1) == "P1: withdraw the whole group"
    assert told(t, f"Unit 1/4 (card {r4})", 1)[0] == "P1: withdraw Unit 1/4 of P1's g0"
    assert told(t, "done", 1)[:2] == ["P1: withdraw the cards named", "P1's g0: Unit 1/4 back to hand"]


def test_a_new_group_is_told_its_number(Guerilla, cid):
    """l.82: "Deployment can be either the placement of a new group or the reinforcement of an
    existing one." The new group's number is named as it is placed; the Armor Column, played,
    is a group of its own (l.121 "May not combine in a group with other units")."""
    u = cid("Unit 2/3")
    t = Guerilla(4).arrange(hands={0: [u, cid("Armor Column")]}, groups=[(1, REB, [cid("Unit 1/3")], 0)])
    assert told(t, "play Armor Column", 1)[1:] == ["P1 forms g1 (Government)"]
    t.do("no Armor Column attack", "deploy a new group", "Unit 2/3", "done")
    # both factions now deployed: "eight cards if he has both factions deployed" (l.15)
    assert told(t, "Rebel", 0)[1:] == ["you form g2 (Rebel)", "your hand capacity 7 → 8: 8 with both factions deployed"]


def test_a_sortie_says_which_group_it_became(Guerilla, cid):
    """l.59: "A deployed group can divide into two before attacking (sortie). One of the new
    groups must then attack." The part that splits off is named by its new number."""
    lead, r4, r3 = cid("Coronel Ramiro Cifuentes / Capitán Andrés Paredes"), cid("Unit 1/4"), cid("Unit 1/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [lead, r4, r3], 0), (1, GOV, [cid("Unit 3/3")], 0)])
    t.do("sortie from group 0", f"Unit 1/4 (card {r4})")
    assert told(t, "done", 1)[1:] == ["the sortie from P1's g0 becomes g2"]


def test_a_garrison_refusing_the_armor_column_is_told_its_number(Guerilla, cid):
    """l.121: "A garrison may refuse combat by becoming a separate group." Its new number is
    named to its owner and to the others."""
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Armor Column")]},
                                        groups=[(1, REB, [cid("Port"), cid("Unit 1/3")], 0)])
    t.do("play Armor Column", "group 0", "no reaction")
    lines = told(t, "refuse combat with the Armor Column", 1)
    assert "your garrison leaves the Port (g0) and forms g2" in lines


def _traded(Guerilla, cid):
    """P1 lays an Ambush face up and an Informant face down; P2 counters with a Bodyguard face
    down, P3 with an Assassin face up, P4 with nothing; P1 is to accept one or none."""
    t = Guerilla(4).arrange(hands={0: [cid("Ambush"), cid("Informant")], 1: [cid("Bodyguard")],
                                   2: [cid("Assassin")], 3: [cid("Unit 1/1")]})
    t.do("offer a trade", "Ambush face up", "Informant face down", "done", "Bodyguard face down", "done",
         "Assassin face up", "done", "done")
    return t


def test_an_accepted_trade_names_what_each_side_receives_as_far_as_the_reader_knows(Guerilla, cid):
    """l.87: "They may be face up, face down or a combination ... he can only accept one trade
    deal or reject them all." RULES.md reading 36: "Face-down cards are seen only by the
    receiver, after acceptance." The partner reads "your counter-offer"; each side's cards are
    named to the two partners, the face-up ones to everyone, the face-down ones counted."""
    t = _traded(Guerilla, cid)
    accept = t.s.string_to_action("accept P2's counter-offer")
    assert t.s.describe_action(accept, 0) == ("you: accept P2's counter-offer: P2 receives Ambush, Informant; "
                                             "you receive Bodyguard")
    assert t.s.describe_action(accept, 1) == ("P1: accept your counter-offer: you receive Ambush, Informant; "
                                             "P1 receives Bodyguard")
    assert t.s.describe_action(accept, 2) == ("P1: accept P2's counter-offer: P2 receives Ambush and 1 card "
                                             "laid face down; P1 receives 1 card laid face down; your "
                                             "counter-offer is not taken: you take back your Assassin")


def test_a_discard_names_the_card_shown_on_top_to_everyone(Guerilla, cid):
    """l.91: "A player may discard up to four cards from his hand at the cost of an action. He
    must reveal only the last card discarded because it will be visible on the top of the discard
    pile." The discard's line names the card on top to every seat, the others only to him."""
    t = Guerilla(4).arrange(hands={0: [cid("Ambush"), cid("Unit 1/1")]})
    t.do("discard cards", "Ambush on top (shown)", "Unit 1/1 under it (face down)")
    assert told(t, "done", 1)[0] == "P1: discard 2 cards: Ambush on top of the pile, shown, and 1 face down under it"
    assert t.obs(1)["discard_top"].startswith("Ambush")
    t = Guerilla(4).arrange(hands={0: [cid("Ambush"), cid("Unit 1/1")]})
    t.do("discard cards", "Ambush on top (shown)", "Unit 1/1 under it (face down)")
    assert told(t, "done", 0)[0] == "you: discard 2 cards: Ambush on top of the pile, shown, and Unit 1/1 face down under it"


def test_the_sudden_death_roll_says_what_it_needed_and_what_came_of_it(Guerilla, cid):
    """l.103: "At the end of each player's turn, roll a die. If the number rolled is greater than
    or equal to the number beneath the end of round marker, the game ends immediately. If not,
    the marker is moved to the next lower number and play continues." """
    t = Guerilla(4).arrange(sudden=7)
    t.do("end the turn")
    assert told(t, 5, 1)[0] == "the sudden death d10: 5, needed 7 or more: play goes on (next at 6)"
    t.do("end the turn")
    assert told(t, 6, 1)[0] == "the sudden death d10: 6, needed 6 or more: the round ends"


def test_the_bad_weather_roll_says_whether_the_weather_clears(Guerilla, cid):
    """l.132: "At the start of each of the drawing player's turns after the one in which it is
    drawn, roll a die. A roll greater than five means that the weather has cleared and the card
    is discarded." """
    bw = cid("Bad Weather")
    t = Guerilla(3).arrange(deck=[bw, cid("Unit 1/1")])
    t.do("draw cards").draw(bw).do("end the turn", "end the turn")
    assert told(t, 5, 1)[0] == "P1's Bad Weather d10: 5, 5 or less: the weather holds"
    t.do("end the turn", "end the turn", "end the turn")
    assert told(t, 6, 1)[0] == "P1's Bad Weather d10: 6, above 5: the weather clears"


def test_a_battle_says_the_loss_due_then_the_loss_taken(Guerilla, cid):
    """l.68: "The player with the lowest total must eliminate units of his choice with a combined
    strength at least equal to the difference in the totals." l.71: "A player cannot choose to
    eliminate more units than is necessary to meet his losses." The roll says what is due, the
    end of the choice what was lost: a Government 3 meets 2 strength needed with 3."""
    g3 = cid("Unit 3/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [g3], 0)])
    t.do("attack with group 0", "group 1").roll(5)
    assert told(t, 4, 2)[0].endswith("totals P1 9 (4 + d10 5) against P2 7 (3 + d10 4): P2 must lose at least 2 strength "
                                     "in units")
    t.do(f"Unit 3/3 (card {g3})")
    assert told(t, "done", 2)[0] == "P2: the losses are met: 3 strength lost, 2 needed; P1 scores 3 points"


def test_a_propaganda_roll_names_a_leader_only_when_there_is_one(Guerilla, cid):
    """l.141: "Roll the die, subtract the strength of the unit plus its group leader's command
    modifier. If the result is greater than 0, the unit is eliminated." A leaderless unit's sum
    is the unit's alone."""
    r2 = cid("Unit 1/2")
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("TV Station")], 0), (1, REB, [r2], 0)])
    t.do("propaganda (TV Station)", f"Unit 1/2 (card {r2})")
    assert told(t, 1, 1)[0] == "P1's propaganda d10: 1, less its strength 2: -1, 0 or less: Unit 1/2 of your g1 holds"


def test_the_un_card_passing_after_an_atrocity_is_told(Guerilla, cid):
    """l.129: "Whenever an atrocity occurs and the UN card is in play, the card is transferred
    to the player who suffered losses in the atrocity." The UN card protects P2; P3 beats P4's
    group and plays Atrocities: every seat reads that the card now protects P4."""
    atrocities = [cid("Atrocities/Press"), cid("Atrocities/Press", 1)]
    t = Guerilla(4).arrange(hands={0: [cid("UN Intervention")], 2: atrocities}, groups=[
        (0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 3/3")], 0),
        (2, REB, [cid("Unit 2/4")], 0), (3, GOV, [cid("Unit 1/1")], 0)])
    t.do("attack with group 0", "group 1").roll(10, 1).do("play Atrocities", "no reaction")
    t.do("play UN Intervention", "UN Intervention on P2", "end the turn", "end the turn")
    t.do("attack with group 2", "group 3").roll(10, 1)
    assert "the UN card passes to you, who suffered the atrocity: it now protects you" in told(t, "play Atrocities", 3)
    assert t.obs()["un_protects"] == 3
    assert not any("UN card" in line for line in told(t, "end the turn", 0))


def test_the_menu_says_destroying_a_captured_complex_spends_the_arms_cache(Guerilla, cid):
    """l.76: "Destroying a complex counts as an attack, so a group which took control of a
    complex could not destroy it on the same turn unless an Arms Cache event card was played."
    The menu line says the card is spent, and so does the move's line to every seat; a group
    that has not attacked destroys its complex without the card."""
    from partisan.core.games.guerilla.view import move_phrase
    rebels = [cid("Coronel Ramiro Cifuentes / Capitán Andrés Paredes"), cid("Unit 1/3"), cid("Unit 1/2")]
    t = Guerilla(4).arrange(hands={0: [cid("Arms Cache")]}, groups=[
        (0, REB, rebels, 0), (1, GOV, [cid("Airfield"), cid("Unit 2/1")], 0)])
    t.do("attack with group 0", "group 1", "no reaction").roll(7, 4).do("done")
    destroy = t.s.string_to_action("destroy a Rebel complex")
    assert move_phrase(t.s, destroy, 0) == "destroy a Rebel complex (scores its VP; spends your Arms Cache)"
    assert told(t, "destroy a Rebel complex", 1)[0] == "P1: destroy a Rebel complex (scores its VP; spends P1's Arms Cache)"
    fresh = Guerilla(4).arrange(hands={0: [cid("Arms Cache")]}, groups=[(0, REB, [cid("Airfield"), cid("Unit 2/1")], 0)])
    assert move_phrase(fresh.s, fresh.s.string_to_action("destroy a Rebel complex"), 0) == "destroy a Rebel complex (scores its VP)"


def test_the_arms_cache_doubling_prompt_offers_only_the_doubling(Guerilla, cid):
    """l.122: "Arms Cache ... 2) Double the strength of one unit for the present battle"; singling out a
    defender is the Ambush's (l.120). The step after the Arms Cache is headed with the doubling
    alone."""
    from partisan.cli.views.guerilla import decision_note
    t = Guerilla(4).arrange(hands={0: [cid("Arms Cache")]}, groups=[
        (0, REB, [cid("Coronel Ramiro Cifuentes / Capitán Andrés Paredes"), cid("Unit 1/3"), cid("Unit 1/2")], 0),
        (1, GOV, [cid("Coronel Manuel Durán / Capitán Tadeo Salas"), cid("Unit 2/1")], 0)])
    t.do("attack with group 0", "group 1", "play Arms Cache")
    assert t.obs()["phase"] == "ambush"
    assert decision_note(t.obs(0), 0) == "You attack: double your unit."


def test_a_battle_against_an_empty_complex_names_no_commanded_units(Guerilla, cid):
    """l.67: "The defender totals the strength of all defending units, the DF of any complex,
    the group leader's command modifier, and a die roll": a complex with no garrison defends
    with its DF alone, so the battle line names no units attacked."""
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Airfield")], 0)])
    t.do("attack with group 0", "group 1")
    screen = " ".join(_screen(t, 0).split())
    assert "against P2's g1, the complex alone (no garrison)" in screen and "commanded units" not in screen


def test_side_by_side_tables_mark_the_battle_on_the_group_number(Guerilla, cid):
    """l.52: each group attacks once a turn. Beside the other faction's table, a Government
    group's battle mark stands on its own number ("g1⚔"), never at the row's end next to the
    Rebel group printed beside it."""
    from partisan.cli.views.guerilla import _side_by_side
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 4/1")], 0)])
    t.do("end the turn")
    t.do("attack with group 1", "group 0")
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(_side_by_side(t.obs(1), 1))
    row = next(line for line in console.file.getvalue().splitlines() if "g1" in line)
    assert "g1⚔" in row and "g0⛨" in row and row.count("⚔") == 1 and row.count("⛨") == 1


def test_a_surrender_at_the_end_of_another_seat_s_turn_says_why(Guerilla, cid):
    """l.128: "A -1 Isolated marker goes on the group at the end of the owner's turn if still
    isolated ... When the isolation modifier equals the highest complex DF or unit strength in
    the group, the group surrenders. All units and leaders are eliminated (points to the supply
    cutter) ... If an isolated group surrenders ... the supply cutter gets his supply cut card
    back in hand." P2's cut Rebel 1 surrenders as his turn ends with a draw (l.95): the other
    seats read the surrender and its cause, not a card gone back to a hand that grew."""
    draw = cid("Unit 3/3")
    hand = [cid("Unit 2/2"), cid("Ambush"), cid("Informant"), cid("Bodyguard"), cid("Assassin"), cid("Unit 2/2", 1)]
    t = Guerilla(4).arrange(hands={0: [cid("Supply Cut")], 1: hand}, deck=[draw],
                            groups=[(0, GOV, [cid("Unit 4/1")], 0), (1, REB, [cid("Unit 2/1")], 0)])
    t.do("play Supply Cut", "group 0", "group 1", "end the turn", "draw cards")
    s = t.s
    a = CHANCE_OUTCOMES.card + draw
    for viewer, cutter in ((0, "you (cut off by your g0's"), (2, "P1 (cut off by P1's g0's")):
        before = s.observation(viewer)
        after = s.clone()
        after.apply_action(a)
        lines = changes(before, after.observation(viewer), viewer)
        assert (f"P2's g1 surrenders, isolated -1: Unit 2/1 eliminated, the points to {cutter} Supply Cut, "
                "its isolation reached its highest unit strength, 1)") in lines
        assert not any("back to hand" in line for line in lines)


def _flat(screen: str) -> str:
    return " ".join(screen.split())


def test_a_complex_garrisoned_by_a_leader_alone_names_him(Guerilla, cid):
    """l.17: "one complex with a garrison of up to one unit and/or a leader"; l.126: "If a
    leader is the sole garrison of a complex"; l.67: the defender totals "the DF of any complex,
    the group leader's command modifier". The battle line names the leader garrisoning the
    Airfield alone; once he has fallen and the complex is captured (l.75), it never calls the
    complex ungarrisoned."""
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [
        cid("Airfield"), cid("Coronel Manuel Durán / Capitán Tadeo Salas")], 0)])
    t.do("attack with group 0", "group 1")
    assert ("against P2's g1, the Airfield and its garrison, the leader Coronel Manuel Durán alone (no unit)"
            in _flat(_screen(t, 0)))
    t.roll(5, 5)
    screen = _flat(_screen(t, 0))
    assert "against P2's g1, the Airfield (captured)" in screen and "no garrison" not in screen


def test_the_battle_line_names_the_defender_named_and_whose_unit_is_doubled(Guerilla, cid):
    """l.58: "When attacking a leaderless group, the attacker decides which unit(s) will defend";
    l.120: the Ambush may "double the strength of one unit". The battle line names the unit the
    attacker named, each of them, and the doubled unit with whose it is and its group."""
    g4, g1, g3 = cid("Unit 4/1"), cid("Unit 1/1"), cid("Unit 1/3")
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush")]}, groups=[
        (0, GOV, [g4], 0), (1, REB, [g1, g3, cid("Unit 1/2")], 0)])
    t.do("attack with group 0", "group 1", f"Unit 1/1 (card {g1})", f"Unit 1/3 (card {g3})", "done",
         "play Ambush", f"Unit 4/1 (card {g4})")
    for seat, mine in ((0, "your Unit 4/1 of g0"), (1, "P1's Unit 4/1 of g0")):
        screen = _flat(_screen(t, seat))
        named = "the units you named" if seat == 0 else "the units P1 named"
        assert (f"{named}: Unit 1/1 and Unit 1/3 (no leader combines them: the strongest, Unit 1/3, defends "
                f"with 3; all 2 may be lost); doubled: {mine}") in screen, screen
    lone = Guerilla(4, auto=False).arrange(hands={2: [cid("Atrocities/Press")]}, groups=[
        (0, GOV, [g4], 0), (1, REB, [g1], 0)])
    lone.do("attack with group 0", "group 1")
    assert "against P2's g1, its only unit, Unit 1/1" in _flat(_screen(lone, 0))
    lone.do("no reaction", "no reaction", "no reaction", "no reaction").roll(5, 1)
    assert lone.obs()["phase"] == "reaction"       # after the battle: the unit and its group gone
    assert "against P2's g1, Unit 1/1 defending; d10s" in _flat(_screen(lone, 0))


def test_an_air_strike_and_propaganda_show_the_printed_strength_and_the_leader_apart(Guerilla, cid):
    """l.131: "If the defender is a unit, the defence total is unit strength plus the command
    modifier of any leader in the same group, plus a die roll"; l.141: "Roll the die, subtract
    the strength of the unit plus its group leader's command modifier." A printed 4 under a -1
    leader is shown as 4 and -1, not as a unit 3."""
    ochoa = cid("Capitán Diego Alvear / Teniente Pablo Ochoa")
    r4 = cid("Unit 1/4")
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Airfield")], 0), (1, REB, [ochoa, r4], 0)])
    t.do("air strike (Airfield)", f"Unit 1/4 (card {r4})").roll(5)
    assert told(t, 5, 1)[0].endswith("air strike 11 (6 + d10 5) against 8 (unit 4 (-1 leader) + d10 5): "
                                     "Unit 1/4 of your g1 is eliminated")
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("TV Station")], 0), (1, REB, [ochoa, r4], 0)])
    t.do("propaganda (TV Station)", f"Unit 1/4 (card {r4})")
    assert told(t, 5, 1)[0] == ("P1's propaganda d10: 5, less 3 (strength 4, its leader's modifier -1): 2, "
                                "above 0: Unit 1/4 of your g1 is eliminated")


def test_a_loss_to_the_armor_column_says_what_can_be_lost(Guerilla, cid):
    """l.121: the Armor Column "Attacks a single Rebel unit or Complex at a time. If the attacked
    unit is with a leader, the leader's command modifier is applied. The leader may also take
    losses"; l.68: the loser "must eliminate units of his choice with a combined strength at
    least equal to the difference". Beaten by 9, the Rebel 2 under attack and its leader hold
    3 points: they are what is lost, not 9 points of the group's units. The total shows the
    leader's modifier the unit he commands defends with (a sideways one meets the Armor Column
    alone: test_sideways_alone.py)."""
    lagos, r2 = cid("Coronel Esteban Lagos / Capitán Mateo Ibarra"), cid("Unit 1/2")
    t = Guerilla(4).arrange(hands={0: [cid("Armor Column")], 2: [cid("Atrocities/Press")]}, groups=[
        (1, REB, [lagos, r2, cid("Unit 1/3"), cid("Unit 1/5")], 0)])
    t.do("play Armor Column", "group 0", f"Unit 1/2 (card {r2})", "no reaction").roll(9)
    line = told(t, 1, 1)[0]
    assert line.endswith("totals P1 13 (4 + d10 9) against you 4 (2 + leader +1 + d10 1): you must lose 9 strength "
                         "but have "
                         "only 3 in the battle: all of it is lost; P1 scores 5 points: 2 for the units, 3 for the "
                         "leader Capitán Mateo Ibarra (rating 2, modifier +1)"), line
    assert "you had to lose 9 strength but had only 3 in the battle: all of it was lost" in _flat(_screen(t, 1))


def test_a_sideways_unit_brought_into_command_by_a_loss_is_told(Guerilla, cid):
    """l.22: "When a group contains more units than its leader's command rating, any excess
    units are turned sideways and do not function as part of the group." A rating-2 leader with
    three units loses one commanded unit (l.68): the sideways 4 is in command again, and every
    seat reads it with the loss."""
    r3, r2, r4 = cid("Unit 1/3"), cid("Unit 1/2"), cid("Unit 1/4")
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Unit 5/1")], 0),
                                    (1, REB, [cid("Coronel Esteban Lagos / Capitán Mateo Ibarra"), r3, r2, r4], 0)])
    t.do("attack with group 0", "group 1", "attack the commanded units").roll(8, 5)   # 13 against 11
    t.do(f"Unit 1/2 (card {r2})")
    lines = told(t, "done", 0)
    assert "P2's g1: Unit 1/4 comes into command (no longer beyond its leader's command rating, 2)" in lines
    assert not any("into command" in line for line in told(t, "end the turn", 0))


def test_the_note_says_why_an_ambush_is_not_offered_against_a_complex(Guerilla, cid):
    """l.120: "Ambush ... Cannot be played on a complex." (RULES.md reading 17: never in a battle
    against a complex.) Attacking a lone Airfield, the attacker holding an Ambush is offered
    only "no reaction", and the note says why; a battle against units says nothing of it."""
    from partisan.cli.views.guerilla import decision_note
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush")]}, groups=[
        (0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Airfield")], 0), (1, GOV, [cid("Unit 2/1")], 0)])
    t.do("attack with group 0", "group 1")
    assert t.moves() == ["no reaction"]
    assert decision_note(t.obs(0), 0) == ("Battle reaction. No Ambush here: your Ambush cannot be used, as the "
                                          "Ambush \"Cannot be played on a complex\" and g1 is the Airfield.")
    u = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush")]}, groups=[
        (0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 2/1")], 0)])
    u.do("attack with group 0", "group 1")
    assert "Ambush" not in decision_note(u.obs(0), 0)


def test_the_legend_explains_every_mark_the_table_shows(Guerilla, cid):
    """The `cards` legend explains each mark of the table's marker line: l.132 "The card is placed
    before the drawing player" (Bad Weather before P3), l.124 and l.129 the atrocity committed
    this round that lets the UN card be played and the UN card's player, l.139 the Revolution
    played, l.95 a red card "played immediately", sudden death (l.103) and the second deck
    (l.101). Each mark's words, its seat or number aside, are in the legend."""
    import re
    from partisan.cli.views.guerilla import _markers, reference
    from partisan.core.game import load_game
    console = Console(file=io.StringIO(), width=400, color_system=None)
    console.print(reference(load_game("guerilla", players=4)))
    legend = _flat(console.file.getvalue())
    obs = dict(Guerilla(4).arrange().obs(0), bad_weather_before=2, un_protects=1, atrocity=True, sudden_death=7,
               second_deck=True, revolution_played=True, playing="Traitors (card 125)")
    marks = str(_markers(obs, 0, " · ")).split(" · ")
    assert len(marks) == 7
    for mark in marks:
        words = re.split(r" (?:P\d|you|\d+|Traitors)\b", mark)[0]
        assert words in legend, mark
    for mark in ("Bad Weather before P3", "atrocity this round", "Revolution played"):
        assert mark in legend


def test_the_card_texts_say_the_un_card_passes_after_an_atrocity():
    """l.129: "Whenever an atrocity occurs and the UN card is in play, the card is transferred to
    the player who suffered losses in the atrocity." Both the Atrocities/Press and the UN
    Intervention rows of the `cards` reference say so."""
    from partisan.cli.views.guerilla import reference
    from partisan.core.game import load_game
    console = Console(file=io.StringIO(), width=1000, color_system=None)
    console.print(reference(load_game("guerilla", players=4)))
    rows = {line.split("  ")[0]: line for line in console.file.getvalue().splitlines()}
    for card in ("Atrocities/Press", "UN Intervention"):
        assert "passes" in rows[card] and "to the player who suffered the losses" in rows[card], rows[card]
