"""Heroes of Baler's screen, a newcomer's eleventh round of notes (issue 34, "every consequence
on screen"): the initiative reveal is kept on a crowded screen, as what concerns the player; a
line about the player's own men after a roll or a move played for them opens the event pager
when the summary cannot keep it; the supply roll gives its table; the Fog of War prompt and
`cards` say that the other side's card is a blank card in your hand; an event that can change
nothing says so on its menu entry.
heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from partisan.cli.play.screen import FORCED_NOTE, Consequence
from partisan.cli.play.session import PlaySession
from partisan.cli.views import baler
from partisan.core.game import load_game
from partisan.core.games.baler.position import BalerTable
from partisan.core.record import Match
from tests.cli.test_baler_screen_round5 import _told

REVEAL = Consequence("Initiative cards revealed: Spain Redeploy (initiative 1), Philippines Call to Arms "
                     "(initiative 8): Philippines takes the initiative")


def _solo(tmp_path) -> PlaySession:
    """Spain against the automa at 80×24, at Spain's first decision."""
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("baler", automa=True), 2), 0, {1: "automa"}, "random",
                          tmp_path / "g.json", console)
    session._advance()
    return session


def test_the_initiative_reveal_is_kept_on_a_crowded_screen(tmp_path):
    """l.348: "both players reveal their cards. Whoever played the card with the highest
    initiative value will play first in every turn phase." The reveal names the player's own
    card: on a screen with many of the automa's moves and their outcomes, it is kept first."""
    session = _solo(tmp_path)
    session.events = (["Philippines chooses an initiative card", REVEAL]
                      + [line for i in range(12) for line in (f"Philippines: trench section {i}",
                                                              Consequence(f"trench section {i} built"))])
    session.human_moved = True
    session.show_screen()
    flat = " ".join(session.console.file.getvalue().split())
    assert " ".join(REVEAL.split()) in flat, flat
    assert session.hidden > 0 and REVEAL not in session.unseen


YOURS = [Consequence("your Cazador 3/0 (post 5-6) wounded → bed 5"),
         Consequence("your wounded move one bed along to make room in bed 5: Mir Brils bed 1 → dies, eliminated; "
                     "Cazador 1/2 bed 2 → 1; Cazador 2/2 bed 3 → 2; Cazador 2/1 bed 4 → 3; Cazador 3/0 bed 5 → 4")]


def _after_your_choice(tmp_path, monkeypatch, played_for: list[str], rolled: bool):
    """Spain's choice was followed by a move played for it, or a roll, and by many lines more
    than the summary keeps, one of Spain's own men dying in them; the pager is answered Enter."""
    session = _solo(tmp_path)
    session.follow, session.human_moved, session.others = True, True, []
    session.played_for, session.rolled = played_for, rolled
    session.events = ([f"you: Cazador 3/0 (Spanish post '5-6', areas 2 and 3){FORCED_NOTE}"] + YOURS
                      + [Consequence(f"Philippines VP {30 + i} → {31 + i}: +1 for a dead man {i}") for i in range(9)]
                      + [Consequence(f"the incursion in area {i} is over") for i in range(9)])
    asked = []
    monkeypatch.setattr("builtins.input", lambda prompt="": asked.append(prompt) or "")
    session.show_screen()
    return session, asked


@pytest.mark.parametrize("played_for, rolled", [(["Cazador 3/0"], False), ([], True)])
def test_your_own_losses_open_the_pager_after_a_roll_or_a_move_played_for_you(tmp_path, monkeypatch,
                                                                                played_for, rolled):
    """l.950: "If the designated bed is occupied, move all the wounded already in the infirmary
    one space following the arrows": a man of yours who dies that way is news to you, though
    no other side moved since your choice. When the summary cannot keep it, every event is
    paged first."""
    session, asked = _after_your_choice(tmp_path, monkeypatch, played_for, rolled)
    out = session.console.file.getvalue()
    assert asked and out.startswith("Since your last move, 21 events:"), out
    assert "Mir Brils bed 1 → dies" in " ".join(out.split()) and session.unseen == []


