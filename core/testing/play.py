"""Random play: the one driver that tests, soaks and benchmarks use to play a game out."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

Chooser = Callable[[Any, list, random.Random], int]


def random_game(state, rng: random.Random, choose: Chooser | None = None, *,
                chance_from_rng: bool = False,
                apply: Callable[[int], None] | None = None) -> Iterator[Any]:
    """Yield `state` before each step of a game played out in place, then stop at the end.

    Decisions are `choose(state, legal, rng)` (uniform by default). Chance comes from the
    state's own seed, as in a live game, or with `chance_from_rng` from `rng`, so one seed
    varies the dice too. `apply` replaces `state.apply_action` (e.g. `Match.apply`, which
    also records the action); the loop stops early if the caller stops iterating.
    """
    apply = apply or state.apply_action
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            apply(state.sample_chance(rng.getrandbits(32)) if chance_from_rng
                  else state.sample_chance())
        else:
            legal = state.legal_actions()
            apply(choose(state, legal, rng) if choose else rng.choice(legal))


def play_out(state, rng: random.Random, choose: Chooser | None = None, *,
             chance_from_rng: bool = False, max_steps: int | None = None,
             apply: Callable[[int], None] | None = None):
    """Play `state` out in place (or for at most `max_steps` steps) and return it."""
    for step, _ in enumerate(random_game(state, rng, choose, chance_from_rng=chance_from_rng,
                                         apply=apply)):
        if max_steps is not None and step >= max_steps:
            break
    return state


def first_decision(game, seed: int = 3):
    """A new game of `game` at its first decision, chance resolved from the state's own seed."""
    state = game.new_initial_state(seed=seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    return state
