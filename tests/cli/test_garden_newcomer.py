"""Garden Guerrilla as a newcomer plays it: every consequence of a card narrated with its cause
and its score, what each orientation or explosion point would do shown before the choice,
aim numbers and markers beside the card codes, where a seat plays from and how its hand
scatters, and the winner at the end (on the screen and in the picture). Forced landings are
applied by their exact ids (l.N: line N of rules/garden_guerrilla.txt)."""
from __future__ import annotations

import io
import math
import re
import statistics
import xml.etree.ElementTree as ET

import pytest
from rich.console import Console

from partisan.cli.console import apply_narrated
from partisan.cli.views import garden as view
from partisan.cli.views.garden_svg import svg
from partisan.core import RandomState, load_game
from partisan.core.games.garden.state import ACTIONS as A, OBJECTS
from partisan.core.games.garden.view import C_OFF, COLOURS, HANDS, grid_point, landing, landing_id
from partisan.core.narration import TO_ME, concern
from partisan.core.record import Match

RED, BLUE = 0, 1
TOAD, ANT1, GOODIE = OBJECTS["toad"], OBJECTS["ant"], OBJECTS["goodie"]
SVG = "{http://www.w3.org/2000/svg}"
# Where the set-up puts the elements (2 players: a mushroom, a bush), then the toads and ants:
# at the right and in the corners, far from the play.
SPOTS = [(800, 490), (800, 110), (60, 540), (60, 60), (200, 60), (200, 540), (340, 60), (340, 540),
         (600, 60), (600, 540)]


def _game(players=2, hands=None, **options):
    """A match after a fixed set-up, Red to choose a card; `hands` names each seat's
    round-1 cards (default: Ladygun, Snailper, Firefly, Skorpio, Spiderchute)."""
    game = load_game("garden", players=players, **options)
    match = Match(game, 0)
    spots = iter(SPOTS)
    while match.state.observation(RED)["phase"] in ("element", "enemy"):
        match.apply(landing_id(*next(spots)))
    for q in range(players):
        names = (hands or {}).get(q, ["Ladygun", "Snailper", "Firefly", "Skorpio", "Spiderchute"])
        match.apply(HANDS.index(sum(1 << game.data.insect(n) for n in names)))
    return game, match


def _o(game, seat, name):
    return OBJECTS["insect"] + 10 * seat + game.data.insect(name)


def _play(game, match, name, aim=A.aim_grid, orient=0, land=None, viewer=RED):
    """Play a card to its landing; the lines `viewer` was told of the landing."""
    for a in (A.card + game.data.insect(name), aim, A.orient + orient):
        apply_narrated(match, a, viewer)
    return apply_narrated(match, land, viewer)


def _skip(game, match, name="Firefly"):
    """A turn that changes nothing: a dropped card falls off the table."""
    _play(game, match, name, land=C_OFF)


def _screen(renderable, width=100, height=40) -> str:
    out = io.StringIO()
    Console(file=out, width=width, height=height, force_terminal=True, color_system=None).print(renderable)
    return out.getvalue()


# ---------------------------------------------------------------- narration
def test_a_line_catch_is_narrated_with_its_cause_and_score():
    """l.51 Snailper: "Hit the first card reached by the line"; l.45 a toad +2 VP. The catch
    gets a line naming whose card, how, what it caught and what it scores."""
    game, match = _game()
    x, y = grid_point(game.data.table, 3)                # under toad 1: the line runs up to it
    lines = _play(game, match, "Snailper", aim=A.aim_grid + 3, land=landing_id(x, y))
    assert "Your Snailper's line catches toad 1: you +2 VP" in lines
    assert match.state.observation(RED)["seats"][RED]["points"] == 2
    told_blue = apply_narrated(Match(game, 0, match.actions[:-1]), match.actions[-1], BLUE)
    assert "Red Snailper's line catches toad 1: Red +2 VP" in told_blue


def test_a_card_eaten_by_a_toad_says_so_and_is_not_shown_as_landed():
    """l.66 "If an insect card touches a Toad it is considered 'eaten by the Toad' and is put
    into the player Bounty, causing a penalty": the line says who ate it and the -1; the
    last play reads "was eaten", not just "landed"."""
    game, match = _game()
    lines = _play(game, match, "Skorpio", land=landing_id(100, 540))
    assert "Toad 1 eats your Skorpio as it lands: you -1 VP (an own insect)" in lines
    last = view.last_throw(match.state.observation(RED), RED).plain
    assert "was eaten by toad 1" in last


def test_a_card_caught_on_arrival_names_the_card_that_caught_it():
    """l.53 Grasshopper San: "Hit all the enemy cards which will touch this card during the
    rest of the game"; l.71 "Insects already on the board have priority"."""
    game, match = _game(hands={BLUE: ["Grasshopper San", "Snailper", "Firefly", "Skorpio", "Spiderchute"]})
    _skip(game, match)
    _play(game, match, "Grasshopper San", land=landing_id(450, 300))
    lines = _play(game, match, "Skorpio", land=landing_id(450, 380))      # touches it
    assert "Your Skorpio lands touching Blue Grasshopper San, which catches it: Blue +1 VP" in lines
    assert "was caught by Blue Grasshopper San" in view.last_throw(match.state.observation(RED), RED).plain


