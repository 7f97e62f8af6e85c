"""Reading a file a user names (a record, a data file, a presets or benchmark file) safely:
only a regular file, and never more than a stated size.

The type is checked before opening (opening a FIFO would wait for a writer), the file is
opened non-blocking and checked again (it may have been swapped), and the read is bounded
whatever size the file claims.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from partisan.core.errors import shown


def read_regular(path: str | Path, limit: int, error: type[Exception], what: str,
                 missing: str = "no such file") -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; anything else (a
    missing file, a folder, a pipe, a device, a larger file, a path holding a NUL) raises
    `error` with a message naming the file and saying it is not `what` ("a record file")."""
    _not_a_path(path, error)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise error(f"{path}: {missing}") from None
    except (OSError, ValueError) as exc:      # ValueError: a NUL in the path
        raise error(f"{path}: cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    _check(path, info, limit, error, what)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        with os.fdopen(fd, "rb") as fh:
            _check(path, os.fstat(fh.fileno()), limit, error, what)
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise error(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if len(raw) > limit:
        _too_big(path, limit, error, what)
    return raw


def _not_a_path(path, error: type[Exception]) -> None:
    """An int would be taken for an open file descriptor (0 is standard input): a file is named
    by a path alone."""
    if not isinstance(path, (str, os.PathLike)):
        raise error(f"{shown(path)}: not a path to a file (a {type(path).__name__})")


def resolved(path: str | Path, error: type[Exception], what: str) -> Path:
    """`path` made absolute with its links followed; a loop of links or a name longer than the
    file system takes raises `error` naming the path."""
    _not_a_path(path, error)
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError) as exc:    # RuntimeError: a loop of symbolic links (3.11)
        reason = getattr(exc, "strerror", None) or "a loop of symbolic links"
        raise error(f"{str(path)[:200]}: not {what} ({reason})") from None


def name_fault(path: str | Path) -> str | None:
    """Why no file can have this name (a NUL, or text the file system cannot encode), or None;
    such a name makes os calls raise ValueError rather than OSError."""
    if "\0" in str(path):
        return "a path cannot hold a NUL character"
    try:
        os.fsencode(path)
    except UnicodeEncodeError:
        return "its name is not valid text"
    return None


def _check(path, info: os.stat_result, limit: int, error: type[Exception], what: str) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = ("a folder" if stat.S_ISDIR(info.st_mode) else "a pipe" if stat.S_ISFIFO(info.st_mode)
                else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
                else "a special file")
        raise error(f"{path}: is {kind}, not {what}")
    if info.st_size > limit:
        _too_big(path, limit, error, what)


def _too_big(path, limit: int, error: type[Exception], what: str):
    size = f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit // 2**10} KiB"
    raise error(f"{path}: larger than {size}, too large to be {what}")


def nesting_depth(value, limit: int) -> int:
    """How deeply lists and dicts nest in `value` (a scalar: 0), counted without recursion and
    only up to `limit + 1`, so that a document nested thousands deep is measured, not crashed on."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            break
        todo.extend((child, depth + 1) for child in children)
    return deepest


def unique_keys(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object whose keys are all different (json's object_pairs_hook): json.loads would
    keep the last of two "actions" silently, and which one the writer meant cannot be told."""
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {shown(key, 40)} appears twice in one object")
        out[key] = value
    return out
