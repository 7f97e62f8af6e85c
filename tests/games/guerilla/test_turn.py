"""A turn (rules/guerilla.txt l.41-l.98): actions, the phases in order, withdrawal,
deployment and reinforcement, discards, the draw and its red cards, hand capacity."""
from partisan.core.games.guerilla.state import GOV, REB
VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"        # Government 3, +2
GALLARDO = "Teniente Raúl Gallardo / Teniente Martín Vega"           # rating 1 / 1, 0


def test_two_actions_a_turn(Guerilla, cid):
    """l.43: "In his turn each player may perform actions with a total cost of two or less." """
    t = Guerilla(4).arrange(hands={0: [cid("Unit 1/1"), cid("Unit 1/1", 1), cid("Unit 1/1", 2)]})
    t.do("deploy a new group", "Unit 1/1", "done", "Rebel")
    t.do("deploy a new group", "Unit 1/1", "done", "Rebel")
    assert t.moves() == ["end the turn"]
    t.do("end the turn")
    assert t.obs()["active"] == 1 and t.obs()["actions_left"] == 2


def test_phases_in_order(Guerilla, cid):
    """l.44: "Phases must take place in the order shown in the sequence of play." After a
    discard (phase E) no deployment (C) and no withdrawal (A)."""
    t = Guerilla(4).arrange(hands={0: [cid("Unit 1/1"), cid("Unit 1/1", 1)]},
                            groups=[(0, REB, [cid("Unit 2/2")], 0)])
    assert {"deploy a new group", "withdraw group 0", "reinforce group 0"} <= set(t.moves())
    t.do("discard cards", "Unit 1/1 on top (shown)", "done")
    assert not {"deploy a new group", "withdraw group 0", "reinforce group 0"} & set(t.moves())
    assert "discard cards" in t.moves()


def test_withdrawal_returns_the_garrison_and_leaves_the_complex(Guerilla, cid):
    """l.47: "The player may withdraw any deployed units or leaders back to his hand. This costs
    one action per group ... once deployed, a complex may never be withdrawn. A complex whose
    garrison is withdrawn does not change faction." """
    bridge, unit = cid("Bridge"), cid("Unit 2/2")
    t = Guerilla(4).arrange(groups=[(0, GOV, [bridge, unit], 0)])
    t.do("withdraw group 0")
    assert t.obs()["hand"] == [f"Unit 2/2 (card {unit})"] and t.obs(1)["hand_sizes"][0] == 1
    g = t.group_of(bridge)
    assert g["units"] == [] and g["faction"] == GOV and g["owner"] == 0
    assert t.obs()["actions_left"] == 1


def test_a_new_group_needs_a_unit_and_fits_its_limits(Guerilla, cid):
    """l.17-l.18: "A group can consist of one leader and/or up to three units ... Leaders must be
    deployed with a unit or a Complex, never alone." l.82: "Each group deployed and each group
    reinforced costs one action." The owner chooses the faction (l.37)."""
    hand = [cid("Unit 1/1"), cid("Unit 1/1", 1), cid("Unit 1/1", 2), cid("Unit 1/1", 3),
            cid(VALDIVIA), cid(GALLARDO)]
    t = Guerilla(4).arrange(hands={0: hand})
    t.do("deploy a new group")
    assert "done" not in t.moves()                               # a group needs a unit
    t.do(VALDIVIA)
    moves = t.moves()
    assert "done" not in moves and GALLARDO not in moves         # no leader alone; one leader
    t.do("Unit 1/1", "Unit 1/1", "Unit 1/1")
    assert t.moves() == ["done"]                                 # three units at most
    t.do("done", "Government")
    g = t.group_of(cid(VALDIVIA))
    assert g["faction"] == GOV and len(g["units"]) == 3 and g["owner"] == 0


def test_reinforcing_another_players_group(Guerilla, cid):
    """l.83: "A player can deploy reinforcements to a group owned by another player, with or
    without his consent. Cards deployed in this way immediately belong to the owner of the group
    they join." """
    extra = cid("Unit 1/1")
    t = Guerilla(4).arrange(hands={0: [extra]}, groups=[(2, REB, [cid("Unit 2/2")], 0)])
    t.do("reinforce group 0", "Unit 1/1", "done")
    g = t.group_of(extra)
    assert g["owner"] == 2 and g["faction"] == REB and len(g["units"]) == 2


