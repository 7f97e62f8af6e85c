"""Heroes of Baler's text, a newcomer's sixth round of notes (issue 34): an automa event's
attack with no area left told by its true reason, in words that read right to the human; a
support card's boost told as an announcement, the boosted event once, when it is resolved.
heroes_of_baler.txt, l.N."""
from __future__ import annotations

import pytest

from partisan.core.games.baler import journal, view
from partisan.core.games.baler.position import BalerTable


def _no_attack_reason(setup=None) -> str:
    table = BalerTable()
    if setup:
        setup(table)
    state = table.game_state("events", "philippines")
    return view.why_no_effect(state, state._snap(), "attack", {"kind": "artillery"}, 1)


def test_an_artillery_event_with_its_areas_attacked_already_says_so():
    """l.582: "You can never attack a map area more than once in the same phase (be it the
    Events or Action phase)." With guns in areas 2 and 4 (the set-up's) and no area left to
    shell, Lantaka Barrage's main event did nothing because those areas were attacked this
    phase, and the line names the Philippines, not "your" (the human reads it)."""
    reason = _no_attack_reason()
    assert reason == ("the areas with a Filipino gun (2, 4) were attacked by the Philippines this "
                      "phase already; an area is attacked once a phase"), reason


def test_an_artillery_event_with_no_gun_on_the_map_says_so():
    """l.860: "they must have an artillery piece in the area on the map they wish to attack":
    with no gun on the map, that is the reason."""
    def no_guns(table):
        for area in range(1, 5):
            table.clear(f"artillery_area_{area}")
    assert _no_attack_reason(no_guns) == "no area with a Filipino gun"


def test_an_incursion_s_lost_successes_add_up_cause_by_cause():
    """l.801: "The number of targets to sabotage equals the difference between their successes
    and those of the enemy, but is limited to a maximum of two per incursion." Net 3 in an
    area with one target left: one success lost to the cap, one for want of a target; the
    summary's counts add up to the net."""
    rec = {"kind": "incursion", "attacker": 0, "area": 2, "room": 1,
           "dice": [[6, 5, 6], [4, 2]], "modified": [[False] * 3, [False] * 2]}
    summary = journal.successes(rec)[0]
    assert "net 3: 1 target(s) (2 successes lost: 1 beyond the 2 a combat takes, 1 with no target left)" \
        in summary, summary


def test_a_walls_die_names_only_the_card_in_play():
    """l.1151: "the Philippine side plays the 'Takeover attempt' event. They choose map area 4
    and roll a die to attempt to damage the church walls": its walls die names that card's
    table alone, not another card with a walls table (Fire on the Roof)
    which is not in play."""
    table = BalerTable()
    table.give("philippines", ["Takeover attempt", "Massed Assault"])
    state = table.game_state("events", "philippines")
    for text in ("Takeover attempt", "Massed Assault", "done", "Takeover attempt: main event", "area 1"):
        state.apply_action(state.string_to_action(text))
    line = state.describe_action(state.string_to_action("die 1"), 0)
    assert line.startswith("the walls die of Takeover attempt's table: 1"), line


@pytest.mark.parametrize("supply, face, told", [(4, 1, ": supply 2, below 4: morale -1"),
                                                (4, 6, ": supply 3, below 4: morale -1"),
                                                (2, 1, ": supply 0, below 4: morale -3"),
                                                (5, 6, ": supply 4, no morale lost")])
def test_the_filipino_attrition_die_says_what_the_supply_costs_in_morale(supply, face, told):
    """l.459-l.460: "The supply level is below 4 - Reduce the morale of the Philippine side
    according to the supply level: Supply level of 3 or 2 - Reduce the morale by 1." From
    each supply, the attrition die's line says the morale the new level costs, or that it
    costs none (the die's -1: no troops on the territorial map)."""
    table = BalerTable()
    table.set_tracks("philippines", supply=supply)
    state = table.game_state("attrition", "philippines")
    line = state.describe_action(state.string_to_action(f"die {face}"), 0)
    assert line.startswith("the Philippines' attrition die") and line.endswith(told), line


def test_a_boost_is_announced_and_the_boosted_event_told_when_resolved():
    """l.354: "Next, they resolve the events in the cards in the order of their choice. They
    can also play a third card from their hand as 'support card' to boost an event card, that
    is, to activate its secondary event." Choosing the event to boost is an announcement, not
    its resolution: its line says so, and the secondary event's own line, when it is resolved
    after the main event, says it is the boosted one."""
    table = BalerTable()
    table.give("philippines", ["Coordinated Attacks", "Lantaka Barrage", "March on Manila"])
    state = table.game_state("events", "philippines")
    for text in ("Coordinated Attacks", "Lantaka Barrage", "March on Manila"):
        state.apply_action(state.string_to_action(text))
    boost = state.string_to_action("Coordinated Attacks: secondary event")
    assert state.describe_action(boost, 0) == ("Philippines: the support card is to boost Coordinated "
                                               "Attacks: secondary event (announced; resolved in its turn)")
    state.apply_action(boost)
    line = state.describe_action(state.string_to_action("Coordinated Attacks: secondary event"), 0)
    assert line.startswith("Philippines: Coordinated Attacks: secondary event (boosted by the support card)"), line
    line = state.describe_action(state.string_to_action("Lantaka Barrage: main event"), 0)
    assert "boosted" not in line, line
