"""Garden Guerrilla as newcomers read it in round 14 of play (l.N: line N of
rules/garden_guerrilla.txt): a stack of cards at one point, on the screen and in the
picture, a drop near a hat's edge, the reach of an explosion and of the explosion points, the
column beside the table, and the aim points under codes at 80x24."""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from rich.console import Console

from partisan.cli.console import apply_narrated
from partisan.cli.play.session import PlaySession
from partisan.cli.views import garden as view
from partisan.cli.views.garden_svg import svg
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import grid_point, landing_id
from tests.cli.test_garden_newcomer import BLUE, RED, SVG, _game, _o, _play, _screen, _skip


def _ladygun_on_grasshopper():
    """Blue's Ladygun aimed at its own Grasshopper San lands on it, at (662, 139) mm."""
    game, match = _game(hands={1: ["Grasshopper San", "Ladygun", "Snailper", "Firefly", "Skorpio"]})
    _skip(game, match, "Firefly")
    _play(game, match, "Grasshopper San", land=landing_id(662, 139))
    _skip(game, match, "Skorpio")
    s = match.state
    apply_narrated(match, A.card + game.data.insect("Ladygun"), RED)
    apply_narrated(match, next(a for a in s.legal_actions() if s.action_to_string(a) == "aim at Blue Grasshopper San"),
                   RED)
    apply_narrated(match, A.orient + 0, RED)
    apply_narrated(match, landing_id(662, 139), RED)
    return match


@pytest.mark.parametrize("size, screen", [(view.FULL_BOARD, (100, 40)), (view.COMPACT_BOARD, (80, 24))])
def test_a_card_on_another_at_one_point_reads_as_a_stack(size, screen):
    """l.70 "If it is not possible to determine which card is hit by a group effect of several
    cards (for example: cards overlapping ...)": two cards may lie at one point. A newcomer
    read Blue's Ladygun landed on its Grasshopper San, drawn "lg@gh", as two cards side by
    side. Their codes are one token, the top one first, "lg/gh", and the column beside the
    table says what the "/" means."""
    obs = _ladygun_on_grasshopper().state.observation(RED)
    board = view.Board(obs, *size)
    assert "lg/gh" in board.draw().plain
    text = " ".join(_screen(view.render(obs, RED), *screen).split())
    assert "lg/gh: stacked, the top one first" in text, text


def test_the_picture_writes_a_stack_as_the_screen_does():
    """l.70 "If it is not possible to determine which card is hit by a group effect of several
    cards (for example: cards overlapping ...)": Blue's Ladygun lies on its Grasshopper San at
    one point. The picture wrote the two codes one over the other; it writes one code, the
    top one first, as the screen does ("Lg/Gh"), and its legend says what the "/" means."""
    root = ET.fromstring(svg(_ladygun_on_grasshopper().state.observation(RED)))
    codes = [t.text for g in root.iter(f"{SVG}g") if g.get("class") == "code" for t in g.iter(f"{SVG}text")]
    assert codes.count("Lg/Gh") == 1 and "Lg" not in codes and "Gh" not in codes, codes
    assert "Lg/Gh: stacked, the top one first" in [t.text for t in root.iter(f"{SVG}text")]


# ---------------------------------------------------------------- a drop near a hat's edge
@pytest.mark.parametrize("width, height, said", [(100, 40, "31 mm inside its edge: a miss of more than 31 mm that way"
                                                  " lands it on the table"),
                                                 (80, 24, "31 mm in from its edge: a longer miss that way lands off"
                                                  " it")])
