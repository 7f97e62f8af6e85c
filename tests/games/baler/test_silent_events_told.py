"""An event that can change nothing says so, with the reason, on the line that resolves it,
also when it is the last event of the phase (a newcomer saw "Philippines: Dig In: main event"
followed by the next phase, and could not tell why no trench appeared). heroes_of_baler.txt, l.N."""
import random

from partisan.core.game import load_game
from partisan.core.games.baler.position import BalerTable
from partisan.core.games.baler.state import NODES

from .conftest import _play

WATCHED = ("at", "supply", "morale", "vp", "walls", "trench_built", "trench_sabotaged", "surveillance",
           "beds_open", "persistence", "foreign_space", "foreign_strength", "us_power", "terr_space",
           "exhausted", "disabled")


def _events(cards, side="philippines", setup=None):
    table = BalerTable()
    if setup:
        setup(table)
    table.give(side, cards)
    state = table.game_state("events", side)
    _play(state, *cards, "done")
    return state


def _empty_filipino_posts(table):
    for area in range(1, 5):
        for post in table.posts(area, "philippines"):
            table.clear(post)


def test_the_last_event_with_no_trench_to_build_says_why():
    """l.1133: a trench section needs "a total of 5 or more manpower on your units on both
    sides of the trench to build." With every Filipino guard post empty, Dig In's main event
    (the phase's last) builds nothing, and its line says so."""
    state = _events(["Dig In", "Katipunan Spirit"], setup=_empty_filipino_posts)
    _play(state, "Katipunan Spirit: main event")
    line = state.describe_action(state.string_to_action("Dig In: main event"), 1)
    assert line == ("you: Dig In: main event has no effect (no empty trench section with "
                    "manpower 5 on its flanks)")


def test_an_event_with_every_track_at_its_limit_says_whose_and_where():
    """l.129: "Any supply or morale gain over 6 has no effect." Rally the Detachment at
    morale 6 raises nothing."""
    def full(table):
        table.set_tracks("spain", morale=6)
    state = _events(["Rally the Detachment", "Sortie"], "spain", full)
    line = state.describe_action(state.string_to_action("Rally the Detachment: main event"), 0)
    assert line == "you: Rally the Detachment: main event has no effect (your morale is at 6 already)"


def test_an_attack_with_no_area_to_attack_says_so():
    """l.582 (an area attacked once a phase) and l.592 (a shooting where a side's posts are
    empty has no effect): Snipers' shooting with no Filipino unit in any guard post has no
    area to attack."""
    state = _events(["Snipers", "Katipunan Spirit"], setup=_empty_filipino_posts)
    line = state.describe_action(state.string_to_action("Snipers: main event"), 1)
    assert line == "you: Snipers: main event has no effect (no area with Filipino units in its guard posts)"


def test_every_event_that_changes_nothing_at_once_says_why():
    """Random games: each event resolved whose part ends with nothing changed, without a
    choice of the player's, has "has no effect (" and a reason on its line; one that
    changes something never says so."""
    game, silent, told = load_game("baler"), [], 0
    for seed in range(12):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            a = rng.choice(state.legal_actions())
            s0 = state._snap()
            if s0["node"] != NODES["ev_next"] or a == 0:
                state.apply_action(a)
                continue
            line = state.describe_action(a, None)
            state.apply_action(a)
            while (not state.is_terminal() and not state.is_chance_node()
                   and state.legal_actions() == [0] and state._snap()["node"] != NODES["ev_next"]
                   and state._snap()["ev_card"][:2] == s0["ev_card"][:2]):
                state.apply_action(0)       # "done" alone: played for the player
            s1 = state._snap()
            over = s1["node"] == NODES["ev_next"] or s1["ev_card"][:2] != s0["ev_card"][:2] or s1["over"]
            nothing = over and all(s0[k] == s1[k] for k in WATCHED)
            said = " has no effect (" in line
            assert not said or nothing, line
            if nothing and not said:
                silent.append(line)
            told += said
    assert not silent, silent
    assert told >= 10
