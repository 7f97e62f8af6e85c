"""Partisan's engine: the state contract, the game registry and game records."""
from partisan.core.actions import ActionRanges
from partisan.core.errors import (BotSpecError, DataError, IllegalActionError, OptionError,
                                  PartisanError, RecordError, SampledChanceError, SeatError, SeedError)
from partisan.core.game import Game, GameInfo, Option, load_game, registered_games
from partisan.core.state import CHANCE, MAX_BRANCH, TERMINAL, GameState, RandomState

__all__ = ["CHANCE", "MAX_BRANCH", "TERMINAL", "ActionRanges", "BotSpecError", "DataError", "Game", "GameInfo",
           "GameState", "IllegalActionError", "Option", "OptionError", "PartisanError",
           "RandomState", "RecordError", "SampledChanceError", "SeatError", "SeedError", "load_game",
           "registered_games"]
