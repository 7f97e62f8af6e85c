"""Garden Guerrilla's screen over a whole game: an explosion drawn once, the Scrabblezooka's
orientations with their best catch and the codes they use named, a card off the table placed,
no card's code hidden, the Goodie's mark kept on its spot, the options named per seat (l.N:
line N of rules/garden_guerrilla.txt)."""
from __future__ import annotations

import io
import math
import re

from rich.console import Console
from rich.text import Text

from partisan.cli.views import garden as view
from partisan.core.games.garden.state import ACTIONS as A

from partisan.cli.console import apply_narrated
from partisan.cli.play.prompt import menu_parts
from partisan.core.games.garden.view import C_OFF, grid_point, landing_id

from tests.cli.test_garden_newcomer import BLUE, RED, _game, _o, _orienting, _play, _screen, _skip


def _explosions(match, seat=RED) -> list[int]:
    return [b["seat"] for b in match.state.observation(seat)["explosions"]]


def test_an_explosion_is_drawn_on_the_first_screen_after_it_and_no_later():
    """l.68 "Explosion: This card is used to resolve explosion effects." (Firefly, l.52): it
    is not a card left on the table once the attack is resolved. Its player
    and the others see it on the first screen each is shown after it (the next card to
    choose), not on the aim and orientation screens after that."""
    game, match = _game()
    match.state._put(_o(game, BLUE, "Skorpio"), 455, 305)
    _play(game, match, "Firefly", aim=A.aim_grid + 3 * 8 + 3, land=landing_id(450, 300, 40))
    assert _explosions(match) == [RED] and _explosions(match, BLUE) == [RED]   # Blue to choose its card
    match.apply(A.card + game.data.insect("Skorpio"))
    assert _explosions(match, BLUE) == []                                    # Blue aims: seen
    for a in (A.aim_grid, A.orient, landing_id(56, 400)):
        match.apply(a)
    assert _explosions(match) == [RED]                                       # Red to choose: seen now
    match.apply(A.card + game.data.insect("Skorpio"))
    assert _explosions(match) == []                                          # and not when aiming
    match.apply(A.aim_grid + 7)
    assert _explosions(match) == []                                          # nor when turning it
    board = view.Board(match.state.observation(RED), 60, 22)
    assert view.EXPLOSION[0] not in board.draw(preview=True).plain


def test_an_explosion_before_a_last_card_is_drawn_on_its_aim_screen():
    """A player's last card in the round is played for him (his only legal move): the first
    screen he sees after an explosion is then that card's aim, which draws it."""
    cards = ["Skorpio", "Spiderchute", "Chemic", "Firefly", "Ladygun"]
    game, match = _game(hands={RED: cards, BLUE: cards})
    for name in cards[:3]:
        _skip(game, match, name)
        _skip(game, match, name)
    _play(game, match, "Firefly", aim=A.aim_grid + 3 * 8 + 3, land=landing_id(450, 300, 40))
    _skip(game, match, "Firefly")
    match.apply(A.card + game.data.insect("Ladygun"))      # Red's last card, played for him
    assert _explosions(match) == [RED]
    match.apply(A.aim_grid)
    assert _explosions(match) == []


def test_a_line_that_stops_under_its_crosshair_is_drawn_beside_the_aim_number():
    """l.51 SNAILPER "Hit the first card reached by the line"; a card under the crosshair is the
    first (core/games/garden/RULES.md, How a card attacks). Blue's Snailper catches two of Red's
    cards under its crosshair, on aim point 28: its line is that one point. Red's last card is
    played for him, so his aim screen is the first he sees after it (the rules notes: the lines
    are drawn once, on your next table); the newcomer saw no line there, the aim number drawn
    over it. The line's stop and the number are both drawn, side by side."""
    cards = ["Skorpio", "Spiderchute", "Chemic", "Firefly", "Snailper"]
    game, match = _game(hands={RED: cards, BLUE: cards})
    crosshair = grid_point(game.data.table, 3 * 8 + 3)                  # aim point 28
    match.state._put(_o(game, RED, "Ladygun"), crosshair[0], crosshair[1] - 44)   # under Blue's Snailper
    match.state._put(_o(game, RED, "Laserfly"), crosshair[0], crosshair[1] + 27)
    for name in cards[:3]:
        _skip(game, match, name)
        _skip(game, match, name)
    _skip(game, match, "Firefly")
    _play(game, match, "Snailper", aim=A.aim_card + _o(game, RED, "Ladygun"),
          land=landing_id(crosshair[0], crosshair[1] - 44))
    match.apply(A.card + game.data.insect("Snailper"))                   # Red's last card, played for him
    obs = match.state.observation(RED)
    assert [shot["lines"] for shot in obs["shots"]] == [[[*crosshair, *crosshair]]]
    for size in (view.FULL_BOARD, view.COMPACT_BOARD):
        drawn = view.Board(obs, *size).draw(aim_numbers=True).plain
        assert re.search(f"{view.SHOT_MARK}28|28{view.SHOT_MARK}", drawn), (size, drawn)


