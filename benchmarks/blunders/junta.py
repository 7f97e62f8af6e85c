"""Junta's behaviour measures, from the mover's own observation, legal moves and move text
(never the game's bot filter, so that a bot playing every legal move can be caught).

Money is Foreign Aid in hand, in million pesos (l.92-l.95; the values are the card data's):
- Spend Money ended ("done") while "buy a building" is legal: a building is a Victory Point
  and defence (l.92), money kept a card a Plunder takes (l.77) or the hand limit discards (l.99).
- A payment that can waste more than another legal one: "If you don't have the exact sum, you
  get no change" (l.95). Cards are paid largest first (core/games/junta/RULES.md, 19), so a card
  paid now is followed by cards worth no more; its waste is the least overshoot those can reach.
- A Foreign Aid card discarded at Check Number of Cards (l.99) while a smaller one is held:
  the smaller does nothing the larger cannot.
"""
from __future__ import annotations

from blunders.base import Watcher, share_row

SPEND, CHECK = "spend money", "check number of cards"
DONE, BUILD = "done", "buy a building"
PAY, DISCARD = "pay ", "discard "


def least_waste(hand: dict[int, int], card: int, due: int) -> int:
    """Money wasted at best when `card` (a value) is paid towards `due` and the rest with cards
    of `hand` ({value: count}, the paid card among them) worth no more than it."""
    left = due - card
    reach = {0}
    for value, count in hand.items():
        if value <= card:
            for _ in range(count - (value == card)):
                reach |= {r + value for r in reach}
    return min(r for r in reach if r >= left) - left     # legal: all of them reach `left`


def payment_waste(aid: dict[str, int], hand: dict[str, int], due: int,
                  payments: list[str]) -> dict[str, int]:
    """{card name: least waste} of each legal payment, by the mover's hand {name: count}."""
    values: dict[int, int] = {}
    for name, count in hand.items():
        if name in aid:
            values[aid[name]] = values.get(aid[name], 0) + count
    return {name: least_waste(values, aid[name], due) for name in payments}


def held_aid(aid: dict[str, int], hand: dict[str, int]) -> set[int]:
    """The values of the Foreign Aid cards in a hand."""
    return {aid[name] for name, count in hand.items() if name in aid and count > 0}


class JuntaWatcher(Watcher):
    def __init__(self, game):
        super().__init__(game)
        self.aid = {c.name: c.value for c in game.data.cards if c.effect == "foreign_aid"}

    def decided(self, state, seat, action, legal, bot):
        super().decided(state, seat, action, legal, bot)
        if len(legal) < 2:
            return
        obs = state.observation(seat)
        if obs["phase"] not in (SPEND, CHECK):
            return
        hand = obs["seats"][seat]["hand"]
        text = state.action_to_string(action)
        moves = [state.action_to_string(a) for a in legal]
        if obs["phase"] == CHECK:
            self._discard(seat, hand, text)
            return
        if DONE in moves and BUILD in moves:
            self.tally(seat, "done_unbuilt", text == DONE)
        payments = [m[len(PAY):] for m in moves if m.startswith(PAY)]
        if text.startswith(PAY):
            due = obs["spending"]["owed"] - obs["spending"]["paid"]
            self._payment(seat, payment_waste(self.aid, hand, due, payments), text, due)

    def _payment(self, seat: int, waste: dict[str, int], text: str, due: int) -> None:
        least = min(waste.values())
        if max(waste.values()) == least:
            return                          # every payment wastes alike: no choice to judge
        wasted = waste[text[len(PAY):]] > least
        self.tally(seat, "wasted_payment", wasted)
        if wasted:
            self.detail(seat, "payments wasting more than another", f"{text} owing {due}")

    def _discard(self, seat: int, hand: dict[str, int], text: str) -> None:
        values = held_aid(self.aid, hand)
        if len(values) < 2:
            return                          # no larger Foreign Aid beside a smaller one
        name = text[len(DISCARD):]
        larger = name in self.aid and self.aid[name] > min(values)
        self.tally(seat, "larger_aid_discarded", larger)
        if larger:
            self.detail(seat, "Foreign Aid discarded while a smaller one is held", text)

    @classmethod
    def rows(cls, totals, reference):
        return [
            share_row("done_unbuilt", "Spend Money ended while a building is affordable (of the "
                      "decisions where both are legal)", totals, "<= 0"),
            share_row("wasted_payment", "payments that waste more money than another legal one "
                      "(no change is given; of the payments made where they differ)", totals,
                      "<= 0"),
            share_row("larger_aid_discarded", "Foreign Aid discarded at Check Number of Cards "
                      "while a smaller one is held (of the discards with two values held)",
                      totals, "<= 0"),
        ]
