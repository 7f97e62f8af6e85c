"""WAR: Guerrilla Tactics' behaviour measures, from each seat's own observation.

- A promotion proposed while another player is known to hold a Guerrilla (shown from hand to
  cancel an earlier promotion; it stays known until played, core/games/war/RULES.md): the
  proposal will be cancelled and the canceller recruits cards from the proposer's draw pile.
- In tie resolution, the weaker of two cards put face up, though the stronger is not a 7 (the
  face-down card is only a stake, so the stronger card face up never does worse; only a 7 face
  up lets the winner catch a spy).
"""
from __future__ import annotations

from blunders.base import Watcher, share_row

RANKS = {**{str(v): v for v in range(2, 11)}, "J": 11, "Q": 12, "K": 13, "A": 14}
SPY = 7


def rank_of(card: str) -> int:
    """The rank of a card named like "10♠" (aces high)."""
    return RANKS[card[:-1]]


def worth(card: str, guerrilla_rank: int) -> int:
    """A card's value in a skirmish: every Guerrilla (2 … rank) the same, below every other."""
    r = rank_of(card)
    return 0 if 2 <= r <= guerrilla_rank else r


class WarWatcher(Watcher):
    def decided(self, state, seat, action, legal, bot):
        super().decided(state, seat, action, legal, bot)
        if len(legal) < 2:
            return
        obs = state.observation(seat)
        text = state.action_to_string(action)
        if obs["phase"] == "promotion" and text == "propose promotion":
            self.tally(seat, "proposed_into_guerrilla", known_guerrilla(obs))
        if obs["phase"] == "tie play" and text.startswith("face up "):
            self.tally(seat, "weaker_face_up", weaker_face_up(obs, text[len("face up "):]))

    @classmethod
    def rows(cls, totals, reference):
        return [
            share_row("proposed_into_guerrilla", "promotions proposed while another player is "
                      "known to hold a Guerrilla", totals, "<= 0"),
            share_row("weaker_face_up", "tie resolutions with the weaker card face up (the "
                      "stronger not a 7)", totals, "<= 0"),
        ]


def known_guerrilla(obs: dict) -> bool:
    """Whether another active player is known to hold a Guerrilla at the current rank."""
    rank = obs["guerrilla_rank"]
    return any(worth(card, rank) == 0
               for q in obs["players"] if q["seat"] != obs["seat"] and q["active"]
               for card in q["hand"])


def weaker_face_up(obs: dict, up: str) -> bool:
    rank = obs["guerrilla_rank"]
    others = [c for c in obs["players"][obs["seat"]]["tie_cards"] if c != up]
    return any(worth(c, rank) > worth(up, rank) and rank_of(c) != SPY for c in others)
