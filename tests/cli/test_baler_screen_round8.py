"""Heroes of Baler's screen, a newcomer's eighth round of notes (issue 34, "every consequence
on screen"): a side's hand turned into action points at the Action phase has its line; an
event card played is named with its event, and events given up are named and said so; each
combat is named by its kind and area as it begins, in its dice and as it ends; every VP line
says why; the final count lists only the sources that scored; a die to modify names the
combat, not a card the seat played; each side's results are on screen once it has rolled, and
a line gives both sides' final dice and results; the compact table shows the territorial map
and names the rows it leaves out.
heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import pytest

from partisan.cli.views import baler
from partisan.core.games.baler.position import BalerTable
from tests.cli.test_baler_screen_round5 import _told
from tests.games.baler.conftest import _play, _quietly


def _hand_for_points():
    """Spain's part of the Action phase under way; the Philippines hold four cards of their
    own and News of the Yorktown, Spain's Fog of War card."""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie"])
    table.give("philippines", ["Call to Arms", "Massed Assault", "News of the Yorktown", "Supply Cache",
                               "Night Harassment"])
    return table.game_state("action", "spain")


@pytest.mark.parametrize("seat, whose, fog", [(1, "your", "Spain's"), (0, "the Philippines'", "your")])
def test_the_hand_left_becomes_action_points_on_a_line(seat, whose, fog):
    """l.506: "Both sides will now take action, starting with the one with the initiative,
    using the cards they still have in hand", l.508: "Each card grants you the number of
    action points indicated on its top left corner. ... First, add all the action points in
    your cards, and then spend the points to take action." and l.545: "You cannot use enemy
    Fog of War cards during your action phase. Should you have any, place them in the discard
    pile." As Spain ends its part, the Philippines' five cards turn into 7 AP: a line gives
    each card's points and says that Spain's Fog of War card gives none, to both seats (the
    cards are placed face up, l.553)."""
    lines = _told(_hand_for_points(), seat, "done")
    assert (f"{whose} 5 cards left in hand become 7 AP: Massed Assault 2 + Call to Arms 1 + Supply Cache 3 "
            f"+ Night Harassment 1; News of the Yorktown ({fog} Fog of War card) gives none and is "
            "discarded") in lines, lines


def _spain_events(*cards: str):
    table = BalerTable()
    table.give("spain", list(cards))
    return table.game_state("events", "spain")


def test_an_event_card_played_is_named_with_its_main_event():
    """l.354: "First, the player with the initiative chooses two cards from their hand and
    plays them on the table. Next, they resolve the events in the cards in the order of their
    choice." Each card played reads, to the other side, as event card 1 or 2 with its title and
    its main event."""
    lines = _told(_spain_events("Volley from the Bell Tower", "Marksmen", "Lookouts"), 1,
                  "Volley from the Bell Tower", "Marksmen")
    assert lines == ["Spain: event card 1: Volley from the Bell Tower (Shooting, +1 die)",
                     "Spain: event card 2: Marksmen (Shooting, 1 free re-roll)"], lines


def test_events_given_up_are_named_and_said_unresolved_by_choice():
    """l.356: "You must always play two cards in this phase, but you can choose not to resolve
    some or even all the events on the cards." Spain plays two attacks and resolves neither: the
    line of its "done" names both events and says they were not resolved, by choice."""
    lines = _told(_spain_events("Volley from the Bell Tower", "Marksmen", "Lookouts"), 1,
                  "Volley from the Bell Tower", "Marksmen", "done", "done")
    assert ("Spain: no more events: Volley from the Bell Tower's main event and Marksmen's main event not "
            "resolved (a side need not resolve its events)") in lines, lines


def test_an_event_given_up_that_could_change_nothing_says_why():
    """l.1121: "This action allows you to activate the US power marker in the territorial
    control map, but only in turns 4, 5, or 6." In turn 1,
    Signal to the Yorktown given up is said to have been able to change nothing, and why."""
    lines = _told(_spain_events("Signal to the Yorktown", "Lookouts", "Marksmen"), 1,
                  "Signal to the Yorktown", "Lookouts", "done", "Lookouts: main event", "area 1", "area 2", "done")
    assert lines[-2] == ("Spain: no more events: Signal to the Yorktown's main event (could change nothing: the US "
                         "power marker is activated in turns 4-6 only) not resolved"), lines


