"""Heroes of Baler's screen, a newcomer's twelfth round of notes (issue 34, "every consequence
on screen"): a move's destination says what becomes of the unit there; a full infirmary warns
that the next wounded kills the man in bed 1, on the table and on the menu's heal and expand; the
free die modifiers are listed first, and a menu that fits with no note of moves left out is whole;
at 80x24 the Action menu shows the everyday actions and the attacks a row a kind; the choice of the
event cards says which could change nothing, and which of two to resolve first when they may
strike the same areas.
heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.cli.views import baler
from partisan.core.game import load_game
from partisan.core.games.baler.position import BalerTable
from partisan.core.record import Match

ROOMY, SMALL = (100, 40), (80, 24)


def _screen(obs: dict, seat: int, size) -> str:
    """The table as `seat` sees it on a terminal of `size`, its words in one line."""
    console = Console(file=io.StringIO(), width=size[0], height=size[1], force_terminal=True,
                      color_system=None, legacy_windows=False)
    console.print(baler.render(obs, seat))
    return " ".join(console.file.getvalue().replace("│", " ").split())


def _filipino_action(*cards: str):
    """The Philippines' Action phase, their initiative, with `cards` in hand."""
    table = BalerTable()
    table.give("philippines", list(cards) or ["Call to Arms", "Supply Cache"])
    return table.game_state("action", "philippines")


def _play(state, seat: int, *entries: str) -> None:
    """Play the moves whose menu entries (as `seat` reads them) begin with `entries`."""
    for entry in entries:
        menu = state.observation(seat)["menu"]
        state.apply_action(state.legal_actions()[next(i for i, m in enumerate(menu) if m.startswith(entry))])


def test_a_moves_destination_says_what_becomes_of_the_unit_there():
    """l.982: "If the post is occupied, place the existing unit in the bag (if it is a soldier)
    or the detachment (if it is a leader), and then place the chosen unit in the post." and
    l.994: "Swap the position of two units in guard posts on the map". Each post offered to a
    soldier from the barracks names the man there and where he goes; to a man in a guard post,
    the swap."""
    state = _filipino_action()
    _play(state, 1, "move", "Katipunero 2/2 (Barracks 5)")
    menu = state.observation(1)["menu"]
    assert "Filipino post '1-2', areas 1 and 2 (Katipunero 2/1 there → the Filipino bag)" in menu, menu
    state = _filipino_action()
    _play(state, 1, "move", "Katipunero 2/2 (Filipino post '1-2', areas 3 and 4)")
    menu = state.observation(1)["menu"]
    assert "Filipino post '3-4', area 1 (swaps with Katipunero 1/1 there)" in menu, menu


def _infirmary(wounded: int, expand: int = 0):
    """Spain's Action phase with `wounded` men admitted, after `expand` beds more opened."""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie", "Redeploy"])
    for _ in range(expand):
        table.expand()
    for name in ["Mateo Conesa", "Cazador 2-2 1", "José Pestana", "Mir Brils", "Donat Pastor", "Juan López"][:wounded]:
        table.admit(name)
    return table.game_state("action", "spain")


@pytest.mark.parametrize("size", [ROOMY, SMALL])
@pytest.mark.parametrize("wounded, expand", [(3, 0), (4, 1), (6, 3)])
def test_a_full_infirmary_warns_that_the_next_wounded_kills_the_man_in_bed_1(size, wounded, expand):
    """l.950: "If the designated bed is occupied, move all the wounded already in the infirmary
    one space following the arrows, and place the newly arrived wounded in the designated bed.
    This may cause a wounded to be moved from bed 1 to the '0' space (the graveyard). ... The
    Philippine side takes that unit, places it in their eliminated units area, and scores 1
    victory point for a soldier and 2 for a leader." Every open bed taken, the infirmary's row
    says so at either size; the Heal and Expand actions say why they matter."""
    state = _infirmary(wounded, expand)
    obs = state.observation(0)
    text = _screen(obs, 0, size)
    assert any(warning in text for warning in ("full: next wound kills Conesa (+1 VP)", "full: bed 1 dies next")), text
    for entry in ("heal", "expand the infirmary"):
        assert f"{entry} (2 AP, infirmary full: the next wounded kills Mateo Conesa)" in obs["menu"] or (
            entry == "expand the infirmary" and expand == 3), obs["menu"]


