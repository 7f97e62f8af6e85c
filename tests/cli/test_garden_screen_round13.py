"""Garden Guerrilla as a newcomer read it in a whole 3-player game at 100x40 (l.N: line N of
rules/garden_guerrilla.txt): aims typed as the events write them, ..."""
from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.console import Console

from partisan.cli.console import apply_narrated
from partisan.cli.play.session import PlaySession
from partisan.cli.views import garden as view
from partisan.cli.views.garden_svg import MARGIN, svg
from partisan.core import RandomState, load_game
from partisan.core.record import Match
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import grid_point, landing_id
from tests.cli.test_garden_newcomer import BLUE, RED, _game, _o, _play, _screen, _skip


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
    ((450, 300), ", on the table", ", 0°"),                  # short, a mushroom alone is named
])
def test_the_last_play_says_on_which_level_the_card_rests(where, said, short):
    """l.62 "Attacks from insects that landed on top of a Mushroom affect the board below; on
    the other hand, Insects on the board can't shoot Insects on top of the Mushroom": the
    event says "on the table, partly under mushroom 1's hat"; the "Last:" line beside the
    table said only "landed @ (141, 488) ... 57 mm from its aim". It says it too, on every
    screen (at 80x24 only by a mushroom: elsewhere on the table is the rule)."""
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


# ---------------------------------------------------------------- the footprint on a hat
def _numbers(board) -> set[int]:
    return {int(t) for row in board.chars for t in re.findall(r"(?<![A-Za-z\d])\d+(?![A-Za-z\d])", "".join(row))}


def test_an_aim_at_a_card_on_a_hat_draws_the_footprint_the_numbers_and_the_aim():
    """l.56 RAMBEE "Hit all the enemy cards which will touch Rambee during the rest of the
    game", l.33 a drop: a newcomer aimed his Chemic at Blue's Firefly, just landed on a hat
    beside a Rambee. The screen said "The dots show the first choice's footprint; the
    numbers, where each choice turns the card's top", but drew no dots, one number and no X
    (the first choice would be caught as it lands; the Firefly's landing mark held the aim's
    cell). Each is drawn, at both sizes; a number the codes leave no room for is named."""
    hands = {q: ["Chemic", "Snailper", "Firefly", "Rambee", "Spiderchute"] for q in (RED, BLUE)}
    game, match = _game(hands=hands)
    _skip(game, match)
    _play(game, match, "Firefly", aim=A.aim_hat, land=landing_id(770, 456, 77.5))     # on the hat, by the Goodie
    match.state._put(_o(game, BLUE, "Rambee"), 839, 471, 206, False, 1)
    s = match.state
    s.apply_action(A.card + game.data.insect("Chemic"))
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    s.apply_action(s.legal_actions()[texts.index("aim at Blue Firefly")])
    obs = s.observation(RED)
    assert obs["preview"][0]["fate"]["how"] == "arrival"
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    for size, screen in ((view.FULL_BOARD, (100, 40)), (view.COMPACT_BOARD, (80, 24))):
        board = view.Board(obs, *size)
        drawn = board.draw(preview=True).plain
        assert view.PREVIEW_MARK in drawn and view.AIMING_MARK[0] in drawn and "@" in drawn, drawn
        left_out = set(range(1, 9)) - _numbers(board)
        said = " ".join(_screen(view.moves(obs, RED, texts), *screen).split())
        assert all(re.search(rf"[Nn]ot drawn( on the table)?: [^.]*\b{n}\b", said) for n in left_out) or \
            not left_out, (drawn, said)
        assert len(left_out) <= 2, drawn


@pytest.mark.parametrize("width, height, said", [(100, 40, "Not drawn on the table: 8 (off the table's edge)"),
                                                 (80, 24, "not drawn: 7, 8 (off the table)")])
def test_a_choice_whose_number_is_not_drawn_is_named(width, height, said):
    """l.33 a drop, turned as its player chooses: a Firefly aimed at the table's left edge
    turns its top off the table at 157.5°, where no number can stand; the list says so
    rather than leave a promised number missing."""
    game, match = _game()
    s = match.state
    s.apply_action(A.card + game.data.insect("Firefly"))
    s.apply_action(A.aim_grid + 3 * 8)
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    assert said in " ".join(_screen(view.moves(s.observation(RED), RED, texts), width, height).split())


