"""Junta: where the cards a Golpista cannot place are, truly and in the worlds its search draws.

    python benchmarks/junta_card_places.py --bots hard --games 40 [--reading 0 0.6] [--seed 0]

Four bots of the spec play. At each Golpista's first order of a round (Command Militias), from
its seat: for each kind of card, the share of the copies it cannot place that lie in the Deck;
for each other seat by its role (this round's Presidente, a Presidente of an earlier round,
never Presidente), the battle cards and victory-point cards per card in its hand. The same
densities for a seat passing at a battle's card step, from every other seat. Each
truly and in worlds resampled with each reading weight (`read`, core/games/junta/resample.pyx).
A reading of the table is worth trying where the two differ.
"""
from __future__ import annotations

import argparse
from collections import defaultdict

from junta_promised_cards import BATTLE, ORDERS, decisions
from partisan.core.games.junta.cards import load_data
from partisan.core.games.junta.state import ACTIONS, PLACES

CARDS = load_data().cards
NAMES = [c.name for c in CARDS]
VICTORY = {c.name for c in CARDS if c.effect == "victory_point"}
CARD_STEP = "combat: cards"
DECK, HANDS, PILES = PLACES["deck"], PLACES["hand"], PLACES["promises"]
WORLDS = 4


def deck_split(state, viewer: int, acc: dict, weight: float) -> None:
    """Adds, per kind, (copies in the Deck, copies anywhere) that `viewer` cannot place."""
    f = state._fields()
    cnt, known, n = f["cnt"], f["lb"][viewer], state.num_players
    hidden = [DECK] + [base + q for base in (HANDS, PILES) for q in range(n) if q != viewer]
    for t, name in enumerate(NAMES):
        unseen = [cnt[loc][t] - known[loc][t] for loc in hidden]
        acc[name][0] += unseen[0] * weight
        acc[name][1] += sum(unseen) * weight


def densities(state, seat: int, acc: list, weight: float) -> None:
    """Adds (battle cards, victory-point cards, cards) in `seat`'s hand."""
    hand = state.observation(seat)["seats"][seat]["hand"]
    acc[0] += sum(n for name, n in hand.items() if name in BATTLE) * weight
    acc[1] += sum(n for name, n in hand.items() if name in VICTORY) * weight
    acc[2] += sum(hand.values()) * weight


def measure(state, viewer: int, readings, rng, seats: dict, deck: bool, tally) -> None:
    """Truly (key None) and in WORLDS worlds per reading: the seats' densities by label, and the
    Deck's shares with `deck`."""
    views = [(None, state, 1.0)]
    for r in readings:
        for _ in range(WORLDS):
            world = state.clone()
            world.resample(viewer, rng.getrandbits(63), r)
            views.append((r, world, 1.0 / WORLDS))
    for key, s, weight in views:
        for label, seat in seats.items():
            densities(s, seat, tally["seats"][key][label], weight)
        if deck:
            deck_split(s, viewer, tally["deck"][key], weight)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="hard")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--reading", type=float, nargs="+", default=[0.0, 0.6])
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    tally = {"deck": defaultdict(lambda: defaultdict(lambda: [0.0, 0.0])),
             "seats": defaultdict(lambda: defaultdict(lambda: [0.0, 0.0, 0.0]))}
    asked, former = set(), defaultdict(set)
    for g, state, p, action, rng in decisions(args.bots, args.games, args.players, args.seed):
        obs = state.observation(p)
        pres = obs["presidente"]
        if state.phase == ORDERS and (g, obs["round"], p) not in asked and p != pres:
            asked.add((g, obs["round"], p))
            roles = {q: "Presidente" if q == pres else "former Presidente" if q in former[g]
                     else "never Presidente" for q in range(args.players) if q != p}
            for q, role in roles.items():
                measure(state, p, args.reading, rng, {role: q}, False, tally)
            measure(state, p, args.reading, rng, {}, True, tally)
            former[g].add(pres)
        if state.phase == CARD_STEP and action == ACTIONS.done:     # the seat passes
            for viewer in range(args.players):
                if viewer != p:
                    measure(state, viewer, args.reading, rng, {"passed at the card step": p},
                            False, tally)
    keys = [None, *args.reading]
    head = " | ".join("truly" if k is None else f"read {k:g}" for k in keys)
    print(f"{args.bots}, {args.games} games. Share of the unseen copies in the Deck ({head}):")
    for name in NAMES:
        print(f"  {name:28s} " + " | ".join(
            f"{a / max(1.0, b):.3f}" for a, b in (tally["deck"][k][name] for k in keys)))
    print(f"Battle cards / victory-point cards per card in the hand ({head}):")
    for label in tally["seats"][None]:
        print(f"  {label:24s} " + " | ".join(
            f"{b / max(1.0, c):.3f} / {v / max(1.0, c):.3f}"
            for b, v, c in (tally["seats"][k][label] for k in keys)))


if __name__ == "__main__":
    main()
