"""The loop of a played game (PlaySession): bots and chance move on their own, the human is
asked. Its other jobs are the classes it takes from prompt.py, screen.py, advice.py and saving.py."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text

from partisan.ai.bots import parse_spec
from partisan.cli.console import (EXIT_INTERRUPTED, apply_narrated, build_bot, decision_note,
                                  discard_typed_ahead, game_outcome, move_text, outcome_view, refusal_note,
                                  side_name, untold)
from partisan.cli.play.advice import Advice
from partisan.cli.play.prompt import TYPED_AHEAD_NOTE, PromptCommands
from partisan.cli.play.saving import Saving
from partisan.cli.play.screen import FORCED_NOTE, Chance, Consequence, Screen
from partisan.core.record import Match
from partisan.core.state import CHANCE


class PlaySession(PromptCommands, Screen, Advice, Saving):
    """The loop of one game: bots and chance move on their own, the human is asked."""

    def __init__(self, match: Match, human: int, bot_specs: dict[int, str], hint_spec: str,
                 save_path: Path, console, auto: bool = True, follow: bool = False):
        self.match, self.human, self.console = match, human, console
        self.bot_specs, self.hint_spec = bot_specs, hint_spec
        self.save_path, self.auto = save_path, auto
        self.follow = follow             # page the events when the summary leaves out one of the player's
        self.undone = False              # the screen after an undo: its events were seen, not paged again
        for seat, spec in [*bot_specs.items(), (human, hint_spec)]:
            self._bot(spec, seat)                   # a bad spec fails now, not mid-game
        self.events: list[str] = []      # what the human's seat saw since its last move
        self.log: list[tuple[int | None, str]] = []     # all it saw: (move number or None, line)
        self.choices: list[int] = []     # indices in match.actions of the human's own choices
        self.movers: list[int] = []      # who made each move of match.actions (a seat or CHANCE)
        self.human_moved = False
        self.others: list[int] = []      # the seats that moved since the human's last input
        self.rolled = False              # whether chance moved since then (dice, draws: news to them)
        self.played_for: list[str] = []  # the moves played for the human since then (forced)
        self.played_why: list[tuple[str, str]] = []  # of those, (move, why no other was offered) if told
        self.dropped = ""                # the note of keys typed before the prompt and dropped
        self.hidden = 0                  # events of the last screen that did not fit on it
        self.unseen: list[str] = []      # of those, what concerns the human: kept past its move
        self.carried = 0                 # events since the last move that came from before it
        self.rows_left: int | None = None    # rows the last screen left free below the prompt
        self.picture = None              # cli/svg.py Picture for --svg, kept up to date
        self.scores_then = self._scoreboard()    # the scores at the human's last move (Screen._jumps_line)
        match.meta.update(human_seat=human, bots={str(s): spec for s, spec in bot_specs.items()},
                          hint_bot=hint_spec)

    def recall(self) -> None:
        """Rebuild the log, the human's choices and what happened since its last move, by
        replaying the record (on resuming, and after an undo)."""
        self.events, self.log, self.choices, self.movers, self.human_moved = [], [], [], [], False
        live = Match(self.match.game, self.match.seed)
        self.scores_then = self._scoreboard(live.state)
        for index, action in enumerate(self.match.actions):
            note = ""
            if live.state.current_player() == self.human:
                if self._forced(live.state):
                    note = self._forced_note(live.state)
                else:
                    self.events.clear()
                    self.choices.append(index)
                    self.scores_then = self._scoreboard(live.state)
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
    def _apply(self, action: int, note: str = "", match: Match | None = None) -> bool:
        """Apply `action` (to this game, or to `match` when recalling), keeping what the
        human's seat saw of it for the next screen, but for a move the game leaves untold
        there (a pass in a reaction window), which only the log keeps; whether it was told."""
        match = match or self.match
        number = match.state.move_number + 1
        self.movers.append(match.state.current_player())
        chance = self.movers[-1] == CHANCE
        told = not untold(match.state, self.human, action)
        first, *more = apply_narrated(match, action, self.human)
        first = Chance(first) if chance else first + note
        if self.picture and match is self.match:
            self.picture.update(match.state)
        self.events += [first] * told + [*map(Consequence, more)]
        self.log += [(number, first), *((None, line) for line in more)]
        return told

    def _advance(self) -> None:
        """Play chance and bot moves (and forced human moves) until the human must choose,
        noting the seats of the bots that moved (`others`), by a move the screen tells."""
        state, self.others, self.rolled = self.state, [], False
        self.played_for, self.played_why = [], []
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                # The same draw Match.play_chance() makes (from the game's seed and move
                # number), taken first so the seat's view of it is captured before it happens.
                self._apply(state.sample_chance())
                self.rolled = True
            elif player != self.human:
                with self.console.status(f"{side_name(state, player)} ({self.bot_specs[player]}) is thinking..."):
                    action = self._bot(self.bot_specs[player], player).choose(state)
                if self._apply(action, self._bot_reason(state)) and player not in self.others:
                    self.others.append(player)
            elif self._forced(state):
                if not untold(state, self.human, state.legal_actions()[0]):
                    self.played_for.append(move_text(state, self.human, state.legal_actions()[0]))
                    if why := refusal_note(state, self.human):
                        self.played_why.append((self.played_for[-1], why))
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
                self.show_screen(every=True)    # the program exits next: `events` cannot list them
                self.match.outcome = game_outcome(self.state, self.human)
                if self.result_apart():
                    self._pause("-- Enter for the result --")
                tall = self._result_height() + 2 > self.console.size.height     # the save line below
                self.console.print(outcome_view(self.match.outcome, self.human, again=tall))
                self.save(None, announce=True)
                return 0
            # typed for the turn before theirs: dropped before the screen is drawn, whose rows
            # count the prompt's note of it
            self.dropped = TYPED_AHEAD_NOTE if self.others and discard_typed_ahead() else ""
            typed = self.show_screen()      # typed at the pager of the events: the first input
            while True:
                try:
                    line, typed = typed or self.console.input(self._prompt()), None
                    self.dropped = ""
                except EOFError:
                    self.console.print("\nInput closed.")
                    self.save(None, announce=True)
                    return EXIT_INTERRUPTED
                outcome = self.handle(line)
                if outcome == "quit":
                    return 0
                if outcome in ("moved", "undone"):
                    break

    def _pause(self, text: str) -> None:
        try:
            self.console.input(Text(text, style="dim"))
        except EOFError:
            pass

    def error(self, message: str) -> None:
        self.console.print(Text(message, style="red"))