# ---------------------------------------------------------------- every seat's edge
GREEN = 2
THROWN = ["Rambee", "Snailper", "Firefly", "Skorpio", "Spiderchute"]


def test_each_throw_names_the_edge_it_comes_from():
    """l.32 "Spinning Throw: Throw the card by spinning it. The throw must start outside the
    perimeter of the table": a newcomer saw his own edge every turn, the others' never ("Blue:
    throw it spinning"). Each throw's event names its edge, to every seat."""
    game, match = _game(players=3, hands={q: THROWN for q in range(3)})
    said = {}
    for q in range(3):
        for a in (A.card + game.data.insect("Rambee"), A.aim_grid + 27):
            apply_narrated(match, a, RED)
        said[q] = apply_narrated(match, A.orient, RED)
        apply_narrated(match, landing_id(150 + 300 * q, 300), RED)
    assert said == {RED: ["you: throw it spinning from the bottom edge"],
                    BLUE: ["Blue: throw it spinning from the top edge"],
                    GREEN: ["Green: throw it spinning from the left edge"]}


@pytest.mark.parametrize("players, said, short", [
    (2, "You play from the bottom edge; Blue from the top", "Others' edges: Blue top"),
    (3, "You play from the bottom edge; Blue from the top, Green from the left",
     "Others' edges: Blue top, Green left"),
    (4, "You play from the bottom edge; Blue from the right, Green from the top, Yellow from the left",
     "Others' edges: Blue right, Green top, Yellow left"),
])
def test_the_column_beside_the_table_names_every_seats_edge(players, said, short):
    """l.32 a throw starts outside the table, each player at his own edge (RULES.md, Your
    turn, which names them by seat as the game places them): on your turn the column beside
    the table names the others' edges with yours (at 80x24 on a line of their own, which
    gives way with the legend; at 100x40 too with 4 players, whose scores leave the column
    in full no room within the table's frame)."""
    game, match = _game(players=players, hands={q: THROWN for q in range(players)})
    obs = match.state.observation(RED)
    assert (said if players < 4 else short) in _side(_screen(view.render(obs, RED), 100, 40), view.FULL_BOARD)
    assert short in _side(_screen(view.render(obs, RED), 80, 24), view.COMPACT_BOARD)
    rules = " ".join((Path(__file__).parents[2] / "core/games/garden/RULES.md").read_text().split())
    seats = ", ".join(f"P{q + 1} {edge}" for q, edge in enumerate(obs["edges"]))
    assert f"{players} players: {seats}" in rules, seats


# ---------------------------------------------------------------- a throw's stray landing
def _thrown(card: str = "Laserfly"):
    """Red to aim its `card`, Blue's Rambee on the hat (800, 490) and Blue's Snailper on the
    table 100 mm short of the hat's centre, as Red throws from the bottom edge."""
    game, match = _game(hands={q: ["Laserfly", "Snailper", "Firefly", "Rambee", "Spiderchute"] for q in (RED, BLUE)})
    s = match.state
    s._put(_o(game, BLUE, "Rambee"), 815, 505, 30, False, 1)
    s._put(_o(game, BLUE, "Snailper"), 800, 390)
    s.apply_action(A.card + game.data.insect(card))
    return game, match


def _caught_after(state, aim: int, tries: int = 200) -> float:
    """How often a card thrown at `aim` is caught or eaten as it lands."""
    rng, caught = RandomState(7), 0
    for _ in range(tries):
        t = state.clone()
        t.apply_action(aim)
        t.apply_action(t.legal_actions()[0])
        t.apply_action(t.sample_chance(rng))
        obs = t.observation(RED)
        caught += next(ob for ob in obs["objects"] if ob["id"] == obs["last"]["object"])["how"] in ("arrival", "eaten")
    return caught / tries


