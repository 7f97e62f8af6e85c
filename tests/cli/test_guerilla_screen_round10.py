"""Guerilla's lines after the tenth round's newcomers: at 80x24 the summary keeps a few lines
of the bots' turns, often an outcome without the move that caused it, so each outcome line
reads alone: a battle's dice, losses and points name the battle; an assassination names its
victim. Each test builds the position it needs and quotes the passage the line explains."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.views import guerilla
from partisan.core.game import load_game
from partisan.core.games.guerilla.cards import load_cards
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES, GOV, REB

DECK = load_cards()
VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"       # rating 3 / 1
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2


def _cid(name: str, copy: int = 0) -> int:
    return DECK.ids(name)[copy]


def _table(groups, hands=None, active=0, deck=None):
    state = load_game("guerilla", players=4).new_initial_state(0)
    state.arrange([GOV, REB, GOV, REB], hands=hands or {}, groups=groups, active=active, deck=deck)
    return state


def _screen(obs: dict, seat: int, width: int = 80, height: int = 24) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    console.print(guerilla.render(obs, seat))
    return " ".join(console.file.getvalue().split())


def _play(state, *moves, viewer=0) -> list[str]:
    """Play moves (texts, ("die", face) or ("card", id)) and return what `viewer` is told, as play does:
    each move's line, then what the screen noticed it changed; a reaction window where the
    seat asked can only pass is passed."""
    told = []
    for move in moves:
        a = (state.string_to_action(move) if isinstance(move, str)
             else CHANCE_OUTCOMES.card + move[1] if move[0] == "card" else CHANCE_OUTCOMES.die + move[1] - 1)
        told += _told(state, a, viewer)
        while (state.current_player() >= 0
               and [state.action_to_string(b) for b in state.legal_actions()] == ["no reaction"]):
            told += _told(state, state.legal_actions()[0], viewer)
    return told


def _told(state, a: int, viewer) -> list[str]:
    line = state.describe_action(a, viewer)
    before = state.observation(viewer)
    state.apply_action(a)
    return [line, *guerilla.changes(before, state.observation(viewer), viewer)]


def _bots_battle() -> list[str]:
    """P4's g2 (Valdivia with a 4 and a 3) beats P2's lone Unit 4/4 in g1; P1 watches."""
    state = _table([(0, REB, [_cid("Unit 1/1")], 0), (1, REB, [_cid("Unit 4/4")], 0),
                    (3, GOV, [_cid(VALDIVIA), _cid("Unit 4/1"), _cid("Unit 3/1")], 0)], active=3)
    return _play(state, "attack with group 2", "group 1", ("die", 4), ("die", 2))


def test_a_battle_s_totals_name_the_battle():
    """l.67-l.68: each side totals its strength and a die roll; "The player with the lowest
    total must eliminate units of his choice with a combined strength at least equal to the
    difference in the totals." The line of the totals says whose group attacked whose, so it
    reads alone when the summary drops the attack's own lines."""
    totals = next(line for line in _bots_battle() if "totals" in line)
    assert totals.startswith("P4's g2 attacks P2's g1: P2's defence d10: 2; totals P4 13 (7 + leader +2 + d10 4) "
                             "against P2 6 (4 + d10 2)"), totals


def test_a_battle_s_losses_and_points_name_the_battle():
    """l.68: the loser "must eliminate units"; l.110: "Eliminating a unit | Its printed
    strength". The eliminated card and the victor's points each say which battle they come
    from: "P2's g1: Unit 4/4 eliminated" / "P4: +4 points" alone said neither."""
    told = _bots_battle()
    assert "P2's g1, attacked by P4's g2: Unit 4/4 eliminated" in told, told
    assert "P4: +4 points (now 4), won by P4's g2 against P2's g1" in told, told


def test_the_attacker_s_losses_and_the_defender_s_points_name_the_battle():
    """l.68: "The player with the lowest total must eliminate units": here the attacker. His
    loss says what it was attacking, and the defender's points say what they beat off."""
    state = _table([(0, REB, [_cid("Unit 1/1")], 0), (1, REB, [_cid("Unit 4/4")], 0),
                    (3, GOV, [_cid("Unit 2/1")], 0)], active=3)
    told = _play(state, "attack with group 2", "group 1", ("die", 1), ("die", 9))
    assert "P4's g2, attacking P2's g1: Unit 2/1 eliminated" in told, told
    assert "P2: +2 points (now 2), won by P2's g1 against P4's g2" in told, told