def test_in_the_middle_of_your_own_move_lines_carried_from_before_are_not_paged_again(tmp_path, monkeypatch):
    """With no other side's move, no roll and no move played for you since your choice, and
    every line left out carried from before it (you chose not to page them), the summary and
    its note stand (`events` pages them)."""
    session = _solo(tmp_path)
    session.follow, session.human_moved, session.others, session.rolled, session.played_for = True, True, [], False, []
    session.events = YOURS + [Consequence(f"the incursion in area {i} is over") for i in range(19)]
    session.carried = len(session.events)
    asked = []
    monkeypatch.setattr("builtins.input", lambda prompt="": asked.append(prompt) or "")
    session.show_screen()
    assert asked == [] and session.hidden > 0 and "`events`" in session.console.file.getvalue()


def test_the_result_of_your_own_move_is_paged_when_the_summary_leaves_it_out(tmp_path, monkeypatch):
    """l.870-l.871: "• 1 success more: reduce the condition of the church walls in the area by 1
    level. • 2 successes more: reduce the condition of the church walls in the area by 2
    levels." The combat's final dice
    and the walls it lowered concern both sides. They came of your own choice (keep the
    dice), with no roll or other move after it: when the summary leaves them out, every event
    is paged first."""
    session = _solo(tmp_path)
    session.follow, session.human_moved, session.others, session.rolled, session.played_for = True, True, [], False, []
    session.events = (["you: done (keep the dice)",
                       Consequence("artillery in area 2, final dice: the Philippines 5 6 ⇒ 2 successes (4-6), "
                                   "net 2: walls 2 levels down; Spain 1 ⇒ 0 successes (4-6)"),
                       Consequence("walls of area 2: Intact → Wrecked")]
                      + [Consequence(f"the Philippines: filler line {i}") for i in range(19)])
    asked = []
    monkeypatch.setattr("builtins.input", lambda prompt="": asked.append(prompt) or "")
    session.show_screen()
    flat = " ".join(session.console.file.getvalue().split())
    assert asked and "walls of area 2: Intact → Wrecked" in flat and session.unseen == []


@pytest.mark.parametrize("side, table", [
    ("spain", "(1: morale -1, 2: nothing, 3-5: supply +1, 6: supply +2)"),
    ("philippines", "(up to 2: supply +1, 3-5: supply +2, 6 or more: supply +3)")])
def test_a_supply_roll_gives_its_sides_table(side, table):
    """l.1039-l.1042 (Spain): "(1) You do not obtain supplies. Lower the morale level by one. (2)
    The roll has no effect ... (3-5) Raise your supply level by one. (6) Raise your supply level
    by two."; l.1048-l.1054 (the Philippines, the die modified by the territorial map first):
    "(1-2) Raise your supply level by one. (3-5) Raise your supply level by two. (6) Raise your
    supply level by three." Each side's roll reads with its own table."""
    t = BalerTable()
    t.give(side, ["Volley from the Bell Tower", "Sortie"] if side == "spain" else ["Call to Arms", "Supply Cache"])
    state = t.game_state("action", side)
    state.apply_action(state.string_to_action("supply"))
    seat = ("spain", "philippines").index(side)
    line = state.describe_action(state.legal_actions()[2], seat)
    assert line.startswith(f"your supply roll {table}: 3"), line


def test_keeping_the_other_sides_fog_of_war_card_is_said_to_give_a_blank_card():
    """l.216: "Having an enemy Fog of War card in hand is the same as having a blank card, or one
    card less. You cannot use it and must discard it when revealing your cards to perform
    actions." `cards` says so beside the cards' list."""
    text = " ".join(str(part) for part in baler.reference(load_game("baler")).renderables
                    if hasattr(part, "plain") for part in [part])
    assert "the other side's, kept at the Fog of War step for 1 morale" in text
    assert "is a blank card in your hand (no AP, no event, no support)" in text


def test_an_event_that_can_change_nothing_says_so_on_its_menu_entry():
    """l.1121: "This action allows you to activate the US power marker in the territorial
    control map, but only in turns 4, 5, or 6." In turn 1, Signal to the Yorktown's entry among
    the events to resolve says it could change nothing, and why; Lookouts' does not."""
    t = BalerTable()
    t.give("spain", ["Signal to the Yorktown", "Lookouts", "Marksmen"])
    state = t.game_state("events", "spain")
    _told(state, 1, "Signal to the Yorktown", "Lookouts", "done")
    menu = state.observation(0)["menu"]
    assert ("Signal to the Yorktown: main event (could change nothing: the US power marker is activated in "
            "turns 4-6 only)") in menu, menu
    assert "Lookouts: main event" in menu, menu


