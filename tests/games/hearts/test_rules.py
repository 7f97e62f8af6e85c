"""Hearts rules (core/games/hearts/RULES.md, matching OpenSpiel's hearts defaults).

Scenario tests use hand-built deals; property tests check a rule at every state of
many random games, recomputing what the rule says from the seats' observations.
"""
import random

import pytest

from partisan.core import CHANCE, load_game
from partisan.core.testing.play import play_out, random_game

SUITS = "CDHS"
RANKS = "23456789TJQKA"
CARD = {r + s: 4 * i + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
NO_PASS, LEFT, ACROSS, RIGHT = range(4)


def suit(name):
    return name[1]


def cards(*names):
    return [CARD[n] for n in names]


def whole_suit(s):
    return [CARD[r + s] for r in RANKS]


def dealt(hands, direction=NO_PASS, **options):
    """A state after the direction and the deal giving seat q the 13 cards hands[q]."""
    state = load_game("hearts", **options).new_initial_state()
    state.apply_action(direction)
    for k in range(13):
        for q in range(4):
            state.apply_action(hands[q][k])
    return state


def random_deal(seed):
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    return [sorted(deck[13 * q:13 * q + 13]) for q in range(4)]


def random_states(games, seed=0, pass_cards=True):
    """Every state (before each action) of `games` random games."""
    rng = random.Random(seed)
    for g in range(games):
        state = load_game("hearts", pass_cards=pass_cards).new_initial_state(seed=g)
        yield from random_game(state, rng)
        yield state


def test_pass_direction_is_the_first_chance_outcome():
    """"The first chance outcome sets the pass direction: 0 no pass, 1 left, 2 across, 3 right,
    each with probability 1/4 (only "no pass" when `pass_cards` is false).\""""
    state = load_game("hearts").new_initial_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(d, 0.25) for d in range(4)]
    assert [state.action_to_string(d) for d in range(4)] == ["no pass", "left", "across", "right"]
    assert load_game("hearts", pass_cards=False).new_initial_state().chance_outcomes() == [(0, 1.0)]


def test_deal_goes_round_the_table_from_seat_zero():
    """"52 chance outcomes deal the cards one at a time round the table, seat 0 first, each card
    uniformly among the cards left.\""""
    state = load_game("hearts").new_initial_state()
    state.apply_action(LEFT)
    for k, c in enumerate(range(51, -1, -1)):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 52 - k and outcomes[0][1] == pytest.approx(1 / (52 - k))
        state.apply_action(c)
    for q in range(4):
        assert sorted(cards(*state.observation(q)["hand"])) == sorted(range(51 - q, -1, -4))


def test_passing_order_and_delivery():
    """"seat 0 passes three cards, then seat 1, 2 and 3, one card per action, to the seat
    `direction` places to its left ((seat + direction) mod 4). The passed cards arrive together
    when all four seats have passed\""""
    hands = random_deal(5)
    state = dealt(hands, ACROSS)
    passes = {}
    for q in range(4):
        passes[q] = hands[q][-3:]
        for c in passes[q]:
            assert state.current_player() == q
            assert state.legal_actions() == sorted(set(hands[q]) - set(passes[q][:passes[q].index(c)]))
            state.apply_action(c)
        if q < 3:       # nothing arrives before everyone has passed
            assert [len(state.observation(r)["hand"]) for r in range(4)] == [10] * (q + 1) + [13] * (3 - q)
    for q in range(4):
        expected = (set(hands[q]) - set(passes[q])) | set(passes[(q - 2) % 4])
        assert set(cards(*state.observation(q)["hand"])) == expected
        assert set(cards(*state.observation(q)["received"])) == set(passes[(q - 2) % 4])


