"""What a newcomer reads on Garden Guerrilla's screen: where a card pushed out of a bush lies,
whose code a face-down card shows, what a Firefly did, where an explosion went, how to name
an aim target (l.N: line N of rules/garden_guerrilla.txt)."""
from __future__ import annotations

import io
import re

from rich.console import Console

from partisan.cli.views import garden as view
from partisan.core import RandomState, load_game
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import HANDS, landing_id
from partisan.core.record import Match

RED, BLUE = 0, 1
SPOTS = [(700, 150), (300, 450), (180, 110), (560, 370), (840, 250)]   # mushroom, bush, toad, ants
HAND = ["Snailper", "Chemic", "Firefly", "Scrabblezooka", "Laserfly"]
GOODIE = 6                          # Goodie 1's object id, on mushroom 1's hat in this set-up


def _game():
    """A match after a fixed set-up, Red to choose a card of HAND (Blue holds the same)."""
    game = load_game("garden", players=2)
    match = Match(game, 0)
    spots = iter(SPOTS + [(100 + 150 * k, 560) for k in range(6)])
    while match.state.observation(RED)["phase"] in ("element", "enemy"):
        match.apply(landing_id(*next(spots)))
    for _ in range(2):
        match.apply(HANDS.index(sum(1 << game.data.insect(n) for n in HAND)))
    return game, match


def insect(game, seat: int, name: str) -> int:
    return 8 + 10 * seat + game.data.insect(name)


def _screen(renderable, width: int, height: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, height=height, force_terminal=True, color_system=None).print(renderable)
    return out.getvalue()


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _menu(match, width: int, height: int) -> str:
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    return _flat(_screen(view.moves(s.observation(RED), RED, texts), width, height))


# ---------------------------------------------------------------- a card pushed out of a bush
def _pushed(game, match):
    """Red drops its Chemic into the middle of bush 1 (at (300, 450) mm), which pushes it out to
    the bush's edge (the rulebook says no more of a bush than l.63: "The bush blocks all line of
    sight"; the push is the reading in core/games/garden/RULES.md, Your move, "In a bush"); the
    observation after it."""
    for a in (A.card + game.data.insect("Chemic"), A.aim_grid + 3 * 8 + 6, A.orient, landing_id(300, 450)):
        match.apply(a)
    return match.state.observation(RED)


def test_the_last_play_shows_where_a_card_pushed_out_of_a_bush_lies():
    """A card landing in a bush is pushed out to its edge (no rulebook passage: the reading in
    core/games/garden/RULES.md, Your move, "In a bush"): the side panel's landing (@) and the
    table's @ are where the card lies, not the spot in the bush it fell on."""
    game, match = _game()
    obs = _pushed(game, match)
    card = next(ob for ob in obs["objects"] if ob["id"] == insect(game, RED, "Chemic"))
    assert (card["x"], card["y"]) != (300, 450)
    assert f"landed @ ({card['x']:g}, {card['y']:g})" in view.last_throw(obs, RED).plain
    ax, ay = obs["last"]["aim"]
    off = round(((card["x"] - ax) ** 2 + (card["y"] - ay) ** 2) ** 0.5)
    assert f"@ {off} mm from its aim" in view.last_throw(obs, RED, short=True).plain
    for size in ((60, 22), (40, 12)):
        board = view.Board(obs, *size)
        marks = dict((mark, cell) for cell, mark in board._markers())
        assert marks[view.LANDING_MARK] == board.cell(card["x"], card["y"]), size