def test_a_throw_that_may_stray_onto_a_catcher_is_named_before_it_is_aimed():
    """l.32 "Spinning Throw: Throw the card by spinning it. The throw must start outside the
    perimeter of the table", l.56 RAMBEE "Hit all the enemy cards which will touch Rambee
    during the rest of the game": a newcomer threw his Laserfly at a card 92 mm short of a
    hat; it overshot onto the hat against a Rambee, with no warning (a thrown card has no
    orientation step, where a drop is warned). The aim menu names the aims whose typical
    miss, along and across the throw, may land it against a catcher, and the catcher; a
    card landing from those aims is caught now and then, from the others hardly ever."""
    game, match = _thrown()
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    number = {t.removeprefix("aim at "): n for n, t in enumerate(texts, 1)}
    full = " ".join(_screen(view.moves(s.observation(RED), RED, texts), 100, 40).split())
    short = " ".join(_screen(view.moves(s.observation(RED), RED, texts), 80, 24).split())
    warned = re.search(r"at ([\d, -]+): Blue Rambee on mushroom 1's hat \(caught\)", full)
    assert warned and "typical miss" in full, full
    aims = {n for part in warned[1].split(", ") for n in
            (range(int(part.split("-")[0]), int(part.split("-")[-1]) + 1))}
    assert {number["Blue Snailper"], number["mushroom 1"]} <= aims and 36 not in aims, aims
    assert "(!, near T1 rb: a miss risks a catch)" in short, short           # at 80x24, the named aims marked
    risky = {n for spans in re.findall(r"\bat ([\d, -]+): ", full) for part in spans.split(", ")
             for n in range(int(part.split("-")[0]), int(part.split("-")[-1]) + 1)}     # the toad's aims too
    entries = {int(n): bool(mark) for n, mark in re.findall(r"\b(\d+)\. \S+ \S+?(!?)(?= |$)", short)}
    assert entries == {n: n in risky for n in entries} and set(range(65, len(texts) + 1)) <= set(entries), short
    assert _caught_after(s, s.legal_actions()[number["Blue Snailper"] - 1]) > 0.05
    assert _caught_after(s, s.legal_actions()[36 - 1]) < 0.02


def test_a_placed_card_is_warned_when_it_is_turned_not_when_aimed():
    """l.34 "Secure Placement: Put the card on the table as you like": it lands exactly as it
    is turned next: no warning at the aim; its orientations say what each meets."""
    game, match = _thrown("Snailper")
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    for size in ((100, 40), (80, 24)):
        screen = _screen(view.moves(s.observation(RED), RED, texts), *size)
        assert "risks a catch" not in screen and "against a catcher" not in screen, screen


def test_a_drop_that_may_land_on_a_catcher_is_marked_like_a_throw():
    """l.33 "Vertical Drop: Drop the card on the table holding the arm perpendicular to your
    body", l.56 RAMBEE "Hit all the enemy cards which will touch Rambee during the rest of the
    game": a newcomer dropped his Skorpio at "69. Blue Rb", listed with no "!" where a thrown
    card's list marked it; only the orientation step said "every choice: caught by rb", and
    it was caught. A dropped card's aims are marked as a thrown card's are, those it would
    land on a catcher from as aimed too, and a drop from them is caught now and then."""
    game, match = _thrown("Spiderchute")
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    number = {t.removeprefix("aim at "): n for n, t in enumerate(texts, 1)}
    full = " ".join(_screen(view.moves(s.observation(RED), RED, texts), 100, 40).split())
    short = " ".join(_screen(view.moves(s.observation(RED), RED, texts), 80, 24).split())
    assert re.search(rf"Dropped, .*typical miss .*\bat [\d, -]*\b{number['Blue Rambee']}\b[\d, -]*: Blue Rambee", full), full
    assert "(!, near T1 rb: a drop risks a catch)" in short, short
    marked = {int(n) for n, mark in re.findall(r"\b(\d+)\. \S+ \S+?(!?)(?= |$)", short) if mark}
    for n in range(view.GRID * view.GRID + 1, len(texts) + 1):     # as aimed, every angle caught: marked
        t = s.clone()
        t.apply_action(t.legal_actions()[n - 1])
        if all(item["fate"] and item["fate"]["by"] for item in t.observation(RED)["preview"]):
            assert n in marked, (texts[n - 1], short)
    assert number["Blue Rambee"] in marked and number["ant 1"] not in marked, short
    assert _caught_after(s, s.legal_actions()[number["Blue Rambee"] - 1]) > 0.5
    assert _caught_after(s, s.legal_actions()[number["ant 1"] - 1]) < 0.02


# ---------------------------------------------------------------- codes where cards crowd
def _found(board, text: str) -> list[tuple[int, int]]:
    """(col, row) of every whole token `text` on the board."""
    return [(m.start(), r) for r, row in enumerate(board.chars)
            for m in re.finditer(rf"(?<![A-Za-z\d]){re.escape(text)}(?![A-Za-z\d])", "".join(row))]


