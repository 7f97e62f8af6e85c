"""Loading component data from TOML with clear errors naming the file and field.

A game with data declares a `GameData` (its folder and files, and the function that checks
them); `GameData.load(folder)` reads an edited copy as readily as the shipped one and gives
the data's fingerprint, which game records pin.
"""
from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from partisan.core.actions import digest
from partisan.core.errors import DataError

SOURCES = ("rulebook", "public", "reconstructed")


def load_toml(path: str | Path) -> dict:
    path = Path(path)
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(f"{path}: data file not found") from None
    except IsADirectoryError:
        raise DataError(f"{path}: is a directory, not a data file") from None
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot be read: {exc.strerror or exc}") from None


def field(table: dict, key: str, kind: type | tuple, where: str) -> Any:
    """table[key], which must exist and be of `kind`."""
    if key not in table:
        raise DataError(f"{where}: missing field {key!r}")
    value = table[key]
    if isinstance(value, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise DataError(f"{where}: field {key!r} must be {_kind_name(kind)}, not {value!r}")
    if not isinstance(value, kind):
        raise DataError(f"{where}: field {key!r} must be {_kind_name(kind)}, not {value!r}")
    return value


def known_keys(table: dict, allowed, where: str) -> None:
    """A key the loader does not read is a mistake (a misspelt `cuont`), never ignored."""
    for key in table:
        if key not in allowed:
            close = difflib.get_close_matches(key, list(allowed), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f" (known: {', '.join(sorted(allowed))})"
            raise DataError(f"{where}: unknown key {key!r}{hint}")


def source(table: dict, where: str) -> str:
    """Every data value carries where it came from (see rules/GAPS.md)."""
    tag = field(table, "source", str, where)
    if tag not in SOURCES:
        raise DataError(f"{where}: source must be one of {', '.join(SOURCES)}, not {tag!r}")
    return tag


def _kind_name(kind: type | tuple) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds)


@dataclass(frozen=True)
class LoadedData:
    folder: Path
    value: Any              # what the game's parse function built
    fingerprint: str        # of the parsed documents: comments and layout do not count


@dataclass(frozen=True)
class GameData:
    """A game's component data: TOML `files` in `folder` (the copy shipped with the game), and
    `parse({file name: document}, folder)` that checks them (raising DataError) and builds
    what the game's state reads."""

    folder: Path
    files: tuple[str, ...]
    parse: Callable[[dict, Path], Any]

    def load(self, folder: str | Path | None = None) -> LoadedData:
        """The data in `folder` (default: the shipped copy), checked; cached per folder."""
        return _load(self, Path(folder if folder is not None else self.folder).resolve())


@lru_cache(maxsize=None)
def _load(spec: GameData, folder: Path) -> LoadedData:
    if not folder.is_dir():
        raise DataError(f"{folder}: not a data folder" + ("" if folder.exists() else " (it does not exist)"))
    docs = {name: load_toml(folder / name) for name in spec.files}
    return LoadedData(folder, spec.parse(docs, folder), digest(docs))