def test_an_air_assault_on_the_sideways_units_says_so_on_every_line():
    """l.119: Air Assault "2) Combine the strength of two deployed groups for a single attack";
    l.60-l.61: the attacker "may choose to attack: - only the sideways unit out of command
    control"; l.64: "only the units under attack can defend and take losses". The totals
    (7 strength, 1 in defence against a group of three) and the losses name both, so they
    read alone."""
    state = _table([(0, GOV, [_cid(VALDIVIA), _cid("Unit 4/1"), _cid("Unit 3/1")], 0),
                    (0, GOV, [_cid("Unit 2/1")], 0),
                    (1, REB, [_cid(LAGOS), _cid("Unit 1/3"), _cid("Unit 2/2"), _cid("Unit 1/1")], 0)],
                   hands={0: [_cid("Air Assault")]})
    told = _play(state, "play Air Assault", "combine group 0 with another", "combine with group 1", "group 2",
                 "attack the sideways units", ("die", 9), ("die", 1), viewer=1)
    totals = next(line for line in told if "totals" in line)
    assert totals.startswith("P1's g0 and g1 (Air Assault) attack the sideways units of your g2: your defence "
                             "d10: 1; totals P1 18 (9 + d10 9; Valdivia's +2 not applied: combined attack) against "
                             "you 2 (1 + d10 1; Ibarra's +1 not applied: the sideways units are out of his command)"), totals
    assert "your g2, attacked by P1's g0 and g1 (Air Assault): Unit 1/1 eliminated" in told, told
    assert ("P1: +1 point (now 1), won by P1's g0 and g1 (Air Assault) against the sideways units of your g2"
            in told), told


def test_a_policia_s_die_names_the_leader_it_kills_and_whose():
    """l.136: the Policia "May make one assassination attempt per turn on a leader of the same
    faction controlled by another player. Roll the die and subtract the target leader's command
    modifier ... If the result is greater than 5, the leader is dead." The die's line names the
    leader and his group: "the leader is killed" alone said neither."""
    lead = _cid(VALDIVIA)
    state = _table([(0, REB, [_cid("Unit 1/1")], 0), (1, GOV, [lead, _cid("Unit 2/2")], 0),
                    (3, GOV, [_cid("Policia")], 0)], active=3)
    told = _play(state, "assassination (Policia)", f"{VALDIVIA} (card {lead})", ("die", 10))
    assert ("P4's Policia d10: 10, less the leader's modifier +2: 8, above 5: General Arturo Valdivia of P2's g1 is killed"
            in told), told


def test_an_assassin_s_die_names_the_leader_who_survives():
    """l.123: Assassin: "Roll the die and subtract the target leader's command modifier ... If
    the result is greater than 5, the leader is dead." A miss names whom it missed."""
    lead = _cid(LAGOS)
    state = _table([(1, REB, [lead, _cid("Unit 2/2")], 0), (2, GOV, [_cid("Unit 2/1")], 0)],
                   hands={2: [_cid("Assassin")]}, active=2)
    told = _play(state, "play Assassin", f"{LAGOS} (card {lead})", ("die", 2))
    assert any(line.endswith(": Capitán Mateo Ibarra of P2's g0 survives") for line in told), told


def test_a_battle_s_points_ordered_onto_the_pile_are_told_once_then_as_shares():
    """l.72: "Eliminated cards are placed face up on the discard pile. The victor decides the
    order in which they go there. This may be significant if the Barracks or Port complexes are
    in play"; l.110-l.111: a unit scores "Its printed strength", a leader "Command rating plus
    command modifier". The battle's line tells its 8 points once, as due; each card then scores
    its share as it goes, and its lines say it is a share of those 8, never "P4 scores" twice."""
    state = _table([(0, GOV, [_cid("Port")], 0), (1, REB, [_cid(LAGOS), _cid("Unit 1/3"), _cid("Unit 2/2")], 0),
                    (3, GOV, [_cid(VALDIVIA), _cid("Unit 4/1"), _cid("Unit 3/1")], 0)], active=3)
    told = _play(state, "attack with group 2", "group 1", ("die", 10), ("die", 1), "put Unit 1/3 on the discard pile next",
                 "put Unit 2/2 on the discard pile next")
    text = "\n".join(told)
    assert ("; 8 points due to P4: 5 for the units, 3 for the leader Capitán Mateo Ibarra (rating 2, modifier +1), "
            "scored as the losses go onto the discard pile") in text, text
    assert "P4: put Unit 1/3 on the discard pile next: 3 of the battle's 8 points scored, 5 to come" in told, told
    assert "P4: +3 points (now 3), won by P4's g2 against P2's g1: 3 of its 8 points, 5 to come" in told, told
    assert "P4: put Unit 2/2 on the discard pile next: the last 5 of the battle's 8 points scored" in told, told
    assert "P4: +5 points (now 8), won by P4's g2 against P2's g1: the last of its 8 points" in told, told
    assert "P4 scores" not in text


