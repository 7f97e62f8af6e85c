"""GameState.secret_decision(): the games say where the seat to move chooses in secret or
simultaneously (there a bot may mix its moves; docs/architecture.md, "Secret decisions")."""
import random

import pytest

from partisan.core import load_game, registered_games


def _need(name):
    if name not in {i.name for i in registered_games()}:
        pytest.skip(f"{name} is not registered")


def _decisions(name, games=3, **options):
    """(state, legal actions) at every decision with a choice of random games of `name` (one
    state object, moved on after each: check it before the next)."""
    for seed in range(games):
        state = load_game(name, **options).new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and state.move_number < 2000:
            actions = state.legal_actions()
            if state.current_player() >= 0 and len(actions) > 1:
                yield state, actions
            state.apply_action(rng.choice(actions))


def _hidden(state, actions):
    """Whether the next seat is told the same whichever legal action the mover takes."""
    other = (state.current_player() + 1) % state.num_players
    return len({state.describe_action(a, other) for a in actions}) == 1


@pytest.mark.parametrize("name", ["kuhn", "leduc"])
def test_every_poker_decision_is_a_bet_on_a_hidden_card(name):
    _need(name)
    state = load_game(name).new_initial_state(0)
    assert not state.secret_decision()              # the deal: a chance node
    assert all(state.secret_decision() for state, _ in _decisions(name))


@pytest.mark.parametrize("name, options", [("war", {"players": 2}), ("war", {}), ("hearts", {}),
                                           ("baler", {})])
def test_a_secret_decision_is_exactly_one_the_others_are_not_told(name, options):
    """WAR (war_guerrilla_tactics.txt l.56-57): "Each player selects one card. Normally, all
    players reveal simultaneously", and support (l.73) and the tie cards likewise; Hearts: the
    three cards passed; Baler (heroes_of_baler.txt l.348): "each player selects one of the six
    cards in their hand and places it face down". Everywhere else the move is seen as made."""
    _need(name)
    seen = {(state.secret_decision(), _hidden(state, actions))
            for state, actions in _decisions(name, **options)}
    assert seen == {(True, True), (False, False)}


def test_junta_militia_orders_are_secret_decisions():
    """junta.txt l.42: "hidden behind the screen, turn the Militia Dice". The promises of the
    budget are hidden from third seats too, but made in turn, not secret choices."""
    _need("junta")
    secret = 0
    for state, actions in _decisions("junta"):
        if state.secret_decision():
            secret += 1
            assert _hidden(state, actions)
            assert state.describe_action(actions[0]).split(": ")[1].startswith("militia")
    assert secret

def test_guerilla_secret_plans_and_face_down_picks():
    """The simultaneous secret initial deployment and the cards laid face down: hidden from
    the others but for the choice to finish."""
    _need("guerilla")
    secret = 0
    for state, actions in _decisions("guerilla"):
        if state.secret_decision():
            secret += 1
            other = (state.current_player() + 1) % state.num_players
            told = {state.describe_action(a, other) for a in actions
                    if state.action_to_string(a) != "done"}
            assert len(told) <= 1
    assert secret
