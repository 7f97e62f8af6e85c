"""Partisan's engine: the state contract, the game registry and game records."""
from partisan.core.errors import (DataError, IllegalActionError, OptionError,
                                  PartisanError, RecordError, SampledChanceError)
from partisan.core.game import Game, GameInfo, Option, load_game, registered_games
from partisan.core.state import CHANCE, TERMINAL, GameState, RandomState

__all__ = ["CHANCE", "TERMINAL", "DataError", "Game", "GameInfo", "GameState",
           "IllegalActionError", "Option", "OptionError", "PartisanError", "RandomState",
           "RecordError", "SampledChanceError", "load_game", "registered_games"]
