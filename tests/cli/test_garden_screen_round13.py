"""Garden Guerrilla as a newcomer read it in a whole 3-player game at 100x40 (l.N: line N of
rules/garden_guerrilla.txt): aims typed as the events write them, ..."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.cli.views import garden as view
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import landing_id
from tests.cli.test_garden_newcomer import BLUE, RED, _game, _play, _screen


# ---------------------------------------------------------------- an aim at a point, typed short
@pytest.mark.parametrize("width, height", [(100, 40), (80, 24)])
def test_an_aim_at_a_point_is_typed_as_the_events_write_it_or_shorter(width, height, tmp_path):
    """l.28 "a player must choose one card from their hand and play it"; the aim points are
    core/games/garden/RULES.md's reading (Your turn). The events write "you: aim at point 36
    (506, 263) mm"; a newcomer typed "aim at point 44" and "point 44" and was refused. The
    number after "point" decides, and the menu says how to type it."""
    game, match = _game()
    match.apply(A.card + game.data.insect("Snailper"))
    aim = A.aim_grid + 8 * 4 + 3                              # move 36, at (506, 263) mm
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    session = PlaySession(match, RED, {BLUE: "random"}, "random", tmp_path / "g.json", console)
    for typed in ("aim at point 36", "point 36", "Point 36", "aim at point 36 (506, 263) mm", "36"):
        assert session.parse_move(typed) == aim, typed
    for typed in ("point 0", "point 65", "aim at point"):
        assert session.parse_move(typed) is None, typed
    s = match.state
    menu = " ".join(_screen(view.moves(s.observation(RED), RED, [s.action_to_string(a) for a in s.legal_actions()]),
                            width, height).split())
    assert '"point 12"' in menu, menu


# ---------------------------------------------------------------- the last play's level
@pytest.mark.parametrize("where, said, short", [
    ((800, 490), ", on mushroom 1's hat", ", on hat 1"),
    ((800, 420), ", on the table, partly under mushroom 1's hat", ", partly under hat 1"),
    ((899, 490), ", on the table beside mushroom 1", ", beside mushroom 1"),
    ((450, 300), ", on the table", ", on the table"),
])
def test_the_last_play_says_on_which_level_the_card_rests(where, said, short):
    """l.62 "Attacks from insects that landed on top of a Mushroom affect the board below; on
    the other hand, Insects on the board can't shoot Insects on top of the Mushroom": the
    event says "on the table, partly under mushroom 1's hat"; the "Last:" line beside the
    table said only "landed @ (141, 488) ... 57 mm from its aim". It says it too, on every
    screen."""
    game, match = _game()
    _play(game, match, "Skorpio", land=landing_id(*where))
    obs = match.state.observation(BLUE)
    assert view.last_throw(obs, BLUE).plain.endswith(said)
    assert view.last_throw(obs, BLUE, short=True).plain.endswith(short)
    for size, board, words in (((100, 40), view.FULL_BOARD, said), ((80, 24), view.COMPACT_BOARD, short)):
        assert words.removeprefix(", ") in _side(_screen(view.render(obs, BLUE), *size), board)


def _side(screen: str, board: tuple[int, int]) -> str:
    """The column beside the table drawing of `board` cells, its lines joined."""
    return " ".join(" ".join(line[board[0] + 3:] for line in screen.splitlines()).split())
