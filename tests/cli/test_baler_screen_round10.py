"""Heroes of Baler's screen, a newcomer's tenth round of notes (issue 34, "every consequence
on screen"): a unit pushed off the space a mover takes is said to go where the rulebook sends
it, in the events and the replay alike; Spain's attrition die gives the supply and morale
levels that call for beriberi and desertion; a shelling's 6s say whether their shrapnel
wounds or is cancelled; the Upkeep's victory check says why the siege goes on; a "done" played for the player says
what it ended; every mandatory shooting is told, one with no effect said so, and the menus
mark each attack that can do nothing, with why; an event's effect that has nothing to do says
so beside what the rest of its event does; the final count names the artillery pieces
destroyed apart from the units killed.
heroes_of_baler.txt, l.N."""
from __future__ import annotations

import random
import re

import pytest

from partisan.cli.console import move_text
from partisan.cli.views import baler
from partisan.core.game import load_game

from partisan.core.games.baler.position import BalerTable
from tests.cli.test_baler_screen_round5 import _told

SPAIN_POST = "Spanish post '3-4', area 2"       # José Pestana holds it at the set-up


def _spain_moves():
    """Spain's Action phase, with cards for a movement."""
    table = BalerTable()
    table.give("spain", ["Sortie", "Volley from the Bell Tower"])
    return table


@pytest.mark.parametrize("viewer, who", [(0, "you"), (1, "Spain"), (None, "Spain")])
def test_a_soldier_pushed_off_his_post_goes_into_the_bag_on_the_move_s_line(viewer, who):
    """l.982: "If the post is occupied, place the existing unit in the bag (if it is a soldier)
    or the detachment (if it is a leader), and then place the chosen unit in the post." Donat
    Pastor moves onto the post José Pestana holds: the move's line says Pestana goes into the
    Spanish bag, to the mover, to the Philippines and in the replay (no seat)."""
    state = _spain_moves().game_state("action", "spain")
    lines = _told(state, 0 if viewer is None else viewer, "move", "Donat Pastor")
    line = state.describe_action(state.string_to_action(SPAIN_POST), viewer)
    mover = "" if who == "you" else "Donat Pastor moves → "       # the other side's pick, as a move
    assert line == f"{who}: {mover}{SPAIN_POST} (José Pestana, who held it, → the Spanish bag)", lines + [line]


def test_a_leader_pushed_off_his_post_goes_back_to_his_detachment_space():
    """l.982 (above): a leader pushed off goes to the detachment, to his own space there."""
    table = _spain_moves()
    table.clear("spain_3_4_area_2")
    table.put("Juan Alonso Zayas", "spain_3_4_area_2")
    state = table.game_state("action", "spain")
    lines = _told(state, 0, "move", "Donat Pastor", SPAIN_POST)
    assert lines[-1] == (f"you: {SPAIN_POST} (Juan Alonso Zayas, who held it, → Detachment '1-2', space 2)"), lines


def test_the_enemy_s_soldier_drawn_onto_a_held_post_pushes_its_man_into_the_bag():
    """l.988: "Place it in a guard post on the map of your choice. If the post is occupied,
    place the existing unit in the bag (if it is a soldier) or the detachment (if it is a
    leader)." The Philippines draw a soldier from their bag onto the post a Katipunero holds:
    Spain reads where that Katipunero goes."""
    table = BalerTable()
    table.give("philippines", ["Call to Arms", "Massed Assault"])
    state = table.game_state("action", "philippines")
    lines = _told(state, 0, "move", "draw from the bag", "bag Katipunero 2-2 3", "Filipino post '3-4', area 1")
    assert lines[-1] == ("Philippines: Katipunero 2/2 moves → Filipino post '3-4', area 1 (Katipunero 1/1, who held it, "
                         "→ the Filipino bag)"), lines


