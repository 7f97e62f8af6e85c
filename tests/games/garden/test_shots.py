"""The lines a landed card shot, as the rules code ran them and the state kept them for the
pictures (data.pxd Shot; the view's "shots"), whatever has landed or been caught since (l.N:
line N of rules/garden_guerrilla.txt)."""
from __future__ import annotations

import random

import pytest

from partisan.core import load_game
from partisan.core.games.garden.state import HOWS, OBJECTS, PHASES, SIZES, WHERE
from partisan.core.record import Match
from tests.games.garden.test_rules import ANT1, BLUE, ENEMIES, HANDS, RED, Table, grid

NTYPES = SIZES["types"]
TENTH = 0.05 + 1e-9             # the state keeps the ends to the nearest 0.1 mm


def _recorded(d: dict, q: int) -> list:
    """Seat q's lines as the state kept them, in mm."""
    shot = d["shot"][q]
    return [[seg["x0"] / 10, seg["y0"] / 10, seg["x1"] / 10, seg["y1"] / 10] for seg in shot["line"][:shot["n"]]]


def _as_it_ran(state, o: int) -> list:
    """The rules code's own lines of card o just after its play, its line catches put back
    where they lay (they left the table after the lines ran)."""
    t = state.clone()
    d = t._table()
    for x, ob in enumerate(d["obj"]):
        if x != o and ob["where"] == WHERE["bounty"] and ob["by"] == o and ob["how"] == HOWS["line"]:
            pose = ob["pose"]
            t._put(x, pose["x"] // 10, pose["y"] // 10, pose["angle"] // 5, bool(ob["face_down"]), ob["level"])
    return [list(seg) for seg in t._lines(o)]


def _same(got: list, want: list) -> bool:
    return len(got) == len(want) and all(g == pytest.approx(w, abs=TENTH) for g, w in zip(got, want))


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_the_lines_kept_and_drawn_are_those_the_card_shot(players, seed):
    """l.50-l.57: a line from each crosshair to the first card it may hit (Laserfly's through
    every card), stopped by mushrooms and bushes (l.62-l.63). The lines the state keeps for a
    seat are those its latest card shot, none when it shot none (face down, caught or off the
    table as it landed, no line effect): unchanged by every later play (cards landed on them,
    cards caught from them) until that seat's next card; and the lines every seat's screen
    draws are those the state kept, each seat's from its last play on (even when one of its
    cards fell off the table)."""
    game = load_game("garden", players=players)
    match = Match(game, seed)
    rng = random.Random(seed)
    ran: dict[int, tuple[int, list]] = {}          # seat -> (its latest card, its lines then)
    landed, checked, drawn = None, 0, 0
    while not match.state.is_terminal():
        s = match.state
        if s.is_chance_node():
            if s._table()["phase"] == PHASES["land"]:
                landed = OBJECTS["insect"] + s._table()["seat"] * NTYPES + s._table()["card"]
            match.play_chance()
        else:
            match.apply(rng.choice(s.legal_actions()))
        d = match.state._table()
        if landed is not None:
            q, ob = (landed - OBJECTS["insect"]) // NTYPES, d["obj"][landed]
            if d["phase"] in (PHASES["blast"], PHASES["target"]):
                ran[q] = (landed, [])               # nothing shot before the explosion's point
            else:                                   # its play is over: what it shot is known
                shoots = ob["where"] == WHERE["table"] and not ob["face_down"]
                ran[q] = (landed, _as_it_ran(match.state, landed) if shoots else [])
                landed = None
        for q, (o, lines) in ran.items():
            assert _same(_recorded(d, q), lines), (q, o, _recorded(d, q), lines)
            assert not lines or d["shot"][q]["by"] == o
            checked += bool(lines)
        for viewer in range(players):
            shots = match.state.observation(viewer)["shots"]
            for shot in shots:
                q = shot["seat"]
                assert shot["object"] == d["shot"][q]["by"] and shot["lines"] == _recorded(d, q)
            drawn += len(shots)
    assert checked > 20 and drawn > 20


def test_a_line_that_catches_ends_at_the_card_it_caught():
    """l.50 LADYGUN "Draw perpendicular lines from the crosshairs on this card. Hit the first
    enemy card reached by each line": the line that catches a card is kept as far as that
    card's edge, the other one to the table's edge."""
    t = Table([["Ladygun", "Skorpio", "Firefly", "Chemic", "Laserfly"], HANDS[1]])
    chemic = t.o(BLUE, "Chemic")
    t.s._put(chemic, 600, 188, half_degrees=180)        # turned 90 degrees: 88 mm wide
    t.play("Ladygun", aim=grid(3, 2))                  # at (394, 188), upright: lines left and right
    assert t.where(chemic) == ("bounty", RED)
    d = t.s._table()
    assert d["shot"][RED]["by"] == t.o(RED, "Ladygun")
    assert _recorded(d, RED) == [[425.5, 188, 600 - 44, 188], [362.5, 188, 0, 188]]


def test_a_snailper_line_stopped_by_an_own_card_ends_there():
    """l.51 SNAILPER "Hit the first card reached by the line": its own card first, the line
    stops on it and catches nothing; the line kept ends at that card."""
    t = Table([["Snailper", "Skorpio", "Firefly", "Chemic", "Laserfly"], HANDS[1]],
              enemies=[ENEMIES[0], (394, 450, 0), ENEMIES[2]])
    t.play("Skorpio", land=(394, 320, 90, False))
    t.skip()
    t.play("Snailper", aim=grid(3, 2))                 # at (394, 188), its line going up
    assert t.where(ANT1) == ("table", -1)
    assert _recorded(t.s._table(), RED) == [[394, 232, 394, 320 - 31.5]]


@pytest.mark.parametrize("step, blast", [(0, 2), (3, 5), (0, "card")])
def test_a_scrabblezookas_line_is_the_one_its_explosion_sits_on(step, blast):
    """l.57 SCRABBLEZOOKA "Draw a perpendicular line from the crosshair on this card. Place the
    explosion card in one point of your choice centered on this line": the line kept is the
    one the explosion was centred on, at the point chosen; none is kept before the choice."""
    t = Table([["Scrabblezooka", "Firefly", "Chemic", "Skorpio", "Laserfly"], HANDS[1]],
              enemies=[(394, 520, 0), (394, 430, 0), (150, 500, 0)])
    t.play("Scrabblezooka", aim=grid(3, 2), orient=step)
    assert t.s._table()["shot"][RED]["n"] == 0
    choices = t.s.legal_actions()
    assert blast != "card" or len(choices) > 8, choices        # the line crosses an enemy card
    a = choices[blast] if blast != "card" else choices[-1]
    t.s.apply_action(a)
    d = t.s._table()
    (x0, y0, x1, y1), = _recorded(d, RED)
    bx, by = d["blast_at"][RED]["x"] / 10, d["blast_at"][RED]["y"] / 10
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    along = ((bx - x0) * (x1 - x0) + (by - y0) * (y1 - y0)) / length
    aside = ((bx - x0) * (y1 - y0) - (by - y0) * (x1 - x0)) / length
    assert abs(aside) <= 0.2 and -0.2 <= along <= length + 0.2
    if blast != "card":
        assert along == pytest.approx((blast + 0.5) / 8 * length, abs=0.2)
    else:                                              # where the line passes ant 1's centre
        assert (bx, by) == (394, 430)
    assert d["shot"][RED]["play"] == d["blast_play"][RED]


def test_a_seats_lines_are_drawn_after_one_of_its_cards_fell_off():
    """l.36 "If an Insect card falls off from the table, its owner must put it in his Bounty":
    the lines of that seat's later card are drawn all the same on the next player's table; a
    card falling off keeps none, so the lines of the seat's card before it are no longer kept."""
    t = Table([["Ladygun", "Skorpio", "Firefly", "Chemic", "Laserfly"], HANDS[1]])
    t.play("Ladygun", aim=grid(3, 2))
    assert t.s._table()["shot"][RED]["n"] == 2
    t.skip()                                           # Blue
    t.play("Firefly", land="off")
    assert t.s._table()["shot"][RED]["n"] == 0 and t.s.observation(BLUE)["shots"] == []
    t.skip("Skorpio")
    t.play("Laserfly", land=(300, 300, 0, False))
    shots = t.s.observation(BLUE)["shots"]
    assert [s["seat"] for s in shots] == [RED] and shots[0]["object"] == t.o(RED, "Laserfly")
    assert shots[0]["lines"] == [[300, 344, 300, 600]]
