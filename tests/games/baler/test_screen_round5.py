"""Heroes of Baler's text, a newcomer's fifth round of notes (issue 34): why the Philippines'
trench section is off the Action menu, the lines of infirmary pushes and of a US advance that
cannot go on, an attack's own firepower on its menu entry, a shelling of Destroyed walls, the
game's words for a trench section. heroes_of_baler.txt, l.N."""
from __future__ import annotations

from partisan.core.games.baler.position import BalerTable
from partisan.core.games.baler.state import FLOW

FILIPINO_CARDS = ["Takeover attempt", "Massed Assault", "Coordinated Attacks", "Lantaka Barrage"]


def _filipino_action(setup=None, cards=FILIPINO_CARDS, **options):
    """The Philippines' Action phase with the AP of `cards` (6 AP from the four faction cards
    by default), after `setup(table)`."""
    table = BalerTable()
    if setup:
        setup(table)
    table.give("philippines", cards)
    return table.game_state("action", "philippines", **options)


def _play(state, *texts):
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def _menu(state):
    return state.observation(state.current_player())["menu"]


def test_the_trench_section_off_the_menu_after_two_says_so():
    """l.1139: "You cannot build more than two trench sections during an Action phase." With
    two built by action, 2 AP still left and a third section buildable, the trench section is
    off the menu and the reason says two were built this phase."""
    state = _filipino_action(trench_manpower="area")
    _play(state, "build a trench section", "trench 7", "build a trench section", "trench 8")
    obs = state.observation(1)
    assert obs["ap"][1] == 2 and not any(m.startswith("build a trench") for m in obs["menu"])
    assert "trench: 2 built this phase, the most" in obs["not_offered"]


def test_the_trench_section_off_the_menu_for_want_of_manpower_or_points_says_so():
    """l.1133: "have a total of 5 or more manpower on your units on both sides of the trench
    to build": off the menu for want of it, the reason is said; while one can be built, or
    when the 2 action points it costs (l.1131) are missing, which its cost tells, none is."""
    state = _filipino_action()
    assert "build a trench section (2 AP, 1 supply)" in _menu(state)
    assert not any(r.startswith("trench: ") for r in state.observation(1)["not_offered"])
    _play(state, "build a trench section", "trench 7")
    assert "trench: no empty section with manpower 5 on its flanks" in state.observation(1)["not_offered"]
    state = _play(_filipino_action(cards=["March on Manila"], trench_manpower="area"),
                  "build a trench section", "trench 7")
    obs = state.observation(1)
    assert obs["ap"][1] == 1 and not any(r.startswith("trench: ") for r in obs["not_offered"])


def _us_advance_line(face: int, start: int) -> tuple[str, object]:
    """Turn 4's Attrition with the US marker on space `start`: the US advance die's line at
    `face` (the tracks' and the strength dice at 6), and the state after it."""
    table = BalerTable()
    table.set_turn(4)
    table.set_territory(0, start, us=True, strength=4)
    state = table.game_state("attrition", "spain")
    while state._snap()["die_for"] != FLOW["D4_US_STEPS"]:
        state.apply_action(state.string_to_action("die 6"))
    a = state.string_to_action(f"die {face}")
    line = state.describe_action(a, 0)
    state.apply_action(a)
    return line, state


def test_a_us_advance_die_the_marker_cannot_follow_says_so():
    """l.1361: "The foreign power counter always advances towards Baler, but can never enter
    that space." A 6 (3 spaces, l.1359) with the marker on space 2 moves it nowhere, from
    space 3 one space: the die's line says so; a die it can follow says nothing more."""
    line, state = _us_advance_line(6, 2)
    assert line.endswith("6: the US power marker stays at space 2, it never enters Baler"), line
    line, state = _us_advance_line(5, 3)
    assert line.endswith("5: 1 of 3 spaces, to space 2: the US power marker never enters Baler"), line
    assert state._snap()["foreign_space"] == 2
    line, state = _us_advance_line(3, 5)
    assert line.endswith("(1: 1 space, 2-4: 2, 5-6: 3): 3"), line


def test_an_attack_on_the_menu_shows_the_firepower_it_begins_with():
    """l.766: "do not add the Philippine artillery combat factors"; l.768: "as an optional rule, to
    consider the artillery combat factors when determining the firepower in the incursion area".
    Without the option an incursion's firepower counts no artillery, unlike a shooting's (the
    table's fp column). Area 2 holds a Filipino gun: its incursion entry shows
    the firepower without it, its shooting entry the column's; with the option both are alike.
    A shelling has no firepower (l.862): its entry shows none."""
    obs = _filipino_action().observation(1)
    column = obs["board"]["areas"][1]["shooting_firepower"]
    assert f"shooting area 2 (1 AP, fp {column:+d})" in obs["menu"]
    incursion = next(m for m in obs["menu"] if m.startswith("incursion area 2 "))
    assert incursion != f"incursion area 2 (1 AP, fp {column:+d})" and ", fp " in incursion
    assert "artillery area 2 (1 AP)" in obs["menu"]
    obs = _filipino_action(artillery_in_incursions=True).observation(1)
    assert f"incursion area 2 (1 AP, fp {column:+d})" in obs["menu"]


def test_a_shelling_of_walls_already_destroyed_says_it_had_no_effect():
    """l.870-l.873: each net success "reduces the walls one level" down to Destroyed. Walls
    Destroyed before the shelling lose nothing: the result says the shelling had no effect as
    they are already Destroyed, never "walls hold"; walls that a shelling brings down say so."""
    from partisan.core.games.baler.journal import _targets_lost, successes
    rec = {"kind": "artillery", "attacker": 1, "area": 2, "room": 0, "dice": [[3], [5, 6]]}
    assert successes(rec)[1] == ("2 successes (4-6), net 2: no effect, the walls are already "
                                 "Destroyed, shrapnel from 1 six: 1 wound to Spain")
    assert _targets_lost(rec) == [{"side": 1, "text": "2 successes lost: the walls of area 2 are already Destroyed"}]
    rec = {"kind": "artillery", "attacker": 1, "area": 2, "room": 1, "dice": [[3], [5, 6]]}
    assert successes(rec)[1] == ("2 successes (4-6), net 2: walls -1 (1 success lost: the walls are Destroyed), "
                                 "shrapnel from 1 six: 1 wound to Spain")
    assert _targets_lost(rec) == [{"side": 1, "text": "1 success lost: the walls of area 2 are Destroyed"}]


def test_a_trench_section_is_named_by_its_area_never_by_an_index():
    """l.106: "Each area on the map contains two spaces for the Filipinos to build trench
    sections (eight in total)": the section chosen is named on the menu and in its line by its
    area ("trench section 1 of area 4"), as the line telling it built is; no "trench 7"."""
    state = _play(_filipino_action(), "build a trench section")
    a = state.string_to_action("trench 7")
    assert _menu(state) == ["done", "trench section 1 of area 4"]
    assert state.describe_action(a, 1) == "you: trench section 1 of area 4"


def test_an_event_s_attack_shows_its_firepower_alone():
    """Action points pay "for the action you want to undertake" in the Action phase (l.508);
    an event's attack costs none: its menu entry shows its firepower alone, a shelling's
    nothing more than its name ("Firepower and surveillance markers are not used in the
    artillery attack", l.862)."""
    table = BalerTable()
    table.give("philippines", ["Lantaka Barrage", "Call to Arms", "Dig In"])
    state = table.game_state("events", "philippines")
    _play(state, "Lantaka Barrage", "Call to Arms", "done", "Lantaka Barrage: main event")
    assert _menu(state) == ["done", "artillery area 2", "artillery area 4"]
