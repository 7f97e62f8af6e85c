"""The `hint` of a played game: the adviser bot's move, how sure it is, and its statistics."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text

from partisan.cli.console import move_text


class Advice:
    """The hint of a PlaySession (cli/play/session.py), asked of its adviser bot (`hint_spec`)."""

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
                                f"{move_text(state, self.human, best.action)}", style="bold"))
        self.console.print(Text(self._sureness(ranked, total)))
        table = Table()
        table.add_column("#", justify="right")
        table.add_column("move")
        table.add_column("visits", justify="right")
        table.add_column("share", justify="right")
        table.add_column("mean return", justify="right")
        for s in ranked:
            table.add_row(str(legal.index(s.action) + 1), Text(move_text(state, self.human, s.action)),
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
                     f"{move_text(self.state, self.human, second.action)}, got {second.visits / total:.0%}")
            if best.visits >= 2 * second.visits:
                line += ": a clear choice"
            elif best.visits > second.visits:
                line += ": a close call"
        return line + f". Its estimate of your result after it: {best.mean:+.2f}."

