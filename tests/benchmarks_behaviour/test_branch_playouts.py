"""benchmarks/branch_playouts.py: each legal move of a recorded decision played out to the end."""
from __future__ import annotations

import random

import pytest

import branch_playouts
from partisan.core import load_game
from partisan.core.record import Match


def _record(tmp_path):
    """A WAR game of random moves saved just after its first support decision with two choices."""
    rng = random.Random(3)
    for seed in range(50):
        match = Match(load_game("war", 2), seed)
        while not match.state.is_terminal():
            s = match.state
            if s.current_player() < 0:
                match.play_chance()
                continue
            texts = [s.action_to_string(a) for a in s.legal_actions()]
            if len(texts) == 2 and "no support" in texts:
                index = len(match.actions)
                match.apply(s.legal_actions()[0])          # the decision recorded, then asked again
                return match.save(tmp_path / "war.json"), index, texts
            match.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no support decision in 50 random games")


def test_every_move_of_the_decision_is_played_out(tmp_path, capsys):
    """Both moves of a support decision get a line with the mover's mean return, in [-1, 1],
    and the same seed gives the same figures."""
    path, index, texts = _record(tmp_path)
    runs = []
    for _ in range(2):
        branch_playouts.main([str(path), "--move", str(index), "--worlds", "3", "--bots", "random"])
        runs.append(capsys.readouterr().out)
    assert runs[0] == runs[1]
    lines = runs[0].splitlines()[1:]
    assert [line.split()[0:2] for line in lines] == [text.split()[0:2] for text in texts]
    for line in lines:
        assert -1 <= float(line.split()[-3]) <= 1


@pytest.mark.parametrize("args, says", [(["--move", "0"], "chance outcome"), (["--move", "-1"], "action index"),
                                        (["--bots", "bogus"], "unknown bot")])
def test_bad_input_is_told(tmp_path, args, says):
    path, index, _ = _record(tmp_path)
    with pytest.raises(SystemExit) as stop:
        branch_playouts.main([str(path), "--move", str(index), *args])
    assert says in str(stop.value)
