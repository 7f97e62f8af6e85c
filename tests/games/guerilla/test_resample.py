"""Hidden information (DESIGN.md, "Hidden information"): a resampled world redeals the
loyalty markers and hands a seat has not seen, keeps what it has, and keys another seat's
decisions by that seat's own loyalty in the world."""
import random
from collections import Counter

from partisan.core.game import load_game
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES as C

from partisan.core.games.guerilla.state import GOV, MERC, REB


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
