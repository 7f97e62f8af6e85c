"""What fits on the screen of a played game: the events since the player's last move, the
table and the legal moves, with the events that concern the player kept first; and all those
events, a screen at a time (`events`)."""
from __future__ import annotations

from rich.columns import Columns
from rich.console import Group
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from partisan.cli.console import decision_note, optional_module, render_view, side_name, view_moves
from partisan.core.narration import MINE, OTHERS, TO_ME, concern, counted

MAX_EVENTS_SHOWN = 60     # after an elimination the bots may play on for a long time
FORCED_NOTE = "  (your only legal move: played for you)"
FORCED = OTHERS + 1       # a move played for the player says least: kept after all the rest


class Consequence(str):
    """An event line saying what the move told just before it changed (a card eliminated,
    points scored): kept on the screen with that move, which says why."""


class Chance(str):
    """The line of a chance move (a die rolled, a card drawn): an outcome, like a Consequence."""


class Screen:
    """The screens of a PlaySession (cli/play/session.py), drawn from its state, events and
    picture; sets its count of events left out (`hidden`) for the prompt."""

    def show_screen(self, events: bool = True, every: bool = False) -> None:
        """The events since the human's last move (unless not `events`), the table, then the
        legal moves right above the prompt. On a terminal the table, the moves and the prompt
        come first: the rule and the events get only the rows they leave free, those that
        concern the player kept first (`events` shows them all), so nothing the player needs
        scrolls out of view. With `every`, no event is left out: those that do not fit are
        paged first (show_events)."""
        state, console = self.state, self.console
        if self.picture:                 # also after an undo
            self.picture.update(state)
        board = render_view(state, self.human)
        moves = None
        if not state.is_terminal():
            note = decision_note(state, self.human)
            moves = Group(Text(f"Your turn, {side_name(state, self.human)}. Legal moves:", style="bold"),
                          *([Text(note, style="italic")] if note else []), self.menu())
        free = None
        if console.is_terminal:     # the prompt takes a row
            free = console.size.height - 1 - self._height(board) - (self._height(moves) if moves else 0)
        if every and events and self.events and free is not None and self._events_height() > free - 2:
            self.show_events()           # the rule and the heading take two rows
            return
        if free is None or free >= 1:
            console.print(Rule(Text(f"{state.game} - move {state.move_number}")))
        self.hidden = len(self.events) if events else 0
        if self.events and events:
            if free is None or free >= 3:
                console.print(self._recent_events(None if free is None else free - 2,
                                                  None if every else MAX_EVENTS_SHOWN))
            elif free == 2:
                console.print(Text(f"{counted(len(self.events), 'event')} since your last move: type `events`",
                                   style="dim"))
        console.print(board)
        if moves is not None:
            console.print(moves)

    def menu(self):
        """The legal moves, numbered, as the game's view lays them out, else in columns."""
        texts = [self.state.action_to_string(a) for a in self.state.legal_actions()]
        return view_moves(self.state, self.human, texts) or Columns(
            [Text(f"{i:>2}. ", style="cyan") + Text(t) for i, t in enumerate(texts, 1)], padding=(0, 3))

    def _height(self, renderable) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def _events_height(self) -> int:
        """The rows every event since the last move takes, each run of one line told once."""
        return sum(self._height(bullet) for bullet in self._event_bullets()[2])

    def _recent_events(self, rows: int | None, most: int | None = MAX_EVENTS_SHOWN) -> Group:
        """The heading and the events, in the order they happened, that fit in `rows` rows below
        the heading (no limit: None) with the note of how many are left out, at most `most`
        (no limit: None). When not all fit, what concerns the player is kept first (_ranking),
        each line with those it needs to be understood (_ties); `events` lists them all. The
        same line told several times in a row ("P4: chooses in secret") is one line with its
        count. Sets self.hidden (in events, not lines)."""
        lines, times, bullets = self._event_bullets()
        heights = [self._height(b) if rows is not None else 1 for b in bullets]
        room = len(bullets) if rows is None else rows
        noted = rows is not None and sum(heights) > rows and rows > 1   # with one row, an event
        if noted:                                                       # rather than the note
            room -= 1                                # the note of what is left out
        needs = self._ties(lines)
        kept: set[int] = set()
        used = 0
        for i in sorted(range(len(bullets)), key=self._ranking(lines)):
            need = needs[i] - kept
            cost = sum(heights[j] for j in need)
            if (most is None or len(kept) + len(need) <= most) and used + cost <= room:
                kept |= need
                used += cost
        self.hidden = sum(n for i, n in enumerate(times) if i not in kept)
        note = [Text(f"    ... {counted(self.hidden, 'other event')} not shown: `events` lists them all",
                     style="dim")]
        heading = Text("Since your last move:" if self.human_moved else "So far:", style="bold")
        show_note = self.hidden and (rows is None or noted or not kept)
        return Group(heading, *(note if show_note else ()), *(bullets[i] for i in sorted(kept)))

    def show_events(self) -> str | None:
        """Every event since the human's last move, in the order they happened; on a terminal a
        screen at a time, each page waiting for Enter (`q` stops), then the table and the moves
        again, without the events. Returns anything else typed at the pager, which stops it,
        for the move prompt to take (None if nothing was)."""
        console = self.console
        if not self.events:
            console.print(Text("Nothing has happened since your last move.", style="dim"))
            return None
        _, times, bullets = self._event_bullets()
        page = console.size.height - 1 if console.is_terminal else None    # the pager's prompt row
        heading = "Since your last move" if self.human_moved else "So far"
        console.print(Text(f"{heading}, {counted(sum(times), 'event')}:", style="bold"))
        used, typed = 1, None
        for i, bullet in enumerate(bullets):
            height = self._height(bullet) if page else 0
            if page and used + height > page:
                typed = self._more(len(bullets) - i)
                if typed != "":
                    break
                used = 0
            console.print(bullet)
            used += height
        else:
            if page:             # the table would scroll the last page away at once
                typed = self._more(0)
        self.hidden = 0
        self.show_screen(events=False)
        return typed or None

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

    def _event_bullets(self) -> tuple[list[str], list[int], list[Table]]:
        """The events since the last move with each run of one line kept once (_repeats),
        the length of each run, and each as its bullet ("P4: chooses in secret  (×3)")."""
        lines, times = self._repeats(self.events)
        bullets = [self._bullet(line + (f"  (×{n})" if n > 1 else "")) for line, n in zip(lines, times)]
        return lines, times, bullets

    @staticmethod
    def _repeats(events: list[str]) -> tuple[list[str], list[int]]:
        """The events with each run of one line told again and again kept once, and the
        length of each run."""
        lines: list[str] = []
        times: list[int] = []
        for line in events:
            if lines and lines[-1] == line:
                times[-1] += 1
            else:
                lines.append(line)
                times.append(1)
        return lines, times

    @staticmethod
    def _ties(lines: list[str]) -> list[set[int]]:
        """For each line, the lines kept with it, itself included: a Consequence comes with the
        move it follows, which says why; a roll followed at once by another chance line comes
        with it, its outcome ("P3's attack d10: 8" with the totals that follow)."""
        needs: list[set[int]] = []
        cause = None
        for i, line in enumerate(lines):
            consequence = isinstance(line, Consequence)
            needs.append({i} | (needs[cause] if consequence and cause is not None else set()))
            cause = cause if consequence else i
        for i in reversed(range(len(lines) - 1)):
            if isinstance(lines[i], Chance) and isinstance(lines[i + 1], Chance):
                needs[i] |= needs[i + 1]
        return needs

    def _ranking(self, lines: list[str]):
        """The order in which the lines are kept, the newest first at each rank:
        - outcomes (chance lines, Consequences) that concern the player, a Consequence also
          when another line of its move's or that move does (your attack's eliminations come
          with your points): theirs first, then those done to them; a roll whose outcome follows
          last, since that outcome says it;
        - the moves done to the player (core/narration.py concern());
        - the other outcomes, then the other moves;
        - the player's own moves: they know what they chose; last the moves played for them.
        A move's Consequences keep the view's order: the first says what the move did."""
        every_seat = self._every_seat()
        whom = [self._concern(line, every_seat) for line in lines]
        story = list(whom)             # a move's Consequences concern whom the closest of them does
        move = list(range(len(lines)))  # the move each Consequence follows
        start = 0
        for i, line in enumerate(lines + [""]):
            if not isinstance(line, Consequence):
                if i - start > 1:
                    block = range(start + 1, i)
                    closest = min(min(whom[j] for j in block), whom[start])
                    for j in block:
                        story[j], move[j] = closest, start
                start = i

        def rank(i: int) -> tuple:
            line = lines[i]
            outcome = isinstance(line, (Chance, Consequence))
            roll = isinstance(line, Chance) and i + 1 < len(lines) and isinstance(lines[i + 1], Chance)
            if outcome and story[i] <= TO_ME:
                level = 0
            elif whom[i] == TO_ME:
                level = 1
            elif whom[i] == OTHERS:
                level = 2 if outcome else 3
            else:                                   # the player's own move, or one played for them
                level = 4 if whom[i] == MINE else 5
            return level, roll, whom[i], -move[i], i     # a move's Consequences in their order
        return rank

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
        game's CONCERNS_EVERY_SEAT, in the module `headlines` of its package, if it has one."""
        package = self.match.game.info.new_state.__module__.rpartition(".")[0]
        module = optional_module(f"{package}.headlines")
        return getattr(module, "CONCERNS_EVERY_SEAT", None)

    @staticmethod
    def _bullet(line: str) -> Table:
        bullet = Table.grid(padding=(0, 1))
        bullet.add_column(justify="right", min_width=3)
        bullet.add_column()
        bullet.add_row("-", Text(line))
        return bullet
