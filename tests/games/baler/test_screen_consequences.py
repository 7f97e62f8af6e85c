"""Heroes of Baler on screen (issue 34, "every consequence on screen"): modified dice beside
what they were, shared guard posts marked, successes and casualties that find nothing to hit
said lost, a wound called a wound, the compact board's columns and the order of the unit menu."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from partisan.cli.play.prompt import menu_entries
from partisan.cli.views import baler
from partisan.core.game import load_game
from partisan.core.games.baler.state import NODES

ROOMY, SMALL = (100, 40), (80, 24)


def _console(size=SMALL) -> Console:
    return Console(file=io.StringIO(), width=size[0], height=size[1], color_system=None,
                   legacy_windows=False)


def _lines(renderable, size=SMALL) -> list[str]:
    console = _console(size)
    console.print(renderable)
    return console.file.getvalue().splitlines()


def _screen(state, seat: int, size) -> str:
    """The board as `seat` sees it, in one line of words (a wrapped line is whole again)."""
    return " ".join(" ".join(_lines(baler.render(state.observation(seat), seat), size)).replace("│", " ").split())


def _told(state, *texts) -> list[str]:
    """Apply moves by their text, then "done" while the combat asks (the Philippines keep
    their dice); the lines each is told with: its own and what it changed."""
    lines = []
    texts = list(texts)
    while texts or state._combat()["kind"] and not state.is_chance_node() and 0 in state.legal_actions():
        text = texts.pop(0) if texts else "done"
        a = state.string_to_action(text)
        before = state.observation(0)
        lines.append(state.describe_action(a, 0))
        state.apply_action(a)
        lines += baler.changes(before, state.observation(0), 0)
    return lines


def _shooting(table, man, spain, philippines):
    """Spain in its Action phase, area 1 manned with soldiers of those combat factors."""
    man(table, 1, spain=spain, philippines=philippines)
    table.give("spain", ["Redeploy"])
    return table.game_state("action", "spain")


# ------------------------------------------------------------------ 1. modified dice
def test_a_re_rolled_die_is_shown_beside_what_it_was_in_the_order_rolled(table, man, play):
    """"The attacker rolls their dice first. Then, they can use any modifier available to
    reroll or change the roll result." (l.658). The dice stay in the order rolled, the changed
    one beside its roll ("2→6*"), never sorted again ("2 5 → 5 6*" read as 2→5 and 5→6)."""
    state = play(_shooting(table, man, [2, 1, 1], [1, 1, 1]), "shooting area 1", "roll 2 5")
    play(state, "morale re-roll on a 2")
    for size in (ROOMY, SMALL):
        assert "2→? 5" in _screen(state, 0, size)
    play(state, "die 6")
    assert state.journal[-1]["trail"][0] == [[2, 6], [5, None]]
    for size in (ROOMY, SMALL):
        text = _screen(state, 0, size)
        assert "2→6* 5" in text and "5 6*" not in text


# ------------------------------------------------------------------ 2. shared guard posts
def test_shared_guard_posts_are_marked_on_both_boards(table):
    """"the Spanish post number 2, also designated as "bell tower", belongs to all four areas on
    the map ... Each of the "1-2" and "5-6" Philippine posts belongs to two areas on the map."
    (l.104); "in area '1', the Philippine guard posts 1-2 and 5-6, and the Spanish guard post
    5-6 are shared" (l.590). One counter shows in each area's row: its post is marked ⇄, and
    the legend says so."""
    state = table.game_state("action", "spain")
    compact = _lines(baler.render(state.observation(0), 0), SMALL)
    head = next(line for line in compact if line.lstrip().startswith("wall fp"))
    assert head.split()[3:9] == ["2⇄", "3-4", "5-6⇄", "1-2⇄", "3-4", "5-6⇄"]
    roomy = _screen(state, 0, ROOMY)
    assert roomy.count("2⇄all Fabregat") == 4 and "5-6⇄4" in roomy and "1-2⇄2" in roomy
    legend = " ".join(" ".join(_lines(baler.reference(load_game("baler")), ROOMY)).split())
    assert "a shared post: one counter, engaged and hit in every area the post belongs to" in legend
    assert "the Bell Tower, Spain's post '2', in all four areas" in legend


# ------------------------------------------------------------------ 3. nothing dropped in silence
def test_an_incursion_s_success_without_a_target_is_said_lost(table, man, play):
    """"The number of targets to sabotage equals the difference between their successes and
    those of the enemy, but is limited to a maximum of two per incursion." (l.801); "To
    sabotage an artillery piece, at least one of the trench sections in the area must have been
    sabotaged or not built" (l.807). With no trench built, the gun is the one target: the
    second success is lost, and the screen says so."""
    man(table, 1, spain=[3, 3, 3], philippines=[1], artillery=2)
    table.give("spain", ["Redeploy"])
    state = table.game_state("action", "spain")
    lines = _told(state, "incursion area 1", "roll 5 5 5 5", "done", "roll 2 3")
    assert "you: 1 success lost: no target left in area 1" in lines
    rec = state.journal[-1]
    assert rec["successes"][0] == ("4 successes (5-6), net 4: 1 target(s) (3 successes lost: 2 beyond "
                                   "the 2 a combat takes, 1 with no target left); 1s wound 0 attackers")
    assert "1 success lost: no target left" in _screen(state, 0, ROOMY)


def test_kills_and_wounds_beyond_the_units_there_are_said_lost(table, man, play):
    """"Roll a die for each casualty suffered. ... If there is only one manned guard post, the
    unit in that post is automatically affected." (l.683); "Resolve the kills first and then
    the injury casualties." (l.685). A kill and a wound on a lone Filipino: he is killed, and
    the wound, with nobody left to take it, is said lost."""
    state = _shooting(table, man, [3, 3, 3], [1])
    lines = _told(state, "shooting area 1", "roll 1 2 5 6", "done", "roll 2 3")
    assert "1 wound scored by Spain lost: no Filipino unit left in area 1 to take it" in lines
    assert any(re.fullmatch(r"Philippines: Katipunero 1/\d \(post .+\) killed → eliminated", line) for line in lines)
    assert "1 wound scored by Spain lost" in _screen(state, 0, ROOMY)


@pytest.mark.parametrize("action", ["shooting area 1", "incursion area 1"])
def test_a_shooting_chosen_as_an_action_with_no_enemy_there_says_it_has_no_effect(table, man, action):
    """"If a shooting occurs in an area where all the guard posts from one or both sides are
    empty, the shooting has no effect." (l.592) An incursion there still may sabotage
    (l.793: the side without units only rolls no dice)."""
    state = _shooting(table, man, [1, 1, 1], [])
    line = _told(state, action)[0]
    assert line.endswith(": no effect, no Filipino unit in its guard posts") == action.startswith("shooting")


def test_an_event_s_shooting_with_no_enemy_there_says_it_has_no_effect(table, man):
    """l.592 as above, for the shooting an event card calls for (the Attack effect)."""
    man(table, 2, spain=[1, 1, 1], philippines=[])
    table.give("spain", ["Volley from the Bell Tower", "Sortie"])
    state = table.game_state("events", "spain")
    while state.is_chance_node() or state._snap()["node"] != NODES["attack"]:
        state.apply_action(state.sample_chance() if state.is_chance_node() else _first_event(state))
    line = state.describe_action(state.string_to_action("shooting area 2"), 0)
    assert line == "you: shooting area 2: no effect, no Filipino unit in its guard posts"


def _first_event(state):
    """The events phase played on: the first card, no support, the first event."""
    legal = state.legal_actions()
    return legal[1] if len(legal) > 1 and legal[0] == 0 else legal[0]


# ------------------------------------------------------------------ 4. a wound is a wound
def test_a_wounded_filipino_is_told_wounded_into_the_bag(table, man, play):
    """"Injury casualties: The Philippine player puts their wounded unit in their bag so that it
    may become available again later in the game." (l.689)"""
    state = _shooting(table, man, [3, 3, 3], [1])
    lines = _told(state, "shooting area 1", "roll 1 2 3 5", "done", "roll 2 3")
    assert any(re.fullmatch(r"Philippines: Katipunero 1/\d \(post .+\) wounded → Filipino bag", line)
               for line in lines), lines
    assert not any(" moves → " in line for line in lines)


