"""Garden Guerrilla end to end: hands as options, records replaying landings, bots playing."""
from __future__ import annotations

import math
import random

import pytest

from partisan.ai.bots import ISMCTSBot
from partisan.core import OptionError, RandomState, load_game
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import landing
from partisan.core.record import Match, from_dict


def _at_drop(hand):
    """A 2-player state where seat 0 has aimed a dropped Skorpio at the table's centre."""
    game = load_game("garden", players=2, hand0=hand)
    s = game.new_initial_state(1)
    while s.is_chance_node():
        s.apply_action(s.sample_chance())
    skorpio = game.data.insect("Skorpio")
    while A.card + skorpio not in s.legal_actions():     # a seed whose hand holds a Skorpio
        s = game.new_initial_state(s.move_number + 100)
        while s.is_chance_node():
            s.apply_action(s.sample_chance())
    s.apply_action(A.card + skorpio)
    s.apply_action(A.aim_grid + 3 * 8 + 3)               # (394, 263)
    s.apply_action(A.orient)
    return s


def test_a_steady_hand_scatters_less():
    """Each seat's hand is an option; the noise scales with it (noise.toml)."""
    spread = {}
    for hand in ("novice", "average", "steady"):
        s = _at_drop(hand)
        rng = RandomState(7)
        d = [math.dist(landing(s.sample_chance(rng))[:2], (394, 263)) for _ in range(2000)]
        spread[hand] = sum(d) / len(d)
    assert spread["steady"] < spread["average"] < spread["novice"]
    assert spread["novice"] / spread["steady"] == pytest.approx(1.5 / 0.6, rel=0.1)


def test_unknown_hand_is_refused():
    with pytest.raises(OptionError, match="hand1"):
        load_game("garden", players=2, hand1="shaky")
    with pytest.raises(OptionError, match="first"):
        load_game("garden", players=2, first=3)


def test_record_replays_landings_exactly():
    game = load_game("garden", players=3)
    match = Match(game, 9)
    rng = random.Random(9)
    while not match.state.is_terminal():
        if match.state.is_chance_node():
            match.play_chance()
        else:
            match.apply(rng.choice(match.state.legal_actions()))
    again = from_dict(match.to_dict())
    assert again.state.fingerprint() == match.state.fingerprint()
    assert again.state.returns() == match.state.returns()


@pytest.mark.parametrize("players", [2, 4])
def test_ismcts_plays_to_the_end(players):
    """The search stops its tree at a landing (sample-only chance) and rolls out from there."""
    game = load_game("garden", players=players)
    s = game.new_initial_state(3)
    bots = [ISMCTSBot(iterations=60, seed=q, mast=0.3 * (q % 2)) for q in range(players)]
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance())
        else:
            a = bots[s.current_player()].choose(s)
            assert a in s.legal_actions()
            s.apply_action(a)
    assert sum(s.returns()) == pytest.approx(1.0)
