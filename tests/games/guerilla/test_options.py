"""Guerilla's options (options.py) against the table in RULES.md that argues them."""
import re
from pathlib import Path

import pytest

import partisan.core
from partisan.core.errors import OptionError
from partisan.core.games.guerilla.options import OPTIONS

RULES = Path(partisan.core.__file__).parent / "games" / "guerilla" / "RULES.md"


def _table():
    rows = re.findall(r"^\| `(\w+)` \| `?([^|`]+?)`? \| ([^|]+) \|", RULES.read_text(), re.M)
    return {name: (default.strip(), values.strip()) for name, default, values in rows}


def _values(o) -> str:
    if o.choices:
        return ", ".join(map(str, o.choices))
    if isinstance(o.default, bool):
        return "bool"
    return f"{o.minimum}..{o.maximum}"


def test_every_option_is_argued_in_rules_md_with_its_default_and_values():
    table = _table()
    assert sorted(table) == sorted(o.name for o in OPTIONS)
    for o in OPTIONS:
        default, values = table[o.name]
        assert default == (str(o.default).lower() if isinstance(o.default, bool) else str(o.default))
        assert values.replace("`", "") == _values(o)


def test_every_option_is_named_in_a_reading():
    text = RULES.read_text().split("## Set-up and the turn", 1)[1]
    unargued = [o.name for o in OPTIONS
                if o.name not in ("two_mercenaries", "rounds") and f"`{o.name}=" not in text]
    assert unargued == []


@pytest.mark.parametrize("name, text, value", [
    ("two_mercenaries", "yes", True), ("rounds", "3", 3), ("ambush_max", "4", 4),
    ("air_assault_cost", "card_and_attack", "card_and_attack"), ("policia_cost", "1", 1)])
def test_options_parse_their_other_reading(name, text, value):
    assert next(o for o in OPTIONS if o.name == name).parse(text) == value


@pytest.mark.parametrize("name, text", [("ambush_max", "5"), ("rounds", "0"), ("atrocities", "triple")])
def test_a_value_outside_the_readings_is_refused(name, text):
    with pytest.raises(OptionError, match=name):
        next(o for o in OPTIONS if o.name == name).parse(text)
