"""Game metadata and the registry: names, player counts, options and variants."""
from __future__ import annotations

import importlib
import os
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable

from partisan.core.errors import OptionError

_BOOL_WORDS = {"true": True, "yes": True, "on": True, "1": True,
               "false": False, "no": False, "off": False, "0": False}


@dataclass(frozen=True)
class Option:
    """One game option or variant, with its default and the values it accepts."""

    name: str
    default: Any
    help: str
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, value: Any) -> Any:
        """Convert `value` (text from the command line, or a Python value) and check it."""
        kind = type(self.default)
        try:
            if kind is bool:
                if isinstance(value, str):
                    value = _BOOL_WORDS[value.strip().lower()]
                elif not isinstance(value, bool):
                    raise KeyError(value)
            elif kind is int:
                if isinstance(value, bool):
                    raise ValueError(value)
                value = int(value)
            else:
                value = kind(value)
        except (KeyError, ValueError, TypeError):
            raise OptionError(f"option {self.name!r} wants a {kind.__name__}, not {value!r}") from None
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.name!r} must be at least {self.minimum}, not {value}")
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.name!r} must be at most {self.maximum}, not {value}")
        return value

    def describe(self) -> str:
        if self.choices:
            values = "|".join(map(str, self.choices))
        elif self.minimum is not None or self.maximum is not None:
            values = f"{self.minimum if self.minimum is not None else ''}..{self.maximum if self.maximum is not None else ''}"
        else:
            values = type(self.default).__name__
        return f"{self.name}={self.default} ({values}): {self.help}"


@dataclass(frozen=True)
class GameInfo:
    """What the registry knows of a game before any state exists."""

    name: str
    title: str
    min_players: int
    max_players: int
    new_state: Callable[["Game"], Any]    # builds the initial GameState
    options: tuple[Option, ...] = ()
    default_players: int | None = None
    summary: str = ""
    reference: bool = False               # kept to validate the engine, not a product game
    check: Callable[["Game"], None] | None = None   # cross-option validation
    sampled_chance: bool = False          # has sample-only chance nodes (continuous outcomes)
    test_only: bool = False               # registered by a test module; never listed

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"game {self.name!r} has no option {name!r} (options: {known})")


@dataclass(frozen=True)
class Game:
    """A game with its player count and options fixed: a factory of initial states."""

    info: GameInfo
    players: int
    options: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.info.name

    def new_initial_state(self, seed: int = 0):
        state = self.info.new_state(self)
        state._set_seed(seed)
        return state

    def to_dict(self) -> dict:
        return {"game": self.name, "players": self.players, "options": dict(self.options)}

    def __str__(self) -> str:
        opts = "".join(f", {k}={v}" for k, v in self.options.items() if v != self.info.option(k).default)
        return f"{self.info.title} ({self.players} players{opts})"


_REGISTRY: dict[str, GameInfo] = {}
_discovered = False


def register(info: GameInfo) -> GameInfo:
    _REGISTRY[info.name] = info
    return info


def _discover() -> None:
    """Import every package under partisan.core.games; each registers itself.

    PARTISAN_GAMES=war,leduc (development) loads only those packages, so one game's
    half-built extension does not stop work on another.
    """
    global _discovered
    if _discovered:
        return
    _discovered = True
    import partisan.core.games as games
    only = [g for g in os.environ.get("PARTISAN_GAMES", "").split(",") if g]
    for mod in pkgutil.iter_modules(games.__path__):
        if mod.ispkg and (not only or mod.name in only):
            importlib.import_module(f"{games.__name__}.{mod.name}")


def registered_games(include_reference: bool = True, include_test_only: bool = False) -> list[GameInfo]:
    """The games a user can play (and the reference games unless told otherwise). Test-only
    games (registered by modules under core/testing when a test imports them) are listed only
    on request, so no command or generic suite meets them by accident."""
    _discover()
    infos = sorted(_REGISTRY.values(), key=lambda i: (i.reference, i.name))
    return [i for i in infos if (include_reference or not i.reference)
            and (include_test_only or not i.test_only)]


def game_info(name: str) -> GameInfo:
    _discover()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise OptionError(f"unknown game {name!r} (games: {known})") from None


def load_game(name: str, players: int | None = None, **options: Any) -> Game:
    """`load_game("war", players=2, two_suits=True)`: a Game ready to start."""
    info = game_info(name)
    if players is None:
        players = info.default_players or info.min_players
    try:
        players = int(players)
    except (TypeError, ValueError):
        raise OptionError(f"players must be a whole number, not {players!r}") from None
    if not info.min_players <= players <= info.max_players:
        raise OptionError(f"{info.title} is for {info.min_players}-{info.max_players} players, not {players}")
    resolved = {opt.name: opt.default for opt in info.options}
    for key, value in options.items():
        resolved[key] = info.option(key).parse(value)
    game = Game(info, players, resolved)
    if info.check is not None:
        info.check(game)
    return game


def parse_option_pairs(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Turn ["name=value", ...] from the command line into a dict, with clear errors."""
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"options are written name=value, not {pair!r}")
        out[name.strip()] = value.strip()
    return out
