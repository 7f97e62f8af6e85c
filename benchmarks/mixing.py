"""How often a bot with `mixed=1,margin=m` plays other than its most visited move at secret
decisions:

    python benchmarks/mixing.py war --games 6 --margins 0,0.01,0.02

The bots play whole games (SPEC for every seat, the most visited move everywhere); at each
secret decision of a choice the first seat's search is read once, and for each margin the share
of the decisions where its kept policy gives weight to more than one move and the mean chance
of drawing another than the most visited move are counted (docs/bots.md, "Unreadable and as
strong"). Margin 0 is the whole mixed policy.
"""
from __future__ import annotations

import argparse

from partisan.ai.bots import make_bot, near_best
from partisan.core import load_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--margins", default="0,0.01,0.02")
    parser.add_argument("--spec", default="hard:iterations=0,seconds=0.005")
    args = parser.parse_args()
    margins = [float(m) for m in args.margins.split(",")]
    mixes, other, decisions = dict.fromkeys(margins, 0), dict.fromkeys(margins, 0.0), 0
    for g in range(args.games):
        state = load_game(args.game).new_initial_state(100 + g)
        bots = [make_bot(args.spec, seed=g * 16 + s, game=args.game) for s in range(state.num_players)]
        while not state.is_terminal():
            mover = state.current_player()
            if mover < 0:
                state.apply_action(state.sample_chance())
                continue
            bot = bots[mover]
            if mover == 0 and len(state.legal_actions()) > 1 and state.secret_decision():
                ranked = bot.rank(bot.explain(state))
                policy = dict(bot.search.root_policy())
                low, high = state.return_bounds
                decisions += 1
                for m in margins:
                    kept = near_best(ranked, policy, m * (high - low)) if m else policy
                    mixes[m] += sum(1 for p in kept.values() if p > 0) > 1
                    other[m] += 1.0 - kept.get(ranked[0].action, 0.0) / sum(kept.values())
                state.apply_action(ranked[0].action)
            else:
                state.apply_action(bot.choose(state))
    print(f"{args.game}, {args.spec}, {args.games} games: {decisions} secret decisions of seat 0")
    for m in margins:
        print(f"  margin {m:g}: mixes at {mixes[m] / max(decisions, 1):.0%}, "
              f"another move than the most visited {other[m] / max(decisions, 1):.1%}")


if __name__ == "__main__":
    main()
