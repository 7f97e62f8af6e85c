"""What Garden Guerrilla's table shows of the plays since your last: the lines a landed card
shot, on the screen and in the picture (l.N: line N of rules/garden_guerrilla.txt)."""
from __future__ import annotations

import io
import re

from rich.console import Console

from partisan.cli.views import garden as view
from partisan.cli.views.garden_svg import svg
from partisan.core import load_game
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import C_OFF, HANDS, landing_id
from partisan.core.record import Match

RED, BLUE = 0, 1
SPOTS = [(700, 150), (300, 450), (180, 110), (560, 370), (840, 250)]   # mushroom, bush, toad, ants
HAND = ["Snailper", "Chemic", "Firefly", "Scrabblezooka", "Laserfly"]


def _screen(renderable, width: int, height: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, height=height, force_terminal=True, color_system=None).print(renderable)
    return out.getvalue()


def _game():
    """A match after a fixed set-up, Red to choose a card of HAND (Blue holds the same)."""
    game = load_game("garden", players=2)
    match = Match(game, 0)
    spots = iter(SPOTS)
    while match.state.observation(RED)["phase"] in ("element", "enemy"):
        match.apply(landing_id(*next(spots)))
    for _ in range(2):
        match.apply(HANDS.index(sum(1 << game.data.insect(n) for n in HAND)))
    return game, match


def _catching_play(match, card: int) -> None:
    """Play `card` (a placed one: it lands on its aim) at the first aim and orientation whose
    line catches something."""
    for aim in range(A.aim_grid, A.aim_grid + 64):
        trial = match.state.clone()
        trial.apply_action(A.card + card)
        trial.apply_action(aim)
        for item in trial.observation(RED)["preview"]:
            if item["caught"] and item["lines"]:
                for a in (A.card + card, aim):
                    match.apply(a)
                match.apply(trial.legal_actions()[trial.observation(RED)["preview"].index(item)])
                match.play_chance()
                return
    raise AssertionError("no catching play")


def _blue_plays(match) -> None:
    """Blue plays its first choice at every step, until Red chooses a card again."""
    while match.state.observation(RED)["phase"] != "card" or match.state.observation(RED)["to_move"] != RED:
        if match.state.is_chance_node():
            match.play_chance()
        else:
            match.apply(match.state.legal_actions()[0])


def test_a_landed_cards_line_is_drawn_on_the_next_screen():
    """l.51 "SNAILPER: Draw a perpendicular line from the crosshair on this card. Hit the first
    card reached by the line": a placed card's line is
    drawn on the first table the player sees after it landed (as its explosion would be),
    in its owner's ink, so that the catch can be checked; and in the picture."""
    game, match = _game()
    _catching_play(match, game.data.insect("Snailper"))
    _blue_plays(match)
    obs = match.state.observation(RED)
    shots = [shot for shot in obs["shots"] if shot["seat"] == RED]
    assert shots and shots[0]["lines"], obs["shots"]
    board = view.Board(obs, *view.FULL_BOARD)
    board.draw()
    x0, y0, x1, y1 = shots[0]["lines"][0]
    cells = {board.cell(x0 + (x1 - x0) * k / 20, y0 + (y1 - y0) * k / 20) for k in range(21)} - {None}
    drawn = {(c, r) for c, r in cells if board.chars[r][c] == view.SHOT_MARK}
    assert drawn and all(board.styles[r][c].startswith(f"bold {view.SEAT_INK[RED]}") for c, r in drawn)
    assert len(drawn) >= len(cells - board.kept) // 2, (drawn, cells)
    assert 'class="shot-landed" data-seat="0"' in svg(obs)
    # once the player has gone on (the aim), the line is not drawn again
    match.apply(match.state.legal_actions()[0])
    assert match.state.observation(RED)["shots"] == []


# ---------------------------------------------------------------- mushroom hats
def _cells_of(board, text: str) -> set:
    return {(c + k, r) for r in range(board.rows) for c in range(board.cols - len(text) + 1)
            if "".join(board.chars[r][c:c + len(text)]) == text for k in range(len(text))}


