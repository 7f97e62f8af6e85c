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
    ("territorial_leaders", "no", False), ("no_troops_modifier", "0", 0),
    ("us_repulse", "stay", "stay")])
def test_options_parse_their_other_reading(name, text, value):
    option = next(o for o in OPTIONS if o.name == name)
    assert option.parse(text) == value


def test_a_value_outside_the_readings_is_refused():
    with pytest.raises(OptionError, match="artillery_vp"):
        next(o for o in OPTIONS if o.name == "artillery_vp").parse("3")


# ---------------------------------------------------------------- each option, both readings
# Every option is a struct field set from its value (components.apply_options); each test
# plays the same position under both readings and shows where they part (RULES.md "Options").
from partisan.core.games.baler.position import BalerTable, NODES  # noqa: E402


def _node(s):
    return s._snap()["node"]


def _both(name, other, build):
    """build(table) under the default reading and under `other`."""
    default, changed = BalerTable(), BalerTable()
    changed.set_option(name, other)
    return build(default), build(changed)


def test_us_swap(play):
    """Reading 1: "In turn 3, remove the Spanish power marker from this map, and place the US
    power marker in Manila" (l.1202, Upkeep) or "In turn 4 ... Upon rolling and resolving for
    attrition, the Philippine side removes the Spanish power marker" (l.472, l.488)."""
    def upkeep_then_attrition(t):
        t.set_turn(3)
        s = t.game_state("upkeep", "spain")
        after_upkeep = s._snap()["us_power"]
        t.take(s)
        t.set_turn(4)
        s = t.game_state("attrition", "spain", step=20)
        snap = s._snap()
        return after_upkeep, snap["us_power"], snap["foreign_space"], s.is_chance_node()
    default, other = _both("us_swap", "attrition", upkeep_then_attrition)
    assert default[0] == 1 and other[0] == 0
    # in turn 4's Attrition the US is in Manila either way and rolls its strength die
    assert default[1:] == other[1:] == (1, 5, True)


def test_territorial_morale(play, territorial_attack):
    """Reading 5: "You can only use each modifier once per combat." (l.902) or, on the
    territorial map, "they choose whether to spend morale levels to modify any of the dice"
    (l.1394): per die by default, once under territorial_morale=once."""
    def two_pluses(t):
        s = territorial_attack(t)    # CF 1+1+1 from 2 into Spain on 3
        play(s, "roll 3 4 4", "morale +1 on a 4")
        return _node(s) == NODES["territorial modifiers"], s._snap()["morale"][1]
    default, once = _both("territorial_morale", "once", two_pluses)
    assert default == (True, 5) and once == (False, 5)


def test_foreign_morale(play, texts, territorial_attack):
    """Reading 2: "The Spanish player will roll the dice for the foreign power" (l.1386); the
    foreign power has no morale track, so its dice are not modified, unless foreign_morale
    lets Spain spend Spanish morale on them."""
    def spanish_dice(t):
        s = territorial_attack(t)    # CF 1+1+1 from 2 into Spain on 3
        play(s, "roll 1 1 1", "done", "roll 2 4 4")
        return s.current_player(), texts(s)[:2]
    default, other = _both("foreign_morale", True, spanish_dice)
    assert default[0] != 0
    assert other == (0, ["done", "morale +1 on a 2"])


def test_us_repulse(play, territorial_attack):
    """RULES.md, "Territorial combat results": the Filipinos attack the US and lose; "the
    Philippine side loses a unit of their choice ... In addition, they must retreat one space
    towards Baler, and the US counter occupies the space previously occupied by the Filipinos"
    (l.1404): by default the space they attacked from (2), under us_repulse=stay the US keeps
    its own (4). The Filipinos end on 1 either way."""
    def repulsed(t):
        s = play(territorial_attack(t, 2, 4, us=True), "roll 1 1 1", "done", "roll 1 1 5 6")
        s.apply_action(s.legal_actions()[0])        # the unit lost
        t.take(s)
        return t.territory
    assert _both("us_repulse", "stay", repulsed) == ((1, 2), (1, 4))


def test_reserve_on(play, texts):
    """Reading 6: after a Leaders roll of 2-5 a religious leader chooses "Activate" or
    "Reserve" (l.1233-l.1236), or under reserve_on=six only on a 6 and otherwise returns to
    his detachment space face up (l.1230)."""
    def roll_3(t):
        t.put("Juan López", "spain_command_religious")
        t.set_turn(2)
        s = t.game_state("upkeep", "spain", step=10)
        play(s, "die 3")
        at_choice = _node(s) == NODES["upkeep leader"] and texts(s) == ["done", "yes"]
        t.take(s)
        return at_choice, t.where("Juan López")
    default, six = _both("reserve_on", "six", roll_3)
    assert default == (True, "spain_command_religious")
    assert six == (False, "spain_detachment_1_2_6")


