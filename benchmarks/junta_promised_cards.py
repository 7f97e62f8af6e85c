"""Junta: where the battle cards are once the Presidente has made his promises, and where a
search's worlds put them.

    python benchmarks/junta_promised_cards.py --bots hard --games 15 [--reading 0 0.6 1] [--seed 0]

Four bots of the spec play; at each Golpista's first order of a round (Command Militias, the
promises made), the battle cards the Golpista cannot see are counted where they are, and in
worlds it resamples with each reading weight (`read`, core/games/junta/resample.pyx). Printed:
the share of those cards in the Presidente's hand, truly and in the worlds.
"""
from __future__ import annotations

import argparse
import random

from partisan.ai.bots import make_bot
from partisan.core.game import load_game
from partisan.core.games.junta.cards import BATTLE_EFFECTS, load_data

BATTLE = {c.name for c in load_data().cards if c.effect in BATTLE_EFFECTS}
ORDERS = "command militias"
WORLDS = 5


def battle_cards(state, seat: int, piles: bool) -> int:
    """Battle cards in `seat`'s hand (and its promise pile with `piles`), as the state has it."""
    mine = state.observation(seat)["seats"][seat]
    held = list(mine["hand"].items()) + (list((mine.get("promises") or {}).items()) if piles else [])
    return sum(n for name, n in held if name in BATTLE)


def unseen_split(state, viewer: int) -> tuple[int, int]:
    """(battle cards in the Presidente's hand, in every hand and promise pile but the viewer's)."""
    pres = state.observation(viewer)["presidente"]
    others = sum(battle_cards(state, q, True) for q in range(state.num_players) if q != viewer)
    return battle_cards(state, pres, False), others


def decisions(spec: str, games: int, players: int, seed: int):
    """Self-play of bots of `spec`, game after game: yields (game number, state, seat, its move,
    the game's rng) at each decision, before the move is played; the rng also draws the chance
    outcomes."""
    game = load_game("junta", players)
    for g in range(games):
        state = game.new_initial_state(seed + g)
        bots = [make_bot(spec, (seed + g) * 10 + q, game="junta") for q in range(players)]
        rng = random.Random(seed + g)
        while not state.is_terminal():
            p = state.current_player()
            if p < 0:
                state.apply_action(state.sample_chance(rng.getrandbits(63)))
                continue
            action = bots[p].choose(state)
            yield g, state, p, action, rng
            state.apply_action(action)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="hard")
    ap.add_argument("--games", type=int, default=15)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--reading", type=float, nargs="+", default=[0.0, 0.6, 1.0])
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    truth = [0, 0]
    worlds = {r: [0, 0] for r in args.reading}
    asked = set()
    for g, state, p, _, rng in decisions(args.bots, args.games, args.players, args.seed):
        obs = state.observation(p)
        if state.phase == ORDERS and (g, obs["round"], p) not in asked and p != obs["presidente"]:
            asked.add((g, obs["round"], p))
            for i, n in enumerate(unseen_split(state, p)):
                truth[i] += n
            for r in args.reading:
                for _ in range(WORLDS):
                    world = state.clone()
                    world.resample(p, rng.getrandbits(63), r)
                    for i, n in enumerate(unseen_split(world, p)):
                        worlds[r][i] += n
    print(f"{args.bots}, {args.games} games: battle cards a Golpista cannot see, share in the "
          f"Presidente's hand")
    print(f"  truly: {truth[0] / max(1, truth[1]):.1%} of {truth[1]}")
    for r, (pres, total) in worlds.items():
        print(f"  worlds read with {r:g}: {pres / max(1, total):.1%}")


if __name__ == "__main__":
    main()
