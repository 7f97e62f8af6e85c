"""Heroes of Baler's combat panel: a combat shown step by step (issue 14, "Screen": "Combat is
shown step by step: dice, modifiers offered and used, casualties and where they land"), checked
against the state along random games at 100×40 and 80×24."""
from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from partisan.cli.views import baler
from partisan.core.game import load_game
from partisan.core.games.baler.state import FLOW
from partisan.core.games.baler.view import KINDS, unit_label

ROOMY, SMALL = (100, 40), (80, 24)
BOARD_ROWS = {ROOMY: 36, SMALL: baler.COMPACT_ROWS}     # as test_baler_view.py: the moves and prompt need the rest


def _text(obs: dict, seat: int, size, whole: bool = False) -> tuple[list[str], str]:
    console = Console(file=io.StringIO(), width=size[0], height=size[1], force_terminal=True,
                      color_system=None, legacy_windows=False)
    console.print(baler.render(obs, seat, whole))
    lines = console.file.getvalue().splitlines()
    return lines, " ".join(" ".join(lines).split())


def _play(seed: int, moves: int = 100_000):
    """(state before, action, state after) along a random game, chance from the game's seed."""
    state = load_game("baler").new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            return
        action = state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
        before = state.clone()
        state.apply_action(action)
        yield before, action, state


def _ident(rec: dict) -> tuple:
    """A combat within a phase: a side attacks an area at most once a phase (l.582)."""
    return rec["turn"], rec["phase"], rec["kind"], rec["area"], rec["attacker"]


def _unit_spaces(state, name: str) -> set[str]:
    """Where the counters a step names stand (a generic soldier is named by his kind and
    factors, as the board prints him: any of his like)."""
    parts = state.parts_view()
    counters, at = parts.board.counters, state._snap()["at"]
    return {parts.board.spaces[at[c]].name for c in range(len(counters.counters))
            if unit_label(counters, c) == name}


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_panel_follows_every_combat_step(seed):
    """While a combat runs the record names its kind, area and attacker, holds each side's dice
    as the state has them, the modifiers the seat is offered, and the screen shows them."""
    combats = steps = 0
    for before, action, state in _play(seed):
        cb = state._combat()
        log = state.observation(0)["combat_log"]
        if not cb["kind"]:
            continue
        rec = log[-1]
        assert not rec["over"]
        assert (rec["kind"], rec["area"], rec["attacker"]) == (KINDS[cb["kind"] - 1], cb["area"] + 1, cb["attacker"])
        assert rec["firepower"] == cb["firepower"]
        for side in (0, 1):
            if (cb["rolled"] >> side) & 1:
                assert rec["dice"][side] == cb["dice"][side]
                assert len(rec["rolled"][side]) == len(cb["dice"][side])
                kept = [v for v, m in zip(cb["dice"][side], cb["modified"][side]) if not m]
                rolled = list(rec["rolled"][side])
                for v in kept:          # the dice nobody touched are dice as rolled
                    rolled.remove(v)
            else:
                assert rec["rolled"][side] is None
        snap = state._snap()
        if snap["node"] == FLOW["N_MOD"]:
            assert rec["offered"] == [state.action_to_string(a) for a in state.legal_actions() if a != 0]
        else:
            assert rec["offered"] == []
        combats += not before._combat()["kind"]
        steps += 1
        for seat in (0, 1):
            obs = state.observation(seat)
            for size in (ROOMY, SMALL):
                lines, text = _text(obs, seat, size)
                assert len(lines) <= BOARD_ROWS[size], (size, "\n".join(lines))
                assert all(len(line) <= size[0] for line in lines)
                assert f"Combat: {rec['kind']} in area {rec['area']}" in text
                for side in (0, 1):
                    if rec["rolled"][side]:
                        assert [r for r, _ in rec["trail"][side]] == rec["rolled"][side]
                        assert baler._dice(rec["trail"][side]).plain in text     # in the order rolled
            if steps > 60:
                break
    assert combats >= 3 and steps >= 10


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_each_step_says_what_happened_and_where_casualties_land(seed):
    """Every roll, modifier, re-roll and casualty of a combat becomes a step: a roll with the
    faces the chance outcome gave, a modifier with the moves offered, a unit hit with the post
    it stood on and the bed or the eliminated box it is in after the action."""
    checked = {"roll": 0, "modifier": 0, "casualty": 0}
    for before, action, state in _play(seed):
        old = {_ident(r): len(r["steps"]) for r in before.journal or []}
        added = [step for r in state.journal or [] for step in r["steps"][old.get(_ident(r), 0):]]
        node = before._snap()["node"]
        text = before.action_to_string(action)
        for step in added:
            if step["text"].startswith("rolls "):
                assert node == FLOW["N_C_ROLL"] and step["text"] == "rolls " + text[len("roll "):]
                checked["roll"] += 1
            elif step["text"].startswith(("uses ", "keeps its dice")):
                assert node == FLOW["N_MOD"]
                offered = [before.action_to_string(a) for a in before.legal_actions() if a != 0]
                assert step["offered"] == offered
                assert step["text"] == ("keeps its dice" if text == "done" else f"uses {text}")
                checked["modifier"] += 1
            m = re.fullmatch(r"(.+) \((.+)\) (killed|wounded) → (.+)", step["text"])
            if m:
                name, _, verb, where = m.groups()
                spaces = _unit_spaces(state, name)
                dead = any(space.endswith("_eliminated") for space in spaces)
                if verb == "killed":
                    assert where == "eliminated" and dead
                elif where.startswith("bed "):
                    assert f"spain_bed_{where.split()[1]}" in spaces or dead    # pushed to death at once
                else:               # a wounded Filipino: to the bag, a leader to his detachment space
                    assert any(sp == "philippines_bag" or sp.startswith("philippines_detachment_")
                               for sp in spaces), (step, spaces)
                checked["casualty"] += 1
    assert checked["roll"] >= 4 and checked["modifier"] >= 1, checked


