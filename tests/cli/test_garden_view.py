"""Garden Guerrilla's screen and picture: the table drawn in character cells and as SVG, each
card where the state says (checked against the compiled geometry, core/geometry.pxd)."""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from rich.console import Console

from partisan.cli.svg import Picture
from partisan.cli.views import garden as view
from partisan.cli.views.garden_svg import MARGIN, svg
from partisan.core import OptionError, load_game
from partisan.core.record import load
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import HANDS, landing_id
from partisan.core.testing import geometry_api as geo

RED, BLUE = 0, 1
FIREFLY, SKORPIO, GRASSHOPPER = 3, 5, 7          # insect types (garden.toml order)
TOAD, GOODIE = 0, 6


def insect(seat, t):
    return 8 + 10 * seat + t


def table(players=2):
    """A game after a fixed set-up (elements and enemies far apart), Red to choose a card."""
    game = load_game("garden", players=players)
    s = game.new_initial_state(0)
    spots = iter([(800, 490), (800, 110), (60, 540), (60, 60), (200, 60), (200, 540), (340, 60),
                  (340, 540), (600, 60), (600, 540)])
    while s.observation(RED)["phase"] in ("element", "enemy"):   # elements, then enemies (l.21)
        s.apply_action(landing_id(*next(spots)))
    for _ in range(players):
        s.apply_action(HANDS.index(0b0001101011))      # Ladygun, Snailper, Firefly, Skorpio, Spiderchute
    return game, s


def placed(s, o):
    """(x, y, angle, width, height, layer) of object o, as geometry_api takes a card."""
    ob = s._table()["obj"][o]
    w, h = s._table()["card_w"], s._table()["card_h"]
    return ob["pose"]["x"], ob["pose"]["y"], ob["pose"]["angle"], w, h, ob["layer"]


def test_a_card_fills_exactly_the_cells_whose_centres_it_holds():
    """Each cell shows the card holding the cell's centre; a turned card at its pose."""
    game, s = table()
    s._put(insect(BLUE, SKORPIO), 450, 300, half_degrees=2 * 30)
    board = view.Board(s.observation(RED), 60, 22)
    board.draw()
    spec = placed(s, insect(BLUE, SKORPIO))
    inside = {(col, row) for col, row, x, y in board.cells() if geo.contains(spec, x, y)}
    shown = {(col, row) for row in range(22) for col in range(60) if board.owner[row][col] == insect(BLUE, SKORPIO)}
    assert len(inside) > 6 and shown == inside
    assert board.styles[next(iter(shown))[1]][next(iter(shown))[0]] == view.SEAT_STYLES[BLUE]
    col, row = board.cell(450, 300)
    assert board.owner[row][col] == insect(BLUE, SKORPIO)
    labelled = [(c, r) for r in range(22) for c in range(59) if board.chars[r][c:c + 2] == ["s", "k"]]
    assert len(labelled) == 1 and labelled[0] in shown


def test_the_top_card_shows_where_cards_overlap():
    """A later card lies above (its layer): the cells they share show it; face down is hatched."""
    game, s = table()
    s._put(insect(BLUE, SKORPIO), 450, 300)
    s._put(insect(RED, GRASSHOPPER), 470, 320, face_down=True)
    board = view.Board(s.observation(RED), 60, 22)
    board.draw()
    col, row = board.cell(460, 310)
    assert board.owner[row][col] == insect(RED, GRASSHOPPER)
    assert board.chars[row][col] in (view.FACE_DOWN_FILL, *"Gh")
    col, row = board.cell(430, 260)         # Blue's corner left uncovered
    assert board.owner[row][col] == insect(BLUE, SKORPIO)


def skorpio_landed() -> dict:
    """Red's observation after its Skorpio, aimed at (394, 263), landed at (420, 280), 10°."""
    game, s = table()
    s.apply_action(A.card + SKORPIO)
    s.apply_action(A.aim_grid + 3 * 8 + 3)              # (394, 263)
    s.apply_action(A.orient)
    s.apply_action(landing_id(420, 280, 10))
    return s.observation(RED)


def test_elements_enemies_aim_and_landing_are_marked():
    obs = skorpio_landed()
    board = view.Board(obs, 60, 22)
    text = board.draw().plain
    col, row = board.cell(394, 263)
    assert board.chars[row][col] == view.AIM_MARK[0]
    col, row = board.cell(420, 280)
    assert board.chars[row][col] == view.LANDING_MARK[0]
    col, row = board.cell(800, 110)                     # the bush (element 2)
    assert board.chars[row][col] == view.ELEMENT_MARKS["bush"][0]
    assert "T1" in text and "A1" in text and "G1" in text


