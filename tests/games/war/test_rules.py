"""WAR: Guerrilla Tactics rules, each test quoting the rulebook passage it checks."""
import random

import pytest

from partisan.core import IllegalActionError, OptionError, load_game
from partisan.core.testing.play import random_game


def new_game(players=2, **options):
    return load_game("war", players=players, **options).new_initial_state(0)


def play(state, *moves):
    """Apply moves by their text, chance outcomes included ("draw 9♠")."""
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def seat(state, p):
    """Seat p's own entry in its own observation."""
    return state.observation(p)["players"][p]


@pytest.fixture
def two():
    return new_game(2)


def opening(state, p1=("9♠", "2♠"), p2=("8♥", "2♥")):
    return play(state, *(f"draw {c}" for c in p1), *(f"draw {c}" for c in p2))


def test_setup_one_suit_each():
    """'Use a standard 52-card deck (no jokers). Each player takes one suit (13 cards).
    Each player shuffles their cards to form a draw pile.' 'At the start of the game, the
    Guerrilla rank is 2.'"""
    state = new_game(4)
    obs = state.observation(0)
    assert obs["guerrilla_rank"] == 2
    assert [p["draw_pile"] for p in obs["players"]] == [13, 13, 13, 13]
    assert obs["removed"] == [] and all(p["discard_pile"] == [] for p in obs["players"])
    # the first draws come from each player's own suit
    firsts = {state.action_to_string(a)[-1] for a in state.legal_actions()}
    assert firsts == {"♠"}


def test_two_player_variant_two_suits_each():
    """'Variant (2 Players): One player uses hearts + diamonds; One player uses clubs + spades'"""
    state = new_game(2, two_suits=True)
    assert [p["draw_pile"] for p in state.observation(0)["players"]] == [26, 26]
    assert {state.action_to_string(a)[-1] for a in state.legal_actions()} == {"♥", "♦"}
    play(state, "draw 2♥", "draw 3♦")
    assert {state.action_to_string(a)[-1] for a in state.legal_actions()} == {"♣", "♠"}
    with pytest.raises(OptionError):
        load_game("war", players=3, two_suits=True)


def test_draw_up_to_two_and_secret_hands(two):
    """'Each player draws up to two cards.' Hands are secret: what P1 draws is not seen by P2."""
    other = two.clone()
    play(two, "draw 9♠")
    play(other, "draw K♠")
    assert two.infostate_key(1) == other.infostate_key(1)
    assert two.infostate_key(0) != other.infostate_key(0)
    state = opening(new_game(2))
    assert seat(state, 0)["hand"] == ["2♠", "9♠"] and state.observation(1)["players"][0]["hand"] == []
    assert state.observation(1)["players"][0]["hand_size"] == 2


def test_secret_selection_then_simultaneous_reveal():
    """'Each player selects one card. Normally, all players reveal simultaneously.'"""
    a = opening(new_game(2))
    b = a.clone()
    play(a, "play 9♠")
    play(b, "play 2♠")
    assert a.infostate_key(1) == b.infostate_key(1)         # P2 has not seen P1's choice
    assert a.observation(1)["players"][0]["face_up"] is None
    play(a, "play 8♥")
    assert a.observation(1)["players"][0]["face_up"] == "9♠"  # revealed together
    assert a.observation(0)["players"][1]["face_up"] == "8♥"


def test_highest_card_wins_and_spoils_go_to_winner():
    """'Highest card wins.' 'Remaining cards are placed into the discard pile of the winning
    player(s).' 'If no Guerrilla cards were involved, no cards are removed.'"""
    state = opening(new_game(2), p1=("A♠", "3♠"), p2=("K♥", "4♥"))
    play(state, "play A♠", "play K♥")
    # P2 is losing and may support only if it helps: 4♥ cannot beat an ace
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["no support"]
    play(state, "no support")
    obs = state.observation(0)
    assert obs["players"][0]["discard_pile"] == ["K♥", "A♠"]
    assert obs["removed"] == [] and obs["last_skirmish"]["winner"] == 0


def test_aces_rank_high():
    """'Highest card wins.' Aces rank high (GAPS.md)."""
    state = opening(new_game(2), p1=("A♠", "3♠"), p2=("K♥", "4♥"))
    play(state, "play 3♠", "play K♥")
    # P1 loses with a 3 and could only help with the ace... which is P1's other card
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert texts == ["support with A♠", "no support"]


