"""The summary of events above the table on an 80×24 terminal (cli/play/screen.py): a kept
line comes with what it caused and its result, the lines shown keep the order they happened
in, and when later events are left out the screen says so below the last line shown; the rule
names the player's own move (`your 1st move`), not the record's move number."""
from __future__ import annotations

import io
import random
import re

from rich.console import Console

from partisan.cli.console import game_outcome, outcome_view
from partisan.cli.play.prompt import TYPED_AT_EVENTS_NOTE
from partisan.cli.play.screen import FORCED_NOTE, Chance, Consequence
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match

# The events seat 0 (P1) saw between two of its moves in a random 4-player Guerilla game
# (seed 10, P1's 93rd move): P3 attacks P1's g1 and loses; then P4 plays its turn.
ATTACKED = ["you: retrieve a card (Barracks): it takes Recon Patrol from the discard pile",
            f"you: end the turn{FORCED_NOTE}", "P2: end the turn",
            "P3: attack with P3's g26", "P3: attack your g1", "P3: no reaction",
            "you: no reaction  (your only legal move: played for you; Battle reaction.)",
            "P2: no reaction", "P4: no reaction",
            Chance("P3's attack d10: 1"),
            Chance("your defence d10: 5; totals P3 4 (3 + d10 1) against you 10 (5 + d10 5): P3 loses "
                   "all its units in the battle (6 points due)"),
            Consequence("P3's g26: Unit 3/1 eliminated"), Consequence("Rebel tally 28 → 31"),
            Consequence("you: +3 points (now 3)"),
            "P3: no reaction",
            "you: no reaction  (your only legal move: played for you; After the battle reaction.)",
            "P2: no reaction", "P4: no reaction", "P3: end the turn",
            "P4: withdraw P4's g21", "P4: withdraw Unit 4/3 of P4's g21", "P4: withdraw the cards named",
            Consequence("P4's g21: Unit 4/3 back to hand"), "P4: discard cards",
            "P4: chooses in secret", "P4: chooses in secret", "P4: chooses in secret",
            "P4: discard 3 cards: Unit 1/2 on top of the pile, shown, and 2 face down under it",
            "P4: end the turn"]
BATTLE = ("P3: attack your g1", "your defence d10: 5", "P3's g26: Unit 3/1 eliminated",
          "Rebel tally 28 → 31", "you: +3 points (now 3)")


def _terminal() -> Console:
    return Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None,
                   legacy_windows=False)


def _session(tmp_path, match: Match | None = None) -> PlaySession:
    match = match or Match(load_game("guerilla", players=4), 10)
    return PlaySession(match, 0, {seat: "random" for seat in (1, 2, 3)}, "random", tmp_path / "g.json",
                       _terminal())


def _event_rows(screen: str) -> list[str]:
    """The rows of the summary below its heading, up to the table."""
    rows = screen.splitlines()
    start = next(i for i, row in enumerate(rows) if row.startswith(("Since your last ", "So far")))
    end = next((i for i, row in enumerate(rows) if row.startswith("Guerilla ·")), len(rows))
    return rows[start + 1:end]


def _check_summary(screen: str) -> None:
    """The attack on you is never shown without its result (the result alone may be); every
    line shown keeps the order of ATTACKED; and unless the newest event ("P4: end the turn") is
    shown last, the last row says that later events are left out (or the heading, for a summary
    of two rows); but a single row may show an
    outcome the game keeps first (a loss), marked … (the prompt counts what is left out)."""
    flat = " ".join(" ".join(screen.split()).split("\n"))
    shown = [line for line in BATTLE if line in flat]
    assert BATTLE[0] not in shown or shown == list(BATTLE), screen
    places = [flat.index(" ".join(line.split())) for line in ATTACKED
              if " ".join(line.split()) in flat and line not in ("P4: chooses in secret",)]
    assert places == sorted(places), screen
    rows = [row for row in _event_rows(screen) if row.strip()]
    heading = next(row for row in screen.splitlines() if row.startswith(("Since your last ", "So far")))
    if re.search(r"not shown, (?:all|\d+) after these: `events`\):$", heading):
        assert "P4: end the turn" not in rows[-1], screen          # the heading says later ones follow
    elif len(rows) == 1 and rows[0].lstrip().startswith("… "):
        assert "eliminated" in rows[0], screen
    elif rows and "P4: end the turn" not in rows[-1]:
        assert re.search(r"not shown, (?:all|\d+ of them) after the lines above|\d+ other events? not shown",
                         rows[-1]), screen
        assert "after the lines above" in rows[-1] or len(rows) == 1, screen


