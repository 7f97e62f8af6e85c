"""Garden Guerrilla's data: the shipped files load; mistakes are DataErrors naming the field."""
from __future__ import annotations

import shutil

import pytest

from partisan.core.errors import DataError
from partisan.core.games.garden.components import DATA, EFFECTS, load_data


def test_shipped_data():
    data = load_data()
    assert data.table == (900, 600) and data.card == (63, 88) and data.explosion == 2.0
    assert sorted(i.effect for i in data.insects) == list(range(len(EFFECTS)))
    assert data.setup[4] == {"mushrooms": 2, "bushes": 2, "toads": 2, "ants": 4, "goodies": 2}
    assert data.score["goodie"] == 3 and data.score["own_insect"] == -1
    assert [h.name for h in data.noise.hands] == ["novice", "average", "steady"]
    assert data.insects[data.insect("rambee")].crosshairs == (1, 3)    # top and bottom


@pytest.mark.parametrize("old, new, message", [
    ('effect = "snailper"', 'effect = "snaipler"', "unknown effect"),
    ('placement = "drop"', 'placement = "lob"', "unknown placement"),
    ('crosshairs = ["top"]\n\n[[insect]]\nname = "Firefly"', 'crosshairs = ["up"]\n\n[[insect]]\nname = "Firefly"', "crosshairs"),
    ('effect = "chemic"\nplacement = "drop"\ncrosshairs = []', 'effect = "chemic"\nplacement = "drop"\ncrosshairs = ["top"]', "line effect"),
    ("width = 900", "width = 2000", "width"),
    ("stem_radius = 25", "stem_radius = 20", "stem_radius must be at least"),
    ("players = 4", "players = 5", "players"),
    ("ants = 4", "ants = 5", "ants"),
    ("goodie = 3", "goodies = 3", "unknown field"),
    ('effect = "laserfly"', 'effect = "ladygun"', "one with each effect"),
])
def test_mistakes_are_named(tmp_path, old, new, message):
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    text = (folder / "garden.toml").read_text()
    assert old in text
    (folder / "garden.toml").write_text(text.replace(old, new, 1))
    with pytest.raises(DataError, match=message):
        load_data(folder)
