"""A finished Guerilla game's replay (`partisan replay`, everything shown) has no "you": every
seat is read by its name (issue 34, "Records": a replay shows what the record's human seat saw
only while the game is unfinished; a finished one shows everyone's moves alike)."""
from __future__ import annotations

import random
import re

from partisan.cli.console import apply_narrated
from partisan.core import load_game
from partisan.core.record import Match

YOU = re.compile(r"\byou\b|\byour\b", re.IGNORECASE)


def test_a_finished_games_replay_calls_no_seat_you():
    """guerilla.txt l.29: "Each player should look at theirs, but must not allow another player
    to see it" -- a replay of everything speaks to no seat. A newcomer who played P3 read "you
    form g0, g1" and "(ends your initial deployment ...)" of P1's and P4's moves in the replay of
    his finished game (67 lines)."""
    for seed in (1, 2):
        game = load_game("guerilla", 4)
        live, rng = Match(game, seed), random.Random(seed)
        told = []
        while not live.state.is_terminal():
            s = live.state
            action = rng.choice([a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions())
            told += apply_narrated(live, action, None)
        said = [line for line in told if YOU.search(line)]
        assert not said, said[:5]