def test_the_hand_options_are_named_one_per_seat(partisan):
    """The steadiness of each player's hand is an option per seat (RULES.md, "The cards and the
    table"): the rules text names each option with its seat and the three hands it takes, not
    four options set to three names."""
    told = re.sub(r"\s+", " ", partisan("rules", "garden", "all").out)
    for q in range(4):
        assert f"hand{q} for P{q + 1}" in told, q
    assert "each novice, average (the default) or steady" in told
    assert "novice | average" not in told


def _codes(board) -> str:
    return "\n".join("".join(row) for row in board.chars)


def test_a_card_wholly_covered_by_another_keeps_its_code():
    """l.35 "the card will remain in play face-down (it can still be caught by other
    players)": a face-down card lying under another is still on the table, so its code shows on every
    board size, beside the code of the card on it (whose landing mark yields)."""
    game, match = _game(hands={BLUE: ["Laserfly", "Skorpio", "Spiderchute", "Chemic", "Firefly"]})
    match.state._put(_o(game, RED, "Rambee"), 450, 300, face_down=True)
    _skip(game, match)
    _play(game, match, "Laserfly", aim=A.aim_grid + 3 * 8 + 3, land=landing_id(455, 305, 5))
    obs = match.state.observation(RED)
    assert [ob["where"] for ob in obs["objects"] if ob["insect"] in ("Rambee", "Laserfly")] == ["table"] * 2
    for size in (view.COMPACT_BOARD, view.FULL_BOARD):
        board = view.Board(obs, *size)
        board.draw()
        drawn = _codes(board)
        assert "Rb" in drawn and "lf" in drawn and "@" in drawn, (size, drawn)
    assert "Rb" in _screen(view.render(obs, RED), 80, 24)


def _goodie_label(match, size) -> tuple[int, int]:
    board = view.Board(match.state.observation(RED), *size)
    board.draw()
    [spot] = [(row, "".join(chars).index("G1")) for row, chars in enumerate(board.chars) if "G1" in "".join(chars)]
    return spot


def test_the_goodies_code_stays_on_its_spot_as_cards_land_on_it():
    """l.21 "Place 1 Goodies card on top of every Mushroom": the Goodie does not move when cards
    land on the hat over it (l.67, two of them claim it), so its code stays on the same cells."""
    for size in (view.COMPACT_BOARD, view.FULL_BOARD):
        game, match = _game()
        alone = _goodie_label(match, size)
        for dx, dy in ((-25, -20), (30, 0), (20, 30)):
            game, match = _game()
            match.state._put(_o(game, BLUE, "Skorpio"), 800 + dx, 490 + dy, level=1)
            assert _goodie_label(match, size) == alone, (size, dx, dy)
            match.state._put(_o(game, BLUE, "Chemic"), 800 - dx, 490 - dy, level=1)
            assert _goodie_label(match, size) == alone, (size, dx, dy)


def _scrabblezooka_among_blues():
    """Red orients a Scrabblezooka aimed at grid point 27 among four of Blue's cards: the game,
    the state, Red's observation and the move texts."""
    game, match = _orienting("Scrabblezooka", aim=A.aim_grid + 3 * 8 + 3,
                             hands={RED: ["Scrabblezooka", "Snailper", "Firefly", "Skorpio", "Spiderchute"]})
    s = match.state
    for name, where in zip(["Ladygun", "Snailper", "Chemic", "Skorpio"], [(394, 480), (200, 263), (460, 380), (394, 60)]):
        s._put(_o(game, BLUE, name), *where)
    return game, s, s.observation(RED), [s.action_to_string(a) for a in s.legal_actions()]


def test_the_scrabblezookas_orientations_say_what_their_explosion_can_catch():
    """l.57 Scrabblezooka: "Draw a perpendicular line from the crosshair on this card. Place the
    explosion card in one point of your choice centered on this line. All the enemy cards that
    are covered by the explosion card are hit." Each orientation says what its explosion can
    catch at its best point (the point is chosen next, and the note says so): the most the
    explosion points offer once the card is down."""
    game, s, obs, texts = _scrabblezooka_among_blues()
    listed = re.sub(r"\s+", " ", _screen(view.moves(obs, RED, texts)))
    assert "each choice says what its explosion can catch at the best point, which you choose next" in listed
    small = re.sub(r"\s+", " ", _screen(view.moves(obs, RED, texts), 80, 24))
    assert "what its explosion can catch at the best point (chosen next)" in small
    for number, (a, item) in enumerate(zip(s.legal_actions(), obs["preview"]), 1):
        t = s.clone()
        t.apply_action(a)
        t.apply_action(landing_id(*grid_point(game.data.table, 3 * 8 + 3), (a - A.orient) * 22.5))
        best = max(it["points"] for it in t.observation(RED)["preview"])
        assert item["best_points"] == best, number
        shown = f"{number}. {texts[number - 1].removeprefix('turned ')} " + (
            f"{','.join(view.board_code(n, RED) for n in item['best'])} {best:+d}" if best else "-")
        assert shown in listed, shown
    assert any(item["best"] and not item["choices"] for item in obs["preview"])   # beside the line, not on it