def test_a_drop_on_a_hat_says_how_far_in_from_the_hats_edge_it_rests(width, height, said):
    """l.33 "Vertical Drop: Drop the card on the table holding the arm perpendicular to your
    body" (it lands near the aim), l.62 "Attacks from insects that landed on top of a Mushroom
    affect the board below; on the other hand, Insects on the board can't shoot Insects on top
    of the Mushroom". A newcomer's Firefly aimed at Blue's Scrabblezooka 24 mm from the hat's
    centre was told "it rests on hat 1", landed 39 mm off and rested on the table. The
    orientation screen says how far inside the hat's 55 mm edge the aim is."""
    game, match = _game(hands={1: ["Scrabblezooka", "Ladygun", "Snailper", "Firefly", "Skorpio"]})
    hat = next(e for e in match.state.observation(RED)["elements"] if e["kind"] == "mushroom")
    match.state._put(_o(game, BLUE, "Scrabblezooka"), round(hat["x"]) + 24, round(hat["y"]), 0, False, 1)
    s = match.state
    match.apply(A.card + game.data.insect("Firefly"))
    match.apply(next(a for a in s.legal_actions() if s.action_to_string(a) == "aim at Blue Scrabblezooka"))
    obs = s.observation(RED)
    menu = " ".join(_screen(view.moves(obs, RED, [s.action_to_string(a) for a in s.legal_actions()]),
                            width, height).split())
    assert said in menu, menu


# ---------------------------------------------------------------- an explosion's reach
@pytest.mark.parametrize("size", [view.FULL_BOARD, view.COMPACT_BOARD])
def test_an_explosion_is_drawn_on_every_cell_it_reaches_into(size):
    """l.52 Firefly: "Place the explosion card in close contact with all sides (same
    orientation). All the enemy cards that are covered by the explosion card are hit." A
    newcomer's Ladygun, caught by a corner of Green's explosion at (547, 271) mm turned 165°,
    lay two rows above the drawn blast: the cells the corner reached into had no "*", so the
    catch could not be checked on the table. Every cell the explosion card reaches into is
    drawn."""
    game, match = _game()
    obs = match.state.observation(RED)
    blast = {"x": 547, "y": 271, "angle": 165, "width": 126, "height": 176, "seat": BLUE}
    obs["explosions"] = [blast]
    board = view.Board(obs, *size)
    drawn = board.draw().plain
    for x, y in view.corners(blast["x"], blast["y"], blast["angle"], blast["width"], blast["height"]):
        col, row = board.cell(x, y)
        assert board.chars[row][col] == view.EXPLOSION[0], ((x, y), drawn)


# ---------------------------------------------------------------- the column beside the table
def test_the_column_beside_the_table_stays_within_its_frame_at_100x40():
    """l.28 "During their turn, a player must choose one card from their hand and play it": at
    100x40, on Red's turn with a card to throw, the column beside the table ran three rows
    below the table's frame when the "Last:" note was long (Blue's Ladygun landed on its
    Grasshopper San, partly under mushroom 1's hat). Where in full it would not fit, the
    column is told in brief, the last play kept."""
    game, match = _game(hands={0: ["Firefly", "Scrabblezooka", "Chemic", "Skorpio", "Rambee"]})
    hat = next(e for e in match.state.observation(RED)["elements"] if e["kind"] == "mushroom")
    x, y = round(hat["x"]) - 70, round(hat["y"])
    _skip(game, match, "Firefly")
    match.state._put(_o(game, BLUE, "Grasshopper San"), x, y, 180)
    s = match.state
    apply_narrated(match, A.card + game.data.insect("Ladygun"), RED)
    apply_narrated(match, next(a for a in s.legal_actions() if s.action_to_string(a) == "aim at Blue Grasshopper San"),
                   RED)
    apply_narrated(match, A.orient + 4, RED)
    apply_narrated(match, landing_id(x, y, 90), RED)
    out = _screen(view.render(s.observation(RED), RED), 100, 40)
    frame = view.FULL_BOARD[1] + 2
    assert len(out.splitlines()) == frame and "Last:" in out, out


# ---------------------------------------------------------------- the explosion points' reach
def _zooka_at_its_points():
    """Red's Scrabblezooka placed upright at (394, 263) mm, Blue's Skorpio on its line: Red
    chooses where along the line its explosion goes."""
    game, match = _game(hands={RED: ["Scrabblezooka", "Snailper", "Firefly", "Skorpio", "Spiderchute"]})
    match.apply(A.card + game.data.insect("Scrabblezooka"))
    match.apply(A.aim_grid + 3 * 8 + 3)
    match.apply(A.orient)
    match.state._put(_o(game, BLUE, "Skorpio"), 394, 480)
    match.apply(landing_id(394, 263))
    return match