def test_a_move_onto_an_empty_post_names_no_one():
    table = _spain_moves()
    table.clear("spain_3_4_area_1")
    state = table.game_state("action", "spain")
    lines = _told(state, 0, "move", "Donat Pastor", "Spanish post '3-4', area 1")
    assert lines[-1] == "you: Spanish post '3-4', area 1", lines


@pytest.mark.parametrize("supply, face, said", [
    (4, 5, "5: supply 3, below 4: beriberi, 1 unit falls ill; morale 5: no desertion"),
    (5, 6, "6: supply 4: no beriberi; morale 5: no desertion"),
    (4, 1, "1: supply 2, below 4: beriberi, 2 units fall ill; morale 5: no desertion")])
def test_the_attrition_die_says_the_supply_level_that_brings_beriberi(supply, face, said):
    """l.386-l.392: "Upon rolling the die and adjusting the Spanish side supply level, resolve
    the corresponding effect: • The supply level equals 4, 5, or 6: No effect. • The supply
    level is below 4: A beriberi epidemic occurs with the following consequences: • Level 3 – A
    Spanish unit gets ill ... • Level 2 – Two Spanish units get ill". A 5 or a 6 costs 1
    supply, a 1 costs 2 (l.383-l.384): the die's line gives the level the supply falls to, and
    so why a 5 from supply 4 brings beriberi and a 6 from supply 5 does not; then the morale
    level, which calls for desertion (l.394-l.397)."""
    table = BalerTable()
    table.set_tracks("spain", supply=supply, morale=5)
    state = table.game_state("attrition", "spain")
    line = state.describe_action(state.string_to_action(f"die {face}"), 0)
    assert line == f"Spain's attrition die (1-4: supply -2, 5-6: supply -1): {said}"


def _shelling(*texts: str) -> list[str]:
    """The Philippines shell area 2 from its gun in the Action phase, Spain's lines as told."""
    table = BalerTable()
    table.give("philippines", ["Call to Arms", "Massed Assault"])
    return _told(table.game_state("action", "philippines"), 0, "artillery area 2", *texts)


@pytest.mark.parametrize("spain, said", [
    ("roll 4", "shrapnel from 1 six: 1 cancelled by Spain's success; Spain 4 ⇒ 1 success (4-6)"),
    ("roll 3", "shrapnel from 1 six: 1 wound to Spain; Spain 3 ⇒ 0 successes (4-6)")])
def test_a_shelling_s_six_says_whether_its_shrapnel_wounds_or_is_cancelled(spain, said):
    """l.877: "Irrespective of the success of the attack, each 6 rolled by the attacker injures
    a defender. However, a success obtained by the Spanish (4, 5, or 6) cancels this
    casualty." The example (l.881): the Philippines' 4 and 6 against Spain's 4, "This result
    cancels the casualty by shrapnel that they would suffer due to the enemy 6": the line of
    the final dice says the 6's wound was cancelled; against a 3, that it wounds."""
    lines = _shelling("roll 4 6", "done", spain, "done")
    final = next(line for line in lines if line.startswith("artillery in area 2, final dice"))
    assert final.endswith(said), lines


@pytest.mark.parametrize("viewer, drawn", [(0, "you draw the enemy's Fog of War card Beriberi"),
                                           (1, "Spain draws a card"),
                                           (None, "Spain draws the enemy's Fog of War card Beriberi")])
def test_the_upkeep_s_victory_check_is_told_when_the_siege_goes_on(viewer, drawn):
    """l.1187-l.1190: "After scoring these points, check whether any of the following automatic
    game-ending circumstances occur: • One side has at least 15 victory points more than the
    other. The game ends, and the side with the most points wins. • The Philippine side has
    degraded the church wall conditions to Destroyed in two or more areas on the map." Spain
    leads 7 to 0 and the walls of area 2 are Destroyed: the Upkeep's first draw (the Fog of
    War step, l.1206) says the check found neither, to each seat and in the replay; the next
    draw says it no more."""
    table = BalerTable()
    table.set_walls(2, "Destroyed")
    state = table.game_state("upkeep", "spain")
    line = state.describe_action(state.string_to_action("draw Beriberi"), viewer)
    assert line == (f"{drawn}; the Upkeep's victory check before it: Spain leads by 7 VP, under the 15 that "
                    "end the game and the walls are Destroyed in 1 area, under the 2 that end it, so the siege "
                    "goes on"), line
    state.apply_action(state.string_to_action("draw Beriberi"))
    assert "victory check" not in state.describe_action(state.legal_actions()[0], viewer)


