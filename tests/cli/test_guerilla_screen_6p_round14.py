"""Guerilla's screens after the fourteenth round's 6-player game at 80x24 (seed 1414): what a
move played for the player says, the end's breakdown, the attack-mode menu and the board's
layout. Each test quotes the passage the line tells."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.games.guerilla.state import GOV, REB
from partisan.core.record import Match
from tests.games.guerilla.conftest import card


def _do(state, *wants: str) -> None:
    """Plays, for each text, the first legal move whose description (as P1 reads it) holds it."""
    for want in wants:
        state.apply_action(next(a for a in state.legal_actions() if want in state.describe_action(a, viewer=0)))


def _session(state, width: int = 80, height: int = 24) -> PlaySession:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None,
                      legacy_windows=False)
    players = state.game.players
    return PlaySession(Match(state.game, 0, state=state), 0, {q: "random" for q in range(1, players)}, "random",
                       None, console)


def test_a_complex_destroyed_for_you_says_why_the_one_just_taken_is_not_offered():
    """guerilla.txt l.76: "A Rebel complex can be destroyed by its owner in his attack phase at
    the cost of one action. Destroying a complex counts as an attack, so a group which took
    control of a complex could not destroy it on the same turn unless an Arms Cache event card
    was played." P1 chose "destroy a Rebel complex" for the Bridge just captured; the Barracks
    was destroyed for him (seed 1414, move 1532) and nothing said why the Bridge was not offered."""
    state = load_game("guerilla", 6).new_initial_state(0)
    state.arrange([REB, GOV, REB, GOV, REB, GOV], groups=[(0, REB, [card("Unit 4/1")], 0), (1, GOV, [card("Bridge")], 0),
                                                          (0, REB, [card("Barracks")], 0)])
    _do(state, "attack with your g0", "attack P2's g1", *["no reaction"] * 6, "d10: 10", "d10: 1",
        "no more garrison", "destroy a Rebel complex")
    session = _session(state)
    session._advance()
    prompt = session._prompt().plain
    assert ("'destroy the Barracks of your g2' was the only choice. Not offered: the Bridge of your g1 (taken or "
            "attacked with this turn: destroying counts as an attack)." in prompt), prompt
    told = next(line for line in session.events if "destroy the Barracks" in line)
    assert "Not offered: the Bridge of your g1" in told, told


def test_the_end_s_breakdown_names_complexes_destroyed_apart_from_battles():
    """guerilla.txt l.112: "| Complex destroyed by rebels | The complex victory point value (in
    hexagonal symbol) |", a row of its own beside l.110: "| Eliminating a unit | Its printed
    strength |". The end's table said "97 from battles and
    attacks, 3 for 1 complex held" where 38 of the 97 came from complexes destroyed and 6 from
    Policia kills (seed 1414)."""
    from partisan.cli.views.guerilla import _sources
    state = load_game("guerilla", 6).new_initial_state(0)
    state.arrange([REB, GOV, REB, GOV, REB, GOV], groups=[(0, REB, [card("Port")], 0)])
    _do(state, "destroy a Rebel complex", "destroy the Port of your g0")
    assert _sources(state.observation(0), 0) == "5 for complexes destroyed, no complex held"


def test_a_policia_kill_is_counted_apart_from_battles():
    """guerilla.txt l.136: "May make one assassination attempt per turn on a leader of the same
    faction controlled by another player. ... A successful leader elimination still scores
    points for the player and faction, even though it is the same faction." The end's breakdown
    counted P1's Policia kills among "battles and attacks" (seed 1414: 6 points)."""
    state = load_game("guerilla", 6).new_initial_state(0)
    leader = card("Coronel Fausto Arriaga / Teniente Nicolás Bravo")
    state.arrange([GOV, REB, GOV, REB, GOV, REB], groups=[(0, GOV, [card("Policia")], 0),
                                                          (1, GOV, [leader, card("Unit 1/1")], 0)])
    _do(state, "Policia", "try to kill", *["no reaction"] * 6, "d10: 10")
    assert state.observation(0)["scores"][0] == 3
    assert state.observation(0)["won_by"][0]["Policia kills"] == 3


