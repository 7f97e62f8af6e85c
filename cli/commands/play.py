"""`partisan play`: one human seat against bots, with hints, saving and resuming."""
from __future__ import annotations

import random
from pathlib import Path

import click
from rich.columns import Columns
from rich.console import Group
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from partisan.ai.bots import ADVISER, DEFAULT_OPPONENT, parse_spec
from partisan.cli.console import (EXIT_INTERRUPTED, SEED, apply_narrated, build_bot, check_seat,
                                  data_flag, decision_note, discard_typed_ahead, game_name,
                                  game_outcome, get_console, numbered, option_flag, outcome_view,
                                  render_view, side_name, side_names, setup_game, split_bot_specs,
                                  view_moves)
from partisan.cli.rules import show_reference, show_rules
from partisan.cli.svg import picture, svg_flag
from partisan.core.errors import IllegalActionError, OptionError, RecordError
from partisan.core.narration import concern
from partisan.core.record import Match, load
from partisan.core.state import CHANCE

FORCED_NOTE = "  (your only legal move: played for you)"
MAX_EVENTS_SHOWN = 60     # after an elimination the bots may play on for a long time

IN_GAME_COMMANDS = (
    ("NUMBER", "play the move with that number"),
    ("move text", "play the move written out, as listed (case and spacing do not matter)"),
    ("hint", "ask the adviser bot which move it would play, with its statistics"),
    ("undo", "take back your last move and the moves played since (again to go further)"),
    ("board", "show the table again"),
    ("log [N]", "every event you have seen so far (or the last N)"),
    ("rules [SECTION]", "the game's rules notes: an index, a section, or `rules all`"),
    ("cards", "the components, and what every symbol and abbreviation on the table means (also: legend)"),
    ("save [FILE]", "write the game record (default: the file --load or --save-to names)"),
    ("quit", "save and leave; `partisan play --load FILE` resumes"),
    ("help", "this list"),
)
HELP_TEXT = "Commands:\n" + "\n".join(f"  {name:<16} {text}" for name, text in IN_GAME_COMMANDS)


