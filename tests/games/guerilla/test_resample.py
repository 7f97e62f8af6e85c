"""Hidden information (DESIGN.md, "Hidden information"): a resampled world redeals the
loyalty markers and hands a seat has not seen, keeps what it has, and keys another seat's
decisions by that seat's own loyalty in the world."""
import random
from collections import Counter

import pytest

from partisan.core.game import load_game
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES as C

from partisan.core.games.guerilla.state import GOV, REB

BARRIENTOS = "Mayor Julio Barrientos / Comandante Rafael Quiroga"    # Government 2, +1


def _played(players=4, seed=3, moves=400):
    s = load_game("guerilla", players).new_initial_state(seed)
    rng = random.Random(seed)
    while s.move_number < moves and not s.is_terminal():
        s.apply_action(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    return s


def test_loyalties_are_redealt_among_the_markers_a_seat_has_not_seen():
    """l.29: "Each player should look at theirs, but must not allow another player to see it."
    Seat 0 keeps its own marker; the others' follow the markers left (here two Government, one
    Rebel for three seats), each seat taking every marker in some world."""
    s = load_game("guerilla", 4).new_initial_state(0)
    s.apply_action(C.dealer + 0)
    for m in (REB, GOV, GOV, REB):
        s.apply_action(C.loyalty + m)
    seen = Counter()
    for seed in range(300):
        w = s.clone()
        w.resample(0, seed)
        loyal = w._snap()["loyalty"]
        assert loyal[0] == REB and sorted(loyal[1:]) == [GOV, GOV, REB]
        seen.update((q, m) for q, m in enumerate(loyal) if q)
    assert all(seen[(q, m)] > 0 for q in (1, 2, 3) for m in (GOV, REB))


def test_a_swapped_marker_stays_known(Guerilla, cid):
    """l.139: "Both players may immediately check their new loyalties": after seats 0 and 1
    swap, seat 0 knows both markers (its old one is seat 1's), and no world changes them."""
    rev = cid("Revolution")
    t = Guerilla(4).arrange(loyalties=[GOV, REB, GOV, REB], deck=[cid("Unit 3/3"), rev],
                            groups=[(2, GOV, [cid("Unit 1/1")], 0)])
    t.do("draw cards").draw(rev).do("swap the markers of P1 and P2", "group 0")
    for seed in range(50):
        w = t.s.clone()
        w.resample(0, seed)
        assert w._snap()["loyalty"][:2] == [REB, GOV]


def test_hands_are_redealt_keeping_what_the_seat_saw():
    """The seat's own hand, the table and the face-up discards stay; the other hands keep their
    sizes; the cards it cannot place move between the deck and the other hands."""
    s = _played()
    before = s._snap()
    own = sorted(c for c, w in before["where"].items() if w == 1)
    moved = False
    for seed in range(20):
        w = s.clone()
        w.resample(0, seed)
        after = w._snap()
        assert sorted(c for c, p in after["where"].items() if p == 1) == own
        assert after["groups"] == before["groups"]
        assert w.observation(0) == s.observation(0)
        assert all(sum(1 for p in after["where"].values() if p == 1 + q)
                   == sum(1 for p in before["where"].values() if p == 1 + q) for q in range(4))
        moved = moved or after["where"] != before["where"]
    assert moved


def test_another_seats_decisions_follow_its_loyalty_in_each_world():
    """In a search, seat 1's nodes are keyed by the loyalty the sampled world gave it: two
    worlds that differ in seat 1's marker give seat 1 different keys; worlds that agree on it
    give the same key (the searcher's real knowledge of seat 1 plays no part)."""
    s = _played(moves=200)
    keys = {}
    for seed in range(60):
        w = s.clone()
        w.resample(0, seed)
        keys.setdefault(w._snap()["loyalty"][1], set()).add(w.infostate_key(1))
    assert len(keys) >= 2
    assert all(len(v) == 1 for v in keys.values())
    assert len({k for v in keys.values() for k in v}) == len(keys)


def _loyal_shares(t, reading, worlds=400):
    seen = Counter()
    for seed in range(worlds):
        w = t.s.clone()
        w.resample(0, seed, reading=reading)
        loyal = w._snap()["loyalty"]
        assert loyal[0] == GOV and sorted(loyal[1:]) == [GOV, REB, REB]
        seen.update((q, m) for q, m in enumerate(loyal) if q)
    return {key: n / worlds for key, n in seen.items()}


def test_a_reading_resample_deals_the_markers_by_the_groups_each_seat_keeps(Guerilla, cid):
    """l.29: each player looks at his own marker only; l.115: "players loyal to the faction
    with the highest total score their personal points total. Players loyal to the losing
    faction score half": a seat builds the faction it is loyal to, and a player reads that
    from the table. Seat 1 keeps 7 Government strength, seat 2 as much Rebel strength, seat 3
    nothing. Dealt alike, seat 1 holds the one Government marker left in a third of the worlds;
    read with weight 3, in most of them, seat 2 in few, and seat 3 in between."""
    t = Guerilla(4).arrange(loyalties=[GOV, GOV, REB, REB],
                            groups=[(1, GOV, [cid("Unit 4/1"), cid("Unit 3/3")], 0),
                                    (2, REB, [cid("Unit 1/4"), cid("Unit 3/3", 1)], 0)])
    alike = _loyal_shares(t, 0.0)
    assert all(abs(alike[(q, GOV)] - 1 / 3) < 0.08 for q in (1, 2, 3))
    read = _loyal_shares(t, 3.0)
    assert read[(1, GOV)] > 0.75 and read.get((2, GOV), 0) < 0.1
    assert read.get((2, GOV), 0) < read[(3, GOV)] < read[(1, GOV)]


def test_a_reading_resample_keeps_what_the_seat_knows(Guerilla, cid):
    """l.139: after a swap both seats know both markers: a resample that reads the table
    still keeps them, whatever the groups say."""
    rev = cid("Revolution")
    t = Guerilla(4).arrange(loyalties=[GOV, REB, GOV, REB], deck=[cid("Unit 3/3"), rev],
                            groups=[(2, GOV, [cid("Unit 1/1")], 0),
                                    (1, GOV, [cid("Unit 4/1")], 0)])
    t.do("draw cards").draw(rev).do("swap the markers of P1 and P2", "group 0")
    for seed in range(50):
        w = t.s.clone()
        w.resample(0, seed, reading=5.0)
        assert w._snap()["loyalty"][:2] == [REB, GOV]


def test_a_bad_reading_is_refused_and_changes_nothing():
    s = load_game("guerilla", 4).new_initial_state(0)
    before = s.fingerprint()
    for bad in (-1, float("nan"), float("inf"), "3", True):
        with pytest.raises(ValueError, match="reading"):
            s.resample(0, 1, reading=bad)
    assert s.fingerprint() == before


def test_a_deployment_pick_under_way_stays_in_every_world(Guerilla, cid):
    """l.37: the player to move "may deploy" cards from his hand, and the table sees each card
    he lays: the cards seat 0 has picked so far for a new group stay in its hand in every world
    seat 1 samples, so seat 0 can finish the group there."""
    units = [cid("Unit 4/1"), cid("Unit 3/3"), cid("Unit 1/4")]
    t = Guerilla(4).arrange(hands={0: units})
    t.do("deploy a new group", "Unit 1/4", "Unit 4/1")
    picked = t.snap()["pick"]
    assert len(picked) == 2
    for seed in range(100):
        w = t.s.clone()
        w.resample(1, seed)
        after = w._snap()
        assert after["pick"] == picked and all(after["where"][c] == 1 for c in picked)
        assert w.observation(1) == t.s.observation(1)
        assert "done" in [w.action_to_string(a) for a in w.legal_actions()]


def test_a_leader_picked_first_keeps_a_unit_to_join_him_in_every_world(Guerilla, cid):
    """l.18: a leader is never alone in a group, so picking him first for a new group is legal
    only while his owner holds a unit that may join him: the table knows it, and every world
    seat 1 samples leaves seat 0 such a unit (from its hand, the deck or a third hand)."""
    lead = cid(BARRIENTOS)
    t = Guerilla(4).arrange(hands={0: [lead, cid("Unit 4/1"), cid("Informant"), cid("Bodyguard")]})
    t.do("deploy a new group", BARRIENTOS)
    assert t.snap()["pick"] == [lead]
    kept = Counter()
    for seed in range(200):
        w = t.s.clone()
        w.resample(1, seed)
        assert w._snap()["pick"] == [lead] and w.legal_actions()
        assert w.observation(1) == t.s.observation(1)
        kept[cid("Unit 4/1") in [c for c, p in w._snap()["where"].items() if p == 1]] += 1
    assert kept[False] > 0                       # the unit itself is not pinned to the hand