def test_a_card_off_the_table_goes_to_its_owners_bounty_with_one_line():
    """l.36 "If an Insect card falls off from the table, its owner must put it in his
    Bounty. This is a penalty": one line says it, where the card was aimed and the cost."""
    game, match = _game()
    lines = _play(game, match, "Firefly", land=C_OFF)
    assert lines == ["your Firefly, aimed at (56, 38) mm, 38 mm inside the bottom edge, falls off the table into "
                     "your Bounty: you -1 VP "
                     "(an own insect)"]
    game, match = _game()
    lines = _play(game, match, "Firefly", land=C_OFF, viewer=BLUE)
    assert lines == ["Red's Firefly, aimed at (56, 38) mm, 38 mm inside the bottom edge, falls off the table into "
                     "Red's Bounty: Red -1 VP "
                     "(an own insect)"]


@pytest.mark.parametrize("where, said", [
    ((800, 490), "on mushroom 1's hat"),
    ((800, 420), "on the table, partly under mushroom 1's hat"),
    ((899, 490), "on the table beside mushroom 1"),
    ((450, 300), "on the table"),
    ((790, 110), "in bush 1, which pushes it out to (754, 110) mm, on the table"),
])
def test_a_landing_says_whether_the_card_is_on_a_hat_or_on_the_table(where, said):
    """l.62 "Attacks from insects that landed on top of a Mushroom affect the board below; on
    the other hand, Insects on the board can't shoot Insects on top of the Mushroom": the
    landing line says where the card rests: on the hat, or on the table (partly under the hat,
    beside the mushroom); a card landing in a bush is pushed out of it (RULES.md)."""
    game, match = _game()
    lines = _play(game, match, "Skorpio", land=landing_id(*where))
    assert lines[0] == f"your Skorpio lands at ({where[0]}, {where[1]}) mm, 0°, face up, {said}"


def test_explosion_and_cover_catches_and_a_card_that_catches_nothing():
    """l.52 Firefly: "All the enemy cards that are covered by the explosion card are hit";
    l.59 Spiderchute "Hit all the enemy cards covered by this card"; l.35 face down: "no
    effects"."""
    game, match = _game()
    _skip(game, match)
    _play(game, match, "Skorpio", land=landing_id(450, 300))               # Blue
    lines = _play(game, match, "Spiderchute", land=landing_id(460, 310))
    assert "Your Spiderchute covers Blue Skorpio and catches it: you +1 VP" in lines
    lines = _play(game, match, "Firefly", land=landing_id(300, 300), viewer=RED)   # Blue's
    assert any(line.endswith("catches nothing") and "Blue Firefly" in line for line in lines)
    _play(game, match, "Skorpio", land=landing_id(300, 300, 0, True))        # Red, face down
    lines = _play(game, match, "Spiderchute", land=landing_id(600, 300), viewer=RED)
    assert not any("Spiderchute covers" in line for line in lines)
    game, match = _game()
    _skip(game, match, "Spiderchute")
    _play(game, match, "Skorpio", land=landing_id(450, 300))
    lines = _play(game, match, "Firefly", land=landing_id(450, 230))        # its blast covers it
    assert "Your Firefly's explosion catches Blue Skorpio: you +1 VP" in lines


def test_the_choices_that_finish_an_attack_are_told_in_the_games_words():
    """l.58 SKORPIO "Hit one enemy card covered by this card" and l.57 SCRABBLEZOOKA "Place the
    explosion card in one point of your choice centered on this line": the newcomer read "Blue:
    target Red Laserfly" and "Blue: explosion at 7/16 of the line", like move codes. The choice
    names the card that makes it, and your own cards as yours, so it reads as done to you."""
    game, match = _game()
    match.state._put(_o(game, RED, "Snailper"), 440, 300)
    match.state._put(_o(game, RED, "Ladygun"), 470, 300)
    _skip(game, match)
    told = [apply_narrated(match, a, RED)[0] for a in (A.card + game.data.insect("Skorpio"),
                                                       A.aim_card + _o(game, RED, "Snailper"), A.orient,
                                                       landing_id(455, 300))]
    assert told[1] == "Blue: aim at your Snailper" and concern(told[1]) == TO_ME
    pick = A.target + _o(game, RED, "Ladygun")
    assert match.state.describe_action(pick, RED) == "Blue picks your Ladygun as its Skorpio's target"
    assert match.state.describe_action(pick, BLUE) == "you pick Red Ladygun as your Skorpio's target"
    assert concern(match.state.describe_action(pick, RED)) == TO_ME
    game, match = _game(hands={RED: ["Scrabblezooka", "Snailper", "Firefly", "Skorpio", "Spiderchute"]})
    for a in (A.card + game.data.insect("Scrabblezooka"), A.aim_grid + 3 * 8 + 3, A.orient):
        match.apply(a)
    match.apply(match.state.sample_chance(RandomState(1)))
    assert match.state.observation(RED)["phase"] == "blast"
    assert match.state.describe_action(A.blast + 3, BLUE) == \
        "Red centres its explosion card 7/16 along its Scrabblezooka's line"
    assert match.state.describe_action(A.blast + 3, RED) == \
        "you centre your explosion card 7/16 along your Scrabblezooka's line"


