"""The move prompt of a played game: its text, the commands the player may type there, and
the move typed as a number or written out."""
from __future__ import annotations

import itertools
import re

from rich.columns import Columns
from rich.console import Group
from rich.table import Table
from rich.text import Text

from partisan.cli.console import confirmation, menu_actions, move_text, numbered, refusal, side_name
from partisan.cli.rules import show_reference, show_rules
from partisan.cli.views.fit import BySize, Flow
from partisan.core.errors import IllegalActionError
from partisan.core.narration import counted, listed
from partisan.core.record import Match

IN_GAME_COMMANDS = (
    ("NUMBER", "play the move with that number"),
    ("move text", "play the move written out as listed, an item with its heading or alone "
                  "(case and spacing do not matter)"),
    ("hint", "ask the adviser bot which move it would play, with its statistics"),
    ("undo", "take back your last move and the moves played since (again to go further)"),
    ("board", "show the table again, with nothing left out"),
    ("moves", "every legal move with its number, when the screen shows only the first"),
    ("events", "every event since your last move, a page at a time (also: Enter); "
               "on the screen … marks a line after some left out"),
    ("log [N]", "every event you have seen in the game (or the last N)"),
    ("rules [SECTION]", "the game's rules notes: an index, a section, or `rules all`"),
    ("cards", "the components, and what every symbol and abbreviation on the table means (also: legend)"),
    ("save [FILE]", "write the game record (default: the file --load or --save-to names)"),
    ("quit", "save and leave; `partisan play --load FILE` resumes"),
    ("help", "this list"),
)
# The words that start a command at the prompt (the entries after the two ways to type a move),
# with the other names they go by.
COMMAND_WORDS = frozenset(name.split()[0] for name, _ in IN_GAME_COMMANDS[2:]) | {"?", "legend", "exit"}
# Said above the prompt when keys typed while the bots played were dropped (session.py).
TYPED_AHEAD_NOTE = "(what you typed before this prompt was discarded: it was meant for an earlier decision)"
# Said above the prompt when a move typed at the pager of the events, before the moves were on
# screen, was not played (screen.py).
TYPED_AT_EVENTS_NOTE = "(what you typed at the events was not played: the moves were not on screen yet)"
HELP_TEXT = "Commands:\n" + "\n".join(f"  {name:<16} {text}" for name, text in IN_GAME_COMMANDS)


def help_table() -> Table:
    """The commands as `help` shows them: a description that wraps stays in its column."""
    table = Table.grid(padding=(0, 1))
    table.add_column(min_width=18, no_wrap=True)
    table.add_column()
    for name, text in IN_GAME_COMMANDS:
        table.add_row(f"  {name}", text)
    return table


def menu_entries(menu, console) -> list[tuple[int, str | None, str]]:
    """What a menu renderable (Screen.menu()) shows of each move: (number, the label of the run
    it stands in, or None, its text), read from the layouts the views use: columns of numbered
    texts, runs under a label (Flow), either by the room (BySize)."""
    return [part for part in menu_parts(menu, console) if isinstance(part, tuple)]


def menu_parts(menu, console) -> list[tuple[int, str | None, str] | Text]:
    """The entries of a menu renderable (see menu_entries()) and, in their places, the lines
    that are not a move ("1-64: aim at the point with that number on the table")."""
    if isinstance(menu, BySize):
        menu = (menu.full if menu.roomy(console, console.options) else menu.compact)()
    if isinstance(menu, Flow):
        return [(n, label, item) for label, items in menu.runs for n, item in items]
    if isinstance(menu, (Columns, Group)):
        parts = menu.renderables
        return [entry for part in parts for entry in menu_parts(part, console)]
    if hasattr(menu, "parts"):              # a view's own layout, as a note and numbered cells
        return [entry for part in menu.parts() for entry in menu_parts(part, console)]
    if not isinstance(menu, Text):
        return []
    shown = _NUMBERED.match(menu.plain)
    return [(int(shown["n"]), None, shown["item"])] if shown else [menu]


