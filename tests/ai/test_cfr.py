"""The `cfr` bot (ai/cfr.pyx): Monte-Carlo CFR from the start of a small game, playing its
average strategy."""
import pytest

from partisan.ai import make_bot
from partisan.core import load_game
from partisan.core.errors import BotSpecError


def dealt(game, *actions):
    state = load_game(game).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


@pytest.mark.parametrize("spec, message", [
    ("cfr:seconds=-1", "cfr seconds is a number, from 0"),
    ("cfr:iterations=0", "cfr needs iterations > 0 or seconds > 0"),
    ("cfr:iterations=1.5", "wants a int"),
    ("cfr:plus=2", "cfr plus is 1 for regret matching"),
    ("cfr:max_nodes=3", "cfr max_nodes is a whole number, from 16"),
    ("cfr:uct_c=1", "bad parameters for cfr"),
])
def test_bad_parameters_are_refused_with_a_clear_message(spec, message):
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)


def test_a_spec_without_a_budget_searches_a_second():
    assert str(make_bot("cfr")) == "cfr:seconds=1"
    assert str(make_bot("cfr:iterations=50,plus=1")) == "cfr:iterations=50,plus=1"


def test_a_game_too_large_for_the_table_is_refused_and_the_bot_keeps_no_table():
    bot = make_bot("cfr:iterations=10,max_nodes=1000")
    state = load_game("war").new_initial_state(seed=1)
    while state.current_player() < 0:
        state.apply_action(state.sample_chance(1))
    with pytest.raises(BotSpecError, match="cfr is for small games .* max_nodes=1,000"):
        bot.policy(state)
    assert bot.table is None


def test_the_policy_is_a_distribution_over_the_legal_moves_and_choose_draws_from_it():
    bot = make_bot("cfr:iterations=2000", seed=3)
    state = dealt("leduc", 0, 3)
    policy = bot.policy(state)
    assert set(policy) == set(state.legal_actions())
    assert sum(policy.values()) == pytest.approx(1.0) and min(policy.values()) >= 0
    drawn = {bot.choose(state) for _ in range(200)}
    assert {a for a, p in policy.items() if p > 0.1} <= drawn <= {a for a, p in policy.items() if p > 0}


def test_the_same_seed_gives_the_same_table_and_another_seed_another():
    state = dealt("leduc", 1, 4)
    first = make_bot("cfr:iterations=300", seed=7).policy(state)
    assert make_bot("cfr:iterations=300", seed=7).policy(state) == first
    assert make_bot("cfr:iterations=300", seed=8).policy(state) != first


def test_the_table_is_searched_once_and_is_what_a_fresh_search_would_answer():
    """Reusing the table between decisions is sound: the search never depends on the state
    it is asked about, so a bot that answered other states first answers like a fresh one."""
    used = make_bot("cfr:iterations=500", seed=2)
    for cards in ((0, 3), (2, 5), (4, 1)):
        used.policy(dealt("leduc", *cards))
    state = dealt("leduc", 5, 0, 2)
    assert used.policy(state) == make_bot("cfr:iterations=500", seed=2).policy(state)
    assert used.table.iterations == 500


@pytest.mark.parametrize("game, hidden, seen", [
    # Kuhn: seat 0 holds the queen, a jack or a king opposite; or seat 0 holds the jack.
    ("kuhn", [(1, 0), (1, 2)], (0, 2)),
    # Leduc: seat 0's card, two different cards opposite, call, call, the public card; or
    # another card of seat 0's.
    ("leduc", [(2, 0, 1, 1, 3), (2, 5, 1, 1, 3)], (4, 0, 1, 1, 3)),
])
def test_the_policy_uses_nothing_the_seat_cannot_see(game, hidden, seen):
    """Two states the mover cannot tell apart (only the opponent's card differs) get the same
    policy, and a state it can tell apart (its own card differs) does not."""
    bot = make_bot("cfr:iterations=3000", seed=1)
    states = [dealt(game, *actions) for actions in hidden]
    assert states[0].current_player() == states[1].current_player() >= 0
    assert bot.policy(states[0]) == bot.policy(states[1])
    assert bot.policy(dealt(game, *seen)) != bot.policy(states[0])


def test_exploitability_in_kuhn_falls_with_the_budget():
    pytest.importorskip("pyspiel", reason='OpenSpiel is not installed: pip install ".[compare]"')
    from partisan.ai import exploitability as ex
    figures = [ex.measure("kuhn", make_bot(f"cfr:iterations={n}", seed=1)).exploitability
               for n in (30, 1000, 30000)]
    uniform = ex.measure("kuhn", make_bot("random")).exploitability
    assert uniform > figures[0] > figures[1] > figures[2]
    assert figures[2] < 0.02
