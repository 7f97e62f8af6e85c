"""Where presets live: the ladder shipped with the package, and the user's own calibrations.

The shipped file (ai/presets.toml, from the repository) is only ever read. `partisan tune`
writes to the user's presets file, `$XDG_CONFIG_HOME/partisan/presets.toml` (by default
`~/.config/partisan/presets.toml`), or to a file it is given; a game calibrated there replaces
the shipped calibration of that game, preset by preset table.
"""
from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

from partisan.core.data import load_toml, read_toml
from partisan.core.errors import BotSpecError, DataError, shown
from partisan.core.record import write_atomic

USER_FILE_NAME = "presets.toml"
USER_HEADER = """\
# Difficulty presets calibrated on this machine by `partisan tune GAME`.
# A game calibrated here replaces the presets shipped with Partisan for that game;
# delete its tables (or this file) to go back to the shipped ones.
"""
GAMES_MARKER = "# ---- calibrated per game by `partisan tune GAME` (generated below; edit with care) ----"


def user_presets_file() -> Path:
    """The user's presets file under the XDG config folder (it need not exist)."""
    base = os.environ.get("XDG_CONFIG_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".config"
    return root / "partisan" / USER_FILE_NAME


def preset_tables(shipped: Path) -> dict:
    """The shipped presets file's tables, with every game the user's file calibrates taking
    the place of the shipped calibration of that game. A user's file that is not one (bad
    TOML, a value of the wrong kind, nesting thousands deep) is a DataError naming the file
    and the key."""
    data = load_toml(shipped)
    user = user_presets_file()
    if user.exists():       # a folder or a FIFO there is refused, not skipped or waited on
        data.setdefault("games", {}).update(read_presets_file(user)[1].get("games", {}))
    return data


def read_presets_file(path: Path) -> tuple[str, dict]:
    """(text, tables) of a presets file, its [games.*] tables checked (check_games)."""
    text, doc = read_toml(path, "a presets file")
    check_games(doc, path)
    return text, doc


def check_games(doc: dict, path: Path) -> None:
    """Every [games.GAME.PRESET] is a table of a preset's keys with values of their kind."""
    from partisan.ai.bots import PARAMS, check_params    # bots reads presets: import when used
    games = doc.get("games", {})
    if not isinstance(games, dict):
        _refuse(path, "games", "must hold a table per game ([games.GAME.PRESET]), not " + shown(games))
    for game, presets in games.items():
        if not isinstance(presets, dict):
            _refuse(path, f"games.{game}", "must hold a table per preset ([games.GAME.PRESET]), "
                    "not " + shown(presets))
        for preset, values in presets.items():
            here = f"games.{game}.{preset}"
            if not isinstance(values, dict):
                _refuse(path, here, "must be a table of the preset's parameters, not " + shown(values))
            for key, value in values.items():
                kind = _KEYS.get(key)
                if kind is not None:
                    if not isinstance(value, kind):
                        _refuse(path, f"{here}.{key}", f"must be a {kind.__name__}, not {shown(value)}")
                elif key not in PARAMS:
                    _refuse(path, f"{here}.{key}", "is no preset key (keys: "
                            + ", ".join([*_KEYS, *sorted(PARAMS)]) + ")")
                else:
                    try:
                        check_params(preset, **{key: value})
                    except BotSpecError as exc:
                        _refuse(path, f"{here}.{key}", str(exc))


_KEYS = {"kind": str, "like": str, "measured": bool}     # the keys of a preset that are not parameters


def _refuse(path: Path, key: str, why: str):
    raise DataError(f"{path}: {key} {why}")


def check_presets_file(path: Path) -> None:
    """Refuse, before any calibration, a presets file that write_game_presets could not
    rewrite: unreadable, malformed, or laid out so that its other tables would not survive."""
    if path.exists():
        text, doc = read_presets_file(path)
        _checked_rewrite(path, text, doc, doc.get("games", {}), ())


def write_game_presets(path: Path, game: str, presets: dict[str, dict], order: tuple[str, ...]) -> None:
    """Store `presets` (name -> values) under [games.<game>.<name>] in the presets file at `path`,
    keeping the rest of it as it is (comments and every table outside [games]) and the other
    games; a missing file is created, and so is its folder when it is the user's presets file."""
    path = Path(path)
    if path.exists():
        text, doc = read_presets_file(path)
    else:
        if path == user_presets_file():
            path.parent.mkdir(parents=True, exist_ok=True)
        text, doc = USER_HEADER, {}
    games = {**doc.get("games", {}), game: presets}
    write_atomic(path, _checked_rewrite(path, text, doc, games, order))


def _checked_rewrite(path: Path, text: str, doc: dict, games: dict, order: tuple[str, ...]) -> str:
    """The file's text with its [games] tables replaced by `games`, checked by reading it back:
    every other table must come out as it went in (or the file is refused, not damaged)."""
    new = _rewrite(text, games, order)
    try:
        again = tomllib.loads(new)
    except tomllib.TOMLDecodeError:
        again = None
    others = {k: v for k, v in doc.items() if k != "games"}
    if again is None or again.get("games") != games or {k: v for k, v in again.items() if k != "games"} != others:
        raise DataError(f"{path}: its [games] tables cannot be rewritten without changing the rest of "
                        "the file (are they written otherwise than as [games.GAME.PRESET] tables?); "
                        "fix or move it before calibrating")
    return new


_HEADER = re.compile(r"""^\s*\[\[?\s*("?)([^".\]\s]+)""")     # a table header and its first key


def _rewrite(text: str, games: dict, order: tuple[str, ...]) -> str:
    """Every block of `text` (a table header, its lines, and the comments just above it) kept
    in order except the [games...] ones and the marker, then the marker and `games`."""
    kept, block, in_games, head = [], [], False, True
    for line in text.splitlines():
        header = _HEADER.match(line)
        if header:
            lead = len(block)            # comments just above a header belong to it, except the
            while lead and not head and (not block[lead - 1].strip()     # file's own head
                                         or block[lead - 1].lstrip().startswith("#")):
                lead -= 1
            head = False
            if not in_games:
                kept.extend(block[:lead])
            block, in_games = block[lead:], header.group(2) == "games"
        block.append(line)
    if not in_games:
        kept.extend(block)
    body = "\n".join(line for line in kept if line.strip() != GAMES_MARKER).rstrip()
    blocks = [GAMES_MARKER]
    for name in sorted(games):
        for preset in sorted(games[name], key=lambda p: (order + (p,)).index(p)):
            blocks.append(f"\n[games.{name}.{preset}]")
            blocks.extend(f"{k} = {_toml_value(v)}" for k, v in games[name][preset].items())
    return body + "\n\n" + "\n".join(blocks) + "\n"


def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'