def test_a_done_played_for_you_says_what_it_ended_and_stays_typeable():
    """l.506: a side takes actions "until you do not want to or cannot do anything anymore
    (because you have already spent all your action points ...)". Spain spends its one AP on a
    supply roll; "done" is then its only move, played for it, and the prompt of a later
    decision names it by the move's text (cli/play/session.py): that text says the Action
    phase ended. "done" is still the move's name, as typed."""
    table = BalerTable()
    table.give("spain", ["Lookouts"])
    state = table.game_state("action", "spain")
    _told(state, 0, "supply", "die 3")
    assert state.legal_actions() == [state.string_to_action("done")]
    assert move_text(state, 0, state.legal_actions()[0]) == "done: end the Action phase"
    assert state.observation(0)["menu"] == ["done"]


def test_no_move_played_for_the_player_reads_as_a_bare_done_or_yes():
    """Along random games, every decision whose only move is "done" or "yes" (played for the
    player) names what it does."""
    for seed in (1, 2):
        state, rng = load_game("baler").new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            legal = [] if state.is_chance_node() else state.legal_actions()
            if len(legal) == 1 and state.action_to_string(legal[0]) in ("done", "yes"):
                assert move_text(state, state.current_player(), legal[0]).startswith(
                    f"{state.action_to_string(legal[0])}: ")
            state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(legal))


def _second_shootings(*cleared: str):
    """Spain's Second Shootings (the Philippines hold the initiative and shot areas 1 and 4),
    the Filipino guard posts named emptied."""
    table = BalerTable()
    for post in cleared:
        table.clear(post)
    table.set_shooting_markers([1, 4])
    return table.game_state("second shootings", "philippines")


AREA_3_BUT_SHARED = ("philippines_1_2_areas_3_4", "philippines_3_4_area_3")    # left: post 5-6 of areas 2 and 3


def test_the_second_shootings_pick_names_the_other_area_and_its_no_effect():
    """l.1159: "the side without the initiative must perform shootings in the two other areas
    on the map. So, they place one of their shooting markers in each of those zones and resolve
    the shootings in the order of their choice." and l.592: "If a shooting occurs in an area
    where all the guard posts from one or both sides are empty, the shooting has no effect."
    Spain picks area 2, also without Filipinos: the pick's line names both shootings, each with
    its no effect, where area 3 left unnamed had vanished."""
    state = _second_shootings(*AREA_3_BUT_SHARED, "philippines_5_6_areas_2_3", "philippines_1_2_areas_1_2",
                              "philippines_3_4_area_2")
    assert state.observation(0)["menu"] == ["area 2 (no effect: no Filipino unit there)",
                                            "area 3 (no effect: no Filipino unit there)"]
    lines = _told(state, 0, "area 2")
    assert lines[0] == ("you: area 2: no effect, no Filipino unit in its guard posts; then area 3, the other one: "
                        "no effect, no Filipino unit in its guard posts"), lines


