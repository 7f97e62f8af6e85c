"""Guerilla's screens after the thirteenth round's newcomer (4 players, 80x24): what the bots did
to each other stays on the screen when it changed the table. The event lines are those the
round's game showed (seed 1311); each test quotes the passage the line tells."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.play.screen import FORCED_NOTE, Chance, Consequence
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match


def _session(tmp_path, width: int = 80, height: int = 24) -> PlaySession:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None,
                      legacy_windows=False)
    return PlaySession(Match(load_game("guerilla", players=4), 1311), 0, {seat: "random" for seat in (1, 2, 3)},
                       "random", tmp_path / "g.json", console)


def _summary(session, events: list[str], rows: int) -> str:
    session.events, session.human_moved = events, True
    session.console.print(session._recent_events(rows))
    return " ".join(session.console.file.getvalue().split())


# P1's 13th move: P2 kills Mendieta with an Arms Cache, P3 hits back, P4 sorties for a Recon Patrol.
BOTS_TURNS = [
    "you: retrieve a card (Barracks): it takes Unit 3/1 from the discard pile",
    f"you: end the turn{FORCED_NOTE}", "P2: attack with P2's g4", "P2: attack P3's g6",
    "P2: play Arms Cache: double an attacking unit", "P2: double Unit 2/3 of P2's g4", "P3: no reaction",
    "P4: no reaction", "P2: no reaction", Chance("P2's attack d10: 6"),
    Chance("P2's g4 attacks P3's g6: P3's defence d10: 8; totals P2 14 (8 + d10 6; Unit 2/3 doubled) against P3 12 "
           "(4 + d10 8): P3 must lose at least 2 strength in units"),
    "P3: eliminate General Augusto Mendieta of P3's g6", "P3: eliminate Unit 1/3 of P3's g6",
    "P3: the losses are met: 2 strength lost (a leader counts 1), 2 needed; 2 points due to P2",
    "P2: put General Augusto Mendieta / Comandante Benito Cruz on the discard pile next: the battle's 2 points scored",
    Consequence("P3's g6, attacked by P2's g4: Mendieta/Cruz, Unit 1/3 eliminated"),
    Consequence("Rebel tally 18 → 20"), Consequence("P2: +2 points (now 5), won by P2's g4 against P3's g6"),
    "P2: no reaction", "P3: no reaction", "P4: no reaction", "P2: end the turn",
    "P3: attack with P3's g6", "P3: attack with Unit 3/2 of P3's g6", "P3: attack P2's g4",
    "P3: attack the sideways units", "P3: no reaction", "P2: no reaction", "P4: no reaction",
    Chance("P3's attack d10: 6"),
    Chance("P3's g6 attacks the sideways units of P2's g4: P2's defence d10: 4; totals P3 9 (3 + d10 6) against P2 6 "
           "(2 + d10 4): P2 must lose 3 strength but has only 2 in the battle: all of it is lost; P3 scores 2 points"),
    Consequence("P2's g4, attacked by P3's g6: Unit 2/2 eliminated"), Consequence("Government tally 29 → 31"),
    Consequence("P3: +2 points (now 6), won by P3's g6 against the sideways units of P2's g4"),
    "P3: no reaction", "P2: no reaction", "P4: no reaction", "P3: reinforce P3's g6", "P3: add Unit 2/2",
    "P3: add General Octavio Bermúdez / Capitán Víctor Lema 3/2-1",
    "P3: reinforce P3's g6 with Unit 2/2 and General Octavio Bermúdez / Capitán Víctor Lema", "P3: end the turn",
    "P4: play Recon Patrol", "P4: sortie Unit 5/1 of P4's g0", Consequence("the sortie from P4's g0 becomes g11"),
    "P4: inspect P2's hand", "P2: no counter", "P4: take and discard nothing", "P4: draw cards (1 action, ends P4's turn)",
    *[Chance("P4 draws a card")] * 5]


def test_the_bots_battles_keep_their_losses_and_new_groups_first(tmp_path):
    """l.68: the loser "must eliminate units of his choice"; l.70: "Any leader left alone after
    losses are taken is eliminated." Four rows of the bots' turns show what the board changed
    by (with the turn end played for you): the cards each battle removed and the group a sortie
    formed, not the points alone or the cards drawn."""
    shown = _summary(_session(tmp_path), BOTS_TURNS, 5)
    for line in ("P3's g6, attacked by P2's g4: Mendieta/Cruz, Unit 1/3 eliminated",
                 "P2's g4, attacked by P3's g6: Unit 2/2 eliminated", "the sortie from P4's g0 becomes g11"):
        assert line in shown, shown
    assert "draws a card" not in shown and "no reaction" not in shown, shown


def test_a_battle_s_totals_come_before_its_points_and_the_fillers(tmp_path):
    """l.67: "To determine the result of an attack total the strength of all attacking units, add
    the group leader's command modifier and a die roll."
    With room for more, a battle's totals follow the losses and the new group, before the
    points they bring and any card drawn."""
    shown = _summary(_session(tmp_path), BOTS_TURNS, 8)
    for line in ("Mendieta/Cruz, Unit 1/3 eliminated", "totals P3 9 (3 + d10 6) against P2 6",
                 "the sortie from P4's g0 becomes g11"):
        assert line in shown, shown
    assert "draws a card" not in shown and "P2: +2 points" not in shown, shown


def test_the_sudden_death_roll_is_kept_even_in_a_single_row(tmp_path):
    """l.103: "At the end of each player's turn, roll a die. If the number rolled is greater
    than or equal to the number beneath the end of round marker, the game ends immediately."
    The roll that could have ended the game is kept before the trade's moves around it, even
    when a single row is left (it was once hidden behind "8 other events not shown")."""
    events = ["you: offer nothing",
              "P2: accept P3's counter-offer: P3 receives 2 cards laid face down; P2 receives Unit 1/2, "
              "Arms Cache and 1 card laid face down", "P2: end the turn",
              Chance("the sudden death d10: 4, needed 9 or more: play goes on (next at 8)"),
              "P3: offer a trade", "P3 lays a card face down", "P3: end my offer: 1 card face down",
              "P4: offer nothing"]
    for rows in (1, 3):
        session = _session(tmp_path)
        shown = _summary(session, list(events), rows)
        assert "the sudden death d10: 4, needed 9 or more: play goes on (next at 8)" in shown, (rows, shown)


def test_a_trade_keeps_the_offer_before_a_card_laid_or_nothing_offered(tmp_path):
    """l.87: "The offering player places the cards he is offering before him. ... In turn order,
    the other players may make offers in return." With one line's room, the summary keeps the offer the
    table's trade line stands for, not "P4: offer nothing" or a card laid face down."""
    events = ["you: offer nothing", "P2: offer nothing", "P3: reject every counter-offer", "P3: offer a trade",
              "P3 lays a card face down", "P3: end my offer: 1 card face down", "P4: offer nothing"]
    shown = _summary(_session(tmp_path), events, 2)
    assert "P3: end my offer: 1 card face down" in shown, shown
    assert "P4: offer nothing" not in shown, shown