def test_a_propaganda_kill_says_why_the_leader_died_and_what_the_points_are():
    """l.141: TV Station: "Roll the die, subtract the strength of the unit plus its group
    leader's command modifier. If the result is greater than 0, the unit is eliminated." l.70:
    "Any leader left alone after losses are taken is eliminated." l.110-l.111: a unit scores
    "Its printed strength", a leader "Command rating plus command modifier". The lines say the
    leader died left alone and what the 5 points are made of."""
    state = _table([(0, REB, [_cid("Unit 1/4")], 0), (1, REB, [_cid(LAGOS), _cid("Unit 2/2")], 0),
                    (3, GOV, [_cid("TV Station")], 0)], active=3)
    told = _play(state, "propaganda (TV Station)", "aim propaganda at Unit 2/2 of P2's g1", ("die", 10))
    assert "P2's g1, hit by P4's propaganda: Unit 2/2 eliminated; Lagos/Ibarra, the leader left alone, dies" in told
    assert "P4: +5 points (now 5) (propaganda on P2's g1: 2 for Unit 2/2, 3 for the leader left alone)" in told, told


def _cut_policia(attacker: list[int]) -> object:
    """P1's g0 cuts the supply of P2's ungarrisoned Policia (g1); P3's g2 attacks it next."""
    state = _table([(0, REB, [_cid("Unit 1/4")], 0), (1, GOV, [_cid("Policia")], 0), (2, REB, attacker, 0)],
                   hands={0: [_cid("Supply Cut")]})
    _play(state, "play Supply Cut", "group 0", "group 1", "end the turn", "end the turn")
    return state


def test_a_captured_complex_s_supply_cut_says_where_the_card_goes():
    """l.75: "Whenever a complex would be required to take losses, it is instead captured by the
    attacking group." l.128: the Supply Cut "remains in play until the isolated group is
    relieved or eliminated. In certain circumstances it is returned to the player's hand rather
    than discarded ... If an isolated group is eliminated (any complex captured) with combat
    losses greater than its unit strength plus complex DF plus one point for a leader, it is
    overrun and the supply cutter gets his supply cut card back in hand." Captured by a loss of
    3, no more than its DF 3: the card is discarded, and the line says so."""
    state = _cut_policia([_cid("Unit 1/2")])
    told = _play(state, "attack with group 2", "group 1", ("die", 5), ("die", 2))
    assert "P3's g1 is no longer isolated (g0's supply cut ends; your Supply Cut is discarded)" in told, told
    state = _cut_policia([_cid("Unit 1/2")])
    told = _play(state, "attack with group 2", "group 1", ("die", 9), ("die", 1))       # a loss of 8: overrun
    assert "your Supply Cut goes back to your hand (P2's g1, which it cut off, was overrun)" in told, told


def test_a_supply_cut_under_way_is_not_called_a_battle():
    """l.128: Supply Cut: "Special attack by an infantry group instead of its normal attack;
    played on opposing group." While its target is chosen, the panel names the Supply Cut, not
    a battle."""
    state = _table([(0, REB, [_cid("Unit 1/4")], 0), (1, GOV, [_cid("Policia")], 0)],
                   hands={0: [_cid("Supply Cut")]})
    _play(state, "play Supply Cut", "group 0")
    screen = _screen(state.observation(0), 0)
    assert "Supply Cut: you cut supply with g0 (choosing the group to cut)" in screen, screen
    assert "Battle:" not in screen


