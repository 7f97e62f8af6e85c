"""What fits on the screen of a played game: the events since the player's last move, the
table and the legal moves, with the events that concern the player kept first; and all those
events, a screen at a time (`events`)."""
from __future__ import annotations

import re

from rich.columns import Columns
from rich.console import Group
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from partisan.cli.console import (decision_note, game_outcome, match_title, menu_actions, optional_module,
                                  outcome_view, render_view, side_name, view_module, view_moves)
from partisan.cli.play.prompt import COMMAND_WORDS, TYPED_AT_EVENTS_NOTE, menu_parts
from partisan.cli.views.fit import Flow
from partisan.core.narration import MINE, OTHERS, TO_ME, concern, counted

MAX_EVENTS_SHOWN = 60     # after an elimination the bots may play on for a long time
SUMMARY_ROWS = 4          # rows of the events a crowded screen keeps, its menu shortened first
FORCED_NOTE = "  (your only legal move: played for you)"
FORCED = OTHERS + 1       # a move played for the player says least: kept after all the rest
BARE_ANSWERS = ("no", "yes", "done")    # menu entries that mean nothing without the note asking
# A line that changes a score, in the words the games use ("Blue +1 VP", "P2: +3 points",
# "P2 scores 4 points", "Spain VP 15 → 16"): the first outcomes a crowded summary keeps.
SCORE = re.compile(r"[+-]\d+ (?:VP|points?)\b|\bscores? \d+ points?|\bVP \d+ → \d+")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class Consequence(str):
    """An event line saying what the move told just before it changed (a card eliminated,
    points scored): kept on the screen with that move, which says why."""


class Chance(str):
    """The line of a chance move (a die rolled, a card drawn): an outcome, like a Consequence."""


class Joined(str):
    """Moves of several seats told in the same words, one after another, as one line
    ("P2, P4: no reaction"): their count is not a repeat's (×N)."""


# The seats a move line begins with ("P2: ", "Spain: ", "P2, P4: "); "you: " is the player's own.
_ACTORS = re.compile(r"((?:[A-Z][\w.]*)(?:, [A-Z][\w.]*)*): (.+)", re.S)


def _joined(before: str, line: str, times: int) -> Joined | None:
    """`before` and `line` as one Joined line when both are other seats' moves (not outcomes)
    in the same words, `before` not a repeated line and `line`'s seat not among its seats."""
    if type(line) is not str or type(before) not in (str, Joined) or (times > 1 and type(before) is str):
        return None
    first, then = _ACTORS.fullmatch(before), _ACTORS.fullmatch(line)
    if not first or not then or first[2] != then[2] or then[1] in first[1].split(", "):
        return None
    return Joined(f"{first[1]}, {then[1]}: {then[2]}")


