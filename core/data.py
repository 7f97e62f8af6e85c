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
from partisan.core.files import name_fault, nesting_depth, read_regular, resolved

SOURCES = ("rulebook", "public", "reconstructed")
MAX_DATA_BYTES = 4 * 2**20     # the largest shipped data file is a few tens of kilobytes
MAX_DEPTH = 32                 # levels of tables and arrays; the shipped files use at most 8


def load_toml(path: str | Path) -> dict:
    """The document of a TOML file: only a regular file of at most MAX_DATA_BYTES, nested at
    most MAX_DEPTH deep; anything else is a DataError naming the file."""
    return read_toml(path)[1]


def read_toml(path: str | Path, what: str = "a data file") -> tuple[str, dict]:
    """(text, document) of a TOML file, checked as load_toml says; `what` names the kind of
    file in a refusal ("a presets file")."""
    path = Path(path)
    raw = read_regular(path, MAX_DATA_BYTES, DataError, what, missing=f"{what.removeprefix('a ')} not found")
    try:
        text = raw.decode("utf-8")
        doc = tomllib.loads(text)
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        _too_deep(path)
    if nesting_depth(doc, MAX_DEPTH) > MAX_DEPTH:     # dotted keys nest without recursing
        _too_deep(path)
    return text, doc


def _too_deep(path: Path):
    raise DataError(f"{path}: its tables and arrays are nested more than {MAX_DEPTH} deep; "
                    "no data file needs so many levels")


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


def source(table: dict, where: str) -> str:
    """Every data value carries where it came from (see rules/GAPS.md)."""
    tag = field(table, "source", str, where)
    if tag not in SOURCES:
        raise DataError(f"{where}: source must be one of {', '.join(SOURCES)}, not {tag!r}")
    return tag


def entry_head(entry: dict, what: str, allowed: tuple, where: str) -> tuple[str, str, str]:
    """(name, where-with-name, source) of a named entry ([[card]], [[space]] ...), its keys checked."""
    name = field(entry, "name", str, where).strip()
    if not name:
        raise DataError(f"{where}: a {what} needs a non-empty name")
    here = f"{where} {what} {name!r}"
    check_keys(entry, allowed, here)
    return name, here, source(entry, here)


def find(items, name: str, what: str, where: str) -> int:
    """The index of the item whose .name is `name`; a DataError naming `what` otherwise."""
    for i, item in enumerate(items):
        if item.name == name:
            return i
    raise DataError(f"{where}: unknown {what} {name!r}")


def _kind_name(kind: type | tuple) -> str:
    if isinstance(kind, tuple):
        return " or ".join(_kind_name(k) for k in kind)
    return kind.__name__


def check_keys(table: dict, allowed: tuple | frozenset | set, where: str) -> None:
    """An unknown key is an error: a misspelt field must not be silently ignored."""
    unknown = sorted(k for k in table if k not in allowed)
    if unknown:
        close = difflib.get_close_matches(unknown[0], list(allowed), n=1)
        hint = f"did you mean {close[0]!r}?" if close else f"fields: {', '.join(sorted(allowed))}"
        raise DataError(f"{where}: unknown field {unknown[0]!r} ({hint})")


def tables(doc: dict, key: str, where: str, required: bool = True) -> list:
    """doc[key] as a list of tables ([[key]] in TOML); absent means empty unless required."""
    if key not in doc and not required:
        return []
    entries = field(doc, key, list, where)
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise DataError(f"{where}: {key} #{i + 1} must be a table")
    return entries


def tagged(table: dict, key: str, kind: type, where: str, default_source: str | None,
           default: Any = None) -> tuple[Any, str]:
    """(value, source) of a field written as { value = ..., source = ... } or, when
    `default_source` is given, plainly (then tagged with its entry's source). An absent field
    takes `default` unless that is None."""
    if key not in table and default is not None:
        return default, default_source
    raw = field(table, key, (kind, dict), where)
    here = f"{where}.{key}"
    if isinstance(raw, dict):
        check_keys(raw, ("value", "source"), here)
        return field(raw, "value", kind, here), source(raw, here)
    if default_source is None:
        raise DataError(f"{here}: must be {{ value = ..., source = ... }}")
    return raw, default_source


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
        path = Path(folder if folder is not None else self.folder)
        fault = name_fault(path)
        if fault:
            raise DataError(f"{str(path)!r}: not a data folder ({fault})")
        return _load(self, resolved(path, DataError, "a data folder"))


@lru_cache(maxsize=None)
def _load(spec: GameData, folder: Path) -> LoadedData:
    try:
        is_dir = folder.is_dir()
    except OSError as exc:                    # a name longer than the file system takes
        raise DataError(f"{str(folder)[:200]}: not a data folder ({exc.strerror or exc})") from None
    if not is_dir:
        raise DataError(f"{folder}: not a data folder" + ("" if folder.exists() else " (it does not exist)"))
    docs = {name: load_toml(folder / name) for name in spec.files}
    return LoadedData(folder, spec.parse(docs, folder), digest(docs))