def test_an_attack_on_you_is_shown_with_its_result_and_later_events_are_said_to_be_left_out(tmp_path):
    """Whatever the rows left for the events, the attack on your group comes with its result
    (the totals, the attacker's losses, your points) or not at all, in the order it happened,
    and an older line is never the last one shown as if it were the latest (with one row, a
    loss the game keeps first is marked … as a line with others left out)."""
    for rows in range(1, 16):
        session = _session(tmp_path)
        session.events, session.human_moved = list(ATTACKED), True
        session.console.print(session._recent_events(rows))
        screen = session.console.file.getvalue()
        _check_summary(screen)
        if rows >= 8:               # the heading's note, the attack and its five rows of result
            assert all(line in " ".join(screen.split()) for line in BATTLE), (rows, screen)


def _mid_game(seed: int = 10, decisions: int = 70) -> Match:
    """Seat 0 of a random 4-player Guerilla game at its decision `decisions` + 1, the other
    seats played by random choices too."""
    game = load_game("guerilla", players=4)
    state, rng, actions = game.new_initial_state(seed), random.Random(seed), []
    while decisions or state.current_player() != 0:
        if state.current_player() == 0 and len(state.legal_actions()) > 1:
            decisions -= 1
        actions.append(rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])
    return Match(game, seed, actions)


def test_the_full_screen_keeps_the_battle_whole_and_says_later_events_are_left_out(tmp_path):
    """The whole 80×24 screen of a game in its middle (the table, the menu, the prompt): the
    events get the rows left, and the summary follows the same rule."""
    session = _session(tmp_path, _mid_game())
    session.events, session.human_moved = list(ATTACKED), True
    session.show_screen()
    screen = session.console.file.getvalue()
    assert len(screen.splitlines()) + session._height(session._prompt()) <= 24, screen
    _check_summary(screen)


def test_the_first_screen_names_your_first_move_not_the_moves_dealt_before_it(tmp_path):
    """Before you have moved, the deal and the other seats' set-up are many moves of the
    record: the rule says it is your first move, the first screen after another seat's move
    your second, and the title
    stays in view above the events, the table, the menu and a prompt of two rows."""
    session = _session(tmp_path, Match(load_game("guerilla", players=4), 61))
    session._advance()
    assert session.state.move_number > 1
    session.console.file.seek(0), session.console.file.truncate()     # the bots' spinner
    session.show_screen()
    rows = session.console.file.getvalue().splitlines()
    assert "Guerilla (4 players) - your 1st move" in rows[0]
    assert f"move {session.state.move_number}" not in rows[0]
    assert len(rows) + session._height(session._prompt()) <= 24, "\n".join(rows)
    while True:              # the choices of one run (cards picked one by one) are one move
        assert session.handle("1") == "moved"
        session._advance()
        if session.others:
            break
        assert session._title() == "your 1st move"
    session.console.file.seek(0), session.console.file.truncate()
    session.show_screen()
    assert "Guerilla (4 players) - your 2nd move" in session.console.file.getvalue().splitlines()[0]