# ------------------------------------------------------------------ 5. the compact board's columns
def test_the_compact_columns_keep_their_width_when_a_post_column_is_empty(table, man):
    """The compact board's heads stay where they are when a column has nobody in it: the
    Spanish '3-4' posts emptied in every area leave the header as it was."""
    full = _lines(baler.render(table.game_state("action", "spain").observation(0), 0), SMALL)
    for area in range(1, 5):
        table.clear(f"spain_3_4_area_{area}")
    empty = _lines(baler.render(table.game_state("action", "spain").observation(0), 0), SMALL)
    head = [next(line for line in lines if line.lstrip().startswith("wall fp")) for lines in (full, empty)]
    assert head[0] == head[1]
    assert re.search(r"2⇄ +3-4 +5-6⇄ +1-2⇄", head[1])


def test_the_legend_says_which_columns_are_whose_and_what_fp_s_sign_means():
    """"Firepower markers are two-sided, with the color of one side on each face. Whenever the
    firepower advantage changes sides, flip the marker to always show the side with the
    advantage." (l.627) The board writes the side as the sign; the legend says which."""
    legend = " ".join(" ".join(_lines(baler.reference(load_game("baler")), ROOMY)).split())
    assert "Spain's guard posts (blue) in the first three columns, the Filipinos' (red) in the next three" in legend
    assert "+ Spain's, - the Philippines', the extra dice that side rolls" in legend


