"""The two-player open duel: our reconstruction, not the rulebook's (its two-player rules are not
public). Each test quotes core/games/guerilla/RULES.md, "Two players and solitaire (our
reconstructions)": "Open duel (2 players). Government against Rebel: the loyalties are dealt at
random and shown to both; no Mercenary; Revolution turns a group but its marker swap is skipped
(it would only swap the sides); ... The deck is gone through once (as for 3-4 players). The
winner is the player whose faction wins (the Government on a tie); personal scores are shown but
do not decide." """
import random

import pytest

from partisan.core.errors import OptionError
from partisan.core.game import load_game
from partisan.core.games.guerilla.cards import load_cards
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES as C, GOV, REB


def test_two_players_sit_down_to_the_duel_and_one_does_not():
    """RULES.md: "the duel is played whenever two players sit down (`--players 2`; no option: the
    rulebook's own rules need 3-6 ...)"; the markers are tagged reconstructed."""
    assert load_game("guerilla", 2).players == 2
    with pytest.raises(OptionError, match="2-6 players, not 1"):
        load_game("guerilla", 1)
    markers = load_cards().markers(2)
    assert (markers.government, markers.rebel, markers.mercenary) == (1, 1, 0)


def test_loyalties_are_dealt_at_random_and_shown_to_both():
    """Our reconstruction (RULES.md): "Government against Rebel: the loyalties are dealt at random
    and shown to both; no Mercenary"."""
    s = load_game("guerilla", 2).new_initial_state(0)
    s.apply_action(C.dealer + 1)
    assert dict(s.chance_outcomes()) == {C.loyalty + GOV: 0.5, C.loyalty + REB: 0.5}
    s.apply_action(C.loyalty + REB)                   # the dealer, seat 1, draws first
    assert dict(s.chance_outcomes()) == {C.loyalty + GOV: 1.0}
    s.apply_action(C.loyalty + GOV)
    for seat in (0, 1):
        assert s.observation(seat)["loyalty"] == {"0": "Government", "1": "Rebel"}
        assert "open duel" in s.observation(seat)["variant"]


def test_a_search_never_redraws_a_public_loyalty():
    """Our reconstruction (RULES.md): "A search never redraws a loyalty in the duel: both are
    known to both." """
    s = load_game("guerilla", 2).new_initial_state(0)
    s.apply_action(C.dealer + 0)
    s.apply_action(C.loyalty + REB)
    s.apply_action(C.loyalty + GOV)
    for seed in range(100):
        w = s.clone()
        w.resample(0, seed)
        assert w._snap()["loyalty"] == [REB, GOV]
        w = s.clone()
        w.resample(1, seed)
        assert w._snap()["loyalty"] == [REB, GOV]


def test_the_revolution_turns_a_group_without_a_swap(Guerilla, cid):
    """Our reconstruction (RULES.md): "Revolution turns a group but its marker swap is skipped (it
    would only swap the sides)". The drawer is asked at once which Government group turns; the
    markers stay."""
    rev, air = cid("Revolution"), cid("Airfield")
    t = Guerilla(2).arrange(loyalties=[GOV, REB], deck=[cid("Unit 3/3"), rev],
                            groups=[(1, GOV, [air], 0), (0, REB, [cid("Unit 1/1")], 0)])
    t.do("draw cards").draw(rev)
    assert t.moves() == ["group 0"]
    t.do("group 0")
    assert t.group_of(air)["faction"] == REB and t.obs()["active"] == 1
    assert t.snap()["loyalty"] == [GOV, REB]


def test_a_revolution_with_no_government_group_is_spent(Guerilla, cid):
    """Our reconstruction (RULES.md): the swap is skipped and, as l.139 reads with no Government
    group to turn, nothing turns: the card goes to the discard pile and the turn ends."""
    rev = cid("Revolution")
    t = Guerilla(2).arrange(loyalties=[REB, GOV], deck=[cid("Unit 3/3"), rev],
                            groups=[(1, REB, [cid("Unit 1/1")], 0)])
    t.do("draw cards").draw(rev)
    assert t.obs()["active"] == 1 and t.snap()["discard"][-1] == rev


def test_the_deck_is_gone_through_once(Guerilla, cid):
    """Our reconstruction (RULES.md): "The deck is gone through once (as for 3-4 players)": the
    empty deck starts sudden death, the discard pile is not shuffled into a second deck."""
    last = cid("Unit 1/1")
    t = Guerilla(2).arrange(loyalties=[GOV, REB], deck=[last], discard=[cid("Unit 2/2")])
    t.do("draw cards").draw(last)
    assert t.obs()["sudden_death"] == 10 and not t.obs()["second_deck"]


def _final(t):
    t.do("end the turn").roll(10)
    assert t.s.is_terminal()
    return t.obs()


def test_the_player_of_the_winning_faction_wins(Guerilla):
    """Our reconstruction (RULES.md): "The winner is the player whose faction wins (the Government
    on a tie); personal scores are shown but do not decide." Seat 0 (Rebel) scored more points
    himself, but for the Government: the Government's player wins. A round scores 1 for the
    winning faction's player ("won")."""
    obs = _final(Guerilla(2).arrange([REB, GOV], sudden=5, scores=([30, 5], [25, 10])))
    assert obs["winner"] == 1 and obs["final_scores"] == [0, 1]
    assert obs["scores"] == [30, 5]                   # shown, not deciding
    obs = _final(Guerilla(2).arrange([REB, GOV], sudden=5, scores=([0, 0], [10, 11])))
    assert obs["winner"] == 0
    tie = _final(Guerilla(2).arrange([GOV, REB], sudden=5, scores=([0, 20], [12, 12])))
    assert tie["winner"] == 0 and tie["final_scores"] == [1, 0]


def test_several_rounds_count_rounds_won(Guerilla):
    """Our reconstruction (RULES.md): "with the option `rounds`, loyalties are dealt afresh each
    round and the player with more rounds won wins"."""
    t = Guerilla(2, rounds=2).arrange([REB, GOV], sudden=5, scores=([0, 0], [3, 9]))
    t.do("end the turn").roll(10)
    assert not t.s.is_terminal() and t.obs()["totals"] == [1, 0]
    assert t.obs()["phase"] == "dealer"


def test_the_estimate_gives_the_win_to_the_leading_faction_s_player():
    """Our reconstruction (RULES.md): "The winner is the player whose faction wins": a cut
    rollout's estimate favours the player of the faction ahead, whatever his own points."""
    s = load_game("guerilla", 2).new_initial_state(0)
    s.arrange([REB, GOV], scores=((30, 0), (30, 0)))
    h = s.heuristic_returns()
    assert sum(h) == pytest.approx(1.0) and h[1] > 0.9
    s.arrange([GOV, REB], scores=((30, 0), (30, 0)))
    assert s.heuristic_returns()[0] > 0.9


def test_random_duels_end_with_one_winner():
    """Random two-player games reach the end with the winner the player of the winning faction."""
    game = load_game("guerilla", 2)
    for seed in range(20):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
        snap = s._snap()
        gov_wins = snap["fscore"][GOV] >= snap["fscore"][REB]
        assert s.returns()[snap["loyalty"].index(GOV if gov_wins else REB)] == 1.0
        assert sorted(snap["loyalty"]) == [GOV, REB]