def test_an_orientation_names_what_its_other_explosion_points_could_catch():
    """l.57 Scrabblezooka: "Place the explosion card in one point of your choice centered on
    this line." A newcomer read "Every choice: its explosion can catch Red Skorpio (+1)", chose
    an angle, and found a point of it could catch ant 2 instead: each orientation names, beside
    its best catch, what its other points could catch (Blue's Rambee beside one line: its
    toad is worth more, and so is its pair of ants to another)."""
    game, s, _, _ = _scrabblezooka_among_blues()
    s._put(_o(game, BLUE, "Rambee"), 250, 260)
    obs = s.observation(RED)
    told = 0
    for number, (a, item) in enumerate(zip(s.legal_actions(), obs["preview"]), 1):
        t = s.clone()
        t.apply_action(a)
        t.apply_action(landing_id(*grid_point(game.data.table, 3 * 8 + 3), (a - A.orient) * 22.5))
        reach = {name for it in t.observation(RED)["preview"] for name in it["caught"]}
        assert set(item["best"] or []) | set(item["elsewhere"]) == reach, number
        told += bool(item["elsewhere"])
        if item["elsewhere"]:
            assert f"or at another point {', '.join(item['elsewhere'])}" in view.would(item)
            assert view.would(item, short=True, viewer=RED).endswith(
                " or " + ",".join(view.board_code(n, RED) for n in item["elsewhere"]))
    assert told


def test_the_choices_that_name_cards_by_their_codes_say_what_the_codes_are():
    """A newcomer at 100×40 read the Scrabblezooka's orientations as "1. 0° sk,sp +2 ... 4. 67.5°
    ff,ch,lf +3" and had to find each code in the legend: where the choices name cards by their
    codes (the full sentences take too many rows), the note names every insect they name, once,
    on both screen sizes."""
    game, s, obs, texts = _scrabblezooka_among_blues()
    named = {name for item in obs["preview"] for name in item["best"] or [] if name.startswith("Blue ")}
    assert len(named) > 1
    listed = re.sub(r"\s+", " ", _screen(view.moves(obs, RED, texts), 100, 40))
    small = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
    cut = " ".join(part.plain if isinstance(part, Text) else f"{part[0]}. {part[2]}"    # a menu cut to fit
                   for part in menu_parts(view.moves(obs, RED, texts), small))
    for listed in (listed, cut):
        assert "Blue Ladygun (" not in listed, listed                    # the short choices: codes
        for name in named:
            code, insect = view.board_code(name, RED), name.removeprefix("Blue ")
            assert f" {code} {insect}" in listed and "Blue's" in listed, (name, listed)


def test_a_throw_tells_its_scatter_from_the_nearest_aim_to_the_farthest():
    """l.32 "Spinning Throw: Throw the card by spinning it. The throw must start outside the
    perimeter of the table": the farther the throw, the wider it strays, and a thrown card's
    aim is its last choice (it spins: no orientation). So before the aim is chosen, the screen
    gives the scatter from the nearest aim point to the farthest; a drop's is the same at any
    distance (l.33), and the screen says so."""
    game, match = _game(hands={RED: ["Grasshopper San", "Chemic", "Ladygun", "Firefly", "Skorpio"]})
    for step in ("card", "aim"):
        if step == "aim":
            match.apply(A.card + game.data.insect("Grasshopper San"))
        obs = match.state.observation(RED)
        rx, ry = obs["thrower"]["release"]                     # 10 cm outside the bottom edge's middle
        reach = [math.hypot(x - rx, y - ry) for x, y in (grid_point(game.data.table, i) for i in range(64))]
        assert obs["thrower"]["span"] == [min(reach), max(reach)]
        low, high = obs["thrower"]["span_placements"]["throw"]
        assert low["along"] < high["along"] and low["across"] < high["across"]
        short = view.thrower(obs, RED, short=True).plain             # the line at 80x24
        assert "thrown 15-77" in _screen(view.render(obs, RED), 80, 24)
        assert (f"thrown 15-77 cm: typical miss ~{round(low['along'])}-{round(high['along'])} mm along and "
                f"~{round(low['across'])}-{round(high['across'])} aside") in short, short
    full = re.sub(r"\s+", " ", view.thrower(match.state.observation(RED), RED).plain)
    assert "15-77 cm to the aim points" in full
    game, match = _game()
    assert "dropped at any distance: typical miss ~20 mm" in view.thrower(match.state.observation(RED), RED).plain


def test_a_card_off_the_table_says_how_near_an_edge_it_was_aimed():
    """l.36 "If an Insect card falls off from the table, its owner must put it in his
    Bounty": the game keeps no landing point off the table, so the line says how far inside
    the nearest edge the card was aimed (the margin the throw missed by)."""
    game, match = _game(hands={RED: ["Grasshopper San", "Chemic", "Ladygun", "Firefly", "Skorpio"]})
    match.apply(A.card + game.data.insect("Grasshopper San"))
    match.apply(A.aim_grid + 5 * 8 + 7)                      # (619, 563): near the top edge
    match.apply(A.orient)
    [line] = apply_narrated(match, C_OFF, RED)
    assert "aimed at (619, 563) mm, 37 mm inside the top edge, falls off the table" in line
