"""Garden Guerrilla's screen says what a play may do, no more: how far a card strays and turns
(typical figures, not limits), what an orientation catches only if the card lands as aimed,
each number drawn on its own spot or not at all, and the column beside the table no taller
than the table (l.N: line N of rules/garden_guerrilla.txt)."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from partisan.cli.views import garden as view
from partisan.core import RandomState, load_game
from partisan.core.games.garden.state import ACTIONS as A, OBJECTS
from partisan.core.games.garden.view import HANDS, grid_point, landing_id
from partisan.core.noise import PLACEMENTS
from partisan.core.record import Match

RED, BLUE = 0, 1
# A mushroom near the middle, a bush, then the toad and the ants (2 players, l.18).
SPOTS = [(700, 150), (300, 450), (180, 110), (560, 370), (840, 250)]
HAND = ["Snailper", "Chemic", "Firefly", "Scrabblezooka", "Laserfly"]
RULES = Path(view.__file__).resolve().parents[2] / "core" / "games" / "garden" / "RULES.md"


def _game(players=2):
    """A match after a fixed set-up, Red to choose a card of HAND."""
    game = load_game("garden", players=players)
    match = Match(game, 0)
    spots = iter(SPOTS + [(100 + 150 * k, 560) for k in range(6)])
    while match.state.observation(RED)["phase"] in ("element", "enemy"):
        match.apply(landing_id(*next(spots)))
    for _ in range(players):
        match.apply(HANDS.index(sum(1 << game.data.insect(n) for n in HAND)))
    return game, match


def _to(match, *actions):
    for a in actions:
        match.apply(a)
    return match.state.observation(RED)


def _screen(renderable, width, height) -> str:
    out = io.StringIO()
    Console(file=out, width=width, height=height, force_terminal=True, color_system=None).print(renderable)
    return out.getvalue()


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _moves(match, width=100, height=40) -> str:
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    return _flat(_screen(view.moves(s.observation(RED), RED, texts), width, height))


# ---------------------------------------------------------------- how a card strays
def test_the_scatter_is_a_typical_miss_not_a_limit():
    """l.32 "Spinning Throw", l.33 "Vertical Drop": the rulebook leaves the dexterity to the
    players; the screen's figures are one standard deviation (noise.toml), so they are said
    as a typical miss, along the throw and aside, that cards often exceed, and a dropped
    card's turn from the angle chosen likewise."""
    game, match = _game()
    thrown = view.spread("throw", {"along": 70.0, "across": 35.0, "slide": 25.0, "face_down": 0.15,
                                   "spin": True, "turn": 0.0, "by_distance": True})
    assert "typical miss ~70 mm along the throw and ~35 mm aside" in thrown and "often" in thrown
    assert "within" not in thrown and "±" not in thrown
    aim = _to(match, A.card + game.data.insect("Chemic"))
    orient = _to(match, A.aim_hat)
    for obs in (aim, orient):
        for short in (False, True):         # 100x40, 80x24
            text = _flat(view.thrower(obs, RED, short).plain)
            assert "typical miss ~20 mm" in text and "turn ~25°" in text and "often more" in text, text
            assert "within" not in text


def test_a_drops_distance_is_shown_on_no_screen():
    """l.33 "Drop the card on the table holding the arm perpendicular to your body": the hand
    is over the aim, so a drop strays alike at any distance and no screen gives one (the aim
    screen measured to the middle, the orientation screen to the aim: two figures for one
    card); a throw's figures are from the nearest aim point to the farthest (l.32)."""
    game, match = _game()
    aim = _to(match, A.card + game.data.insect("Chemic"))
    orient = _to(match, A.aim_hat)
    for obs in (aim, orient):
        for size in ((100, 40), (80, 24)):
            text = _flat(_screen(view.render(obs, RED), *size))
            assert not re.search(r"\d+ cm", text), text
    game, match = _game()
    obs = _to(match, A.card + game.data.insect("Laserfly"))
    assert "thrown 15-77 cm" in view.thrower(obs, RED, short=True).plain     # the line at 80x24


def test_a_drops_preview_is_for_the_card_landing_as_aimed():
    """l.33 a dropped card strays and turns as it falls: what each orientation would catch,
    on every screen, is said to be the catch if the card lands as aimed; a placed card
    (l.34 "Put the card on the table as you like") lands so, and its list says no more."""
    for beside in (None, 110):          # every choice catches nothing; some catch Blue's Skorpio
        game, match = _game()
        x, y = grid_point(game.data.table, 3 * 8 + 4)
        if beside:
            match.state._put(OBJECTS["insect"] + 10 * BLUE + game.data.insect("Skorpio"), x + beside, y)
        _to(match, A.card + game.data.insect("Firefly"), A.aim_grid + 3 * 8 + 4)
        for size in ((100, 40), (80, 24)):
            listed = _moves(match, *size)
            assert "if it lands as aimed" in listed.lower(), listed
            assert bool(re.search(r"Blue Skorpio \(\+1\)|sk \+1", listed)) == bool(beside), listed
            for every in re.finditer("every choice", listed, re.I):
                assert "as aimed" in listed[max(0, every.start() - 40):every.start()], listed
    game, match = _game()
    _to(match, A.card + game.data.insect("Snailper"), A.aim_hat)
    for size in ((100, 40), (80, 24)):
        assert "as aimed" not in _moves(match, *size)


def test_the_rules_notes_give_a_drops_turn_as_typical():
    """l.33 "Vertical Drop": the rules notes say that a dropped card may turn from the angle
    chosen, by the typical figure of noise.toml (an average hand), not as a limit."""
    turn = load_game("garden").data.noise.placements[PLACEMENTS.index("drop")].turn
    text = RULES.read_text()
    drop = _flat(text[text.index("- A dropped card"):text.index("- A thrown card")])
    assert f"typically by about {turn:.0f}°" in drop and "up to" not in drop, drop


