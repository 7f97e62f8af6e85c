"""Heroes of Baler's screen, a newcomer's seventh round of notes (issue 34, "every consequence
on screen"): a heal names the man it heals. heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

from partisan.cli.views import baler
from partisan.core.games.baler.position import BalerTable


def _heal_menu():
    """Spain's Heal action chosen with three men in the infirmary, beds 1 to 3."""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie"])
    for name in ("Mir Brils", "Chamizo García", "Fabregat Fabregat"):
        table.admit(name)
    state = table.game_state("action", "spain")
    state.apply_action(state.string_to_action("heal"))
    return state


def test_the_heal_menu_names_the_men_not_only_their_beds():
    """l.1109: "Heal the units in the two beds with lower numbers (closer to the '0' space –
    graveyard)." and l.1113: "Heal an injured unit of your choice." The menu names each man
    as the board prints him, with his bed, and the two the first option heals; the line of the
    choice names him too."""
    state = _heal_menu()
    assert state.observation(0)["menu"] == [
        "heal the two lowest beds: Mir Brils and Chamizo García", "Mir Brils 1/3 (bed 1)",
        "Chamizo García 2/1 (bed 2)", "Fabregat Fabregat 2/1 (bed 3)"]
    a = state.string_to_action("bed 2")
    assert state.describe_action(a, 0) == "you: Chamizo García 2/1 (bed 2)"
    assert state.describe_action(a, 1) == "Spain: Chamizo García 2/1 (bed 2)"


def test_the_healed_soldier_s_space_is_asked_for_by_his_name():
    """l.1113: "If it is a soldier, place it in a detachment space of your choice": the prompt
    for the space names the soldier and the bed he leaves."""
    state = _heal_menu()
    state.apply_action(state.string_to_action("bed 2"))
    note = baler.decision_note(state.observation(0), 0)
    assert note == "Spain: the detachment space Chamizo García 2/1 (bed 2) takes", note