def _repeats_said(texts: list[str]) -> list[str]:
    """Moves quoted, a run of the same move once with how many times: "'no reaction' twice"."""
    runs = [(text, len(list(run))) for text, run in itertools.groupby(texts)]
    return [f"'{text}'" + {1: "", 2: " twice"}.get(times, f" {times} times") for text, times in runs]


_NUMBERED = re.compile(r"\s*(?P<n>\d+)\. (?P<item>.*)", re.DOTALL)
_MARK = re.compile(r"(?:^|\s)→\S*")      # the menu's marks of the phase a move goes on to ("→C")


_NOTE = re.compile(r"\s*\([^()]*\)\s*$")     # a note in parentheses closing a move's text
# Marks a view sets after an item (Garden's ^ on a hat, ! a risk): shown, never typed.
_ITEM_MARKS = re.compile(r"[^\w\s().]+$")


def _typed(text: str) -> str:
    """Text as typed and as shown compare without case, spacing or the phase marks."""
    return " ".join(_MARK.sub(" ", text).lower().split())


def _forms(label: str | None, item: str) -> set[str]:
    """The ways an entry may be typed: its text under its label, with or without the label's
    colon, or alone; each also without a note in parentheses at its end ("add Unit 2/3" for
    "add Unit 2/3 (the Barracks' card: the group must be Government)") or the marks after it
    ("Blue Ch" for "Blue Ch^!")."""
    texts = {item, _NOTE.sub("", item), _ITEM_MARKS.sub("", item)}
    forms = {_typed(text) for text in texts}
    if label:
        forms |= {_typed(f"{head} {text}") for head in (label, label.rstrip(":")) for text in texts}
    return forms