def _played_out(seed: int = 3):
    """A whole game played by the first legal move at each step, chance drawn from `seed`."""
    game, match = _game()
    rng = RandomState(seed)
    while not match.state.is_terminal():
        s = match.state
        match.apply(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    return game, match


def test_the_final_panel_says_the_last_play_as_during_play():
    """l.41 the game ends when the last card is played: the panel beside the final table says
    that card by its name and in the words it used during play (aimed +, landed @)."""
    game, match = _played_out()
    obs = match.state.observation(RED)
    assert obs["phase"] == "end"
    last = obs["last"]
    screen = _flat(_screen(view.render(obs, RED), 100, 40))
    assert f"Last: {view.COLOURS[last['seat']]} {last['card']} aimed +" in screen, screen


# ---------------------------------------------------------------- a face-down card's code
def test_a_face_down_card_on_an_ant_shows_its_own_code_among_its_marks():
    """l.40 a card landing face down has no effect: its cells are shaded, and that shading
    frames the card's own code, never the code of the ant it lies on (which goes beside it)."""
    game, match = _game()
    gh = insect(game, RED, "Grasshopper San")
    match.state._put(gh, 560, 370, 0, True, 0)          # face down, over ant 1
    obs = match.state.observation(RED)
    for size in ((60, 22), (40, 12)):
        board = view.Board(obs, *size)
        board.draw()
        rows = ["".join(chars) for chars in board.chars]
        row = next(r for r, text in enumerate(rows) if "Gh" in text)
        col = rows[row].index("Gh")
        assert all(board.owner[row][c] == gh for c in (col, col + 1)), (size, rows)
        ant = next((r, text.index("A1")) for r, text in enumerate(rows) if "A1" in text)
        assert all(board.owner[ant[0]][c] != gh for c in (ant[1], ant[1] + 1)), (size, "\n".join(rows))
        if size == (60, 22):
            assert rows[row][col - 1] == rows[row][col + 2] == view.FACE_DOWN_FILL, "\n".join(rows)


# ---------------------------------------------------------------- a Firefly's result
def _firefly_on_the_goodie(game, match, blue_beside: bool):
    """Red's Ladygun lies on Goodie 1 (on mushroom 1's hat); Red plays its Firefly aimed at the
    Goodie, with Blue's Skorpio on the hat beside it when `blue_beside`."""
    match.state._put(insect(game, RED, "Ladygun"), 700, 150, 0, False, 1)
    if blue_beside:
        match.state._put(insect(game, BLUE, "Skorpio"), 830, 150)
    match.apply(A.card + game.data.insect("Firefly"))
    match.apply(A.aim_card + GOODIE)


def test_a_firefly_that_claims_a_goodie_but_catches_nothing_says_so():
    """l.67 "If two or more cards of the same player cover this card, that player claims it";
    Firefly's l.52: "All the enemy cards that are covered by the explosion card are hit". A
    Firefly whose explosion catches no card says so, even when its landing claims a Goodie."""
    game, match = _game()
    _firefly_on_the_goodie(game, match, blue_beside=False)
    match.apply(A.orient)
    before = match.state.observation(RED)
    match.apply(landing_id(700, 150))
    lines = view.changes(before, match.state.observation(RED), RED)
    assert "Your Firefly catches nothing" in lines, lines
    assert any("claim it: you +3 VP" in line for line in lines), lines


def test_the_firefly_orientation_header_reads_as_sentences():
    """l.33 a dropped card strays and turns: every condition on what the choices would do is
    said once, and each clause of the header is whole ("every choice claims G1 +3", "each
    catches what follows it", "it rests on hat 1"), not "catches if it lands as aimed"."""
    game, match = _game()
    _firefly_on_the_goodie(game, match, blue_beside=True)
    short, full = _menu(match, 80, 24), _menu(match, 100, 40)
    assert "if it lands as aimed, every choice claims G1 +3; each catches what follows it; it rests on hat 1" \
        in short, short
    assert short.count("as aimed") == 1 and "catches if" not in short, short
    assert "After each choice, what it would catch if it lands as aimed." in full, full
    assert "What each would catch" not in full, full


# ---------------------------------------------------------------- where an explosion went
def test_an_explosion_placed_on_the_line_says_where_it_lies():
    """l.54 Scrabblezooka: "place the explosion card ... centred on the line": after the
    choice "explosion at 5/16 of the line", the summary says where the explosion card lies, in
    mm, and how big it is, to the player who placed it and to the others."""
    game, match = _game()
    for a in (A.card + game.data.insect("Scrabblezooka"), A.aim_grid + 2 * 8 + 2, A.orient + 1):
        match.apply(a)
    match.apply(match.state.sample_chance(RandomState(1)))
    assert match.state.observation(RED)["phase"] == "blast"
    before = {q: match.state.observation(q) for q in (RED, BLUE)}
    match.apply(A.blast + 2)
    d = match.state._table()
    x, y = d["blast_at"][RED]["x"] / 10, d["blast_at"][RED]["y"] / 10
    w, h = d["card_w"] * d["blast"], d["card_h"] * d["blast"]
    for q, whose in ((RED, "Your"), (BLUE, "Red's")):
        lines = view.changes(before[q], match.state.observation(q), q)
        assert f"{whose} explosion card ({w:g}×{h:g} mm) lies centred at ({x:.0f}, {y:.0f}) mm" in lines[0], lines


# ---------------------------------------------------------------- naming an aim target
def test_the_aim_menu_says_a_named_target_may_be_typed_by_name():
    """The rulebook names no aim (a card is thrown, dropped or placed, l.32-l.34); choosing one
    among 64 points, a card or a mushroom is the reading in core/games/garden/RULES.md (Your
    turn). The targets after the 64 points are renumbered as cards come and go, so the menu
    says that a target may be typed by its name ("aim at mushroom 1"), which names the same
    move on every turn."""
    from partisan.cli.play.prompt import menu_entries
    game, match = _game()
    match.state._put(insect(game, BLUE, "Skorpio"), 830, 150)
    match.apply(A.card + game.data.insect("Snailper"))
    assert 'or by name: type "aim at mushroom 1"' in _menu(match, 100, 40)
    assert "or type one as listed" in _menu(match, 80, 24)     # "Blue Sk": "aim at Blue Sk" was refused
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    console = Console(file=io.StringIO(), width=100, height=40)
    named = [(n, item) for n, _, item in menu_entries(view.moves(s.observation(RED), RED, texts), console)]
    assert [item for _, item in named][-2:] == ["Blue Skorpio", "mushroom 1"], named
    for n, item in named:
        assert s.string_to_action(f"aim at {item}") == s.legal_actions()[n - 1]
    from partisan.cli.play.session import PlaySession
    small = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    session = PlaySession(match, RED, {BLUE: "random"}, "random", None, small)
    assert session.parse_move("Blue Sk") == s.string_to_action("aim at Blue Skorpio")     # as listed there
