"""The `hint` of a played game: the adviser bot's move, how sure it is, and its statistics."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text

from partisan.ai.bots import ADVISER
from partisan.cli.console import menu_actions, move_text


MOST_MOVES_SHOWN = 10      # the hint's table lists the most visited; the rest in one line


def return_scale(bounds: tuple[float, float]) -> tuple[str, str, str]:
    """How to read a game's returns (GameInfo.return_bounds): the estimate's column heading,
    its format, and a sentence saying what it is. Returns from 0 to 1 are win shares (1 a win,
    a share of 1 a shared one, 0 a loss): the chance of winning; from -1 to +1 a result, +1 a
    win and -1 a loss; any others, the game's own return."""
    low, high = bounds
    if (low, high) == (0.0, 1.0):
        return ("chance of winning", "{:.0%}", "Chance of winning is the adviser's estimate of how often you "
                "win after that move (a shared victory counts as your share of it)")
    if (low, high) == (-1.0, 1.0):
        return ("expected result", "{:+.2f}", "Expected result is the adviser's estimate of how the game ends "
                "for you after that move, from -1 (a loss) to +1 (a win)")
    return ("mean return", "{:+.3f}", f"Mean return is the adviser's estimate of the game's return to you "
            f"after that move ({low:+g} to {high:+g})")


class Advice:
    """The hint of a PlaySession (cli/play/session.py), asked of its adviser bot (`hint_spec`)."""

    def hint(self) -> str | None:
        """The adviser's move and statistics, below the prompt when they fit the rows the screen
        left free, else paged as `events` is, so the screen's title does not scroll away (the
        table of a hint takes a dozen rows). Returns what was typed at the pager, if anything."""
        with self.console.status(f"The {self._adviser()} is thinking..."):
            adviser = self._bot(self.hint_spec, self.human)
            ranked = adviser.rank(adviser.explain(self.state))
        return self.paged(lambda console: self._show_hint(console, ranked), below=True)

    def _show_hint(self, console, ranked) -> None:
        state = self.state
        legal = menu_actions(state, self.human)         # numbered as the menu shows them
        if not ranked or ranked[0].visits == 0:
            console.print(Text(f"The {self._adviser()} keeps no statistics: any move will do."))
            return
        best, total = ranked[0], sum(s.visits for s in ranked)
        name = self._adviser()
        console.print(Text(f"{name[0].upper()}{name[1:]} recommends {legal.index(best.action) + 1}. "
                           f"{move_text(state, self.human, best.action)}", style="bold"))
        console.print(Text(self._sureness(ranked, total)))
        heading, shape, meaning = return_scale(state.return_bounds)
        shown, rest = ranked[:MOST_MOVES_SHOWN], ranked[MOST_MOVES_SHOWN:]
        table = Table()
        table.add_column("#", justify="right")
        table.add_column("move")
        table.add_column("visits", justify="right")
        table.add_column("share", justify="right")
        table.add_column(heading, justify="right")
        for s in shown:
            table.add_row(str(legal.index(s.action) + 1), Text(move_text(state, self.human, s.action)),
                          str(s.visits), f"{s.visits / total:.0%}", shape.format(s.mean),
                          style="bold" if s is best else None)
        console.print(table)
        if rest:
            console.print(Text(f"{len(rest)} more moves, none above "
                               f"{max(s.visits for s in rest) / total:.0%} of the visits.", style="dim"))
        same = len({shape.format(s.mean) for s in shown if s.visits}) == 1 and len(shown) > 1
        console.print(Text(f"{meaning}; visits is how much it looked at it, share its part of all the "
                           "visits." + (" Every move listed gets the same estimate: this choice hardly "
                                        "changes it." if same else ""), style="dim"))

    def _adviser(self) -> str:
        """"adviser" for the default one (a search of about a second, ai/bots.py ADVISER), whose
        settings say nothing to a player; a bot the player named with --hint-bot by its spec."""
        return "adviser" if self.hint_spec == ADVISER else f"adviser ({self.hint_spec})"

    def _sureness(self, ranked, total: int) -> str:
        """How sure the adviser is: the visit shares of its move and the runner-up (a search
        spends its visits on the moves it rates best), and its estimate of the result with
        what it rests on: the games the search played on through that move (one a visit)."""
        best = ranked[0]
        line = f"It gave that move {best.visits / total:.0%} of its {total:,} visits"
        if len(ranked) > 1 and ranked[1].visits:
            second = ranked[1]
            line += (f"; the runner-up, {menu_actions(self.state, self.human).index(second.action) + 1}. "
                     f"{move_text(self.state, self.human, second.action)}, got {second.visits / total:.0%}")
            if best.visits >= 2 * second.visits:
                line += ": a clear choice"
            elif best.visits > second.visits:
                line += ": a close call"
        heading, shape, _ = return_scale(self.state.return_bounds)
        # what the figure rests on, lest a player read it as a judgement of the score
        return line + (f". Its estimate of your {heading.removeprefix('expected ')} after it: {shape.format(best.mean)}, "
                       f"from the {best.visits:,} games it played on from here through that move, every seat "
                       "making quick, partly random moves: what those games gave, not a reading of the score now.")