def test_receiver_learns_the_set_not_the_order():
    """"a receiver learns the set of cards it received, not the order they were chosen in.\""""
    hands = random_deal(6)
    keys = []
    for order in (hands[0][:3], hands[0][2::-1]):
        state = dealt(hands, LEFT)
        for q in range(4):
            for c in (order if q == 0 else hands[q][:3]):
                state.apply_action(c)
        keys.append([state.infostate_key(q) for q in range(4)])
    assert keys[0][1] == keys[1][1]     # the receiver
    assert keys[0][0] != keys[1][0]     # the passer remembers its own order


def test_two_of_clubs_leads():
    """"The holder of the two of clubs leads it to the first trick.\""""
    hands = random_deal(7)
    state = dealt(hands)
    holder = next(q for q in range(4) if CARD["2C"] in hands[q])
    assert state.current_player() == holder
    assert state.legal_actions() == [CARD["2C"]]


def test_moon_shot_whatever_is_played():
    """"Each heart is 1 point, the queen of spades 13 (26 in all). A player who takes all 26
    points shoots the moon: they score 0 and every other player 26." "Each player's return is
    26 minus their points\""""
    # North holds every club and wins every trick; the others must throw all the points on it.
    hands = [whole_suit("C"), whole_suit("H"), whole_suit("S"), whole_suit("D")]
    rng = random.Random(1)
    for _ in range(20):
        state = dealt(hands)
        play_out(state, rng)
        assert state.returns() == [26.0, 0.0, 0.0, 0.0]
        assert state.observation(0)["points"] == [0, 26, 26, 26]


def test_first_trick_discards_avoid_points():
    """"On the first trick a player who cannot follow may not play a heart or the queen of
    spades unless they hold nothing else.\""""
    hands = [whole_suit("C"), whole_suit("H"), whole_suit("S"), whole_suit("D")]
    state = dealt(hands)
    state.apply_action(CARD["2C"])
    assert state.legal_actions() == sorted(whole_suit("H"))           # only points: any heart
    state.apply_action(CARD["AH"])
    assert state.legal_actions() == sorted(set(whole_suit("S")) - {CARD["QS"]})
    assert state.observation(0)["hearts_broken"]                       # a heart was played


@pytest.mark.parametrize("seed", range(3))
def test_legal_plays_follow_the_rules(seed):
    """"Players must follow the led suit if they can. On the first trick a player who cannot
    follow may not play a heart or the queen of spades unless they hold nothing else. A player
    may not lead a heart until hearts are broken, unless they hold only hearts. Hearts are
    broken when a heart or the queen of spades has been played.\""""
    checked = 0
    for state in random_states(100, seed):
        p = state.current_player()
        obs = state.observation(0)
        if p < 0 or obs["phase"] != "play":
            continue
        hand = state.observation(p)["hand"]
        tricks = obs["tricks"]
        current = tricks[-1]["cards"] if tricks and len(tricks[-1]["cards"]) < 4 else []
        played = [c for t in tricks for c in t["cards"]]
        broken = any(suit(c) == "H" or c == "QS" for c in played)
        assert obs["hearts_broken"] == broken
        if not played:
            allowed = ["2C"]
        elif current and any(suit(c) == suit(current[0]) for c in hand):
            allowed = [c for c in hand if suit(c) == suit(current[0])]
        elif current and len(tricks) == 1 and any(suit(c) != "H" and c != "QS" for c in hand):
            allowed = [c for c in hand if suit(c) != "H" and c != "QS"]
        elif not current and not broken and any(suit(c) != "H" for c in hand):
            allowed = [c for c in hand if suit(c) != "H"]
        else:
            allowed = hand
        assert state.legal_actions() == sorted(cards(*allowed))
        checked += 1
    assert checked > 100 * 40