class PlaySession:
    """The loop of one game: bots and chance move on their own, the human is asked."""

    def __init__(self, match: Match, human: int, bot_specs: dict[int, str], hint_spec: str,
                 save_path: Path, console, auto: bool = True):
        self.match, self.human, self.console = match, human, console
        self.bot_specs, self.hint_spec = bot_specs, hint_spec
        self.save_path, self.auto = save_path, auto
        for seat, spec in [*bot_specs.items(), (human, hint_spec)]:
            self._bot(spec, seat)                   # a bad spec fails now, not mid-game
        self.events: list[str] = []      # what the human's seat saw since its last move
        self.log: list[tuple[int | None, str]] = []     # all it saw: (move number or None, line)
        self.choices: list[int] = []     # indices in match.actions of the human's own choices
        self.human_moved = False
        self.hidden = 0                  # events of the last screen that did not fit on it
        self.picture = None              # cli/svg.py Picture for --svg, kept up to date
        match.meta.update(human_seat=human, bots={str(s): spec for s, spec in bot_specs.items()},
                          hint_bot=hint_spec)

    def recall(self) -> None:
        """Rebuild the log, the human's choices and what happened since its last move, by
        replaying the record (on resuming, and after an undo)."""
        self.events, self.log, self.choices, self.human_moved = [], [], [], False
        live = Match(self.match.game, self.match.seed)
        for index, action in enumerate(self.match.actions):
            note = ""
            if live.state.current_player() == self.human:
                if self._forced(live.state):
                    note = self._forced_note(live.state)
                else:
                    self.events.clear()
                    self.choices.append(index)
                    self.human_moved = True
            elif live.state.current_player() >= 0:
                note = self._bot_reason(live.state)
            self._apply(action, note, live)

    def _bot(self, spec: str, seat: int, state=None):
        """A bot seeded from the game seed, its seat and the move number (of `state`, else of
        the game): each decision is reproducible, so a resumed game goes on exactly as it would
        have without the break."""
        state = state or self.state
        return build_bot(spec, self.match.seed, seat, self.match.game, state.move_number)

    def _bot_reason(self, state) -> str:
        """Why the bot to move at `state` plays what it plays, for a bot that can tell (a game's
        automa: `reason(state)`); its decision is reproducible, so asking again gives it."""
        seat = state.current_player()
        spec = self.bot_specs[seat]
        if parse_spec(spec)[0] not in self.match.game.info.bots:    # searches cannot tell
            return ""
        reason = getattr(self._bot(spec, seat, state), "reason", None)
        return f"  ({reason(state)})" if reason else ""

    def _forced(self, state) -> bool:
        """A human move with one legal option, which the session plays itself."""
        return self.auto and len(state.legal_actions()) == 1

    def _forced_note(self, state) -> str:
        """The note on a move played for the human, with the reason the game gives, if any."""
        why = decision_note(state, self.human)
        return FORCED_NOTE[:-1] + (f"; {why})" if why else ")")

    @property
    def state(self):
        return self.match.state

    # ------------------------------------------------------------------ moves
    def _apply(self, action: int, note: str = "", match: Match | None = None) -> None:
        """Apply `action` (to this game, or to `match` when recalling), keeping what the
        human's seat saw of it for the next screen."""
        match = match or self.match
        number = match.state.move_number + 1
        first, *more = apply_narrated(match, action, self.human)
        if self.picture and match is self.match:
            self.picture.update(match.state)
        self.events += [first + note, *more]
        self.log += [(number, first + note), *((None, line) for line in more)]

    def _advance(self) -> None:
        """Play chance and bot moves (and forced human moves) until the human must choose."""
        state = self.state
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                # The same draw Match.play_chance() makes (from the game's seed and move
                # number), taken first so the seat's view of it is captured before it happens.
                self._apply(state.sample_chance())
            elif player != self.human:
                with self.console.status(f"{side_name(state, player)} ({self.bot_specs[player]}) is thinking..."):
                    action = self._bot(self.bot_specs[player], player).choose(state)
                self._apply(action, self._bot_reason(state))
            elif self._forced(state):
                self._apply(state.legal_actions()[0], self._forced_note(state))
            else:
                return

    def run(self) -> int:
        """Play to the end or until the player leaves; returns the exit code."""
        try:
            return self._run()
        except KeyboardInterrupt:
            self.console.print("\nInterrupted.")
            self.save(None, announce=True)
            return EXIT_INTERRUPTED
        except Exception:
            self.save(None, announce=True)      # whatever broke, the game so far is kept
            raise

    def _run(self) -> int:
        while True:
            self._advance()
            if self.state.is_terminal():
                self.show_screen()
                self.match.outcome = game_outcome(self.state, self.human)
                self.console.print(outcome_view(self.match.outcome, self.human))
                self.save(None, announce=True)
                return 0
            self.show_screen()
            if discard_typed_ahead():
                self.console.print(Text("(what you typed before this prompt was discarded: "
                                        "it was meant for an earlier decision)", style="yellow"))
            while True:
                try:
                    line = self.console.input(self._prompt())
                except EOFError:
                    self.console.print("\nInput closed.")
                    self.save(None, announce=True)
                    return EXIT_INTERRUPTED
                outcome = self.handle(line)
                if outcome == "quit":
                    return 0
                if outcome in ("moved", "undone"):
                    break

    def _prompt(self) -> Text:
        """The move prompt: whose move it is, and how to see the events the screen left out."""
        more = f"; `log`: {self.hidden} more events" if self.hidden else ""
        return Text(f"Your move, {side_name(self.state, self.human)} (number, text or help{more}) > ",
                    style="bold")

    def handle(self, line: str) -> str:
        """One line of input: 'moved', 'undone', 'quit' or 'stay' (nothing changed)."""
        words = line.strip().split(maxsplit=1)
        if not words:
            return "stay"
        command, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
        if command in ("help", "?") and not rest:
            self.console.print(Text(HELP_TEXT))
            return "stay"
        if command == "hint" and not rest:
            self.hint()
            return "stay"
        if command == "board" and not rest:
            self.show_screen()
            return "stay"
        if command == "undo" and not rest:
            return self.undo()
        if command == "log" and (not rest or rest.strip().isdecimal()):
            self.show_log(int(rest) if rest.strip().isdecimal() and len(rest.strip()) < 7 else None)
            return "stay"
        if command in ("cards", "legend") and not rest:
            show_reference(self.console, self.match.game)
            return "stay"
        if command == "rules":
            if not show_rules(self.console, self.match.game.info, rest):
                self.error(f"The rules notes have no section {rest.strip()!r}.")
            return "stay"
        if command == "save":
            self.save(rest or None, announce=True)
            return "stay"
        if command in ("quit", "exit") and not rest:
            return self.quit()
        action = self.parse_move(line.strip())
        if action is None:
            return "stay"
        self.events.clear()
        self.choices.append(len(self.match.actions))
        self._apply(action)
        self.human_moved = True
        return "moved"

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
        self.events.append(f"(undone: your {self.state.action_to_string(taken[0])}"
                           + (f" and the {after} move{'s' * (after > 1)} played after it)" if after else ")"))
        return "undone"

    def parse_move(self, text: str) -> int | None:
        legal = self.state.legal_actions()
        if text.isdecimal():     # the digits int() reads; isdigit() also takes ² and ①, which it does not
            number = int(text) if len(text) < 7 else 0
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.error(f"There is no move {text}: choose 1 to {len(legal)}.")
            return None
        try:
            return self.state.string_to_action(text)
        except IllegalActionError:
            self.error(f"{text!r} is not a legal move or a command. "
                       f"Type a number 1 to {len(legal)}, a move as listed, or help.")
            return None

    def error(self, message: str) -> None:
        self.console.print(Text(message, style="red"))

    # --------------------------------------------------------------- screens
    def show_screen(self) -> None:
        """The events since the human's last move, the table, then the legal moves right above
        the prompt. On a terminal the table, the moves and the prompt come first: the rule
        and the events get only the rows they leave free, newest events kept (`log` lists
        them all), so nothing the player needs scrolls out of view."""
        state, console = self.state, self.console
        if self.picture:                 # also after an undo
            self.picture.update(state)
        board = render_view(state, self.human)
        moves = None
        if not state.is_terminal():
            note = decision_note(state, self.human)
            texts = [state.action_to_string(a) for a in state.legal_actions()]
            listed = view_moves(state, self.human, texts)
            moves = Group(Text(f"Your turn, {side_name(state, self.human)}. Legal moves:", style="bold"),
                          *([Text(note, style="italic")] if note else []),
                          listed or Columns([Text(f"{i:>2}. ", style="cyan") + Text(t)
                                             for i, t in enumerate(texts, 1)], padding=(0, 3)))
        free = None
        if console.is_terminal:     # the prompt takes a row
            free = console.size.height - 1 - self._height(board) - (self._height(moves) if moves else 0)
        if free is None or free >= 1:
            console.print(Rule(Text(f"{state.game} - move {state.move_number}")))
        self.hidden = len(self.events)
        if self.events:
            if free is None or free >= 3:
                console.print(self._recent_events(None if free is None else free - 2))
            elif free == 2:
                console.print(Text(f"{len(self.events)} events since your last move: `log` lists them",
                                   style="dim"))
        self.events.clear()
        console.print(board)
        if moves is not None:
            console.print(moves)

    def _height(self, renderable) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def _recent_events(self, rows: int | None) -> Group:
        """The heading and the events, in the order they happened, that fit in `rows` rows below
        the heading (no limit: None) with the note of how many are left out, at most
        MAX_EVENTS_SHOWN. When not all fit, what concerns the player is kept first: their own
        moves and results, then what was done to them, then the rest, the newest first in each
        (core/narration.py concern()); `log` lists them all. Sets self.hidden."""
        bullets = [self._bullet(line) for line in self.events]
        heights = [self._height(b) if rows is not None else 1 for b in bullets]
        room = len(bullets) if rows is None else rows
        if rows is not None and sum(heights) > rows:
            room -= 1                                # the note of what is left out
        kept: set[int] = set()
        used = 0
        for i in sorted(range(len(bullets)), key=lambda i: (concern(self.events[i]), -i)):
            if len(kept) < MAX_EVENTS_SHOWN and used + heights[i] <= room:
                kept.add(i)
                used += heights[i]
        self.hidden = len(bullets) - len(kept)
        note = [Text(f"    ... {self.hidden} other events not shown: `log` lists them all", style="dim")]
        heading = Text("Since your last move:" if self.human_moved else "So far:", style="bold")
        return Group(heading, *(note if self.hidden else ()), *(bullets[i] for i in sorted(kept)))

    @staticmethod
    def _bullet(line: str) -> Table:
        bullet = Table.grid(padding=(0, 1))
        bullet.add_column(justify="right", min_width=3)
        bullet.add_column()
        bullet.add_row("-", Text(line))
        return bullet

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

    def hint(self) -> None:
        state = self.state
        legal = state.legal_actions()
        with self.console.status(f"The adviser ({self.hint_spec}) is thinking..."):
            adviser = self._bot(self.hint_spec, self.human)
            ranked = adviser.rank(adviser.explain(state))
        if not ranked or ranked[0].visits == 0:
            self.console.print(Text(f"The adviser ({self.hint_spec}) keeps no statistics: any move will do."))
            return
        best, total = ranked[0], sum(s.visits for s in ranked)
        self.console.print(Text(f"Adviser ({self.hint_spec}) recommends {legal.index(best.action) + 1}. "
                                f"{state.action_to_string(best.action)}", style="bold"))
        self.console.print(Text(self._sureness(ranked, total)))
        table = Table()
        table.add_column("#", justify="right")
        table.add_column("move")
        table.add_column("visits", justify="right")
        table.add_column("share", justify="right")
        table.add_column("mean return", justify="right")
        for s in ranked:
            table.add_row(str(legal.index(s.action) + 1), Text(state.action_to_string(s.action)),
                          str(s.visits), f"{s.visits / total:.0%}", f"{s.mean:+.3f}",
                          style="bold" if s is best else None)
        self.console.print(table)
        low, high = state.return_bounds
        self.console.print(Text(f"Mean return is the adviser's estimate of your final score after "
                                f"that move ({low:+g} to {high:+g}); visits is how much it looked at "
                                "it, share its part of all the visits.", style="dim"))

    def _sureness(self, ranked, total: int) -> str:
        """How sure the adviser is: the visit shares of its move and the runner-up (a search
        spends its visits on the moves it rates best), and its estimate of the result."""
        best = ranked[0]
        line = f"It gave that move {best.visits / total:.0%} of its {total:,} visits"
        if len(ranked) > 1 and ranked[1].visits:
            second = ranked[1]
            line += (f"; the runner-up, {self.state.legal_actions().index(second.action) + 1}. "
                     f"{self.state.action_to_string(second.action)}, got {second.visits / total:.0%}")
            if best.visits >= 2 * second.visits:
                line += ": a clear choice"
            elif best.visits > second.visits:
                line += ": a close call"
        return line + f". Its estimate of your result after it: {best.mean:+.2f}."

    def quit(self) -> str:
        """Save and leave; when the file cannot be written, ask for another one or whether to
        leave without saving, so a full disk or a lost folder never holds the player in the game."""
        target: str | None = None
        while self.save(target, announce=False) is None:
            try:
                answer = self.console.input(Text(
                    "Type another file to save to, `leave` to quit without saving, "
                    "or just Enter to go back to the game > ", style="bold")).strip()
            except EOFError:
                answer = "leave"
            if not answer:
                return "stay"
            if answer.lower() == "leave":
                self.console.print(Text("Left without saving."))
                return "quit"
            target = answer
        where = target or self.save_path
        self.console.print(Text(f"Saved to {where}. Resume with: partisan play --load {where}"))
        return "quit"

    def save(self, path: str | None, announce: bool) -> Path | None:
        """Write the record; a failure is reported and the game goes on."""
        target = Path(path) if path else self.save_path
        try:
            self.match.save(target)
        except OSError as exc:
            self.error(f"Could not save to {target}: {exc.strerror or exc}")
            return None
        if announce:
            self.console.print(Text(f"Game saved to {target}."))
        return target


