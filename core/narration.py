"""Naming the actor of a move as a viewer reads it: "you" for the viewer's own seat, "P2" for
another. Every game's describe_action names who made a player's move with these, so play,
watch and replay all say who did what (the conformance suite checks it)."""
from __future__ import annotations

import re

# Whom a narrated line concerns, for the viewer it was told to (see concern()).
MINE, TO_ME, OTHERS = 0, 1, 2
_VIEWER = re.compile(r"\byour?\b", re.IGNORECASE)


def who(seat: int, viewer: int | None) -> str:
    """'you' for the viewer's own seat, else the seat's name (P1 is seat 0)."""
    return "you" if seat == viewer else f"P{seat + 1}"


def whose(seat: int, viewer: int | None) -> str:
    """The possessive: 'your' or "P2's"."""
    return "your" if seat == viewer else f"P{seat + 1}'s"


def does(seat: int, viewer: int | None, verb: str, rest: str = "") -> str:
    """'you draw a card' / 'P2 draws a card': the subject and its verb in agreement
    (regular verbs, and 'is'/'has')."""
    if seat != viewer:
        verb = {"are": "is", "have": "has"}.get(verb) or (
            verb + "es" if verb.endswith(("s", "sh", "ch", "x", "z")) else verb + "s")
    return f"{who(seat, viewer)} {verb}" + (f" {rest}" if rest else "")


def counted(n: int, noun: str) -> str:
    """'1 event' / '3 events': the count with its noun in agreement (a regular plural)."""
    return f"{n} {noun}" + ("s" if n != 1 else "")


def listed(names: list[str]) -> str:
    """'P1', 'P1 and P2', 'P1, P2 and P3'."""
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def by(seat: int, viewer: int | None, text: str) -> str:
    """A move as its actor's line: 'P2: buy a militia' / 'you: buy a militia'."""
    return f"{who(seat, viewer)}: {text}"


def concern(line: str) -> int:
    """Whom a line told to a viewer concerns, from the words every narration uses for the
    viewer (who(), whose(), does()): MINE when it begins with them (the viewer's own move or
    result: "you: play 5♠", "your unit is hit"), TO_ME when it names the viewer later (what
    was done to them: "P2 attacks you"), OTHERS otherwise."""
    text = line.lstrip()
    if re.match(r"your?\b", text, re.IGNORECASE):
        return MINE
    return TO_ME if _VIEWER.search(text) else OTHERS
