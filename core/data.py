"""Loading component data from TOML with clear errors naming the file and field."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from partisan.core.errors import DataError

SOURCES = ("rulebook", "public", "reconstructed")


def load_toml(path: str | Path) -> dict:
    path = Path(path)
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(f"{path}: data file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None


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
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds)


def check_keys(table: dict, allowed: tuple | frozenset | set, where: str) -> None:
    """An unknown key is an error: a misspelt field must not be silently ignored."""
    unknown = sorted(k for k in table if k not in allowed)
    if unknown:
        raise DataError(f"{where}: unknown field {unknown[0]!r} (fields: {', '.join(sorted(allowed))})")


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
