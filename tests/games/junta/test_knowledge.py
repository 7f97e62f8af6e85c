"""The bots' move priors (knowledge.pyx): in a position built for each preference, the move a
player would choose gets a higher prior than the silly one. Without the knowledge every prior
is uniform and each of these comparisons fails."""
import pytest

LARS, ANDY, SUSANNE, MATT = 0, 1, 2, 3


def priors(t):
    """{move text: prior} at the current decision."""
    got = t.s._priors()
    assert got and abs(sum(got.values()) - 1.0) < 1e-9
    return {t.s.action_to_string(a): p for a, p in got.items()}


def prefers(t, good, *bad):
    p = priors(t)
    for b in bad:
        assert p[good] > p[b], f"{good} ({p[good]:.3f}) not above {b} ({p[b]:.3f}): {p}"


# ------------------------------------------------------------------ promises
def test_promises_give_away_what_the_presidente_values_least(Junta):
    """l.37: "The Presidente picks out at least 1 of the cards in his hand for each Golpista":
    the Petition (l.134: "This card has no effect") goes before Foreign Aid 3 and the Yacht
    (l.102: worth 1 Victory Point)."""
    t = Junta(4, hands={LARS: ["Students Circulate Petition", "Foreign Aid 3", "Yacht"]}).draw_round()
    prefers(t, "promise Students Circulate Petition to P2", "promise Foreign Aid 3 to P2",
            "promise Yacht to P2")
    prefers(t, "promise Foreign Aid 1 to P2", "promise Foreign Aid 3 to P2")


def test_promises_give_away_what_only_a_golpista_can_play(Junta):
    """l.37: the Presidente promises cards from his hand. A Surprise Attack is played "as
    attacker" (l.138) and a Spy serves orders (l.132), but "The Presidente's Militias receive no
    orders ... The Presidente may not attack any other players" (l.47): while he holds the
    Sunglasses they are of no use to him, so they go before his Foreign Aid 1."""
    t = Junta(4, hands={LARS: ["Surprise Attack", "Spy"]}).draw_round()
    prefers(t, "promise Surprise Attack to P2", "promise Foreign Aid 1 to P2")
    prefers(t, "promise Spy to P2", "promise Foreign Aid 1 to P2")


def test_promises_stop_once_every_golpista_has_a_card(Junta):
    """l.37: at least 1 card each; a card more is a card the Presidente no longer has."""
    t = Junta(4, hands={LARS: ["Foreign Aid 3"]}).draw_round()
    t.do("promise Foreign Aid 1 to P2", "promise Foreign Aid 1 to P3", "promise Foreign Aid 1 to P4")
    prefers(t, "done", "promise Foreign Aid 3 to P4", "promise Foreign Aid 1 to P4")


# ------------------------------------------------------------------ orders
def test_orders_attack_a_weak_presidente(Junta):
    """l.74: the Presidente's Defense Value is his buildings plus one per militia; against 1 + 1,
    three dice win almost always and take the Sunglasses (l.79), so a Golpista promised only the
    Petition attacks rather than guarding it (l.80)."""
    t = Junta(4, militia=[1, 3, 1, 1], hands={LARS: ["Students Circulate Petition"]}).draw_round()
    t.do("promise Students Circulate Petition to P2", "promise Foreign Aid 1 to P3",
         "promise Foreign Aid 1 to P4", "done")
    assert t.to_move == ANDY
    prefers(t, "militia 1: attack 1", "militia 1: defend own estate (2)",
            "militia 1: defend the Presidente (6)", "militia 1: attack 3")


def test_orders_spare_a_fortress_and_keep_the_promises(Junta):
    """l.74-l.75: against 6 buildings and 4 militia one die cannot win, and an attacker of the
    Presidente forfeits his promises (l.80): the die stays home rather than attack him."""
    t = Junta(4, buildings=[6, 1, 1, 1], militia=[4, 1, 1, 1],
              hands={LARS: ["Foreign Aid 3"]}).draw_round()
    t.do("promise Foreign Aid 3 to P2", "promise Foreign Aid 1 to P3", "promise Foreign Aid 1 to P4", "done")
    assert t.to_move == ANDY
    prefers(t, "militia 1: defend own estate (2)", "militia 1: attack 1")
    prefers(t, "militia 1: defend the Presidente (6)", "militia 1: attack 1")


def test_orders_attack_the_golpista_easiest_to_plunder(Junta):
    """l.77: a successful attack takes a card; l.73: each building adds 1 to the defence. With
    the Presidente out of reach, the die goes against the estate of 1 building, not of 6."""
    t = Junta(4, buildings=[6, 1, 6, 1], militia=[4, 2, 1, 1]).draw_round().promise_each()
    assert t.to_move == ANDY
    prefers(t, "militia 1: attack 4", "militia 1: attack 3", "militia 1: attack 1")


