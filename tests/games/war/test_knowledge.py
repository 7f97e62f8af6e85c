"""What the bots know of WAR (knowledge.pyx): the move priors that lean their search and guide
their rollouts, and the worth of the cards that scores a rollout cut short, each in a position
built for it. Lines quoted are from the rulebook, war_guerrilla_tactics.txt."""
import math
import random

from partisan.core import load_game


def new_game(**options):
    return load_game("war", players=2, **options).new_initial_state(0)


def play(state, *moves):
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def opening(state, p1, p2):
    return play(state, *(f"draw {c}" for c in p1), *(f"draw {c}" for c in p2))


def priors(state):
    return {state.action_to_string(a): p for a, p in state._priors().items()}


def test_the_priors_weigh_every_move_a_bot_considers_and_sum_to_one():
    """Every decision of random games, in every phase and option, gets a weight per move a bot
    considers (none negative, summing to 1)."""
    rng = random.Random(5)
    for options in ({}, {"loss": "winner"}, {"two_suits": True}):
        state = new_game(**options)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            p = state._priors()
            assert sorted(p) == state.bot_actions()
            assert math.isclose(sum(p.values()), 1.0) and min(p.values()) >= 0.0
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_player_leads_the_weaker_card_and_keeps_the_stronger_to_support():
    """l.69-l.72: "If you are tied or losing, you may add support: Reveal your second card and
    add it to the skirmish. You may only support if it improves your outcome." Chosen in
    secret, the weaker card is led: the king kept in hand can still turn the skirmish."""
    state = opening(new_game(), p1=("K♠", "5♠"), p2=("8♥", "4♥"))
    p = priors(state)
    assert p["play 5♠"] > p["play K♠"]


def _spy_captor_revealed(p2_draw):
    """P1 captured a spy (P2's 7♥) and must reveal first; P1 leads 9♠, P2 then holds 4♥ and
    the card it draws."""
    state = opening(new_game(), p1=("A♠", "3♠"), p2=("7♥", "4♥"))
    play(state, "play A♠", "play 7♥", "no support", "draw 9♠", f"draw {p2_draw}", "play 9♠")
    assert state.current_player() == 1
    return state


def test_against_a_revealed_card_lead_under_it_when_the_kept_card_lifts_it_past():
    """l.58: "If you captured a spy last skirmish, you must reveal first." l.77: "Highest card
    still determines the winner." Against the 9♠ shown, the 4♥ is led and the K♥ added
    as support wins all three cards; leading the K♥ wins only two, and lets the loser support."""
    p = priors(_spy_captor_revealed("K♥"))
    assert p["play 4♥"] > p["play K♥"]


def test_against_a_revealed_card_that_cannot_be_beaten_throw_the_weakest():
    """l.62 "Highest card wins": neither the 4♥ nor the 5♥ can beat the 9♠ shown, alone or
    supported, so the weaker is the one to lose."""
    p = priors(_spy_captor_revealed("5♥"))
    assert p["play 4♥"] > p["play 5♥"]


def test_a_support_that_wins_is_preferred_to_declining():
    """l.69-l.72 and l.115 (Spoils): "Remaining cards are placed into the discard pile of the
    winning player(s)." Losing 3♠ to K♥, adding the A♠ wins all three cards."""
    state = opening(new_game(), p1=("A♠", "3♠"), p2=("K♥", "4♥"))
    play(state, "play 3♠", "play K♥")
    p = priors(state)
    assert p["support with A♠"] > p["no support"]


def test_a_support_that_only_ties_is_not_preferred_to_declining():
    """l.87-l.98 Tie Resolution: a support that only ties (K♠ beside K♥) puts the stake into a
    tie, no win: it weighs no more than declining."""
    state = opening(new_game(), p1=("K♠", "3♠"), p2=("K♥", "4♥"))
    play(state, "play 3♠", "play K♥")
    p = priors(state)
    assert p["support with K♠"] <= p["no support"]


def test_the_stronger_tie_card_goes_face_up():
    """l.92-l.95: each plays "One card face down (support)" and "One card face up", then
    "Compare face-up cards." The face-down card is a stake either way, so the stronger one goes
    face up; with a 7 (a spy, l.58) the weaker stays open to the search, the 7 still first."""
    state = opening(new_game(), p1=("9♠", "2♠"), p2=("8♥", "2♥"))
    play(state, "play 2♠", "play 2♥", "no support", "no support",
         "draw 3♠", "draw 7♠", "draw 3♥", "draw 5♥")
    p = priors(state)
    assert p["face up 7♠"] > p["face up 3♠"]