def test_the_attack_mode_menu_says_which_units_defend_and_may_be_lost():
    """guerilla.txt l.60-l.64: "When attacking a group with a higher number of units than its
    leader's command rating the attacker may choose to attack:" ... "When only part of a group
    is attacked, only the units under attack can defend and take losses." The menu read
    "attack the sideways units / attack the commanded units / attack all units": P1 chose all
    units thinking he would fight everything, and learnt only from the battle line that the
    sideways unit "adds no strength but may be lost"."""
    state = load_game("guerilla", 6).new_initial_state(0)
    state.arrange([GOV, REB, GOV, REB, GOV, REB], groups=[
        (0, GOV, [card("Unit 4/1"), card("Unit 4/2")], 0),
        (1, REB, [card("Coronel Fausto Arriaga / Teniente Nicolás Bravo"), card("Unit 1/1"), card("Unit 1/2")], 0)])
    _do(state, "attack with your g0", "attack with Unit 4/1", "attack P2's g1")
    said = [state.describe_action(a, viewer=0) for a in state.legal_actions()]
    assert said == ["you: attack the sideways units (only they defend and may be lost; no leader modifier)",
                    "you: attack the commanded units (only they defend and may be lost; no leader modifier)",
                    "you: attack all units (all may be lost; the sideways add no strength; no leader modifier)"], said


def test_six_seats_list_the_groups_by_owner_yours_first_however_few():
    """guerilla.txt l.83: "A player can deploy reinforcements to a group owned by another player,
    with or without his consent. Cards deployed in this way immediately belong to the owner of
    the group they join." At 80x24 the board switched from turn to turn between the groups
    listed by player ("Gov 45: you: g31 1 Barracks DF4 VP4 │ P2: g11 3") and by group ("Gov 45:
    g0 P3 2 2 · g11 P2 1") as the groups went past a dozen and back (seed 1414, turns 41, 47,
    53 ...): P1 had to find his own groups again each time."""
    from partisan.cli.views.guerilla import _compact_groups
    state = load_game("guerilla", 6).new_initial_state(0)
    state.arrange([GOV, REB, GOV, REB, GOV, REB], groups=[(0, GOV, [card("Unit 4/1")], 0), (3, GOV, [card("Unit 3/3")], 0),
                                                          (2, GOV, [card("Unit 2/2")], 0), (3, GOV, [card("Unit 1/1")], 0)])
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    console.print(_compact_groups(state.observation(2), 2, "Government"))
    line = console.file.getvalue().strip()
    assert line == "Gov 0: you: g2 2 │ P4: g1 3 · g3 1 │ P1: g0 4", line


def test_another_seat_s_attack_mode_reads_without_the_menu_s_note():
    """guerilla.txt l.64: "When only part of a group is attacked, only the units under attack
    can defend and take losses." The note is for the attacker choosing; in another seat's
    events "P3: attack all units (...)" took two rows at 80 columns, and the battle's line
    says it again."""
    state = load_game("guerilla", 6).new_initial_state(0)
    state.arrange([GOV, REB, GOV, REB, GOV, REB], groups=[
        (0, GOV, [card("Unit 4/1"), card("Unit 4/2")], 0),
        (1, REB, [card("Coronel Fausto Arriaga / Teniente Nicolás Bravo"), card("Unit 1/1"), card("Unit 1/2")], 0)])
    _do(state, "attack with your g0", "attack with Unit 4/1", "attack P2's g1")
    assert [state.describe_action(a, viewer=1) for a in state.legal_actions()] == [
        "P1: attack the sideways units", "P1: attack the commanded units", "P1: attack all units"]
