"""Kuhn poker, the reference game matching OpenSpiel's `kuhn_poker` (2 players)."""
from partisan.core.game import GameInfo, register
from partisan.core.games.kuhn.state import ACTIONS, CHANCE_OUTCOMES, new_state

INFO = register(GameInfo(
    name="kuhn",
    title="Kuhn poker",
    min_players=2,
    max_players=2,
    new_state=new_state,
    actions=ACTIONS,
    chance=CHANCE_OUTCOMES,
    return_bounds=(-2.0, 2.0),
    utility_sum=0.0,
    max_game_length=3,          # pass, bet, call at most
    summary="Two-player Kuhn poker exactly as OpenSpiel's kuhn_poker, kept to validate the "
            "engine and measure how exploitable the bots are.",
    reference=True,
))