def test_tricks_points_and_returns():
    """"The highest card of the led suit wins the trick and its winner leads next." "Each heart
    is 1 point, the queen of spades 13" "A player who takes all 26 points shoots the moon"
    "Each player's return is 26 minus their points, between 0 and 26\""""
    games = 0
    for state in random_states(300, seed=9, pass_cards=False):
        if not state.is_terminal():
            continue
        obs = state.observation(0)
        seat = "NESW".index
        points = [0] * 4
        tricks = obs["tricks"]
        for i, t in enumerate(tricks):
            led = suit(t["cards"][0])
            best = max((RANKS.index(c[0]), k) for k, c in enumerate(t["cards"]) if suit(c) == led)[1]
            winner = (seat(t["leader"]) + best) % 4
            if i + 1 < len(tricks):
                assert seat(tricks[i + 1]["leader"]) == winner
            points[winner] += sum(1 if suit(c) == "H" else 13 if c == "QS" else 0 for c in t["cards"])
        if 26 in points:
            points = [0 if p == 26 else 26 for p in points]
        assert obs["points"] == points
        assert state.returns() == [26.0 - p for p in points]
        assert state.move_number == 1 + 52 + 52
        games += 1
    assert games == 300


def test_resample_respects_voids_passes_and_the_two_of_clubs():
    """`resample(p)`: "a seat that failed to follow a suit holds none of it; a seat that led a
    heart before hearts were broken holds only hearts" ... "the cards `p` passed stay with their
    receiver until played, the cards `p` received are `p`'s, and the seat to lead the first
    trick keeps the two of clubs\""""
    rng = random.Random(3)
    checked = 0
    for state in random_states(60, seed=4):
        obs = state.observation(0)
        if obs["phase"] not in ("play", "over") or rng.random() > 0.2:
            continue
        p = rng.randrange(4)
        mine = state.observation(p)
        lacks = {q: set() for q in range(4)}
        seat, broken = "NESW".index, False
        for i, t in enumerate(mine["tricks"]):
            for k, c in enumerate(t["cards"]):
                q = (seat(t["leader"]) + k) % 4
                led = suit(t["cards"][0])
                if k == 0 and suit(c) == "H" and not broken:
                    lacks[q] |= set("CDS")
                if k > 0 and suit(c) != led:
                    lacks[q].add(led)
                broken = broken or suit(c) == "H" or c == "QS"
        receiver = (p + ["no pass", "left", "across", "right"].index(mine["pass_direction"])) % 4
        still_passed = set(mine["passed"]) & set(state.observation(receiver)["hand"])
        sizes = [len(state.observation(q)["hand"]) for q in range(4)]
        for seed in range(5):
            world = state.clone()
            world.resample(p, rng.getrandbits(32))
            assert world.infostate_key(p) == state.infostate_key(p)
            assert world.observation(p) == mine
            hands = [world.observation(q)["hand"] for q in range(4)]
            assert [len(h) for h in hands] == sizes
            assert sorted(c for h in hands for c in h) == sorted(c for q in range(4)
                                                                for c in state.observation(q)["hand"])
            assert still_passed <= set(hands[receiver])
            for q in range(4):
                assert not any(suit(c) in lacks[q] for c in hands[q]), (q, lacks[q], hands[q])
            if not mine["tricks"] and state.current_player() >= 0:
                assert "2C" in hands[state.current_player()]
            checked += 1
    assert checked > 200


def test_resample_while_passing_redraws_hidden_passes():
    """"while passing, the cards other seats already passed are redrawn among their redealt
    hands\""""
    hands = random_deal(11)
    state = dealt(hands, RIGHT)
    for c in hands[0][:3] + hands[1][:3]:
        state.apply_action(c)
    assert state.current_player() == 2
    variants = set()
    for seed in range(30):
        world = state.clone()
        world.resample(2, seed)
        assert world.observation(2) == state.observation(2)
        for q in (0, 1):
            passed = world.observation(q)["passed"]
            assert len(passed) == 3 and not set(passed) & set(world.observation(q)["hand"])
        variants.add(tuple(world.observation(0)["passed"]))
        assert state.current_player() == world.current_player() == 2
    assert len(variants) > 20
