"""The ambush marker's roll says what the marker does, on its line and in `cards`' legend
(rules/guerilla.txt l.78-l.79)."""
import io

from rich.console import Console

from partisan.cli.views.guerilla import reference
from partisan.core.games.guerilla.state import GOV, REB

from .test_narration import told


def test_the_marker_roll_says_what_the_marker_is(Guerilla, cid):
    """guerilla.txt l.79: "Whenever a group belonging to a player with an ambush marker is
    attacked, he may roll the die. If the die roll is less than or equal to the number on his
    ambush marker, the effects are exactly the same as playing an Ambush card in defence." """
    t = Guerilla(4, auto=False).arrange(active=1, groups=[(0, REB, [cid("Unit 1/4")], 0),
                                                          (1, GOV, [cid("Unit 3/3")], 0)])
    t.do("buy an ambush marker point", "buy an ambush marker point", "end the turn", "end the turn",
         "end the turn", "attack with group 0", "group 1", "no reaction", "roll your ambush marker")
    assert told(t, 3, 0)[0] == ("P2's ambush marker d10: 3 against the marker 2 (a roll of 2 or less acts as an "
                                "Ambush card in defence): no ambush")


def test_the_cards_legend_explains_the_marker_and_its_roll(Guerilla):
    """guerilla.txt l.78: "A player may purchase the possibility of a defensive ambush by
    spending an action at any time in his turn. A point of ambush strength is gained for every
    action spent, to a maximum of 3." l.79: "If the die roll is less than or equal to the number
    on his ambush marker, the effects are exactly the same as playing an Ambush card in
    defence ... Each time the ambush marker takes effect, reduce it to the next lower number." """
    console = Console(file=io.StringIO(), width=100, force_terminal=True, color_system=None)
    console.print(reference(Guerilla(4).s.game))
    text = " ".join(console.file.getvalue().split())
    assert "a d10 of 2 or less acts as an Ambush card in defence, and the marker drops by one" in text
