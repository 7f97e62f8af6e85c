"""Kuhn poker rules (core/games/kuhn/RULES.md, matching OpenSpiel's kuhn_poker)."""
import pytest

from partisan.core import CHANCE, TERMINAL, load_game

PASS, BET = 0, 1
JACK, QUEEN, KING = range(3)


def play(*actions):
    """A new hand with the given chance outcomes and bets applied."""
    state = load_game("kuhn").new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def test_three_cards_dealt_uniformly_seat_0_first():
    """"Three cards: jack (0), queen (1) and king (2)." "Each player is dealt one private card
    (seat 0 first), uniformly among the cards left"."""
    state = play()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(c, pytest.approx(1 / 3)) for c in range(3)]
    state.apply_action(QUEEN)
    assert state.chance_outcomes() == [(JACK, pytest.approx(0.5)), (KING, pytest.approx(0.5))]
    state.apply_action(KING)
    assert state.current_player() == 0
    assert state.observation(0)["card"] == "queen" and state.observation(1)["card"] == "king"


def test_pass_and_bet_always_legal():
    """"The actions are pass (0) and bet (1); both are always legal.\""""
    assert play(JACK, KING).legal_actions() == [PASS, BET]
    assert play(JACK, KING, BET).legal_actions() == [PASS, BET]
    assert play(JACK, KING, PASS, BET).legal_actions() == [PASS, BET]


@pytest.mark.parametrize("bets, returns", [
    ((PASS, PASS), [-1.0, 1.0]),          # showdown, king wins the antes
    ((BET, PASS), [1.0, -1.0]),           # seat 1 folds to the bet
    ((BET, BET), [-2.0, 2.0]),            # called bet, showdown
    ((PASS, BET, PASS), [-1.0, 1.0]),     # seat 0 folds
    ((PASS, BET, BET), [-2.0, 2.0]),
])
def test_the_five_endings(bets, returns):
    """"The hand ends after pass–pass, bet–pass, bet–bet, pass–bet–pass or pass–bet–bet.
    Passing after the other player bet folds: the bettor wins the pot. Otherwise the higher card
    wins the pot at the showdown." Returns are "±1 after pass–pass or a fold, ±2 after a called
    bet"."""
    state = play(JACK, KING, *bets[:-1])
    assert not state.is_terminal()
    state.apply_action(bets[-1])
    assert state.current_player() == TERMINAL
    assert state.returns() == returns


def test_opponent_sees_a_card_dealt_but_not_which():
    """"Each player sees their own card, that the other was dealt a card, and every bet." """
    a, b = play(QUEEN, JACK), play(QUEEN, KING)
    assert a.infostate_key(0) == b.infostate_key(0)
    assert a.infostate_key(1) != b.infostate_key(1)


def test_resample_redraws_among_the_other_two_cards():
    """"`resample(p)` redraws the opponent's card uniformly among the two cards `p` does not
    hold.\""""
    state = play(QUEEN, JACK, PASS)
    seen = set()
    for seed in range(100):
        world = state.clone()
        world.resample(0, seed)
        assert world.infostate_key(0) == state.infostate_key(0)
        seen.add(world.observation(1)["card"])
    assert seen == {"jack", "king"}
