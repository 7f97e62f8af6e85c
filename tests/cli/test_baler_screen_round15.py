"""Heroes of Baler's screen, a newcomer's fifteenth round of notes (issue 34, "every consequence
on screen"): the other side's Action phase is kept first in a crowded summary; an artillery
piece moved is told once; a repeated repair or trench section that cannot happen says why.
heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.console import apply_narrated
from partisan.cli.play.screen import Chance, Consequence
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.games.baler.automa import ROWS, AutomaCard, Decision
from partisan.core.games.baler.position import BalerTable
from partisan.core.games.baler.view import SOURCES
from partisan.cli.views import baler
from partisan.core.record import Match

# What Spain saw before its 19th move of a two-player game (seed 1415): its own incursion ended,
# its Action phase was ended for it, then the Philippines spent 5 AP and shelled area 2.
PHILIPPINE_ACTIONS = [
    "you: leave the survivors where they stand",
    Consequence("the incursion in area 2 is over"),
    "you: end the Action phase  (your only legal move: played for you)",
    Consequence("the Philippines' 3 cards left in hand become 5 AP: Massed Assault 2 + Katipunan Spirit 1 "
                "+ Snipers 2"),
    "Philippines: surveillance", "Philippines: area 3",
    Consequence("Philippines: surveillance marker placed in area 3"),
    "Philippines: supply",
    Chance("the Philippines' supply roll (up to 2: supply +1, 3-5: supply +2, 6 or more: supply +3): "
           "5 - 1 (no troops on the territorial map: as at Baler) = 4"),
    Consequence("Philippines supply 2 → 4"),
    "Philippines: morale +2", Consequence("Philippines morale 0 → 2"),
    "Philippines: artillery area 2",
    Consequence("the Philippines' artillery in area 2 begins"),
    Chance("the Philippines' combat dice, artillery in area 2: 1 1"),
    "Philippines: keep the dice as they stand",
    Chance("your combat dice, artillery in area 2: 5"),
]


def _summary(rows: int, width: int) -> str:
    console = Console(file=io.StringIO(), width=width, height=24, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("baler"), 1415), 0, {1: "random"}, "random", None, console)
    session.events, session.human_moved = list(PHILIPPINE_ACTIONS), True
    console.print(session._recent_events(rows))
    return " ".join(console.file.getvalue().split())


def test_the_other_sides_attack_is_kept_before_routine_lines():
    """heroes_of_baler.txt l.553: "Once the Spanish side has completed all their actions, the
    Philippine side does likewise: Reveals cards, adds action points, and spends those points
    to take action." At 80 and 100 columns, with the few rows a summary gets at 80x24 and
    100x40, the Philippines' artillery on Spain's area 2 and its dice are shown, before the
    end of Spain's own incursion and its Action phase ended for it."""
    for width in (80, 100):
        for rows in (4, 5):
            shown = _summary(rows, width)
            assert "the Philippines' artillery in area 2 begins" in shown, (rows, shown)
            assert "the Philippines' combat dice, artillery in area 2: 1 1" in shown, (rows, shown)
            assert "end the Action phase" not in shown, (rows, shown)


def test_what_the_other_side_changed_comes_before_its_routine_moves():
    """heroes_of_baler.txt l.1123: "Raising the morale (2 action points)". With a few rows more,
    the Philippines' morale and supply raised are shown before the moves that asked for them."""
    shown = _summary(7, 80)
    assert "Philippines morale 0 → 2" in shown and "Philippines supply 2 → 4" in shown, shown


def _gun_moved(viewer: int) -> list[str]:
    """What `viewer` is told of the Philippines' movement action taking Artillery 3/0 from area 2
    to area 3: each move's lines, in order."""
    table = BalerTable()
    table.give("philippines", ["Takeover attempt", "Massed Assault", "Lantaka Barrage"])
    match = Match(load_game("baler"), 1, state=table.game_state("action", "philippines"))
    told = []
    for text in ("move", "Artillery 3 1", "Artillery post, area 3"):
        told += apply_narrated(match, match.state.string_to_action(text), viewer)
    return told


def test_an_artillery_piece_moved_is_told_once():
    """heroes_of_baler.txt l.998: "The Philippine side can move an artillery piece from one
    position on the map to another map area." The move to area 3 is told in one line, to the
    Philippines and to Spain, not again as a piece placed."""
    for viewer in (0, 1):
        told = _gun_moved(viewer)
        about = [line for line in told if "area 3" in line]
        assert len(about) == 1, told
    assert _gun_moved(0)[-1] == "Philippines: Artillery 3/0 moves → Artillery post, area 3", _gun_moved(0)


