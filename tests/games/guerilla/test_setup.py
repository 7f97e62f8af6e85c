"""Preparations for play (rules/guerilla.txt l.27-l.40): loyalty markers, the deal, a
misdeal, the simultaneous secret initial deployment, the refill and the Revolution card."""
from collections import Counter

from partisan.core.game import load_game
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES as C

from partisan.core.games.guerilla.state import GOV, REB


def _start(players=4, loyalties=None, **options):
    s = load_game("guerilla", players, **options).new_initial_state(0)
    s.apply_action(C.dealer + 0)
    for m in loyalties or [GOV, REB, GOV, REB][:players]:
        s.apply_action(C.loyalty + m)
    return s


def _deal(s, hands):
    for q in range(s.num_players):
        for c in hands[q]:
            s.apply_action(C.card + c)


def _hands(cid, players=4):
    """Eight cards each: units and leaders, a complex for seat 0."""
    units = [c for name in ("Unit 1/1", "Unit 1/2", "Unit 2/1", "Unit 2/2", "Unit 2/3", "Unit 3/2",
                            "Unit 3/3") for c in range(*_span(cid, name))]
    hands = [units[8 * q: 8 * q + 8] for q in range(players)]
    hands[0][7] = cid("Airfield")
    return hands


def _span(cid, name):
    from partisan.core.games.guerilla.cards import load_cards
    ids = load_cards().ids(name)
    return ids[0], ids[-1] + 1


def test_loyalty_markers(cid):
    """l.29: "There should be an even number of Rebel and Government markers. If there is an odd
    number of players, a Mercenary marker must be used to make up the total." l.30: "There is an
    option to use two Mercenary markers in a four or six player games, reducing the Rebel and
    Government markers by one." Each player sees only his own."""
    for players, options, want in ((3, {}, (1, 1, 1)), (4, {}, (2, 2, 0)), (5, {}, (2, 2, 1)),
                                   (6, {}, (3, 3, 0)), (4, {"two_mercenaries": True}, (1, 1, 2)),
                                   (6, {"two_mercenaries": True}, (2, 2, 2))):
        s = load_game("guerilla", players, **options).new_initial_state(0)
        s.apply_action(C.dealer + 1)
        probs = dict(s.chance_outcomes())
        total = sum(want)
        assert probs == {C.loyalty + k: want[k] / total for k in range(3) if want[k]}
        dealt = []
        while s.observation(0)["phase"] == "loyalty":
            a = s.sample_chance()
            dealt.append(a - C.loyalty)
            s.apply_action(a)
        assert Counter(dealt) == Counter({k: want[k] for k in range(3) if want[k]})
        assert list(s.observation(2)["loyalty"]) == ["2"]


def test_the_deal_leaves_out_the_revolution_and_the_traitors(cid):
    """l.31-l.32: "The dealer removes the Revolution and three Traitor cards from the deck and
    sets them aside. The deck is shuffled and each player is dealt eight cards." """
    s = _start()
    outcomes = {a - C.card for a, _ in s.chance_outcomes()}
    assert cid("Revolution") not in outcomes and cid("Traitors") not in outcomes
    assert len(outcomes) == 124
    while s.is_chance_node():
        s.apply_action(s.sample_chance())
    assert s.observation(0)["hand_sizes"] == [8, 8, 8, 8] and len(s.observation(1)["hand"]) == 8


def test_misdeal(cid):
    """l.33: "If any player has not been dealt a unit, then a misdeal may be called before
    Initial Deployment begins." Every seat is asked; only one without a unit may call it."""
    hands = _hands(cid)
    events = [c for name in ("Ambush", "Informant") for c in range(*_span(cid, name))][:7]
    hands[1] = events + [cid("Bodyguard")]
    s = _start()
    _deal(s, hands)
    assert s.observation(0)["phase"] == "misdeal" and s.current_player() == 0
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["keep the deal (no misdeal)"]
    s.apply_action(s.string_to_action("keep the deal (no misdeal)"))
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["call a misdeal", "keep the deal (no misdeal)"]
    s.apply_action(s.string_to_action("call a misdeal"))
    assert s.observation(0)["phase"] == "deal" and s.observation(0)["hand_sizes"] == [0, 0, 0, 0]
    assert len(s.chance_outcomes()) == 124


