"""Junta: Viva el Presidente! (3-5 players; option `expert` for the Expert Game)."""
from partisan.core.game import GameInfo, Option, register
from partisan.core.games.junta.cards import GAME_DATA
from partisan.core.games.junta.state import ACTIONS, JuntaState

# Decisions in one round, at most: over five times the most seen in random games (92, five
# players, Expert Game); the conformance suite fails any game that goes past the bound.
ROUND_DECISIONS = 500

INFO = register(GameInfo(
    name="junta",
    title="Junta: Viva el Presidente!",
    min_players=3,
    max_players=5,
    default_players=4,
    new_state=JuntaState,
    actions=ACTIONS,
    data=GAME_DATA,
    return_bounds=(-1.0, 1.0),
    max_game_length=lambda game: game.options["max_rounds"] * ROUND_DECISIONS,
    summary="Promise, plot and plunder in a banana republic; the first to 5 VP (6 in the Expert "
            "Game) after Spend Money wins.",
    options=(
        Option("expert", False, "the Expert Game: 6 VP, Sunglasses worth 1 VP, rolled 1s destroy "
               "militia, the Presidente may promise militia"),
        Option("kill_per_player", False, "Expert: a player who rolled 1s destroys one militia in "
               "all (default: one per die showing 1)"),
        Option("max_rounds", 40, "rounds after which the game is scored as it stands",
               minimum=1, maximum=500),
    ),
))

__all__ = ["INFO", "JuntaState"]