def _event_told(side: str, cards: list[str], *picks: str) -> list[str]:
    """What the other side is told of `side` playing cards[0] and cards[1] as its events, no
    support card, then resolving cards[0]'s main event with `picks`, line by line."""
    table = BalerTable()
    table.give(side, cards)
    if side == "spain":
        table.set_walls(3, "Damaged")
    state = table.game_state("events", side)
    viewer = 1 if side == "spain" else 0
    told = []
    for text in (cards[0], cards[1], "done", f"{cards[0]}: main event", *picks):
        a = state.string_to_action(text)
        line, before = state.describe_action(a, viewer), state.observation(viewer)
        state.apply_action(a)
        told += [line, *baler.changes(before, state.observation(viewer), viewer)]
    return told


def test_a_second_repair_that_cannot_happen_says_why():
    """heroes_of_baler.txt l.1075: "Repairing the church wall upgrades its condition by one
    level, that is, from Wrecked to Damaged or Damaged to Intact, but never from Wrecked to
    Intact." Loopholes in the Walls repairs twice; with area 3 Damaged and no other walls
    damaged, the first repair leaves nothing for the second, and the line says so."""
    told = _event_told("spain", ["Loopholes in the Walls", "Marksmen", "Lookouts"], "area 3")
    assert "Spain: area 3 (then no second repair: no damaged walls)" in told, told
    assert "walls of area 3: Damaged → Intact" in told, told


def test_a_second_trench_section_that_cannot_be_built_says_why():
    """heroes_of_baler.txt l.1133: "This action allows you to build a trench section in an
    empty trench space. You must spend 2 action points, reduce your supply level by 1, and have
    a total of 5 or more manpower on your units on both sides of the trench to build." Trench
    Line builds two sections; where one only has the manpower, the line of the first says why
    no second is built."""
    told = _event_told("philippines", ["Trench Line", "Massed Assault", "Lantaka Barrage"], "trench 7")
    assert ("Philippines: trench section 1 of area 4 (then no second trench section: no empty trench "
            "section with manpower 5 on its flanks)") in told, told


def _dice_to_modify() -> tuple[int, dict]:
    """The Philippines' incursion in area 4, at their dice to modify: the seat and its view."""
    table = BalerTable()
    table.give("philippines", ["Takeover attempt", "Massed Assault", "Lantaka Barrage"])
    state = table.game_state("action", "philippines")
    state.apply_action(state.string_to_action("incursion area 4"))
    while state.is_chance_node() or baler.NODE_NAMES[state._snap()["node"]] != "mod":
        state.apply_action(state.legal_actions()[0])
    me = state.current_player()
    return me, state.observation(me)


def test_the_die_to_modify_says_morale_is_spent_once_a_combat():
    """heroes_of_baler.txt l.902: "You can only use each modifier once per combat. If there are
    several combats in the same Action phase, you can use the modifiers in all of them." The
    note above the menu of dice to modify says so in one row of 80 columns, for the side with
    the longest name too, and once morale is spent in the combat it says so."""
    me, obs = _dice_to_modify()
    note = baler.decision_note(obs, me)
    assert "morale once a combat" in note and len(note) <= 80, note
    obs["combat"]["used"][me] |= 1          # morale spent on a die of this combat
    note = baler.decision_note(obs, me)
    assert "morale used this combat" in note and len(note) <= 80, note


def test_the_die_to_modify_says_the_command_used_leaves_no_morale():
    """heroes_of_baler.txt l.897: "You cannot use morale and combat modifiers in the same
    combat." A newcomer who had used his military leader's command read "morale used this
    combat", though he had spent no morale: the note says the command is why ("command used:
    no morale")."""
    me, obs = _dice_to_modify()
    obs["combat"]["used"][me] |= 1 << SOURCES.index("command")
    note = baler.decision_note(obs, me)
    assert "command used: no morale" in note and "morale used" not in note and len(note) <= 80, note