def test_guerrillas_are_equal_and_tie():
    """'All Guerrilla cards are considered the same rank when compared to each other.'
    'If multiple players share the highest rank, they are tied.'"""
    state = opening(new_game(2))
    play(state, "play 2♠", "play 2♥")
    assert state.observation(0)["phase"] == "support"
    play(state, "no support", "no support")
    obs = state.observation(0)
    assert obs["phase"] == "tie draw" and [p["contending"] for p in obs["players"]] == [True, True]


def test_support_only_when_tied_or_losing():
    """'If you are tied or losing, you may add support.'"""
    state = opening(new_game(2), p1=("Q♠", "3♠"), p2=("5♥", "9♥"))
    play(state, "play Q♠", "play 5♥")
    assert state.current_player() == 1                     # only the losing player is asked
    play(state, "no support")
    assert state.observation(0)["last_skirmish"]["winner"] == 0


def test_support_only_if_it_improves_outcome():
    """'You may only support if it improves your outcome.' 'Highest card still determines the
    winner.'"""
    state = opening(new_game(2), p1=("Q♠", "3♠"), p2=("5♥", "K♥"))
    play(state, "play Q♠", "play 5♥")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["support with K♥", "no support"]
    play(state, "support with K♥")
    assert state.observation(0)["last_skirmish"]["winner"] == 1
    assert state.observation(0)["players"][1]["discard_pile"] == ["5♥", "K♥", "Q♠"]


def test_pair_beats_any_single():
    """'A pair of equal ranks beats any single card.'"""
    state = new_game(2, two_suits=True)
    play(state, "draw 9♥", "draw 9♦", "draw A♠", "draw 3♣", "play 9♥", "play A♠")
    play(state, "support with 9♦")
    assert state.observation(0)["last_skirmish"]["winner"] == 0


def test_guerrilla_pair_and_simultaneous_supports():
    """'Guerrillas can form a pair with any other Guerrilla card' and 'If multiple players
    support, they do so simultaneously.'"""
    state = new_game(2, two_suits=True)
    play(state, "draw 2♥", "draw 9♥", "draw 2♣", "draw 2♠", "play 2♥", "play 2♣")
    # both tied: P1 could win with the 9, P2 with the pair of Guerrillas
    assert state.legal_actions() == [state.string_to_action("support with 9♥"),
                                     state.string_to_action("no support")]
    other = state.clone()
    play(state, "support with 9♥")
    play(other, "no support")
    assert state.infostate_key(1) == other.infostate_key(1)    # P2 decides without knowing
    play(state, "support with 2♠")
    assert state.observation(0)["skirmish_winner"] == 1  # pair beats the single 9


def tie_skirmish():
    """Skirmish 1 of a 2-player game: both play a 2, decline support, and P2 wins the tie."""
    state = opening(new_game(2))
    play(state, "play 2♠", "play 2♥", "no support", "no support",
         "draw 3♠", "draw 4♠", "draw 3♥", "draw 5♥")
    return state


def test_tie_resolution_face_down_and_face_up():
    """'Each tied player draws two cards. Each plays: One card face down (support), One card
    face up. Compare face-up cards.'"""
    state = tie_skirmish()
    assert state.observation(0)["phase"] == "tie play"
    assert seat(state, 0)["tie_cards"] == ["3♠", "4♠"]
    assert state.observation(0)["players"][1]["tie_cards"] == 2
    play(state, "face up 4♠")
    assert state.observation(1)["players"][0]["face_up"] == "2♠"  # P1's choice still hidden
    play(state, "face up 5♥")
    obs = state.observation(0)
    assert obs["phase"] == "loss of forces"
    assert obs["players"][1]["face_up"] == "5♥"
    # face-down cards are turned over once the skirmish is settled
    assert obs["pot"] == ["2♥", "3♥", "5♥", "2♠", "3♠", "4♠"]
    assert obs["players"][1]["face_down"] == ["3♥"]


