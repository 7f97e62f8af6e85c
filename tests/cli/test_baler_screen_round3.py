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


def _rows(obs: dict, size) -> list[str]:
    console = Console(file=io.StringIO(), width=size[0], height=size[1], color_system=None,
                      legacy_windows=False)
    console.print(baler.render(obs, 0))
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