@pytest.mark.parametrize("size", [view.FULL_BOARD, view.COMPACT_BOARD])
@pytest.mark.parametrize("angle", [0, 45, 90, 202.5, 337.5])
def test_two_cards_at_one_point_have_their_codes_together(size, angle):
    """l.70 "If it is not possible to determine which card is hit by a group effect of several
    cards (for example: cards overlapping ...)": two cards may lie at the same point. A
    newcomer saw Blue's Snailper and Scrabblezooka, both at (619, 38) mm, drawn on two rows
    and two columns apart; their codes stand together by their centre's cell: side by side
    on one row, or one right above the other."""
    game, match = _game()
    match.state._put(_o(game, BLUE, "Scrabblezooka"), 619, 38)
    match.state._put(_o(game, BLUE, "Snailper"), 619, 38, angle)
    board = view.Board(match.state.observation(RED), *size)
    drawn = board.draw().plain
    [(sn, row)], [(sz, row_z)] = _found(board, "sn"), _found(board, "sz")
    assert (row == row_z and abs(sn - sz) == 3) or (abs(row - row_z) == 1 and abs(sn - sz) <= 1), drawn
    col, centre = board.nearest_cell(619, 38)
    assert all(abs(r - centre) <= 1 and abs(c - col) <= 3 for c, r in ((sn, row), (sz, row_z))), drawn


# A crowded hat, as a newcomer's game ended (Blue's cards here): four cards on mushroom 1's
# hat at (800, 490) mm, the lowest first, and a Spiderchute on the table partly under it.
CROWD = [("Rambee", 839, 471, 206, 1), ("Ladygun", 786, 452, 157.5, 1), ("Spiderchute", 868, 431, 148.5, 0),
         ("Grasshopper San", 822, 477, 226, 1), ("Chemic", 830, 490, 350.5, 1)]


@pytest.mark.parametrize("size, screen", [(view.FULL_BOARD, (100, 40)), (view.COMPACT_BOARD, (80, 24))])
def test_a_crowded_hat_keeps_its_outline_and_each_code_by_its_card(size, screen):
    """l.61 "For each Mushroom, whoever placed more Insects on top of it at the end of the game
    gains 1 Victory Point", l.62 what lies on a hat and under it are hit differently: a
    newcomer saw a hat's outline vanish under four cards and their codes drift off them. The
    outline shows on every cell of its edge that holds no code or mark; every code stands on
    or against its card, or the column beside the table names it."""
    game, match = _game()
    for name, x, y, angle, level in CROWD:
        match.state._put(_o(game, BLUE, name), x, y, angle, False, level)
    obs = match.state.observation(RED)
    board = view.Board(obs, *size)
    hat = next(e for e in obs["elements"] if e["kind"] == "mushroom")
    edge = [(c, r) for c, r, _, _ in board.cells() if math.dist(board.centre(c, r), (hat["x"], hat["y"])) <= hat["r"]
            and board._on_rim(c, r, hat)]
    drawn = board.draw().plain
    assert all(board.chars[r][c] == "^" for c, r in edge if (c, r) not in board.kept), drawn
    side = _side(_screen(view.render(obs, RED), *screen), size)
    cw, ch = obs["card_size"]
    for ob in obs["objects"]:
        if ob["where"] != "table" or ob["kind"] != "insect":
            continue
        [(col, row)] = _found(board, view.code(ob, RED))
        against = any(view.contains(ob["x"], ob["y"], ob["angle"], cw, ch, *board.centre(col + k, row))
                      for k in range(-1, 3))
        assert against or re.search(rf"Drawn off (its|their) cards? \(no room\):[\w ]* {view.code(ob, RED)}\b", side), \
            (view.code(ob, RED), drawn, side)


