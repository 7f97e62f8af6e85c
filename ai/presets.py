"""Where presets live: the ladder shipped with the package, and the user's own calibrations.

The shipped file (ai/presets.toml, from the repository) is only ever read. `partisan tune`
writes to the user's presets file, `$XDG_CONFIG_HOME/partisan/presets.toml` (by default
`~/.config/partisan/presets.toml`), or to a file it is given; a game calibrated there replaces
the shipped calibration of that game, preset by preset table.
"""
from __future__ import annotations

import os
from pathlib import Path

from partisan.core.data import load_toml
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
    the place of the shipped calibration of that game."""
    data = load_toml(shipped)
    user = user_presets_file()
    if user.is_file():
        games = data.setdefault("games", {})
        games.update(load_toml(user).get("games", {}))
    return data


def write_game_presets(path: Path, game: str, presets: dict[str, dict], order: tuple[str, ...]) -> None:
    """Store `presets` (name -> values) under [games.<game>.<name>] in the presets file at `path`,
    keeping its head (comments, base presets) and the other games; a missing file is created,
    and so is its folder when it is the user's presets file."""
    path = Path(path)
    if path.exists():
        text = path.read_text(encoding="utf-8")
        games = load_toml(path).get("games", {})
    else:
        if path == user_presets_file():
            path.parent.mkdir(parents=True, exist_ok=True)
        text, games = USER_HEADER, {}
    games[game] = presets
    head = text.split(GAMES_MARKER)[0]
    cut = head.find("\n[games.")
    head = (head if cut < 0 else head[:cut + 1]).rstrip() + "\n\n"
    blocks = [GAMES_MARKER]
    for name in sorted(games):
        for preset in sorted(games[name], key=lambda p: (order + (p,)).index(p)):
            blocks.append(f"\n[games.{name}.{preset}]")
            blocks.extend(f"{k} = {_toml_value(v)}" for k, v in games[name][preset].items())
    write_atomic(path, head + "\n".join(blocks) + "\n")


def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'
