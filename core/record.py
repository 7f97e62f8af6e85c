"""Game records: a versioned JSON list of actions (chance outcomes included).

A record is replayed action by action through the checked API, so a file that
was edited, truncated or written for other options is refused with a message
saying what is wrong, and a replayed game is exactly the game that was saved.
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
VERSION = 1


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
        return {"format": FORMAT, "version": VERSION, **self.game.to_dict(),
                "seed": self.seed, "actions": list(self.actions), "meta": dict(self.meta)}

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


def from_dict(data: Any) -> Match:
    """Validate a decoded record and replay it."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a Partisan game record (format {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"record version {data.get('version')!r} is not supported (this is version {VERSION})")
    for key, kind in (("game", str), ("players", int), ("options", dict), ("seed", int), ("actions", list)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise RecordError(f"record field {key!r} is missing or is not a {kind.__name__}")
    if not all(isinstance(a, int) and not isinstance(a, bool) for a in data["actions"]):
        raise RecordError("record actions must all be whole numbers")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("record field 'meta' must be an object")
    try:
        game = load_game(data["game"], players=data["players"], **data["options"])
    except PartisanError as exc:
        raise RecordError(f"record names a game that cannot be set up: {exc}") from None
    return Match(game, data["seed"], list(data["actions"]), meta)


def load(path: str | Path) -> Match:
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
        return from_dict(data)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