# ---------------------------------------------------------------- a cut choice keeps the catches
def test_a_choice_of_orientation_cut_to_the_screen_keeps_the_choices_that_catch():
    """l.51 Snailper: "Hit the first card reached by the line". At 80x24 a newcomer's
    Scrabblezooka list showed six angles that caught nothing, the four that caught Blue's card
    behind "10 more moves: type `moves`". A list cut to the rows left keeps the choices that
    would score first, each under its own number, and the number plays the angle shown."""
    game, match = _game()
    match.apply(A.card + game.data.insect("Snailper"))
    match.apply(A.aim_grid + 9)
    scoring = [n for n, item in enumerate(match.state.observation(RED)["preview"], 1)
               if view.would_points(item).startswith("+")]
    assert scoring and scoring[0] > 4, scoring         # the first rows would show none of them
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    session = PlaySession(match, RED, {BLUE: "random"}, "random", None, console)
    fitted = "\n".join("".join(seg.text for seg in line).rstrip()
                       for line in console.render_lines(session._fitted(session.moves(), 4), pad=False))
    assert "more move" in fitted, fitted
    for n in scoring[:3]:
        text = match.state.action_to_string(match.state.legal_actions()[n - 1])
        assert f"{n}. {view._choice(text)}" in fitted, fitted
        assert session.parse_move(str(n)) == match.state.legal_actions()[n - 1]


# A 3-player game (seed 1312): Red's Grasshopper San thrown, Blue's caught, Green's Snailper on
# mushroom 1's hat at (169, 563) mm near the top edge; Red to turn its Firefly aimed at the hat.
FIREFLY_AT_THE_TOP = [264541212, 402280092, 511926012, 858345678, 1016556412, 1135921160, 845477816, 29, 29,
                      210, 7, 39, 124, 521084260, 7, 80, 124, 329455206, 1, 25, 137, 244415502, 3, 122]


def test_a_number_whose_spot_is_off_the_table_is_said_to_be_so():
    """l.52 FIREFLY "Place the explosion card in close contact with all sides": its numbers
    stand beyond the explosion card's top. Aimed at a hat near the top edge, the first
    choices' spots lie off the table (the spots further in held by codes): the list said
    "no room beside the codes"; it says they are off the table."""
    match = Match(load_game("garden", players=3), 1312, FIREFLY_AT_THE_TOP)
    s = match.state
    assert s.observation(RED)["card"] == "Firefly" and s.observation(RED)["phase"] == "orient"
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    said = " ".join(_screen(view.moves(s.observation(RED), RED, texts), 100, 40).split())
    assert "Not drawn on the table: 1, 2 (off the table's edge)." in said, said


# ---------------------------------------------------------------- aim points under codes and marks
def _aiming_after_two_plays():
    """Red to aim its Firefly: Red's Snailper on point 41, Blue's Skorpio landed on point 21,
    its aim (the last aim +, landed @) there too; Blue's Rambee on mushroom 1's hat."""
    game, match = _game()
    table = game.data.table
    _play(game, match, "Snailper", aim=A.aim_grid + 40, land=landing_id(*grid_point(table, 40)))
    _play(game, match, "Skorpio", aim=A.aim_grid + 20, land=landing_id(*grid_point(table, 20)), viewer=BLUE)
    match.state._put(_o(game, BLUE, "Rambee"), 815, 505, 30, False, 1)
    match.apply(A.card + game.data.insect("Firefly"))
    return game, match


@pytest.mark.parametrize("width, height, size", [(100, 40, view.FULL_BOARD)])     # at 80x24 rows are few
def test_an_aim_point_whose_number_a_code_or_mark_hides_is_named_with_what_hides_it(width, height, size):
    """l.28 "a player must choose one card from their hand and play it"; the aim points are
    core/games/garden/RULES.md's reading (Your turn). Codes win over the numbers, but a
    newcomer looking for "41" did not find it under "sz", nor point 15 under the last aim's
    "+". Every number is on the table or named under it with the code or mark over it or
    beside it, which stands on the table."""
    game, match = _aiming_after_two_plays()
    s = match.state
    obs = s.observation(RED)
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    board = view.Board(obs, *size)
    board.draw(aim_numbers=True)
    said = " ".join(_screen(view.moves(obs, RED, texts), width, height).split())
    hidden = {int(n): (where, token) for n, where, token in re.findall(r"\b(\d+) \((under|beside) (\S+)\)", said)}
    assert {21, 41} <= set(hidden), said
    drawn = "\n".join("".join(row) for row in board.chars)
    for n in range(1, view.GRID * view.GRID + 1):
        assert _found(board, str(n)) or (n in hidden and hidden[n][1] in drawn), (n, said, drawn)
    assert hidden[41] == ("under", "Sn"), said
    codes = {view.code(ob, RED) for ob in obs["objects"] if ob["where"] == "table"}
    assert all(token in codes | {"+", "@", "X", "•"} for _, token in hidden.values()), said    # one thing, whole


