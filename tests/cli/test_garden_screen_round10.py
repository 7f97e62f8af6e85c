"""Garden Guerrilla as two newcomers read it in whole games (l.N: line N of
rules/garden_guerrilla.txt): counted nouns in agreement, ..."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from partisan.cli.console import apply_narrated
from partisan.cli.play.session import PlaySession
from partisan.cli.views import garden as view
from partisan.cli.views.garden_svg import svg
from partisan.core import RandomState, load_game
from partisan.core.record import Match
from tests.cli.test_garden_newcomer import BLUE, RED, TOAD, A, _game, _o, _play, _screen, _skip, landing_id


def test_one_goodie_is_counted_in_the_singular_in_the_picture():
    """l.46 "Goodies: +3 VP": the picture's score line counts a seat's Goodies; with one it
    reads "1 Goodie", not "1 Goodies"."""
    game, match = _game()
    _play(game, match, "Skorpio", land=landing_id(800, 490))               # on the hat, over the Goodie
    _skip(game, match)
    _play(game, match, "Spiderchute", land=landing_id(805, 480))           # the second card on it: claimed
    picture = svg(match.state.observation(RED))
    assert "Red (P1): 4 VP, 1 Goodie, " in picture and "1 Goodies" not in picture
    assert "Blue (P2): -1 VP, 0 Goodies, " in picture


# ---------------------------------------------------------------- the legend
def _marks(board) -> set[str]:
    """The characters on the table that are no code, number or bare table: the markers (in
    their own styles: X is a letter) and every other sign."""
    markers = {view.AIM_MARK, view.LANDING_MARK, view.AIMING_MARK}
    return {char for chars, styles in zip(board.chars, board.styles) for char, style in zip(chars, styles)
            if (char, style) in markers or not (char.isalnum() or char == " ")}


@pytest.mark.parametrize("card", ["Firefly", "Snailper"])
def test_every_mark_on_the_table_is_in_the_legend(card):
    """What the table shows while a card is turned (l.33 a drop, l.51 a line): the aim being
    played (X), where each choice would shoot or lie (·), besides the marks of earlier plays
    and the mushrooms and bushes: `cards` explains every one of them."""
    game, match = _game()
    _play(game, match, "Skorpio", land=landing_id(450, 300))              # @ and + of the last play
    _play(game, match, "Firefly", land=landing_id(300, 300), viewer=RED)  # Blue's explosion
    match.apply(A.card + game.data.insect(card))
    match.apply(A.aim_grid + 3 * 8 + 3)
    obs = match.state.observation(RED)
    board = view.Board(obs, *view.FULL_BOARD)
    board.draw(preview=True)
    drawn = _marks(board)
    assert {view.AIMING_MARK[0], view.PREVIEW_MARK, "+", "@", "^", "%"} <= drawn, drawn
    key = _screen(view.legend(short=True), 100, 40)           # as `cards` ends
    assert key in _screen(view.reference(game), 100, 40)
    assert all(re.search(rf"(^|\s){re.escape(mark)}+ \w", key, re.M) for mark in drawn), key
    assert "X aim being played" in key and "· a choice's line or area" in key
    picture = svg(obs)
    assert "aim being played" in picture and "line" in picture and "footprint or explosion card" in picture
    for size in ((100, 40), (80, 24)):          # beside the table, each entry whole or left out
        assert "…" not in _screen(view.render(obs, RED), *size)


# ---------------------------------------------------------------- a line's catch at its start
@pytest.mark.parametrize("where, said", [
    ((506, 263), True),                 # Red's Ladygun placed right over it
    ((506 + 63, 263), True),            # against its right edge, where the right line starts
    ((506 + 200, 263), False),          # along that line, further on
])
def test_a_line_that_catches_the_card_at_its_crosshair_says_so(where, said):
    """l.50 LADYGUN: "Draw perpendicular lines from the crosshairs on this card. Hit the first
    enemy card reached by each line." A card lying under a crosshair (or against it) is the
    first one its line reaches: the catch says so, which a newcomer took for a bug when the
    Ladygun lay on the card it caught."""
    game, match = _game()
    match.state._put(_o(game, BLUE, "Snailper"), *where)
    lines = _play(game, match, "Ladygun", aim=A.aim_grid + 4 * 8 + 3, land=landing_id(506, 263))
    catch = next(line for line in lines if "Ladygun's line catches Blue Snailper" in line)
    assert catch.endswith(", which lies at its crosshair, where the line starts: you +1 VP") == said, catch


# ---------------------------------------------------------------- codes on a crowded hat
def _merged(board) -> list[str]:
    """The runs of letters and digits longer than a code: two codes against each other."""
    return [t for row in board.chars for t in re.findall(r"[A-Za-z0-9]{3,}", "".join(row))]


@pytest.mark.parametrize("size", [view.FULL_BOARD, view.COMPACT_BOARD])
def test_the_codes_on_a_crowded_hat_stay_apart(size):
    """l.21 "Place 1 Goodies card on top of every Mushroom": with two cards landed on the hat
    over the Goodie (one face down, l.35), a newcomer read "chG1". Wherever they lie on it,
    every code stands apart from the others (on a cell of its own card or against it), so
    that each reads as one."""
    merged = {}
    for dx in range(-30, 31, 6):
        for dy in range(-40, 1, 8):
            game, match = _game(hands={RED: ["Chemic", "Snailper", "Firefly", "Skorpio", "Spiderchute"]})
            s = match.state
            s._put(_o(game, BLUE, "Spiderchute"), 800 + dx // 2 + 14, 490 + dy // 2 - 30, 23, False, 1)
            s._put(_o(game, RED, "Chemic"), 800 + dx, 490 + dy, 190, True, 1)
            board = view.Board(s.observation(BLUE), *size)
            board.draw()
            if _merged(board):
                merged[dx, dy] = _merged(board)
    assert not merged, merged


# ---------------------------------------------------------------- the last screen
def _ended(players: int, seed: int = 3) -> Match:
    game = load_game("garden", players=players)
    match, rng = Match(game, seed), RandomState(seed)
    while not match.state.is_terminal():
        s = match.state
        match.apply(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[rng.randint(len(s.legal_actions()))])
    return match


def _cell(screen: str) -> str:
    return re.search(r"1 cell ≈ \d+×\d+ mm", screen).group()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_last_table_keeps_the_scale_of_the_tables_in_play(players, tmp_path):
    """l.41 "When the last card has been played every player counts their victory points": the
    last table is drawn at the scale of every table before it on the same screen (a newcomer at
    100x40 saw it shrink to a coarser one, the hat scattered), and the outcome still fits below
    it with the title above: it is not put off to a page of its own."""
    match = _ended(players)
    obs = match.state.observation(RED)
    playing = view.render(Match(match.game, match.seed, match.actions[:-1]).state.observation(RED), RED)
    for width, height in ((100, 40), (120, 50), (80, 24)):
        assert _cell(_screen(view.render(obs, RED), width, height)) == _cell(_screen(playing, width, height))
    console = Console(file=io.StringIO(), width=100, height=40, force_terminal=True, color_system=None)
    session = PlaySession(match, RED, {q: "random" for q in range(1, players)}, "random", tmp_path / "g.json", console)
    assert not session.result_apart()


# ---------------------------------------------------------------- an aim as echoed, typed
def test_an_aim_is_echoed_as_a_numbered_point_and_typed_as_echoed(tmp_path):
    """The rulebook names no aim (l.32-l.34: a card is thrown, dropped or placed); the 64
    points, numbered on the table, are the reading in core/games/garden/RULES.md (Your turn).
    A newcomer, seeing "aim at (281, 113) mm" echoed, typed other coordinates: the echo says
    which numbered point it was, and typing it back, or the number, plays that aim."""
    game, match = _game()
    match.apply(A.card + game.data.insect("Snailper"))
    aim = A.aim_grid + 8 * 4 + 3                              # move 36, at (506, 263) mm
    told = apply_narrated(Match(game, 0, list(match.actions)), aim, RED)
    assert told == ["you: aim at point 36 (506, 263) mm"]
    assert apply_narrated(Match(game, 0, list(match.actions)), aim, BLUE) == ["Red: aim at point 36 (506, 263) mm"]
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    session = PlaySession(match, RED, {BLUE: "random"}, "random", tmp_path / "g.json", console)
    for typed in ("aim at point 36 (506, 263) mm", "AIM AT POINT 36  (506, 263) MM", "36", "aim at (506, 263) mm"):
        assert session.parse_move(typed) == aim, typed


# ---------------------------------------------------------------- your own cards in the aim menu
@pytest.mark.parametrize("width, height, listed", [(100, 40, "your Skorpio (on hat 1)"), (80, 24, "your Sk^")])
def test_the_aim_menu_calls_your_own_cards_yours(width, height, listed, tmp_path):
    """l.22 "Every player chooses a colour": the events call the player's own cards "your
    Skorpio"; so does the aim menu, not "Red Skorpio", and what it lists, or "aim at" and
    that name, is the move (a card may be aimed at, core/games/garden/RULES.md, Your turn); at
    80x24 typed without its mark ("your Sk" for "your Sk^", on a hat), as a newcomer did."""
    game, match = _game()
    _play(game, match, "Skorpio", land=landing_id(800, 490))               # on the hat
    _play(game, match, "Skorpio", land=landing_id(300, 300), viewer=RED)    # Blue's, on the table
    match.apply(A.card + game.data.insect("Snailper"))
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    menu = _screen(view.moves(s.observation(RED), RED, texts), width, height)
    assert listed in menu and "Red S" not in menu, menu
    assert ("Blue Skorpio" if width == 100 else "Blue Sk") in menu
    number = int(re.search(rf"(\d+)\. {re.escape(listed)}", menu).group(1))
    aim = s.legal_actions()[number - 1]
    assert s.action_to_string(aim) == "aim at Red Skorpio"
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    session = PlaySession(match, RED, {BLUE: "random"}, "random", tmp_path / "g.json", console)
    for typed in (listed, listed.rstrip("^").upper(), "aim at your Skorpio", "Aim at  YOUR skorpio", "aim at Red Skorpio"):
        assert session.parse_move(typed) == aim, typed


# ---------------------------------------------------------------- a catcher near the aim
def _aimed_beside(name: str, gap: float, seat: int = BLUE, card: str = "Firefly", face_down: bool = False):
    """Red's `card` aimed at (506, 263) mm (move 36), upright; `name` (a toad, or an insect of
    `seat`) upright on the table to its right, `gap` mm from the card's footprint as aimed."""
    game, match = _game(hands={q: ["Ladygun", "Snailper", "Firefly", "Rambee", "Spiderchute"] for q in (RED, BLUE)})
    o = TOAD if name == "toad" else _o(game, seat, name)
    match.state._put(o, round(506 + 63 + gap), 263, 0, face_down)
    match.apply(A.card + game.data.insect(card))
    match.apply(A.aim_grid + 8 * 4 + 3)
    return game, match


