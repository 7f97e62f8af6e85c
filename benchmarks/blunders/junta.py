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
- The Presidente's promises (l.37: he picks the cards): a Yacht or Supercar (l.102, l.136: a
  point he loses and a point for the Golpista who keeps his promises) while he holds a card
  that is no Victory Point; a Gunboat or Peasant Uprising, which may hold his chair (l.137,
  l.140), while he holds a card he cannot use as Presidente (a Spy, Burglars, Surprise Attack
  or Bribery, l.47, l.132-l.133, l.138; or the Petition, l.134, which has no effect).
- A Surprise Attack, Bribery or Peasant Uprising played by an attacker whose attack already
  wins whatever the dice and the cards still to come (every attacking die at 1 and his side's
  Gunboats against the defence at its highest: the Presidente's dice at 2, other defending
  dice at 6, or 2 each once an Uprising is in play, its Gunboats and its buildings, none under a
  Surprise Attack; l.72-l.75, l.137-l.140): they change only the totals, not who plunders first
  or takes the Sunglasses (l.77, l.79).
"""
from __future__ import annotations

from blunders.base import Watcher, share_row

SPEND, CHECK = "spend money", "check number of cards"
PROMISES, CARDS = "make promises", "combat: cards"
PROMISE, PLAY = "promise ", "play "
VP = "victory_point"
HOLDS_CHAIR = {"gunboat", "peasant_uprising"}                 # l.137, l.140
USELESS_TO_PRESIDENTE = {"spy", "burglars", "surprise_attack", "bribery", "petition"}
ONLY_TOTALS = {"surprise_attack", "bribery", "peasant_uprising"}
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


def attack_won(battle: dict, buildings: int) -> bool:
    """Whether the attack wins whatever the dice and the cards still to come (the module's
    note), from the battle as the observation shows it."""
    dice, guns = battle["dice"], battle["gunboats"]
    low = sum(dice[x]["own"] + dice[x]["loaned"] + 3 * guns.get(x, 0)
              for x in battle["attackers"] if dice[x]["own"] + dice[x]["loaned"] > 0)
    rolled = 2 if battle["peasant_uprising"] else 6
    high = 0 if battle["surprise_attack"] else buildings
    for x in battle["defending_side"]:
        own = 2 if battle["presidente_battle"] and x == battle["defender"] else rolled
        high += own * dice[x]["own"] + rolled * dice[x]["loaned"] + 3 * guns.get(x, 0)
    return low > high


class JuntaWatcher(Watcher):
    def __init__(self, game):
        super().__init__(game)
        self.aid = {c.name: c.value for c in game.data.cards if c.effect == "foreign_aid"}
        self.effect = {c.name: c.effect for c in game.data.cards}

    def decided(self, state, seat, action, legal, bot):
        super().decided(state, seat, action, legal, bot)
        if len(legal) < 2:
            return
        obs = state.observation(seat)
        text = state.action_to_string(action)
        if obs["phase"] == PROMISES and text.startswith(PROMISE) and " to P" in text:
            self._promise(seat, obs["seats"][seat]["hand"], text[len(PROMISE):text.index(" to P")])
        if obs["phase"] == CARDS and text.startswith(PLAY) and seat in obs["battle"]["attackers"]:
            self._card(seat, obs, text[len(PLAY):])
        if obs["phase"] not in (SPEND, CHECK):
            return
        hand = obs["seats"][seat]["hand"]
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

    def _promise(self, seat: int, hand: dict[str, int], card: str) -> None:
        held = {self.effect[name] for name, count in hand.items() if count > 0}
        effect = self.effect.get(card)
        if effect is None:
            return                          # a militia promised (Expert)
        if VP in held and held - {VP}:
            self.tally(seat, "vp_promised", effect == VP)
        if held & HOLDS_CHAIR and held & USELESS_TO_PRESIDENTE:
            self.tally(seat, "chair_card_promised", effect in HOLDS_CHAIR)
            if effect in HOLDS_CHAIR:
                self.detail(seat, "cards that may hold the chair promised", card)

    def _card(self, seat: int, obs: dict, card: str) -> None:
        if self.effect.get(card) not in ONLY_TOTALS:
            return
        battle = obs["battle"]
        won = attack_won(battle, obs["seats"][battle["defender"]]["buildings"])
        self.tally(seat, "card_in_won_attack", won)
        if won:
            self.detail(seat, "cards played in an attack already won", card)

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
            share_row("vp_promised", "Victory Point cards promised (of the promises made with "
                      "one and another card in hand)", totals),
            share_row("chair_card_promised", "Gunboats and Peasant Uprisings promised while "
                      "a card useless to the Presidente is held (of the promises made with both)",
                      totals),
            share_row("card_in_won_attack", "Surprise Attacks, Briberies and Uprisings played "
                      "in an attack already won (of those played by attackers)", totals, "<= 0"),
        ]
