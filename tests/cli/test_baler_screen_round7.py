"""Heroes of Baler's screen, a newcomer's seventh round of notes (issue 34, "every consequence
on screen"): a heal names the man it heals; a Fog of War card played for the initiative is
named as its event is resolved; a shooting's menu entry in an area a side has left gives the
firepower the board's column gives; the men a push moves along the beds share one line, each
with his beds; the automa's artillery attack is explained without firepower; an event's
no-effect reason names a track's side to the other seat; a Fog of War card played for the
initiative whose event changes nothing says so and why. heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import random

import pytest

from partisan.cli.views import baler
from partisan.core.games.baler.automa import ROWS, AutomaBot, AutomaCard, Seen, decide
from partisan.core.games.baler.position import BalerTable
from tests.cli.test_baler_screen_round5 import _told
from tests.games.baler.conftest import _play


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


def test_men_pushed_along_the_beds_by_a_wound_are_told_in_one_line_each_with_his_beds():
    """l.950: "If the designated bed is occupied, move all the wounded already in the infirmary
    one space following the arrows, and place the newly arrived wounded in the designated bed.
    This may cause a wounded to be moved from bed 1 to the '0' space (the graveyard)." Beds 1
    to 3 taken, a shooting wounds a man: after his line, one line tells where each of the
    three others goes, bed 1 first, rather than a line each in no order of beds."""
    table = BalerTable()
    for name in ("Mateo Conesa", "Juan López", "Fabregat Fabregat"):
        table.admit(name)
    table.give("philippines", ["Call to Arms", "Massed Assault"])
    state = table.game_state("action", "philippines")
    lines = _told(state, 0, "shooting area 2", "roll 5 5 5 5", "done", "roll 5 5", "done", "die 3")
    wound = lines.index("your José Pestana (post 3-4) wounded → bed 3")
    assert lines[wound + 1] == ("your wounded move one bed along to make room in bed 3: Mateo Conesa bed 1 → "
                                "dies, eliminated; Juan López bed 2 → 1; Fabregat Fabregat bed 3 → 2"), lines
    assert not any(" pushed → " in line or "dies in the infirmary" in line for line in lines), lines


def test_men_moving_up_after_a_heal_are_told_in_one_line_each_with_his_beds():
    """l.1115: "If this results in an unoccupied bed between occupied ones, move the wounded one
    space in the direction of the arrows, so that all the occupied beds are contiguous." Beds 1
    to 4 taken, the man in bed 2 healed: one line tells where each of the two above him goes."""
    table = BalerTable()
    table.expand()
    for name in ("Mateo Conesa", "Juan López", "Fabregat Fabregat", "Mir Brils"):
        table.admit(name)
    table.give("spain", ["Volley from the Bell Tower", "Sortie"])
    lines = _told(table.game_state("action", "spain"), 0, "heal", "bed 2")
    assert lines[-2:] == ["your Juan López leaves the infirmary (bed 2) → detachment 1-2",
                          "your wounded move up to fill the empty beds: Fabregat Fabregat bed 3 → 2; "
                          "Mir Brils bed 4 → 3"], lines


def test_two_men_admitted_at_once_push_the_others_two_beds_along():
    """l.412: "Place all the units drawn from the bag (odd results) in the infirmary" (beriberi
    admits several men at once) and l.950: each admission into a taken bed moves all the
    wounded one space: the men already there move two beds, and the line says so."""
    from partisan.core.games.baler.view import bed_moves
    line = bed_moves([("Cazador 1/1", 3, 1), ("Mateo Conesa", 1, None), ("Juan López", 2, None),
                      ("Mir Brils", 4, 2)], pushed=True, free=False)
    assert line == ("wounded move 2 beds along to make room for the new men: Mateo Conesa bed 1 → dies, "
                    "eliminated; Juan López bed 2 → dies, eliminated; Cazador 1/1 bed 3 → 1; Mir Brils bed 4 → 2")


def _philippine_action(**options):
    """The Philippines' Action phase: both guns on the map (areas 2 and 4), every area's
    firepower even, supply full and every trench section built (so supply and trenches are not
    what the automa's card wants first)."""
    table = BalerTable()
    table.give("philippines", ["Call to Arms", "Coordinated Attacks"])
    table.set_tracks("philippines", supply=6)
    for trench in range(1, 9):
        table.set_trench(trench, "built")
    table.set_automa_card(1)
    return table.game_state("action", "philippines", **options)


def test_the_automa_s_artillery_attack_is_not_explained_by_its_firepower():
    """l.862: "Firepower and surveillance markers are not used in the artillery attack." The
    automa's card 1 attacks "where its firepower is its own", a criterion that allows every
    artillery attack; with the firepower even everywhere it shells an area, and its reason
    says that an artillery attack uses no firepower, and which Attacks criterion took the area,
    not that the firepower is its own there."""
    state = _philippine_action(automa=True)
    decision = AutomaBot(0).decide(state)
    assert state.action_to_string(decision.action) == "artillery area 4"
    assert Seen(state, 1).firepower(3) == 0                 # not its own
    assert decision.reason() == (
        'Partisan automa card 1 "Assault: Forlorn hope", Action points row: an artillery attack: '
        'it uses no firepower, so "attack where its firepower is its own" allows one in any area '
        "with a gun; Attacks row: the marked battery's area (the artillery piece on its solo side)")


@pytest.mark.parametrize("kind, why", [
    ("artillery", 'an artillery attack: it needs no enemy on a post, so "attack where the enemy mans a '
                  'post" allows one in any area with a gun; Attacks row: an artillery attack'),
    ("shooting", "attack where the enemy mans a post; Attacks row: a shooting")])
def test_an_attack_s_reason_reads_true_for_its_kind(kind, why):
    """l.862 (above): an artillery attack taken by an attack criterion of the Action points row
    says why that criterion allows it; a shooting keeps the criterion's words. Both name the
    Attacks row criterion that chose the kind."""
    state = _philippine_action(automa=True)
    rows = {row: () for row in ROWS} | {"actions": ("act_attack",), "attacks": (f"kind_{kind}",)}
    decision = decide(state, 1, random.Random(0), AutomaCard(99, "test", rows))
    assert state.action_to_string(decision.action).startswith(kind)
    assert decision.reason().startswith(f'Partisan automa card 99 "test", Action points row: {why}; a die '), \
        decision.reason()


def test_an_event_s_no_effect_reason_names_the_track_s_side_to_the_other_seat():
    """l.129: "Any supply or morale gain over 6 has no effect." Spain's Rally the Detachment at
    morale 6: Spain reads "your morale", the Philippines (and a spectator) "Spain's morale", not
    "your morale", which is not theirs."""
    table = BalerTable()
    table.set_tracks("spain", morale=6)
    table.give("spain", ["Rally the Detachment", "Sortie"])
    state = table.game_state("events", "spain")
    _play(state, "Rally the Detachment", "Sortie", "done")
    a = state.string_to_action("Rally the Detachment: main event")
    assert state.describe_action(a, 0).endswith("has no effect (your morale is at 6 already)")
    for viewer in (1, None):
        assert state.describe_action(a, viewer) == (
            "Spain: Rally the Detachment: main event has no effect (Spain's morale is at 6 already)")


def _initiative(spain: str, philippines: str, morale: int):
    table = BalerTable()
    table.set_tracks("spain", morale=morale)
    table.give("spain", [spain, "Sortie", "Volley from the Bell Tower"])
    table.give("philippines", [philippines, "Call to Arms"])
    return table.game_state("initiative", "philippines")


@pytest.mark.parametrize("seat", [0, 1])
def test_a_fog_of_war_card_for_the_initiative_that_changes_nothing_says_why(seat):
    """l.315: "If you played a Fog of War card from your side for the initiative, you must
    resolve its event, regardless of who gets the initiative." and l.129: "The Supply and
    Morale tracks range from 0 to 6." Letters Demanding Surrender (Spain's morale -2) with
    Spain's morale at 0 changes nothing: a line under the card's says so and why, to both
    seats."""
    lines = _told(_initiative("Sortie", "Letters Demanding Surrender", 0), seat,
                  "Sortie", "Letters Demanding Surrender")
    card = next(i for i, line in enumerate(lines) if "Fog of War card Letters Demanding Surrender" in line)
    assert lines[card + 1] == "Letters Demanding Surrender has no effect (Spain's morale is at 0 already)", lines


def test_a_fog_of_war_card_for_the_initiative_that_changes_a_track_says_no_such_thing():
    """l.129 (above): at morale 1 the loss of 2 takes Spain to 0: the track's line tells it and
    no line says the card had no effect."""
    lines = _told(_initiative("Sortie", "Letters Demanding Surrender", 1), 0,
                  "Sortie", "Letters Demanding Surrender")
    assert "your morale 1 → 0" in lines and not any("has no effect" in line for line in lines), lines


def test_the_fog_of_war_card_resolved_next_says_it_changed_nothing_when_it_is_over():
    """l.315 (above): "If both players played Fog of War cards, the player who gained the
    initiative resolves the event first." and l.129: "Any supply or morale gain over 6 has no
    effect." The Philippines' Night Harassment goes first; once its two attacks are given up,
    Spain's Mass in the Church (morale +2) at morale 6 is resolved and said to change nothing."""
    state = _initiative("Mass in the Church", "Night Harassment", 6)
    lines = _told(state, 0, "Mass in the Church", "Night Harassment", "done")
    assert not any("has no effect" in line for line in lines), lines
    lines = _told(state, 0, "done")
    assert lines[1:] == ["Mass in the Church has no effect (Spain's morale is at 6 already)",
                         "— turn 1: the events phase —"], lines


def test_every_fog_of_war_card_for_the_initiative_resolved_at_once_with_no_change_says_so():
    """l.315 (above). Random games: a Fog of War card played alone for the initiative whose
    event is resolved in the move that reveals it has a "has no effect (" line exactly when the
    position (units, tracks, walls, trenches, markers, the territorial map) did not change."""
    from partisan.core.game import load_game
    from partisan.core.games.baler.state import NODES
    from partisan.core.games.baler.view import CHANGED_BY_EVENTS
    game, resolved, told = load_game("baler"), 0, 0
    for seed in (5, 6, 11, 12):      # two resolved with no change, two with one
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            a = state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
            before, s0 = state.observation(0), state._snap()
            state.apply_action(a)
            lines = baler.changes(before, state.observation(0), None)
            s1, cards = state._snap(), state.observation(0)["cards"]["revealed"]
            fog = [c for c in cards if c and c["type"] == "fog_of_war"]
            if s0["node"] != NODES["init"] or s1["phase"] == s0["phase"] or len(fog) != 1:
                continue
            resolved += 1
            said = f"{fog[0]['name']} has no effect (" in " | ".join(lines)
            assert said == all(s0[key] == s1[key] for key in CHANGED_BY_EVENTS), lines
            told += said
    assert resolved > told >= 2
