"""Was a recorded decision right? Play each of its legal moves out to the end.

    python benchmarks/branch_playouts.py SAVE --move INDEX --worlds N --bots SPEC [--seed S]

Replays the saved game (`partisan play --save-to`) up to its action INDEX, which must be a
player's decision, then for every legal move there: N times, redraw what the mover cannot see
(the state's resample, as a bot's search does), play the move, and let SPEC play every seat to
the end. Prints the mover's mean return after each move, with its standard error: a question
about a bot's choice ("it declined a support that wins the skirmish") answered by games played
out, not by the search's own estimate. A move's worlds are drawn from the same seed, so the moves
are compared on the same hidden cards.
"""
from __future__ import annotations

import argparse
import math
import random
import sys

from partisan.ai.bots import make_bot
from partisan.core.record import Match, load


def replayed(path: str, index: int):
    """The state before action `index` of the record at `path`."""
    try:
        record = load(path)
    except (OSError, ValueError) as error:
        raise SystemExit(f"cannot read the saved game {path}: {error}") from None
    if not 0 <= index < len(record.actions):
        raise SystemExit(f"--move is an action index from 0 to {len(record.actions) - 1}, not {index}")
    match = Match(record.game, record.seed)
    for action in record.actions[:index]:
        match.apply(action)
    if match.state.current_player() < 0:
        raise SystemExit(f"action {index} is a chance outcome, not a player's decision")
    return record.game.name, match.state


def play_out(game: str, root, action: int, worlds: int, spec: str, seed: int) -> list[float]:
    """The mover's returns in `worlds` games after `action`, each from a world redrawn for it."""
    mover = root.current_player()
    draws = random.Random(seed)
    returns = []
    for _ in range(worlds):
        state = root.clone()
        state.resample(mover, draws.getrandbits(63))
        state.apply_action(action)
        bots = {}
        while not state.is_terminal():
            seat = state.current_player()
            if seat < 0:
                state.apply_action(state.sample_chance(draws.getrandbits(63)))
                continue
            if seat not in bots:
                bots[seat] = make_bot(spec, seed=draws.getrandbits(31), game=game)
            state.apply_action(bots[seat].choose(state))
        returns.append(state.returns()[mover])
    return returns


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("save")
    parser.add_argument("--move", type=int, required=True, help="the decision's action index in the record")
    parser.add_argument("--worlds", type=int, default=100, help="games played out after each move")
    parser.add_argument("--bots", default="hard", help="the bot spec that plays every seat")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    game, root = replayed(args.save, args.move)
    try:
        make_bot(args.bots, game=game)
    except ValueError as error:
        raise SystemExit(str(error)) from None
    print(f"{game}, action {args.move}: P{root.current_player() + 1} to move; "
          f"{args.worlds} worlds a move, every seat {args.bots}")
    for action in root.legal_actions():
        returns = play_out(game, root, action, args.worlds, args.bots, args.seed)
        mean = sum(returns) / len(returns)
        spread = math.sqrt(sum((r - mean) ** 2 for r in returns) / max(1, len(returns) - 1) / len(returns))
        print(f"  {root.action_to_string(action):<32} {mean:+.3f} ± {spread:.3f}")


if __name__ == "__main__":
    sys.exit(main())