def _played(tmp_path, decisions: int, seed: int = 5) -> tuple[PlaySession, list[str]]:
    """A random 4-player game, P1 choosing its first move `decisions` times: the session and
    every event P1's screens held."""
    session = PlaySession(Match(load_game("guerilla", players=4), seed), 0, {seat: "random" for seat in (1, 2, 3)},
                          "random", tmp_path / "g.json", Console(file=io.StringIO(), width=80))
    seen = []
    for _ in range(decisions):
        session._advance()
        seen += session.events
        assert session.handle("1") == "moved"
    return session, seen


def test_no_reaction_is_not_told_at_every_battle(tmp_path):
    """l.79: "Whenever a group belonging to a player with an ambush marker is attacked, he may
    roll the die"; l.120: "Any number of ambush cards can be played by both the attacker and the
    defender": every seat is asked in turn at every battle. A pass reads the same whether the seat held a card or not, so the screen
    tells none ("P3, P4, P2: no reaction" and "you: no reaction (your only legal move: played
    for you; ...)" filled the pages): the cards played tell what reaction there was. The log
    keeps them."""
    session, seen = _played(tmp_path, 25)
    passes = [line for line in seen if not isinstance(line, (Chance, Consequence))
              and line.split("  (")[0].endswith(": no reaction")]
    assert passes == [], passes
    assert any(line.endswith(": no reaction") for _, line in session.log)
    assert "no reaction" not in " ".join(session.played_for)


