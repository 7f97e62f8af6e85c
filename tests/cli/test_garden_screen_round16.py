"""Garden Guerrilla's screen after the sixteenth round's 2-player game at 100x40: a crowded
summary keeps what an attack aimed at the player's card caught, before where it landed."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from partisan.cli.play.screen import FORCED_NOTE, Chance, Consequence
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match

CAUGHT = "Red Chemic catches nothing"
# What Blue saw before its 10th move (seed 1621): its own throw, then Red's Chemic aimed at it.
EVENTS = ["you: turned 90°", Chance("your Snailper lands at (300, 200) mm, 90°, face up, on the table"),
          Consequence("Your Snailper catches nothing"),
          "Red: play Chemic", "Red: aim at your Skorpio", "Red: turned 40.5°",
          Chance("Red's Chemic lands at (492, 277) mm, 40.5°, face up, on the table, partly under mushroom 1's hat"),
          Consequence(CAUGHT), "you: play Ladygun" + FORCED_NOTE]


@pytest.mark.parametrize("rows", [4, 5])
def test_what_an_attack_on_your_card_caught_is_kept_before_its_aim_and_landing(rows):
    """With 4 rows of events, the player's own throw and its result shown first, the summary kept "Red: aim at your Skorpio" and where the Chemic landed, not what it
    caught ("Red Chemic catches nothing"), the outcome of an attack on the player's card: the
    aim and the throw are one story with what the card caught, and the outcome comes before
    the landing that led to it."""
    console = Console(file=io.StringIO(), width=100, height=40, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("garden"), 1621), 1, {0: "random"}, "random", None, console)
    session.events, session.human_moved = list(EVENTS), True
    console.print(session._recent_events(rows))
    assert CAUGHT in console.file.getvalue(), console.file.getvalue()