def test_the_automa_s_move_takes_two_rows_at_80_columns_with_its_card_row_and_tie():
    """RULES.md "Solo play against the Partisan automa": "each of its moves in the events names
    the card, the row and the criterion that chose it". heroes_of_baler.txt l.78: "28 cards for
    the Solo mode" (not public: the automa is Partisan's own). On the main screen at 80 columns
    a move of the automa takes two rows at most and keeps the card's title, the row that
    decided and a tie broken by a die with among how many; `events` keeps the criterion."""
    card = AutomaCard(18, "Siege: Cut the supply", {row: () for row in ROWS})
    moves = ["Spain: Marksmen: main event  (" + Decision(0, card, "events", "resolve_in_order", 1).reason() + ")",
             "Spain: shooting area 3  (" + Decision(0, card, "actions", "ap_low", 2, attack="walls_weakest").reason()
             + ")"]
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("baler", automa=True), 1), 1, {0: "automa"}, "random", None, console)
    session.events, session.human_moved = list(moves), True
    for move in moves:
        console.file.seek(0), console.file.truncate()
        console.print(session._bullet(session._event_texts(brief=True)[2][moves.index(move)]))
        rows = [row for row in console.file.getvalue().splitlines() if row.strip()]
        assert len(rows) <= 2, rows
        shown = " ".join(" ".join(rows).split())
        assert 'card 18 "Siege: Cut the supply"' in shown, shown
    texts = session._event_texts(brief=True)[2]
    assert texts[0].endswith('(automa card 18 "Siege: Cut the supply", Events row)'), texts
    assert texts[1].endswith('(automa card 18 "Siege: Cut the supply", Action points row, Attacks row; '
                             'a die among 2 tied)'), texts
    assert session._event_texts()[2] == moves          # `events`: the whole reason


def _card_menu(hand: list[str], first: str | None = None) -> list[str]:
    """Spain's menu of event cards with area 2's walls Damaged and its guard posts empty (no
    manpower to repair there), after `first` is chosen as event card 1 if given."""
    table = BalerTable()
    table.give("spain", hand)
    table.set_walls(2, "Damaged")
    for post in table.posts(2, "spain"):
        table.clear(post)
    state = table.game_state("events", "spain")
    if first:
        state.apply_action(state.string_to_action(first))
    return state.observation(0)["menu"]


def test_a_repair_card_that_could_change_nothing_says_so_unless_the_other_card_could_help():
    """heroes_of_baler.txt l.1066: "For the repair action to be successful, the total manpower
    factor (the yellow number at the bottom of the counter) of all your units in that area must
    be equal to or higher than:" and l.354: "Next, they resolve the events in the cards in the
    order of their choice." At the choice of the event cards, Shore Up the Walls says it could
    change nothing while no card that may be played with it could bring men to area 2 first;
    with Redeploy (move 2 units) in hand, or chosen, it does not."""
    idle = "Shore Up the Walls (could change nothing: manpower under 4 at every damaged wall)"
    assert idle in _card_menu(["Shore Up the Walls", "Lookouts", "A Well Inside the Church", "Marksmen"])
    hand = ["Shore Up the Walls", "Lookouts", "Redeploy", "Marksmen"]
    assert "Shore Up the Walls" in _card_menu(hand), _card_menu(hand)
    assert "Shore Up the Walls" in _card_menu(hand, "Redeploy"), _card_menu(hand, "Redeploy")
    assert idle in _card_menu(hand, "Lookouts"), _card_menu(hand, "Lookouts")


def test_the_pager_opened_by_itself_shows_the_automa_s_moves_in_brief_and_events_whole():
    """RULES.md "Solo play against the Partisan automa": each of its moves "names the card, the
    row and the criterion that chose it". The pager that opens by itself after the automa's
    turn shows its moves as the main screen does, two rows each at 80 columns; `events` shows
    the criterion too."""
    card = AutomaCard(2, "Siege: Guns forward", {row: () for row in ROWS})
    move = "Spain: Marksmen: main event  (" + Decision(0, card, "events", "resolve_in_order", 1).reason() + ")"
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("baler", automa=True), 1), 1, {0: "automa"}, "random", None, console)
    session._more = lambda left: ""
    session.events, session.human_moved = [move], True
    session.show_events(blind=True)
    paged = " ".join(console.file.getvalue().split())
    assert 'Spain: Marksmen: main event (automa card 2 "Siege: Guns forward", Events row)' in paged, paged
    console.file.seek(0), console.file.truncate()
    session.show_events()
    assert "resolve every event" in " ".join(console.file.getvalue().split())
