"""The end of a game at 80x24: who won and why stay on the last screen even when every seat's
score and its breakdown take more rows than the terminal has (issue 34, "The end of a game says
who won by side or seat name ... and the reason the game ended")."""
from __future__ import annotations

import io
import random

from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.core import load_game
from partisan.core.record import Match


def _finished(game: str, players: int, seed: int) -> Match:
    match, rng = Match(load_game(game, players), seed), random.Random(seed)
    while not match.state.is_terminal():
        s = match.state
        match.apply(rng.choice([a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()))
    return match


def test_the_result_stays_in_view_below_a_score_table_taller_than_the_terminal(tmp_path):
    """guerilla.txt l.115: "Players loyal to the losing faction score half their personal points
    total (fractions rounded down)." Six seats' scores with their breakdowns take more than 24
    rows at 80 columns: a newcomer found "Result: P1 wins" and the reason above the screen, in
    the terminal's scrollback only. They are said again below the scores."""
    match = _finished("guerilla", 6, 5)
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    console.input = lambda prompt="", **_: ""
    session = PlaySession(match, 0, {s: "random" for s in range(1, 6)}, "random", tmp_path / "g.json", console)
    assert session._result_height() > 24
    assert session._run() == 0
    last = console.file.getvalue().splitlines()[-23:]          # the last screenful, the cursor's row apart
    assert any(row.startswith("Result: ") for row in last), "\n".join(last)
    assert any(row.startswith("The game ended because ") for row in last), "\n".join(last)
