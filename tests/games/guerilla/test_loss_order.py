"""Cards chosen one by one in any order (RULES.md "A choice made in steps"): the losses a loser
picks (rules/guerilla.txt l.68-l.71) and the units an attacker names to defend a leaderless group
(l.58; reading 8). Picking a card never takes away a card listed before it."""
from partisan.core.games.guerilla.state import GOV, REB

LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2, +1
ZAMORA = "General Hernán Zamora / Comandante Inés Villalba"          # rating 3 / 3, 0
DISCARD, TABLE = 7, 8


def _card(t, c):
    return f"{t.s.deck.types[t.s.deck.cards[c]].name} (card {c})"


def _loss_of_three(Guerilla, cid):
    """Digest T4's battle: a loss of 3 from units 2, 2, 1 and a leader (1)."""
    att = [cid(LAGOS), cid("Unit 1/4"), cid("Unit 1/4", 1)]            # Rebel 4 + 4 + 1 = 9
    g2a, g2b, g1, lead = cid("Unit 2/2"), cid("Unit 2/3"), cid("Unit 1/1"), cid(ZAMORA)
    t = Guerilla(4).arrange(groups=[(0, REB, att, 0), (1, GOV, [lead, g2a, g2b, g1], 0)])
    t.do("attack with group 0", "group 1").roll(4, 5)                  # 13 against 10
    assert t.s.current_player() == 1 and t.snap()["battle"]["due"] == 3
    return t, g2a, g2b, g1, lead


def test_losses_are_picked_in_any_order(Guerilla, cid):
    """l.68: "The player with the lowest total must eliminate units of his choice with a combined
    strength at least equal to the difference in the totals ... A leader can be eliminated to
    fulfil one point of required losses." l.71: "A player cannot choose to eliminate more units
    than is necessary to meet his losses." Whichever card he picks first, every card of a
    legal set holding his picks is still offered, and exactly the cards he picked go."""
    t, g2a, g2b, g1, lead = _loss_of_three(Guerilla, cid)
    assert set(t.moves()) == {_card(t, c) for c in (g2a, g2b, g1, lead)}
    t.do(_card(t, g1))                                 # a 1 first: a 2 must follow
    assert set(t.moves()) == {_card(t, g2a), _card(t, g2b)}
    t.do(_card(t, g2b))
    assert t.moves() == ["done"]
    t.do("done")
    where = t.snap()["where"]
    assert (where[g1], where[g2b], where[g2a], where[lead]) == (DISCARD, DISCARD, TABLE, TABLE)
    assert t.obs()["scores"][0] == 3


def test_the_second_of_two_equal_cards_picked_first_keeps_the_first(Guerilla, cid):
    """l.68: losses are "units of his choice"; l.71: "A player cannot choose to eliminate more
    units than is necessary". The second 2 picked first: the other 2, the 1 and the leader may
    each complete the loss."""
    t, g2a, g2b, g1, lead = _loss_of_three(Guerilla, cid)
    second = max(g2a, g2b)
    t.do(_card(t, second))
    assert set(t.moves()) == {_card(t, c) for c in (g2a, g2b, g1, lead) if c != second}