def test_discard_shows_only_the_last_card(Guerilla, cid):
    """l.91: "A player may discard up to four cards from his hand at the cost of an action. He
    must reveal only the last card discarded because it will be visible on the top of the
    discard pile." The player chooses that card, named first; another seat's view of every
    choice is a secret step."""
    hand = [cid("Unit 1/1"), cid("Unit 2/2"), cid("Unit 3/3"), cid("Unit 4/4"), cid("Unit 1/2")]
    t = Guerilla(4).arrange(hands={0: hand})
    t.do("discard cards")
    assert "done" not in t.moves() and "Unit 3/3 on top (shown)" in t.moves()
    shown = t.s.string_to_action("Unit 3/3 on top (shown)")
    assert t.s.describe_action(shown, 1) == "P1: chooses in secret"
    t.do("Unit 3/3 on top (shown)", "Unit 1/1 under it (face down)",
         "Unit 2/2 under it (face down)", "Unit 4/4 under it (face down)")
    assert "Unit 1/2 under it (face down)" not in t.moves()     # four at most
    t.do("done")
    assert t.obs(1)["discard_top"] == f"Unit 3/3 (card {hand[2]})"
    assert t.snap()["discard"][-1] == hand[2]
    assert t.s._seen_discard(1) == [hand[2]]
    assert sorted(t.s._seen_discard(0)) == sorted(hand[:4])
    assert t.obs(1)["hand_sizes"][0] == 1


def test_a_discard_is_picked_card_by_card_in_any_order(Guerilla, cid):
    """l.91: "A player may discard up to four cards from his hand at the cost of an action. He
    must reveal only the last card discarded because it will be visible on the top of the
    discard pile." The cards are one choice: the first picked is the one shown, the others are
    picked in any order (none hidden behind another), so from two 1/1s, a 2/2 and a 3/3 every
    discard of up to four can be made, and "done" is offered only once a card is picked."""
    hand = [cid("Unit 1/1"), cid("Unit 1/1", 1), cid("Unit 2/2"), cid("Unit 3/3")]
    t = Guerilla(4).arrange(hands={0: hand})
    t.do("discard cards")
    assert sorted(t.moves()) == ["Unit 1/1 on top (shown)", "Unit 2/2 on top (shown)",
                                 "Unit 3/3 on top (shown)"]
    t.do("Unit 1/1 on top (shown)")
    assert sorted(t.moves()) == ["Unit 1/1 under it (face down)", "Unit 2/2 under it (face down)",
                                 "Unit 3/3 under it (face down)", "done"]
    t.do("Unit 3/3 under it (face down)")           # a later kind first: the rest still offered
    assert sorted(t.moves()) == ["Unit 1/1 under it (face down)", "Unit 2/2 under it (face down)",
                                 "done"]
    found = set()
    stack = [(t.s.clone(), ("Unit 1/1", "Unit 3/3"))]
    while stack:
        state, seq = stack.pop()
        for a in state.legal_actions():
            text = state.action_to_string(a)
            if text == "done":
                found.add((seq[0], tuple(sorted(seq[1:]))))
                continue
            nxt = state.clone()
            nxt.apply_action(a)
            stack.append((nxt, seq + (" ".join(text.split(" ")[:2]),)))
    assert found == {("Unit 1/1", ("Unit 3/3",)), ("Unit 1/1", ("Unit 1/1", "Unit 3/3")),
                     ("Unit 1/1", ("Unit 2/2", "Unit 3/3")),
                     ("Unit 1/1", ("Unit 1/1", "Unit 2/2", "Unit 3/3"))}


def test_t10_drawing_stops_at_a_red_card_which_is_played_and_ends_the_turn(Guerilla, cid):
    """Digest T10. l.95: "At the cost of one action, a player may draw new cards from the deck
    until he reaches his hand capacity or draws a red card. If a red card is drawn it must be
    played immediately. The player's turn ends as soon as that is done." At 6 of 8 cards: a unit,
    then Traitors, resolved (l.140), and the turn ends."""
    hand = [cid("Unit 1/1", k) for k in range(4)] + [cid("Unit 1/2"), cid("Unit 1/2", 1)]
    unit, traitors, lead = cid("Unit 2/2"), cid("Traitors"), cid(GALLARDO)
    t = Guerilla(4).arrange(hands={0: hand}, deck=[unit, traitors, cid("Unit 3/3")],
                            groups=[(0, GOV, [cid("Unit 4/4")], 0), (0, REB, [cid("Unit 4/4", 1)], 0),
                                    (1, GOV, [lead, cid("Unit 2/3")], 0)])
    t.do("draw cards").draw(unit, traitors)
    assert t.obs()["phase"] == "traitors" and t.obs()["hand_sizes"][0] == 7
    # l.140: "Add the leader's command modifier to a die roll ... If the result is less than 6,
    # the leader is eliminated - shot as a traitor ... Eliminating a leader in this way scores
    # no points."
    t.do("group 2").roll(5)
    assert t.snap()["where"][lead] == 7 and t.obs()["scores"] == [0, 0, 0, 0]
    assert t.obs()["active"] == 1
    assert t.snap()["discard"][-1] == traitors