def test_in_the_middle_of_your_move_the_events_are_since_your_last_choice(tmp_path):
    """A newcomer at 100×40 read "Since your last move: - you: play Snailper" on the aim screen of
    the Garden card he had just chosen, a step of the move under way: there the heading says the
    events start at his last choice, and the first screen after Blue's card, "Since your last
    move"."""
    session = PlaySession(Match(load_game("garden"), 46), 0, {1: "random"}, "random", tmp_path / "g.json",
                          _terminal())
    session._advance()
    headings = []
    for _ in range(3):                  # the card, its aim, its angle: one move
        assert session.handle("1") == "moved"
        session._advance()
        session.console.file.seek(0), session.console.file.truncate()
        session.show_screen()
        headings += [row.rstrip(":") for row in session.console.file.getvalue().splitlines()
                     if row.startswith("Since your last")]
    assert headings == ["Since your last choice"] * 2 + ["Since your last move"], headings
    assert session._title() == "your 2nd move"


def test_a_summary_at_80x24_keeps_lines_and_the_title_in_view(tmp_path):
    """At 80×24 a Garden screen left the events a single row, their count and `events`, and
    its note of the lines carried from before ("after 2 earlier lines you had not seen") made it
    two rows and pushed the title off the screen. The title stays in view; and the menu folds its
    note into `moves` before the events are cut to their count alone."""
    session = PlaySession(Match(load_game("garden"), 42), 0, {1: "random"}, "random", tmp_path / "g.json",
                          _terminal())
    session._advance()
    counted_only = 0
    while not session.state.is_terminal():
        session.console.file.seek(0), session.console.file.truncate()
        session.show_screen()
        rows = session.console.file.getvalue().splitlines()
        assert "Garden Guerrilla" in rows[0] and len(rows) + session._height(session._prompt()) <= 24, "\n".join(rows)
        counted_only += session.carried > 0 and any(row.endswith("since your last move: type `events`") for row in rows)
        assert session.handle("1") == "moved"
        session._advance()
    assert not counted_only


# P4's assassination of a leader of P1's g1 fails, then P4 and P2 play on (seed 61, P1's 20th move).
TARGETED = ["P2: deploy the group as Government", Consequence("P2 forms g17 (Government)"),
            "P2: end the turn", "P3: buy an ambush marker point", "P3: end the turn",
            "P4: assassination (Policia)", "P4: try to kill Teniente Álvaro Ríos of your g1",
            "you: no reaction  (your only legal move: played for you; Bodyguard reaction.)",
            "P2: no reaction", "P3: no reaction", "P4: no reaction",
            Chance("P4's Policia d10: 2, less the leader's modifier -1: 3, 5 or less: the leader survives"),
            "P4: buy an ambush marker point",
            "P4: retrieve a card (Barracks): it takes Unit 3/2 from the discard pile",
            "P4: draw cards", Chance("P4 draws a card"), Chance("P4 draws a card"), Chance("P4 draws Port"),
            "P4: add the complex to P4's g15", f"you: end the turn{FORCED_NOTE}",
            "P2: withdraw free (Bridge)", "P2: withdraw P2's g11 free", Consequence("P2's g11: Unit 3/3 back to hand")]


def test_a_leader_targeted_in_your_group_is_shown_with_the_roll_that_spares_him(tmp_path):
    """The roll that decides an assassination names no seat but the assassin's: it is the
    result of the move done to you all the same, shown with it or not at all."""
    for rows in range(1, 12):
        session = _session(tmp_path)
        session.events, session.human_moved = list(TARGETED), True
        session.console.print(session._recent_events(rows))
        screen = " ".join(session.console.file.getvalue().split())
        assert ("try to kill Teniente Álvaro Ríos of your g1" in screen) == ("the leader survives" in screen), \
            (rows, screen)


