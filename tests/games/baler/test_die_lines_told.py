"""Whose surveillance die a line names, and a walls die that lowers nothing (newcomers read "your
surveillance die: 2" for the Philippines' die, and "Takeover attempt die: 1" for Fire on the
Roof's die, with no word that it did nothing). heroes_of_baler.txt, l.N."""
import random

from partisan.core.game import load_game
from partisan.core.games.baler.state import FLOW, NODES


def _chance_lines(seeds):
    game = load_game("baler")
    for seed in seeds:
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance()
                before = state.clone()
                state.apply_action(action)
                yield before, state, before.describe_action(action, 0)
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def test_each_sides_surveillance_die_is_named_as_its_own():
    """l.640: "If both sides have a surveillance marker in the area, they must both decide
    whether to activate it, starting with the attacking player. Then, each side with an
    activated marker rolls a die\""""
    told = 0
    for before, _, line in _chance_lines(range(1, 12)):
        if "surveillance die" not in line:
            continue
        snap = before._snap()
        attacker = snap["combat"]["attacker"]
        side = attacker if snap["die_for"] == FLOW["D4_SURV_A"] else 1 - attacker
        assert line.startswith("your" if side == 0 else "the Philippines'"), line
        told += 1
    assert told >= 10


def test_a_walls_die_that_lowers_nothing_says_so():
    """A card's walls die (the Takeover attempt's table, l.1151) that leaves every wall as it
    was, with no Persistence left to better it, has no effect."""
    told = 0
    for before, after, line in _chance_lines(range(1, 25)):
        if "walls die" not in line or after.is_terminal() or after._snap()["node"] == NODES["persist"]:
            continue
        unchanged = after._snap()["walls"] == before._snap()["walls"]
        assert line.endswith(": no effect, the walls hold") == unchanged, line
        told += unchanged
    assert told >= 1


def _fight_changes_told(seeds, viewer):
    """(observation before, observation after, the changes told to viewer) for each action
    taken in a territorial combat."""
    from partisan.cli.views.baler import changes
    from partisan.core.games.baler.view import _territorial_fight
    game = load_game("baler")
    for seed in seeds:
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            action = state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
            if _territorial_fight(state._snap()) is None:
                state.apply_action(action)
                continue
            before = state.observation(viewer)
            state.apply_action(action)
            yield before, state.observation(viewer), changes(before, state.observation(viewer), viewer)


def test_a_territorial_combat_is_told_its_successes_and_outcome():
    """l.1394: "The attacker rolls a number of dice equal to their combat strength"; l.1396:
    "The defender does the same."; l.1398: "Each result of 5 or 6 counts as a success."
    l.1402: "If the foreign power obtains more successes than the Philippine side"; l.1404: "If
    the foreign power is the US, the Philippine side loses a unit of their choice"; l.1409: "If
    both sides obtain the same number of successes, nothing happens." A newcomer reads the
    count and what it makes, not only the dice."""
    begun = told = 0
    for before, after, lines in _fight_changes_told(range(100, 113), 1):
        fight = before["territorial_fight"]
        begun += bool(fight and not fight["defending"] and after["territorial_fight"]
                      and after["territorial_fight"]["defending"])
        said = [line for line in lines if line.startswith("territorial combat, successes")]
        if not said:
            continue
        told += 1
        attacker = fight["attacker"]
        dice = {attacker: before["territorial_dice"][attacker],
                1 - attacker: after["territorial_dice"][1 - attacker]}
        phil, foreign = (sum(face >= 5 for face in dice[side]) for side in (1, 0))
        power = "the US" if before["foreign_power"][2] else "Spain"
        assert said == [f"territorial combat, successes (5s and 6s): you {phil}, {power} {foreign}: "
                        + said[0].split(": ", 2)[2]]
        outcome = said[0].split(": ", 2)[2]
        assert (outcome == "a tie, nothing happens") == (phil == foreign), said
        assert outcome.startswith("you win") == (phil > foreign), said
        lost = after["node"] == NODES["tloss"]
        assert outcome.startswith("the US wins: you lose a unit") == lost == (power == "the US" and foreign > phil)
    assert told == begun >= 4


def test_the_territorial_modifier_note_shows_the_dice_as_they_stand(play, territorial_attack, table):
    """l.1394: "Then, they choose whether to spend morale levels to modify any of the dice." Each
    die is modified once (RULES.md reading 5), so once a die is modified the menu no longer
    offers it: the note says the dice as they stand."""
    from partisan.cli.views.baler import decision_note
    s = play(territorial_attack(table), "roll 3 4 4")
    assert "yours 3 4 4;" in decision_note(s.observation(1), 1)
    play(s, "morale +1 on a 4")
    note = decision_note(s.observation(1), 1)
    assert "yours 3 4 5;" in note and len(note) <= 80, note


def test_the_defenders_note_shows_the_attackers_dice(play, territorial_attack, table):
    """l.1396, "The defender does the same": the defender's note shows the attacker's dice
    beside its own. The foreign power defends; its dice take Spanish morale under
    foreign_morale (RULES.md reading 2)."""
    from partisan.cli.views.baler import decision_note
    table.set_option("foreign_morale", True)
    s = play(territorial_attack(table), "roll 1 1 1", "done", "roll 2 4 4")
    note = decision_note(s.observation(0), 0)
    assert note == "Spain: morale on a die? Spain's 2 4 4, the Philippines' 1 1 1; done: keep", note