def test_the_last_throw_says_how_far_from_its_aim_it_landed():
    """Aimed at (394, 263), landed at (420, 280): 31 mm away (the hypotenuse of 26 and 17),
    said in the long form too, so no one has to subtract the coordinates."""
    obs = skorpio_landed()
    assert "landed @ (420, 280) 10°, 31 mm from its aim" in view.last_throw(obs, RED).plain
    assert "@ 31 mm from its aim +" in view.last_throw(obs, RED, short=True).plain


def test_the_reference_says_where_the_coordinates_start():
    """Every place is given in mm: the reference says from which corner and which way."""
    text = " ".join(_screen(view.reference(load_game("garden")), 100, 200))
    assert "Places are in mm from the table's bottom-left corner as drawn: x to the right, y up." in " ".join(text.split())


def _screen(renderable, width, height) -> list[str]:
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, force_terminal=True, color_system=None)
    console.print(renderable)
    return out.getvalue().rstrip("\n").split("\n")


@pytest.mark.parametrize("width, height, most", [(100, 40, 26), (80, 24, 14)])
def test_screen_fits_with_room_for_the_moves(width, height, most):
    """Full at 100x40, compact at 80x24: the table, scores, hand and legend in `most` rows."""
    game, s = table(players=4)
    s._put(insect(BLUE, SKORPIO), 450, 300)
    obs = s.observation(RED)
    lines = _screen(view.render(obs, RED), width, height)
    assert len(lines) <= most and all(len(line) <= width for line in lines)
    screen = "\n".join(lines)
    assert all(c in screen for c in ("Red", "Blue", "Green", "Yellow", "Your turn", "toad", "Goodie"))
    assert ("Skorpio" if width == 100 else " Sk ") in screen       # the hand: names, or codes only
    assert f"{(900 / view.FULL_BOARD[0] if width == 100 else 900 / view.COMPACT_BOARD[0]):.0f}×" in screen


def test_aiming_numbers_the_grid_points_as_the_moves_are_numbered():
    """Move k (1..64) when aiming: its number is drawn at the point its text names."""
    game, s = table()
    s.apply_action(A.card + SKORPIO)
    legal = s.legal_actions()
    obs = s.observation(RED)
    board = view.Board(obs, 60, 22)
    board.draw(aim_numbers=True)
    for number in (1, 29, 64):
        x, y = map(int, re.fullmatch(r"aim at \((\d+), (\d+)\) mm", s.action_to_string(legal[number - 1])).groups())
        col, row = board.cell(x, y)
        assert "".join(board.chars[row][col:col + 2]).strip() == str(number)
    texts = [s.action_to_string(a) for a in legal]
    listed = "\n".join(_screen(view.moves(obs, RED, texts), 80, 24))
    assert "1-64" in listed and "65. toad 1" in listed and "aim at (56, 38)" not in listed
    assert view.moves(obs, BLUE, texts) is None         # not Blue's turn: the plain list
    s.apply_action(A.aim_grid)
    s.apply_action(A.orient)
    s.apply_action(landing_id(450, 300))                # Red's Skorpio on the table
    s.apply_action(A.card + SKORPIO)
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    obs = s.observation(BLUE)
    roomy = "\n".join(_screen(view.moves(obs, BLUE, texts), 100, 40))
    small = "\n".join(_screen(view.moves(obs, BLUE, texts), 80, 24))
    assert "69. Red Skorpio" in roomy and "69. Red Sk" in small and "Skorpio" not in small


def _flat(points):
    return [v for xy in points for v in xy]


def _polygons(doc: str) -> dict[str, list[tuple[float, float]]]:
    root = ET.fromstring(doc)
    ns = "{http://www.w3.org/2000/svg}"
    return {p.get("id"): [tuple(map(float, xy.split(","))) for xy in p.get("points").split()]
            for p in root.iter(f"{ns}polygon") if p.get("id")}


def test_svg_cards_are_where_the_state_says():
    """Every card's polygon has the corners of its pose (compiled geometry), y flipped."""
    game, s = table(players=3)
    s._put(insect(BLUE, SKORPIO), 450, 300, half_degrees=75)
    s._put(insect(2, GRASSHOPPER), 480, 330, face_down=True)
    doc = svg(s.observation(RED))
    root = ET.fromstring(doc)
    w, h = game.data.table
    assert root.get("viewBox") == f"0 0 {w + 2 * MARGIN} {root.get('height')[:-2]}"
    assert root.get("width") == f"{w + 2 * MARGIN}mm"                     # one unit is one mm
    polygons = _polygons(doc)
    on_table = [o for o, ob in enumerate(s._table()["obj"]) if ob["where"] == 1]
    assert sorted(polygons) == sorted(f"obj-{o}" for o in on_table) and len(on_table) == 7
    for o in on_table:
        want = [(MARGIN + x, MARGIN + h - y) for x, y in geo.corners(placed(s, o))]
        assert _flat(polygons[f"obj-{o}"]) == pytest.approx(_flat(want), abs=0.01)
    assert "url(#down2)" in doc and "Green (P3): 0 VP" in doc and "mushroom hat" in doc


