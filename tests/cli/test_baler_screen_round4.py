"""Heroes of Baler's screen, a newcomer's fourth round of notes (issue 34): the events in view
at 100×40 as at 80×24, the player's own side named as theirs, every consequence with its line,
the support cards that can boost nothing marked, yes/no questions worded as such.
heroes_of_baler.txt, l.N."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from partisan.cli.play.screen import SUMMARY_ROWS
from partisan.cli.play.session import PlaySession
from partisan.cli.views import baler
from partisan.core.game import load_game
from partisan.core.record import Match
from tests.cli.test_baler_newcomer import _node, _random_until
from tests.cli.test_menu_fit import _event_rows, _screens

ROOMY = (100, 40)


@pytest.mark.parametrize("seat, seed", [(0, 1), (1, 2)])
def test_every_baler_screen_at_100x40_keeps_four_rows_of_events(seat, seed):
    """The full table at 100×40 leaves, on every screen of a whole game where the player
    decides, the rule, the summary's heading and SUMMARY_ROWS rows of events, as the compact
    one does at 80×24 (one fewer when the prompt names moves played for the player); the
    table stays whole and framed."""
    phases = set()
    for session, screen, table in _screens("baler", 2, seed, most=1000, size=ROOMY, seat=seat):
        assert table[0].startswith(("╭─ Heroes of Baler · ", "╭─ Baler · "))      # shorter where the side needs it
        top = screen.index(table[0])
        assert screen[top:top + len(table)] == table
        assert _event_rows(screen, top) >= SUMMARY_ROWS - bool(session.played_for), "\n".join(screen)
        phases.add(session.state.observation(seat)["phase"])
    assert phases >= {"initiative", "events", "first shootings", "action", "second shootings", "upkeep"}


def test_a_yes_no_question_offers_no_and_yes():
    """l.636: "If only one side has a surveillance marker in the area, that player must declare
    whether they want to activate it": a question, whose menu reads "1. no  2. yes" (not
    "done"), "no" typed plays it, and the note says what each answer does."""
    state = _random_until(3, lambda s: not s.is_chance_node() and _node(s) == "surv")
    seat = state.current_player()
    obs = state.observation(seat)
    assert obs["menu"] == ["no", "yes"]
    assert "? yes: " in baler.decision_note(obs, seat)
    session = PlaySession(Match(load_game("baler"), 3), seat, {1 - seat: "random"}, "random", None,
                          Console(file=io.StringIO(), width=100, color_system=None))
    session.match.state = state
    assert session.parse_move("no") == state.string_to_action("done")


def test_a_support_card_that_can_boost_nothing_says_so_on_the_menu():
    """l.369-l.370: "If the event card shows an icon matching the icon on a card played as event,
    you can boost that event card. The star icon is a wildcard that can boost an event card with
    any icon." and Fog of War cards "cannot be boosted" (l.368). A card offered as support that
    matches no event card's icon is marked, with the icons the events need; the others not."""
    marked = 0
    for seed in range(1, 6):
        state = _random_until(seed, lambda s: not s.is_chance_node() and _node(s) == "ev_support")
        obs = state.observation(state.current_player())
        needs = {c["requires"] for c in obs["cards"]["events"][:2] if c and c["secondary"]}
        hand = {c["name"]: c["icons"] for c in obs["cards"]["hand"]}
        for entry in obs["menu"][1:]:
            name = entry.split(" (boosts nothing")[0]
            useful = bool(set(hand[name]) & (needs | {obs["wildcard"]})) and bool(needs)
            assert ("(boosts nothing: " in entry) == (not useful), entry
            marked += not useful
    assert marked


def test_what_befalls_the_player_s_side_is_told_as_theirs():
    """l.664: "For each 6 obtained, the enemy suffers a direct casualty (kill)": a Spanish unit
    the Filipinos kill, Spain's tracks and VP, are told to the Spanish player as "your ...", so
    the play screen's summary keeps them first (core/narration.py concern(): the player's own
    results), and to the other seat by the side's name."""
    from partisan.core.narration import MINE, concern
    from tests.cli.test_baler_solo_newcomer import _told
    mine = others = 0
    for seat in (0, 1):
        for *_, changes in _told(3, viewer=seat):
            for line in changes:
                side = next((k for k, name in enumerate(("Spain", "Philippines")) if line.startswith(name)), None)
                if side is not None:
                    assert side != seat and concern(line) != MINE, line
                    others += 1
                elif line.startswith("your "):
                    assert concern(line) == MINE
                    mine += 1
    assert mine and others


def test_a_healed_unit_s_line_says_where_he_goes():
    """l.1109: "Heal the units in the two beds with lower numbers ... Put soldiers into the bag,
    and return leaders to the corresponding space in the detachment.": the line of a unit
    leaving the infirmary says where he went."""
    from tests.cli.test_baler_solo_newcomer import _told
    healed = [line for seed in range(1, 6) for *_, changes in _told(seed) for line in changes
              if " leaves the infirmary " in line]
    assert healed
    assert all(re.search(r"leaves the infirmary \(bed \d\) → (detachment [1-6]-[1-6]|the Spanish bag)$", line)
               for line in healed), healed