def test_a_goodie_claim_and_a_mushroom_changing_hands_are_narrated():
    """l.67 Goodies: "If two or more cards of the same player cover this card, that player
    claims it" (+3 VP, l.46); l.47 a mushroom is worth +1 VP to "the player with the most
    face-up Insects on the Mushroom hat"."""
    game, match = _game()
    _play(game, match, "Skorpio", land=landing_id(800, 490))               # on the hat, over the Goodie
    lines = _skip(game, match) or []
    lines = _play(game, match, "Spiderchute", land=landing_id(805, 480))
    assert "You cover Goodie 1 with two or more cards and claim it: you +3 VP" in lines
    game, match = _game()
    lines = _play(game, match, "Skorpio", land=landing_id(800, 490))
    assert "Mushroom 1: you have the most face-up insects on its hat (+1 VP while it lasts)" in lines


def test_the_second_round_is_announced_with_the_new_hands_and_who_starts():
    """l.29 "Every player then draws the remaining 5 cards from their deck and the second round
    starts"; the first player starts it again (RULES.md): a line says so, the viewer's new cards by
    name, the other's counted."""
    game, match = _game()
    for name in ("Firefly", "Skorpio", "Spiderchute", "Ladygun", "Snailper"):
        for _ in (RED, BLUE):
            secure = name in ("Ladygun", "Snailper")
            before = len(match.actions)
            lines = _play(game, match, name, land=landing_id(56, 38) if secure else C_OFF)
    assert match.state.observation(RED)["round"] == 2
    assert lines[-1] == ("Round 2 begins: you draw your other 5 cards, Scrabblezooka, Chemic, Grasshopper San, "
                         "Rambee, Laserfly; Blue draws its other 5 cards; you play first")
    told_blue = apply_narrated(Match(game, 0, match.actions[:before + 3]), match.actions[before + 3], BLUE)
    assert told_blue[-1] == ("Round 2 begins: Red draws its other 5 cards; you draw your other 5 cards, "
                             "Scrabblezooka, Chemic, Grasshopper San, Rambee, Laserfly; Red plays first")


def test_the_narration_names_seats_by_colour_and_a_throw_spins():
    """The players are colours (l.22 "Every player chooses a colour"); a spinning throw
    (l.32) has no angle to choose."""
    game, match = _game(hands={RED: ["Rambee", "Snailper", "Firefly", "Skorpio", "Spiderchute"]})
    s = match.state
    assert s.describe_action(A.card + game.data.insect("Rambee"), BLUE) == "Red: play Rambee"
    s.apply_action(A.card + game.data.insect("Rambee"))
    s.apply_action(A.aim_grid)
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["throw it spinning"]


# ---------------------------------------------------------------- before the choice
def _orienting(name="Snailper", aim=A.aim_grid + 0 * 8 + 3, **kw):
    game, match = _game(**kw)
    match.apply(A.card + game.data.insect(name))
    match.apply(aim)
    return game, match


def test_each_orientation_shows_where_it_shoots_and_what_it_catches():
    """l.51 "Draw a perpendicular line from the crosshair on this card": before the
    orientation is chosen, each one's line ends at its move number on the table, the list
    says what it would catch, and the note says which way the angles turn."""
    game, match = _orienting()                # aimed at (56, 263): toad 1 above, ant 1 below
    s = match.state
    obs = s.observation(RED)
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    listed = _screen(view.moves(obs, RED, texts))
    assert "counter-clockwise" in listed
    down = texts.index("turned 180°")
    assert re.search(rf"{down + 1}\. 180°: catches ant 1 \(\+1\)", listed)
    assert " 1. 0°: catches toad 1 (+2)" in listed
    board = view.Board(obs, 60, 22)
    board.draw(preview=True)
    for number, item in enumerate(obs["preview"], 1):
        for seg in item["lines"]:
            col, row = board.nearest_cell(*seg[2:])
            near = {"".join(board.chars[r][max(c - 5, 0):c + 6]) for r in (row - 2, row - 1, row, row + 1, row + 2)
                    for c in (col,) if 0 <= r < 22}
            assert any(re.search(rf"(?<!\d){number}(?!\d)", t) for t in near), number
    small = _screen(view.render(obs, RED), 80, 24) + _screen(view.moves(obs, RED, texts), 80, 24)
    assert "180° A1 +1" in small and "numbers: where each line ends" in small


