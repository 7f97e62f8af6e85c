"""`lead`: the share of the returns at a game's end that the search takes from the game's
heuristic returns (each seat's lead) instead of from the win or loss alone (ai/ismcts.pyx), so
that a seat that loses in every line still tells a close loss from a rout. Shown on the test
game bandit with `lost` (core/testing/bandit.pyx: the return is 0 whatever the seat pulls, the
heuristic returns count its points) and on Junta, whose returns are only +1 or -1."""
from __future__ import annotations

import random

import pytest

from partisan.ai import make_bot
from partisan.ai.ismcts import ISMCTS
from partisan.ai.parallel import RootParallel, SharedTree
from partisan.core import BotSpecError, load_game


def _lost_bandit(rounds=1):
    from partisan.core.testing import bandit
    return load_game(bandit.INFO.name, arms=6, rounds=rounds, marked=False,
                     lost=True).new_initial_state(0)


def test_without_lead_a_lost_seat_sees_every_move_alike():
    stats = ISMCTS(seed=1).search(_lost_bandit(), iterations=300)
    assert len(stats) == 6 and all(mean == 0.0 for _, _, mean in stats)


@pytest.mark.parametrize("lead", [0.3, 1.0])
@pytest.mark.parametrize("search", [ISMCTS, lambda **kw: RootParallel(2, **kw),
                                    lambda **kw: SharedTree(2, **kw)])
def test_the_returns_at_the_end_mix_in_that_share_of_the_heuristic_returns(search, lead):
    """One pull ends the game: an even arm's point is worth `lead` (0 won, `lead` times the
    heuristic's 1), an odd arm nothing, on one thread or several."""
    for action, visits, mean in search(seed=1, lead=lead).search(_lost_bandit(), iterations=300):
        assert visits > 0 and mean == pytest.approx(lead if action % 2 == 0 else 0.0)


def test_with_lead_a_lost_seat_plays_for_the_closer_loss():
    """Over two pulls, with rollouts to the end, the bot with `lead` pulls an arm that scores;
    the same bot without it chooses among the arms as among equals."""
    def choices(spec):
        return {make_bot(spec, seed=seed).choose(_lost_bandit(rounds=2)) % 2 for seed in range(12)}
    assert choices("ismcts:iterations=200,lead=0.3") == {0}
    assert choices("ismcts:iterations=200") == {0, 1}


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan")])
def test_a_lead_outside_0_to_1_is_refused_by_the_search(bad):
    with pytest.raises(ValueError, match="lead is the share of the returns at a game's end"):
        ISMCTS(lead=bad)


@pytest.mark.parametrize("spec, message", [
    ("ismcts:iterations=10,lead=2", r"ismcts lead is the share .* from 0 to 1 \(not 2\.0\)"),
    ("ismcts:iterations=10,lead=-0.5", r"ismcts lead is the share .* from 0 to 1 \(not -0\.5\)"),
    ("expert:lead=x", "bot parameter lead wants a float, not 'x'"),
])
def test_a_bad_lead_in_a_bot_spec_is_refused_with_its_range(spec, message):
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec, game="junta")


def test_the_lead_reaches_the_search_on_every_thread_and_names_the_bot():
    assert make_bot("ismcts:iterations=10,lead=0.3").search.lead == 0.3
    assert make_bot("ismcts:iterations=10,lead=0.3,threads=2").search.searches[1].lead == 0.3
    assert str(make_bot("expert:lead=0.3", game="junta")).endswith(",lead=0.3")


def _junta_midgame(moves=120, seed=4):
    state = load_game("junta", 4).new_initial_state(seed)
    rng = random.Random(seed)
    while state.move_number < moves or state.current_player() < 0:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_lead_0_leaves_a_seeded_search_as_it_was():
    """Junta's `hard` (whose preset sets no `lead`) with `lead=0` searches exactly as without
    it; with 0.3 its values move."""
    state = _junta_midgame()
    plain = make_bot("hard:iterations=2048", seed=7, game="junta").explain(state)
    assert make_bot("hard:iterations=2048,lead=0", seed=7, game="junta").explain(state) == plain
    assert make_bot("hard:iterations=2048,lead=0.3", seed=7, game="junta").explain(state) != plain