def test_an_infirmary_with_a_bed_free_at_the_top_warns_of_nothing():
    """l.948: "When a wounded arrives at the infirmary, place it in the operational bed with the
    highest number.": with bed 4 opened and free, the next wounded takes it and no one dies."""
    state = _infirmary(3)
    state.apply_action(state.string_to_action("expand the infirmary"))
    obs = state.observation(0)
    assert "full" not in _screen(obs, 0, ROOMY) and "heal (2 AP)" in obs["menu"], obs["menu"]


def _session(state, size, seat: int = 0) -> PlaySession:
    """A play session on a terminal of `size` at `state`, `seat`'s decision."""
    console = Console(file=io.StringIO(), width=size[0], height=size[1], force_terminal=True,
                      color_system=None, legacy_windows=False)
    session = PlaySession(Match(load_game("baler"), 3), seat, {1 - seat: "random"}, "random", None, console)
    session.match.state = state
    return session


def _shown(session, renderable) -> str:
    return "\n".join("".join(seg.text for seg in line).rstrip()
                     for line in session.console.render_lines(renderable, pad=False))


def _marksmen(dice: str):
    """Spain's dice `dice` in Marksmen's shooting in area 1 (its event gives a free re-roll)."""
    table = BalerTable()
    table.give("spain", ["Marksmen", "Lookouts", "Sortie"])
    state = table.game_state("events", "spain")
    for text in ("Marksmen", "Lookouts", "done", "Marksmen: main event", "shooting area 1", f"roll {dice}"):
        state.apply_action(state.string_to_action(text))
    return state


@pytest.mark.parametrize("size", [ROOMY, SMALL])
def test_the_free_die_modifiers_come_first_numbered_as_shown(size):
    """l.930: "there are specific events in some cards ... that allow you to initiate attacks and
    benefit from other modifiers, as described on the card. These extra modifiers are cumulative
    with non-card modifiers."; l.910: "You can lower your morale level by 1 to add 1 to the die
    result or reroll a single die". Marksmen's free re-roll is listed before the modifiers that
    cost morale, numbered in the order shown; a number plays the move shown beside it."""
    session = _session(_marksmen("2 3 4"), size)
    shown = _shown(session, session.menu())
    assert " 1. done" in shown and "2. card re-roll on a 2" in shown, shown
    assert shown.index("card re-roll on a 4") < shown.index("morale +1 on a 2"), shown
    for number, move in ((2, "card re-roll on a 2"), (5, "morale +1 on a 2"), (10, "morale re-roll on a 4")):
        assert f"{number}. {move}" in shown, shown
        assert session.state.action_to_string(session.parse_move(str(number))) == move


def test_a_menu_that_fits_in_the_row_of_its_note_is_shown_whole():
    """A menu cut to the room the table leaves keeps a row for the note of the moves left out
    ("3 more moves: type `moves`"): when all the moves fit in that row too, all are shown, side
    by side, rather than the first few and the note (a Marksmen shooting's seven moves in the
    heading's two rows and two more)."""
    session = _session(_marksmen("1 2 2"), SMALL)
    fitted = _shown(session, session._fitted(session.moves(), 4))
    assert "more move" not in fitted and all(f"{n}. " in fitted for n in range(1, 8)), fitted
    assert len(fitted.splitlines()) == 4, fitted


@pytest.mark.parametrize("side, actions", [
    ("philippines", ("move", "supply", "surveillance", "morale +2", "persistence", "trench")),
    ("spain", ("move", "supply", "surveillance", "expand", "morale +2"))])
def test_at_80x24_the_action_menu_shows_the_everyday_actions_and_the_attacks(side, actions):
    """l.514-l.520: "Basic actions (Common to both sides) Cost Action 1 Attack 1 Movement (2
    units) 1 Surveillance 1 Supply"; the special actions cost 2 (l.524-l.539). Below four
    events, the title and the table, the menu lists "done", the actions by their cost, then the
    attacks a row a kind, by area (the table's fp column gives their firepower), numbered in
    that order; the prompt stays on screen."""
    table = BalerTable()
    table.give(side, ["Call to Arms", "Supply Cache"] if side == "philippines" else ["Sortie", "Redeploy"])
    seat = ("spain", "philippines").index(side)
    session = _session(table.game_state("action", side), SMALL, seat)
    session.events = [f"{('Philippines', 'Spain')[seat]}: event line {i}" for i in range(4)]
    session.show_screen()
    screen = session.console.file.getvalue() + session._prompt().plain
    rows = screen.splitlines()
    assert len(rows) <= SMALL[1] and "your 1st move" in rows[0] and rows[-1].startswith("Your move"), screen
    menu = screen[screen.index("Legal moves:"):]
    assert "1. done" in menu and "1 AP: 2. move" in menu and "shooting (1 AP), area: " in menu, menu
    assert all(f". {action}" in menu for action in actions), menu
    assert session.state.action_to_string(session.parse_move("2")) == "move"


