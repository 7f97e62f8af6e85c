"""Junta: does an ISMCTS preset beat uniformly random opponents, and how fast is the search?

    python benchmarks/junta_strength.py --games 200 --players 3 [--bot expert] [--iterations N] [--out FILE]
    python benchmarks/junta_strength.py --speed

The bot takes a rotating seat against random bots; a shared win counts as a win for every
winner. The result (and progress) is written as JSON to --out.
"""
from __future__ import annotations

import argparse
import json
import random
import time

from partisan.ai.bots import make_bot
from partisan.ai.ismcts import ISMCTS, random_playouts
from partisan.core.game import load_game


def play(players: int, expert: bool, seed: int, bot_seat: int, preset: str,
         bot_params: dict) -> tuple[bool, int]:
    state = load_game("junta", players, expert=expert).new_initial_state(seed)
    bot = make_bot(preset, seed=seed, game="junta", **bot_params)
    rand = make_bot("random", seed=seed + 1)
    rng = random.Random(seed)
    while not state.is_terminal():
        p = state.current_player()
        if p < 0:
            state.apply_action(state.sample_chance(rng.getrandbits(63)))
        else:
            state.apply_action((bot if p == bot_seat else rand).choose(state))
    return state.returns()[bot_seat] > 0, state.observation(0)["round"]


def opening(players: int, seed: int = 1):
    state = load_game("junta", players).new_initial_state(seed)
    while state.current_player() < 0:
        state.apply_action(state.sample_chance())
    return state


def speed(players: int, playouts: int = 2000, iterations: int = 5000) -> dict:
    state = opening(players)
    start = time.perf_counter()
    random_playouts(state, playouts, 1)
    playout_rate = playouts / (time.perf_counter() - start)
    search = ISMCTS(uct_c=2.0, rollout_depth=150, seed=1)
    start = time.perf_counter()
    search.search(state, iterations)
    return {"players": players, "playouts_per_s": round(playout_rate),
            "iterations_per_s": round(iterations / (time.perf_counter() - start))}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--expert", action="store_true", help="the Expert Game")
    ap.add_argument("--bot", default="expert", help="the preset to measure")
    ap.add_argument("--iterations", type=int, default=0, help="override the preset's budget")
    ap.add_argument("--out", default="junta_strength.json")
    ap.add_argument("--speed", action="store_true")
    args = ap.parse_args()
    if args.speed:
        print(json.dumps([speed(3), speed(5)], indent=1))
        return
    params = {"iterations": args.iterations} if args.iterations else {}
    wins = games = 0
    rounds = []
    start = time.time()
    for g in range(args.games):
        won, r = play(args.players, args.expert, 1000 + g, g % args.players, args.bot, params)
        wins += won
        games += 1
        rounds.append(r)
        with open(args.out, "w") as fh:
            json.dump({"players": args.players, "expert": args.expert, "bot": args.bot,
                       "bot_params": params, "games": games, "bot_wins": wins,
                       "win_rate": wins / games, "random_baseline": 1 / args.players,
                       "mean_rounds": sum(rounds) / games,
                       "seconds": round(time.time() - start)}, fh, indent=1)


if __name__ == "__main__":
    main()
