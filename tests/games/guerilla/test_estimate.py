"""A cut rollout's estimate (core/games/guerilla/estimate.pyx): the round's scoring applied to
the tallies as they stand, each seat's points halved by its loyalty in the world."""
import math

import pytest

from partisan.core.game import load_game
from partisan.core.games.guerilla.cards import load_cards

from partisan.core.games.guerilla.state import GOV, MERC, REB
from partisan.core.testing.guerilla_estimate_api import estimate_returns
PALACE = load_cards().ids("Presidential Palace")[0]


def _estimate(loyalties, scores, groups=()):
    s = load_game("guerilla", 4).new_initial_state(0)
    s.arrange(loyalties, scores=scores, groups=groups)
    h = s.heuristic_returns()
    assert sum(h) == pytest.approx(1.0) and all(0.0 < x < 1.0 for x in h)
    return h


def test_the_loyal_winner_of_the_leading_faction_is_favoured():
    """l.115: "Players loyal to the losing faction score half their personal points total"; with the
    Government far ahead, the Government loyalist with 20 points outranks the Rebel loyalist
    with 24, and the order turns when the loyalties do."""
    scores = ((20, 24, 2, 2), (40, 8))
    h = _estimate([GOV, REB, GOV, REB], scores)
    assert h[0] > h[1] > h[2]
    h = _estimate([REB, GOV, GOV, REB], scores)
    assert h[1] > h[0]


def test_complexes_held_count_as_at_the_round_end():
    """l.114: complexes held at the end of the round score their victory points: the seat
    holding the Presidential Palace gains on an equal rival."""
    bare = _estimate([GOV, GOV, REB, REB], ((10, 10, 0, 0), (20, 0)))
    held = _estimate([GOV, GOV, REB, REB], ((10, 10, 0, 0), (20, 0)), groups=[(1, GOV, [PALACE], 0)])
    assert bare[0] == pytest.approx(bare[1])
    assert held[1] > held[0]


def test_the_mercenary_keeps_his_points_under_a_25_point_margin():
    """l.115: the Mercenary halves his points only if the margin is 25 or more."""
    close = _estimate([MERC, GOV, REB, REB], ((30, 28, 0, 0), (30, 28)))
    wide = _estimate([MERC, GOV, REB, REB], ((30, 28, 0, 0), (58, 0)))
    assert close[0] > close[1]
    assert wide[1] > wide[0]


def test_at_the_end_the_estimate_follows_the_scores_as_scored(Guerilla, cid):
    """A search with `lead` reads the estimate at the end of the game, where the round is
    already scored. l.114: "Complex controlled at end of round: The complex victory point value
    less points of damage or modifiers due to isolation (minimum 0)." The Airfield (5) is then
    in seat 0's 15 points once, not again; seat 1, loyal to the losing faction, keeps 5 of his 10."""
    t = Guerilla(4).arrange([GOV, REB, GOV, REB], sudden=5, scores=((10, 10, 0, 0), (20, 24)),
                            groups=[(0, GOV, [cid("Airfield")], 0)])
    t.do("end the turn").roll(10)
    assert t.s.is_terminal() and t.obs()["final_scores"] == [15, 5, 0, 0]
    shares = estimate_returns(t.s)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] / shares[1] == pytest.approx(math.exp((15 - 5) / 4.0))
    assert shares[2] == pytest.approx(shares[3]) and shares[1] / shares[2] == pytest.approx(math.exp(5 / 4.0))


def test_at_the_end_of_the_open_duel_the_estimate_is_the_win(Guerilla, cid):
    """The open duel (RULES.md, "Two players and solitaire") scores a round 1 for the winning
    faction's player, 0 for the other: at its end the estimate is the win itself."""
    t = Guerilla(2).arrange([GOV, REB], sudden=5, scores=((0, 9), (0, 9)))
    t.do("end the turn").roll(10)
    assert t.s.is_terminal()
    assert estimate_returns(t.s) == t.s.returns() == [0.0, 1.0]
