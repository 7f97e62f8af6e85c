"""Heroes of Baler's screen, a newcomer's fifth round of notes (issue 34): the reason the
trench section is off the Action menu in the note, the infirmary's pushes and the US marker's
move told where they happen, Filipino units entering the territorial map, the menu's headings
each once. heroes_of_baler.txt, l.N."""
from __future__ import annotations

from partisan.cli.views import baler
from tests.games.baler.test_screen_round5 import _filipino_action, _play


def test_the_action_note_says_why_the_trench_section_is_off_the_menu():
    """l.1139: "You cannot build more than two trench sections during an Action phase." The
    note above the Philippines' Action menu says so, in one row of 80 columns."""
    state = _play(_filipino_action(trench_manpower="area"),
                  "build a trench section", "trench 7", "build a trench section", "trench 8")
    note = baler.decision_note(state.observation(1), 1)
    assert "trench: 2 built this phase, the most" in note and len(note) <= 80, note


def test_the_action_note_keeps_the_reasons_that_fit():
    """Two reasons too long together for one row of 80 columns: the note keeps the first, in
    its shortest form, rather than none."""
    obs = {"ap": [0, 3], "not_offered": ["repair: manpower under 3 at every sabotaged trench section",
                                         "trench: no empty section with manpower 5 on its flanks"]}
    note = baler._with_reasons("Philippines: an action (3 AP left), or done: end your Action phase", obs, 1)
    assert note == "Philippines: 3 AP; repair: manpower under 3 at every sabotaged trench section"


def _told(state, seat: int, *texts: str) -> list[str]:
    """The lines `seat` is told as the moves or outcomes `texts` are played: each one's own
    line, then what the view says it changed."""
    lines = []
    for text in texts:
        a, before = state.string_to_action(text), state.observation(seat)
        lines.append(state.describe_action(a, seat))
        state.apply_action(a)
        lines += baler.changes(before, state.observation(seat), seat)
    return lines


def test_every_wounded_man_who_moves_along_the_beds_gets_a_line():
    """l.950: "If the designated bed is occupied, move all the wounded already in the infirmary
    one space following the arrows" (beriberi's sick too, l.423), and l.965: healed beds
    leave no gap, the others "move ... to fill the empty ones". Along random games, outside a
    combat (whose panel tells its own), every man whose bed changes has his line."""
    from tests.cli.test_baler_screen_round3 import _narrated
    pushed = moved_up = 0
    for seed in range(1, 5):
        for snap, lines in _narrated(seed):
            del snap
            for line in lines[1:]:
                pushed += " pushed → bed " in line
                moved_up += " moves up → bed " in line
    assert pushed and moved_up


def test_a_beriberi_push_is_told_before_the_new_patient():
    """l.948-l.950: the sick man takes the highest open bed, the one there moves along first."""
    from partisan.core.games.baler.position import BalerTable
    table = BalerTable()
    table.admit("Fabregat Fabregat")
    table.set_tracks("spain", supply=4)
    state = table.game_state("attrition", "spain")
    lines = _told(state, 0, "die 5", "die 1")           # supply 4 → 3: one falls ill, from the bag
    lines += _told(state, 0, state.action_to_string(state.legal_actions()[0]))
    told = [line for line in lines if "bed" in line]
    assert told[0] == "your Fabregat Fabregat (bed 3) pushed → bed 2", lines
    assert told[1].startswith("your ") and told[1].endswith(" falls ill (beriberi) → infirmary bed 3"), lines


def test_the_us_marker_s_move_is_told_in_the_attrition_phase():
    """l.1356: "The US counter advances immediately after the Philippine side's attrition dice
    roll in Phase 3": its move is told before the header of the phase that follows."""
    from partisan.core.games.baler.position import BalerTable
    table = BalerTable()
    table.set_turn(4)
    table.set_territory(0, 5, us=True, strength=4)
    lines = _told(table.game_state("attrition", "spain"), 0, "die 6", "die 6", "die 6", "die 3")
    assert lines.index("US power marker: space 5 → space 3") < lines.index("— turn 4: the first shootings phase —")


def test_each_unit_entering_the_territorial_map_gets_a_line():
    """l.1367: the Philippine side may "deploy up to three units on the territorial map"
    (leaders too, l.1376): each unit placed there is told, where it stands."""
    lines = _told(_filipino_action(), 0, "move", "deploy on the territorial map", "Simón Tecson",
                  "Calixto Villacorta")
    assert "Philippines: Simón Tecson → the territorial map, space 1 (Baler)" in lines
    assert "Philippines: Calixto Villacorta → the territorial map, space 1 (Baler)" in lines


def _moving_session(width: int):
    """A play session at Spain's choice of a unit to move, its units in the guard posts and
    in all three detachment rows, alternating in the order of the legal moves."""
    import io

    from rich.console import Console

    from partisan.cli.play.session import PlaySession
    from partisan.core.game import load_game
    from partisan.core.games.baler.position import BalerTable
    from partisan.core.record import Match
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie", "Redeploy"])
    state = table.game_state("action", "spain")
    state.apply_action(state.string_to_action("move"))
    session = PlaySession(Match(load_game("baler"), 3), 0, {1: "random"}, "random", None,
                          Console(file=io.StringIO(), width=width, color_system=None))
    session.match.state = state
    return session


def _shown(session, renderable) -> str:
    return "\n".join(line.plain if hasattr(line, "plain") else "".join(seg.text for seg in line)
                     for line in session.console.render_lines(renderable, pad=False))


def test_each_heading_of_the_unit_menu_is_shown_once():
    """A movement "allows you to move two units on the entire board" (l.971): the menu groups
    the units by the place they stand, each place's heading once ("detachment 3-4: 7. ...
    13. ..."), whole or cut to fit the screen; a number still picks the move it is shown
    beside."""
    from partisan.cli.play.prompt import menu_entries
    for width in (80, 100):
        session = _moving_session(width)
        whole = _shown(session, session.menu())
        assert all(whole.count(heading) == 1 for heading in HEADINGS), whole
        for rows in (6, 8):
            cut = _shown(session, session._fitted(session.moves(), rows))
            assert "more moves" in cut and all(cut.count(heading) <= 1 for heading in HEADINGS), cut
        obs = session.state.observation(0)
        places, order = obs["menu_places"], baler.menu_order(obs, 0)     # numbered as shown
        for n, label, item in menu_entries(session.menu(), session.console):
            place = places[order[n - 1]]
            assert (label is None and place[0] is None) or place[:2] == [label[:-1], item]


HEADINGS = ("guard posts:", "detachment 1-2:", "detachment 3-4:", "detachment 5-6:")
