"""Leduc poker, the reference game matching OpenSpiel's `leduc_poker` (default parameters)."""
from partisan.core.game import GameInfo, register
from partisan.core.games.leduc.state import ACTIONS, CHANCE_OUTCOMES, new_state

INFO = register(GameInfo(
    name="leduc",
    title="Leduc poker",
    min_players=2,
    max_players=2,
    new_state=new_state,
    actions=ACTIONS,
    chance=CHANCE_OUTCOMES,
    return_bounds=(-13.0, 13.0),
    utility_sum=0.0,
    max_game_length=8,          # bets: at most 4 a round
    summary="Two-player Leduc poker exactly as OpenSpiel's leduc_poker, kept to validate "
            "and benchmark the engine against OpenSpiel.",
    reference=True,
))