def test_a_shooting_left_with_no_effect_by_the_one_before_it_is_told():
    """l.500: "If there are no military units from one side in the guard posts of any chosen
    area, the shooting has no effect, but you still must flip the shooter markers". Area 3's
    only Katipunero holds post 5-6, shared with area 2 (l.590); Spain's shooting in area 2
    kills him, so its shooting in area 3 has no effect: a line says so after the first
    shooting's, where it was silent."""
    cleared = (*AREA_3_BUT_SHARED, "philippines_1_2_areas_1_2", "philippines_3_4_area_2")
    assert _second_shootings(*cleared).observation(0)["menu"] == ["area 2 (fp +0)", "area 3 (fp +3)"]
    for seat, who in ((0, "your "), (1, "Spain: ")):
        lines = _told(_second_shootings(*cleared), seat, "area 2", "roll 6", "done", "roll 1 1", "done")
        assert lines[0] == f"{'you' if seat == 0 else 'Spain'}: area 2; then area 3, the other one", lines
        over = lines.index("the shooting in area 2 is over")
        assert lines[over + 1] == f"{who}shooting in area 3: no effect, no Filipino unit in its guard posts", lines


def test_the_first_shootings_menu_gives_each_area_s_firepower_or_its_no_effect():
    """l.498: "The side with the initiative chooses two of the four areas on the map" and
    l.592 (above): an area with no Filipino unit is marked as having no effect, the others
    with their firepower."""
    table = BalerTable()
    for post in table.posts(3, "philippines"):
        table.clear(post)
    menu = table.game_state("first shootings", "spain").observation(0)["menu"]
    assert menu[2] == "area 3 (no effect: no Filipino unit there)", menu
    assert all(entry.startswith(f"area {n} (fp ") for n, entry in ((1, menu[0]), (2, menu[1]), (4, menu[3]))), menu


def test_the_action_menu_marks_every_attack_that_can_do_nothing():
    """l.592 (above); l.817: the Philippines "can only sabotage the church walls"; l.873: "The
    church walls in this area can no longer be repaired" once Destroyed; l.877: "Irrespective
    of the success of the attack, each 6 rolled by the attacker injures a defender." No Spanish
    unit in area 4, which holds a Filipino surveillance marker (its shooting asks about the
    marker before it ends, and was not marked); the walls of area 2 Destroyed: an incursion
    there has no target, a shelling only its shrapnel; with the walls of area 4 Destroyed too,
    a shelling of area 4 can do nothing."""
    table = BalerTable()
    for post in table.posts(4, "spain"):
        table.clear(post)
    table.set_surveillance("philippines", 4)
    table.set_walls(2, "Destroyed")
    table.give("philippines", ["Call to Arms", "Massed Assault"])
    menu = table.game_state("action", "philippines").observation(1)["menu"]
    assert "shooting area 4 (1 AP, fp -3, no effect: no Spanish unit there)" in menu, menu
    assert "incursion area 2 (1 AP, fp -2: an incursion counts no gun, no target: walls Destroyed)" in menu, menu
    assert "artillery area 2 (1 AP, walls Destroyed: shrapnel only)" in menu, menu
    assert "artillery area 4 (1 AP)" in menu, menu
    table.set_walls(4, "Destroyed")
    menu = table.game_state("action", "philippines").observation(1)["menu"]
    assert "artillery area 4 (1 AP, no effect: walls Destroyed, no Spanish unit there)" in menu, menu


YORKTOWN_IDLE = "the US power marker is activated in turns 4-6 only"


def _yorktown(turn: int = 1, **territory):
    table = BalerTable()
    table.set_tracks("spain", morale=3)
    table.set_turn(turn)
    if territory:
        table.set_territory(**territory)
    return table


@pytest.mark.parametrize("seat, who", [(0, "you"), (1, "Spain")])
def test_news_of_the_yorktown_before_turn_4_says_its_us_part_did_nothing(seat, who):
    """l.1121: "This action allows you to activate the US power marker in the territorial
    control map, but only in turns 4, 5, or 6." News of the Yorktown (the USS Yorktown, then
    Morale +1) as an event in turn 1: its line says the USS Yorktown had no effect and why,
    and the morale it raises has its own line."""
    table = _yorktown()
    table.give("spain", ["News of the Yorktown", "Sortie", "Lookouts"])
    lines = _told(table.game_state("events", "spain"), seat, "News of the Yorktown", "Sortie", "done",
                  "News of the Yorktown: main event")
    assert lines[-2:] == [f"{who}: News of the Yorktown: main event (USS Yorktown: no effect, {YORKTOWN_IDLE})",
                          f"{'your ' if seat == 0 else 'Spain '}morale 3 → 4"], lines