def test_an_orientation_and_a_card_are_typed_as_listed():
    """l.51 "Draw a perpendicular line from the crosshair on this card": the list names each
    orientation by its angle, then what it would catch ("3. 45°: catches ..."). A newcomer
    typed "45°" and was refused; the angle alone is the move, as is the move's own text; and a
    card to play by its name alone ("Skorpio", refused at 80x24 where "play Skorpio" worked)."""
    game, match = _orienting()
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    down = s.legal_actions()[texts.index("turned 180°")]
    for typed in ("180°", "turned 180°", "Turned  180°"):
        assert s.string_to_action(typed) == down, typed
    fresh = _game()[1].state
    skorpio = fresh.string_to_action("play Skorpio")
    assert fresh.string_to_action("skorpio") == skorpio


def test_the_picture_shows_the_lines_and_the_explosion_points():
    """l.57 Scrabblezooka: "Place the explosion card in one point of your choice centered on
    this line": each point is drawn numbered as its move, with its explosion card."""
    game, match = _orienting("Scrabblezooka", aim=A.aim_grid + 3 * 8 + 3,
                             hands={RED: ["Scrabblezooka", "Snailper", "Firefly", "Skorpio", "Spiderchute"]})
    obs = match.state.observation(RED)
    root = ET.fromstring(svg(obs))
    assert len([ln for ln in root.iter(f"{SVG}line") if ln.get("class") == "shot"]) == 16
    match.apply(A.orient)
    match.state._put(_o(game, BLUE, "Skorpio"), 394, 480)     # on its line
    match.apply(landing_id(394, 263))
    obs = match.state.observation(RED)
    assert obs["phase"] == "blast" and len(obs["preview"]) == 9
    root = ET.fromstring(svg(obs))
    assert len([p for p in root.iter(f"{SVG}polygon") if p.get("class") == "blast-choice"]) == len(obs["preview"])
    numbers = [t.text for g in root.iter(f"{SVG}g") if g.get("class") == "choice" for t in g.iter(f"{SVG}text")]
    assert numbers[:8] == [str(n) for n in range(1, 9)]
    texts = [match.state.action_to_string(a) for a in match.state.legal_actions()]
    listed = _screen(view.moves(obs, RED, texts))
    assert "explosion points on the line" in listed and "1. at 1/16: catches nothing" in listed
    assert "9. on Blue Skorpio: catches Blue Skorpio (+1)" in listed
    board = view.Board(obs, 60, 22)
    plain = board.draw(preview=True).plain
    shown = [n for n in range(1, 10) if re.search(rf"(?<!\d){n}(?!\d)", plain)]
    assert len(shown) == 7, shown       # all but the two whose points lie on Blue Skorpio's code


def _zooka_on_the_goodie(game, match):
    """Red's Skorpio on the hat over Goodie 1, then Red's Scrabblezooka placed on it, turned
    90° (its line runs left over the table): every explosion point ends the play with two
    Red cards covering the Goodie."""
    _play(game, match, "Skorpio", aim=A.aim_hat, land=landing_id(800, 490))
    _skip(game, match)
    match.state._put(_o(game, BLUE, "Ladygun"), 300, 490)          # on the line, far left
    _play(game, match, "Scrabblezooka", aim=A.aim_hat, orient=4, land=landing_id(800, 490, 90))


def test_a_goodie_the_cards_cover_is_claimed_not_caught_by_the_attack():
    """l.67 Goodies: "If two or more cards of the same player cover this card, that player
    claims it. Attacks have no effects on this card." The explosion points say what each
    explosion catches, and apart, once, the Goodie the cards on it claim; so does a card
    whose every orientation would claim it."""
    game, match = _game(hands={RED: ["Scrabblezooka", "Skorpio", "Firefly", "Snailper", "Spiderchute"]})
    _zooka_on_the_goodie(game, match)
    s = match.state
    obs = s.observation(RED)
    assert obs["phase"] == "blast"
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    for width, height in ((100, 40), (80, 24)):
        listed = _screen(view.moves(obs, RED, texts), width, height)
        assert "catches Goodie" not in listed and not re.search(r"Goodie 1[,)]|, Goodie|,G1|G1,", listed), listed
        assert re.search(r"[Ee]very choice claims (Goodie 1|G1 \+3)", re.sub(r"\s+", " ", listed)), listed
    listed = re.sub(r"\s+", " ", _screen(view.moves(obs, RED, texts)))
    assert "claims Goodie 1 with two or more of your cards on it (+3)" in listed
    assert "1. at 1/16: catches nothing" in listed
    assert "on Blue Ladygun: catches Blue Ladygun (+1)" in listed
    game, match = _game()
    _play(game, match, "Skorpio", aim=A.aim_hat, land=landing_id(800, 490))
    _skip(game, match)
    match.apply(A.card + game.data.insect("Spiderchute"))
    match.apply(A.aim_hat)
    s = match.state
    listed = re.sub(r"\s+", " ", _screen(view.moves(s.observation(RED), RED,
                                                    [s.action_to_string(a) for a in s.legal_actions()])))
    assert ("If it lands as aimed (it may stray and turn), every choice: catches nothing; claims Goodie 1 with "
            "two or more of your cards on it (+3).") in listed


