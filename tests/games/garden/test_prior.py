"""Garden Guerrilla's move prior for the search (prior.pyx): on tables built for it, the aims
and orientations a player at the table would prefer weigh more."""
from __future__ import annotations

import math

import pytest

from partisan.core import load_game
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import HANDS as MASKS, landing_id

ANT = 2                                     # the first ant's object id
ELEMENTS = [(840, 540), (850, 55)]          # a mushroom and a bush in the right corners
HANDS = [["Skorpio", "Snailper", "Grasshopper San", "Laserfly", "Chemic"],
         ["Ladygun", "Snailper", "Scrabblezooka", "Firefly", "Chemic"]]


def grid(c, r):
    return A.aim_grid + c * 8 + r


def table(card, enemies, players=2):
    """A game where seat 0 has chosen `card`: the aim is the next decision. Enemies: the toad,
    then the ants, (x, y, degrees)."""
    game = load_game("garden", players=players)
    s = game.new_initial_state(0)
    for x, y in ELEMENTS:
        s.apply_action(landing_id(x, y))
    for x, y, degrees in enemies:
        s.apply_action(landing_id(x, y, degrees))
    for names in HANDS:
        s.apply_action(MASKS.index(sum(1 << game.data.insect(n) for n in names)))
    s.apply_action(A.card + game.data.insect(card))
    return s, game


def test_the_priors_weigh_every_legal_move_and_sum_to_one():
    s, _ = table("Skorpio", [(60, 540, 0), (394, 263, 0), (200, 60, 0)])
    priors = s._priors()
    assert sorted(priors) == s.legal_actions()
    assert math.isclose(sum(priors.values()), 1.0)
    assert all(p > 0.0 for p in priors.values())


@pytest.mark.parametrize("card", ["Skorpio", "Snailper", "Laserfly"])
def test_an_aim_at_an_enemy_ant_weighs_more_than_an_empty_corner(card):
    """l.65 "Ants: This card can be claimed as an enemy card following normal rules": an aim
    at the ant (its centre, or the grid point on it) reaches it, whatever the card's attack
    (covering, a line, a spinning throw's line); the empty corner far from it reaches nothing."""
    s, _ = table(card, [(60, 540, 0), (394, 263, 0), (200, 60, 0)])
    priors = s._priors()
    corner = priors[grid(7, 3)]             # (844, 263): 450 mm from the ant, nothing near
    assert priors[A.aim_card + ANT] > 1.5 * corner
    assert priors[grid(3, 3)] > 1.5 * corner    # (394, 263): the grid point on the ant


def test_an_aim_where_the_hand_falls_off_often_weighs_less():
    """l.36 "If an Insect card falls off from the table, its owner must put it in his Bounty":
    a thrown card aimed at the far edge falls off about half the time (noise.toml), so the aim
    weighs less than one at the middle, with nothing to catch near either."""
    s, _ = table("Grasshopper San", [(60, 540, 0), (60, 60, 0), (200, 60, 0)])
    priors = s._priors()
    assert priors[grid(4, 7)] < 0.6 * priors[grid(4, 3)]    # (506, 563) against (506, 263)


def test_an_aim_on_an_enemy_grasshopper_weighs_less():
    """l.53 "Hit all the enemy cards which will touch this card during the rest of the game",
    l.38 "insects already on the table have priority": a card landing on an enemy Grasshopper
    San is caught before it attacks, so the aim weighs less than one that catches nothing."""
    s, game = table("Skorpio", [(60, 540, 0), (60, 60, 0), (200, 60, 0)])
    s._put(8 + 10 + game.data.insect("Grasshopper San"), 506, 263)     # seat 1's, face up
    priors = s._priors()
    assert priors[grid(4, 3)] < 0.5 * priors[grid(1, 4)]


def test_the_orientation_whose_line_reaches_the_ant_weighs_most():
    """l.51 SNAILPER: "Draw a perpendicular line from the crosshair on this card. Hit the first
    card reached by the line": placed at (394, 263) under the ant at (394, 450), the card
    upright sends its line to the ant; turned half a turn, away from it, to nothing."""
    s, _ = table("Snailper", [(60, 540, 0), (394, 450, 0), (200, 60, 0)])
    s.apply_action(grid(3, 3))
    priors = s._priors()
    assert priors[A.orient] > 2 * priors[A.orient + 8]
    assert priors[A.orient] > 2 * sorted(priors.values())[len(priors) // 2]     # the median


def test_no_priors_at_a_chance_node():
    s, _ = table("Skorpio", [(60, 540, 0), (394, 263, 0), (200, 60, 0)])
    s.apply_action(grid(0, 0))
    s.apply_action(A.orient)
    assert s._priors() == {}