def test_an_explosion_card_is_drawn_until_its_player_has_seen_it():
    """Firefly's explosion card, twice a card, around the Firefly in its orientation (l.52),
    is drawn until each player has seen it on his next turn (test_garden_whole_game: only
    on that turn's first screen), on the screen in its player's colour."""
    game, s = table()
    s._put(insect(BLUE, SKORPIO), 455, 305)
    s.apply_action(A.card + FIREFLY)
    s.apply_action(A.aim_grid + 3 * 8 + 3)
    s.apply_action(A.orient)
    s.apply_action(landing_id(450, 300, 40))
    obs = s.observation(RED)
    assert s._table()["obj"][insect(BLUE, SKORPIO)]["holder"] == RED      # caught by it
    [blast] = obs["explosions"]
    assert (blast["seat"], blast["x"], blast["y"], blast["angle"]) == (RED, 450, 300, 40)
    root = ET.fromstring(svg(obs))
    drawn = next(p for p in root.iter("{http://www.w3.org/2000/svg}polygon") if p.get("class") == "explosion")
    pts = [tuple(map(float, xy.split(","))) for xy in drawn.get("points").split()]
    x, y, angle, w, hh, layer = placed(s, insect(RED, FIREFLY))
    big = (x, y, angle, 2 * w, 2 * hh, layer)           # the explosion card: twice a card
    h = game.data.table[1]
    assert _flat(pts) == pytest.approx(_flat((MARGIN + x, MARGIN + h - y) for x, y in geo.corners(big)), abs=0.01)
    board = view.Board(obs, 60, 22)
    board.draw()
    col, row = board.cell(450 + 60, 300)                # inside the explosion, beside the card
    assert board.chars[row][col] == view.EXPLOSION[0]
    assert view.SEAT_INK[RED] in str(board.styles[row][col])    # in its player's colour, told apart
    s.apply_action(A.card + SKORPIO)                    # Blue plays: Red has not seen it yet
    s.apply_action(A.aim_grid)
    s.apply_action(A.orient)
    s.apply_action(landing_id(56, 400))
    assert [b["seat"] for b in s.observation(RED)["explosions"]] == [RED]
    assert s.observation(BLUE)["explosions"] == []      # Blue saw it on its turn
    s.apply_action(A.card + SKORPIO)                    # Red's next card lands: seen, gone
    s.apply_action(A.aim_grid + 7)
    s.apply_action(A.orient)
    s.apply_action(landing_id(56, 500))
    assert s.observation(RED)["explosions"] == [] and s.observation(BLUE)["explosions"] == []


def test_svg_option_refuses_a_game_without_a_picture(tmp_path):
    with pytest.raises(OptionError, match="war has no picture.*garden"):
        Picture(tmp_path / "x.svg", "war")


def test_watch_and_replay_write_the_picture(partisan, tmp_path):
    run = partisan("watch", "garden", "-b", "random", "--seed", "3", "--svg", "t.svg", "--save", "g.json")
    assert run.code == 0
    watched = (tmp_path / "t.svg").read_text()
    assert ET.fromstring(watched).tag.endswith("svg") and _polygons(watched)
    (tmp_path / "t.svg").unlink()
    run = partisan("replay", "g.json", "--svg", "t.svg")
    assert run.code == 0 and (tmp_path / "t.svg").read_text() == watched
    run = partisan("watch", "war", "--seed", "3", "--svg", "w.svg")
    assert run.code != 0 and "war has no picture" in run.text and not (tmp_path / "w.svg").exists()


def test_the_set_up_narration_names_what_is_placed():
    """l.21: the elements, then the natural enemies, each named as it is placed."""
    game = load_game("garden", players=2)
    s = game.new_initial_state(0)
    said = []
    for x, y in [(800, 490), (800, 110), (60, 540), (60, 60), (200, 60)]:
        said.append(s.describe_action(landing_id(x, y), viewer=None))
        s.apply_action(landing_id(x, y))
    assert said == [f"set-up: {name} placed at ({x}, {y}) mm, 0°, face up" for name, (x, y) in
                    zip(["mushroom 1", "bush 1", "toad 1", "ant 1", "ant 2"],
                        [(800, 490), (800, 110), (60, 540), (60, 60), (200, 60)])]


def test_play_keeps_the_picture_up_to_date(partisan, tmp_path):
    """The picture is written before the first move and rewritten to the end of the game."""
    run = partisan("play", "garden", "-b", "random", "--seed", "5", "--svg", "p.svg", input="1\n" * 60)
    assert run.code == 0 and "Result" in run.text
    final = _polygons((tmp_path / "p.svg").read_text())
    match = load(str(tmp_path / "garden-5.json"))
    assert final == _polygons(svg(match.state.observation(0))) and final