def test_a_crowded_turn_s_short_menu_keeps_end_the_turn_and_its_numbers_in_order():
    """l.44: "Each player's turn is made up of the phases (labelled A to F)". However few rows a
    long menu keeps at 80x24 (late in a round, some fifty moves), "end the turn", the move a
    player looks for, is one of them, and the numbers kept read in menu order."""
    import re

    from tests.cli.test_guerilla_short_menu import _many_groups
    from tests.cli.test_guerilla_short_menu import _session as _menu_session
    state = _many_groups()
    menu = state.observation(0)["menu"]
    for events in (12, 40):
        session, console = _menu_session(state)
        session.events, session.human_moved = [f"P2: event {i}" for i in range(events)], True
        session._fitted = _squeezed(session, session._fitted)
        session.show_screen()
        moves_part = console.file.getvalue().split("Legal moves:")[1]
        shown = [int(n) for n in re.findall(r"(?:^|\s)(\d+)\. ", moves_part)]
        assert menu.index("end the turn") + 1 in shown and shown == sorted(shown), moves_part


def _squeezed(session, fitted):
    """The menu given a single row, as a tall late-game table leaves it at 80x24."""
    return lambda moves, room: fitted(moves, min(room, 4))


def test_the_first_prompt_names_the_others_in_seat_order(tmp_path):
    """l.42: "Players take turns in clockwise order around the table"; l.36: the initial
    deployment is made "Simultaneously". In the round's game P4 dealt and moved first; the first
    prompt read "after P4, P2 and P3 moved", the order the seats first moved in, as if P2 and P3
    had played before P1. It names them round the table from the player's left: "after P2, P3
    and P4 moved"."""
    session = PlaySession(Match(load_game("guerilla", players=4), 1311), 0, {seat: "random" for seat in (1, 2, 3)},
                          "random", tmp_path / "g.json", Console(file=io.StringIO(), width=200))
    session._advance()
    assert session.others[0] == 3, session.others              # the dealer moved first
    assert "Your move, P1, after P2, P3 and P4 moved" in session._prompt().plain, session._prompt().plain


def test_seats_that_only_passed_are_not_said_to_have_moved(tmp_path):
    """l.120: "Any number of ambush cards can be played by both the attacker and the defender":
    every seat is asked at your battle, and passes untold. The prompt after it does not say
    "after P2, P3 and P4 moved" when all they did was pass: nothing on the screen shows a move."""
    from partisan.core.games.guerilla.state import GOV, REB
    from tests.games.guerilla.conftest import card
    game = load_game("guerilla", 4)
    state = game.new_initial_state(0)
    state.arrange([GOV, REB, GOV, REB], groups=[(0, GOV, [card("Unit 4/1")], 0), (1, REB, [card("Unit 1/1")], 0),
                                                (2, GOV, [card("Unit 1/1", 1)], 0)])
    session = PlaySession(Match(game, 0, state=state), 0, {seat: "random" for seat in (1, 2, 3)}, "random",
                          tmp_path / "g.json", Console(file=io.StringIO(), width=200))
    session._advance()
    assert session.handle("attack with your g0") == "moved"
    session._advance()
    assert "your g0 attacks P2's g1" in " ".join(session.events)
    assert session.others == [] and ", after" not in session._prompt().plain, session._prompt().plain


def test_the_loyalty_markers_taken_at_the_deal_are_not_headlines(tmp_path):
    """l.29: "The markers are shuffled, and then each player takes one"; l.139: "The player who
    draws this card may exchange the loyalty markers of any two players." A marker taken at the
    deal changes nothing on the table, and does not push the first screen's other lines out
    (six seats' "P2 takes a loyalty marker" filled it); the Revolution's swap is kept first."""
    session = _session(tmp_path)
    dealt = [Chance("you take a loyalty marker: Rebel"), Chance("P2 takes a loyalty marker")]
    swapped = ["P4: swap the loyalty markers of you and P4",
               Consequence("Your loyalty marker is now Government (the Revolution swapped it)"),
               Consequence("P4's loyalty marker: Rebel")]
    ranks = session._headline_ranks(dealt + swapped)
    assert ranks[:2] == [None, None] and all(rank is not None for rank in ranks[3:]), ranks
