"""WAR: Guerrilla Tactics (2-4 players; two suits each in the 2-player variant)."""
from partisan.core.errors import OptionError
from partisan.core.game import GameInfo, Option, register
from partisan.core.games.war.state import ACTIONS, WarState, card_name


# Decisions in one skirmish, at most: propose, cancel, select and support for each of 4 seats,
# then one per card played in tie resolution or lost to Loss of Forces (52 cards each); random
# games reach 27.
SKIRMISH_DECISIONS = 4 * 4 + 2 * 52


def _check(game):
    if game.options["two_suits"] and game.players != 2:
        raise OptionError("two_suits is the 2-player variant: use it with --players 2")


INFO = register(GameInfo(
    name="war",
    title="WAR: Guerrilla Tactics",
    min_players=2,
    max_players=4,
    default_players=2,
    new_state=WarState,
    actions=ACTIONS,
    return_bounds=(-1.0, 1.0),
    max_game_length=lambda game: game.options["max_skirmishes"] * SKIRMISH_DECISIONS,
    summary="Skirmish with one suit each until only one player remains.",
    options=(
        Option("two_suits", False, "2-player variant: hearts+diamonds against clubs+spades"),
        Option("loss", "random", "who picks the cards lost to Loss of Forces",
               choices=("random", "winner")),
        Option("promotion", "ever", "when a promotion may be proposed: once every player has "
               "played a Guerrilla at some time (ever) or since the last promotion (since_last)",
               choices=("ever", "since_last")),
        Option("max_skirmishes", 400, "skirmishes before the game is scored as a draw among "
               "the survivors", minimum=1, maximum=30000),
    ),
    check=_check,
))

__all__ = ["INFO", "WarState", "card_name"]