def test_loss_of_forces_half_rounded_down_then_spoils():
    """'If any Guerrilla card was involved in the skirmish: Remove half of all cards used in
    the skirmish (rounded down). Place them face down in the removed pile.'"""
    state = tie_skirmish()
    play(state, "face up 4♠", "face up 5♥")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)
    play(state, "lose 2♠", "lose 3♠", "lose 4♠")
    obs = state.observation(0)
    assert obs["removed"] == ["2♠", "3♠", "4♠"]
    assert obs["players"][1]["discard_pile"] == ["2♥", "3♥", "5♥"]


def test_loss_of_forces_winner_chooses_variant():
    """GAPS.md: the cards lost are 'chosen at random unless a variant says the winner chooses'."""
    state = opening(load_game("war", players=2, loss="winner").new_initial_state(0))
    play(state, "play 9♠", "play 2♥", "no support")
    assert state.current_player() == 0
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["remove 2♥", "remove 9♠"]
    play(state, "remove 2♥")
    assert state.observation(0)["removed"] == ["2♥"]


def test_only_tied_players_continue():
    """'If still tied, repeat the process. Only tied players continue.'"""
    state = new_game(3)
    play(state, "draw K♠", "draw 3♠", "draw K♥", "draw 3♥", "draw 5♦", "draw 4♦",
         "play K♠", "play K♥", "play 5♦", "no support", "no support", "no support")
    obs = state.observation(2)
    assert [p["contending"] for p in obs["players"]] == [True, True, False]
    play(state, "draw 9♠", "draw 8♠", "draw 9♥", "draw 8♥", "face up 9♠", "face up 9♥")
    assert state.observation(0)["phase"] == "tie draw"      # still tied: repeat
    play(state, "draw 7♠", "draw 6♠", "draw 10♥", "draw 4♥", "face up 7♠", "face up 10♥")
    obs = state.observation(0)
    assert obs["last_skirmish"]["winner"] == 1


def test_support_penalty_draw_one():
    """'Penalty: If you use support, you will draw only one card next skirmish.'"""
    state = opening(new_game(2), p1=("Q♠", "3♠"), p2=("5♥", "K♥"))
    play(state, "play Q♠", "play 5♥", "support with K♥")
    assert seat(state, 1)["draws_one"]
    play(state, "draw 4♠", "draw 6♥")       # P1 refills with one (holds 3♠), P2 draws one only
    assert state.observation(1)["players"][1]["hand_size"] == 1
    assert state.observation(0)["phase"] == "play"


def test_reshuffle_discard_when_draw_pile_empty():
    """'If your draw pile is empty, shuffle your discard pile to form a new one.'"""
    state = new_game(2)
    rng = random.Random(3)
    seen = False
    while not state.is_terminal() and not seen:
        if state.is_chance_node():
            obs = state.observation(0)
            text = state.describe_action(state.legal_actions()[0], None)
            if "shuffles" in text:
                mover = int(text[1]) - 1
                before = obs["players"][mover]
                assert before["draw_pile"] == 0 and before["discard_pile"]
                outcomes = {state.action_to_string(a)[5:] for a in state.legal_actions()}
                assert outcomes == set(before["discard_pile"])
                state.apply_action(state.legal_actions()[0])
                after = state.observation(0)["players"][mover]
                assert after["discard_pile"] == [] and after["draw_pile"] == len(outcomes) - 1
                seen = True
            else:
                state.apply_action(state.sample_chance())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen


def test_spy_capture_reveals_first():
    """'If you win a skirmish where an opponent revealed a spy face up: You must reveal your
    card first next skirmish.'"""
    state = opening(new_game(2), p1=("A♠", "3♠"), p2=("7♥", "4♥"))
    play(state, "play A♠", "play 7♥", "no support")
    assert seat(state, 0)["reveals_first"]
    play(state, "draw 9♠", "draw 5♥")
    assert state.current_player() == 0
    before = state.infostate_key(1)
    play(state, "play 9♠")
    assert state.infostate_key(1) != before
    assert state.observation(1)["players"][0]["face_up"] == "9♠"   # seen before P2 chooses


def test_own_spy_does_not_trigger():
    """'Winning a skirmish where the only spy is the one you played does not trigger this
    effect.'"""
    state = opening(new_game(2), p1=("7♠", "3♠"), p2=("5♥", "4♥"))
    play(state, "play 7♠", "play 5♥", "no support")
    assert state.observation(0)["last_skirmish"]["winner"] == 0
    assert not seat(state, 0)["reveals_first"]


