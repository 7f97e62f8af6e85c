"""Heroes of Baler (2 players: Spain, the Philippines): the siege of the church of Baler,
1898-1899, in six turns of seven phases."""
from dataclasses import dataclass
from pathlib import Path

from partisan.core.data import GameData
from partisan.core.game import GameInfo, register
from partisan.core.games.baler.automa import AutomaBot, AutomaCard, parse_cards
from partisan.core.games.baler.components import components
from partisan.core.games.baler.options import OPTIONS
from partisan.core.games.baler.state import ACTIONS, CHANCE_OUTCOMES, BalerState

DATA = Path(__file__).parent / "data"
# Decisions in one turn, at most: several times the most seen in random games (see
# tests/games/baler/test_state.py); the conformance suite fails a game that goes past it.
TURN_DECISIONS = 1500


@dataclass(frozen=True)
class BalerData:
    """A data folder's components (the states read them through components()) and the
    automa's deck, all five files fingerprinted together so that records pin the deck too."""
    parts: object
    automa: tuple[AutomaCard, ...]


def _parse(docs: dict, folder: Path) -> BalerData:
    return BalerData(components(folder), parse_cards(docs["automa.toml"], str(folder / "automa.toml")))


INFO = register(GameInfo(
    name="baler",
    title="Heroes of Baler",
    min_players=2,
    max_players=2,
    new_state=BalerState,
    actions=ACTIONS,
    chance=CHANCE_OUTCOMES,
    data=GameData(DATA, ("cards.toml", "counters.toml", "map.toml", "setup.toml", "automa.toml"), _parse),
    return_bounds=(-1.0, 1.0),
    utility_sum=0.0,
    max_game_length=6 * TURN_DECISIONS,
    summary="Spain holds the church of Baler; the Philippines besiege it and fight Spain and "
            "then the US for Luzon. Most VP after six turns wins.",
    options=OPTIONS,
    bots={"automa": AutomaBot},     # the solo automa (automa.py); needs the option automa=true
))

__all__ = ["INFO", "BalerState"]