def test_a_group_closed_for_you_says_no_unit_is_left_rather_than_that_it_is_full():
    """l.17: "A group can consist of one leader and/or up to three units"; l.22: "When a group
    contains more units than its leader's command rating, any excess units are turned sideways".
    A leader with two units may take a third: when the deployment is closed for the player, it is
    because the hand holds no unit, only another leader, and the line says so."""
    state = _table([(1, GOV, [_cid("Unit 2/1")], 0)],
                   hands={0: [_cid(LAGOS), _cid("Unit 3/3"), _cid("Unit 1/3"), _cid(VALDIVIA)]})
    _play(state, "deploy a new group", "add Unit 3/3", f"add {LAGOS} 2/2+1", "add Unit 1/3")
    obs = state.observation(0)
    assert obs["menu"] == [f"deploy Unit 3/3, {LAGOS} and Unit 1/3 as a new group (no more cards fit: a group has "
                           "one leader, and it has its own; no unit is left in your hand)"]
    assert guerilla.decision_note(obs, 0).endswith(
        f"Not offered: {VALDIVIA} (a group has one leader, and it has its own).")


def test_the_assassin_s_targets_say_what_roll_kills_each():
    """l.123: Assassin: "Roll the die and subtract the target leader's command modifier
    (remember that a double minus is a plus). If the result is greater than 5, the leader is
    dead." Each target says his modifier and the d10 that kills him, from the card data, so the
    player need not open `cards` to pick the likeliest."""
    state = _table([(1, REB, [_cid(LAGOS), _cid("Unit 2/2")], 0), (1, REB, [_cid(VALDIVIA), _cid("Unit 2/3")], 0),
                    (2, GOV, [_cid("Unit 2/1")], 0)], hands={2: [_cid("Assassin")]}, active=2)
    _play(state, "play Assassin")
    assert state.observation(2)["menu"] == [
        "try to kill Comandante Lucio Marín of P2's g1 (the leader's modifier +2: a d10 of 8 or more kills)",
        "try to kill Capitán Mateo Ibarra of P2's g0 (the leader's modifier +1: a d10 of 7 or more kills)"]


def test_the_traitors_target_says_what_roll_turns_the_group():
    """l.140: Traitors: "Add the leader's command modifier to a die roll ... If the result is
    greater than 5, the leader and his entire group change faction. If the result is less than
    6, the leader is eliminated - shot as a traitor." """
    state = _table([(1, GOV, [_cid(VALDIVIA), _cid("Unit 2/1")], 0)], deck=[_cid("Traitors")])
    _play(state, "draw cards", ("card", _cid("Traitors")))
    assert state.observation(0)["menu"] == [
        "play the Traitors on P2's g0 (the leader's modifier +2: a d10 of 4 or more turns the group, else the leader is shot)"]


def test_a_group_s_side_says_its_strength_on_that_side():
    """l.7-l.8: a unit card shows "the strength of the Government unit" and "the strength of
    the Rebel unit", a leader "a Government command rating ... and a Rebel command rating";
    l.57: "A leader may combine the strength of as many units in his group as his command
    rating." Zamora/Villalba (3/3) with Units 1/3, 2/2 and 2/1: Government 1 + 2 + 2 = 5, Rebel
    3 + 2 + 1 = 6."""
    zamora = "General Hernán Zamora / Comandante Inés Villalba"
    state = _table([(1, GOV, [_cid("Unit 2/1")], 0)],
                   hands={0: [_cid(zamora), _cid("Unit 1/3"), _cid("Unit 2/2"), _cid("Unit 2/1", 1)]})
    _play(state, "deploy a new group", "add Unit 1/3", "add Unit 2/2", "add Unit 2/1", f"add {zamora} 3/3",
          f"deploy Unit 1/3, Unit 2/2, Unit 2/1 and {zamora} as a new group")
    assert state.observation(0)["menu"] == ["deploy the group as Government (strength 5)",
                                            "deploy the group as Rebel (strength 6)"]
    _play(state, "deploy the group as Rebel")                   # typed without its note
    assert state.observation(1)["groups"][-1]["faction"] == "Rebel"


