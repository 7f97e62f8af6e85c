"""Heroes of Baler's screen: every area, both tracks and your hand at 100×40 and at 80×24, the
other side's cards never, along random games."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from partisan.cli.console import view_module
from partisan.cli.views import baler
from partisan.core.game import load_game

ROOMY, SMALL = (100, 40), (80, 24)
# Rows left for the board: the events, the legal moves and the prompt need the rest.
BOARD_ROWS = {ROOMY: 36, SMALL: baler.COMPACT_ROWS}


def _lines(obs: dict, seat: int, size) -> list[str]:
    console = Console(file=io.StringIO(), width=size[0], height=size[1], force_terminal=True,
                      color_system=None, legacy_windows=False)
    console.print(baler.render(obs, seat))
    return console.file.getvalue().splitlines()


def _states(seed: int, every: int = 23):
    """States along one random game, every few moves, and the last one."""
    state = load_game("baler").new_initial_state(seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal():
        if n % every == 0:
            yield state
        state.apply_action(state.sample_chance() if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
        n += 1
    yield state


def _head(card: dict) -> str:
    """How the view prints a card's name with its action points and initiative."""
    return f"{card['name']} AP{card['ap']} i{card['initiative']}"


def _hidden(state, seat: int) -> list[dict]:
    """The other side's cards `seat` cannot see: its hand, initiative card and Fog of War draw."""
    mine, theirs = state.observation(seat), state.observation(1 - seat)
    public = {c["id"] for c in (*mine["cards"]["shared"], *mine["cards"]["events"]) if c}
    public |= {c for pile in mine["discard"] for c in pile} | set(mine["removed"])
    cards = theirs["cards"]
    secret = [*cards["hand"], cards["initiative"], cards["fog_of_war"]]
    return [c for c in secret if c and c["id"] not in public]


def test_baler_has_its_own_view():
    assert view_module("baler") is baler


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_positions_fit_and_show_the_siege_and_only_what_the_seat_sees(seed):
    seen = 0
    for state in _states(seed):
        for seat in (0, 1):
            obs = state.observation(seat)
            hidden = [_head(c) for c in _hidden(state, seat)]
            for size in (ROOMY, SMALL):
                lines = _lines(obs, seat, size)
                text = " ".join(" ".join(lines).split())     # a wrapped card name is one again
                assert len(lines) <= BOARD_ROWS[size], (size, text)
                assert all(len(line) <= size[0] for line in lines)
                assert f"Turn {obs['turn']}/6" in text
                picking = obs["actor"] == seat and baler.NODE_NAMES.get(obs["node"]) in baler.CARD_NODES
                fight = size == ROOMY and not picking and baler.combat_log(obs) is not None
                # at 80×24 when a card is chosen: in full for the initiative, else by name and
                # icons (an event's action points and initiative count for nothing), the names
                # cut short when rows run short (the menu names every card in full); beside a
                # combat at least by name
                events = size == SMALL and baler.NODE_NAMES.get(obs["node"]) != "init"
                if size == ROOMY or picking:
                    for card in obs["cards"]["hand"]:
                        name = card["name"]
                        cut = dict(card, name=name[:baler.CUT_NAME - 1].rstrip() + "…")
                        assert any(shown in text for shown in (
                            [name] if fight or events else [_head(card)]) + (
                            [cut["name"] if events else _head(cut)] if size == SMALL and picking else [])), (size, name)
                        assert size == ROOMY or any(name in entry for entry in obs["menu"]), (obs["menu"], name)
                for card in hidden:
                    assert card not in text, (size, card)
                for side in ("Spain", "Philippines" if size == ROOMY else "Phil."):    # compact: Phil.
                    assert side in text
            full = "\n".join(_lines(obs, seat, ROOMY))
            for a in range(1, 5):
                assert f"Area {a}" in full
            for area in obs["board"]["areas"]:
                for side in (0, 1):
                    for post in area["posts"][side]:
                        u = post["unit"]
                        if u:
                            assert f"{baler._short(u, baler.POST_NAME)} {baler._factors(u)}" in full
            shared = not (baler.combat_log(obs) or obs["actor"] == seat and baler.NODE_NAMES.get(
                obs["node"]) in baler.CARD_NODES)   # else the combat or the hand chosen from has the rows
            for card in obs["cards"]["shared"] if shared else ():
                if card:
                    assert _head(card) in full
            seen += 1
    assert seen >= 10


def test_the_full_board_shows_the_tracks_walls_and_territorial_map():
    state = next(s for s in _states(5, every=1) if s.observation(0)["phase"] == "action")
    obs = state.observation(0)
    full = "\n".join(_lines(obs, 0, ROOMY))
    for a, area in enumerate(obs["board"]["areas"]):
        assert area["walls"] in full
    assert "Spain (you)" in full and "Your hand" in full
    assert f"[Spain {obs['foreign_power'][1]}]" in full or f"[US {obs['foreign_power'][1]}]" in full
    small = "\n".join(_lines(obs, 0, SMALL))
    assert "╭" not in small and "╭" in full


def test_changes_report_tracks_and_walls():
    state = load_game("baler").new_initial_state(1)
    before = state.observation(0)
    after = {**before, "vp": [before["vp"][0] + 2, before["vp"][1]],
             "walls": ["Damaged", *before["walls"][1:]]}
    for seat, whose in ((1, "Spain"), (None, "Spain"), (0, "your")):    # the player's own side: "your"
        assert baler.changes(before, after, seat) == [
            f"walls of area 1: {before['walls'][0]} → Damaged",
            f"{whose} VP {before['vp'][0]} → {before['vp'][0] + 2}"]
    assert baler.changes(before, before, 0) == []
