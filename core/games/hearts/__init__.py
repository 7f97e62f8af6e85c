"""Hearts, the reference game matching OpenSpiel's `hearts` (default parameters)."""
from partisan.core.game import GameInfo, Option, register
from partisan.core.games.hearts.state import ACTIONS, CHANCE_OUTCOMES, new_state

INFO = register(GameInfo(
    name="hearts",
    title="Hearts",
    min_players=4,
    max_players=4,
    new_state=new_state,
    actions=ACTIONS,
    chance=CHANCE_OUTCOMES,
    return_bounds=(0.0, 26.0),
    max_game_length=64,         # 12 cards passed and 52 played
    options=(Option("pass_cards", True, "pass three cards before play (OpenSpiel's pass_cards)"),),
    summary="Four-player Hearts exactly as OpenSpiel's hearts (passing, breaking hearts, "
            "shooting the moon), kept to validate and benchmark the engine against OpenSpiel.",
    reference=True,
))