@pytest.mark.parametrize("width, height, room", [(100, 40, 4), (80, 24, 2)])
def test_the_orientations_leave_room_for_the_title_and_the_events(width, height, room):
    """l.57 Scrabblezooka: its 16 orientations, each with what its line crosses, fit under the
    table with room above for the title and (at 100x40) the events since the last move."""
    game, match = _orienting("Scrabblezooka", aim=A.aim_grid + 3 * 8 + 3,
                             hands={RED: ["Scrabblezooka", "Snailper", "Firefly", "Skorpio", "Spiderchute"]})
    s = match.state
    for name, where in zip(["Ladygun", "Snailper", "Chemic", "Skorpio", "Rambee", "Laserfly"],
                           [(394, 480), (200, 263), (600, 263), (394, 60), (550, 450), (250, 100)]):
        s._put(_o(game, BLUE, name), *where)
    obs = s.observation(RED)
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    assert len(texts) == 16
    table = _screen(view.render(obs, RED), width, height).rstrip("\n").split("\n")
    listed = _screen(view.moves(obs, RED, texts), width, height).rstrip("\n").split("\n")
    assert len(table) + len(listed) + 2 + room <= height, "\n".join(table + listed)
    assert all(f"{n}. " in "\n".join(listed) for n in range(1, 17))


# ---------------------------------------------------------------- labels, markers
def _tokens(board) -> list[str]:
    return " ".join("".join(row) for row in board.chars).split()


def test_aim_numbers_never_merge_with_card_codes():
    """When aiming, every grid number stands apart from every card code, even a card lying
    on a grid point, and on its own point's row: a number with no room there is left out (its
    point lies under or beside a piece, which may be aimed at by name), never moved to another row,
    where it would stand for another point."""
    game, match = _game()
    s = match.state
    s.apply_action(A.card + game.data.insect("Snailper"))
    for i, name in enumerate(["Ladygun", "Snailper", "Firefly", "Skorpio"]):
        s._put(_o(game, BLUE, name), *grid_point(game.data.table, 8 * (2 * i + 1) + 3))
    obs = s.observation(RED)
    assert obs["phase"] == "aim"
    for size in (view.FULL_BOARD, view.COMPACT_BOARD):
        board = view.Board(obs, *size)
        board.draw(aim_numbers=True)
        rows = ["".join(row) for row in board.chars]
        drawn = {int(m.group()): (r, m.start()) for r, row in enumerate(rows)
                 for m in re.finditer(r"(?<![A-Za-z\d])\d+", row)}
        assert len(drawn) >= 56, (size, sorted(drawn))
        for number in range(1, 65):
            col, row = board.nearest_cell(*grid_point(game.data.table, number - 1))
            if number in drawn:
                assert drawn[number][0] == row and abs(drawn[number][1] - col) <= 2 + len(str(number)), \
                    (size, number, drawn[number], (row, col))
            else:
                assert any((c, row) in board.kept for c in range(col - 1, col + len(str(number)) + 1)), \
                    (size, number)      # under or beside a piece
        for ob in obs["objects"]:
            if ob["where"] == "table":
                assert any(re.search(rf"(?<![A-Za-z\d]){view.code(ob, obs['seat'], len(obs['seats']))}(?![A-Za-z\d])", row) for row in rows), \
                    (size, view.code(ob, obs['seat'], len(obs['seats'])))


@pytest.mark.parametrize("size, right, left", [(view.FULL_BOARD, 16, None), (view.COMPACT_BOARD, 30, None),
                                               (view.FULL_BOARD, 16, 56)])
def test_a_card_lain_over_keeps_its_whole_code(size, right, left):
    """A card lying over an ant leaves it a strip one cell wide: the ant's code stays whole
    ("A1", not an "A" that could be any ant), on its strip and the free table beside it, apart
    from the top card's code; with cards on both sides, on its strip and the next card."""
    game, match = _game()
    s = match.state
    s._put(ANT1, 450, 300)
    s._put(_o(game, BLUE, "Skorpio"), 450 + right, 300)
    if left:
        s._put(_o(game, BLUE, "Firefly"), 450 - left, 300)
    board = view.Board(s.observation(RED), *size)
    board.draw()
    shown = {(c, r) for c, r, _, _ in board.cells() if board.owner[r][c] == ANT1}
    assert shown and not any((c + 1, r) in shown for c, r in shown)     # no two side by side
    rows = ["".join(row) for row in board.chars]
    found = [(m.start(), r) for r, row in enumerate(rows) for m in re.finditer(r"(?<![A-Za-z\d])A1(?![A-Za-z\d])", row)]
    assert len(found) == 1, rows
    col, row = found[0]
    assert {(col, row), (col + 1, row)} & shown
    assert "A" not in _tokens(board) and "sk" in _tokens(board) and (not left or "ff" in _tokens(board))