# ------------------------------------------------------------------ 6. the unit menu's numbers
def test_the_unit_menu_is_numbered_in_the_order_shown(table):
    """"Choose a unit (soldier or leader) from your detachment and place it in a guard post
    within any area on the map." (l.979) The units offered, grouped by where they stand (each
    place once, its numbers rising), are numbered 1 to the last, each number once, and each
    number picks the unit it stands beside."""
    table.give("spain", ["Redeploy"])
    state = table.game_state("action", "spain")
    state.apply_action(state.string_to_action("move"))
    assert state._snap()["node"] == NODES["move"]
    obs = state.observation(0)
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    menu = baler.moves(obs, 0, texts)
    numbers = [int(n) for n in re.findall(r"(\d+)\. ", " ".join(_lines(menu, SMALL)))]
    assert sorted(numbers) == list(range(1, len(texts) + 1))
    runs = [(label, [n for n, _ in items]) for label, items in menu.runs]
    assert len({label for label, _ in runs}) == len(runs) and all(ns == sorted(ns) for _, ns in runs)
    order = baler.menu_order(obs, 0)        # the legal moves in the order numbered
    for n, label, item in menu_entries(menu, _console()):
        group, entry, _ = obs["menu_places"][order[n - 1]]
        assert (label, item) == ((f"{group}:", entry) if group else (None, obs["menu"][order[n - 1]]))


def test_an_incursion_s_1s_are_counted_as_attackers_wounded_before_the_dice_are_final(table, man, play):
    """l.827: "Each roll in the former dice rolls (both of the attackers and defenders) will cause
    one casualty" (each 1, RULES.md). A newcomer's incursion read "rolled 1 1 4 ⇒ 0 successes
    (5-6)" with "morale +1 on a 1" offered and no word that each 1 would wound one of his
    attackers: the dice as they stand say it, before he chooses."""
    man(table, 1, spain=[3, 3, 3], philippines=[1], artillery=2)
    table.give("spain", ["Redeploy"])
    state = play(table.game_state("action", "spain"), "incursion area 1", "roll 1 1 4 5")
    assert "morale +1 on a 1" in [state.action_to_string(a) for a in state.legal_actions()]
    for size in (ROOMY, SMALL):
        assert "⇒ 1 success (5-6), 2 1s: 2 attackers wounded" in _screen(state, 0, size)