def test_no_promotion_until_everyone_played_a_guerrilla():
    """'Before a skirmish, a player may propose increasing the Guerrilla rank if: All players
    have played at least one Guerrilla card'"""
    state = opening(new_game(2), p1=("2♠", "3♠"), p2=("5♥", "4♥"))
    play(state, "play 2♠", "play 5♥", "no support", "lose 2♠")
    assert seat(state, 0)["played_guerrilla"] and not seat(state, 1)["played_guerrilla"]
    assert state.is_chance_node() and state.observation(0)["phase"] == "draw"


def promotion_ready():
    """After tie_skirmish both players have played a Guerrilla; P1 holds 9♠, P2 holds 8♥."""
    state = tie_skirmish()
    play(state, "face up 4♠", "face up 5♥", "lose 2♠", "lose 3♠", "lose 4♠")
    return state


def test_promotion_accepted_raises_rank():
    """'If accepted: The Guerrilla rank increases by one (maximum 6)'; 'All cards from 2 up to
    the current Guerrilla rank are Guerrillas.'"""
    state = promotion_ready()
    assert state.observation(0)["phase"] == "promotion"
    play(state, "propose promotion")
    assert state.current_player() == 1
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["pass"]
    play(state, "pass")
    assert state.observation(0)["guerrilla_rank"] == 3
    # now a 3 is a Guerrilla too: it ties with the 2 that P2 draws
    play(state, "draw 5♠", "draw 6♥", "play 5♠", "play 6♥")
    play(state, "no support")
    assert state.observation(0)["last_skirmish"]["winner"] == 1


def test_proposer_must_hold_no_guerrilla():
    """'The proposing player has no Guerrilla cards in hand'"""
    state = new_game(2, two_suits=True)
    play(state, "draw 2♥", "draw 9♥", "draw 2♣", "draw 2♠", "play 2♥", "play 2♣",
         "no support", "no support", "draw 5♥", "draw 6♥", "draw 5♣", "draw 8♣",
         "face up 6♥", "face up 8♣", "lose 2♥", "lose 5♥", "lose 6♥")
    assert state.current_player() == 0 and state.observation(0)["phase"] == "promotion"
    play(state, "pass")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["pass"]  # P2 holds 2♠


def test_cancellation_and_recruitment():
    """'Any player may cancel a promotion by revealing a Guerrilla card from their hand.'
    'The revealing player recruits a number of cards equal to the current Guerrilla rank.
    Cards are taken from the proposer's draw pile and placed into the revealer's discard pile'"""
    state = new_game(2, two_suits=True)
    play(state, "draw 2♥", "draw 9♥", "draw 2♣", "draw 2♠", "play 2♥", "play 2♣",
         "no support", "no support", "draw 5♥", "draw 6♥", "draw 5♣", "draw 8♣",
         "face up 6♥", "face up 8♣", "lose 2♥", "lose 5♥", "lose 6♥")
    play(state, "propose promotion")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["pass", "cancel with 2♠"]
    play(state, "cancel with 2♠")
    assert state.observation(0)["players"][1]["hand"] == ["2♠"]      # the table saw it
    draw_before = state.observation(0)["players"][0]["draw_pile"]
    play(state, "recruit K♥", "recruit A♦")
    obs = state.observation(0)
    assert obs["guerrilla_rank"] == 2                               # cancelled
    assert obs["players"][0]["draw_pile"] == draw_before - 2
    assert set(obs["players"][1]["discard_pile"]) >= {"K♥", "A♦"}
    assert obs["phase"] == "draw"


def test_elimination_and_last_player_wins():
    """'If you must draw and cannot (no draw pile and no discard pile), you are eliminated.'
    'The last remaining player wins.'"""
    rng = random.Random(11)
    checked = 0
    for seed in range(40):
        state = load_game("war", players=3).new_initial_state(seed)
        before = state.observation(0)
        for _ in random_game(state, rng):
            after = state.observation(0)
            for b, a in zip(before["players"], after["players"]):
                if b["active"] and not a["active"]:
                    assert a["draw_pile"] == 0 and a["discard_pile"] == [] and a["hand_size"] == 0
                    checked += 1
            before = after
        returns = state.returns()
        if 1.0 in returns:
            winner = returns.index(1.0)
            assert [p["active"] for p in state.observation(0)["players"]].count(True) == 1
            assert state.observation(0)["players"][winner]["active"]
            assert sorted(returns) == [-1.0, -1.0, 1.0]
    assert checked >= 40


