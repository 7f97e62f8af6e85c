"""Leduc poker, the reference game matching OpenSpiel's `leduc_poker` (default parameters)."""
from partisan.core.game import GameInfo, register
from partisan.core.games.leduc.state import new_state

INFO = register(GameInfo(
    name="leduc",
    title="Leduc poker",
    min_players=2,
    max_players=2,
    new_state=new_state,
    summary="Two-player Leduc poker exactly as OpenSpiel's leduc_poker, kept to validate "
            "and benchmark the engine against OpenSpiel.",
    reference=True,
))