def test_disabled_recovery(quietly):
    """Reading 7: "(1) The leader becomes disabled ... While disabled, the leader cannot be
    moved into the Command area." (l.1229): he recovers at the next Leaders step, or never."""
    def next_turn(t):
        t.disable("Juan Alonso Zayas")
        t.set_turn(2)
        s = t.game_state("upkeep", "spain", step=6)
        quietly(s, lambda s: s._snap()["turn"] == 3)
        return t.unit("Juan Alonso Zayas") in s._snap()["disabled"]
    assert _both("disabled_recovery", "never", next_turn) == (False, True)


def test_trench_bonus():
    """Reading 12: "If the Philippine side has built all the trench sections (8 in total) and
    all of them are operational ... they score 5 victory points." (l.1179): at every Upkeep it
    holds, or once."""
    def two_upkeeps(t):
        for k in range(1, 9):
            t.set_trench(k, "built")
        t.set_turn(2)
        t.victory()
        t.set_turn(3)
        t.victory()
        return t.vp("philippines")
    assert _both("trench_bonus", "once", two_upkeeps) == (10, 5)


def test_wall_bonus():
    """Reading 12: "If none of the church walls ... are Destroyed or Wrecked, they score 1
    victory point. If all the church walls ... are Intact, they score 2 victory points."
    (l.1184-l.1185): the better tier, or both."""
    def turn_6(t):
        t.set_turn(6)
        assert t.victory()
        return t.vp("spain")
    assert _both("wall_bonus", "cumulative", turn_6) == (7 + 2, 7 + 3)     # 7 at the start


def test_walls_end(man):
    """Reading 13: "The Philippine side has degraded the church wall conditions to Destroyed
    in two or more areas ... scores 6 victory points, and the game ends immediately."
    (l.1190): checked at the Upkeep, or the moment the second area falls."""
    def incursion(t):
        t.set_walls(1, "Destroyed")
        t.set_walls(2, "Wrecked")
        man(t, 2, spain=[1], philippines=[3, 3, 3])
        assert t.begin("incursion", 2, "philippines")
        assert t.roll("philippines", [5, 6, 5, 5]) and t.roll("spain", [1, 2]) and t.score()
        assert t.sabotage("walls")
        return t.walls(2), t.over, t.vp("philippines")
    assert _both("walls_end", "immediate", incursion) == (("Destroyed", False, 0),
                                                         ("Destroyed", True, 6))


def test_no_troops_modifier():
    """Reading 14: the modifier "according to the position they occupy on the territorial
    control map (-1, 0, +1, or +2 modifier)" (l.450) with no troops there: -1 as at Baler,
    or 0. A roll of 3: modified 2 (supply -2) or 3 (supply -1) (l.452-l.453)."""
    def roll_3(t):
        t.set_tracks("philippines", supply=5, morale=6)
        t.attrition("philippines", 3)
        return t.supply("philippines")
    assert _both("no_troops_modifier", 0, roll_3) == (3, 4)


def test_trench_manpower(bag_soldier):
    """Reading 16: "have a total of 5 or more manpower on your units on both sides of the
    trench" (l.1133): the two flanking posts, or the whole area."""
    def flanks_3_area_6(t):
        posts = list(t.posts(1, "philippines"))
        for post in posts:
            t.clear(post)
        for post, mp in zip(posts, (1, 2, 3)):
            t.put(bag_soldier(t, "philippines", 1, mp), post)
        return t.trench_buildable(1)
    assert _both("trench_manpower", "area", flanks_3_area_6) == (False, True)


def test_supply_artillery(play, bag_soldier):
    """Gap: "The Philippine side can also obtain new artillery pieces as an outcome of the die
    roll." (l.1031) though the table (l.1052-l.1054) shows none: under supply_artillery a
    modified 6 or more also places a reserve piece."""
    def roll_6(t):
        t.put_territory(bag_soldier(t, "philippines", 1, 1), 2)
        t.clear("artillery_area_3")
        t.give("philippines", ["March on Manila"])
        s = t.game_state("action", "philippines")
        play(s, "supply", "die 6")
        if _node(s) == NODES["artillery post"]:
            play(s, "area 3")
        t.take(s)
        return t.supply("philippines"), t.occupant("artillery_area_3") is not None
    assert _both("supply_artillery", True, roll_6) == ((6, False), (6, True))


def test_territorial_leaders(texts):
    """Reading 4: "Place up to 3 units (soldiers and leaders) on the territorial control map"
    (l.1367) or "Move up to 3 units (only soldiers, no leaders)" (l.1018)."""
    def deploy(t):
        t.give("philippines", ["March on Manila"])
        s = t.game_state("action", "philippines")
        s.apply_action(s.string_to_action("move"))
        s.apply_action(s.string_to_action("deploy on the territorial map"))
        return "Simón Tecson" in texts(s), "draw from the bag" in texts(s)
    assert _both("territorial_leaders", False, deploy) == ((True, True), (False, True))