def test_markers_sit_beside_a_card_code():
    """The last aim (+) and landing (@) lie on the card's centre: the code keeps its cells,
    the mark goes beside it (one mark a cell: a landing on its aim shows @), on the screen
    and in the picture."""
    game, match = _game()
    _play(game, match, "Skorpio", aim=A.aim_grid + 3 * 8 + 3, land=landing_id(*grid_point(game.data.table, 27)))
    obs = match.state.observation(RED)
    for size in (view.FULL_BOARD, view.COMPACT_BOARD):
        board = view.Board(obs, *size)
        board.draw()
        tokens = _tokens(board)
        assert any("Sk" in t for t in tokens) and "@" in "".join(tokens)     # the aim's + under the @
        assert not any(re.search(r"S[@+]|[@+]k", t) for t in tokens)
    root = ET.fromstring(svg(obs))
    code = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "code"
                and g.get("data-for") == f"obj-{_o(game, RED, 'Skorpio')}")
    text = next(code.iter(f"{SVG}text"))
    ring = next(c for c in root.iter(f"{SVG}circle") if c.get("class") == "landing")
    assert math.dist((float(text.get("x")), float(text.get("y"))),
                     (float(ring.get("cx")), float(ring.get("cy")))) > 20


def test_a_cards_owner_reads_without_colour():
    """l.22 "Every player chooses a colour and takes the corresponding deck": on a terminal
    without colour a card's code still says whose it is, the viewer's own "Rb", another
    seat's "rb" (then "RB", "rB"), as the legend says."""
    game, match = _game(players=4)
    s = match.state
    for q, x in enumerate((150, 350, 550, 750)):
        s._put(_o(game, q, "Rambee"), x, 300)
    for viewer in range(4):
        obs = s.observation(viewer)
        board = view.Board(obs, *view.FULL_BOARD)
        board.draw()
        for q, x in enumerate((150, 350, 550, 750)):
            want = ("Rb", "rb", "RB", "rB")[(q - viewer) % 4]
            col, row = board.cell(x, 300)
            assert any(want in "".join(board.chars[r][col - 3:col + 4]) for r in (row - 1, row, row + 1)), \
                (viewer, q)
        told = _screen(view.render(obs, viewer))
        n = (viewer + 1) % 4
        assert f"Rb yours rb {COLOURS[n]}" in told and "RB" in told and "rB" in told
    game, match = _game()
    match.state._put(_o(game, BLUE, "Rambee"), 300, 300)
    assert "Rb yours rb Blue's" in _screen(view.render(match.state.observation(RED), RED))


@pytest.mark.parametrize("size", [view.FULL_BOARD, view.COMPACT_BOARD])
@pytest.mark.parametrize("land", [(420, 280, 10), (430, 300, 90), (200, 200, 45), (610, 420, 135), (300, 450, 0)])
def test_the_landed_cards_code_sits_beside_its_landing_mark(size, land):
    """The card just played shows its code and its landing mark (@) side by side on one row,
    so the mark reads as that card's."""
    game, match = _game()
    _play(game, match, "Skorpio", aim=A.aim_grid + 3 * 8 + 3, land=landing_id(*land))
    board = view.Board(match.state.observation(RED), *size)
    rows = board.draw().plain.split("\n")
    assert any("Sk@" in row or "@Sk" in row for row in rows), "\n".join(rows)


def test_the_hat_outline_shows_over_an_explosion_and_the_cards_under_the_hat():
    """l.62 Mushrooms: what lies under a hat and what lies on it are hit differently: the hat's
    edge is drawn over the cards on the table and over an explosion, and over the cards on
    the hat too, in their colours (a newcomer saw the outline of a crowded hat vanish under
    its cards); their codes tell the levels apart."""
    game, match = _game()
    s = match.state
    s._put(_o(game, BLUE, "Skorpio"), 800, 420)                     # caught by the explosion
    _play(game, match, "Firefly", aim=A.aim_hat, land=landing_id(800, 405))
    s._put(_o(game, BLUE, "Chemic"), 735, 520)                      # another, partly under the hat
    obs = s.observation(RED)
    assert obs["explosions"] and [e for e in obs["elements"] if e["kind"] == "mushroom"]
    hat = next(e for e in obs["elements"] if e["kind"] == "mushroom")
    on_hat = {ob["id"] for ob in obs["objects"] if ob["where"] == "table" and ob["level"]}     # the Goodie
    blast = obs["explosions"][0]
    for size in (view.FULL_BOARD, view.COMPACT_BOARD):
        board = view.Board(obs, *size)
        board.draw()

        def under(c, r):
            return math.hypot(board.centre(c, r)[0] - hat["x"], board.centre(c, r)[1] - hat["y"]) <= hat["r"]
        edge = [(c, r) for c, r, _, _ in board.cells() if under(c, r) and not all(
            under(c + dc, r + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)))]
        shown = [(c, r) for c, r in edge if board.owner[r][c] not in on_hat and (c, r) not in board.kept]
        assert shown and all(board.chars[r][c] == view.ELEMENT_MARKS["mushroom"][0] for c, r in shown), size
        assert size != view.FULL_BOARD or any(board.owner[r][c] == _o(game, BLUE, "Chemic") for c, r in shown)
        assert any(view.contains(blast["x"], blast["y"], blast["angle"], blast["width"], blast["height"],
                                 *board.centre(c, r)) for c, r in shown), size
    s._put(_o(game, RED, "Spiderchute"), 800, 490, level=1)        # on the hat: over its edge
    board = view.Board(s.observation(RED), *view.FULL_BOARD)
    board.draw()
    col, row = board.cell(800 - 25, 490 + 40)
    assert board.owner[row][col] == _o(game, RED, "Spiderchute") and board.chars[row][col] == "^"
    assert board.styles[row][col].endswith(view.SEAT_STYLES[RED].rpartition(" on ")[2])


