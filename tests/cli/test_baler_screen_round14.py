"""Heroes of Baler's screen, a newcomer's fourteenth round of notes (issue 34, "every consequence
on screen"): the Action menu says why attacks cost 2 AP after the first and why an area attacked
is missing, and a typed attack refused for that says why.
heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.cli.views import baler
from partisan.core.game import load_game
from partisan.core.games.baler.position import BalerTable
from partisan.core.games.baler.state import NODES
from partisan.core.record import Match
from tests.games.baler.conftest import _quietly


def _after_a_shooting():
    """The Philippines' Action menu (5 AP) after their shooting in area 1."""
    table = BalerTable()
    table.give("philippines", ["Takeover attempt", "Massed Assault", "Lantaka Barrage"])
    state = table.game_state("action", "philippines")
    state.apply_action(state.string_to_action("shooting area 1"))
    return _quietly(state, lambda s: s._snap()["node"] == NODES["act"])


def test_the_action_note_says_why_attacks_cost_2_ap_and_an_area_is_missing():
    """heroes_of_baler.txt l.565: "a) Basic actions: The same actions are available for both
    sides. Each costs 1 action point and can be repeated only once, at the cost of 2 action
    points." and l.582: "You can never attack a map area more than once in the same phase (be it
    the Events or Action phase)." After a shooting in area 1 the note above the Action menu says
    the repeat costs 2 AP and area 1 is not attacked again, in one row of 80 columns."""
    state = _after_a_shooting()
    obs = state.observation(1)
    assert not any(m.endswith("area 1") or " area 1 (" in m for m in obs["menu"]), obs["menu"]
    note = baler.decision_note(obs, 1)
    assert "attack: a repeat costs 2 AP; not area 1 again this phase" in note and len(note) <= 80, note


def test_a_typed_attack_on_an_area_attacked_says_why_it_is_refused():
    """heroes_of_baler.txt l.582: "You can never attack a map area more than once in the same
    phase (be it the Events or Action phase)." A typed `artillery 1` after the shooting in area
    1 is refused with that reason, not as an unknown move; a typed move the game has no such
    reason for keeps the plain refusal."""
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True,
                      color_system=None, legacy_windows=False)
    session = PlaySession(Match(load_game("baler"), 3), 1, {0: "random"}, "random", None, console)
    session.match.state = _after_a_shooting()
    assert session.parse_move("artillery 1") is None
    assert session.parse_move("fly away") is None
    said = " ".join(console.file.getvalue().split())
    assert ("'artillery 1' cannot be played now: area 1 attacked this phase already "
            "(one attack an area a phase).") in said, said
    assert "'fly away' is not a legal move or a command." in said, said


def test_the_observation_names_the_man_the_next_wound_kills_once_for_table_and_menu():
    """heroes_of_baler.txt l.950: "If the designated bed is occupied, move all the wounded already
    in the infirmary one space following the arrows, and place the newly arrived wounded in the
    designated bed. This may cause a wounded to be moved from bed 1 to the '0' space (the
    graveyard)." The observation says who dies at the next wound (None with a bed free): the
    table's warning and the heal entry both name him from it."""
    from tests.cli.test_baler_screen_round12 import SMALL, _infirmary, _screen
    obs = _infirmary(3).observation(0)
    assert obs["next_wound_kills"] == "Mateo Conesa", obs["next_wound_kills"]
    assert "heal (2 AP, infirmary full: the next wounded kills Mateo Conesa)" in obs["menu"], obs["menu"]
    text = _screen(obs, 0, SMALL)
    assert any(warning in text for warning in ("full: next wound kills Conesa (+1 VP)", "full: bed 1 dies next")), text
    free = _infirmary(2).observation(0)
    assert free["next_wound_kills"] is None and "full:" not in _screen(free, 0, SMALL)


def test_the_other_side_s_picks_read_as_moves_with_their_reason():
    """heroes_of_baler.txt l.971: "Movement is another action type available to both sides. It
    costs one action point and allows you to move two units on the entire board, not only on the
    map." Spain's move as the Philippines read it names the unit moving and where it goes
    ("Spain: Fabregat Fabregat moves → ..."), not bare picks; the player's own lines are
    unchanged."""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie", "Redeploy"])
    state = table.game_state("action", "spain")
    lines = {0: [], 1: []}
    for pick in ("move", "Fabregat Fabregat 2/1", "Spanish post '3-4', area 3"):
        a = next(a for a in state.legal_actions() if state.action_to_string(a).startswith(pick)
                 or baler.move_text(state, a, 0).startswith(pick))
        for seat in lines:
            lines[seat].append(state.describe_action(a, seat))
        state.apply_action(a)
    assert lines[1][1].startswith("Spain: moves Fabregat Fabregat 2/1 ("), lines[1]
    assert lines[1][2].startswith("Spain: Fabregat Fabregat moves → Spanish post '3-4', area 3"), lines[1]
    assert lines[0][1:] == [line.replace("Spain: moves ", "you: ").replace("Spain: Fabregat Fabregat moves → ", "you: ")
                            for line in lines[1][1:]], lines