def _to_plan(cid, players=4):
    s = _start(players)
    _deal(s, _hands(cid, players))
    for _ in range(players):
        s.apply_action(s.string_to_action("keep the deal (no misdeal)"))
    return s


def test_complexes_must_be_deployed_under_government_control(cid):
    """l.36: "Simultaneously, players must deploy all red complex cards (possibly with
    garrisons) from their hands face down on the table." l.37: "Complexes must be under
    Government control when they are first deployed." """
    s = _to_plan(cid)
    moves = [s.action_to_string(a) for a in s.legal_actions()]
    assert "done" not in moves and "Airfield" in moves
    for move in ("Unit 1/1", "Airfield", "done"):
        s.apply_action(s.string_to_action(move))
    assert s.observation(0)["my_plan_factions"] == ["Government"]
    s.apply_action(s.string_to_action("done"))
    assert s.current_player() == 1


def test_the_initial_deployment_is_secret_until_all_are_revealed(cid):
    """l.36-l.37: deployment is face down; "When all players have finished their initial
    deployment, all deployed cards are turned face up." """
    s = _to_plan(cid)
    before = s.observation(1)
    for move in ("Unit 1/1", "Airfield", "done", "Unit 1/1", "done", "Rebel"):
        s.apply_action(s.string_to_action(move))
    assert s.observation(1) == before
    assert s.describe_action(s.legal_actions()[0], 1) == "P1: chooses in secret"
    s.apply_action(s.string_to_action("done"))
    for q in (1, 2, 3):
        s.apply_action(s.string_to_action("done"))
    groups = s.observation(1)["groups"]
    assert [(g["owner"], g["faction"], g["complex"] is not None, len(g["units"])) for g in groups] == [
        (0, "Government", True, 1), (0, "Rebel", False, 1)]


def test_refill_returns_red_cards_and_the_revolution_goes_to_the_bottom_half(cid):
    """l.38: "Each player then refills his hand to its maximum capacity. Any red cards drawn are
    returned to the dealer and another card is drawn." l.39: "The deck is cut into even halves
    and the revolution card is shuffled into one ... with the revolution card in the bottom
    half." """
    s = _to_plan(cid)
    for q in range(4):
        s.apply_action(s.string_to_action("done" if q else "Unit 1/1"))
        if q == 0:
            for move in ("Airfield", "done", "done"):
                s.apply_action(s.string_to_action(move))
    assert s.observation(0)["phase"] == "refill" and s.observation(0)["hand_sizes"][0] == 6
    port, unit = cid("Port"), cid("Unit 4/4")
    s.apply_action(C.card + port)
    assert s.observation(0)["hand_sizes"][0] == 6 and s._snap()["where"][port] == 9
    s.apply_action(C.card + unit)
    while s.observation(0)["phase"] == "refill":
        s.apply_action(s.sample_chance())
    assert s.observation(0)["phase"] == "turn" and s.observation(0)["active"] == 0
    deck = s.observation(0)["deck"]
    bottom, top = s._deck_segments()
    assert (bottom, top) == ((deck - 1) - (deck - 1) // 2 + 1, (deck - 1) // 2)
    assert s._deck_pins() == [(cid("Revolution"), 0)]              # in the bottom segment
    s.apply_action(s.string_to_action("discard cards"))
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.string_to_action("done"))
    s.apply_action(s.string_to_action("draw cards"))
    assert cid("Revolution") not in {a - C.card for a, _ in s.chance_outcomes()}
    assert cid("Port") in {a - C.card for a, _ in s.chance_outcomes()}
