"""Heroes of Baler's screen, a newcomer's thirteenth round of notes (issue 34, "every consequence
on screen"): the combat panel credits each side's VP with the enemy units it killed; an
incursion's firepower on its menu entry says why it differs from the fp column.
heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import random

from partisan.core.game import load_game
from partisan.core.games.baler.position import BalerTable
from partisan.core.games.baler.view import unit_label


def _play(seed: int):
    """(state before, state after) along a random game, chance from the game's seed."""
    state = load_game("baler").new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        action = state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
        before = state.clone()
        state.apply_action(action)
        yield before, state


def _ident(rec: dict) -> tuple:
    return rec["turn"], rec["phase"], rec["kind"], rec["area"], rec["attacker"]


def test_each_side_s_vp_in_a_combat_names_only_the_enemy_it_killed():
    """heroes_of_baler.txt l.687: "Kills: The Spanish player takes the Philippine unit and places
    it in their "Eliminated enemy units" space, where it will remain for the rest of the game. They
    immediately score 1 victory point for a soldier, and 2 for a leader." and l.707: "Kills: The
    Philippine player takes the Spanish unit and places it in their "Eliminated enemy units" space,
    where it will remain for the rest of the game. They immediately score 1 victory point for a
    soldier, and 2 for a leader." In a step where both sides scored kills (seed 6), each side's VP
    line names the enemy's dead only: the panel once said "Philippines VP 22 → 23: +1 for Cazador
    2/2 and Katipunero 1/1 killed"."""
    for before, state in _play(6):
        old = {_ident(r): len(r["steps"]) for r in before.journal or []}
        added = [step for r in state.journal or [] for step in r["steps"][old.get(_ident(r), 0):]]
        vps = [step for step in added if step["text"].startswith("VP ") and "killed" in step["text"]]
        if len({step["side"] for step in vps}) < 2:
            continue
        counters = state.parts_view().board.counters
        sides = {unit_label(counters, c): unit.side for c, unit in enumerate(counters.counters)}
        for step in vps:
            named = [label for label in sides if label in step["text"]]
            assert named and all(sides[label] != step["side"] for label in named), step
        return
    raise AssertionError("no combat step where both sides scored kills")


def test_an_incursions_firepower_says_why_it_differs_from_the_fp_column():
    """heroes_of_baler.txt l.766: "Next, determine the firepower in the area, in the same manner
    as for the shootings, with a single difference: do not add the Philippine artillery combat
    factors." With a Filipino gun in areas 2 and 4 the table's fp column (a shooting's) and an
    incursion's differ there: the incursion's menu entry says why; where they agree it adds
    nothing."""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie", "Redeploy"])
    state = table.game_state("action", "spain")
    obs = state.observation(0)
    assert [a["shooting_firepower"] for a in obs["board"]["areas"]][1] == -3
    assert "incursion area 2 (1 AP, fp +0: an incursion counts no gun)" in obs["menu"], obs["menu"]
    assert "shooting area 2 (1 AP, fp -3)" in obs["menu"], obs["menu"]
    assert any(m.startswith("incursion area 1 (1 AP, fp +2,") for m in obs["menu"]), obs["menu"]


def test_an_incursions_1s_say_whose_dice_rolled_them():
    """heroes_of_baler.txt l.827: "Each roll in the former dice rolls (both of the attackers and
    defenders) will cause one casualty by injury in the attackers." Spain's incursion where
    only the Philippines, defending, rolled a 1: the line says whose the 1 was, beside the 1s,
    so it does not read as whose attacker was wounded."""
    from partisan.core.games.baler.journal import successes
    rec = {"kind": "incursion", "attacker": 0, "dice": [[4], [1, 2, 5, 6, 6]]}
    assert successes(rec)[0].endswith("1s (Phil.'s) wound 1 attacker"), successes(rec)


def test_a_second_area_destroyed_says_the_siege_ends_at_the_upkeep():
    """heroes_of_baler.txt l.1190: "The Philippine side has degraded the church wall conditions to
    Destroyed in two or more areas on the map. The Philippine side scores 6 victory points, and
    the game ends immediately." Checked at the Upkeep (option walls_end=upkeep): the change that
    Destroys the second area says so at once; no change, no line."""
    from partisan.cli.views.baler import changes
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie", "Redeploy"])
    table.set_walls(2, "Destroyed")
    state = table.game_state("action", "spain")
    before = state.observation(0)
    edit = BalerTable()
    edit.load(state)
    edit.set_walls(4, "Destroyed")
    edit.store(state)
    after = state.observation(0)
    said = "the walls are Destroyed in 2 areas: the siege ends at this turn's Upkeep, the Philippines scoring 6 VP"
    assert said in changes(before, after, 0)
    assert not any("siege ends" in line for line in changes(after, after, 0))


def test_a_move_played_for_you_asks_baler_for_no_refusal():
    """A move played for the player asks the view why others were not offered (console.refusal_note,
    with no typed text): Baler names none, and the game goes on (it stopped with an internal
    error). The refusal it has is for typed attacks, heroes_of_baler.txt l.582: "You can never
    attack a map area more than once in the same phase (be it the Events or Action phase).\""""
    from partisan.cli.console import refusal_note
    state = load_game("baler").new_initial_state(1)
    assert refusal_note(state, 0) is None