def test_combats_back_to_back_are_each_named_by_kind_and_area():
    """l.1157: "During Phase 4 – First Shootings, the side with the initiative performed
    shootings in two map areas of their choice, placing a shooting marker in each." The
    Philippines' two shootings, chosen together, resolve one after the other: each begins with
    a line naming its area and firepower, its dice name it, and it ends with a line naming it."""
    state = BalerTable().game_state("first shootings", "philippines")
    lines = _told(state, 1, "area 1", "area 4", "roll 1", "done", "roll 1 1 1 1", "done")
    assert lines[2] == "your shooting in area 1 begins, firepower 2 to Spain", lines
    assert lines[3] == "your combat dice, shooting in area 1: 1", lines
    assert "Spain's combat dice, shooting in area 1: 1 1 1 1" in lines, lines
    second = next(line for line in lines if line.startswith("your shooting in area 4 begins"))
    assert lines.index("the shooting in area 1 is over") < lines.index(second), lines


def _filipino_shooting(**posts: str):
    """The Philippines' Action phase, some of Spain's posts in area 2 manned by name."""
    table = BalerTable()
    for post, name in posts.items():
        table.clear(post)
        table.put(name, post)
    table.give("philippines", ["Call to Arms", "Massed Assault"])
    return table


def test_a_vp_line_for_a_leader_killed_names_him_and_his_two_points():
    """l.707: "Kills: The Philippine player takes the Spanish unit and places it in their
    "Eliminated enemy units" space ... They immediately score 1 victory point for a soldier, and
    2 for a leader." Cerezo, a leader, killed by a 6: the VP line says +2 for him, a leader,
    killed; the combat panel's step says so too."""
    state = _filipino_shooting(spain_3_4_area_2="Saturnino Martín Cerezo").game_state("action", "philippines")
    lines = _told(state, 0, "shooting area 2", "roll 1 1 6", "done", "roll 1 1", "done", "die 3")
    assert lines[-1] == "Philippines VP 0 → 2: +2 for Saturnino Martín Cerezo (a leader) killed", lines
    steps = [step["text"] for step in state.observation(0)["combat_log"][-1]["steps"]]
    assert "VP 0 → 2: +2 for Saturnino Martín Cerezo (a leader) killed" in steps, steps


def test_a_vp_line_for_a_death_in_the_infirmary_names_the_dead():
    """l.950 (a man pushed to the '0' space): "The Philippine side takes that unit, places it in
    their eliminated units area, and scores 1 victory point for a soldier and 2 for a leader."
    A wound pushes Mateo Conesa out of bed 1: the VP line names him, dead in the infirmary."""
    table = _filipino_shooting()
    for name in ("Mateo Conesa", "Juan López", "Fabregat Fabregat"):
        table.admit(name)
    lines = _told(table.game_state("action", "philippines"), 0,
                  "shooting area 2", "roll 5 5 5 5", "done", "roll 5 5", "done", "die 3")
    assert lines[-1] == "Philippines VP 0 → 1: +1 for Mateo Conesa dead in the infirmary", lines


def _decree(turn: int):
    """Turn `turn`'s Initiative phase: the Philippines hold Decree of the Revolutionary
    Government (Morale +2; +1 VP), Spain plays Sortie."""
    table = BalerTable()
    table.set_turn(turn)
    table.give("spain", ["Sortie", "Volley from the Bell Tower", "Marksmen", "Lookouts", "Shore Up the Walls"])
    table.give("philippines", ["Decree of the Revolutionary Government", "Call to Arms", "Massed Assault",
                               "Dig In", "Snipers"])
    return table.game_state("initiative", "philippines")


def test_a_vp_line_from_an_event_names_its_card():
    """l.315: "If you played a Fog of War card from your side for the initiative, you must
    resolve its event": Decree of the Revolutionary Government's +1 VP is said to come from it."""
    lines = _told(_decree(1), 1, "Sortie", "Decree of the Revolutionary Government")
    assert "your VP 0 → 1: +1 from Decree of the Revolutionary Government" in lines, lines


def test_the_final_count_lists_only_the_sources_that_scored():
    """l.1183-l.1185: "In turn 6, the Spanish side can obtain additional victory points
    according to the condition of the church walls: ... If all the church walls in all four
    areas on the map are Intact, they score 2 victory points." Turn 6 played quietly to its end
    after the Philippines' Decree (+1 VP): Spain's count gives its start and the walls, the
    Philippines' the event card alone, not walls, trenches or the territorial map."""
    state = _play(_decree(6), "Sortie", "Decree of the Revolutionary Government")
    _quietly(state, lambda s: s.is_terminal())
    scores = baler.outcome(state.observation(0), state.returns(), state.game)["scores"]
    assert scores == [("9 VP", "7 at the start + 2 for the walls standing at the end of turn 6"),
                      ("1 VP", "1 from event cards")], scores


