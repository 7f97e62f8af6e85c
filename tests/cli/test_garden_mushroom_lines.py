"""A mushroom passing from one player to another is told as both: who gains its VP and who
loses it (garden_guerrilla.txt l.47)."""
from __future__ import annotations

import pytest

from partisan.cli.views.garden import _mushroom_lines

RED, BLUE = 0, 1


def _hat(controller):
    return {"elements": [{"kind": "mushroom", "controller": controller, "value": 1}]}


@pytest.mark.parametrize("viewer, told", [
    (RED, "Mushroom 1: Blue has the most face-up insects on its hat (+1 VP while it lasts; you lose yours)"),
    (BLUE, "Mushroom 1: you have the most face-up insects on its hat (+1 VP while it lasts; Red loses its)"),
])
def test_a_mushroom_taken_from_a_player_says_he_loses_its_vp(viewer, told):
    """l.47: "the player with the most face-up Insects on the Mushroom hat): +1 VP per Mushroom". A
    newcomer's VP fell from 14 to 13 when Blue took the mushroom, and only Blue's gain was told."""
    assert _mushroom_lines(_hat(RED), _hat(BLUE), viewer) == [told]


def test_a_mushroom_taken_from_nobody_names_no_loser():
    """l.47: a hat nobody held before has no loser to name."""
    assert _mushroom_lines(_hat(None), _hat(BLUE), RED) == [
        "Mushroom 1: Blue has the most face-up insects on its hat (+1 VP while it lasts)"]