def test_a_finished_combat_stays_on_screen_until_the_turn_ends():
    for before, action, state in _play(8):
        if before._combat()["kind"] and not state._combat()["kind"]:
            obs = state.observation(0)
            rec = obs["combat_log"][-1]
            assert rec["over"] and rec["successes"] is not None
            assert rec["steps"][-1]["text"] == f"the {rec['kind']} in area {rec['area']} is over"
            if obs["turn"] == rec["turn"]:
                for size, whole in ((ROOMY, False), (SMALL, True)):     # at 80x24: the `board` command
                    _, text = _text(obs, 0, size, whole)
                    assert f"Last combat: {rec['kind']} in area {rec['area']}" in text
                    for side in (0, 1):
                        if rec["successes"][side] and size == ROOMY:
                            assert rec["successes"][side] in text
                _, text = _text(obs, 0, SMALL)              # else shown or said to be left out
                assert "Last combat: " in text or "last combat" in text or "parts not shown: `board`" in text, text
                return
    pytest.fail("no combat ended")


def test_successes_count_the_final_dice():
    """Shooting: each 6 kills, each 5 wounds (l.664-l.666); incursion: 5-6 succeed, the
    difference (at most 2) is the targets, each 1 wounds an attacker (l.788, l.801, l.827);
    artillery: 4-6 succeed, net lowers the walls up to 2, each Filipino 6 not cancelled is
    shrapnel (l.864-l.877). A shooting's kills and wounds are casualties still to place, which
    a 1 behind standing walls may cancel (l.672, l.701): never "killed"."""
    rec = {"kind": "shooting", "attacker": 0, "dice": [[6, 5, 2], [6, 6]]}
    assert baler_successes(rec) == ["1 kill (6), 1 wound (5)", "2 kills (6), 0 wounds (5)"]
    rec = {"kind": "incursion", "attacker": 1, "dice": [[5, 1], [6, 5, 1]]}
    assert baler_successes(rec) == ["1 success (5-6)", "2 successes (5-6), net 1: 1 target(s); 1s (Spain 1, Phil. 1) wound 2 attackers"]
    rec = {"kind": "artillery", "attacker": 1, "dice": [[3], [6, 4]]}
    assert baler_successes(rec) == ["0 successes (4-6)", "2 successes (4-6), net 2: walls -2, shrapnel from 1 six: 1 wound to Spain"]
    rec = {"kind": "artillery", "attacker": 1, "dice": [[4], [5, 2]]}
    assert baler_successes(rec) == ["1 success (4-6)", "1 success (4-6), net 0: walls hold"]


def baler_successes(rec):
    from partisan.core.games.baler.journal import successes
    return successes(rec)


def test_a_clone_keeps_the_account():
    for before, action, state in _play(2):
        if state._combat()["kind"] and state.journal and state.journal[-1]["steps"]:
            copy = state.clone()
            assert copy.journal == state.journal
            kept = [dict(r, steps=list(r["steps"])) for r in state.journal]
            for _ in range(20):         # the original goes on: the clone's account stays
                if state.is_terminal():
                    break
                state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
            assert copy.journal == kept
            return
    pytest.fail("no combat step")


def test_the_move_list_tells_where_casualties_land():
    """changes() (the narration under each move) adds the combat's results the move's own text
    does not say: each unit hit with the post it held and where it lands."""
    for before, action, state in _play(3):
        old, new = before.observation(0), state.observation(0)
        lines = baler.changes(old, new, 0)
        hits = [s["text"] for r in new["combat_log"] for s in r["steps"]
                if re.fullmatch(r".+ \(.+\) (killed|wounded) → .+", s["text"])]
        fresh = [t for t in hits if not any(t == s["text"] for r in old["combat_log"] for s in r["steps"])]
        if fresh:
            for text in fresh:
                assert any(line.endswith(text) for line in lines), (text, lines)
            return
    pytest.fail("no casualty")