def test_a_card_on_a_hat_is_labelled_inside_the_hats_outline_on_every_screen():
    """l.62 "Attacks from insects that landed on top of a Mushroom affect the board below": a
    newcomer at 100×40 read Blue's Spiderchute on the hat as off it, its code drawn a row below
    the hat's outline (the card hides the edge there), then a cell further on the next screen
    with nothing moved. Its code stays inside the outline, on the same cells, whether it is the
    last card played (its landing mark beside it), the aim numbers are drawn, or neither; apart
    from the Goodie's code (a newcomer read "chG1" as one code), on the hat's edge when the
    hat has no room inside for both."""
    game, match = _game(hands={BLUE: ["Spiderchute", "Snailper", "Firefly", "Skorpio", "Ladygun"]})
    _skip(game, match)
    _play(game, match, "Spiderchute", aim=A.aim_hat, orient=7, land=landing_id(803, 443, 131))
    hat = next(e for e in match.state.observation(RED)["elements"] if e["kind"] == "mushroom")

    def label(aim_numbers=False):
        board = view.Board(match.state.observation(RED), *view.FULL_BOARD)
        drawn = board.draw(aim_numbers=aim_numbers).plain.split("\n")
        [(row, col)] = [(r, line.index("sp")) for r, line in enumerate(drawn) if "sp" in line]

        def under(c, r):
            return math.hypot(board.centre(c, r)[0] - hat["x"], board.centre(c, r)[1] - hat["y"]) <= hat["r"]
        assert under(col, row) and under(col + 1, row), "\n".join(drawn)
        assert not (drawn[row][col - 1].isalnum() or drawn[row][col + 2].isalnum()), "\n".join(drawn)
        return row, col

    spots = [label()]                                        # Blue's card just landed: its @ beside it
    match.apply(A.card + game.data.insect("Snailper"))
    spots.append(label(aim_numbers=True))
    for a in (A.aim_grid, A.orient, landing_id(56, 38)):
        match.apply(a)
    _skip(game, match, "Firefly")
    assert match.state.observation(RED)["last"]["card"] == "Firefly"
    spots.append(label())
    assert len(set(spots)) == 1, spots


def test_the_rules_notes_speak_to_players(partisan):
    """`rules garden` says what a player needs in plain words (the hat's radius, how each insect
    is played, lines on and off a hat, l.62), without the rulebook's line numbers (a player has
    no rulebook) and none of the maintainers' language (files, chance nodes, the search, markers)."""
    run = partisan("rules", "garden", "all")
    assert run.code == 0
    told = re.sub(r"\s+", " ", run.out)
    for words in ("hat is a disc of radius 55 mm", "placed (secure placement", "dropped (vertical drop",
                  "thrown spinning", "Lines and cards on and off a hat", "never hits a card on a hat",
                  "bounty"):
        assert words in told, words
    for words in (".toml", "data/", "chance node", "digest", "search", "Returns", "[I]", "(l.", "sample",
                  "not implemented", "redeal", "Ids", "MAST"):
        assert words not in told, words


# ---------------------------------------------------------------- the scores
def test_the_bounty_column_counts_every_card_in_a_bounty_and_says_so():
    """l.36 "If an Insect card falls off from the table, its owner must put it in his
    Bounty": the score panel's column counts every card in a Bounty, caught or fallen off, is
    named for it, and the legend and `cards` say what it counts."""
    game, match = _game()
    _skip(game, match)                                  # Red's Firefly falls off: nothing caught
    obs = match.state.observation(RED)
    told = _screen(view.render(obs, RED))
    header = next(line for line in told.split("\n") if "Goodies" in line and "VP" in line)
    assert "bounty" in header and "caught" not in header
    assert re.search(r"Red P1\s+-1\s+0\s+4\s+1\b", told)
    assert "bounty = cards caught + own ones lost" in told
    reference = re.sub(r"\s+", " ", _screen(view.reference(game), 120))
    assert "Bounty holds the cards he caught and his own cards eaten by a toad or fallen off the table" in reference


# ---------------------------------------------------------------- the hand
@pytest.mark.parametrize("players, edges", [(2, ["bottom", "top"]), (3, ["bottom", "top", "left"]),
                                            (4, ["bottom", "right", "top", "left"])])
def test_each_seat_is_told_its_edge(players, edges):
    """l.32 "The throw must start outside the perimeter of the table": each seat throws from
    the middle of its own edge (RULES.md), and its screen says which."""
    game, match = _game(players=players)
    for q, edge in enumerate(edges):
        obs = match.state.observation(q)
        assert obs["thrower"]["edge"] == edge
        if q == RED:
            assert f"You play from the {edge} edge" in _screen(view.render(obs, q))
        _skip(game, match)