def _proposal(two_suits_state):
    """In the 2-player variant P1 has lost both Guerrillas and may propose a promotion."""
    state = two_suits_state
    play(state, "draw 2♥", "draw 9♥", "draw 2♣", "draw 2♠", "play 2♥", "play 2♣",
         "no support", "no support", "draw 5♥", "draw 6♥", "draw 5♣", "draw 8♣",
         "face up 6♥", "face up 8♣", "lose 2♥", "lose 5♥", "lose 6♥")
    return state


def test_cancelling_a_promotion_is_preferred_to_letting_it_pass():
    """l.143-l.146: "Any player may cancel a promotion by revealing a Guerrilla card from their
    hand. If cancelled: The revealing player recruits a number of cards equal to the current
    Guerrilla rank. Cards are taken from the proposer's draw pile"."""
    state = play(_proposal(new_game(two_suits=True)), "propose promotion")
    p = priors(state)
    assert p["cancel with 2♠"] > p["pass"]


def test_the_winner_who_picks_the_losses_picks_the_weakest():
    """GAPS.md/RULES.md option loss=winner; l.106: "Remove half of all cards used in the
    skirmish": what is left is the winner's spoils, so the weakest card goes."""
    state = opening(new_game(loss="winner"), p1=("9♠", "2♠"), p2=("8♥", "2♥"))
    play(state, "play 9♠", "play 2♥", "no support")
    p = priors(state)
    assert p["remove 2♥"] > p["remove 9♠"]


def test_a_rollout_cut_short_counts_strong_cards_above_weak_ones():
    """l.62 "Highest card wins": P1 won the 2♥ but lost his 9♠ to Loss of Forces, so he owns
    13 cards against 12, yet a Guerrilla for a 9: the heuristic rates him behind."""
    state = opening(new_game(), p1=("9♠", "3♠"), p2=("8♥", "2♥"))
    play(state, "play 9♠", "play 2♥", "no support", "lose 9♠")
    obs = state.observation(0)
    assert obs["players"][0]["discard_pile"] == ["2♥"]
    h = state.heuristic_returns()
    assert h[0] < 0 < h[1]


def test_a_bot_never_puts_the_weaker_tie_card_face_up_but_a_person_may():
    """l.92-l.95: each plays "One card face down (support)" and "One card face up", then
    "Compare face-up cards." The face-down card is only a stake, so with a stronger card that is not a 7 the weaker face up
    is a move no player makes: it stays legal, but bots do not consider it."""
    state = opening(new_game(), p1=("9♠", "2♠"), p2=("8♥", "2♥"))
    play(state, "play 2♠", "play 2♥", "no support", "no support",
         "draw 3♠", "draw 4♠", "draw 3♥", "draw 5♥")
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    kept = [state.action_to_string(a) for a in state.bot_actions()]
    assert sorted(legal) == ["face up 3♠", "face up 4♠"] and kept == ["face up 4♠"]


def test_a_stronger_seven_may_stay_face_down():
    """l.58 (a spy): a 7 face up decides who reveals first next skirmish, so with a 7 and a weaker
    card either may go face up: a bot keeps both."""
    state = opening(new_game(), p1=("9♠", "2♠"), p2=("8♥", "2♥"))
    play(state, "play 2♠", "play 2♥", "no support", "no support",
         "draw 3♠", "draw 7♠", "draw 3♥", "draw 5♥")
    assert len(state.bot_actions()) == 2


def test_a_bot_never_proposes_into_a_guerrilla_the_table_has_seen():
    """l.143-l.146: P2 showed 2♠ to cancel and still holds it; a proposal would be cancelled for
    sure, so a bot only passes (a person may still propose)."""
    state = _proposal(new_game(two_suits=True))
    assert "propose promotion" in [state.action_to_string(a) for a in state.bot_actions()]
    play(state, "propose promotion", "cancel with 2♠", "recruit K♥", "recruit A♦",
         "draw 3♥", "draw 7♣", "play 3♥", "play 7♣", "no support")
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert "propose promotion" in legal
    assert [state.action_to_string(a) for a in state.bot_actions()] == ["pass"]