def test_news_of_the_yorktown_played_for_the_initiative_says_its_us_part_did_nothing():
    """l.315: "If you played a Fog of War card from your side for the initiative, you must
    resolve its event, regardless of who gets the initiative." and l.1121 (above): played for
    the initiative in turn 1, the line that resolves News of the Yorktown marks its USS
    Yorktown as having no effect, and why."""
    table = _yorktown()
    table.give("spain", ["News of the Yorktown", "Sortie"])
    table.give("philippines", ["Call to Arms", "Massed Assault"])
    lines = _told(table.game_state("initiative", "spain"), 1, "News of the Yorktown", "Call to Arms")
    assert ("Spain's Fog of War card News of the Yorktown, played for the initiative and then out of the game, "
            f"is resolved now: USS Yorktown: activate the US power marker (no effect: {YORKTOWN_IDLE}); Morale +1"
            ) in lines, lines


def test_news_of_the_yorktown_with_the_us_on_the_map_names_no_idle_part():
    """In turn 4, with the US power marker at Manila (l.472, l.1202), the USS Yorktown acts:
    no note of no effect."""
    table = _yorktown(4, filipinos=0, foreign=5, us=True, strength=4)
    table.give("spain", ["News of the Yorktown", "Sortie", "Lookouts"])
    lines = _told(table.game_state("events", "spain"), 0, "News of the Yorktown", "Sortie", "done",
                  "News of the Yorktown: main event")
    assert "no effect" not in " ".join(lines), lines


def test_an_event_s_track_already_at_6_says_that_part_did_nothing():
    """l.129: "The Supply and Morale tracks range from 0 to 6. Any supply or morale gain over 6
    has no effect." Truce for the Wounded (Morale +1, Supply +1) at morale 6 raises the supply
    only: its line says the Morale +1 had no effect."""
    table = BalerTable()
    table.set_tracks("spain", morale=6, supply=3)
    table.give("spain", ["Truce for the Wounded", "Sortie", "Lookouts"])
    lines = _told(table.game_state("events", "spain"), 0, "Truce for the Wounded", "Sortie", "done",
                  "Truce for the Wounded: main event")
    assert lines[-2:] == ["you: Truce for the Wounded: main event (Morale +1: no effect, your morale is at 6 already)",
                          "your supply 3 → 4"], lines


def test_an_artillery_piece_destroyed_scores_apart_from_the_units_killed():
    """l.141: "Each eliminated soldier will earn them 1 victory point, and each artillery piece
    or leader 2 victory points." and l.811: "When sabotaging an artillery piece, remove it from
    the map, place it in your eliminated units area, and score 1 victory point." (the option
    artillery_vp picks which). Spain's incursion in area 2 destroys the Filipino gun: the VP is
    counted as an artillery piece destroyed, never as a unit killed, in the VP line, the
    combat's account (both naming the gun) and Spain's final count by source."""
    table = _spain_moves()
    state = table.game_state("action", "spain")
    lines = _told(state, 0, "incursion area 2", "roll 6", "done", "roll 2 3", "done", "artillery")
    assert re.fullmatch(r"your VP 7 → 8: \+1 for Artillery \d/\d destroyed", lines[-1]), lines
    obs = state.observation(0)
    assert (obs["vp_from"][0]["artillery"], obs["vp_from"][0]["kill"]) == (1, 0)
    steps = [step["text"] for step in obs["combat_log"][-1]["steps"]]
    assert any(step.startswith("VP 7 → 8: +1 for Artillery ") and step.endswith(" destroyed") for step in steps), steps
    assert baler.outcome(obs, None, state.game)["scores"][0] == ("8 VP", "7 at the start + 1 for artillery pieces destroyed")
