"""Heroes of Baler's screen, a newcomer's third round of notes: one line for a re-rolled die,
the support card named as such, the other side's action points before its Action phase, the
reason a basic action is not offered, the shared cards whole at the Fog of War step.
heroes_of_baler.txt, l.N."""
from __future__ import annotations

import io
import random
import re

from rich.console import Console

from partisan.cli.views import baler
from partisan.core.game import load_game
from partisan.core.games.baler.state import NODES


def _narrated(seed: int):
    """(state before, lines told) for each move of a random game: the move's own line, then
    what the view says it changed."""
    state, rng = load_game("baler").new_initial_state(seed), random.Random(seed)
    while not state.is_terminal():
        a = state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
        before, line = state.observation(0), state.describe_action(a, None)
        snap = state._snap()
        state.apply_action(a)
        yield snap, [line] + baler.changes(before, state.observation(0), None)


def test_a_re_rolled_die_is_told_once():
    """l.906: "Suppose you roll a 1 and use a modifier to reroll, obtaining a 2." The
    re-rolled die's line ("Spain's re-rolled die: 2") follows the move that names the die
    re-rolled ("leader re-roll on a 6"); no second line repeats it as "re-roll: 6 → 2"."""
    rerolled = 0
    for seed in range(1, 5):
        for _, lines in _narrated(seed):
            rerolled += any("re-rolled die: " in line for line in lines)
            assert not any(re.search(r"re-roll: \d → \d", line) for line in lines), lines
    assert rerolled


def test_the_support_card_is_named_as_such():
    """l.354: "They can also play a third card from their hand as 'support card' to boost an
    event card": of the three cards a side plays in the Events phase, the support card's line
    says so."""
    support = 0
    for seed in range(1, 4):
        for snap, lines in _narrated(seed):
            if snap["node"] == NODES["ev_support"] and not lines[0].endswith(": no support card"):
                assert re.match(r"(Spain|Philippines): support card: \S", lines[0]), lines[0]
                support += 1
            elif snap["node"] == NODES["ev_card"]:
                assert "support" not in lines[0], lines[0]
    assert support


def _rows(obs: dict, size, seat: int = 0) -> list[str]:
    console = Console(file=io.StringIO(), width=size[0], height=size[1], color_system=None,
                      legacy_windows=False)
    console.print(baler.render(obs, seat))
    return console.file.getvalue().splitlines()


def _ap_shown(obs: dict, side: int) -> tuple[str, str]:
    """The side's AP as the compact tracks row (80x24) and the roomy table (100x40) print it."""
    compact = next(row for row in _rows(obs, (80, 24)) if " supply " in row and "│" in row)
    part = compact.split("│")[side]
    roomy = next(row for row in _rows(obs, (100, 40))
                 if re.match(r"│ (Spain|Philippines)", row) and ("Spain", "Philippines")[side] in row)
    columns = [word for word in roomy.split()[2:] if word not in ("(you)", "◆")]   # supply morale VP AP
    return re.search(r"AP (\S+)", part)[1], columns[3]


def test_the_other_side_s_points_before_its_action_phase_are_not_shown_as_spent():
    """l.543: "Once the player with the initiative completes this phase, they discard all the
    cards used. Next, the other player resolves their action phase." The other side's action
    points come from its hand when its part begins, so before it they read "AP –", not "AP 0"
    (as if spent); once begun, its points as they stand."""
    seen = set()
    for seed in range(1, 4):
        state, rng = load_game("baler").new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            obs = state.observation(0)
            if obs["phase"] == "action" and not state.is_chance_node():
                second = 1 - ("Spain", "Philippines").index(obs["initiative"])
                waiting = obs["step"] == 0
                want = "–" if waiting else str(obs["ap"][second])
                assert _ap_shown(obs, second) == (want, want), (obs["step"], obs["ap"])
                seen.add(waiting)
            state.apply_action(state.sample_chance() if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
    assert seen == {True, False}


def _action_note(setup) -> str:
    """Spain's note above its Action menu after `setup(table)`, with Redeploy's points to spend."""
    from partisan.core.games.baler.position import BalerTable
    table = BalerTable()
    setup(table)
    table.give("spain", ["Redeploy"])
    state = table.game_state("action", "spain")
    return baler.decision_note(state.observation(0), 0)


def test_a_repair_missing_for_want_of_manpower_says_so_in_one_row():
    """l.1066: "the total manpower factor (the yellow number at the bottom of the counter) of
    all your units in that area must be equal to or higher than:" l.1068: "Spanish side: 4
    factors." Area 1's walls Damaged with its Spanish posts empty:
    no repair on the menu, and the note above it says why, in at most 80 columns."""
    def damaged_and_empty(table):
        table.set_walls(1, "Damaged")
        for post in table.posts(1, "spain"):
            table.clear(post)
    note = _action_note(damaged_and_empty)
    assert "repair: manpower under 4 at every damaged wall" in note and len(note) <= 80, note


def test_a_repair_missing_for_want_of_supply_says_so():
    """l.1060: "If your supply level was already 0, you cannot perform a repair action." At
    supply 0 with walls Damaged and the manpower there, the note says the supply is missing. With every wall Intact nothing needs
    a repair, and the note stays as it was."""
    def damaged_no_supply(table):
        table.set_walls(1, "Damaged")
        table.set_tracks("spain", supply=0)
    note = _action_note(damaged_no_supply)
    assert note.endswith("; repair: no supply to spend") and len(note) <= 80, note
    assert _action_note(lambda table: None) == "Spain: an action (3 AP left), or done: end your Action phase"


def test_the_action_note_keeps_one_row_along_random_games():
    """Whatever it gives as reasons, the Action note keeps to one row at 80 columns."""
    shown = 0
    for seed in range(1, 4):
        state, rng = load_game("baler").new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            if not state.is_chance_node():
                me = state._snap()["actor"]
                obs = state.observation(me)
                note = baler.decision_note(obs, me)
                if obs["not_offered"]:
                    assert note and len(note) <= 80 and any(f"{what}: " in note for what in ("repair", "trench", "attack")), note
                    assert "no damaged walls" not in note and "no sabotaged" not in note, note
                    shown += 1
            state.apply_action(state.sample_chance() if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
    assert shown


def test_the_cards_chosen_between_at_the_fog_of_war_step_keep_their_whole_text():
    """l.1211: "Place the card on the enemy discard pile. Next, take a shared card, either one
    of the face-up cards or the top card from the shared deck". At 80×24
    the drawn card and shared cards A and B are printed whole, every effect of them, the
    table giving up its other rows for them."""
    steps = 0
    for seed in range(1, 5):
        state, rng = load_game("baler").new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            snap = state._snap()
            if not state.is_chance_node() and snap["node"] in (NODES["fow_keep"], NODES["fow_shared"]):
                me = snap["actor"]
                obs = state.observation(me)
                screen = " ".join(" ".join(_rows(obs, (80, 24), me)).split())
                cards = [*obs["cards"]["shared"], obs["cards"]["fog_of_war"]]
                for card in filter(None, cards):
                    for effect in card["main"] + card["secondary"]:
                        assert effect in screen, (effect, screen)
                assert "…" not in screen, screen
                steps += 1
            state.apply_action(state.sample_chance() if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
    assert steps >= 10