def page_starts(lines: list[str], page: int) -> list[int]:
    """Where each page of `lines` starts, at most `page` lines a page: after a blank line, or
    before a line set further out than the one above it (a table's next row, the next bullet),
    when one lies in the page's second half, so that a wrapped entry is not cut between pages."""
    def indent(line: str) -> int:
        return len(line) - len(line.lstrip())

    starts = [0]
    while len(lines) - starts[-1] > page:
        start = starts[-1]
        cut = next((k for k in range(start + page, start + page // 2, -1)
                    if not lines[k - 1].strip() or (lines[k].strip() and indent(lines[k]) < indent(lines[k - 1]))),
                   start + page)
        starts.append(cut)
    return starts


class Screen:
    """The screens of a PlaySession (cli/play/session.py), drawn from its state, events and
    picture; sets its count of events left out (`hidden`) for the prompt."""

    def show_screen(self, events: bool = True, every: bool = False, whole: bool = False) -> str | None:
        """The events since the human's last move (unless not `events`), the table, then the
        legal moves right above the prompt. On a terminal the table and the prompt come
        first, then the moves, shortened when the summary would keep fewer than SUMMARY_ROWS
        rows (_fitted): the rule and the events get the rows left free, those that concern the
        player kept first (`events` shows them all), so nothing the player needs scrolls out
        of view. With `every`, no event is left out: those that do not fit are
        paged first (show_events); so too, when the session `follows` the player, after their
        first move, when the summary would leave out a line that concerns them: one that came
        since their last input (the result of their own move), or any after another seat's
        move, a roll or draw (`rolled`) or a move played for them; not the lines carried from
        before alone in the middle of their own move, which they chose not to page, nor on the
        screen after an undo, whose lines they saw before taking their move back. With `whole`,
        the table leaves nothing out (render_view). Returns what was typed at that pager, for
        the move prompt (None if nothing was)."""
        state, console = self.state, self.console
        undone, self.undone = self.undone, False
        if self.picture:                 # also after an undo
            self.picture.update(state)
        board = render_view(state, self.human, whole)
        moves = None if state.is_terminal() else self.moves()
        free = None
        if console.is_terminal:
            free = console.size.height - self._prompt_rows(events) - self._height(board)
            if moves is not None:
                moves = self._fitted(moves, free - self._summary_rows(events))
                free -= self._height(moves)
        if every and events and self.events and free is not None and self._events_height() > free - 2:
            return self.show_events()    # the rule and the heading take two rows
        summary = None
        if events:          # else the events left out stay unseen: the prompt still counts them
            self.hidden = len(self.events)
        if self.events and events:
            self.unseen = self._concerning(self.events)       # unless the summary shows them
            if free is None or free >= 3:
                summary = self._recent_events(None if free is None else free - 2,
                                              None if every else MAX_EVENTS_SHOWN)
            if (self.unseen and free is not None and self.follow and self.human_moved and not every
                    and not undone and (self.others or self.rolled or self.played_for or self._news_unseen())):
                return self.show_events(blind=True)
        if free is None or free >= 1:
            console.print(Rule(Text(f"{match_title(state.game, self.bot_specs)} - {self._title()}")))
        above = summary
        if summary is None and self.events and events and free == 2:
            above = Text(f"{counted(len(self.events), 'event')} {self._since()}: type `events`", style="dim")
        if above is not None:
            console.print(above)
        self.rows_left = None if free is None else max(0, free - 1 - (0 if above is None else self._height(above)))
        console.print(board)
        if moves is not None:
            console.print(moves)
        return None

    def _news_unseen(self) -> bool:
        """Whether a line the summary leaves out that concerns the player came since their last
        input, not carried from before it."""
        news = set(self.events[self.carried:])
        return any(line in news for line in self.unseen)

    def _followed(self, typed: str | None) -> str | None:
        """What was typed at the pager that opened by itself, kept for the move prompt only when
        it is a command: a move typed there was typed before the moves were on screen, and is
        dropped, which the prompt says."""
        if typed and typed.split()[0].lower() not in COMMAND_WORDS:
            self.dropped = TYPED_AT_EVENTS_NOTE
            return None
        return typed

    def _title(self) -> str:
        """What the rule above the events names: the player's own move, counted from 1
        ("your 1st move"), a move being a run of the player's decisions with no other seat's
        between them (chance moves do not break it): a Garden card with its aim and angle is one
        move. Not the record's move number, which counts the deal and the other seats' moves."""
        if self.state.is_terminal():
            return "game over"
        return f"your {ordinal(self._move_count())} move"

    def _move_count(self) -> int:
        """The runs of the player's decisions in the record that hold a choice of theirs (a run
        of moves only played for them is not a move they made), the decision now asked counted
        too: a new run, or part of the run it continues."""
        runs, within = self._runs()
        return runs + (not within)

    def _runs(self) -> tuple[int, bool]:
        """How many runs of the player's decisions in the record hold a choice of theirs, and
        whether the decision now asked continues the last of them (the player is in the
        middle of a move: a Garden card chosen, its aim next)."""
        chosen = set(self.choices)
        runs, running, counted = 0, False, False
        for index, seat in enumerate(self.movers):
            if seat == self.human:
                counted = counted and running
                running = True
                if index in chosen and not counted:
                    runs, counted = runs + 1, True
            elif seat >= 0:                 # another seat's decision ends the player's run
                running = False
        return runs, running and counted

    def _prompt_rows(self, events: bool) -> int:
        """The rows the prompt below the screen takes, the cursor after it included, its count
        of the events left out taken as all of them when `events` are shown (how many are is
        known only once they are laid out), else those left out before; after the last screen,
        the outcome printed below it and the line saying where the game is saved, so the end's
        events stay in view (the pause before it, when it is shown apart: result_apart)."""
        if self.state.is_terminal():
            return 2 if self.result_apart() else self._result_height() + 2
        return self._height(self._prompt(len(self.events) if events else self.hidden) + " ")

    def _result_height(self) -> int:
        return self._height(outcome_view(game_outcome(self.state, self.human), self.human))

    def result_apart(self) -> bool:
        """Whether the outcome is shown after the last screen, at Enter, rather than below it: on
        a terminal too small for the table, the outcome and the save line together (Garden at
        80×24), where the outcome would push the table's top and the title away."""
        board = render_view(self.state, self.human)
        return (self.console.is_terminal and self.state.is_terminal()
                and self._height(board) + self._result_height() + 4 > self.console.size.height)

    def moves(self) -> Group:
        """Whose turn it is, why the moves are the ones they are (decision_note) and the menu."""
        return Group(*self._moves_heading(), self.menu())

    def _moves_heading(self, brief: int = 0, left: int = 0) -> list[Text]:
        """The line naming the player's move and the game's note on the choice. Shorter, for a
        crowded screen: `brief` 1, the note cut to its first row ('…'); 2, no note, and the
        count of the moves `left` out said on the line itself. `moves` tells them whole."""
        note = decision_note(self.state, self.human)
        if brief < 2:
            return [Text(f"Your move, {side_name(self.state, self.human)}. Legal moves:", style="bold"),
                    *([Text(note, style="italic", no_wrap=bool(brief), overflow="ellipsis" if brief else None)]
                      if note else [])]
        told = [counted(left, "more move")] * bool(left) + ["the note on them" if left else "the note on the moves"] * bool(note)
        told_note = f" ({' and '.join(told)}: type `moves`)" if told else ""
        return [Text(f"Your move, {side_name(self.state, self.human)}{told_note}. Legal moves:", style="bold")]

    def _summary_rows(self, events: bool) -> int:
        """The rows kept above the table before the menu may take them: the rule, and with
        `events` the summary's heading and up to SUMMARY_ROWS rows of it."""
        if not (events and self.events):
            return 1
        rows = 0
        for text in self._event_texts(brief=True)[2]:
            rows += self._height(self._bullet(text))
            if rows >= SUMMARY_ROWS:
                return 2 + SUMMARY_ROWS
        return 2 + rows

    def _fitted(self, moves: Group, room: int):
        """`moves` when they fit in `room` rows; else the heading, the moves that fit (one row
        of them at least), each with its number in the whole menu, and how many more the
        command `moves` lists, when that is shorter: the table's top and the summary keep
        their rows, the menu gives them up first. The moves kept are those the game's view
        says a player needs first (_kept_first), else the first ones, shown in menu order. When
        every move fits in the rows with the row the note would take, all are shown, closer
        together than the view's columns; a single move is never left out: that row shows it
        (else two are left out). When even a row of moves does not fit under the game's note on
        the choice, the note keeps its first row, else it and the count of the rest go to
        `moves`, said on the heading's line (_moves_heading): the events keep their rows; but
        the note of moves that are bare answers (BARE_ANSWERS) keeps its first row, the question
        they answer (a player at 80x24 answered "use Carreño now?" unseen). When the moves kept
        still take more rows than are left (a long move wraps), the note gives way the same way
        before the events do."""
        if self._height(moves) <= room:
            return moves
        parts = menu_parts(self.menu(), self.console) or [
            (n, None, self.state.action_to_string(a)) for n, a in enumerate(menu_actions(self.state, self.human), 1)]
        notes = [part for part in parts if isinstance(part, Text)]
        shown = [part for part in parts if isinstance(part, tuple)]
        place = {entry[0]: i for i, entry in enumerate(shown)}     # a view may group out of number order
        entries = self._kept_first(shown)
        def kept(k: int) -> Flow:
            return Flow(_runs(sorted(entries[:k], key=lambda entry: place[entry[0]])))

        # the shortest heading needed to leave room for the first move kept (a long one takes two
        # rows) and the note of the rest, which the shortest heading says itself: the summary
        # keeps its rows, and the menu is never a heading with no move under it
        first = self._height(kept(1))
        # a question answered by bare words ("no", "yes") is in its note: its first row stays
        bare = all(item in BARE_ANSWERS for _, _, item in shown)
        brief = next((level for level in (0, 1)
                      if self._height(Group(*self._moves_heading(level), *notes)) + first + 1 <= room), 1 if bare else 2)
        fixed = self._height(Group(*self._moves_heading(brief), *notes)) + (brief < 2)
        rows = max(first, room - fixed)

        low, high = 0, len(entries)          # the most entries whose flow takes `rows` rows
        while low < high:
            mid = (low + high + 1) // 2
            if self._height(kept(mid)) <= rows:
                low = mid
            else:
                high = mid - 1
        if brief < 2 and self._height(kept(len(entries))) <= rows + 1:    # all, in the row the note would take
            low = len(entries)
        elif brief < 2 and len(entries) - low == 1:  # its note would take the row the move needs: show it, else leave out two
            low = len(entries) if low < 2 else low - 1
        left = len(entries) - low
        short = self._shortened(brief, left, notes, kept(low))
        if brief == 0 and self._height(short) > room:   # the moves kept wrap: the note gives way first
            short = self._shortened(1 if bare else 2, left, notes, kept(low))
        return short if self._height(short) < self._height(moves) else moves

    def _shortened(self, brief: int, left: int, notes: list[Text], kept: Flow) -> Group:
        """The heading at `brief` (_moves_heading), the view's notes, the moves kept and, when
        `left` are left out and the heading does not say so, how many `moves` lists."""
        more = [Text(f"{counted(left, 'more move')}: type `moves`" + (" (and the whole note)" if brief else ""),
                     style="dim")] if left and brief < 2 else []
        return Group(*self._moves_heading(brief, left), *notes, kept, *more)

    def _kept_first(self, entries: list[tuple[int, str | None, str]]) -> list[tuple[int, str | None, str]]:
        """The menu's entries in the order a shortened menu keeps them: the game's view may rank
        the moves a player needs most first (menu_first(observation, seat): the menu's numbers,
        first kept first; those it leaves out follow in menu order)."""
        first = getattr(view_module(self.state.game.name), "menu_first", None)
        order = first(self.state.observation(self.human), self.human) if first else None
        if not order:
            return entries
        rank = {n: i for i, n in enumerate(order)}
        return sorted(entries, key=lambda entry: (rank.get(entry[0], len(rank)), entry[0]))

    def menu(self):
        """The legal moves, numbered, as the game's view lays them out, else in columns (in the
        order the view numbers them: menu_actions)."""
        texts = [self.state.action_to_string(a) for a in self.state.legal_actions()]
        return view_moves(self.state, self.human, texts) or Columns(
            [Text(f"{i:>2}. ", style="cyan") + Text(self.state.action_to_string(a))
             for i, a in enumerate(menu_actions(self.state, self.human), 1)], padding=(0, 3))

    def _height(self, renderable) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def _events_height(self) -> int:
        """The rows every event since the last move takes, each run of one line told once."""
        return sum(self._height(self._bullet(text)) for text in self._event_texts(brief=True)[2])

    def _recent_events(self, rows: int | None, most: int | None = MAX_EVENTS_SHOWN) -> Group:
        """The heading and the events, in the order they happened, that fit in `rows` rows below
        the heading (no limit: None) with the note of how many are left out, at most `most`
        (no limit: None). When not all fit, every line that changes a score (SCORE) is kept
        first, alone, then what concerns the player (_ranking), the outcomes a game keeps first
        (_headline_ranks) alone,
        each line with those it needs to be understood (_ties) or, when they do not fit, with
        fewer (_shorter: a consequence with its cause, an outcome alone); a line shown after
        some left out is marked …, and when later events are left out the note says so below the last
        line shown, which is then not the latest. With a single row, a line is shown only when
        no later one is left out or it is kept first (_headline_ranks: an outcome that reads alone,
        the sudden-death roll), marked … when some are left out, else the note. `events` lists them all. The same line told
        several times in a row ("P4: chooses in secret") is one line with its count. When a
        line that scored is left out, a line says which scores moved (_jumps_line), if two rows
        of events remain besides. Sets self.hidden (in events, not lines)."""
        lines, times, texts = self._event_texts(brief=True)
        heights = [self._height(self._bullet(t)) if rows is not None else 1 for t in texts]
        room = len(texts) if rows is None else rows
        noted = rows is not None and sum(heights) > rows and rows > 1   # with one row, an event
        # rather than the note; with two, the note on the heading's row when it fits (_told)
        # rather than under a single row of events
        told = noted and rows == 2
        if noted and not told:
            room -= 1                                # the note of what is left out
        needs = self._ties(lines)
        shorter = self._shorter(lines)
        ranked = sorted(range(len(texts)), key=self._ranking(lines))
        first = self._headline_ranks(lines)
        # the scores on the table add up from the lines shown before any line brings its cause
        scoring = [[{i}] for i in ranked if first[i] is not None] if self._scores_first() else []

        def chosen(room: int) -> set[int]:
            kept: set[int] = set()
            used = 0
            for options in scoring + [[{i}] * (first[i] is not None) + [needs[i], *shorter[i]] for i in ranked]:
                for need in (part - kept for part in options):
                    cost = sum(heights[j] for j in need)
                    if need and (most is None or len(kept) + len(need) <= most) and used + cost <= room:
                        kept |= need
                        used += cost
                        break
            return kept

        kept = chosen(room)
        if told:
            heading = self._told(kept, times)
            if self._height(heading) > 1:             # the note on a row of its own after all
                told, room = False, room - 1
                kept = chosen(room)
        # a score that moved in a line left out: the scores moved told apart, with two rows of
        # events besides, so that the table's scores do not change unexplained
        jumps = self._jumps_line() if any(SCORE.search(lines[i]) for i in range(len(lines)) if i not in kept) else None
        if jumps is not None and rows is not None:
            cost = self._height(jumps)
            jumps, kept = (jumps, chosen(room - cost)) if room - cost >= 2 else (None, kept)
        shown = sorted(kept)
        later = sum(times[max(shown, default=-1) + 1:])     # left out after the last line shown
        if rows == 1 and later and all(first[i] is None for i in shown):
            shown = []      # the note alone: an older line would read as the latest, unless kept first
        self.hidden = sum(n for i, n in enumerate(times) if i not in shown)
        self.unseen = self._concerning(lines, times, set(shown))
        jumps = [jumps] if jumps is not None and self.hidden else []
        if told and self.hidden:
            return Group(self._told(set(shown), times), *self._marked(shown, texts, lead=True), *jumps)
        heading = Text(self._heading() + ":", style="bold")
        if not self.hidden or not (rows is None or noted or not shown):
            return Group(heading, *self._marked(shown, texts, lead=rows == 1), *jumps)
        note = Text(f"    ... {counted(self.hidden, 'other event')} not shown"
                    + (f", {'all' if later == self.hidden else f'{later} of them'} after the lines above: `events`"
                       if later and shown else ": `events` lists them all"), style="dim")
        if later and shown:                 # below the last line shown, which is not the latest
            return Group(heading, *self._marked(shown, texts, lead=True), note, *jumps)
        return Group(heading, note, *self._marked(shown, texts, lead=False), *jumps)

    def _told(self, shown: set[int], times: list[int]) -> Text:
        """The heading with the note of the events left out besides the lines `shown` (indices),
        for a summary of two rows: "Since your last move (59 other events not shown, 32 after
        these: `events`):"."""
        hidden = sum(n for i, n in enumerate(times) if i not in shown)
        later = sum(times[max(shown, default=-1) + 1:])
        after = f", {'all' if later == hidden else later} after these" if later and shown else ""
        since = self._since()
        return Text(f"{since[0].upper()}{since[1:]} ({counted(hidden, 'other event')} not shown{after}: `events`):",
                    style="bold")

    def _scoreboard(self, state=None) -> dict[str, int] | None:
        """What the table counts as the player sees it (of `state`, else the game's now): the
        game's scoreboard(observation, seat) in its headlines module, if it has one."""
        board = self._headlines("scoreboard")
        state = state or self.state
        return board(state.observation(self.human), self.human) if board else None

    def _jumps_line(self) -> Padding | None:
        """The line of the scores that moved since the player's last move ("scores: P4 +4, Gov
        +5"), which a crowded summary keeps when it leaves out a line that scored. None when
        none moved."""
        before, now = self.scores_then, self._scoreboard()
        if not before or not now:
            return None
        moved = [f"{name} {value - before[name]:+d}" for name, value in now.items()
                 if name in before and value != before[name]]
        return Padding(Text(f"scores: {', '.join(moved)} (`events` for how)", style="dim"),
                       (0, 0, 0, 4)) if moved else None

    def _concerning(self, lines: list[str], times: list[int] | None = None,
                    shown: set[int] = frozenset()) -> list[str]:
        """The lines not `shown` that concern the player, in order, each told `times` over:
        the moves done to them, and the outcomes of a story that concerns them (_stories: their
        own move's results, what befell them); not their own moves (they know what they chose),
        nor the last move before a roll, which need not be its cause ("P4: no reaction")."""
        whom, story, _ = self._stories(lines)
        return [line for i, line in enumerate(lines) if i not in shown
                and (whom[i] == TO_ME or (isinstance(line, (Chance, Consequence)) and story[i] <= TO_ME))
                for _ in range(times[i] if times else 1)]

    def _heading(self) -> str:
        """"Since your last move", or "Since your last choice" in the middle of one (the
        events start at the step before this one of the same move), saying when it starts
        with what concerned the player before that and was left off the screen (kept until
        seen: `events` or on the screen)."""
        since = self._since()
        since = since[0].upper() + since[1:]
        if self.carried and self.human_moved:
            return f"{since}, after {counted(self.carried, 'earlier line')} you had not seen"
        return since

    def _pager_heading(self, total: int) -> str:
        """What `events` lists: "Since your last move, 8 events", or with lines carried from
        before it, "8 events: 7 you had not seen from before your last move, then 1 since"."""
        since = self._since()
        if self.carried and self.human_moved:
            return (f"{counted(total, 'event')}: {self.carried} you had not seen from before your last "
                    f"{since.rsplit(' ', 1)[1]}, then {total - self.carried} since")
        return f"{since[0].upper()}{since[1:]}, {counted(total, 'event')}"

    def _since(self) -> str:
        """Since when the events are: "since your last move", "since your last choice" in the
        middle of one, or "so far" before the player's first."""
        if not self.human_moved:
            return "so far"
        return f"since your last {'choice' if self._runs()[1] else 'move'}"

    def _marked(self, shown: list[int], texts: list[str], lead: bool):
        """The bullets of the lines `shown` (indices in `texts`, in order), a line that follows
        some left out marked … instead of -; the first line too when `lead` (no note above it
        says that earlier events are left out)."""
        for k, i in enumerate(shown):
            gap = i > shown[k - 1] + 1 if k else (lead and i > 0)
            yield self._bullet(texts[i], "…" if gap else "-")

    def show_events(self, blind: bool = False) -> str | None:
        """Every event since the human's last move, in the order they happened; on a terminal a
        screen at a time, each page waiting for Enter (`q` stops), then the table and the moves
        again, without the events. Returns anything else typed at the pager, which stops it,
        for the move prompt to take (None if nothing was); when `blind` (the pager opened by
        itself, before the moves were on screen), only a command (_followed)."""
        console = self.console
        if not self.events:
            console.print(Text("Nothing has happened since your last move.", style="dim"))
            return None
        lines, times, texts = self._event_texts()
        bullets = [self._bullet(self._briefly(text) if blind else text) for text in texts]
        page = console.size.height - 1 if console.is_terminal else None    # the pager's prompt row
        console.print(Text(self._pager_heading(sum(times)) + ":", style="bold"))
        used, typed, seen = 1, None, len(bullets)
        for i, bullet in enumerate(bullets):
            height = self._height(bullet) if page else 0
            if page and used + height > page:
                typed = self._more(len(bullets) - i)
                if typed != "":
                    seen = i
                    break
                used = 0
            console.print(bullet)
            used += height
        else:
            if page:             # the table would scroll the last page away at once
                typed = self._more(0)
        # stopped early (q, or a move typed), the lines not paged stay unseen: counted, and kept
        # past the next move when they concern the player
        self.hidden = sum(times[seen:])
        self.unseen = self._concerning(lines, times, set(range(seen)))
        if blind:
            typed = self._followed(typed)
        self.show_screen(events=False)
        return typed or None

    def paged(self, show, below: bool = False) -> str | None:
        """What show(console) prints; on a terminal, when it is taller than the screen (`below`:
        than the rows the screen left free under the prompt, so that the title and the table
        stay in view), a screen at a time as `events` pages (Enter for more, q for the board),
        then the table and the moves again. Returns anything else typed at the pager, for the
        move prompt to take."""
        console = self.console
        page = console.size.height - 1 if console.is_terminal else None    # the pager's prompt row
        if page is None:
            show(console)
            return None
        with console.capture() as captured:
            show(console)
        lines = captured.get().splitlines()
        room = min(page, self._room_below()) if below else page
        if len(lines) <= room:
            console.file.write("\n".join(lines) + "\n")
            self.rows_left = max(0, (self.rows_left or 0) - len(lines))
            return None
        typed = None
        starts = page_starts(lines, page)
        for start, end in zip(starts, starts[1:] + [len(lines)]):
            if start:
                typed = self._more(len(lines) - start)
                if typed != "":
                    break
            console.file.write("\n".join(lines[start:end]) + "\n")
        else:
            typed = self._more(0)
        self.show_screen(events=False)
        return typed or None

    def _room_below(self) -> int:
        """The rows free below the prompt of the last screen, less the prompt asked again after
        what is printed there (unknown: none)."""
        return 0 if self.rows_left is None else self.rows_left - self._prompt_rows(False)

    def _more(self, left: int) -> str | None:
        """The pager's prompt, with the lines `left` to show (a line told again and again is one,
        with its count): "" to show the next page (Enter), None to stop (q, or the input
        closed), else the line typed, which stops it too."""
        text = (f"-- {counted(left, 'more line')}: Enter for more, q for the board -- " if left
                else "-- Enter for the board -- ")
        try:
            answer = self.console.input(Text(text, style="dim")).strip()
        except EOFError:
            return None
        return None if answer.lower() == "q" else answer

    def _event_texts(self, brief: bool = False) -> tuple[list[str], list[int], list[str]]:
        """The events since the last move with each run of one line kept once (_repeats),
        the length of each run, and each as shown ("P4: chooses in secret  (×3)"); when
        `brief` (the main screen), a move played for the player with the short note only, not
        the game's reason, which `events` gives."""
        lines, times = self._repeats(self.events)
        if brief:
            lines, times = self._setup_folded(lines, times)
        return lines, times, [(self._brief(line) if brief else line)
                              + (f"  (×{n})" if n > 1 and not isinstance(line, Joined) else "")
                              for line, n in zip(lines, times)]

    def _setup_folded(self, lines: list[str], times: list[int]) -> tuple[list[str], list[int]]:
        """Before the player's first move, the chance lines that open the game (a deal) as the one
        line the game's setup(lines) makes of them, told once ("Set-up: ... you drew ..."), so that
        the set-up is read together on the first screen, not a line at a time with the first
        choices; `events` lists them one by one."""
        setup = self._headlines("setup")
        run = next((i for i, line in enumerate(lines) if not isinstance(line, Chance)), len(lines))
        if self.human_moved or setup is None or run < 2:
            return lines, times
        told = setup([line for line, n in zip(lines[:run], times) for _ in range(n)])
        return ([Chance(told), *lines[run:]], [1, *times[run:]]) if told else (lines, times)

    def _brief(self, line: str) -> str:
        """A move played for the player with FORCED_NOTE alone (session.py adds the reason); any
        other _briefly."""
        at = line.find(FORCED_NOTE[:-1])
        return self._briefly(line) if at < 0 else line[:at] + FORCED_NOTE

    def _briefly(self, line: str) -> str:
        """The line as the game's BRIEFLY (pattern, replacement) pairs shorten it (a bot's reason
        on the main screen and the pager opened by itself; `events` keeps it whole)."""
        for pattern, short in self._headlines("BRIEFLY", ()):
            line = pattern.sub(short, line)
        return line

    @staticmethod
    def _repeats(events: list[str]) -> tuple[list[str], list[int]]:
        """The events with each run of one line told again and again kept once, and of moves
        that other seats made in the same words one after another ("P2: no reaction", "P4: no
        reaction") told once (Joined: "P2, P4: no reaction"); and the events each line tells."""
        runs: list[list] = []                   # [line, times], each run of one line once
        for line in events:
            if runs and runs[-1][0] == line:
                runs[-1][1] += 1
            else:
                runs.append([line, 1])
        lines: list[str] = []
        times: list[int] = []
        for line, n in runs:                    # a repeated line is never joined: its count says it
            if n == 1 and lines and (joined := _joined(lines[-1], line, times[-1])):
                lines[-1] = joined
                times[-1] += 1
            else:
                lines.append(line)
                times.append(n)
        return lines, times

    def _ties(self, lines: list[str]) -> list[set[int]]:
        """For each line, the lines kept with it, itself included, so that what is shown reads
        whole and in order:
        - a move and the Consequences that follow it, which say what it changed (the player's
          own move not: they know what they chose, and its Consequences say what did it);
        - a move done to the player and its result (_results: an attack on your group and the
          totals of its battle, a leader targeted and the roll that says whether he survives);
        - an outcome that names the player and what the moves it calls for changed, when that
          names the player too: the next Consequences, with only moves between (a battle's
          totals and the losses met after it, with your points);
        - a roll followed at once by another chance line, its outcome ("P3's attack d10: 8"
          with the totals that follow; that outcome reads without the roll)."""
        every_seat = self._every_seat()
        whom = [self._concern(line, every_seat) for line in lines]
        outcome = [isinstance(line, (Chance, Consequence)) for line in lines]
        unit = list(range(len(lines)))      # union-find: each line's representative

        def find(i: int) -> int:
            while unit[i] != i:
                i = unit[i]
            return i

        def join(i: int, j: int) -> None:
            unit[find(i)] = find(j)

        cause = None
        for i, line in enumerate(lines):
            if not isinstance(line, Consequence):
                cause = i
            elif cause is not None and whom[cause] == MINE and not outcome[cause]:
                cause = i               # the player knows their own choice: its results alone
            elif cause is not None:
                join(i, cause)
        names_me = {find(i) for i in range(len(lines)) if whom[i] <= TO_ME}
        for i in range(len(lines)):
            if whom[i] == TO_ME and not outcome[i]:
                for j in self._results(lines, whom, i):
                    join(i, j)
            elif isinstance(lines[i], Chance) and whom[i] <= TO_ME:
                after = next((j for j in range(i + 1, len(lines)) if outcome[j]), None)
                if (after is not None and isinstance(lines[after], Consequence)
                        and find(after) in names_me and after > i + 1):
                    join(i, after)
        members: dict[int, set[int]] = {}
        for i in range(len(lines)):
            members.setdefault(find(i), set()).add(i)
        needs = [members[find(i)] for i in range(len(lines))]
        for i in reversed(range(len(lines) - 1)):
            if isinstance(lines[i], Chance) and isinstance(lines[i + 1], Chance):
                needs[i] = needs[i] | needs[i + 1]
        return needs

    def _shorter(self, lines: list[str]) -> list[list[set[int]]]:
        """For each line, the smaller sets it may be shown with, in order, when the lines _ties
        keeps with it do not all fit: a Consequence with the roll or draw it follows from
        ("Blue's Snailper lands on mushroom 1's hat" and "Blue Snailper's line catches ant 2:
        Blue +1 VP"), rather than a filler move that fits (one that follows from a decision
        names what did it: "Blue Snailper's line catches your Spiderchute", not "Blue: turned
        292.5°", and "you centre your explosion card 5/16 along your Scrabblezooka's line" is the
        player's own choice); then the
        outcome alone, which says what befell
        the player, what they won (a battle's totals against you) or what another won ("Mushroom
        1: Blue has the most face-up insects on its hat (+1 VP while it lasts)") on its own, where
        the move that caused it alone would not: no filler move is kept while an outcome that
        fits is left out. A roll whose outcome follows is never alone (its outcome says it)."""
        sets: list[list[set[int]]] = []
        cause = None
        for i, line in enumerate(lines):
            if not isinstance(line, Consequence):
                cause = i
            parts = []
            if isinstance(line, Consequence) and cause is not None and isinstance(lines[cause], Chance):
                parts.append({cause, i})           # a decision's Consequence says it alone
            roll = isinstance(line, Chance) and i + 1 < len(lines) and isinstance(lines[i + 1], Chance)
            if isinstance(line, (Chance, Consequence)) and not roll:
                parts.append({i})
            sets.append(parts)
        return sets

    @staticmethod
    def _results(lines: list[str], whom: list[int], move: int) -> list[int]:
        """The result of the move done to the player at index `move` ("P4: try to kill Teniente Ríos
        of your g1"): the first roll after it told as its actor's ("P4's Policia d10: 2 ...: the
        leader survives") with the chance lines right after it (the totals of a battle), and
        the first outcome that names the player; none after another move done to the player."""
        actor = re.match(r"(P\d+): ", lines[move])
        roll = naming = None
        for j in range(move + 1, len(lines)):
            line = lines[j]
            if not isinstance(line, (Chance, Consequence)):
                if whom[j] == TO_ME:
                    break
                continue
            if roll is None and actor and isinstance(line, Chance) and line.startswith(f"{actor[1]}'s "):
                roll = j
            if naming is None and whom[j] <= TO_ME:
                naming = j
            if roll is not None and naming is not None:
                break
        found = [] if naming is None else [naming]
        while roll is not None and roll < len(lines) and isinstance(lines[roll], Chance):
            found.append(roll)
            roll += 1
        return found

    def _ranking(self, lines: list[str]):
        """The order in which the lines are kept, the newest first at each rank:
        - outcomes that change a score (SCORE), whoever's: what the scores on the table say
          (unless the game ranks its own outcomes first: _headline_ranks, _scores_first);
        - outcomes (chance lines, Consequences) that concern the player, a Consequence also
          when another line of its move's or that move does (your attack's eliminations come
          with your points): theirs first, then those done to them; a roll, or a throw that
          is no headline, whose outcome follows last, since that outcome says it ("Red Chemic
          catches nothing" before where it landed);
        - the moves done to the player (core/narration.py concern());
        - the other outcomes, then the other moves;
        - the player's own moves: they know what they chose; last the moves played for them,
          but with the moves done to the player those played for them in their own turn
          (_own_turn: Garden's throw style, the last card of a hand).
        At each rank, the outcomes the game keeps first (_headline_ranks: what changed on Guerilla's
        table) first, in its order, and the lines it calls filler (_filler: a card laid in a
        trade) last.
        A move's Consequences keep the view's order: the first says what the move did."""
        whom, story, move = self._stories(lines)
        own_turn = self._own_turn(lines, whom)
        first, scores_first = self._headline_ranks(lines), self._scores_first()

        def rank(i: int) -> tuple:
            line = lines[i]
            outcome = isinstance(line, (Chance, Consequence))
            roll = isinstance(line, Chance) and i + 1 < len(lines) and (
                isinstance(lines[i + 1], Chance) or (isinstance(lines[i + 1], Consequence) and first[i] is None))
            if outcome and story[i] <= TO_ME:
                level = 0
            elif whom[i] == TO_ME or i in own_turn:
                level = 1
            elif whom[i] == OTHERS:
                level = 2 if outcome or first[i] is not None else 3
            else:                                   # the player's own move, or one played for them
                level = 4 if whom[i] == MINE else 5
            ahead = scores_first and first[i] is not None
            return (not ahead, level, first[i] is None, first[i] or 0, self._filler(line), roll, whom[i],
                    -move[i], i)     # a move's Consequences in their order
        return rank

    def _stories(self, lines: list[str]) -> tuple[list[int], list[int], list[int]]:
        """Whom each line concerns (_concern); whom its story does: a move's outcomes (the rolls
        and Consequences that follow it) concern whom the closest line of the move and its
        outcomes does, so the dice of the player's own shooting and what they hit are the
        player's; and the move each outcome follows (itself for a move). The moves one seat
        made in a row before the outcomes are one story: Garden's "Red: aim at your Skorpio",
        then its throw, make what the Chemic catches the player's. Outcomes before the first
        move (a set-up, the player's own hand dealt) are each their own story."""
        every_seat = self._every_seat()
        whom = [self._concern(line, every_seat) for line in lines]
        story = list(whom)
        move = list(range(len(lines)))
        start = 0
        for i, line in enumerate(lines + [""]):
            if not isinstance(line, (Chance, Consequence)):
                # outcomes before any move (a deal, a set-up) are no one move's: each its own
                # (lines carried from before the player's move concern them, as one story)
                if i - start > 1 and (self.carried or not isinstance(lines[start], (Chance, Consequence))):
                    block = range(start + 1, i)
                    closest = min(min(whom[j] for j in block), *(whom[j] for j in self._same_mover(lines, start)))
                    for j in block:
                        story[j], move[j] = closest, start
                start = i
        return whom, story, move

    @staticmethod
    def _own_turn(lines: list[str], whom: list[int]) -> set[int]:
        """The moves played for the player with no other seat's move between them and a move
        the player chose (the decision asked now is one): part of the player's own turn."""
        move = [not isinstance(line, (Chance, Consequence)) for line in lines]
        other = [move[i] and whom[i] not in (MINE, FORCED) for i in range(len(lines))] + [False]
        chosen = [move[i] and whom[i] == MINE for i in range(len(lines))] + [True]  # the decision now
        found = set()
        for i in (i for i in range(len(lines)) if whom[i] == FORCED):
            before = next((j for j in reversed(range(i)) if other[j] or chosen[j]), None)
            after = next(j for j in range(i + 1, len(chosen)) if other[j] or chosen[j])
            if (before is not None and chosen[before]) or chosen[after]:
                found.add(i)
        return found

    @staticmethod
    def _same_mover(lines: list[str], start: int) -> list[int]:
        """The move at `start` and the moves just before it by the same mover ("Red: "), back
        to the last outcome or another mover's move."""
        mover = lines[start].partition(": ")[0] if ": " in lines[start] else None
        run = [start]
        while (mover and run[-1] > 0 and not isinstance(lines[run[-1] - 1], (Chance, Consequence))
               and lines[run[-1] - 1].partition(": ")[0] == mover):
            run.append(run[-1] - 1)
        return run

    @staticmethod
    def _concern(line: str, every_seat=None) -> int:
        """concern(), with the moves the session played for the player (a lone "no reaction")
        last: the player had no say in them; and the events matching `every_seat`, which the
        game says concern every seat (a Revolution), with what was done to the player."""
        if FORCED_NOTE[:-1] in line:
            return FORCED
        whom = concern(line)
        return TO_ME if whom == OTHERS and every_seat and every_seat.search(line) else whom

    def _every_seat(self):
        """The pattern of the events that concern every seat, whatever seats they name: the
        game's CONCERNS_EVERY_SEAT."""
        return self._headlines("CONCERNS_EVERY_SEAT")

    def _headline_ranks(self, lines: list[str]) -> list[int | None]:
        """For each line, its rank among the outcomes a crowded summary keeps first, each alone:
        the first of the game's KEPT_FIRST patterns it matches (what changed on Guerilla's
        table), by default SCORE's (a score changed); the first rank for a move that matches the
        game's MOVES_KEPT_FIRST, which changes the table without an outcome line (Guerilla's
        reinforcement of another seat's group); None for the other lines."""
        patterns = self._headlines("KEPT_FIRST", (SCORE,))
        moves = self._headlines("MOVES_KEPT_FIRST")
        return [next((n for n, pattern in enumerate(patterns) if pattern.search(line)), None)
                if isinstance(line, (Chance, Consequence)) else 0 if moves and moves.search(line) else None
                for line in lines]

    def _scores_first(self) -> bool:
        """Whether the lines kept first are the scores, whoever's, before what concerns the
        player (the scores on the table add up from the lines shown); a game's own KEPT_FIRST
        ranks its outcomes after those that concern the player."""
        return self._headlines("KEPT_FIRST") is None

    def _filler(self, line: str) -> bool:
        """Whether the game's KEPT_LAST pattern calls the line filler, which changes nothing on
        the table (a card laid in a trade, a card drawn unseen)."""
        filler = self._headlines("KEPT_LAST")
        return bool(filler and filler.search(line))

    def _headlines(self, name: str, default=None):
        """The game's `name` in the module `headlines` of its package, if it has one."""
        package = self.match.game.info.new_state.__module__.rpartition(".")[0]
        module = optional_module(f"{package}.headlines")
        return getattr(module, name, default)

    @staticmethod
    def _bullet(line: str, mark: str = "-") -> Table:
        bullet = Table.grid(padding=(0, 1))
        bullet.add_column(justify="right", min_width=3)
        bullet.add_column()
        bullet.add_row(mark, Text(line))
        return bullet


def _runs(entries: list[tuple[int, str | None, str]]) -> list[tuple[str | None, list[tuple[int, str]]]]:
    """Menu entries (number, label, text) as Flow's runs: those under one label together."""
    runs: list[tuple[str | None, list[tuple[int, str]]]] = []
    for n, label, item in entries:
        if runs and label is not None and runs[-1][0] == label:
            runs[-1][1].append((n, item))
        else:
            runs.append((label, [(n, item)]))
    return runs