def test_an_outcome_that_names_you_is_shown_alone_when_its_move_does_not_fit(tmp_path):
    """Garden Guerrilla at 80×24 leaves four rows for the events (a newcomer's game, seed 79):
    your landing with its result, then the line that says your card was caught, and by what,
    rather than a filler line that fits ("Blue: turned 292.5°"), though Blue's whole move with
    all it caused does not fit."""
    session = PlaySession(Match(load_game("garden"), 79), 0, {1: "random"}, "random", tmp_path / "g.json",
                          _terminal())
    session.events, session.human_moved = [
        "you: drop it on mushroom 1", Chance("your Spiderchute lands at (656, 42) mm, 357.5°, face down"),
        Consequence("Your Spiderchute is face down: no effect"),
        "Blue: play Snailper", "Blue: aim at (600, 80)",
        Chance("Blue's Snailper lands at (610, 74) mm, 12.0°, face up"), "Blue: turned 292.5°",
        Consequence("Blue Snailper's line catches your Spiderchute: Blue +1 VP"),
        Consequence("Mushroom 1: Blue has the most face-up insects on its hat (+1 VP while it lasts)"),
        Consequence("Blue Snailper's line passes ant 2")], True
    session.console.print(session._recent_events(4))
    rows = _event_rows(session.console.file.getvalue())
    assert any("catches your Spiderchute" in row for row in rows), rows
    assert not any("turned 292.5°" in row for row in rows), rows


EVENTS = 20     # they fit the rows the table leaves (25), but not with the outcome below it too


def test_the_last_screen_leaves_room_for_the_outcome_below_it(tmp_path):
    """A finished game: the last screen, the outcome table printed under it and the line saying
    where the game is saved fit the 100×40 terminal together, so the title and the end's
    events do not scroll away: events that do not fit with them are paged first (a Garden
    Guerrilla game of random plays, the whole of it)."""
    game = load_game("garden")
    state, rng, actions = game.new_initial_state(79), random.Random(79), []
    while not state.is_terminal():
        actions.append(state.sample_chance() if state.is_chance_node()
                       else rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])
    console = Console(file=io.StringIO(), width=100, height=40, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(game, 79, actions), 0, {1: "random"}, "random", tmp_path / "g.json", console)
    session.events = [f"Blue: turned {22.5 * k}°" for k in range(EVENTS)] + ["your Ladygun catches nothing"]
    session.human_moved = True
    session._more = lambda left: ""             # Enter at each page of the pager
    session.show_screen(every=True)
    session.console.print(outcome_view(game_outcome(session.state, 0), 0))
    session.console.print("Game saved to g.json.")
    out = session.console.file.getvalue()
    assert "your Ladygun catches nothing" in out
    rows = out.splitlines()
    last = max(i for i, row in enumerate(rows) if "game over" in row)   # the last screen's rule
    assert len(rows) - last <= 39, "\n".join(rows[last:])


def _garden_summary(tmp_path, seed: int, events: list[str], rows: int) -> str:
    """The summary's rows, joined, for `events` since seat 0's last move in a Garden game at
    80×24 given `rows` rows."""
    session = PlaySession(Match(load_game("garden"), seed), 0, {1: "random"}, "random", tmp_path / "g.json",
                          _terminal())
    session.events, session.human_moved = events, True
    session.console.print(session._recent_events(rows))
    return " ".join(" ".join(_event_rows(session.console.file.getvalue())).split())


def test_a_catch_comes_with_the_landing_it_follows_from_rather_than_a_filler_move(tmp_path):
    """Blue's catch of an ant names no card of yours, yet it changes the score: when Blue's whole
    play does not fit, the catch is shown with the landing it follows from, not Blue's turning of
    the card (a newcomer's game at 80×24, seed 85)."""
    rows = _garden_summary(tmp_path, 85, [
        "Blue: play Snailper", "Blue: aim at mushroom 1", "Blue: turned 247.5°",
        Chance("Blue's Snailper lands at (754, 69) mm, 247.5°, face up, on mushroom 1's hat"),
        Consequence("Blue Snailper's line catches ant 2: Blue +1 VP"),
        Consequence("Mushroom 1: nobody has the most face-up insects on its hat"),
        Consequence("Blue Snailper's line passes toad 1")], 3)
    assert "catches ant 2: Blue +1 VP" in rows and "lands at (754, 69)" in rows, rows
    assert "turned 247.5°" not in rows, rows


