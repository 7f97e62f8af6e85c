"""The public events of Heroes of Baler that concern both sides, whichever side they name: the
play screen keeps them with what was done to the player (cli/play/screen.py).

Every combat and event is one side's against the other: the initiative reveal (l.348: "both
players reveal their cards. Whoever played the card with the highest initiative value will play
first in every turn phase") shows both cards and who moves first for the whole turn; a
combat's final dice say what it did to both; the walls are what one side shells and the other
repairs (l.1075); an event card played (l.354: "the player with the initiative chooses two cards
from their hand and plays them on the table") is resolved against the other side."""
from __future__ import annotations

import re

CONCERNS_EVERY_SEAT = re.compile(r"^Initiative cards revealed\b|\bfinal dice: |^walls of area \d+: "
                                 r"|^(?:Spain|Philippines): event card \d: ")