def _bot_specs(text: str, human: int, players: int) -> dict[int, str]:
    """One spec for every other seat, or one per other seat in seat order."""
    specs = split_bot_specs(text)
    others = [s for s in range(players) if s != human]
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others):
        raise OptionError(f"--bot names {len(specs)} bots but there are {len(others)} other seats")
    return dict(zip(others, specs))


def _resume(path: str, seat: int | None, bot: str | None, data_dir: str | None):
    """The match of a record, the human's seat and the bots' specs (from the record unless given)."""
    match = load(path, data_dir)
    players = match.game.players
    meta = match.meta
    if seat is None:
        seat = meta.get("human_seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise RecordError(f"{path}: the record does not say which seat is yours; give --seat")
    check_seat(seat, players)
    if bot is not None:
        return match, seat, _bot_specs(bot, seat, players)
    saved = meta.get("bots")
    others = [s for s in range(players) if s != seat]
    if not isinstance(saved, dict) or any(not isinstance(saved.get(str(s)), str) for s in others):
        raise RecordError(f"{path}: the record does not name a bot for every other seat; give --bot")
    return match, seat, {s: saved[str(s)] for s in others}


def session_flags(command):
    """The options of a played game, shared by `partisan play` and `partisan solo`."""
    for flag in reversed((
            click.option("--seed", type=SEED, help="Seed of the shuffles and dice (default: random)."),
            option_flag, data_flag,
            click.option("--load", "load_path", metavar="FILE", help="Resume the game saved in FILE."),
            click.option("--save-to", metavar="FILE", help="Where save and quit write "
                                                           "(default: the --load file, else GAME-SEED.json)."),
            click.option("--hint-bot", metavar="SPEC", help="Bot that answers `hint` (default: " + ADVISER
                         + ", the game's expert preset with a larger budget, at most ~1 s)."),
            click.option("--no-auto", is_flag=True, help="Ask even when only one move is legal."),
            svg_flag)):
        command = flag(command)
    return command


@click.command("play", epilog="\b\nDuring the game, at the move prompt:\n" + HELP_TEXT.partition("\n")[2])
@click.argument("game", required=False, callback=game_name)
@click.option("--players", "-n", type=int, help="Number of players (default: the game's).")
@click.option("--seat", "-s", type=int, help="Your seat, 0 = first (default 0).")
@click.option("--bot", "-b", help="Opponents: a preset (novice, easy, normal, hard, expert; master: "
                                  "2 s a move on every core), a kind "
                                  "(random, pimc, ismcts; cfr: poker) or a spec like "
                                  "ismcts:iterations=500; "
                                  "comma-separate to give each other seat its own. Default: "
                                  + DEFAULT_OPPONENT + ".")
@session_flags
def play_command(game, players, seat, bot, seed, options, data_dir, load_path, save_to, hint_bot, no_auto,
                 svg_path):
    """Play GAME against bots, or resume a saved game with --load FILE."""
    if not load_path and not game:
        raise click.UsageError("name a game (see `partisan games`) or give --load FILE")
    play_session(game, players, seat, bot, seed, options, data_dir, load_path, save_to, hint_bot,
                 no_auto, svg_path)


def play_session(game, players, seat, bot, seed, options, data_dir, load_path, save_to, hint_bot,
                 no_auto, svg_path=None) -> None:
    """Set up a new game or resume a record, play it, and exit with the session's code
    (`partisan play`, and `partisan solo` with its seat, opponent and options)."""
    console = get_console()
    if load_path:
        if game or players is not None or seed is not None or options:
            raise OptionError("--load resumes a saved game: do not give a game, --players, --seed "
                              "or --option with it")
        match, seat, specs = _resume(load_path, seat, bot, data_dir)
        hint_spec = match.meta.get("hint_bot") if hint_bot is None else hint_bot
        save_path = Path(save_to or load_path)
        console.print(Text(f"Resuming {match.game} from {load_path} at move {match.state.move_number} "
                           f"(seed {match.seed})."))
    else:
        spec = setup_game(game, players, options, data_dir)
        seat = check_seat(0 if seat is None else seat, spec.players)
        specs = _bot_specs(DEFAULT_OPPONENT if bot is None else bot, seat, spec.players)
        seed = random.randrange(2**31) if seed is None else seed
        match = Match(spec, seed)
        hint_spec = hint_bot
        save_path = Path(save_to or f"{spec.name}-{seed}.json")
        names = side_names(match.state)
        console.print(Text(f"{spec}, seed {seed}. You are {names[seat]} (seat {seat}); "
                           + ", ".join(f"{names[s]}: {b}" for s, b in specs.items()) + "."))
    if not isinstance(hint_spec, str):
        hint_spec = ADVISER
    try:
        session = PlaySession(match, seat, specs, hint_spec, save_path, console, auto=not no_auto)
    except OptionError as exc:
        if load_path and not (bot or hint_bot):     # the record named the bad bot
            raise type(exc)(f"{load_path}: {exc}") from None
        raise
    session.picture = picture(svg_path, match.state, seat)
    if load_path:
        session.recall()
    code = session.run()
    if code:
        click.get_current_context().exit(code)


COMMANDS = [play_command]