def test_the_vp_by_source_add_up_to_the_vp_through_random_games():
    """The state's count of VP by source (what the VP lines and the final count read) adds up,
    with the start, to each side's VP at every step of random games."""
    import random
    from partisan.core.game import load_game
    from partisan.core.games.baler.view import vp_from
    game = load_game("baler")
    board = game.data.parts.board
    start = [board.tracks[board.track(f"{side}_vp")].start for side in ("spain", "philippines")]
    for seed in (1, 2):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
            snap = state._snap()
            assert [s + sum(by.values()) for s, by in zip(start, vp_from(snap))] == snap["vp"]


def _night_harassment():
    """Spain's Refusal to Surrender and the Philippines' Night Harassment played for the
    initiative; the Philippines, who keep it, resolve theirs first."""
    table = BalerTable()
    table.give("spain", ["Refusal to Surrender", "Sortie", "Volley from the Bell Tower"])
    table.give("philippines", ["Night Harassment", "Call to Arms"])
    return _play(table.game_state("initiative", "philippines"), "Refusal to Surrender", "Night Harassment")


def test_a_die_modified_in_the_other_side_s_event_attack_names_the_combat_not_one_s_own_card():
    """l.315: "If both players played Fog of War cards, the player who gained the initiative
    resolves the event first." In the Philippines' Night Harassment shooting, Spain's prompt to
    modify a die names the shooting, not Spain's own card, still waiting, in one row of 80
    columns; the Philippines' choice of attack names their card; the board labels it as the
    card being resolved."""
    state = _night_harassment()
    assert baler.decision_note(state.observation(1), 1) == (
        "Philippines (Night Harassment): the attack's kind and area; done: give it up")
    _play(state, "shooting area 1", "roll 6", "done", "roll 1 1 1 1")
    note = baler.decision_note(state.observation(0), 0)
    assert note == "Spain (shooting in area 1): modify dice? morale once a combat; done: keep", note
    assert "resolving Night Harassment" in baler._events(state.observation(0), False).plain


def test_a_shooting_s_results_are_on_screen_as_soon_as_a_side_has_rolled():
    """l.664: "For each 6 obtained, the enemy suffers a direct casualty (kill)." and l.666:
    "For each 5 obtained, the enemy suffers an injury casualty." Each side counts its own dice:
    once the Philippines have rolled in their shooting, and while Spain
    may still modify its dice, the panel gives each side's results as its dice stand; once the
    dice are final, a line in the events gives both, the attacker's first, before the
    casualties are placed."""
    from rich.console import Console
    state = _night_harassment()
    lines = _told(state, 0, "shooting area 1", "roll 6", "done", "roll 1 1 1 5")
    shown = Console(width=80, color_system=None, record=True, file=__import__("io").StringIO())
    shown.print(baler._combat(state.observation(0), short=True))
    text = shown.export_text()
    assert "Phil. 6  ⇒ 1 kill (6), 0 wounds (5)" in text and "Spain 1 1 1 5  ⇒ 0 kills (6), 1 wound (5)" in text, text
    lines += _told(state, 0, "done")
    assert lines[-1] == ("shooting in area 1, final dice: the Philippines 6 ⇒ 1 kill (6), 0 wounds (5); "
                         "Spain 1 1 1 5 ⇒ 0 kills (6), 1 wound (5)"), lines


def test_an_artillery_attack_s_results_say_which_dice_succeed():
    """l.864: "A result of 4, 5, or 6 is a success. ... A Spanish success nullifies one
    attacker's success (the same as for the incursions)." The events give both sides' final
    dice, what succeeded and what the net success did to the walls."""
    table = BalerTable()
    table.give("philippines", ["Lantaka Barrage", "Call to Arms"])
    state = table.game_state("action", "philippines")
    lines = _told(state, 0, "artillery area 4", "roll 2 4", "done", "roll 3", "done")
    assert ("artillery in area 4, final dice: the Philippines 2 4 ⇒ 1 success (4-6), net 1: walls -1; "
            "Spain 3 ⇒ 0 successes (4-6)") in lines, lines