def test_traitors_turn_the_whole_group(Guerilla, cid):
    """l.140: "If the result is greater than 5, the leader and his entire group change
    faction." """
    lead = cid(VALDIVIA)                                         # +2: a 4 makes 6
    t = Guerilla(4).arrange(deck=[cid("Traitors")], groups=[(1, GOV, [lead, cid("Unit 2/3")], 0)])
    t.do("draw cards").draw(cid("Traitors")).do("group 0").roll(4)
    assert t.group_of(lead)["faction"] == REB and t.group_of(lead)["owner"] == 1


def test_a_group_turned_by_traitors_is_rearranged_by_its_owner(Guerilla, cid):
    """l.23-l.25: "The cards within a group may be re-arranged following: ... after changing
    factions". l.140: "the leader and his entire group change faction." Valdivia commands three
    units as Government (rating 3) but one as Rebel (rating 1): when P1's Traitors turn P3's
    group, P3 is asked, in P2's turn, which sideways unit to bring into command (reading 10a)."""
    lead, a, b, c = cid(VALDIVIA), cid("Unit 3/1"), cid("Unit 2/2"), cid("Unit 1/4")
    t = Guerilla(4).arrange(deck=[cid("Traitors"), cid("Unit 3/3")],
                            groups=[(2, GOV, [lead, a, b, c], 0)])
    t.do("draw cards").draw(cid("Traitors")).do("group 0").roll(4)
    assert t.obs()["active"] == 1 and t.s.current_player() == 2
    assert set(t.moves()) == {"keep group 0 as it is", f"bring into command Unit 2/2 (card {b})",
                              f"bring into command Unit 1/4 (card {c})"}
    t.do(f"bring into command Unit 1/4 (card {c})")
    assert t.group_of(lead)["units"] == [c, b, a] and t.s.current_player() == 1


def test_a_drawn_complex_joins_a_one_unit_government_group_or_stands_alone(Guerilla, cid):
    """l.96: "When drawn, a complex may be added to any one unit Government group (not isolated)
    without a Complex that the drawing player has already deployed. If there is no such group,
    the Complex must be deployed on its own. Complexes must be under Government control when
    they are first deployed." """
    port = cid("Port")
    t = Guerilla(4).arrange(deck=[cid("Unit 3/3"), port], groups=[(0, GOV, [cid("Unit 2/2")], 0),
                                                 (0, REB, [cid("Unit 2/3")], 0),
                                                 (0, GOV, [cid("Unit 1/1"), cid("Unit 1/2")], 0)])
    t.do("draw cards").draw(port)
    assert t.moves() == ["done", "group 0"]
    t.do("group 0")
    g = t.group_of(port)
    assert g["faction"] == GOV and g["units"] == [cid("Unit 2/2")]
    assert t.obs()["active"] == 1


def test_revolution_swaps_two_markers_and_turns_a_group(Guerilla, cid):
    """l.139: "The player who draws this card may exchange the loyalty markers of any two
    players. Both players may immediately check their new loyalties. Next the drawing player
    must change the faction of one deployed Government group to Rebel. Control of a complex may
    change in this way." """
    rev, air = cid("Revolution"), cid("Airfield")
    t = Guerilla(4).arrange(loyalties=[GOV, REB, GOV, REB], deck=[cid("Unit 3/3"), rev],
                            groups=[(2, GOV, [air], 0), (3, REB, [cid("Unit 1/1")], 0)])
    t.do("draw cards").draw(rev)
    assert "swap the markers of P2 and P3" in t.moves() and "done" in t.moves()
    t.do("swap the markers of P2 and P3")
    assert t.obs(1)["loyalty"] == {"1": "Government", "2": "Rebel"}
    assert t.obs(2)["loyalty"] == {"1": "Government", "2": "Rebel"}
    assert t.obs(0)["loyalty"] == {"0": "Government"}
    assert t.moves() == ["group 0"]
    t.do("group 0")
    assert t.group_of(air)["faction"] == REB and t.obs()["active"] == 1


