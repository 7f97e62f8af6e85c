"""Declared action ranges: a game's action ids as named contiguous ranges.

A game lists its kinds of action in order with their sizes; offsets and the number of
distinct actions are derived from that one list, so adding a range cannot leave a gap or an
overlap, and the list itself (names and sizes) is part of the game's encoding fingerprint:
a record made under another numbering is refused before any action is replayed.
"""
from __future__ import annotations

import hashlib
import json

from partisan.core.errors import IllegalActionError


class ActionRanges:
    """`ActionRanges(play=52, support=52, no_support=1)`: ids 0..51, 52..103 and 104.

    `ranges.play` (or `ranges["play"]`) is the offset of a range, `ranges.size` the number
    of ids, `ranges.span("play")` the range of ids it covers.
    """

    __slots__ = ("_sizes", "_offsets", "size")

    def __init__(self, **sizes: int):
        if not sizes:
            raise ValueError("ActionRanges needs at least one range")
        self._sizes = dict(sizes)
        self._offsets = {}
        offset = 0
        for name, size in self._sizes.items():
            if not isinstance(size, int) or isinstance(size, bool) or size < 1:
                raise ValueError(f"action range {name!r} must have a whole, positive size, not {size!r}")
            self._offsets[name] = offset
            offset += size
        self.size = offset

    def __getattr__(self, name: str) -> int:
        try:
            return self._offsets[name]
        except KeyError:
            raise AttributeError(f"no action range {name!r} (ranges: {', '.join(self._offsets)})") from None

    def __getitem__(self, name: str) -> int:
        return getattr(self, name)

    def span(self, name: str) -> range:
        start = self[name]
        return range(start, start + self._sizes[name])

    def locate(self, action: int) -> tuple[str, int]:
        """(range name, index within the range) of an id; for messages and debugging."""
        for name, start in self._offsets.items():
            if start <= action < start + self._sizes[name]:
                return name, action - start
        raise IllegalActionError(f"action {action} is outside 0..{self.size - 1}")

    def items(self) -> list[tuple[str, int]]:
        """(name, size) in id order."""
        return list(self._sizes.items())

    def check_offsets(self, game: str, compiled) -> None:
        """Refuse a build whose compiled offsets (each range's first id, then the size, as a
        game's C enums number them) differ from this declaration."""
        declared = tuple(self[n] for n, _ in self.items()) + (self.size,)
        if tuple(compiled) != declared:
            raise ImportError(f"{game}: compiled offsets {tuple(compiled)} differ from the "
                              f"declared ranges {declared}")

    def fingerprint(self) -> str:
        return digest(self.items())

    def __eq__(self, other) -> bool:
        return isinstance(other, ActionRanges) and self.items() == other.items()

    def __hash__(self) -> int:
        return hash(tuple(self.items()))

    def __repr__(self) -> str:
        return "ActionRanges(" + ", ".join(f"{n}={s}" for n, s in self._sizes.items()) + ")"


def digest(value) -> str:
    """A short stable hash of plain data (JSON-serialisable), the unit of every fingerprint."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
