"""Bots: ISMCTS, flat Monte Carlo and random, and the named difficulty presets."""
from partisan.ai.bots import (PRESET_ORDER, ActionStat, Bot, ISMCTSBot, PIMCBot, RandomBot,
                              load_presets, make_bot)

__all__ = ["PRESET_ORDER", "ActionStat", "Bot", "ISMCTSBot", "PIMCBot", "RandomBot",
           "load_presets", "make_bot"]