def test_the_palace_holder_is_out_of_the_revolution(Guerilla, cid):
    """l.138-l.139: the owner of the undamaged, un-isolated Palace "is immune to Revolution and
    Traitors cards ... He cannot exchange his loyalty marker even if he wants to"; "his groups
    are excluded from the change of faction." A damaged Palace gives no immunity."""
    rev, palace = cid("Revolution"), cid("Presidential Palace")
    t = Guerilla(3).arrange(deck=[rev], groups=[(1, GOV, [palace], 0), (2, GOV, [cid("Unit 1/1")], 0)])
    t.do("draw cards").draw(rev)
    assert t.moves() == ["done", "swap the markers of P1 and P3"]
    t.do("done")
    assert t.moves() == ["group 1"]
    damaged = Guerilla(3).arrange(deck=[rev], groups=[(1, GOV, [palace], 1)])
    damaged.do("draw cards").draw(rev)
    assert "swap the markers of P1 and P2" in damaged.moves()


def test_bad_weather_lies_before_the_drawer_until_rolled_off(Guerilla, cid):
    """l.132: "The card is placed before the drawing player. At the start of each of the drawing
    player's turns after the one in which it is drawn, roll a die. A roll greater than five
    means that the weather has cleared and the card is discarded." """
    bw = cid("Bad Weather")
    t = Guerilla(3).arrange(deck=[bw, cid("Unit 1/1")])
    t.do("draw cards").draw(bw)
    assert t.obs()["bad_weather_before"] == 0 and t.obs()["active"] == 1
    t.do("end the turn", "end the turn").roll(5)
    assert t.obs()["bad_weather_before"] == 0 and t.obs()["phase"] == "turn"
    t.do("end the turn", "end the turn", "end the turn").roll(6)
    assert t.obs()["bad_weather_before"] is None and t.snap()["discard"][-1] == bw


def test_hand_capacity_random_discards_at_the_end_of_the_turn(Guerilla, cid):
    """l.15: "This is eight cards if he has both factions deployed, or seven if he does not. If
    hand capacity is exceeded at the end of a turn then excess cards must be randomly chosen and
    discarded from the hand by another player." The Port adds one (l.137)."""
    hand = [cid("Unit 1/1", k) for k in range(4)] + [cid("Unit 1/2", k) for k in range(3)] + [
        cid("Unit 2/1", k) for k in range(3)]
    t = Guerilla(4).arrange(hands={0: hand})
    t.do("end the turn")
    assert t.s.is_chance_node() and len(t.s.chance_outcomes()) == 10
    t.draw(hand[0], hand[1], hand[2])
    assert t.obs()["hand_sizes"][0] == 7 and t.obs()["active"] == 1
    assert t.s._seen_discard(1) == [hand[2]]                    # face down but the last
    port = Guerilla(4).arrange(hands={0: hand}, groups=[(0, GOV, [cid("Port")], 0),
                                                        (0, REB, [cid("Unit 3/3")], 0)])
    port.do("end the turn").draw(hand[0])
    assert port.obs()["hand_sizes"][0] == 9 and port.obs()["active"] == 1


def test_the_weather_and_traitors_thresholds_are_read_from_the_card_data(Guerilla, cid, tmp_path):
    """l.132 ("A roll greater than five means that the weather has cleared") and l.140 ("If the
    result is greater than 5") are the card data's `clear_above` and `threshold`: an owner who
    edits them to 3 and 1 sees a 4 clear the weather and a 2 turn a leaderless Bridge."""
    from pathlib import Path
    from partisan.core.game import load_game
    data = Path(__file__).parents[3] / "core" / "games" / "guerilla" / "data" / "cards.toml"
    text = data.read_text(encoding="utf-8")
    assert text.count("clear_above = 5") == 1 and text.count('kind = "traitors", threshold = 5') == 1
    (tmp_path / "cards.toml").write_text(text.replace("clear_above = 5", "clear_above = 3").replace(
        'kind = "traitors", threshold = 5', 'kind = "traitors", threshold = 1'), encoding="utf-8")
    bw = cid("Bad Weather")
    t = Guerilla(3)
    t.s = load_game("guerilla", 3, data=tmp_path).new_initial_state(0)
    t.arrange(deck=[bw, cid("Unit 1/1")])
    t.do("draw cards").draw(bw)
    t.do("end the turn", "end the turn").roll(4)
    assert t.obs()["bad_weather_before"] is None
    bridge = cid("Bridge")
    t = Guerilla(4)
    t.s = load_game("guerilla", 4, data=tmp_path).new_initial_state(0)
    t.arrange(deck=[cid("Traitors")], groups=[(1, GOV, [bridge], 0)])
    t.do("draw cards").draw(cid("Traitors")).do("group 0").roll(2)
    assert t.group_of(bridge)["faction"] == REB