def test_what_concerned_you_and_was_left_off_stays_until_you_see_it(tmp_path, monkeypatch):
    """A result of yours left off a crowded screen is not lost when you answer the next prompt
    without typing `events`: the next summary (and `events`) still has it, said to come from
    before your move; your own moves and the others' are not carried."""
    session = _session(tmp_path)
    session.events, session.human_moved = list(ATTACKED), True
    session.console.print(session._recent_events(2))
    assert "your defence d10: 5" in " ".join(str(line) for line in session.unseen)
    assert not any(line.startswith(("you:", "P4:")) for line in session.unseen
                   if not isinstance(line, (Chance, Consequence)))
    session.handle("1")
    assert session.carried and any("your defence d10: 5" in line for line in session.events)
    session.console.file.seek(0), session.console.file.truncate()
    session.console.print(session._recent_events(None))
    assert "earlier line" in session.console.file.getvalue() and "you had not seen" in session.console.file.getvalue()
    session.console.file.seek(0), session.console.file.truncate()
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    session.show_events()               # its heading counts the lines carried apart
    total = len(session.events)
    assert session.console.file.getvalue().startswith(
        f"{total} events: {session.carried} you had not seen from before your last move, then "
        f"{total - session.carried} since:")


def test_another_seats_score_is_shown_alone_rather_than_a_filler_move(tmp_path):
    """A newcomer's Garden game at 80×24: after your own play, two rows are left, too few for
    Blue's landing with what it caused; the line that changes Blue's score is shown alone, not
    "Blue: turned 67.5°", which says nothing of it, nor the landing with its first line."""
    rows = _garden_summary(tmp_path, 4, [
        "you: turned 22.5°", Chance("your Skorpio lands at (290, 275) mm, 85.5°, face up, on the table"),
        Consequence("Your Skorpio catches nothing"), "Blue: play Spiderchute", "Blue: aim at Goodie 1",
        "Blue: turned 67.5°",
        Chance("Blue's Spiderchute lands at (857, 346) mm, 80°, face up, on mushroom 1's hat"),
        Consequence("Blue Spiderchute catches nothing"),
        Consequence("Mushroom 1: Blue has the most face-up insects on its hat (+1 VP while it lasts)")], 5)
    assert "Blue has the most face-up insects" in rows, rows
    assert "turned 67.5°" not in rows, rows


def test_every_score_change_comes_before_the_players_own_choice(tmp_path):
    """A newcomer's Garden game at 80×24 (seed 103, the 2nd move): the rows went to "you:
    explosion at 5/16 of the line", which the player chose, while Blue's point for mushroom 1
    was left out. Every line that changes a score comes first, and a catch that follows from a
    decision names what made it, so it is shown without that decision."""
    rows = _garden_summary(tmp_path, 103, [
        "you: explosion at 5/16 of the line",
        Consequence("Your Scrabblezooka's explosion catches toad 1: you +2 VP"),
        Consequence("Your Scrabblezooka's explosion catches ant 1: you +1 VP"),
        "Blue: play Chemic", "Blue: aim at mushroom 1",
        Chance("Blue's Chemic lands at (470, 330) mm, 12°, face up, on mushroom 1's hat"),
        Consequence("Blue Chemic catches nothing"),
        Consequence("Mushroom 1: Blue has the most face-up insects on its hat (+1 VP while it lasts)")], 5)
    assert "catches toad 1: you +2 VP" in rows and "catches ant 1: you +1 VP" in rows, rows
    assert "Blue has the most face-up insects" in rows, rows
    assert "explosion at 5/16" not in rows, rows


