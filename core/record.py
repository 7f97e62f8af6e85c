"""Game records: a versioned JSON list of actions (chance outcomes included).

A record is replayed action by action through the checked API, so a file that
was edited, truncated or written for other options is refused with a message
saying what is wrong, and a replayed game is exactly the game that was saved.

Version 2 records pin the game's encoding (`Game.encoding`: fingerprints of the action
numbering and of the component data) and, when the game was played with an edited copy of
its data, that folder (meta "data"). A record whose action numbering or data differ from the
game it is replayed with is refused before any action is applied, saying which differs.
Version 1 records (no fingerprint) still load: they are replayed by legality alone.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from partisan.core.errors import IllegalActionError, PartisanError, RecordError
from partisan.core.game import Game, load_game

FORMAT = "partisan-record"
VERSION = 2
READABLE = (1, 2)           # 1: before encoding fingerprints


@dataclass
class Match:
    """A game in progress: its Game, seed, the live state and every action so far."""

    game: Game
    seed: int = 0
    actions: list[int] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    state: Any = None

    def __post_init__(self):
        if self.state is None:
            self.state = self.game.new_initial_state(self.seed)
            for i, action in enumerate(list(self.actions)):
                try:
                    self.state.apply_action(action)
                except IllegalActionError:
                    raise RecordError(f"action {i + 1} ({action}) is not legal at that point of the game") from None

    def apply(self, action: int) -> None:
        """Apply a checked action and record it."""
        self.state.apply_action(action)
        self.actions.append(action)

    def play_chance(self) -> int:
        """Resolve one chance node from the game's own seed, and record it."""
        outcome = self.state.sample_chance()
        self.apply(outcome)
        return outcome

    def to_dict(self) -> dict:
        meta = {k: v for k, v in self.meta.items() if k != "data"}
        if self.game.data_dir is not None:
            meta["data"] = str(self.game.data_dir)
        return {"format": FORMAT, "version": VERSION, **self.game.to_dict(),
                "encoding": self.game.encoding, "seed": self.seed, "actions": list(self.actions),
                "meta": meta}

    def save(self, path: str | Path) -> Path:
        """Write atomically: the old file stays whole until the new one is complete."""
        path = Path(path)
        text = json.dumps(self.to_dict(), indent=1)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        return path


def _check_encoding(recorded: Any, game: Game, folder: str | None) -> None:
    """Refuse a record made under another action numbering or with other component data."""
    if (not isinstance(recorded, dict) or not isinstance(recorded.get("actions"), str)
            or not isinstance(recorded.get("data"), (str, type(None)))):
        raise RecordError("record field 'encoding' must be an object with the fingerprints "
                          "'actions' and 'data'")
    here = game.encoding
    if recorded["actions"] != here["actions"]:
        raise RecordError(f"the record was made under another action encoding of {game.info.title} "
                          f"(fingerprint {recorded['actions']}, this version's is {here['actions']}): "
                          "this version numbers the actions differently and cannot replay it")
    if recorded["data"] != here["data"]:
        used = f"the data in {folder}" if folder else "the data shipped with the game"
        raise RecordError(f"the record was made with other component data for {game.info.title} "
                          f"(data fingerprint {recorded['data']}; {used} has {here['data']}): "
                          "replay it with the data it was made with (--data DIR)")


def from_dict(data: Any, data_dir: str | Path | None = None) -> Match:
    """Validate a decoded record and replay it, with the component data in `data_dir`
    (default: the folder the record names, else the data shipped with the game)."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a Partisan game record (format {data.get('format')!r})")
    if type(data.get("version")) is not int or data["version"] not in READABLE:
        raise RecordError(f"record version {data.get('version')!r} is not supported (this is version {VERSION})")
    for key, kind in (("game", str), ("players", int), ("options", dict), ("seed", int), ("actions", list)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise RecordError(f"record field {key!r} is missing or is not a {kind.__name__}")
    if not all(isinstance(a, int) and not isinstance(a, bool) for a in data["actions"]):
        raise RecordError("record actions must all be whole numbers")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("record field 'meta' must be an object")
    folder = data_dir if data_dir is not None else meta.get("data")
    if folder is not None and not isinstance(folder, (str, Path)):
        raise RecordError("record field meta.data must name a data folder")
    try:
        game = load_game(data["game"], players=data["players"], data=folder, **data["options"])
    except PartisanError as exc:
        raise RecordError(f"record names a game that cannot be set up: {exc}") from None
    if data["version"] >= 2:
        _check_encoding(data.get("encoding"), game, None if folder is None else str(folder))
    return Match(game, data["seed"], list(data["actions"]), meta)


def load(path: str | Path, data_dir: str | Path | None = None) -> Match:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot be read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: not valid JSON (truncated?): {exc}") from None
    try:
        return from_dict(data, data_dir)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
