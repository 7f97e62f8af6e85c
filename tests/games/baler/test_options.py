"""Heroes of Baler's options (options.py) against the table in RULES.md that argues them."""
import re
from pathlib import Path

import pytest

import partisan.core
from partisan.core.errors import OptionError
from partisan.core.games.baler.options import OPTIONS

RULES = Path(partisan.core.__file__).parent / "games" / "baler" / "RULES.md"


def _table():
    rows = re.findall(r"^\| `(\w+)` \| `?([^|`]+?)`? \| ([^|]+) \|", RULES.read_text(), re.M)
    return {name: (default.strip(), values.strip()) for name, default, values in rows}


def test_every_option_is_argued_in_rules_md_with_its_default_and_values():
    table = _table()
    assert sorted(table) == sorted(o.name for o in OPTIONS)
    for o in OPTIONS:
        default, values = table[o.name]
        assert default == str(o.default).lower() if isinstance(o.default, bool) else default == str(o.default)
        if o.choices:
            assert values.replace("`", "") == ", ".join(map(str, o.choices))
        else:
            assert values == "bool" and isinstance(o.default, bool)


@pytest.mark.parametrize("name, text, value", [
    ("artillery_vp", "2", 2), ("us_swap", "attrition", "attrition"),
    ("territorial_leaders", "no", False), ("no_troops_modifier", "0", 0)])
def test_options_parse_their_other_reading(name, text, value):
    option = next(o for o in OPTIONS if o.name == name)
    assert option.parse(text) == value


def test_a_value_outside_the_readings_is_refused():
    with pytest.raises(OptionError, match="artillery_vp"):
        next(o for o in OPTIONS if o.name == "artillery_vp").parse("3")
