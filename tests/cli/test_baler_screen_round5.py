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