def _menu(match, width: int, height: int) -> str:
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    return " ".join(_screen(view.moves(s.observation(RED), RED, texts), width, height).split())


def _caught_share(match, tries: int = 300) -> float:
    """How often the card, turned upright, is caught or eaten as it lands (its owner's hand)."""
    rng, caught = RandomState(7), 0
    for _ in range(tries):
        trial = match.state.clone()
        trial.apply_action(A.orient)
        trial.apply_action(trial.sample_chance(rng))
        card = next(ob for ob in trial.observation(RED)["objects"] if ob["id"] == trial.observation(RED)["last"]["object"])
        caught += card["how"] in ("arrival", "eaten")
    return caught / tries


@pytest.mark.parametrize("name, said, short", [
    ("Rambee", "Blue Rambee lies within a typical miss (~20 mm) of the aim: a stray landing may be caught.",
     "a typical miss (~20 mm) may land it against rb: caught"),
    ("toad", "toad 1 lies within a typical miss (~20 mm) of the aim: a stray landing may be eaten.",
     "a typical miss (~20 mm) may land it against T1: eaten"),
])
def test_a_catcher_within_a_typical_miss_of_the_aim_is_named(name, said, short):
    """l.56 RAMBEE "Hit all the enemy cards which will touch Rambee during the rest of the
    game", l.66 "If an insect card touches a Toad it is considered 'eaten by the Toad'", l.33 a
    drop strays: a newcomer read "+2" on every orientation as safe, and his Firefly, landing
    30 mm off, was caught by the Rambee beside its aim. The note names what lies within a
    typical miss (the hand's figure, noise.toml) and what a stray landing would suffer."""
    game, match = _aimed_beside(name, 15)
    assert 0.1 < _caught_share(match) < 0.9
    obs = match.state.observation(RED)
    assert obs["thrower"]["placements"]["drop"]["along"] == pytest.approx(20, abs=0.5)
    assert said in _menu(match, 100, 40)
    assert short in _menu(match, 80, 24)