def test_the_choice_of_the_event_cards_says_which_could_change_nothing():
    """l.356: "You must always play two cards in this phase, but you can choose not to resolve
    some or even all the events on the cards." and l.129: "The Supply and Morale tracks range
    from 0 to 6." A card whose events could change nothing now (Rally the Detachment's morale
    +1 with morale at 6, Monsoon Rains' enemy supply -1 with the enemy's supply at 0) says so
    and why at the choice of the event cards, as it does among the events to resolve."""
    table = BalerTable()
    table.give("spain", ["Rally the Detachment", "Sortie", "Redeploy"])
    menu = table.game_state("events", "spain").observation(0)["menu"]
    assert "Rally the Detachment (could change nothing: your morale is at 6 already)" in menu, menu
    assert "Sortie" in menu, menu
    table = BalerTable()
    table.give("philippines", ["Monsoon Rains", "Call to Arms", "Lantaka Barrage"])
    table.set_tracks("spain", supply=0)
    table.set_tracks("philippines", morale=4)
    menu = table.game_state("events", "philippines").observation(1)["menu"]
    assert "Monsoon Rains (its main event could change nothing: Spain's supply is at 0 already)" in menu, menu


def test_two_event_cards_whose_attacks_share_the_only_areas_say_which_to_resolve_first():
    """l.582: "You can never attack a map area more than once in the same phase (be it the
    Events or Action phase)." Lantaka Barrage can shell only the areas with a gun (2 and 4);
    Coordinated Attacks' two attacks may take both. Whichever is chosen first, the other's
    entry says so, and which to resolve first."""
    for first, entry in (("Coordinated Attacks", "Lantaka Barrage (Coordinated Attacks' 2 attacks may take areas 2 "
                                                  "and 4, the only ones it can attack: resolve it first)"),
                         ("Lantaka Barrage", "Coordinated Attacks (its 2 attacks may take areas 2 and 4, the only "
                                             "ones Lantaka Barrage can attack: resolve Lantaka Barrage first)")):
        table = BalerTable()
        table.give("philippines", ["Coordinated Attacks", "Lantaka Barrage", "Call to Arms"])
        state = table.game_state("events", "philippines")
        assert not any("attack" in m for m in state.observation(1)["menu"])     # the pair is not known yet
        state.apply_action(state.string_to_action(first))
        menu = state.observation(1)["menu"]
        assert entry in menu and any(m.startswith("Call to Arms") for m in menu), menu


def test_the_shared_card_prompt_names_only_the_cards_offered():
    """l.1211: "Place the card on the enemy discard pile. Next, take a shared card, either one of
    the face-up cards or the top card from the shared deck". With shared card B's slot empty,
    the prompt offers A or the deck's top, as the menu does; with both, all three."""
    from tests.cli.test_baler_newcomer import _node, _random_until
    state = _random_until(1, lambda s: _node(s) == "fow_shared")
    seat = state.current_player()
    obs = state.observation(seat)
    assert baler.decision_note(obs, seat).endswith("a shared card for your discard pile: A, B or the deck's "
                                                   "unseen top"), obs["menu"]
    obs["menu"] = ["shared card A", "shared deck top"]
    assert baler.decision_note(obs, seat).endswith("a shared card for your discard pile: A or the deck's unseen top")


@pytest.mark.parametrize("size", [ROOMY, SMALL])
def test_the_units_to_move_are_numbered_in_the_order_shown(size):
    """l.971: "It costs one action point and allows you to move two units on the entire board".
    The menu groups the units by where they stand ("guard posts: ... detachment 3-4: ..."); its
    numbers run 1, 2, 3 ... down the menu as shown, and each plays the move shown beside it."""
    from partisan.cli.play.prompt import menu_entries
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie", "Redeploy"])
    state = table.game_state("action", "spain")
    state.apply_action(state.string_to_action("move"))
    session = _session(state, size)
    entries = menu_entries(session.menu(), session.console)
    assert [n for n, *_ in entries] == list(range(1, len(state.legal_actions()) + 1)), entries
    places = {tuple(place[:2]): a for place, a in zip(state.observation(0)["menu_places"], state.legal_actions())}
    for n, label, item in entries:
        if label:
            assert session.parse_move(str(n)) == places[(label[:-1], item)], (n, label, item)


