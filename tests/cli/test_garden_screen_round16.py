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


# Red's whole turn, as Blue saw it in the 17th round's 3-player game (seed 1720): the card and
# its aim were left out, "Red: turned 90°" kept.
RED_TURN = ["Red: play Chemic", "Red: aim at mushroom 1", "Red: turned 90°",
            Chance("Red's Chemic lands at (500, 300) mm, 90°, face up, on mushroom 1's hat"),
            Consequence("Mushroom 1: Red has the most face-up insects on its hat (+1 VP while it lasts)")]


def _summary(events: list, rows: int, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, height=24, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("garden"), 1621), 1, {0: "random"}, "random", None, console)
    session.events, session.human_moved = list(events), True
    console.print(session._recent_events(rows))
    return console.file.getvalue()


def test_a_card_s_orientation_gives_way_to_the_card_and_its_aim():
    """l.28: "During their turn, a player must choose one card from their hand and play it." With
    room for the outcome and one move, the move kept is the card played or its aim, not its
    orientation, which says only how it was laid."""
    shown = _summary(RED_TURN, 5)
    assert "turned 90°" not in shown and ("play Chemic" in shown or "aim at mushroom 1" in shown), shown


def test_a_score_moved_by_a_line_left_out_is_said():
    """l.41-l.47: the points each seat counts. At 80x24 Red went from 0 to 1 VP with no line on
    the screen: when the summary leaves out a line that scored, a line says whose points moved
    since the player's last move, as the table names them."""
    from partisan.core.games.garden.headlines import scoreboard
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("garden"), 1621), 1, {0: "random"}, "random", None, console)
    now = scoreboard(session.state.observation(1), 1)
    assert now == {"Red": 0, "you": 0}
    session.scores_then = {"Red": -3, "you": -1}         # the points scored since Blue's last move
    session.events, session.human_moved = [
        "you: play Ladygun", Consequence("Your Ladygun catches ant 2: Blue +1 VP"), *RED_TURN[:4],
        Consequence("Red Chemic catches ant 1: Red +1 VP"), Consequence("Red Chemic catches ant 3: Red +1 VP"),
        Consequence("Red Chemic catches ant 4: Red +1 VP")], True
    console.print(session._recent_events(4))
    shown = console.file.getvalue()
    assert "scores: Red +3, you +1 (`events` for how)" in shown and shown.count(" VP") == 2, shown


def test_an_angle_typed_without_its_degree_sign_is_the_orientation():
    """l.51: "Draw a perpendicular line from the crosshair on this card". The menu lists each
    orientation by its angle ("13. 270°: catches nothing"); a newcomer typed "270" and read
    "There is no move 270". A number beyond the menu's that begins one move as listed is that
    move; one that begins none is still refused."""
    from tests.cli.test_garden_newcomer import RED, _orienting
    _, match = _orienting()
    console = Console(file=io.StringIO(), width=100, height=40, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(match, RED, {1: "random"}, "random", None, console)
    state = session.state
    down = state.legal_actions()[[state.action_to_string(a) for a in state.legal_actions()].index("turned 270°")]
    assert session.parse_move("270") == down
    assert session.parse_move("271") is None and "There is no move 271" in console.file.getvalue()


def test_a_drop_aimed_near_the_table_s_edge_says_a_miss_may_fall_off():
    """l.36: "If an Insect card falls off from the table, its owner must put it in his "Bounty".
    This is a penalty". A Skorpio dropped 38 mm inside the bottom edge fell off for -1 and lost
    the game by one point; the menu had warned of a hat's edge, never the table's. Within two
    typical misses of the edge, the orientation step says how far in the card would land."""
    from tests.cli.test_garden_newcomer import A, RED, _orienting
    from partisan.cli.views import garden as view
    for aim, warned in ((A.aim_grid + 0, True), (A.aim_grid + 3, False)):     # (56, 38) and (56, 263) mm
        _, match = _orienting("Skorpio", aim=aim)
        obs = match.state.observation(RED)
        texts = [match.state.action_to_string(a) for a in match.state.legal_actions()]
        for width, height, said in ((80, 24, "38 mm in from the table's edge: a longer miss that way falls off"),
                                    (100, 40, "It would land 38 mm inside the table's edge: a miss of more than "
                                              "38 mm that way falls off the table into your Bounty (-1 VP)")):
            console = Console(file=io.StringIO(), width=width, height=height, color_system=None,
                              legacy_windows=False)
            console.print(view.moves(obs, RED, texts))
            shown = " ".join(console.file.getvalue().split())
            assert (said in shown) == warned, shown