# A newcomer's Garden game at 100×40 (seed 46, the 10th move): your Chemic's landing and catch,
# Blue's Snailper catching three of your cards from the hat, then your last card played for you.
SNAILPER = ["you: turned 0°", Chance("your Chemic lands at (480, 135) mm, 32.5°, face up, on the table"),
            Consequence("Your Chemic covers Blue Scrabblezooka and catches it: you +1 VP"),
            "Blue: play Snailper", "Blue: aim at your Ladygun", "Blue: turned 202.5°",
            Chance("Blue's Snailper lands at (824, 169) mm, 202.5°, face up, on mushroom 1's hat"),
            Consequence("Blue Snailper's line catches your Ladygun: Blue +1 VP"),
            Consequence("Blue Snailper's line catches your Scrabblezooka: Blue +1 VP"),
            Consequence("Blue Snailper's line catches your Grasshopper San: Blue +1 VP"),
            Consequence("Mushroom 1: Blue has the most face-up insects on its hat (+1 VP while it lasts)"),
            "you: play Spiderchute" + FORCED_NOTE]


def test_every_score_change_is_shown_before_the_landings_they_follow_from(tmp_path):
    """The newcomer saw Blue go from 7 to 11 VP with three lines of +1 on the screen: the rows
    went to the landings of your Chemic and of Blue's Snailper, and Blue's third catch and its
    mushroom point were left out. Every line that changes a score is kept first, alone, so the
    scores add up from the lines shown; the landings come after, as the rows allow."""
    scoring = [line for line in SNAILPER if "VP" in line]
    for rows in range(len(scoring) + 1, len(SNAILPER) + 2):
        session = PlaySession(Match(load_game("garden"), 46), 0, {1: "random"}, "random", tmp_path / "g.json",
                              Console(file=io.StringIO(), width=100, height=40, force_terminal=True,
                                      color_system=None))
        session.events, session.human_moved = list(SNAILPER), True
        session.console.print(session._recent_events(rows))
        shown = " ".join(session.console.file.getvalue().split())
        assert all(line in shown for line in scoring), (rows, shown)


def test_at_80x24_the_result_waits_for_enter_below_a_last_screen_it_would_push_away(tmp_path, monkeypatch):
    """Newcomers at 80×24 (Garden, Guerilla) saw the last screen's title and the table's top
    scroll away when the result table was printed: there the last screen is shown whole, then
    the result at Enter."""
    game = load_game("garden")
    state, rng, actions = game.new_initial_state(79), random.Random(79), []
    while not state.is_terminal():
        actions.append(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])
    session = PlaySession(Match(game, 79, actions), 0, {1: "random"}, "random", tmp_path / "g.json", _terminal())
    asked = []
    session.console.input = lambda prompt="", **_: (asked.append(str(prompt)), "")[1]
    assert session.result_apart()
    assert session._run() == 0
    out = session.console.file.getvalue()
    before = out[:out.index("Result:")]
    assert "-- Enter for the result --" in asked
    rows = before.splitlines()
    last = max(i for i, row in enumerate(rows) if "game over" in row)
    assert len(rows) - last <= 23, "\n".join(rows[last:])          # title to pause on one screen
    wide = PlaySession(Match(game, 79, actions), 0, {1: "random"}, "random", tmp_path / "h.json",
                       Console(file=io.StringIO(), width=100, height=40, force_terminal=True, color_system=None))
    assert not wide.result_apart()                                   # 100×40: below it, as before


def test_the_rolls_after_your_own_move_are_yours_and_stay_until_you_see_them(tmp_path):
    """A newcomer's solo Baler game at 80×24: the enemy's defence dice in your own shooting
    ("the Philippines' combat dice: 1 2") name no seat of yours, but they are your shooting's
    result: left off a crowded screen, they are carried to the next one like your own lines;
    the moves around them are not."""
    session = _session(tmp_path)
    session.events = ["you: keep the dice as they stand", Chance("the Philippines' combat dice: 1 2"),
                      "Philippines: keep the dice as they stand", Consequence("the combat is over"),
                      Consequence("your surveillance marker leaves area 2"),
                      Chance("your combat dice: 4 5 6")] + [f"P3: something {i}" for i in range(8)]
    session.human_moved = True
    session.console.print(session._recent_events(2))
    assert "the Philippines' combat dice: 1 2" in session.unseen
    assert not any(line.startswith(("you:", "Philippines:", "P3:")) for line in session.unseen)