def test_cards_on_a_hat_and_under_it_are_told_apart():
    """l.62 "Insects on the board can't shoot Insects on top of the Mushroom": a card on the
    hat and one on the table under its edge look alike from above, so the column beside the
    table names the cards on each hat and those under it, at 100x40 and 80x24 (seat to seat
    as the table cases them: Red's Lg, Blue's ch)."""
    game, match = _game()
    s = match.state
    lg = 8 + game.data.insect("Ladygun")                       # Red's
    ch = 8 + 10 * BLUE + game.data.insect("Chemic")            # Blue's
    s._put(lg, 705, 160, 0, False, 1)
    s._put(ch, 640, 150, 0)
    obs = s.observation(RED)
    assert [e["on"] for e in obs["elements"]][0] == [6, lg] and obs["elements"][0]["under"] == [ch]
    assert view.hats(obs).plain == "On hat 1: G1 Lg; under it: ch"
    for size in ((100, 40), (80, 24)):
        screen = _screen(view.render(obs, RED), *size)
        assert "On hat 1: G1 Lg; under it: ch" in screen and len(screen.rstrip("\n").split("\n")) <= size[1] - 8, screen
    assert 'class="card insect" data-name="Red Ladygun" data-level="1"' in svg(obs)
    s._put(ch, 640, 300, 0)                                    # clear of the hat: only what is on it
    assert view.hats(s.observation(RED)).plain == "On hat 1: G1 Lg"
    s._put(lg, 705, 400, 0)                                    # nothing on the hat but the Goodie: no line
    assert view.hats(s.observation(RED)) is None


def test_the_goodie_code_stays_over_its_centre():
    """l.21 "1 Goodies card on top of every Mushroom": the Goodie does not move while cards
    land on the hat and on the table beside it, so its code stays on the same cells."""
    for size in (view.FULL_BOARD, view.COMPACT_BOARD):
        game, match = _game()
        s = match.state
        board = view.Board(s.observation(RED), *size)
        board.draw()
        alone = _cells_of(board, "G1")
        assert len(alone) == 2
        for k, (name, x, y, level) in enumerate([("Chemic", 660, 150, 0), ("Firefly", 690, 140, 1),
                                                  ("Skorpio", 720, 120, 1), ("Spiderchute", 700, 190, 0)]):
            s._put(8 + 10 * (k % 2) + game.data.insect(name), x, y, 0, False, level)
            board = view.Board(s.observation(RED), *size)
            board.draw()
            assert alone <= _cells_of(board, "G1"), (size, name)


def test_a_card_in_hand_is_never_split_from_its_name():
    """l.28 "a player must choose one card from their hand and play it": at 100x40 the hand
    names each card by its code and its name, on one line whatever the width left."""
    game, match = _game()
    screen = _screen(view.render(match.state.observation(RED), RED), 100, 40)
    for name in HAND:
        assert f"{view.CODES[name]}  {name}" in screen, screen


# ---------------------------------------------------------------- aiming
def _menu(match, width: int, height: int) -> str:
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    return " ".join(_screen(view.moves(s.observation(RED), RED, texts), width, height).split())


def test_the_aim_menu_says_which_points_put_the_card_on_a_hat():
    """l.62 a card on a mushroom is out of reach of the cards on the table: the aim menu says
    which numbered points would leave the card on the hat (a placed card, l.34, rests on its
    aim: on the hat exactly at those points), and which named targets lie on a hat."""
    game, match = _game()
    lf = 8 + 10 * BLUE + game.data.insect("Laserfly")
    match.state._put(lf, 700, 160, 0, False, 1)
    match.apply(A.card + game.data.insect("Snailper"))
    on = _points_on_hats_said(_menu(match, 80, 24))
    assert on and f"{', '.join(map(str, on))}: on hat 1" in _menu(match, 80, 24)
    assert f"a card resting on {', '.join(map(str, on))} is on mushroom 1's hat" in _menu(match, 100, 40)
    assert "Blue Lf^" in _menu(match, 80, 24) and "^ on a hat:" in _menu(match, 80, 24)
    assert "Blue Laserfly (on hat 1)" in _menu(match, 100, 40)
    for point in range(1, 65):
        t = match.state.clone()
        t.apply_action(A.aim_grid + point - 1)
        t.apply_action(t.legal_actions()[0])
        t.apply_action(t.sample_chance())
        assert (t._table()["obj"][8 + game.data.insect("Snailper")]["level"] == 1) == (point in on), point


def _points_on_hats_said(menu: str) -> list[int]:
    found = re.search(r"\(([\d, ]+): on hat 1\)", menu)
    return [int(n) for n in found.group(1).split(", ")] if found else []


def test_the_aim_menu_says_its_named_targets_are_numbered_anew_each_move():
    """The named aims (cards, mushrooms) follow the 64 points; their numbers change as cards
    come and go, and the menu says so, at 100x40 and 80x24."""
    game, match = _game()
    match.apply(A.card + game.data.insect("Snailper"))
    assert "numbered anew each move" in _menu(match, 100, 40)
    assert "renumbered each move" in _menu(match, 80, 24)


