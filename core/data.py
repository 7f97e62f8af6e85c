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


def _kind_name(kind: type | tuple) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds)