@pytest.mark.parametrize("size", [view.FULL_BOARD, view.COMPACT_BOARD])
def test_each_explosion_point_shows_where_its_explosion_card_reaches(size):
    """l.57 SCRABBLEZOOKA: "Draw a perpendicular line from the crosshair on this card. Place
    the explosion card in one point of your choice centered on this line. All the enemy cards
    that are covered by the explosion card are hit." A newcomer choosing the point saw only
    the numbers on the line, not where the explosion card would lie. Every cell that any
    point's explosion card reaches into is dotted (as a landed explosion's cells are starred),
    but those holding a code or a number."""
    obs = _zooka_at_its_points().state.observation(RED)
    assert obs["phase"] == "blast"
    board = view.Board(obs, *size)
    drawn = board.draw(preview=True).plain
    reached = 0
    for item in obs["preview"]:
        blast = item["blast"]
        for col, row, _, _ in board.cells():
            if (col, row) not in board.kept and view.overlaps(blast["x"], blast["y"], blast["angle"], blast["width"],
                                                              blast["height"], board.box(col, row)):
                assert board.chars[row][col] == view.PREVIEW_MARK, ((col, row), drawn)
                reached += 1
    assert reached


# ---------------------------------------------------------------- aim points under codes at 80x24
def test_at_80x24_an_aim_point_under_a_code_is_named_in_the_aim_list():
    """l.34 "Secure Placement: Put the card on the table as you like, but you cannot move other
    cards": any of the 64 points may be aimed at. At 80x24 a number a card's code lies over
    was named nowhere (at 100x40 the list's note names it), so a newcomer could not tell which
    point lay under the card. Each is an item of the aim list, before the other aims:
    "10. under sk"; typed so, it aims at that point."""
    game, match = _game()
    for name, point in (("Skorpio", 9), ("Ladygun", 24), ("Snailper", 33)):
        match.state._put(_o(game, BLUE, name), *map(round, grid_point(game.data.table, point)))
    s = match.state
    match.apply(A.card + game.data.insect("Snailper"))
    obs = s.observation(RED)
    board = view.Board(obs, *view.COMPACT_BOARD)
    board.draw(aim_numbers=True)
    assert {10, 25, 34} <= set(board.undrawn)
    listed = _screen(view.moves(obs, RED, [s.action_to_string(a) for a in s.legal_actions()]), 80, 24)
    for number, why in board.undrawn.items():
        assert re.search(rf"(?<!\d){number}\. {re.escape(why)}", listed), (number, listed)
    assert "10. under sk" in listed and "25. under lg" in listed and "34. under sn" in listed, listed
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    assert PlaySession(match, RED, {BLUE: "random"}, "random", None, console).parse_move("under sk") == A.aim_grid + 9


def test_at_80x24_a_cut_aim_list_keeps_the_named_aims_before_the_hidden_points():
    """l.61 "For each Mushroom, whoever placed more Insects on top of it at the end of the game
    gains 1 Victory Point": a mushroom, like a card, is an aim named in the list. Where the
    aim list is cut to fit the screen, it keeps the named aims before the points under codes,
    which the table's own numbers stand near."""
    game, match = _game()
    for name, point in (("Skorpio", 9), ("Ladygun", 24), ("Snailper", 33)):
        match.state._put(_o(game, BLUE, name), *map(round, grid_point(game.data.table, point)))
    match.apply(A.card + game.data.insect("Snailper"))
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    session = PlaySession(match, RED, {BLUE: "random"}, "random", None, console)
    cut = " ".join(_screen(session._fitted(session.moves(), 5), 80, 24).split())
    shown = [int(n) for n in re.findall(r"(?<![\d(])(\d+)\. ", cut)]
    assert "more moves" in cut and shown == list(range(65, 65 + len(shown))), cut      # the named aims first