class PromptCommands:
    """What a PlaySession (cli/play/session.py) does with a line typed at its prompt."""

    def _prompt(self, hidden: int | None = None) -> Text:
        """The move prompt: that keys typed ahead were dropped (`dropped`), whose move it is,
        after which others when they moved since the player's last input (a new turn, not the
        decision typed for), in seat order from the player's (P2, P3 and P4 for P1, though the
        dealer moved first), the moves played for the player since then, and how to see the
        events the screen left out (`hidden` of them; default: those the last screen left out).
        When that line would take two rows, in fewer words (_short_prompt): a row it gave back
        keeps a line of events on a crowded screen (six seats at 80x24)."""
        hidden = self.hidden if hidden is None else hidden
        more = f"; {counted(hidden, 'more event')}: type `events`" if hidden else ""
        seats = self.match.game.players
        names = [side_name(self.state, seat) for seat in sorted(self.others, key=lambda q: (q - self.human) % seats)]
        after = f", after {listed(names)} moved" if names else ""
        line = f"Your move, {side_name(self.state, self.human)}{after} (number, text or help{more}) > "
        if len(line) >= self.console.size.width:
            line = self._short_prompt(names, hidden)
        dropped = Text(self.dropped + "\n" if self.dropped else "", style="yellow")
        return dropped + Text(f"{self._played_for()}{line}", style="bold")

    def _short_prompt(self, names: list[str], hidden: int) -> str:
        """The prompt's line in fewer words: every other seat named "the others", the ways to
        type a move left to `help` (the menu above numbers them), the events' command alone."""
        if len(names) == self.match.game.players - 1 > 1:
            names = ["the others"]
        after = f", after {listed(names)} moved" if names else ""
        more = f"; {counted(hidden, 'more event')}: `events`" if hidden else ""
        return f"Your move, {side_name(self.state, self.human)}{after} (or `help`{more}) > "

    def _played_for(self) -> str:
        """The line above the prompt naming the moves played for the player since their last
        input (their only legal moves), so that a number typed for the menu before is not taken
        for this one unawares: each named (one played again and again once, with how many
        times: "'walls (the only target)' twice") when the line fits the screen's width, else
        named without the notes closing them (`events` tells why), else counted,
        the last named (`events` tells them all), in fewer words, else (a single move) named as
        far as the row allows, cut with …, else only counted: a row of its own, which the screen
        above counts on; then, for a move the game says why it was the only one, that move and
        the reason ("Not offered: the Bridge of your g36 (...)")."""
        done = self.played_for
        if not done:
            return ""
        moves = counted(len(done), "move")
        bare = [_NOTE.sub("", text) for text in done]
        width = self.console.size.width
        told = " (`events` tells it all)."
        cut = ("Played for you: " + listed(_repeats_said(bare)))[:max(width - len(told) - 2, 0)].rstrip() + "…'" + told
        forms = ["Played for you: " + listed(_repeats_said(done)) + ".",
                 *(["Played for you: " + listed(_repeats_said(bare)) + " (`events` tells why)."] if bare != done else []),
                 f"Played for you: {moves}, the last '{done[-1]}' (`events` tells them all).",
                 f"Played for you: {moves}, the last '{done[-1]}'.",
                 *([cut] if len(set(bare)) == 1 and len(cut) - len(told) > 40 else []),   # one move, enough to know it
                 f"Played for you: {moves} (`events` tells {'them all' if len(done) > 1 else 'it'})."]
        why = "".join(f"'{_NOTE.sub('', move)}' was the only choice. {reason}\n" for move, reason in self.played_why)
        return next((form for form in forms if len(form) <= width), forms[-1]) + "\n" + why

    def handle(self, line: str) -> str:
        """One line of input: 'moved', 'undone', 'quit' or 'stay' (nothing changed). The prompt
        names the moves played for the player and the seats that moved only until this input:
        after `hint` they are not news."""
        self.played_for, self.played_why, self.others, self.rolled = [], [], [], False
        words = line.strip().split(maxsplit=1)
        if not words:                   # Enter: what the screen left out, if anything
            return self._typed_at_pager(self.show_events()) if self.hidden else "stay"
        command, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
        if command in ("help", "?") and not rest:
            self.console.print(Text("Commands:"), help_table())
            return "stay"
        if command == "hint" and not rest:
            return self._typed_at_pager(self.hint())
        if command == "board" and not rest:
            self.show_screen(events=False, whole=True)
            return "stay"
        if command == "moves" and not rest:
            return self._typed_at_pager(self.paged(lambda console: console.print(self.moves())))
        if command == "events" and not rest:
            return self._typed_at_pager(self.show_events())
        if command == "undo" and not rest:
            return self.undo()
        if command == "log" and (not rest or rest.strip().isdecimal()):
            self.show_log(int(rest) if rest.strip().isdecimal() and len(rest.strip()) < 7 else None)
            return "stay"
        if command in ("cards", "legend") and not rest:
            return self._typed_at_pager(self.paged(lambda console: show_reference(console, self.match.game)))
        if command == "rules":
            found = []
            typed = self.paged(lambda console: found.append(show_rules(console, self.match.game.info, rest)))
            if not found[0]:
                self.error(f"The rules notes have no section {rest.strip()!r}.")
            return self._typed_at_pager(typed)
        if command == "save":
            self.save(rest or None, announce=True)
            return "stay"
        if command in ("quit", "exit") and not rest:
            return self.quit()
        action = self.parse_move(line.strip())
        if action is None or not self._confirmed(action):
            return "stay"
        self.events, self.carried = list(self.unseen), len(self.unseen)   # not lost unseen
        self.unseen = []
        self.choices.append(len(self.match.actions))
        self.scores_then = self._scoreboard()
        self._apply(action)
        self.human_moved = True
        return "moved"

    def _confirmed(self, action: int) -> bool:
        """On a terminal, whether the player answers yes to the question the game asks before a
        move that gives something up (confirmation(): a turn ended with actions left), so that a
        key meant for another prompt does not play it; True when there is none to ask."""
        question = confirmation(self.state, self.human, action) if self.console.is_terminal else None
        if question is None:
            return True
        try:
            answer = self.console.input(Text(f"{question} (y/n) ", style="bold yellow")).strip().lower()
        except EOFError:
            answer = ""
        if answer in ("y", "yes"):
            return True
        self.console.print(Text("Not played: choose again.", style="dim"))
        return False

    def _typed_at_pager(self, line: str | None) -> str:
        """A line typed at the pager of `events` is taken as typed here."""
        return self.handle(line) if line else "stay"

    def undo(self) -> str:
        """Take back the human's last choice and every move after it: the record is cut there
        and replayed, so it stays a record of one consistent game. The bots and the dice draw
        from the game seed and the move number, so the same move again brings the same replies."""
        if not self.choices:
            self.error("Nothing to undo: you have not chosen a move yet.")
            return "stay"
        cut = self.choices[-1]
        taken = self.match.actions[cut:]
        self.match = Match(self.match.game, self.match.seed, self.match.actions[:cut], self.match.meta)
        self.recall()
        after = len(taken) - 1
        self.events.append(f"(undone: your {move_text(self.state, self.human, taken[0])}"
                           + (f" and the {after} move{'s' * (after > 1)} played after it)" if after else ")"))
        self.undone = True
        return "undone"

    def parse_move(self, text: str) -> int | None:
        legal = menu_actions(self.state, self.human)       # numbered as the menu shows them
        if text.isdecimal():     # the digits int() reads; isdigit() also takes ² and ①, which it does not
            number = int(text) if len(text) < 7 else 0
            if 1 <= number <= len(legal):
                return legal[number - 1]
            starts = self._starting_with(text, legal)
            if starts is not None:
                return starts
            self.error(f"There is no move {text}: choose 1 to {len(legal)}.")
            return None
        try:
            return self.state.string_to_action(text)
        except IllegalActionError:
            pass
        entries = menu_entries(self.menu(), self.console)
        listed = {n for n, _, _ in entries}     # a view's own layout may list none: the moves' texts
        entries += [(n, None, self.state.action_to_string(a)) for n, a in enumerate(legal, 1) if n not in listed]
        meant = [(n, label, item) for n, label, item in entries if _typed(text) in _forms(label, item)]
        if meant and (len({n for n, _, _ in meant}) == 1
                      or len({_typed(f"{label or ''} {item}") for _, label, item in meant}) == 1):
            return legal[meant[0][0] - 1]        # one move, or copies the menu cannot tell apart
        if meant:
            self.error(f"{text!r} could mean " + " or ".join(
                f"{n}. {label + ' ' if label else ''}{item}" for n, label, item in meant)
                + ": type its number.")
        else:
            why = refusal(self.state, self.human, text)
            self.error(f"{text!r} " + (f"cannot be played now: {why}." if why else "is not a legal move or a command.")
                       + f" Type a number 1 to {len(legal)}, a move as listed, or help.")
        return None

    def _starting_with(self, number: str, legal: list[int]) -> int | None:
        """The one move whose text as listed begins with `number`, a number beyond the menu's
        ("270" for Garden's "270°: catches nothing"), else None."""
        entries = menu_entries(self.menu(), self.console) or [
            (n, None, self.state.action_to_string(a)) for n, a in enumerate(legal, 1)]
        found = {n for n, label, item in entries
                 if re.match(rf"{number}(?!\d)", (label or item).strip())}
        return legal[found.pop() - 1] if len(found) == 1 else None

    def show_log(self, last: int | None) -> None:
        """Every event the human's seat has seen, numbered by move (or the last `last` lines)."""
        if not self.log:
            self.console.print(Text("Nothing has happened yet."))
            return
        rows = self.log[-last:] if last else self.log
        if not last:
            self.hidden = 0             # all seen now
        self.console.print(Text(f"Log, as {side_name(self.state, self.human)} saw it:", style="bold"))
        self.console.print(numbered(rows))