@pytest.mark.parametrize("size", [view.FULL_BOARD, view.COMPACT_BOARD])
def test_aim_numbers_leave_the_outline_of_a_hat_or_bush_where_they_can(size):
    """l.62 "The Mushroom blocks all line of sight (and so shots)", l.63 "The bush blocks all
    line of sight (and so shots)": their outline shows where they stand. A newcomer saw the
    aim numbers eat it (^^^ %%%% became ^11 %%19). A number stands over its point's cell, from
    it on or ending on it: it takes the place that covers no other cell of an outline."""
    game, match = _aiming_after_two_plays()
    obs = match.state.observation(RED)
    board = view.Board(obs, *size)
    drawn = board.draw(aim_numbers=True).plain
    rims = {(c, r) for e in obs["elements"] for c, r, x, y in board.cells()
            if math.dist((x, y), (e["x"], e["y"])) <= e["r"] and board._on_rim(c, r, e)}
    for n in range(1, view.GRID * view.GRID + 1):
        own = board.nearest_cell(*grid_point(obs["table"], n - 1))
        for col, row in _found(board, str(n)):
            assert not {(c, row) for c in range(col, col + len(str(n)))} & rims - {own}, (n, drawn)


# ---------------------------------------------------------------- the SVG's crowded hat
def test_the_picture_draws_a_hats_outline_over_the_cards_on_it():
    """l.61 "For each Mushroom, whoever placed more Insects on top of it at the end of the game
    gains 1 Victory Point": which cards lie on a hat is read from its outline. The terminal's
    table draws the outline over the cards on the hat; the SVG picture drew the hat under
    them, and a crowded hat lost its edge. The picture draws every hat's and bush's edge
    after (over) every card."""
    game, match = _game()
    for name, x, y, angle, level in CROWD:
        match.state._put(_o(game, BLUE, name), x, y, angle, False, level)
    obs = match.state.observation(RED)
    root = ET.fromstring(svg(obs))
    drawn = list(root.iter())
    last_card = max(i for i, el in enumerate(drawn) if (el.get("class") or "").startswith("card "))
    for e in obs["elements"]:
        sx, sy = MARGIN + e["x"], MARGIN + obs["table"][1] - e["y"]
        assert any(el.tag.endswith("circle") and el.get("fill") == "none" and el.get("stroke")
                   and float(el.get("cx")) == pytest.approx(sx) and float(el.get("cy")) == pytest.approx(sy)
                   and float(el.get("r")) == pytest.approx(e["r"]) for el in drawn[last_card + 1:]), e


@pytest.mark.parametrize("dx, dy", [(-45, -20), (-30, 0)])
def test_a_mark_beside_a_code_leaves_a_hats_outline_where_a_spot_as_near_does(dx, dy):
    """l.62 "The Mushroom blocks all line of sight (and so shots)": the hat's outline shows
    where it stands. Blue's Skorpio aimed at Goodie 1 on the hat lands a little off it: the
    last aim's + and the landing's @ go beside the codes over their cells, on a spot as near
    as any off the outline where there is one (a newcomer saw +G1@ff where ^G1^^ was): here
    the +, beside Goodie 1's code over its cell, is off the outline."""
    game, match = _game()
    _skip(game, match)
    match.apply(A.card + game.data.insect("Skorpio"))
    s = match.state
    match.apply(next(a for a in s.legal_actions() if s.action_to_string(a) == "aim at Goodie 1"))
    match.apply(A.orient)
    match.apply(landing_id(800 + dx, 490 + dy))
    match.apply(A.card + game.data.insect("Skorpio"))
    obs = match.state.observation(RED)
    board = view.Board(obs, *view.COMPACT_BOARD)         # at 80x24, where the hat is small
    drawn = board.draw(aim_numbers=True).plain
    hat = next(e for e in obs["elements"] if e["kind"] == "mushroom")
    [(col, row)] = _found(board, "+")
    assert (col, row) != board.cell(*obs["last"]["aim"]), drawn       # beside the code over its cell
    assert not board._on_rim(col, row, hat) or math.dist(board.centre(col, row), (hat["x"], hat["y"])) > hat["r"], \
        drawn