# ---------------------------------------------------------------- numbers on the table
def _numbers(board, style) -> list[tuple[int, int, int, int]]:
    """(number, row, first column, last column) of every number drawn in `style`."""
    found = []
    for row in range(board.rows):
        col = 0
        while col < board.cols:
            if board.chars[row][col].isdigit() and board.styles[row][col] == style:
                end = col
                while end + 1 < board.cols and board.chars[row][end + 1].isdigit() \
                        and board.styles[row][end + 1] == style:
                    end += 1
                found.append((int("".join(board.chars[row][col:end + 1])), row, col, end))
                col = end
            col += 1
    return found


def _on_their_spots(board, style, spots: dict) -> None:
    """Every number drawn covers the cell of one of its own points; none is drawn twice."""
    drawn = _numbers(board, style)
    assert len({n for n, *_ in drawn}) == len(drawn), drawn
    for number, row, first, last in drawn:
        cells = {board.nearest_cell(*p) for p in spots[number] if 0 <= p[0] <= board.w and 0 <= p[1] <= board.h}
        assert any(r == row and first <= c <= last for c, r in cells), (number, row, first, last, cells)


@pytest.mark.parametrize("size", [view.FULL_BOARD, view.COMPACT_BOARD])
def test_aim_numbers_sit_on_their_points_or_are_left_out(size):
    """The aim points are moves 1-64 (each "aim at" a point, RULES.md "Your turn"): a number
    beside a piece that leaves it no room on its point is left out, never moved aside, where
    it would seem to stand for another spot; the menu still lists every aim."""
    game, match = _game()
    s = match.state
    for i, name in enumerate(["Ladygun", "Spiderchute", "Skorpio"]):
        x, y = grid_point(game.data.table, 8 * (2 * i + 1) + 3)
        s._put(OBJECTS["insect"] + 10 * BLUE + game.data.insect(name), x + 30, y)
    obs = _to(match, A.card + game.data.insect("Chemic"))
    board = view.Board(obs, *size)
    board.draw(aim_numbers=True)
    _on_their_spots(board, view.AIM_NUMBER_STYLE,
                    {n: [grid_point(game.data.table, n - 1)] for n in range(1, 65)})


@pytest.mark.parametrize("size", [view.FULL_BOARD, view.COMPACT_BOARD])
@pytest.mark.parametrize("card, aim, step", [("Chemic", A.aim_hat, None), ("Firefly", A.aim_hat, None),
                                             ("Snailper", A.aim_hat, None), ("Scrabblezooka", A.aim_hat, "blast"),
                                             ("Firefly", A.aim_grid + 3 * 8, None)])
def test_choice_numbers_sit_on_their_spots_or_are_left_out(size, card, aim, step):
    """l.51-l.57 the lines, explosions and footprints each orientation or explosion point
    would give: its number is drawn where its line ends, at its explosion point or where it
    turns the card's top, or not at all (the list under the table names every choice), never
    crowded aside onto another choice's spot; a spot off the table has none (a card aimed at
    the table's edge)."""
    game, match = _game()
    obs = _to(match, A.card + game.data.insect(card), aim)
    if step == "blast":
        obs = _to(match, A.orient + 2, landing_id(700, 150, 45))
        assert obs["phase"] == "blast"
    board = view.Board(obs, *size)
    board.draw(preview=True)
    spots = {}
    for number, point in board.choice_points(obs["preview"]):
        spots.setdefault(number, []).append(point)
    assert spots
    _on_their_spots(board, view.PREVIEW_NUMBER_STYLE, spots)


# ---------------------------------------------------------------- the column beside the table
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_column_beside_the_table_is_no_taller_than_the_table(players):
    """At 80x24 everything beside the table (whose turn, scores, hand, scatter, last play,
    legend) stays within the table's frame through a whole game (l.28-l.29: every card of
    both rounds), the legend giving up its rows first."""
    game = load_game("garden", players=players)
    match, rng = Match(game, 3), RandomState(3)
    most = view.COMPACT_BOARD[1] + 2
    while not match.state.is_terminal():
        s = match.state
        for q in range(players):
            lines = _screen(view.render(s.observation(q), q), 80, 24).rstrip("\n").split("\n")
            assert len(lines) <= most, "\n".join(lines)
        if s.is_chance_node():
            match.apply(s.sample_chance(rng))
        else:
            match.apply(s.legal_actions()[rng.randint(len(s.legal_actions()))])


def test_the_last_play_says_how_far_it_landed_from_its_aim_at_80x24():
    """l.33 a drop lands near its aim, l.34 a placed card on it: on a small screen the last
    play is said shortly, by how far from its aim (+) it landed (@), so that it fits beside
    the table; in full, both points."""
    game, match = _game()
    x, y = grid_point(game.data.table, 3 * 8 + 4)
    obs = _to(match, A.card + game.data.insect("Chemic"), A.aim_grid + 3 * 8 + 4, A.orient,
              landing_id(x + 30, y + 40))
    assert "Last: Red Ch @ 50 mm from its aim +, 0°" in view.last_throw(obs, RED, short=True).plain
    assert f"aimed + ({x}, {y}), landed @ ({x + 30}, {y + 40}) 0°" in view.last_throw(obs, RED).plain
    x, y = grid_point(game.data.table, 5 * 8 + 4)
    obs = _to(match, A.card + game.data.insect("Snailper"), A.aim_grid + 5 * 8 + 4, A.orient,
              landing_id(x, y))
    assert "Last: Blue Sn @ on its aim +" in view.last_throw(obs, RED, short=True).plain