def _finished() -> dict:
    """The observation of a random game played to its end at turn 6."""
    import random
    state, rng = load_game("baler").new_initial_state(1), random.Random(1)
    while not state.is_terminal():
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    obs = state.observation(0)
    assert obs["turn"] == 6 and abs(obs["vp"][0] - obs["vp"][1]) < 15
    return obs


def test_the_end_of_turn_6_says_which_upkeep_bonuses_scored_nothing_and_why():
    """l.1179-l.1185: "If the Philippine side has built all the trench sections (8 in total) and
    all of them are operational ... they score 5 victory points. If this is turn 6, they score 1
    extra victory point. • In turns 3 and 6, the Philippine side checks where their troops are on
    the territorial control map: • If in the 3 space, they score 1 victory point. • If in the 4
    space, they score 2 victory points. • In turn 6, the Spanish side can obtain additional
    victory points according to the condition of the church walls" (none Destroyed or Wrecked:
    1, all Intact: 2). The game's end names each bonus that scored nothing, with why; one that
    scored has its VP line, and is not named."""
    obs = _finished()
    obs.update(walls=["Intact", "Wrecked", "Damaged", "Destroyed"], territorial=2,
               trenches_built=0b01111111, trenches_sabotaged=0b00000011)
    reason = baler.outcome(obs, None, load_game("baler"))["reason"]
    assert reason.startswith("turn 6 ended (the last turn); its Upkeep scored nothing for Spain's walls "
                             "(Destroyed or Wrecked in areas 2 and 4; +1 needs none, +2 all Intact), the "
                             "Philippines' territorial map (their stack at space 2; +1 at space 3, +2 at 4) and "
                             "the Philippines' trenches (7 of 8 built, 2 sabotaged; +6 needs all 8 intact)"), reason
    obs.update(walls=["Intact", "Damaged", "Damaged", "Intact"], territorial=4, trenches_built=0xFF,
               trenches_sabotaged=0)
    reason = baler.outcome(obs, None, load_game("baler"))["reason"]
    assert "scored nothing" not in reason, reason


@pytest.mark.parametrize("word, section, says", [
    ("fog", "The Fog of War step", "It comes back into your hand later as a blank card"),
    ("persistence", "Persistence", "like a morale level: +1 to one die or a re-roll of one die")])
def test_rules_explains_the_fog_of_war_step_and_persistence(partisan, word, section, says):
    """l.1210-l.1211: "Place the card on your own discard pile. This prevents your opponent from
    getting and playing that card later. However, it costs you 1 morale level. ... • Place the
    card on the enemy discard pile. Next, take a shared card"; l.1147: "While on the active
    side, you can use it at any time during the turn (and not only in combat) as if it were a
    morale modifier to reroll or add 1 to a die result." `rules fog` and `rules persistence`
    show a section of their own, for players."""
    run = partisan("rules", "baler", word)
    told = " ".join(run.out.split())
    assert run.code == 0 and run.out.startswith(section + "\n") and says in told, run.out


@pytest.mark.parametrize("seat, seed", [(0, 7), (1, 7)])
def test_a_fog_of_war_card_kept_is_said_kept_and_blank_in_the_keepers_hand(seat, seed):
    """l.1210: "Place the card on your own discard pile. This prevents your opponent from
    getting and playing that card later. However, it costs you 1 morale level." and l.216: an
    enemy Fog of War card in hand "is the same as having a blank card". The other side reads
    who kept it, for what, and what it is there."""
    from tests.cli.test_baler_solo_newcomer import PILE, _node, _random_until
    state = _random_until(seed, lambda s: _node(s) == "fow_keep" and s.current_player() == seat
                          and "yes" in [s.action_to_string(a) for a in s.legal_actions()])
    card, other = state.observation(seat)["cards"]["fog_of_war"], 1 - seat
    before = state.observation(other)
    state.apply_action(state.string_to_action("yes"))
    kind = ("Spanish", "Filipino")[other] + " Fog of War card"
    keeper = ("Spain", "the Philippines")[seat]
    assert (f"{card['name']} ({kind}), kept by {keeper} for 1 morale (a blank card in that hand), goes into "
            f"{PILE[seat]} discard pile") in baler.changes(before, state.observation(other), other)
