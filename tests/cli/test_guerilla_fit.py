"""Guerilla's table on a crowded screen (cli/views/guerilla.py): late in a round, with many
groups and a long menu, the table and the moves leave the status line on the screen and about a
third of the rows to the events (cli/play/screen.py draws the table and the moves first); no
column is cut and no group is broken across two lines."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from partisan.cli.views import guerilla
from partisan.core.game import load_game


def _console(width: int, height: int) -> Console:
    return Console(file=io.StringIO(), width=width, height=height, force_terminal=True,
                   color_system=None, legacy_windows=False)


def _crowded(players: int, seed: int, groups: int = 16, menu: int = 12, most: int = 99):
    """A position of a random round, deployments favoured, where the seat to move sees at least
    `groups` groups and a menu of `menu` to `most` moves."""
    state = load_game("guerilla", players=players).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        obs = state.observation(state.current_player())
        if len(obs["groups"]) >= groups and menu <= len(obs["menu"]) <= most:
            return state
        actions = state.legal_actions()
        deploys = [a for a in actions if "deploy" in state.action_to_string(a)]
        state.apply_action(rng.choice(deploys) if deploys and rng.random() < 0.6 else rng.choice(actions))
    raise AssertionError("no crowded position in this round")


def _screen(obs: dict, seat: int, width: int, height: int) -> tuple[list[str], int]:
    """The table's lines and the rows of the moves under it, as the play screen draws them."""
    console = _console(width, height)
    console.print(guerilla.render(obs, seat))
    menu = _console(width, height)
    for part in guerilla._menu_rows(obs, seat):
        menu.print(part)
    return console.file.getvalue().splitlines(), len(menu.file.getvalue().splitlines())


@pytest.mark.parametrize("players, seed", [(4, 0), (4, 1), (6, 0)])
@pytest.mark.parametrize("size", [(100, 40), (80, 24)])
def test_a_crowded_table_keeps_the_status_line_and_room_for_the_events(players, seed, size):
    width, height = size
    state = _crowded(players, seed)
    seat = state.current_player()
    obs = state.observation(seat)
    lines, menu_rows = _screen(obs, seat, width, height)
    text = "\n".join(lines)
    assert lines[0].startswith("Guerilla")
    usable = height - 1                       # the prompt's row
    assert len(lines) + menu_rows <= usable - usable // 3 + 1, text      # about a third left
    assert "…" not in text and all(len(line) <= width for line in lines), text
    rows = [" ".join(line.split()) for line in lines]
    for faction in ("Government", "Rebel"):
        for _, entry in guerilla._group_entries(obs, seat, faction):
            group = next(word for word in entry.plain.split() if word[0] == "g")
            whole = " ".join(entry.plain.split())
            # flowing entries whole, or a table's row (two tables side by side share rows)
            assert any(whole in row or f" {group} " in f" {row} " for row in rows), (whole, text)

def test_a_table_that_fits_keeps_one_row_a_group_with_the_leaders_names():
    """Early in a round the groups are a table, a group to a row, with the leaders' full names."""
    state = _crowded(4, 0, groups=6, menu=2, most=6)
    seat = state.current_player()
    obs = state.observation(seat)
    lines, _ = _screen(obs, seat, 100, 40)
    text = "\n".join(lines)
    for g in obs["groups"]:
        row = next(line for line in lines if line.split()[:1] == [f"g{g['id']}"])
        if g["leader_half"]:
            assert g["leader_half"]["name"] in row, text