# ------------------------------------------------------------------ battle cards
def attacked_presidente(Junta, buildings, militia, attackers):
    """Lars (Presidente, holding a Gunboat) attacked by Andy with `attackers` dice."""
    t = Junta(4, buildings=buildings, militia=[militia, attackers, 1, 1],
              hands={LARS: ["Gunboat"]}).draw_round().promise_each()
    t.order(ANDY, *[1] * attackers).order(SUSANNE, 3).order(MATT, 4)
    assert t.s.phase == "combat: cards" and t.to_move == LARS
    return t


def test_gunboat_played_where_it_saves_the_sunglasses(Junta):
    """l.137: a Gunboat raises the Defense Value by 3; against two dice on 1 building + 1 militia
    (l.74) it turns a likely loss, so the Presidente plays it."""
    t = attacked_presidente(Junta, [1, 1, 1, 1], 1, 2)
    prefers(t, "play Gunboat", "done")


def test_gunboat_kept_when_the_defence_holds_anyway(Junta):
    """l.75: one die (at most 6) never beats 6 buildings and 4 militia: the Gunboat would change
    nothing, so the Presidente keeps it."""
    t = attacked_presidente(Junta, [6, 1, 1, 1], 4, 1)
    prefers(t, "done", "play Gunboat")


@pytest.mark.parametrize("dice, dropped", [(4, True), (2, False)])
def test_no_surprise_attack_in_an_attack_already_won(Junta, dice, dropped):
    """l.138: Surprise Attack, "Ignore all buildings of the defender in this battle"; l.72-l.75:
    the attack must beat the Defense Value, the buildings plus the Presidente's militia at 1
    each; l.77, l.79: the plunder and the Sunglasses go by Personal Combat Value, which the card
    does not change. Andy's 4 dice and Susanne's 1 make at least 5 against at most 4 (2
    buildings, 1 militia, at 2 should an Uprising still come): the card can change nothing and
    a bot keeps it; his Gunboat still raises his Personal Combat Value (l.137). With 2 dice
    the card may turn the battle. In play a bot spent it against a certain win."""
    t = Junta(4, buildings=[2, 1, 1, 1], militia=[1, dice, 1, 1],
              hands={ANDY: ["Surprise Attack", "Gunboat"]}).draw_round().promise_each()
    t.order(ANDY, *[1] * dice).order(SUSANNE, 1).order(MATT, 4)
    while t.to_move != ANDY:
        t.do("done")
    assert t.s.phase == "combat: cards" and "play Surprise Attack" in t.moves()
    assert ("play Surprise Attack" not in bot_moves(t)) == dropped
    assert "play Gunboat" in bot_moves(t)


def _diversion(Junta, *dice):
    """Andy, holding the Diversionary Tactic, attacks Susanne's estate (3 buildings) with two
    militia; the battle's dice are `dice` and Andy is asked whether to re-roll one."""
    t = Junta(4, buildings=[1, 1, 3, 1], militia=[1, 2, 1, 1],
              hands={ANDY: ["Diversionary Tactic"]}).draw_round().promise_each()
    t.order(ANDY, 3, 3).order(SUSANNE, 3).order(MATT, 4)
    t.roll(*dice)
    assert t.s.phase == "combat: diversionary tactic" and t.to_move == ANDY
    return t


def test_diversionary_tactic_rerolls_the_die_that_can_turn_the_battle(Junta):
    """l.135: "Either one or all of the dice must be re-rolled." Andy's 1 + 6 ties Susanne's 3
    buildings + 4 (l.75: a tie is repelled): re-rolling his 1 wins five times in six, his 6
    never."""
    t = _diversion(Junta, 4, 1, 6)
    prefers(t, "Diversionary Tactic: P2 re-rolls a 1", "pass", "Diversionary Tactic: P2 re-rolls a 6")


def test_diversionary_tactic_kept_when_already_winning(Junta):
    """l.75: Andy's 6 + 6 beats 3 buildings + 4: a re-roll can only lose the plunder."""
    t = _diversion(Junta, 4, 6, 6)
    prefers(t, "pass", "Diversionary Tactic: P2 re-rolls a 6", "Diversionary Tactic: P3 re-rolls a 4")


# ------------------------------------------------------------------ spending and cards
def bot_moves(t):
    return [t.s.action_to_string(a) for a in t.s.bot_actions()]