@pytest.mark.parametrize("name, gap, seat, card, face_down", [
    ("Rambee", 200, BLUE, "Firefly", False),        # far: a stray landing hardly reaches it
    ("Rambee", 15, RED, "Firefly", False),          # your own: it catches no card of yours (l.38)
    ("Rambee", 15, BLUE, "Firefly", True),          # face down: no effect (l.35)
    ("Rambee", 15, BLUE, "Snailper", False),        # a placed card lands as aimed (l.34)
])
def test_nothing_is_named_when_no_stray_landing_may_be_caught(name, gap, seat, card, face_down):
    """l.38 "Effects generated by an Insect card cannot affect insects of the same colour",
    l.35 face down "it will have no effects", l.34 "Secure Placement: Put the card on the
    table as you like": no warning where a stray landing is safe or the card does not stray."""
    game, match = _aimed_beside(name, gap, seat, card, face_down)
    if card == "Firefly":
        assert _caught_share(match) < 0.02
    for size in ((100, 40), (80, 24)):
        assert "typical miss" not in _menu(match, *size)


def test_the_warning_leaves_the_orientations_on_the_screen_at_80x24():
    """l.33 the drop's orientations, with the warning, fit under the table at 80x24 with the
    title above and a row of events, the prompt below."""
    game, match = _aimed_beside("Rambee", 15)
    match.state._put(_o(game, BLUE, "Snailper"), 420, 263)          # a code in the key too
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    table = _screen(view.render(s.observation(RED), RED), 80, 24).rstrip("\n").split("\n")
    listed = _screen(view.moves(s.observation(RED), RED, texts), 80, 24).rstrip("\n").split("\n")
    assert "typical miss (~20 mm) may land it against rb" in " ".join(" ".join(listed).split())
    assert len(table) + len(listed) + 1 + 1 + 1 + 1 <= 24, "\n".join(table + listed)
