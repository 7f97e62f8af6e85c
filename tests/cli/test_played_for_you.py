"""A move played for the player (their only legal move) on the main screen (cli/play/screen.py):
shown when it is part of the player's own turn (Garden's throw style, the last card played for
them), with a short note; `events` keeps the game's reason whole."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.play.screen import FORCED_NOTE, Chance, Consequence
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match

REASON = "; Pick the cards one by one, in any order; done when the choice is complete.)"

# Red (you) aims its Laserfly; the throw style is the only one left, then Blue plays a card, and
# your last card, Rambee, is played for you.
GARDEN = ["you: aim at (754, 69) mm",
          "you: throw it spinning" + FORCED_NOTE,
          Chance("your Laserfly lands at (886, 161) mm, 12°, face up, on the table"),
          "Blue: play Ladygun", "Blue: aim at (731, 113) mm", "Blue: turned 247.5°",
          Chance("Blue's Ladygun lands at (856, 225) mm, 250°, face up, on the table"),
          Consequence("Blue Ladygun's line catches ant 2: Blue +1 VP"),
          "Blue: play Skorpio", "Blue: aim at (500, 300) mm", "Blue: turned 90°",
          Chance("Blue's Skorpio lands at (510, 290) mm, 90°, face up, on the table"),
          "you: play Rambee" + FORCED_NOTE]

# A reaction played for you in the middle of another seat's turn says less than its moves.
GUERILLA = ["you: end the turn", "P2: attack with P2's g3", "P2: attack P3's g4",
            "you: no reaction" + FORCED_NOTE[:-1] + "; Battle reaction.)", "P3: no reaction",
            "P4: no reaction", "P2: end the turn",
            "you: deploy the group as Government" + FORCED_NOTE[:-1] + REASON]


def _session(game: str, players: int, tmp_path) -> PlaySession:
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    return PlaySession(Match(load_game(game, players), 1), 0, {s: "random" for s in range(1, players)},
                       "random", tmp_path / "g.json", console)


def _shown(session, events: list[str], rows: int) -> str:
    session.events, session.human_moved = list(events), True
    session.console.file.seek(0), session.console.file.truncate()
    session.console.print(session._recent_events(rows))
    return " ".join(session.console.file.getvalue().split())


def test_a_move_played_for_you_in_your_own_turn_is_on_the_screen(tmp_path):
    """Garden: the throw style left as the only one, and the last card of the hand, are played
    for the player; with a few rows they are shown before the other seats' moves (after Blue's
    catch, which changes a score)."""
    session = _session("garden", 2, tmp_path)
    for rows in range(6, 10):
        screen = _shown(session, GARDEN, rows)
        assert "you: throw it spinning" in screen and "you: play Rambee" in screen, (rows, screen)


def test_a_move_played_for_you_in_another_seat_s_turn_comes_last(tmp_path):
    """A lone "no reaction" in another seat's turn is what the player least needs to see: with
    three rows of events it gives way to the other seats' moves."""
    session = _session("guerilla", 4, tmp_path)
    screen = _shown(session, GUERILLA, 4)
    assert "you: no reaction" not in screen and "P2: end the turn" in screen, screen


def test_the_screen_gives_a_move_played_for_you_a_short_note_and_events_the_reason(tmp_path):
    """On the main screen the note is "(your only legal move: played for you)", not the whole
    decision note repeated; `events` still gives the game's reason."""
    session = _session("guerilla", 4, tmp_path)
    screen = _shown(session, GUERILLA, 12)
    assert "you: deploy the group as Government (your only legal move: played for you)" in screen, screen
    assert "Pick the cards one by one" not in screen
    session.console = Console(file=io.StringIO(), width=80, color_system=None)    # no pager
    session.show_events()
    assert "Pick the cards one by one" in session.console.file.getvalue()
