"""Relieving a Supply Cut (knowledge.pyx's relief prior, estimate.pyx's surrenders): "When the
isolation modifier equals the highest complex DF or unit strength in the group, the group
surrenders. All units and leaders are eliminated (points to the supply cutter)"; "Isolation
ends when: ... the cutting group is eliminated" (rules/guerilla.txt l.128)."""
import pytest

from partisan.core.games.guerilla.state import GOV, REB

from .test_knowledge_attacks import priors

FAVOURED = 4.0      # knowledge.pyx: the weight of a move the seat's position calls for


def _cut(Guerilla, cid, victim, free, others=()):
    """Seat 0's Government 4 cuts seat 1's Rebel group 1 (`victim`); seat 1 also holds the
    free Rebel group 2 (`free`); then seat 1's turn begins."""
    hand = [cid(c) for c in ("Unit 2/2", "Unit 3/3", "Unit 4/4", "Unit 2/3")]
    t = Guerilla(4, auto=False).arrange(
        [GOV, REB, GOV, REB], hands={0: [cid("Supply Cut")], 1: hand},
        groups=[(0, GOV, [cid("Unit 4/1")], 0), (1, REB, [cid(c) for c in victim], 0),
                (1, REB, [cid(c) for c in free], 0), *others])
    t.do("play Supply Cut", "group 0", "group 1", "end the turn")
    assert t.s.current_player() == 1 and t.group_of(cid(victim[0]))["cut_by"] == 0
    return t


def test_the_cutter_is_the_target_ahead_of_an_equal_one(Guerilla, cid):
    """Seat 1's free Rebel 4 has the same chance (45 in 100) against the Government 4 that
    cuts its group and against seat 2's Government 4: the cutter is FAVOURED."""
    t = _cut(Guerilla, cid, ["Unit 1/4"], ["Unit 2/4"], others=[(2, GOV, [cid("Unit 4/1", 1)], 0)])
    t.do("attack with group 2")
    p = priors(t)
    assert p["group 0"] / p["group 3"] == pytest.approx(FAVOURED)


def test_a_fair_chance_to_end_the_cut_is_favoured_a_long_shot_is_not(Guerilla, cid):
    """The attack that may relieve the cut is weighed by its chance p (twice p, as any attack)
    and FAVOURED from 40 in 100: the free Rebel 5 (55 in 100) is; the isolated Rebel 4, its
    attack halved to 2 (l.128: "Each unit in an isolated group has its attack strength halved"),
    is not."""
    t = _cut(Guerilla, cid, ["Unit 1/4"], ["Unit 1/5"])
    p = priors(t)
    free, isolated = t.s._relief_odds(2), t.s._relief_odds(1)
    assert free == pytest.approx(0.55) and isolated < 0.4
    assert p["attack with group 2"] / p["draw cards"] == pytest.approx(2 * free * FAVOURED)
    assert p["attack with group 1"] / p["draw cards"] == pytest.approx(2 * isolated)


def test_the_estimate_gives_the_cutter_the_isolated_groups_points_as_the_surrender_nears(Guerilla, cid):
    """The cut moves (iso + 1) / (highest + 1) of the isolated group's points to the cutter:
    at once a fifth of the Rebel 4's, after the owner's turn (isolation -1) two fifths. The
    cutter's share of the win grows each time, the owner's falls."""
    hand = [cid(c) for c in ("Unit 2/2", "Unit 3/3", "Unit 4/4", "Unit 2/3")]
    t = Guerilla(4, auto=False).arrange(
        [GOV, REB, GOV, REB], hands={0: [cid("Supply Cut")], 1: hand},
        groups=[(0, GOV, [cid("Unit 4/1")], 0), (1, REB, [cid("Unit 1/4")], 0)],
        scores=((5, 5, 5, 5), (10, 10)))
    before = t.s.heuristic_returns()
    t.do("play Supply Cut", "group 0", "group 1")
    cut = t.s.heuristic_returns()
    t.do("end the turn", "end the turn")
    assert t.group_of(cid("Unit 1/4"))["isolation"] == 1
    later = t.s.heuristic_returns()
    assert before[0] < cut[0] < later[0]
    assert before[1] > cut[1] > later[1]