def test_the_attacker_names_the_defenders_in_any_order(Guerilla, cid):
    """l.58: "When attacking a leaderless group, the attacker decides which unit(s) will defend."
    (RULES.md reading 8.) The unit with the highest card named first, the others may follow."""
    r4 = cid("Unit 1/4")
    g2, g1, g3 = cid("Unit 2/1"), cid("Unit 1/1"), cid("Unit 3/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [r4], 0), (1, GOV, [g2, g1, g3], 0)])
    t.do("attack with group 0", "group 1")
    last = max(g2, g1, g3)
    t.do(_card(t, last))
    assert set(t.moves()) == {"done"} | {_card(t, c) for c in (g2, g1, g3) if c != last}


def test_a_bot_picking_in_any_order_ends_with_a_cheapest_set(Guerilla, cid, pick_sets):
    """l.71: "A player cannot choose to eliminate more units than is necessary"; l.110-l.111:
    the victor scores a unit's "printed strength" and a leader's "Command rating plus command
    modifier". Every sequence of a bot's picks ends with a set the player may choose (the
    allowed sets do not depend on the order) that gives away the fewest points: a 2 and the
    1 (3 points), never both 2s (4) nor a 2 and the leader (2 + 3)."""
    t, g2a, g2b, g1, lead = _loss_of_three(Guerilla, cid)
    allowed = pick_sets(t.s)
    assert allowed == {frozenset(x) for x in ({g2a, g2b}, {g2a, g1}, {g2b, g1}, {g2a, lead},
                                              {g2b, lead})}
    ended, stack = set(), [(t.s, ())]
    while stack:
        state, picked = stack.pop()
        for a in state.bot_actions():
            if state.action_to_string(a) == "done":
                ended.add(frozenset(picked))
                continue
            nxt = state.clone()
            nxt.apply_action(a)
            stack.append((nxt, picked + (int(state.action_to_string(a).split("card ")[1][:-1]),)))
    assert ended == {frozenset({g2a, g1}), frozenset({g2b, g1})}


def test_identical_cards_of_a_group_are_one_choice(Guerilla, cid):
    """Two copies of one card in one group differ in nothing the rules weigh (l.68: losses by
    "combined strength"; l.58: the defenders the attacker names): the menu offers the kind
    once, and once one copy is picked the other may still follow."""
    r4 = cid("Unit 1/4")
    a, b, g3 = cid("Unit 1/1"), cid("Unit 1/1", 1), cid("Unit 3/3")
    t = Guerilla(4).arrange(groups=[(0, REB, [r4], 0), (1, GOV, [a, b, g3], 0)])
    t.do("attack with group 0", "group 1")
    assert sorted(t.moves()) == sorted([_card(t, a), _card(t, g3)])
    t.do(_card(t, a))
    assert set(t.moves()) == {"done", _card(t, b), _card(t, g3)}


def test_identical_cards_are_one_target_and_one_regroup(Guerilla, cid):
    """The same holds where a card on the table is picked by its kind alone: an air strike's
    target unit ("If the defender is a unit, the defence total is unit strength plus the command
    modifier of any leader in the same group, plus a die roll", l.131) and a sideways unit
    brought into command (l.22-l.25): two copies in one group are one move."""
    a, b, r3 = cid("Unit 1/1"), cid("Unit 1/1", 1), cid("Unit 1/3")
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Airfield")], 0), (1, REB, [a, b, r3], 0)])
    t.do("air strike (Airfield)")
    targets = [m for m in t.moves() if m.startswith("Unit 1/1")]
    assert targets == [_card(t, a)], t.moves()
    lead = cid("Teniente Raúl Gallardo / Teniente Martín Vega")      # rating 1: one unit in command
    t = Guerilla(4).arrange(groups=[(0, GOV, [lead, cid("Unit 3/3"), a, b], 0)])
    regroups = [m for m in t.moves() if "into command" in m]
    assert len(regroups) == 1 and "Unit 1/1" in regroups[0], t.moves()


def test_identical_units_of_a_leaderless_group_are_one_attacker(Guerilla, cid):
    """l.58: "Only one unit (owner chooses which) in a leaderless group can attack each turn."
    Two copies of one unit in the group are one choice, unless one stands apart in this
    battle (an Air Assault's fresh reinforcement is not halved, l.119)."""
    a, b = cid("Unit 1/4"), cid("Unit 1/4", 1)
    t = Guerilla(4).arrange(groups=[(0, REB, [a, b], 0), (1, GOV, [cid("Unit 1/1")], 0)])
    t.do("attack with group 0")
    assert [m for m in t.moves() if m.startswith("Unit 1/4")] == [_card(t, a)], t.moves()
