"""A soak of random Heroes of Baler games (slow suite: `python -m pytest -m slow`), under random
options, checking the table's invariants after every step: where counters may stand, the
tracks' ranges, the infirmary, the territorial map, and that every card is in exactly one
place. heroes_of_baler.txt; l.N = its line."""
import random

import pytest

from partisan.core import CHANCE, TERMINAL
from partisan.core.game import load_game
from partisan.core.games.baler.options import OPTIONS
from partisan.core.games.baler.position import NODES

GAMES = 120


def _options(rng):
    return {o.name: rng.choice(o.choices if o.choices else (False, True)) for o in OPTIONS}


def _cards(snap):
    """Every card's places: hands, decks, discards, Fog of War decks, the shared deck and its
    face-up A/B, the removed pile, an initiative card face down, a Fog of War card drawn and
    not yet placed, the two event cards on the table (the support card is discarded when
    played and only shown there)."""
    places = []
    for name in ("hand", "deck", "discard", "fow_deck"):
        places += [m for m in snap[name]]
    places += [snap["shared_deck"], snap["removed"]]
    singles = [c for c in snap["shared_up"] + snap["secret"] + snap["fow_drawn"] if c >= 0]
    if snap["phase"] == 2:      # Events: the cards played wait on the table until discarded
        singles += [c for c in snap["ev_card"][:2] if c >= 0]
    return places, singles


def _check(state, parts):
    """l.112: "it can never be more than one counter on any map or board space" (but for the
    priests' space 6 and the territorial stack of 3, l.114-l.117); tracks 0-6 (l.143); walls
    and firepower in their tracks; beds 3-6 open (l.944); a unit never on the other side's
    post (l.119); leaders never in bags (l.268); at most 4 surveillance markers (l.1027)."""
    snap = state._snap()
    board, counters = parts.board, parts.board.counters
    held = {}
    for c, s in enumerate(snap["at"]):
        held.setdefault(s, []).append(c)
        space, unit = board.spaces[s], counters.counters[c]
        if space.capacity:
            assert unit.type in space.accepts, (unit.name, space.name)
        if space.kind == board.kind("guard_post"):
            assert space.side == unit.side, (unit.name, space.name)
        if space.name.endswith("_bag"):
            assert counters.types[unit.type] == "soldier" and space.name.startswith(("spain", "philippines")[unit.side])
    for s, units in held.items():
        if board.spaces[s].capacity:
            assert len(units) <= board.spaces[s].capacity, board.spaces[s].name
    for side in range(2):
        assert 0 <= snap["supply"][side] <= 6 and 0 <= snap["morale"][side] <= 6
        assert snap["vp"][side] >= 0
        assert bin(snap["surveillance"][side]).count("1") <= 4
    assert all(0 <= w <= 3 for w in snap["walls"]) and all(-3 <= f <= 3 for f in snap["firepower"])
    assert 3 <= snap["beds_open"] <= 6
    for bed in range(snap["beds_open"] + 1, 7):
        assert not held.get(board.space(f"spain_bed_{bed}")), "a unit in a closed bed"
    assert snap["trench_sabotaged"] & ~snap["trench_built"] == 0
    # the territorial map: one stack of at most 3 Filipinos, short of the foreign power (the
    # US that won a combat stands on their space until they choose their loss and retreat)
    stacks = [n for n in range(1, 6) if held.get(board.space(f"territory_{n}"))]
    assert len(stacks) <= 1
    if stacks:
        assert stacks == [snap["terr_space"]] and snap["terr_space"] <= snap["foreign_space"]
        assert snap["terr_space"] < snap["foreign_space"] or snap["node"] == NODES["territorial loss"]
    assert 2 <= snap["foreign_space"] <= 5
    # every card in exactly one place
    places, singles = _cards(snap)
    seen = singles[:]
    for m in places:
        seen += [c for c in range(64) if (m >> c) & 1]
    assert sorted(seen) == list(range(len(parts.deck.cards))), "a card lost or in two places"
    assert snap["turn"] <= 6


@pytest.mark.slow
def test_random_games_keep_the_invariants():
    rng = random.Random(2026)
    for g in range(GAMES):
        options = _options(rng)
        state = load_game("baler", **options).new_initial_state(g)
        parts = state.parts_view()
        steps = 0
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng.getrandbits(32)))
            else:
                legal = state.legal_actions()
                assert legal, f"game {g} {options}: no legal action at move {state.move_number}"
                state.apply_action(rng.choice(legal))
            _check(state, parts)
            steps += 1
            assert steps < state.max_game_length
        assert sorted(state.returns()) == [-1.0, 1.0]
