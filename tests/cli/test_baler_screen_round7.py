"""Heroes of Baler's screen, a newcomer's seventh round of notes (issue 34, "every consequence
on screen"): a heal names the man it heals; a Fog of War card played for the initiative is
named as its event is resolved; a shooting's menu entry in an area a side has left gives the
firepower the board's column gives. heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import pytest

from partisan.cli.views import baler
from partisan.core.games.baler.position import BalerTable
from tests.cli.test_baler_screen_round5 import _told


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


@pytest.mark.parametrize("filipino, first", [("Coordinated Attacks", "now"), ("Night Harassment", "next")])
def test_a_fog_of_war_card_played_for_the_initiative_is_named_as_it_is_resolved(filipino, first):
    """l.315: "If you played a Fog of War card from your side for the initiative, you must
    resolve its event, regardless of who gets the initiative. If both players played Fog of War
    cards, the player who gained the initiative resolves the event first." After the reveal, a
    line names each such card by its title and its event, the initiative's first, and the
    prompt of its decisions names it."""
    table = BalerTable()
    table.give("spain", ["Burning the Houses", "Sortie"])
    table.give("philippines", [filipino, "Call to Arms"])
    state = table.game_state("initiative", "philippines")
    lines = _told(state, 0, "Burning the Houses", filipino)
    ours = ("your Fog of War card Burning the Houses, played for the initiative and then out of the game, "
            f"is resolved {first}: Incursion, +2 dice")
    assert ours in lines, lines
    if first == "next":
        theirs = next(line for line in lines if line.startswith("the Philippines' Fog of War card"))
        assert theirs.startswith("the Philippines' Fog of War card Night Harassment, played for the "
                                 "initiative and then out of the game, is resolved now: ")
        assert lines.index(theirs) < lines.index(ours)
        while state.current_player() == 1:
            lines += _told(state, 0, "done")        # the Philippines give up their attacks
    note = baler.decision_note(state.observation(0), 0)
    assert note == "Spain (Burning the Houses): the attack's kind and area; done: give it up", note


@pytest.mark.parametrize("area", [1, 2])
def test_a_shooting_where_a_side_has_no_unit_shows_the_column_s_firepower(area):
    """l.619: "To determine the firepower, add the combat strength of the units of each side
    (soldiers, Philippine artillery, and leaders), and then subtract the lower value from the
    higher value." and l.592: "If a shooting occurs in an area where all the guard posts from
    one or both sides are empty, the shooting has no effect." With the Filipino posts of the
    area emptied (area 2 keeps its gun, which mans no post: RULES.md reading 10), the Action
    menu's shooting there gives the firepower the board's column shows, not 0, and says it has
    no effect."""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie"])
    for post in table.posts(area, "philippines"):
        table.clear(post)
    state = table.game_state("action", "spain")
    obs = state.observation(0)
    column = obs["board"]["areas"][area - 1]["shooting_firepower"]
    assert column > 0
    entry = next(m for m in obs["menu"] if m.startswith(f"shooting area {area} "))
    assert entry == f"shooting area {area} (1 AP, fp {column:+d}, no effect: no Filipino unit there)", entry