def _following(tmp_path, monkeypatch, *answers: str) -> tuple[PlaySession, list[str]]:
    """A session that follows the player (as `play` and `solo` do without --brief) in the
    middle of a game, with ATTACKED since its last move; the pager's prompts are answered
    with `answers`, then Enter, and returned as asked."""
    session = _session(tmp_path, _mid_game())
    session.follow, session.others = True, [2, 3]
    session.events, session.human_moved = list(ATTACKED), True
    asked, left = [], list(answers)

    def answer(prompt=""):
        asked.append(prompt)
        return left.pop(0) if left else ""
    monkeypatch.setattr("builtins.input", answer)
    return session, asked


def test_when_the_summary_would_leave_out_what_concerns_you_every_event_is_paged_first(tmp_path, monkeypatch):
    """After a move, at 80×24, the summary cannot keep the attack on you, its dice, losses and
    points with the rest: every event is shown first, a screen at a time, in the order they
    happened, then the table and the moves, with nothing left to see."""
    session, asked = _following(tmp_path, monkeypatch)
    assert session.show_screen() is None
    out = session.console.file.getvalue()
    flat = " ".join(out.split())
    assert all(" ".join(line.split()) in flat for line in session._repeats(ATTACKED)[0]), out
    assert "P2, P4: no reaction" in flat                          # the seats' same words, once
    assert out.startswith(f"Since your last move, {len(ATTACKED)} events:"), out
    assert len(asked) == 2 and "Enter for more" in out          # two pages of 23 rows
    after = out.split("-- Enter for the board --")[1]           # the table, then the moves
    assert "Legal moves" in after and "Since your last move" not in after
    assert session.hidden == 0 and session.unseen == [] and "more event" not in session._prompt().plain


def test_a_command_typed_at_that_pager_is_the_move_prompts_input_and_a_move_is_not_played(tmp_path, monkeypatch):
    """Typing a command at the pager stops it, shows the table, and hands the command to the
    move prompt; a move typed there (the moves not yet on screen) is not played, and the
    prompt says so."""
    session, asked = _following(tmp_path, monkeypatch, "quit")
    assert session.show_screen() == "quit"
    out = session.console.file.getvalue()
    assert len(asked) == 1 and ATTACKED[-1] not in out and "Legal moves" in out
    assert not session.dropped
    session, asked = _following(tmp_path, monkeypatch, "1")
    actions = list(session.match.actions)
    assert session.show_screen() is None
    assert session.match.actions == actions
    assert session._prompt().plain.startswith(TYPED_AT_EVENTS_NOTE + "\n")


def test_brief_keeps_to_the_summary_and_the_first_screen_is_never_paged(tmp_path, monkeypatch):
    """Without following (--brief), the same events give the summary and its note of what is
    left out; so too before the player's first move (the deal, the others' set-up), and in the
    middle of the player's own move (a Garden card chosen, its aim next: no other seat moved
    since) when what is left out was carried from before it: paged only on `events`."""
    for follow, moved, others in ((False, True, [2]), (True, False, [2]), (True, True, [])):
        session, asked = _following(tmp_path, monkeypatch)
        session.follow, session.human_moved, session.others = follow, moved, others
        session.carried = len(session.events) * (not others)
        assert session.show_screen() is None
        assert asked == [] and session.hidden > 0 and session.unseen, (follow, moved, others)
        assert "`events`" in session.console.file.getvalue()