def eager_to_promote(state, acts, rng):
    """Propose whenever possible and never cancel, so the rank climbs."""
    texts = {state.action_to_string(a): a for a in acts}
    return texts.get("propose promotion") or texts.get("pass") or rng.choice(acts)


def test_rank_never_above_six():
    """'Guerrilla rank may increase during the game, but never above 6.'"""
    rng = random.Random(5)
    top = 0
    for seed in range(60):
        state = load_game("war", players=2).new_initial_state(seed)
        for _ in random_game(state, rng, eager_to_promote):
            obs = state.observation(0)
            top = max(top, obs["guerrilla_rank"])
            if obs["phase"] == "promotion":
                assert obs["guerrilla_rank"] < 6
    assert top == 6


def test_skirmish_cap_is_a_draw_among_survivors():
    """GAPS.md: 'cap the number of skirmishes (configurable) and score a capped game as a draw
    among the survivors'."""
    state = opening(load_game("war", players=2, max_skirmishes=1).new_initial_state(0))
    play(state, "play 9♠", "play 8♥", "no support")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_illegal_move_changes_nothing(two):
    """An illegal move is refused and the state is unchanged."""
    opening(two)
    before = two.fingerprint()
    with pytest.raises(IllegalActionError):
        two.apply_action(two.string_to_action("play 9♠") + 1)
    with pytest.raises(IllegalActionError):
        two.string_to_action("play K♥")
    assert two.fingerprint() == before


def test_resample_keeps_what_the_table_knows():
    """A proposer 'has no Guerrilla cards in hand' and a cancelling card was revealed: an
    opponent's determinisations keep both facts."""
    state = promotion_ready()
    play(state, "propose promotion")
    for seed in range(200):
        world = state.clone()
        world.resample(1, seed)
        hand = world.observation(0)["hand"]
        assert len(hand) == 1 and hand[0][:-1] not in ("2",)
        assert world.infostate_key(1) == state.infostate_key(1)
    worlds = set()
    for seed in range(50):
        world = state.clone()
        world.resample(1, seed)
        worlds.add(tuple(world.observation(0)["hand"]))
    assert len(worlds) > 1


def _cards_in_play(state):
    """Every card of the game, counted from the seats' own views."""
    players = state.observation(0)["players"]
    total = len(state.observation(0)["removed"])
    pot = set()
    for q, entry in enumerate(players):
        own = state.observation(q)
        me = own["players"][q]
        pot |= set(own["pot"])
        # a secretly selected card has left the hand (a tie choice stays among the tie cards)
        pending = 1 if own["phase"] == "play" and isinstance(me["secret_choice"], str) else 0
        total += (entry["hand_size"] + entry["draw_pile"] + len(entry["discard_pile"])
                  + len(me["tie_cards"]) + pending)
    return total + len(pot)


@pytest.mark.parametrize("players,two_suits", [(2, False), (2, True), (3, False), (4, False)])
def test_no_card_is_created_or_lost(players, two_suits):
    """'Each player takes one suit (13 cards).' 'A shared removed pile holds cards that are
    permanently out of the game.' Every card is always somewhere: a hand, a pile, the skirmish
    or the removed pile."""
    rng = random.Random(players)
    expected = 52 if two_suits else 13 * players
    for seed in range(25):
        state = load_game("war", players=players, two_suits=two_suits).new_initial_state(seed)
        for _ in random_game(state, rng):
            assert _cards_in_play(state) == expected
        assert _cards_in_play(state) == expected


