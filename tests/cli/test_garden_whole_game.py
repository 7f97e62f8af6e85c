"""Garden Guerrilla's screen over a whole game: an explosion drawn once, the Scrabblezooka's
orientations with their best catch, a card off the table placed, no card's code hidden, the
Goodie's mark kept on its spot, the options named per seat (l.N: line N of
rules/garden_guerrilla.txt)."""
from __future__ import annotations

import re

from partisan.cli.views import garden as view
from partisan.core.games.garden.state import ACTIONS as A

from partisan.core.games.garden.view import landing_id

from tests.cli.test_garden_newcomer import BLUE, RED, _game, _o, _play, _screen, _skip


def _explosions(match, seat=RED) -> list[int]:
    return [b["seat"] for b in match.state.observation(seat)["explosions"]]


def test_an_explosion_is_drawn_on_the_first_screen_after_it_and_no_later():
    """l.52 Firefly: "Place the explosion card centered on this card ... All enemy cards under
    the explosion card are defeated": the explosion card only resolves the attack. Its player
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


def test_the_hand_options_are_named_one_per_seat(partisan):
    """The steadiness of each player's hand is an option per seat (RULES.md, "The cards and the
    table"): the rules text names each option with its seat and the three hands it takes, not
    four options set to three names."""
    told = re.sub(r"\s+", " ", partisan("rules", "garden", "all").out)
    for q in range(4):
        assert f"hand{q} for P{q + 1}" in told, q
    assert "each novice, average (the default) or steady" in told
    assert "novice | average" not in told
