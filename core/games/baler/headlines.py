"""The public events of Heroes of Baler that concern both sides, whichever side they name: the
play screen keeps them with what was done to the player (cli/play/screen.py).

Every combat and event is one side's against the other: the initiative reveal (l.348: "both
players reveal their cards. Whoever played the card with the highest initiative value will play
first in every turn phase") shows both cards and who moves first for the whole turn; a
combat's final dice say what it did to both; the walls are what one side shells and the other
repairs (l.1075); an event card played (l.354: "the player with the initiative chooses two cards
from their hand and plays them on the table") is resolved against the other side.

A combat of the other side's is done to the player whichever area it names (l.582: "You can
never attack a map area more than once in the same phase"; every attack targets the other
side's men, guns or walls there): its beginning concerns both sides, so its dice and results
are the player's story.

When the other side's Action phase does not fit (l.553: "the Philippine side does likewise:
Reveals cards, adds action points, and spends those points to take action"), what changed on
the table is kept first: the men killed, wounded and lost, the guns destroyed and the walls; then
the combats and their final dice; then the VP; then an event card played, the supply, the
morale and the markers its actions changed. A combat over, dice kept as they stand, survivors
left where they stand and a phase ended change nothing the table shows: kept last.

On the main screen an automa's move keeps, of its reason, the card's title, the row that decided
and a tie broken by a die with among how many: two rows at 80 columns (the automa is Partisan's
own, RULES.md "Solo play against the Partisan automa": the box's "28 cards for the Solo mode",
l.78, are not public); `events` and `log` give the criterion's text too."""
from __future__ import annotations

import re

CONCERNS_EVERY_SEAT = re.compile(r"^Initiative cards revealed\b|\bfinal dice: |^walls of area \d+: "
                                 r"|^(?:Spain|Philippines): event card \d: | in area \d+ begins\b")

KEPT_FIRST = (
    re.compile(r"\b(?:killed|wounded|eliminated|destroyed|dies|deserts?|captured)\b|^walls of area \d+: "),
    re.compile(r" in area \d+ begins\b|\bfinal dice: "),
    re.compile(r"\bVP \d+ → \d+|[+-]\d+ VP\b"),
    re.compile(r": event card \d: |\b(?:supply|morale) \d+ → \d+|\bmarker (?:placed|removed)\b"),
)

KEPT_LAST = re.compile(r" is over$|: keep the dice as they stand$|: leave the survivors where they stand$"
                       r"|: end the Action phase\b|^— turn \d+")


# The automa's reason beside its move (automa.py Decision.reason), as the main screen shows it
AUTOMA_REASON = re.compile(r'  \(Partisan automa(?: card (\d+) ("[^"]*"))?, ([A-Z][\w ]*?) row: .*?'
                           r'(?:; (Attacks) row: .*?)?(?:; a die picked among (\d+) tied choices)?\)$')


def _automa_brief(found: re.Match) -> str:
    card, title, row, attacks, tied = found.groups()
    rows = f"{row} row" + (f", {attacks} row" if attacks else "")
    return (f"  (automa{f' card {card} {title}' if card else ''}, {rows}"
            + (f"; a die among {tied} tied)" if tied else ")"))


BRIEFLY = ((AUTOMA_REASON, _automa_brief),)