def _compact_rows(obs: dict, seat: int) -> list[str]:
    import io
    from rich.console import Console
    console = Console(file=io.StringIO(), width=80, color_system=None)
    return ["".join(seg.text for seg in line).rstrip()
            for line in console.render_lines(baler._compact(obs, seat), console.options, pad=False)]


@pytest.mark.parametrize("seat, seed, automa", [(0, 1, False), (1, 4, False), (1, 3, True)])
def test_the_compact_table_shows_the_territorial_map_and_names_what_it_leaves_out(seat, seed, automa):
    """l.1355: "In turns 1, 2, and 3, the foreign power is Spain, and they cannot voluntarily
    move their marker. They start in space 2 and retreat by one space towards Manila for each
    combat they lose against the Philippine side." On every screen of a random game at
    80x24, the areas keep their column heads and the command posts are shown, and but for the
    Fog of War step (where the cards chosen between come first) the Filipino leaders and
    barracks and the player's own leaders; the map in its row or in few words (the
    marker, its strength and its space, the Filipinos' units and space), else named among the
    parts left out (counted, with the command that shows them, where only a few words have
    room), so that a missing row never reads as empty; unless the cards chosen between take
    every row the table leaves. So too against the automa, whose card takes a row."""
    import random
    from partisan.core.game import load_game
    state, rng = load_game("baler", automa=automa).new_initial_state(seed), random.Random(seed)
    counts = {"map": 0, "said": 0}
    while not state.is_terminal():
        if not state.is_chance_node() and state.current_player() == seat:
            _check_left_out(state.observation(seat), seat, counts)
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert counts["map"] and counts["said"], counts


def _check_left_out(obs: dict, seat: int, counts: dict) -> None:
    """One compact table: the table's fixed parts shown, the map in its row or in few words or
    named as left out (counted in `counts`)."""
    rows = _compact_rows(obs, seat)
    text = "\n".join(rows)
    assert len(rows) <= baler.COMPACT_ROWS, text
    assert [row[:2] for row in rows if row[:2] in ("1 ", "2 ", "3 ", "4 ")] == ["1 ", "2 ", "3 ", "4 "]
    assert any(row.startswith("  wall fp") for row in rows), text
    assert "Command " in text, text
    if not baler._choosing_cards(obs, seat):        # at the Fog of War step the cards' texts come first
        leaders = {u["name"].split()[-1][:baler.SHORT_NAME] for u in obs["board"]["leaders"]}
        assert "barracks " in text and all(name in text for name in leaders), text
        own = [u for units in obs["board"]["detachment"][0] for u in units]
        assert seat == 1 or all(u["name"].split()[-1][:baler.SHORT_NAME] in text for u in own), text
    if not any(row.startswith("Territory ") for row in rows):
        said = [row for row in rows if "Map: " in row or "not shown: " in row]
        space, strength, us = obs["foreign_power"]
        if not said and baler._choosing_cards(obs, seat) and len(rows) == baler.COMPACT_ROWS:
            return          # every row the table's own or the Fog of War cards chosen between
        said = " ".join(said)
        assert "not shown: `board`" in said or f"Map: {'US' if us else 'Spain'} {strength} at {space}" in said or "map" in said.split(
            "not shown: ")[-1].split(" │ ")[0], text
        counts["map"] += "Map: " in said
        counts["said"] += 1


def test_the_board_command_at_80x24_shows_the_whole_table(tmp_path):
    """At 80x24 the table between moves leaves parts out (at the Fog of War step, the map's row
    and the infirmary); `board` shows it with nothing left out: the map's row, both sides'
    reserves and the infirmary."""
    import io
    from rich.console import Console
    from partisan.cli.play.session import PlaySession
    from partisan.core.game import load_game
    from partisan.core.record import Match
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    session = PlaySession(Match(load_game("baler"), 1), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    while not baler._choosing_cards(session.state.observation(0), 0):    # the Fog of War step
        session._advance()
        if session.state.current_player() == 0 and not baler._choosing_cards(session.state.observation(0), 0):
            session.match.apply(session.state.legal_actions()[0])
    session.show_screen(events=False)
    compact = console.file.getvalue()
    assert "Territory " not in compact and "Infirmary " not in compact, compact
    console.file.seek(0), console.file.truncate()
    assert session.handle("board") == "stay"
    whole = console.file.getvalue()
    for part in ("Territory ", "Spain leaders ", "Phil. leaders ", "Infirmary ", "Command "):
        assert part in whole, (part, whole)
    assert "not shown" not in whole
