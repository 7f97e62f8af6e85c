"""Game records: a versioned JSON list of actions (chance outcomes included).

A record is replayed action by action through the checked API, so a file that
was edited, truncated or written for other options is refused with a message
saying what is wrong, and a replayed game is exactly the game that was saved.

Version 2 records pin the game's encoding (`Game.encoding`: fingerprints of the action
numbering and of the component data) and, when the game was played with an edited copy of
its data, that folder (meta "data"). A record whose action numbering or data differ from the
game it is replayed with is refused before any action is applied, saying which differs.
Version 1 records (no fingerprint) still load: they are replayed by legality alone.

Only a regular file of at most MAX_RECORD_BYTES is read (a device, a FIFO or a folder is
refused before it is opened), and JSON nested deeper than Python's parser can follow is refused,
not crashed on. Saving writes a temporary file beside the target and renames it over the
target, so a reader sees the old record or the new one, never half of one; a symbolic link is
followed (its target is written, the link stays), an existing file keeps its permissions, and a
missing folder is an error rather than created.
"""
from __future__ import annotations

import errno
import json
import os
import secrets
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from partisan.core.errors import IllegalActionError, PartisanError, RecordError, SeedError, shown
from partisan.core.files import read_regular, unique_keys
from partisan.core.game import Game, game_from
from partisan.core.seeds import check_seed

FORMAT = "partisan-record"
VERSION = 2
READABLE = (1, 2)           # 1: before encoding fingerprints
MAX_RECORD_BYTES = 16 * 2**20   # a record of the longest game is a few hundred kilobytes
ACTION_BITS = 32            # actions are 32-bit signed integers in the engine


@dataclass
class Match:
    """A game in progress: its Game, seed, the live state and every action so far."""

    game: Game
    seed: int = 0
    actions: list[int] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    state: Any = None
    outcome: dict | None = None     # how a finished game ended, as the screen told it (optional)

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
                "meta": meta, **({"outcome": self.outcome} if self.outcome is not None else {})}

    def save(self, path: str | Path) -> Path:
        """Write atomically (see write_atomic); returns the file written."""
        return write_atomic(path, json.dumps(self.to_dict(), indent=1))


def write_atomic(path: str | Path, text: str) -> Path:
    """Replace the file at `path` with `text` at once: a temporary file in the same folder,
    flushed to disk, then renamed over it. A symbolic link is followed and its target
    written; an existing file keeps its permissions, a new one gets the usual ones (the
    umask's); a missing folder or a target that is not a regular file is an OSError."""
    target = Path(os.path.realpath(path))
    if not target.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, f"the folder {target.parent} does not exist "
                                "(create it first, or choose another file)", str(path))
    try:
        existing = os.stat(target)
    except FileNotFoundError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        raise OSError(errno.EEXIST, "it is a folder or a special file, not a regular file", str(path))
    while True:     # a fresh name: O_EXCL never opens a file someone else made
        tmp = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            if existing is not None:
                os.fchmod(fh.fileno(), stat.S_IMODE(existing.st_mode))
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return target


def _check_encoding(recorded: Any, game: Game, folder: str | None) -> None:
    """Refuse a record made under another action numbering or with other component data."""
    if (not isinstance(recorded, dict) or not isinstance(recorded.get("actions"), str)
            or "data" not in recorded or not isinstance(recorded["data"], (str, type(None)))):
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
    for i, action in enumerate(data["actions"]):
        if not -2**(ACTION_BITS - 1) <= action < 2**(ACTION_BITS - 1):
            raise RecordError(f"action {i + 1} ({shown(action)}) is out of range: no game has "
                              f"an action beyond {ACTION_BITS}-bit integers")
    try:
        check_seed(data["seed"], "record seed")
    except SeedError as exc:
        raise RecordError(str(exc)) from None
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("record field 'meta' must be an object")
    folder = data_dir if data_dir is not None else meta.get("data")
    if folder is not None and not isinstance(folder, (str, Path)):
        raise RecordError("record field meta.data must name a data folder")
    try:
        game = game_from(data["game"], data["players"], folder, data["options"])
    except PartisanError as exc:
        raise RecordError(f"record names a game that cannot be set up: {exc}") from None
    if data["version"] >= 2:
        _check_encoding(data.get("encoding"), game, None if folder is None else str(folder))
    outcome = _check_outcome(data.get("outcome"))
    match = Match(game, data["seed"], list(data["actions"]), meta)
    if outcome is not None and not match.state.is_terminal():
        raise RecordError("record field 'outcome' tells the end of a game its actions do not finish")
    match.outcome = outcome
    return match


OUTCOME_TEXTS = ("headline", "reason")
SCORE_TEXTS = ("name", "score", "breakdown")


def _check_outcome(outcome: Any) -> dict | None:
    """The optional 'outcome' of a finished game's record (older records have none): who won,
    why the game ended and each seat's score, as text to show again."""
    if outcome is None:
        return None
    wrong = RecordError("record field 'outcome' must be an object with the texts 'headline' and "
                        "'reason', the list 'winners' and the list 'scores' (seat, name, score, "
                        "breakdown, return)")
    if (not isinstance(outcome, dict) or any(not isinstance(outcome.get(k), str) for k in OUTCOME_TEXTS)
            or not isinstance(outcome.get("winners"), list) or not isinstance(outcome.get("scores"), list)
            or not all(isinstance(w, str) for w in outcome["winners"])):
        raise wrong
    for row in outcome["scores"]:
        if (not isinstance(row, dict) or any(not isinstance(row.get(k), str) for k in SCORE_TEXTS)
                or type(row.get("seat")) is not int or not isinstance(row.get("return"), (int, float))
                or isinstance(row.get("return"), bool)):
            raise wrong
    return outcome


def read_record_text(path: Path) -> str:
    """The text of the record file at `path`, refused unless it is a regular file of at most
    MAX_RECORD_BYTES (see files.read_regular)."""
    raw = read_regular(path, MAX_RECORD_BYTES, RecordError, "a record file")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path}: cannot be read: {exc}") from None


def load(path: str | Path, data_dir: str | Path | None = None) -> Match:
    path = Path(path)
    text = read_record_text(path)
    try:
        data = json.loads(text, object_pairs_hook=unique_keys)
    except RecursionError:
        raise RecordError(f"{path}: its JSON is nested too deeply to be a game record") from None
    except ValueError as exc:       # JSONDecodeError, numbers too long to convert, a key twice
        hint = " (truncated?)" if isinstance(exc, json.JSONDecodeError) else ""
        raise RecordError(f"{path}: not valid JSON{hint}: {exc}") from None
    try:
        return from_dict(data, data_dir)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
