"""Leduc poker rules (core/games/leduc/RULES.md, matching OpenSpiel's leduc_poker)."""
import pytest

from partisan.core import CHANCE, TERMINAL, IllegalActionError, load_game

FOLD, CALL, RAISE = 0, 1, 2
JS, JH, QS, QH, KS, KH = range(6)


def deal(*cards):
    """A new hand with the given chance outcomes applied (private cards, then public)."""
    state = load_game("leduc").new_initial_state()
    for c in cards:
        state.apply_action(c)
    return state


def play(state, *actions):
    for a in actions:
        state.apply_action(a)
    return state


def test_deck_has_six_cards_dealt_uniformly():
    """"Six cards: jack, queen and king in two suits." "Each player is dealt one private card
    (seat 0 first), each uniformly among the cards left"."""
    state = deal()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(c, pytest.approx(1 / 6)) for c in range(6)]
    state.apply_action(KH)
    assert state.observation(0)["private_card"] == "Kh"
    assert [c for c, _ in state.chance_outcomes()] == [JS, JH, QS, QH, KS]
    assert all(p == pytest.approx(1 / 5) for _, p in state.chance_outcomes())
    state.apply_action(JS)
    assert state.observation(1)["private_card"] == "Js"
    assert state.current_player() == 0


def test_ante_and_who_may_fold():
    """"Each player puts 1 chip in the pot." "Fold is legal only when the player has put in less
    than the current stake; call (which is a check when nothing is owed) is always legal"."""
    state = deal(KS, QS)
    assert state.observation(0)["contributions"] == [1, 1]
    assert state.legal_actions() == [CALL, RAISE]
    play(state, RAISE)
    assert state.legal_actions() == [FOLD, CALL, RAISE]


def test_raise_sizes_and_cap():
    """"A raise first matches the stake, then adds 2 chips in round 1 and 4 chips in round 2."
    "raise is legal while fewer than two raises were made in the round"."""
    state = deal(KS, QS)
    play(state, RAISE, RAISE)
    assert state.observation(0)["contributions"] == [3, 5]
    assert state.legal_actions() == [FOLD, CALL]
    with pytest.raises(IllegalActionError):
        state.apply_action(RAISE)
    play(state, CALL, JS)          # round 2 after the public card
    play(state, RAISE)
    assert state.observation(0)["contributions"] == [9, 5]
    play(state, RAISE)
    assert state.observation(0)["contributions"] == [9, 13]


def test_round_ends_after_two_checks_or_a_called_raise():
    """"A round ends when both players called without a raise, or when the player facing a
    raise calls it. After round 1 one public card is dealt from the four cards left."
    "Seat 0 acts first in both.\""""
    state = play(deal(KS, QS), CALL)
    assert state.current_player() == 1
    play(state, CALL)
    assert state.current_player() == CHANCE
    assert [c for c, _ in state.chance_outcomes()] == [JS, JH, QH, KH]
    play(state, JH)
    assert state.observation(1)["public_card"] == "Jh"
    assert state.current_player() == 0
    play(state, CALL, RAISE)
    assert state.current_player() == 0
    play(state, CALL)
    assert state.current_player() == TERMINAL


def test_fold_gives_the_pot_to_the_other_player():
    """"A fold ends the hand: the other player wins the pot." Returns are "the chips won minus
    the chips put in"."""
    state = play(deal(JS, KS), RAISE, FOLD)
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]


def test_pair_beats_a_higher_card():
    """"a private card pairing the public card beats any unpaired hand\""""
    state = play(deal(JS, KS), CALL, CALL, JH, CALL, CALL)
    assert state.returns() == [1.0, -1.0]


def test_higher_rank_wins_without_a_pair():
    """"otherwise the higher rank wins\""""
    state = play(deal(QS, KS), CALL, CALL, JH, RAISE, CALL)
    assert state.returns() == [-5.0, 5.0]


def test_equal_ranks_split_the_pot():
    """"equal private ranks tie). A tie splits the pot.\""""
    state = play(deal(QS, QH), RAISE, CALL, KS, CALL, CALL)
    assert state.returns() == [0.0, 0.0]


def test_biggest_pot_is_thirteen_each():
    """"returns are zero-sum and between -13 and +13. A hand lasts at most 8 betting actions.\""""
    state = play(deal(KS, QS), CALL, RAISE, RAISE, CALL, JS, CALL, RAISE, RAISE, CALL)
    assert state.returns() == [13.0, -13.0]
    assert state.move_number == 3 + 8
    assert state.return_bounds == (-13.0, 13.0)


def test_opponent_sees_a_card_dealt_but_not_which():
    """"Each player sees their own private card, that the other was dealt a card, every bet and
    the public card.\""""
    a, b = deal(KS, QS), deal(KS, JH)
    assert a.infostate_key(0) == b.infostate_key(0)
    assert a.infostate_key(1) != b.infostate_key(1)
    assert a.observation(0) == b.observation(0)
    play(a, RAISE)
    play(b, CALL)
    assert a.infostate_key(0) != b.infostate_key(0)


def test_resample_redraws_only_among_unseen_cards():
    """"`resample(p)` redraws the opponent's private card uniformly among the cards `p` has
    not seen (neither `p`'s own card nor the public card).\""""
    state = play(deal(KS, QS), CALL, CALL, JH)
    key = state.infostate_key(0)
    seen = set()
    for seed in range(200):
        world = state.clone()
        world.resample(0, seed)
        assert world.infostate_key(0) == key
        assert world.observation(0) == state.observation(0)
        seen.add(world.observation(1)["private_card"])
    assert seen == {"Js", "Qs", "Qh", "Kh"}


def test_in_a_resampled_world_the_opponent_knows_its_own_card():
    """In a search the opponent decides on its own card: after `resample(0)` seat 1's key
    depends on the card it was redealt, and on nothing else seat 0 cannot see."""
    state = play(deal(KS, QS), CALL)
    keys = {}
    for seed in range(100):
        world = state.clone()
        world.resample(0, seed)
        keys.setdefault(world.observation(1)["private_card"], set()).add(world.infostate_key(1))
    assert len(keys) == 5                                   # every unseen card was redealt
    assert all(len(k) == 1 for k in keys.values())          # one key per card
    assert len(set().union(*keys.values())) == 5            # different cards, different keys