def test_the_aim_menus_note_leaves_the_rows_to_the_events_at_100x40():
    """A newcomer at 100×40 whose last card was played for him saw five lines of what happened
    since his last move above the aim menu, which gave three rows to its note: the note takes two,
    with the points on the hat, and the summary keeps the row."""
    game, match = _game()
    match.apply(A.card + game.data.insect("Snailper"))
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    rows = _screen(view.moves(s.observation(RED), RED, texts), 100, 40).splitlines()
    note = rows[:next(i for i, row in enumerate(rows) if re.match(r"\s*65\. ", row))]
    assert len(note) == 2 and "on mushroom 1's hat" in " ".join(" ".join(note).split()), rows


def test_the_orientation_menu_says_the_card_rests_on_the_hat():
    """l.62: aimed at the mushroom, the orientation menu says the card rests on its hat (a
    dropped card if it lands as aimed, l.33; a placed one, l.34, does)."""
    game, match = _game()
    match.apply(A.card + game.data.insect("Chemic"))
    match.apply(A.aim_hat)
    assert "if it lands as aimed, every choice: -; it rests on hat 1 (55 mm in from its edge" in _menu(match, 80, 24)
    assert "It rests on mushroom 1's hat if it lands as aimed, 55 mm inside its edge" in _menu(match, 100, 40)
    game, match = _game()
    match.apply(A.card + game.data.insect("Snailper"))
    match.apply(A.aim_hat)
    menu = _menu(match, 80, 24)
    assert "rests on hat 1" in menu and "rests on hat 1 if" not in menu, menu
    game, match = _game()
    match.apply(A.card + game.data.insect("Chemic"))
    match.apply(A.aim_grid)
    assert "rests on" not in _menu(match, 80, 24) and "rests on" not in _menu(match, 100, 40)


# ---------------------------------------------------------------- numbers on the table
def _drawn_numbers(board) -> set[int]:
    numbers, row_text = set(), ["".join(c if s == view.PREVIEW_NUMBER_STYLE else " " for c, s in zip(chars, styles))
                                for chars, styles in zip(board.chars, board.styles)]
    for line in row_text:
        numbers |= {int(n) for n in line.split()}
    return numbers


def test_orientation_numbers_near_the_edge_are_kept_on_the_table():
    """The numbers where each orientation turns the card's top (RULES.md "Your turn"): a card
    aimed at the top row of points has its upward numbers off the table one cell beyond its
    top, so they stand on its top edge or within it instead, still in that direction."""
    game, match = _game()
    match.apply(A.card + game.data.insect("Chemic"))
    match.apply(A.aim_grid + 8 * 3 + 7)
    obs = match.state.observation(RED)
    board = view.Board(obs, *view.FULL_BOARD)
    board.draw(preview=True)
    assert len(_drawn_numbers(board)) >= len(obs["preview"]) - 1, board.draw(preview=True).plain


def test_a_card_off_the_table_says_near_which_edge_it_was_aimed():
    """l.36 "If an Insect card falls off from the table, its owner must put it in his Bounty":
    the landing keeps no point,
    so the last play says how far inside the nearest edge the card was aimed, as its event
    does, at 100x40 and 80x24."""
    game, match = _game()
    match.apply(A.card + game.data.insect("Laserfly"))
    match.apply(A.aim_grid + 8 * 3 + 7)                        # (394, 563): 37 mm inside the top edge
    match.apply(match.state.legal_actions()[0])                # thrown spinning
    match.apply(C_OFF)
    obs = match.state.observation(RED)
    assert obs["last"]["landing"] is None
    assert "aimed + 37 mm inside the top edge, fell off the table" in view.last_throw(obs, RED, short=True).plain
    assert "aimed + (394, 563) 37 mm inside the top edge, fell off the table" in view.last_throw(obs, RED).plain


def test_a_hand_line_broken_after_a_card_fits_its_column():
    """The hand's lines, a comma after the last card of a line, keep within the column: a
    card is never split from its name by the terminal wrapping a line too long."""
    game = load_game("garden", players=2)
    match = Match(game, 0)
    spots = iter(SPOTS)
    while match.state.observation(RED)["phase"] in ("element", "enemy"):
        match.apply(landing_id(*next(spots)))
    hand = ["Firefly", "Skorpio", "Grasshopper San", "Laserfly", "Scrabblezooka"]
    for _ in range(2):
        match.apply(HANDS.index(sum(1 << game.data.insect(n) for n in hand)))
    for width in range(24, 60):
        text = _screen(view.hand(match.state.observation(RED), RED), width, 40)
        for name in hand:
            assert f"{view.CODES[name]}  {name}" in text, (width, text)
