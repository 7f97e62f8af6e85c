"""Game metadata and the registry: names, player counts, options and variants, the action
encoding, bounds, component data and a game's own bots."""
from __future__ import annotations

import importlib
import os
import pkgutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from partisan.core.actions import ActionRanges, digest
from partisan.core.data import GameData, LoadedData
from partisan.core.errors import DataError, OptionError, shown
from partisan.core.files import resolved
from partisan.core.state import MAX_BRANCH

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
    in_title: bool = True       # False: how the game is set up for a bot (the seats say), not a variant

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
        except (KeyError, ValueError, TypeError, OverflowError):     # OverflowError: int(inf)
            raise OptionError(f"option {self.name!r} wants a {kind.__name__}, not {shown(value)}") from None
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"option {self.name!r} must be one of {allowed}, not {shown(value)}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.name!r} must be at least {self.minimum}, not {shown(value)}")
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.name!r} must be at most {self.maximum}, not {shown(value)}")
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
    """What the registry knows of a game before any state exists.

    Every game declares its action encoding (`actions`, and `chance` when its chance outcomes
    are numbered apart from the actions, as OpenSpiel's games do), the bounds of its returns
    and the most decisions a game can last (chance outcomes not counted, as in OpenSpiel; an
    int, or a function of the Game when options set it)."""

    name: str
    title: str
    min_players: int
    max_players: int
    new_state: Callable[["Game"], Any]    # builds the initial GameState
    actions: ActionRanges
    return_bounds: tuple[float, float]
    max_game_length: int | Callable[["Game"], int]
    chance: ActionRanges | None = None    # None: chance outcomes are ids of `actions`
    max_branch: int | None = None         # most actions listed at one node, when the ids are more
                                          # (sample-only outcomes numbered among them)
    utility_sum: float | None = None      # returns always add up to this (constant-sum games)
    data: GameData | None = None          # component data a user may edit (load_game(data=DIR))
    encoding_options: tuple[str, ...] = ()   # options that change what an action id means
    # Raised when the same action ids come to play out another game (e.g. a new group takes
    # another slot): records made before are then refused by their fingerprint, not replayed
    # into a different game. 0 leaves the fingerprint as it was before revisions existed.
    revision: int = 0
    bots: dict = field(default_factory=dict)  # the game's own bots: name -> factory(seed=, **params)
    options: tuple[Option, ...] = ()
    default_players: int | None = None
    summary: str = ""
    reference: bool = False               # kept to validate the engine, not a product game
    check: Callable[["Game"], None] | None = None   # cross-option validation
    sampled_chance: bool = False          # has sample-only chance nodes (continuous outcomes)
    test_only: bool = False               # registered by a test module; never listed

    @property
    def max_chance_outcomes(self) -> int:
        return (self.chance or self.actions).size

    @property
    def branch_bound(self) -> int:
        """The most legal actions or listed chance outcomes one node can have: `max_branch` if
        declared, else every id (legal actions are distinct ids)."""
        if self.max_branch is not None:
            return self.max_branch
        return max(self.actions.size, self.max_chance_outcomes)

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"game {self.name!r} has no option {shown(name, 60)} (options: {known})")


