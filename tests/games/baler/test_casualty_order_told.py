"""The casualty a location die picks is told right after that die, before one that needed no
die (a newcomer read "casualty location die for Philippines: 3" followed by a man of post 5-6
killed, the die's man of post 3-4 told second). heroes_of_baler.txt, l.N."""
import random
import re

from partisan.cli.console import apply_narrated
from partisan.core.game import load_game
from partisan.core.record import Match

DIE = re.compile(r"casualty location die for Philippines: (\d)")
HIT = re.compile(r"Philippines: .*\(post (\d)-(\d)\) (killed|wounded)")


def test_the_first_casualty_told_after_a_location_die_is_at_its_post():
    """l.683: "Roll a die for each casualty suffered. The result indicates the guard post where
    it occurs. If the post is empty, roll again until obtaining a manned guard post. If there
    is only one manned guard post, the unit in that post is automatically affected.\""""
    game, checked = load_game("baler"), 0
    for seed in range(1, 12):
        match, rng = Match(game, seed), random.Random(seed)
        while not match.state.is_terminal():
            state = match.state
            action = state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
            face = None
            for line in apply_narrated(match, action, 0):
                if DIE.search(line):
                    face = int(DIE.search(line)[1])
                elif face is not None and HIT.search(line):
                    low, high = map(int, HIT.search(line).groups()[:2])
                    assert low <= face <= high, line
                    checked += 1
                    face = None
    assert checked >= 50