def test_a_group_s_strength_counts_the_units_its_leader_commands_as_placed():
    """l.22: "When a group contains more units than its leader's command rating, any excess
    units are turned sideways and do not function as part of the group." l.57: the leader
    combines as many units as his rating. The group keeps its units in the order picked, the
    first commanded (the owner may rearrange them after: RULES.md, reading 10a). A newcomer
    read "deploy the group as Rebel (strength 4, 2 sideways)" and the board showed strength 2:
    Gallardo/Vega (1/1, +0) with Units 1/1, 2/2 and 3/3 picked in that order commands the 1."""
    gallardo = "Teniente Raúl Gallardo / Teniente Martín Vega"
    state = _table([(1, GOV, [_cid("Unit 2/1")], 0)],
                   hands={0: [_cid(gallardo), _cid("Unit 1/1"), _cid("Unit 2/2"), _cid("Unit 3/3")]})
    _play(state, "deploy a new group", "add Unit 1/1", "add Unit 2/2", "add Unit 3/3", f"add {gallardo} 1/1",
          f"deploy Unit 1/1, Unit 2/2, Unit 3/3 and {gallardo} as a new group")
    assert state.observation(0)["menu"] == ["deploy the group as Government (strength 1, 2 sideways)",
                                            "deploy the group as Rebel (strength 1, 2 sideways)"]
    _play(state, "deploy the group as Rebel")
    group = state.observation(1)["groups"][-1]
    assert group["units"][0].startswith("Unit 1/1") and group["commanded"] == 1 and group["strengths"][0] == 1, group


def test_the_air_assault_menu_says_combine_to_attack_in_the_board_s_words():
    """l.119: Air Assault: "2) Combine the strength of two deployed groups for a single attack."
    The menu says the pair attacks, and names the groups as the board does (g0, not group 0)."""
    state = _table([(0, GOV, [_cid(VALDIVIA), _cid("Unit 4/1"), _cid("Unit 3/1")], 0), (0, GOV, [_cid("Unit 2/1")], 0),
                    (1, REB, [_cid(LAGOS), _cid("Unit 1/3")], 0)], hands={0: [_cid("Air Assault")]})
    _play(state, "play Air Assault")
    assert state.observation(0)["menu"] == ["combine your g0 with another group to attack"]
    told = _play(state, "combine your g0 with another group to attack", viewer=1)
    assert told[0] == "P1: combine P1's g0 with another group to attack"
    assert state.observation(0)["menu"] == ["attack together with your g1"]


def test_the_rules_notes_speak_to_players_not_to_the_card_file():
    """`rules 11` was titled "Readings for the cards (data/cards.toml)" and said "not printed in
    the text: 4 [reconstructed]": a data file's tags, where a player reads the rules. Every
    section `rules` shows names the rulebook, never the card file or its tags."""
    from partisan.cli.rules import rules_sections
    from partisan.core.game import game_info
    sections = dict(rules_sections(game_info("guerilla")))
    assert "Readings for the cards" in sections
    for head, body in sections.items():
        text = f"{head} {body}"
        for jargon in ("cards.toml", "[reconstructed]", "tagged reconstructed", "the text says", "the text names"):
            assert jargon not in text, (head, jargon)
    assert "Partisan's Armor Column has strength 4" in " ".join(sections["Readings for the cards"].split())


def test_the_battle_panel_names_commanded_units_only_when_some_lie_sideways():
    """l.60-l.63: "When attacking a group with a higher number of units than its leader's
    command rating the attacker may choose to attack: ... the units under command control; or
    - all units in the group." Against a leader with one unit no part was chosen: the panel
    says all units, not "commanded units"."""
    state = _table([(0, REB, [_cid("Unit 1/1")], 0), (1, REB, [_cid(LAGOS), _cid("Unit 4/4")], 0),
                    (3, GOV, [_cid(VALDIVIA), _cid("Unit 4/1"), _cid("Unit 3/1")], 0)], active=3)
    state.apply_action(state.string_to_action("attack with group 2"))
    state.apply_action(state.string_to_action("group 1"))
    screen = _screen(state.observation(0), 0)
    assert "Battle: P4 attacks with g2 against P2's g1, all units" in screen, screen
    assert "commanded units" not in screen


def test_a_leaderless_group_s_side_says_its_strongest_unit():
    """l.58: "Only one unit (owner chooses which) in a leaderless group can attack each turn";
    against it the strongest unit named defends (RULES.md reading 8). The
    menu of a leaderless Unit 1/1 and Unit 3/3 said "strength 1", the first picked: it says 3."""
    state = _table([(1, GOV, [_cid("Unit 2/1")], 0)], hands={0: [_cid("Unit 1/1"), _cid("Unit 3/3")]})
    _play(state, "deploy a new group", "add Unit 1/1", "add Unit 3/3", "deploy Unit 1/1 and Unit 3/3 as a new group")
    assert state.observation(0)["menu"] == ["deploy the group as Government (strength 3, one unit fights alone)",
                                            "deploy the group as Rebel (strength 3, one unit fights alone)"]
