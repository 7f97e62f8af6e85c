"""Garden Guerrilla as two newcomers read it in whole games (l.N: line N of
rules/garden_guerrilla.txt): counted nouns in agreement, ..."""
from __future__ import annotations

from partisan.cli.views.garden_svg import svg
from tests.cli.test_garden_newcomer import RED, _game, _play, _skip, landing_id


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