def test_the_walls_played_twice_for_you_are_said_once_as_the_only_target():
    """l.817: "Philippine side: They can only sabotage the church walls. For each success more
    than that of the defender, lower the condition of the church walls in that area by 1
    level." Two successes more: the walls, the only target, are played twice for the
    Philippines, and the prompt says so once: "'walls (the only target)' twice"."""
    table = BalerTable()
    table.give("philippines", ["Call to Arms", "Supply Cache"])
    table.clear("spain_3_4_area_1"), table.clear("spain_5_6_areas_1_4")
    state = table.game_state("action", "philippines")
    for text in ("incursion area 1", "roll 6 6 6 6", "done", "roll 2 2", "done"):
        state.apply_action(state.string_to_action(text))
    session = _session(state, SMALL, seat=1)
    session._advance()
    assert session._prompt().plain.startswith("Played for you: 'walls (the only target)' twice.\n"), session._prompt()


@pytest.mark.parametrize("side, entry, compact", [
    ("philippines", "build a trench section (2 AP, 1 supply)", "trench (1 supply)"),
    ("spain", "repair (1 AP, 1 supply)", "repair (1 supply)")])
def test_an_action_that_costs_supply_says_so_on_its_entry(side, entry, compact):
    """l.1133: "You must spend 2 action points, reduce your supply level by 1" (a trench
    section); l.1060: "In addition to the action cost, you must also spend 1 supply level." (a
    repair). The entry gives the whole cost, at 100x40 and at 80x24."""
    table = BalerTable()
    table.give(side, ["Call to Arms", "Supply Cache"] if side == "philippines" else ["Sortie", "Redeploy"])
    table.set_walls(1, "Damaged")
    seat = ("spain", "philippines").index(side)
    state = table.game_state("action", side)
    assert entry in state.observation(seat)["menu"]
    session = _session(state, SMALL, seat)
    assert compact in _shown(session, session.menu())


def _survivors_placed(*entries: str) -> list[str]:
    """Spain's lines as the Philippines' failed incursion in area 4 ends and its survivors are
    placed by the menu entries `entries` (each a prefix)."""
    table = BalerTable()
    table.give("philippines", ["Call to Arms", "Supply Cache"])
    state = table.game_state("action", "philippines")
    for text in ("incursion area 4", "roll 3", "done", "roll 2 3 3 4", "done"):
        state.apply_action(state.string_to_action(text))
    lines = []
    for entry in entries:
        before = state.observation(0)
        _play(state, 1, entry)
        lines += baler.changes(before, state.observation(0), 0)
    return lines


def test_the_survivors_placement_ends_with_its_net_change():
    """l.840: "Next, the attacking player returns their surviving units to the guard posts and
    can reposition them as they wish." One move after another: two that undo each other end
    with a line that says nothing changed; two that do not, with where each man ends; a single
    move says it itself."""
    lines = _survivors_placed("Katipunero 2/2 (Filipino post '1-2'", "Filipino post '5-6'",
                              "Katipunero 2/2 (Filipino post '5-6'", "Filipino post '1-2'")
    assert "Philippines: survivors placed, all told: no change, every man back in the post he held" in lines, lines
    lines = _survivors_placed("Katipunero 2/2 (Filipino post '1-2'", "Filipino post '5-6'",
                              "Katipunero 2/2 (Filipino post '5-6'", "Filipino post '3-4'")
    assert ("Philippines: survivors placed, all told: Katipunero 2/1 post 5-6 → post 1-2; Katipunero 2/2 post 1-2 → "
            "post 3-4; Katipunero 1/3 post 3-4 → post 5-6") in lines, lines
    lines = _survivors_placed("Katipunero 2/2 (Filipino post '1-2'", "Filipino post '5-6'", "done")
    assert not any("all told" in line for line in lines), lines


@pytest.mark.parametrize("size, said", [
    (ROOMY, "Philippines rolled 3 5 ⇒ 1 success (4-6); card's +1 strength unused: no firepower in artillery"),
    (SMALL, "Phil. 3 5 ⇒ 1 success (4-6); +1 str unused")])