@dataclass(frozen=True)
class Game:
    """A game with its player count and options fixed: a factory of initial states."""

    info: GameInfo
    players: int
    options: dict = field(default_factory=dict)
    loaded_data: LoadedData | None = None     # the checked component data, if the game has any
    data_dir: Path | None = None              # None: the data shipped with the game

    def __post_init__(self):
        """Every Game is checked here, also one built by hand or by dataclasses.replace, since
        the compiled states size their structs by the player count and trust the options."""
        info, players = self.info, self.players
        if not isinstance(info, GameInfo):
            raise TypeError(f"a Game's info must be a GameInfo, not {type(info).__name__}")
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"players must be a whole number, not {shown(players)}")
        if not info.min_players <= players <= info.max_players:
            raise OptionError(f"{info.title} is for {info.min_players}-{info.max_players} players, not {players}")
        if not isinstance(self.options, dict):
            raise TypeError(f"a Game's options must be a dict, not {type(self.options).__name__}")
        resolved = {opt.name: opt.default for opt in info.options}
        for key, value in self.options.items():
            if not isinstance(key, str):
                raise OptionError(f"option names are text, not {shown(key)}")
            resolved[key] = info.option(key).parse(value)
        object.__setattr__(self, "options", resolved)
        if info.check is not None:
            info.check(self)

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def data(self) -> Any:
        """What the game's data parser built (None for a game without data)."""
        return self.loaded_data.value if self.loaded_data else None

    @property
    def max_game_length(self) -> int:
        length = self.info.max_game_length
        return length(self) if callable(length) else length

    @property
    def encoding(self) -> dict:
        """What an action id means: fingerprints of the numbering (ranges and the options that
        change it) and of the component data. Records pin both (see record.py)."""
        info = self.info
        numbering = [info.actions.items(), info.chance.items() if info.chance else None,
                     {k: self.options[k] for k in info.encoding_options}]
        if info.revision:
            numbering.append(info.revision)
        return {"actions": digest(numbering),
                "data": self.loaded_data.fingerprint if self.loaded_data else None}

    @property
    def fingerprint(self) -> str:
        return digest(self.encoding)

    def new_initial_state(self, seed: int = 0):
        """The game's start, its shuffles and dice fixed by `seed` (0..2^64 - 1; SeedError,
        a ValueError, otherwise)."""
        state = self.info.new_state(self)
        state._set_seed(seed)
        return state

    def to_dict(self) -> dict:
        return {"game": self.name, "players": self.players, "options": dict(self.options)}

    def __str__(self) -> str:
        opts = "".join(f", {k}={v}" for k, v in self.options.items()
                       if v != self.info.option(k).default and self.info.option(k).in_title)
        data = f", data from {self.data_dir}" if self.data_dir is not None else ""
        return f"{self.info.title} ({self.players} players{opts}{data})"


_REGISTRY: dict[str, GameInfo] = {}
_discovered = False


def register(info: GameInfo) -> GameInfo:
    """Add a game; its declarations are checked here, once, so a game that could overflow the
    engine's buffers never loads."""
    if info.branch_bound > MAX_BRANCH:
        raise ValueError(f"{info.name}: {info.branch_bound} actions at one node exceed MAX_BRANCH "
                         f"({MAX_BRANCH}): grow the buffer or split the decision into steps")
    lo, hi = info.return_bounds
    if not lo < hi:
        raise ValueError(f"{info.name}: return_bounds {info.return_bounds} must be (low, high)")
    for name in info.encoding_options:
        info.option(name)
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
        raise OptionError(f"unknown game {shown(name, 60)} (games: {known})") from None


def unavailable_reason(info: GameInfo) -> str | None:
    """Why a game cannot be played with its shipped data (a broken data file), or None."""
    if info.data is None:
        return None
    try:
        info.data.load()
    except DataError as exc:
        return str(exc)
    return None


def _load_data(info: GameInfo, data: str | Path | None) -> LoadedData | None:
    if info.data is None:
        if data is not None:
            raise OptionError(f"{info.title} has no component data to replace (--data)")
        return None
    if data is not None:
        return info.data.load(data)
    try:
        return info.data.load()
    except DataError as exc:
        raise DataError(f"{info.title} is unavailable: {exc}") from None


def load_game(name: str, players: int | None = None, data: str | Path | None = None,
              **options: Any) -> Game:
    """`load_game("war", players=2, two_suits=True)`: a Game ready to start; `data=DIR` plays
    with an edited copy of the game's component data."""
    return game_from(name, players, data, options)


def game_from(name: str, players: int | None, data: str | Path | None, options: dict) -> Game:
    """load_game with the options as a dict, whatever their names (a record's options may be
    called "players" or "data": they are refused as unknown options, not taken for those)."""
    info = game_info(name)
    if players is None:
        players = info.default_players or info.min_players
    try:
        players = int(players)
    except (TypeError, ValueError, OverflowError):
        raise OptionError(f"players must be a whole number, not {shown(players)}") from None
    for key in options:      # before the data is read: a wrong option costs no loading
        if isinstance(key, str):
            info.option(key)
    return Game(info, players, dict(options), _load_data(info, data),
                None if data is None else resolved(data, DataError, "a data folder"))


def parse_option_pairs(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Turn ["name=value", ...] from the command line into a dict, with clear errors."""
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=") if isinstance(pair, str) else ("", "", "")
        if not sep or not name.strip():
            raise OptionError(f"options are written name=value, not {shown(pair, 60)}")
        if name.strip() in out:     # which of the two was meant cannot be told
            raise OptionError(f"{name.strip()} is given twice ({shown(out[name.strip()], 30)} and "
                              f"{shown(value.strip(), 30)})")
        out[name.strip()] = value.strip()
    return out
