"""The title's move counter (cli/play/screen.py): a move is a run of the player's own decisions
with no other seat's decision between them (a Garden card with its aim, its angle and its
explosion is one move), not each sub-choice."""
from __future__ import annotations

import io
import random

from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match


def _session(game: str, players: int, seed: int) -> PlaySession:
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    return PlaySession(Match(load_game(game, players), seed), 0, {s: "random" for s in range(1, players)},
                       "random", None, console)


def test_a_garden_card_with_its_aim_and_angle_is_one_move():
    """After each card the player plays, the counter goes up by one: the card, the aim, the
    angle and the explosion chosen for it are one move ("your 3rd move" while playing the third
    card), so ten cards are ten moves, not 26."""
    session, rng, titles = _session("garden", 2, 3), random.Random(3), []
    while True:
        session._advance()
        if session.state.is_terminal():
            break
        state = session.state
        choosing_card = state.action_to_string(state.legal_actions()[0]).startswith("play ")
        played = sum(line.startswith("you: play ") for _, line in session.log)
        titles.append(session._title())
        assert session._title() == f"your {_ordinal(played + choosing_card)} move", titles
        session.handle(str(rng.randint(1, len(state.legal_actions()))))
    assert len(set(titles)) >= 8 and len(titles) > len(set(titles))


def test_undo_counts_the_moves_again_from_the_record(tmp_path):
    """Undo replays the record: the counter is the same as before the move taken back."""
    session, rng = _session("garden", 2, 5), random.Random(5)
    session.save_path = tmp_path / "g.json"
    titles = []
    for _ in range(5):
        session._advance()
        titles.append(session._title())
        session.handle(str(rng.randint(1, len(session.state.legal_actions()))))
    session._advance()
    assert session.handle("undo") == "undone"
    assert session._title() == titles[-1]


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10 if n % 100 not in (11, 12, 13) else 0, 'th')}"