def test_a_cards_combat_strength_in_an_artillery_attack_is_said_unused(size, said):
    """l.862: "Firepower and surveillance markers are not used in the artillery attack."; a
    card's combat strength serves the firepower, "the difference in combat strength between the
    two sides" (l.617). Massed Assault's +1 in a shelling changes no die: the menu entry, the
    combat's title and the roll line say so."""
    table = BalerTable()
    table.give("philippines", ["Massed Assault", "Call to Arms", "Supply Cache"])
    state = table.game_state("events", "philippines")
    _play(state, 1, "Massed Assault", "Call to Arms", "done", "Massed Assault")
    assert "artillery area 2 (the card's +1 combat strength unused: no firepower)" in state.observation(1)["menu"]
    for text in ("artillery area 2", "roll 3 5"):
        state.apply_action(state.string_to_action(text))
    text = _screen(state.observation(1), 1, size)
    assert said in text and "card +1 combat strength (unused)" in text, text


def test_the_end_of_turn_6_gives_the_bonuses_in_the_amounts_of_the_options_in_force():
    """l.1179: the Philippines "score 5 victory points. If this is turn 6, they score 1 extra
    victory point."; l.1184-l.1185: Spain scores 1 with no walls Destroyed or Wrecked, 2 with all
    Intact. Under wall_bonus=cumulative all Intact scores 1 + 2; under trench_bonus=once the
    trench bonus scores once a game: the end's words follow the options in force."""
    from tests.cli.test_baler_screen_round11 import _finished
    obs = _finished()
    obs.update(walls=["Intact", "Wrecked", "Damaged", "Intact"], territorial=3, trenches_built=0xFF,
               trenches_sabotaged=0)
    obs["vp_from"][1]["trenches"] = 5
    default = baler.outcome(obs, None, load_game("baler"))
    assert "+1 needs none, +2 all Intact" in default["reason"] and "trenches" not in default["reason"], default
    options = baler.outcome(obs, None, load_game("baler", wall_bonus="cumulative", trench_bonus="once"))
    assert "+1 needs none, +3 all Intact (1 + 2, wall_bonus=cumulative)" in options["reason"], options
    assert ("the Philippines' trenches (their bonus scores once a game, trench_bonus=once: it scored already)"
            in options["reason"]), options
    assert "5 for every trench section built at an Upkeep (once a game, trench_bonus=once)" in options["scores"][1][1]


def test_a_survivors_post_says_whom_it_swaps_with():
    """l.840: "the attacking player returns their surviving units to the guard posts and can
    reposition them as they wish": each post offered to a survivor names the man there, with
    whom he swaps, as a move's destination does (l.994)."""
    table = BalerTable()
    table.give("philippines", ["Call to Arms", "Supply Cache"])
    state = table.game_state("action", "philippines")
    for text in ("incursion area 4", "roll 3", "done", "roll 2 3 3 4", "done"):
        state.apply_action(state.string_to_action(text))
    _play(state, 1, "Katipunero 2/2 (Filipino post '1-2'")
    menu = state.observation(1)["menu"]
    assert "Filipino post '5-6', areas 1 and 4 (swaps with Katipunero 2/1 there)" in menu, menu


def test_the_combat_panel_lists_the_free_modifiers_offered_first():
    """l.930 (card modifiers "are cumulative with non-card modifiers") and l.910 (a morale
    level spent): the panel's "offered now" line lists Marksmen's free re-roll before the
    modifiers that cost morale, as the menu below it does."""
    text = _screen(_marksmen("2 3 4").observation(0), 0, ROOMY)
    assert "offered now: card re-roll on 2/3/4, morale +1 on 2/3/4, morale re-roll on 2/3/4" in text, text


def test_a_card_that_mans_posts_with_none_empty_says_it_could_change_nothing():
    """l.1219: "draw and place units from your bag one at a time ... until no guard posts are
    empty". Call to Arms mans two posts from the bag: with every Filipino post manned and
    morale at 6 (its secondary event) it could change nothing, said at the choice; with a post
    empty, it could."""
    table = BalerTable()
    table.give("philippines", ["Call to Arms", "Supply Cache", "Dig In"])
    menu = table.game_state("events", "philippines").observation(1)["menu"]
    assert "Call to Arms (could change nothing: no empty guard post; your morale is at 6 already)" in menu, menu
    table.clear("philippines_3_4_area_1")
    assert "Call to Arms" in table.game_state("events", "philippines").observation(1)["menu"]