def test_the_scatter_shown_is_the_scatter_of_the_landings():
    """The figures the screen gives for a throw (one standard deviation along and across its
    flight, noise.toml) are those of the landings the game draws."""
    game, match = _orienting("Rambee", aim=A.aim_grid + 3 * 8 + 3,
                             hands={RED: ["Rambee", "Snailper", "Firefly", "Skorpio", "Spiderchute"]})
    s = match.state
    shown = s.observation(RED)["thrower"]["placements"]["throw"]
    assert "thrown: typical miss" in _screen(view.render(s.observation(RED), RED))
    s.apply_action(A.orient)
    aim = s.observation(RED)["aim"]
    rng, along, across = RandomState(3), [], []
    rx, ry = s.observation(RED)["thrower"]["release"]
    hx, hy = aim[0] - rx, aim[1] - ry
    n = math.hypot(hx, hy)
    hx, hy = hx / n, hy / n
    for _ in range(3000):
        where = landing(s.sample_chance(rng))
        if where:
            dx, dy = where[0] - aim[0], where[1] - aim[1]
            along.append(dx * hx + dy * hy)
            across.append(-dx * hy + dy * hx)
    assert statistics.pstdev(across) == pytest.approx(shown["across"], rel=0.1)
    assert statistics.pstdev(along) == pytest.approx(math.hypot(shown["along"], shown["slide"]), rel=0.15)


# ---------------------------------------------------------------- the end
def test_the_end_names_the_winner_on_the_screen_and_in_the_picture():
    """l.48 "The player with the highest total is the winner": the last screen, the events
    and the picture say who, with every seat's score by source."""
    game = load_game("garden", players=2)
    match = Match(game, 5)
    rng = RandomState(5)
    lines = []
    while not match.state.is_terminal():
        s = match.state
        a = s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[rng.randint(len(s.legal_actions()))]
        lines = apply_narrated(match, a, RED)
    obs = match.state.observation(RED)
    returns = match.state.returns()
    best = [q for q in range(2) if returns[q] == max(returns)]
    name = "You" if best == [RED] else COLOURS[best[0]]
    assert any(line.startswith(f"Game over, the last card is played: {name}") for line in lines)
    assert f"Game over (the last card is played): {name}" in _screen(view.render(obs, RED), 200)
    picture = svg(obs)
    winner = COLOURS[best[0]] if len(best) == 1 else None
    assert (f"Game over: {winner} wins" if winner else "share the victory") in picture
    assert all(f"{COLOURS[q]} {obs['seats'][q]['points']} VP:" in picture for q in range(2))


def test_an_aim_that_feeds_the_toad_says_so_once():
    """l.66 a card touching a toad is eaten: aimed at the toad, every orientation would be,
    and the list says it once."""
    game, match = _orienting(aim=A.aim_card + TOAD)
    s = match.state
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    listed = _screen(view.moves(s.observation(RED), RED, texts))
    assert "Every choice: eaten by toad 1 as it lands." in re.sub(r"\s+", " ", listed) and not re.search(r"°: eaten", listed)


def test_the_front_end_names_colours_and_the_outcome_by_source():
    """l.22 "Every player chooses a colour"; l.41-l.47 the victory points by source; the
    reference lists every insect with how it is played and what it catches (l.31-l.34,
    l.50-l.59)."""
    game, match = _game()
    _play(game, match, "Snailper", aim=A.aim_grid + 3, land=landing_id(*grid_point(game.data.table, 3)))
    obs = match.state.observation(RED)
    assert view.side_names(obs) == ["Red", "Blue"]
    result = view.outcome(obs, [1.0, 0.0], game)
    assert "last card" in result["reason"]
    assert result["scores"][RED] == ("2 VP", "1 toad +2")
    text = _screen(view.reference(game), 120)
    assert all(insect.name in text for insect in game.data.insects)
    assert "thrown" in text and "dropped" in text and "placed" in text and "Goodie" in text


def test_the_scatter_line_says_which_way_and_that_a_drop_turns():
    """l.33: "Vertical Drop"; l.32: "Spinning Throw". The short scatter line says which figure is
    the length and which the side, gives the distance only for a throw (a drop strays the same
    at any distance), and says that a dropped card turns from the angle chosen."""
    from partisan.cli.views.garden import spread
    thrown = {"along": 70.0, "across": 35.0, "slide": 25.0, "face_down": 0.15, "spin": True, "turn": 0.0,
              "by_distance": True}
    dropped = {"along": 20.0, "across": 20.0, "slide": 0.0, "face_down": 0.08, "spin": False, "turn": 25.0,
               "by_distance": False}
    assert spread("throw", thrown, short=True) == "thrown: typical miss ~70 mm along and ~35 aside, often more"
    assert spread("drop", dropped, short=True) == "dropped: typical miss ~20 mm, turn ~25°, often more"
    assert "turn ~25° from the angle chosen" in spread("drop", dropped)
