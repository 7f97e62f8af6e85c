"""Heroes of Baler's screen, a newcomer's sixth round of notes (issue 34): Spain's head start
said on the first screen, the board's column heads kept at 80x24 during a combat, every
leader named on the detachment row, a disabled leader's
recovery, why a man dies in bed 1 with a bed free, beriberi outside the
Attrition phase told as such. heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import pytest

from partisan.core.game import load_game
from partisan.core.games.baler.position import BalerTable
from tests.cli.test_baler_screen_round5 import _told
from tests.cli.test_baler_solo_newcomer import ROOMY, SMALL, _screen


def _first_screen(size, automa: bool) -> str:
    state = load_game("baler", automa=automa).new_initial_state(206)
    while state.is_chance_node() or state.current_player() != 0:
        state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    return "\n".join(_screen(state.observation(0), 0, size))


@pytest.mark.parametrize("size", [SMALL, ROOMY])
@pytest.mark.parametrize("automa", [False, True])
def test_the_first_screen_says_spain_s_vp_are_a_head_start(size, automa):
    """l.1189: "One side has at least 15 victory points more than the other. The game ends":
    Spain's 7 starting VP (Partisan's set-up, RULES.md; the rulebook leaves it to the
    playbook) weigh on that from the first turn, so the first screen says they are a head
    start, at 80x24 and at 100x40."""
    screen = _first_screen(size, automa)
    assert "VP 7 (head start)" in screen or "VP 7: a head start" in screen, screen


def _first_ill(state, *texts: str) -> list[str]:
    """The lines told to Spain as `texts` are played, then the first legal move until a man
    enters the infirmary."""
    lines = _told(state, 0, *texts)
    while not any(" → infirmary bed " in line for line in lines):
        lines += _told(state, 0, state.action_to_string(state.legal_actions()[0]))
    return lines


def test_a_man_pushed_out_of_bed_1_with_a_bed_free_is_told_why():
    """l.950: "If the designated bed is occupied, move all the wounded already in the
    infirmary one space following the arrows ... This may cause a wounded to be moved from bed
    1 to the '0' space (the graveyard)." Beds 1 and 3 taken, bed 2 free: the sick man takes
    bed 3, everyone moves one space, and the man in bed 1 dies; the line of the push says why
    (round 7: one line for the men it moves, each with his beds)."""
    table = BalerTable()
    table.put("Mateo Conesa", "spain_bed_1")
    table.put("Juan López", "spain_bed_3")
    table.set_tracks("spain", supply=4)
    lines = _first_ill(table.game_state("attrition", "spain"), "die 5", "die 1")   # 1 ill, from the bag
    died = next(line for line in lines if "Mateo Conesa" in line)
    assert died == ("your wounded move one bed along to make room in bed 3, even with a bed free: "
                    "Mateo Conesa bed 1 → dies, eliminated; Juan López bed 3 → 2"), died


def test_beriberi_outside_the_attrition_phase_is_told_as_illness():
    """l.409: "Odd result: Randomly draw a unit from the Spanish bag", l.412: "Place all the
    units drawn from the bag (odd results) in the infirmary" (resolving losses by beriberi,
    l.405). The Beriberi card played as an event in the Events phase makes a man ill; his line says he falls ill
    of beriberi, not that he is wounded."""
    table = BalerTable()
    table.give("philippines", ["Beriberi", "Massed Assault"])
    state = table.game_state("events", "philippines")
    lines = _first_ill(state, "Beriberi", "Massed Assault", "done", "Beriberi: main event")
    ill = next(line for line in lines if " → infirmary bed " in line)
    assert " falls ill (beriberi) → infirmary bed " in ill, lines


def test_a_disabled_leader_face_up_again_gets_a_line():
    """l.1229: "(1) The leader becomes disabled. Flip the counter to its back ... While
    disabled, the leader cannot be moved into the Command area." The rulebook does not say when
    he recovers (RULES.md reading 7: at the next Leaders step); when he does, a line says so
    and why."""
    table = BalerTable()
    table.disable("Cándido Gómez Carreño")
    state = table.game_state("upkeep", "spain")
    lines = []
    while state._snap()["disabled"]:
        lines += _told(state, 0, state.action_to_string(state.legal_actions()[0]))
    assert ("your Cándido Gómez Carreño is face up again: a disabled leader misses one turn "
            "(he may go to the command area again)") in lines, lines[-5:]


def test_the_detachment_row_names_every_leader_at_100_columns():
    """l.116: "The space number 6 in the topmost line of the Spanish detachment, where the
    religious leaders López and Minaya can be stacked together." With a
    disabled leader ("off") the row at 100 columns still names all seven leaders, shortened,
    and cuts none off its end."""
    table = BalerTable()
    table.disable("Cándido Gómez Carreño")
    state = table.game_state("upkeep", "spain")
    row = next(line for line in _screen(state.observation(0), 0, ROOMY) if "detachment 1-2" in line)
    for name in ("More", "Zaya", "Cere", "Quiñ", "Carr", "Lópe", "Mina"):
        assert name in row, row
    assert "Carr" in row.split("off")[0] and "…" not in row, row


def test_the_column_heads_stay_on_the_80x24_board_during_a_combat():
    """l.592-l.619 (a combat's firepower is read off the area's posts): while a combat is under
    way at 80x24 with every row taken (the automa's card on the status rows, the infirmary, the
    combat's dice and steps), the board keeps its column-heading row and gives up the
    secrets' row first."""
    table = BalerTable()
    for name in ("Mateo Conesa", "Juan López", "Fabregat Fabregat"):
        table.admit(name)
    table.give("spain", ["Redeploy"])
    state = table.game_state("action", "spain")
    for text in ("incursion area 1", "roll 6", "done", "roll 6 6 6 6", "done"):
        state.apply_action(state.string_to_action(text))
    obs = state.observation(0)
    assert obs["combat"]["kind"]
    obs["automa_card"], obs["automa_title"] = 19, "Hold: Watch the trenches"
    obs["combat_log"][-1]["successes"][0] = ("1 success (5-6), net 1: 0 target(s) (1 success lost: no "
                                             "target left); 1s wound 0 attackers")     # wraps at 80
    screen = _screen(obs, 0, SMALL)
    assert any(line.lstrip().startswith("wall fp") for line in screen), "\n".join(screen)
    assert any(line.startswith("Combat: incursion in area 1") for line in screen), "\n".join(screen)