def spending(Junta, hand, militia=1):
    """Lars (Presidente) at Spend Money with `hand` besides the 3 Foreign Aid 1 he keeps."""
    t = Junta(4, militia=[militia, 1, 1, 1], hands={LARS: hand}).draw_round().promise_each().defend_all()
    assert t.s.phase == "spend money" and t.to_move == LARS
    return t


def test_spending_buys_a_building(Junta):
    """l.92: "4 Million Pesos: 1 Building ... worth 1 Victory Point" — money is for buildings,
    not left in hand nor spent on what leaves too little for one."""
    t = spending(Junta, ["Foreign Aid 2", "Foreign Aid 2"])
    prefers(t, "buy a building", "buy a militia", "buy a card")


def test_spending_never_ends_with_a_building_affordable(Junta):
    """l.92: "4 Million Pesos: 1 Building ... Each building raises your Defense Value by 1 and is
    worth 1 Victory Point"; money kept is a card a Plunder takes (l.77) or the hand limit
    discards (l.99). With 7 million a bot does not end Spend Money unbuilt ("done" stays legal
    for a person); once the building is bought it may stop."""
    t = spending(Junta, ["Foreign Aid 2", "Foreign Aid 2"])
    assert "done" in t.moves() and "done" not in bot_moves(t)
    t.do("buy a building", "pay Foreign Aid 2", "pay Foreign Aid 2")
    assert "done" in bot_moves(t)


def test_payment_never_wastes_what_another_keeps(Junta):
    """l.95: "If you don't have the exact sum, you get no change": owing 2 for a militia, the
    Foreign Aid 2 pays it exactly and the Foreign Aid 3 would waste a million, so a bot does not
    consider it (it stays legal for a person)."""
    t = spending(Junta, ["Foreign Aid 3", "Foreign Aid 2"])
    t.do("buy a militia")
    assert "pay Foreign Aid 3" in t.moves()
    assert [m for m in bot_moves(t) if m.startswith("pay")] == ["pay Foreign Aid 1", "pay Foreign Aid 2"]


def test_discard_keeps_the_larger_foreign_aid(Junta):
    """l.99: "you must discard as many cards as it takes to get you down to 4": a bot throws
    away its smallest Foreign Aid, never a larger one while a smaller is held; other cards stay
    the search's to weigh."""
    t = Junta(4, hands={LARS: ["Students Circulate Petition", "Yacht", "Foreign Aid 3"]})
    t.draw_round().promise_each().defend_all().finish_spending()
    assert t.s.phase == "check number of cards" and t.to_move == LARS
    assert "discard Foreign Aid 3" in t.moves()
    assert sorted(bot_moves(t)) == ["discard Foreign Aid 1", "discard Students Circulate Petition",
                                    "discard Yacht"]


def test_free_cards_played(Junta):
    """Party Donation and PR Campaign are played in Spend Money (l.96), for nothing."""
    t = spending(Junta, ["PR Campaign"])
    prefers(t, "play PR Campaign", "done")


def test_check_number_of_cards_discards_the_least_worth(Junta):
    """l.99: "you must discard as many cards as it takes to get you down to 4": the Petition goes
    before Foreign Aid 3 and the Yacht."""
    t = Junta(4, hands={LARS: ["Students Circulate Petition", "Yacht", "Foreign Aid 3"]})
    t.draw_round().promise_each().defend_all().finish_spending()
    assert t.s.phase == "check number of cards" and t.to_move == LARS
    prefers(t, "discard Students Circulate Petition", "discard Foreign Aid 1", "discard Yacht")


def test_burglars_played_when_it_can_be(Junta):
    """l.38: "Immediately following the Promises is the moment when the Burglars card may be
    played" — it has no other use."""
    t = Junta(4, hands={ANDY: ["Burglars"]}).draw_round().promise_each()
    assert t.s.phase == "burglars" and t.to_move == ANDY
    prefers(t, "Burglars on P3's promises", "pass")


@pytest.mark.parametrize("expert", [False, True])
def test_priors_are_a_distribution_over_the_legal_moves(expert):
    """Every decision of a game played by the priors gets one finite weight per move a bot
    considers (never an illegal one), summing to 1 (the search's bias and guided rollouts read
    them as such)."""
    import random
    from partisan.core.game import load_game
    s = load_game("junta", 4, expert=expert).new_initial_state(5)
    r = random.Random(5)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance())
            continue
        p = s._priors()
        assert sorted(p) == s.bot_actions() and set(p) <= set(s.legal_actions()) and all(0.0 <= w <= 1.0 for w in p.values())
        assert abs(sum(p.values()) - 1.0) < 1e-9
        moves = list(p)
        s.apply_action(r.choices(moves, [p[a] for a in moves])[0])
