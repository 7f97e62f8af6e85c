"""The behaviour benchmark's measures (benchmarks/behaviour.py): one watcher per game, the
generic measures for a game without its own."""
from blunders.baler import BalerWatcher
from blunders.base import Row, Watcher
from blunders.garden import GardenWatcher
from blunders.guerilla import GuerillaWatcher
from blunders.junta import JuntaWatcher
from blunders.war import WarWatcher

WATCHERS = {"garden": GardenWatcher, "guerilla": GuerillaWatcher, "baler": BalerWatcher,
            "war": WarWatcher, "junta": JuntaWatcher}
# Measures compared with a reference bot's, and the reference the run plays by default.
REFERENCE = {"garden": "random"}


def watcher_for(game: str) -> type[Watcher]:
    return WATCHERS.get(game, Watcher)


__all__ = ["REFERENCE", "Row", "WATCHERS", "Watcher", "watcher_for"]
