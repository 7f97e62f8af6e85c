"""The public events of Heroes of Baler that concern both sides, whichever side they name: the
play screen keeps them with what was done to the player (cli/play/screen.py).

The initiative reveal (l.348: "both players reveal their cards. Whoever played the card with the
highest initiative value will play first in every turn phase") shows the player's own card
beside the other side's and says who moves first for the whole turn."""
from __future__ import annotations

import re

CONCERNS_EVERY_SEAT = re.compile(r"^Initiative cards revealed\b")
