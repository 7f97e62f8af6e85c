"""Junta: Viva el Presidente! (3-5 players; option `expert` for the Expert Game)."""
from partisan.core.game import GameInfo, Option, register
from partisan.core.games.junta.cards import load_data
from partisan.core.games.junta.state import JuntaState

load_data()     # validate the component data when the game is registered

INFO = register(GameInfo(
    name="junta",
    title="Junta: Viva el Presidente!",
    min_players=3,
    max_players=5,
    default_players=4,
    new_state=JuntaState,
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
