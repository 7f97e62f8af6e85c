"""The public events of Guerilla that concern every seat, whatever seats they name: the play
screen keeps them with what was done to the player (cli/play/screen.py).

The Revolution swaps loyalty markers and turns a group (l.40: "the player who draws the
revolution card may exchange the loyalty markers of any two players"; l.139: "the drawing player
must change the faction of one deployed Government group to Rebel"), and Traitors may turn a
leader's group (l.140: "the leader and his entire group change faction"): after either, every
seat's reckoning of who is on which side changes."""
from __future__ import annotations

import re

CONCERNS_EVERY_SEAT = re.compile(
    r"\bRevolution\b|\bloyalty markers?\b|\bchange sides\b"
    r"|\bturns? (?:\S+ ){0,2}(?:Rebel|Government)\b")
