"""What every game's behaviour watcher shares: tallies per seat, the generic measures, and the
rows of the report.

A watcher sees every step of one game (`before` the action is applied, `after` it) through the
public API: legal_actions, action_to_string, observation(p), clones, and the read-only
snapshots a game exposes (`_snap()`, `_table()`). It never changes the game being played;
whatever it tries (a landing as aimed, another set of losses) it tries on a clone. It tallies
each measure per seat as (count, denominator); the runner adds the tallies of the seats a bot
played and `report` turns them into rows.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

EARLY_DECISIONS = 10        # a seat's first searched decisions, where `hint` was seen to be flat


@dataclass
class Row:
    """One line of the report: value = count / of × per, in `unit`; target like "<= 25"
    (in the same unit) or None; passed None when there is no target or nothing was counted."""

    key: str
    text: str
    count: float | None
    of: float | None
    value: float | None
    unit: str = "%"
    target: str | None = None
    passed: bool | None = None

    def as_dict(self) -> dict:
        return dict(self.__dict__)


def check(value: float | None, target: str | None) -> bool | None:
    """Whether `value` meets a target written as "<= x" or ">= x"."""
    if value is None or target is None:
        return None
    op, bound = target.split()
    return value <= float(bound) if op == "<=" else value >= float(bound)


def share_row(key: str, text: str, totals: dict, target: str | None = None, per: float = 100.0,
              unit: str = "%") -> Row:
    """A row from a tallied (count, of): the count as a share (or rate) of its denominator."""
    count, of = totals.get(key, (0, 0))
    value = round(count / of * per, 1) if of else None
    return Row(key, text, count, of, value, unit, target, check(value, target))


class Watcher:
    """The generic measures, for every game: forced decisions, searched decisions whose most
    visited moves tie (the move is then picked by the tie-break, not by the search), and how
    often a seat's early searched decisions are close calls (the best move has less than twice
    the runner-up's visits: the adviser's "close call")."""

    GENERIC = ("decisions", "forced", "tied_top", "early_close")

    def __init__(self, game):
        self.game = game
        self.tallies: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
        self.details: dict[int, dict[str, dict]] = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
        self._searched = defaultdict(int)

    # -------------------------------------------------------------- tallies
    def tally(self, seat: int, key: str, hit: float, of: float = 1) -> None:
        cell = self.tallies[seat][key]
        cell[0] += hit
        cell[1] += of

    def detail(self, seat: int, key: str, label) -> None:
        """A breakdown kept beside the tallies (e.g. aims by column), added up like them."""
        self.details[seat][key][str(label)] += 1

    # -------------------------------------------------------------- steps
    def decided(self, state, seat: int, action: int, legal: list[int], bot) -> None:
        """A seat chose `action` at `state` (not yet applied); `bot` has just searched."""
        self.tally(seat, "decisions", 1, 0)     # per game: end() adds the denominators
        self.tally(seat, "forced", len(legal) == 1)
        if len(legal) > 1:
            self._search_shape(seat, legal, bot)

    def _search_shape(self, seat: int, legal: list[int], bot) -> None:
        stats = root_stats(bot)
        if not stats or not {a for a, _, _ in stats} <= set(legal):
            return                      # not a search, or not this node's (a random move)
        visits = sorted([n for _, n, _ in stats] + [0] * (len(legal) - len(stats)), reverse=True)
        if visits[0] == 0:
            return
        self.tally(seat, "tied_top", visits[0] == visits[1])
        if self._searched[seat] < EARLY_DECISIONS:
            self._searched[seat] += 1
            self.tally(seat, "early_close", visits[0] < 2 * visits[1])

    def before(self, state, seat: int, action: int) -> None:
        """Any step, chance included, before it is applied (seat < 0 for chance)."""

    def after(self, state, seat: int, action: int) -> None:
        """Any step, after it is applied."""

    def end(self, state) -> None:
        """The game is over: each seat has played one more game."""
        for seat in range(self.game.players):
            self.tally(seat, "decisions", 0, 1)

    # -------------------------------------------------------------- report
    @classmethod
    def report(cls, totals: dict, reference: dict | None = None) -> list[Row]:
        """The game's own rows, then the generic ones. `reference` holds the reference bot's
        totals (for measures compared with it)."""
        return cls.rows(totals, reference) + cls.generic_rows(totals)

    @classmethod
    def rows(cls, totals: dict, reference: dict | None) -> list[Row]:
        return []

    @staticmethod
    def generic_rows(totals: dict) -> list[Row]:
        return [
            share_row("decisions", "decisions a seat makes in a game", totals, per=1,
                      unit="/game"),
            share_row("forced", "decisions with one legal move", totals),
            share_row("tied_top", "searched decisions whose most visited moves tie", totals),
            share_row("early_close", f"close calls among each seat's first {EARLY_DECISIONS} "
                      "searched decisions (best < 2x runner-up's visits)", totals),
        ]


def root_stats(bot) -> list[tuple[int, int, float]]:
    """[(action, visits, mean)] of the bot's last search, or [] for a bot without a tree."""
    search = getattr(bot, "search", None)
    stats = getattr(search, "root_stats", None)
    if stats is None:
        return []
    try:
        return list(stats())
    except (TypeError, ValueError, RuntimeError):
        return []