def test_the_played_game_takes_the_line_typed_at_the_pager(tmp_path, monkeypatch):
    """The game's loop: the line typed at the pager after the bots' moves is taken as typed at
    the move prompt (here `quit`, which saves and leaves) without asking again."""
    session, asked = _following(tmp_path, monkeypatch, "quit")
    game, live = session.match.game, Match(session.match.game, session.match.seed)
    mine = []                           # the player's own decisions in the record
    for index, action in enumerate(session.match.actions):
        if live.state.current_player() == 0 and len(live.state.legal_actions()) > 1:
            mine.append(index)
        live.state.apply_action(action)
    session.match = Match(game, session.match.seed, session.match.actions[:mine[-1] + 1])
    session.recall()                    # just after the player's last move: the bots move next
    session.events[:0] = ATTACKED       # more than fit, some of them concerning the player
    assert session._run() == 0
    out = session.console.file.getvalue()
    assert len(asked) == 1 and " Enter for " in out and "(number, text or help" not in out
    assert (tmp_path / "g.json").exists()


def test_play_and_solo_follow_the_player_unless_brief(partisan, monkeypatch):
    """`play` and `solo` page the events that concern the player by default; `--brief` keeps
    to the summary."""
    seen = []
    monkeypatch.setattr(PlaySession, "run", lambda self: seen.append(self.follow) or 0)
    partisan("play", "war", "--bot", "random", "--seed", "3")
    partisan("play", "war", "--bot", "random", "--seed", "3", "--brief")
    partisan("solo", "baler", "--side", "spain", "--seed", "3")
    partisan("solo", "baler", "--side", "spain", "--seed", "3", "--brief")
    assert seen == [True, False, True, False]


def test_the_set_up_is_not_the_players_story_because_their_hand_was_dealt_with_it(tmp_path):
    """Garden, seat 1 (Blue), seed 26, the first screen at 100×40: the set-up placements and the
    deal come before any move, and the player's own hand among them does not make the others
    theirs; so Red's opening landing, whose explosion scores, is kept before the placements."""
    console = Console(file=io.StringIO(), width=100, height=40, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("garden"), 26), 1, {0: "hard"}, "random", tmp_path / "g.json", console)
    session._advance()
    console.file.seek(0), console.file.truncate()
    session.show_screen()
    screen = console.file.getvalue()
    assert "Red's Scrabblezooka lands at (394, 563) mm" in screen, screen
    assert "Red Scrabblezooka's explosion catches toad 1: Red +2 VP" in screen


def test_the_same_move_of_several_seats_in_a_row_is_one_line():
    """Guerilla's reaction windows ask every seat in turn: "P2: no reaction", "P4: no reaction"
    read as one line, "P2, P4: no reaction", which still counts two events; the player's own
    moves, outcomes and different words stay apart, and a repeat keeps its count, never joined
    ("P4: pass", then "P3: pass" twice, is not "P4, P3: pass" and one more "P3: pass")."""
    events = ["P3: attack your g1", "P2: no reaction", "P4: no reaction",
              "you: no reaction  (your only legal move: played for you)", "P2: no reaction",
              Chance("P3's attack d10: 1"), "P4: chooses in secret", "P4: chooses in secret",
              "P2: chooses in secret", "P2: end the turn", "P4: pass", "P3: pass", "P3: pass"]
    lines, times = PlaySession._repeats(events)
    assert lines == ["P3: attack your g1", "P2, P4: no reaction",
                     "you: no reaction  (your only legal move: played for you)", "P2: no reaction",
                     "P3's attack d10: 1", "P4: chooses in secret", "P2: chooses in secret",
                     "P2: end the turn", "P4: pass", "P3: pass"]
    assert times == [1, 2, 1, 1, 1, 2, 1, 1, 1, 2] and sum(times) == len(events)


def test_a_joined_line_shows_no_repeat_count(tmp_path):
    session = _session(tmp_path)
    session.events = ["P2: no reaction", "P3: no reaction", "P4: no reaction", "P4: chooses in secret",
                      "P4: chooses in secret"]
    assert session._event_texts()[2] == ["P2, P3, P4: no reaction", "P4: chooses in secret  (×2)"]