def test_lone_survivor_of_a_tie_wins_and_keeps_the_cards_drawn():
    """'Only tied players continue.' 'If you must draw and cannot (no draw pile and no discard
    pile), you are eliminated.' When every other tied player is eliminated while drawing, the one
    left wins the skirmish without playing and keeps the tie cards already drawn in hand
    (RULES.md, tie resolution)."""
    events = 0
    for players in (2, 3, 4):
        for seed in range(60):
            rng = random.Random(seed)
            state = load_game("war", players=players).new_initial_state(seed)
            for _ in random_game(state, rng):
                obs = state.observation(0)
                if obs["phase"] != "tie draw":
                    continue
                tied = [p for p in range(players) if obs["players"][p]["contending"]]
                drawn = {p: seat(state, p)["tie_cards"] for p in tied}
                after = state.clone()
                after.apply_action(after.sample_chance())
                now = after.observation(0)
                alive = [p for p in tied if now["players"][p]["active"]]
                if now["phase"] in ("tie draw", "tie play") or len(alive) != 1:
                    continue
                w = alive[0]                # the others are out: no tie play, w wins
                settled = now["skirmish_winner"]        # None once the skirmish is recorded
                settled = now["last_skirmish"]["winner"] if settled is None else settled
                assert settled == w
                assert set(drawn[w]) <= set(seat(after, w)["hand"])
                events += 1
    assert events >= 5


def promotion_then_plain_skirmish(**options):
    """A promotion accepted at rank 2, then a skirmish with no Guerrilla in it (9♠ beats 8♥)."""
    state = opening(new_game(2, **options))
    play(state, "play 2♠", "play 2♥", "no support", "no support",
         "draw 3♠", "draw 4♠", "draw 3♥", "draw 5♥",
         "face up 4♠", "face up 5♥", "lose 2♠", "lose 3♠", "lose 4♠",
         "propose promotion", "pass", "draw 5♠", "draw 6♥", "play 9♠", "play 8♥", "no support")
    return state


def test_promotion_reading_ever_is_the_default():
    """'Before a skirmish, a player may propose increasing the Guerrilla rank if: All players
    have played at least one Guerrilla card': read by default as at any time in the game."""
    state = promotion_then_plain_skirmish()
    assert state.observation(0)["guerrilla_rank"] == 3
    assert state.observation(0)["phase"] == "promotion"


def test_promotion_reading_since_last_promotion_option():
    """'Before a skirmish, a player may propose increasing the Guerrilla rank if: All players have
    played at least one Guerrilla card, and ...' Its stricter reading, option
    promotion=since_last: every player must have played a Guerrilla since the last promotion
    before another may be proposed."""
    state = promotion_then_plain_skirmish(promotion="since_last")
    obs = state.observation(0)
    assert obs["guerrilla_rank"] == 3 and obs["phase"] == "draw"
    assert not any(p["played_guerrilla"] for p in obs["players"])
    assert obs["promotion_rule"] == "since_last"
    with pytest.raises(OptionError):
        load_game("war", players=2, promotion="sometimes")


def test_support_is_named_in_the_last_skirmish():
    """'Support: ... you may add the second card of your hand': a skirmish settled at once
    still says which card supported which."""
    state = opening(new_game(2), p1=("Q♠", "3♠"), p2=("5♥", "K♥"))
    play(state, "play Q♠", "play 5♥", "support with K♥")
    last = state.observation(0)["last_skirmish"]
    assert last["support"] == [[], ["K♥"]] and last["shown"][1] == ["5♥", "K♥"]


def test_support_penalty_shown_only_until_the_draw():
    """'Penalty: If you use support, you will draw only one card next skirmish.' Once that draw
    is made the penalty is spent."""
    state = opening(new_game(2), p1=("Q♠", "3♠"), p2=("5♥", "K♥"))
    play(state, "play Q♠", "play 5♥", "support with K♥")
    assert seat(state, 1)["draws_one"]
    play(state, "draw 4♠", "draw 6♥")
    assert state.observation(0)["phase"] == "play" and not seat(state, 1)["draws_one"]


def test_each_seat_has_its_suits():
    """'Each player takes one suit'; 'Variant (2 Players): One player uses hearts + diamonds'."""
    assert [p["suits"] for p in new_game(4).observation(0)["players"]] == ["♠", "♥", "♦", "♣"]
    assert [p["suits"] for p in new_game(2, two_suits=True).observation(0)["players"]] == ["♥♦", "♣♠"]


def test_tie_play_narration_to_the_others():
    """'Each plays: One card face down (support), One card face up.' The others see that two
    cards were played without seeing which is which."""
    state = tie_skirmish()
    a = state.legal_actions()[0]
    assert state.describe_action(a, 1) == "P1 plays one card face up and one face down"
    assert state.describe_action(a, 0).startswith("you: face up")
