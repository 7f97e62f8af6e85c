"""Guerilla's screen (cli/views/guerilla.py): random mid-game positions at 100×40 and 80×24 fit
the width, show the table by faction, the tallies and the viewer's hand, and the viewer's
loyalty marker only (another seat's only once the rules made it known)."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from partisan.cli.console import view_module
from partisan.cli.views import guerilla
from partisan.core.game import load_game
from partisan.core.games.guerilla.view import kind_name

SIZES = {"full": (100, 40), "compact": (80, 24)}


def _lines(renderable, size) -> list[str]:
    console = Console(file=io.StringIO(), width=size[0], height=size[1], force_terminal=True,
                      color_system=None, legacy_windows=False)
    console.print(renderable)
    return console.file.getvalue().splitlines()


def _positions(players: int, seed: int, every: int = 37, limit: int = 4000):
    """States along one random round, every few moves past the set-up."""
    state = load_game("guerilla", players=players).new_initial_state(seed)
    rng = random.Random(seed)
    for n in range(limit):
        if state.is_terminal():
            break
        if n % every == 0 and state.observation(0)["active"] is not None:
            yield state
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    yield state


def test_guerilla_has_its_own_view():
    assert view_module("guerilla") is guerilla


@pytest.mark.parametrize("players, seed", [(2, 4), (3, 1), (4, 2), (6, 3)])
@pytest.mark.parametrize("layout", ["full", "compact"])
def test_mid_game_screens_fit_and_show_the_table(players, seed, layout):
    size = SIZES[layout]
    screens = 0
    for state in _positions(players, seed):
        seat = screens % players
        obs = state.observation(seat)
        lines = _lines(guerilla.render(obs, seat), size)
        text = "\n".join(lines)
        flat = " ".join(text.split())          # names wrapped across lines read whole
        assert all(len(line) <= size[0] for line in lines), text
        assert lines[0].startswith("Guerilla")
        for q in range(players):
            assert f"P{q + 1}" in text
        gov, reb = ("Gov", "Reb") if layout == "compact" else ("Government", "Rebel")
        assert f"{gov} {obs['faction_scores']['Government']}" in flat
        assert f"{reb} {obs['faction_scores']['Rebel']}" in flat
        for g in obs["groups"]:
            assert f"g{g['id']}" in flat
            if g["complex_stats"]:
                assert f"DF{g['complex_stats']['df']} VP{g['complex_stats']['vp']}" in flat
        for card in obs["hand"]:
            shown = guerilla.short_name(card) if layout == "compact" else kind_name(card)
            assert " ".join(shown.split()) in flat
        assert f"Your hand ({len(obs['hand'])} of {obs['hand_limit']})" in flat
        if obs["reaction"] and layout == "compact" and obs["to_move"] == seat:
            note = guerilla.decision_note(obs, seat)                   # said above the moves
            # the window itself, or a step within it (an Ambush's) with the viewer's role
            assert "reaction" in note if obs["phase"] == "reaction" else note.startswith("You "), note
        elif obs["reaction"]:
            assert ("Reaction window" if layout == "full" else obs["phase"].split(":")[0]) in flat
        screens += 1
    assert screens >= 5


def test_only_the_viewers_loyalty_is_shown():
    """l.29: "each player takes one. Each player should look at theirs, but must not allow
    another player to see it"; the screen shows the
    viewer's own marker and '?' for every seat whose marker it has not seen."""
    for state in _positions(4, seed=5, every=101):
        if state.is_terminal():
            continue
        truth = state._snap()["loyalty"]
        for seat in range(4):
            obs = state.observation(seat)
            lines = _lines(guerilla.render(obs, seat), SIZES["full"])
            rows = {line.split()[0]: line for line in lines if line.strip().startswith("P")
                    and len(line.split()) > 1 and line.split()[0][1:].isdigit()}
            for q in range(4):
                known = str(q) in obs["loyalty"]
                assert known == (q == seat or (state._snap()["known"][q] >> seat) & 1 == 1)
                row = rows[f"P{q + 1}"]
                if q == seat:
                    assert ["Government", "Rebel", "Mercenary"][truth[q]] in row
                elif not known:
                    assert " ? " in row and not any(w in row for w in ("Government", "Rebel", "Mercenary"))


def test_the_open_duel_shows_both_loyalties_and_the_round_won():
    """Our reconstruction (core/games/guerilla/RULES.md, "Two players and solitaire"): in the open
    duel "the loyalties are dealt at random and shown to both"; a round scores 1 for the winning
    faction's player, shown as "won"."""
    for state in _positions(2, seed=6, every=211):
        truth = [["Government", "Rebel"][m] for m in state._snap()["loyalty"]]
        for seat in range(2):
            for size in SIZES.values():
                flat = " ".join(_lines(guerilla.render(state.observation(seat), seat), size))
                assert flat.startswith("Guerilla open duel")
                if size == SIZES["full"]:
                    assert all(m in flat for m in truth)
    assert state.is_terminal()
    lines = _lines(guerilla.render(state.observation(0), 0), SIZES["full"])
    assert any(line.split()[:1] == ["seat"] and line.split()[-1] == "won" for line in lines)


def test_trade_offers_and_face_down_cards():
    """l.85-l.87: cards laid face down are seen by their owner only; the others see a count."""
    state = load_game("guerilla", players=4).new_initial_state(7)
    rng = random.Random(7)
    for _ in range(20000):
        if state.is_terminal():
            pytest.skip("no trade in this round")
        obs = state.observation(0)
        laid = obs.get("trade") or {}
        downs = {q: c["face_down"] for q, c in laid.items() if c["face_down"]}
        if any(q != "0" for q in downs):
            break
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    else:
        pytest.skip("no face-down offer")
    text = " ".join("\n".join(_lines(guerilla.render(obs, 0), SIZES["full"])).split())
    assert "Trade:" in text
    for q, down in downs.items():
        if q != "0":
            assert f"{down} face down" in text


def test_an_armor_column_battle_names_its_mode():
    """An Armor Column's attack (mode 8, the unit its defender chose) is shown as such, the unit
    named (l.121: "the defender decides which unit is attacked")."""
    from partisan.core.games.guerilla.cards import load_cards
    deck = load_cards()
    ac, u3, u2 = (deck.ids(n)[0] for n in ("Armor Column", "Unit 1/3", "Unit 1/2"))
    state = load_game("guerilla", players=4).new_initial_state(0)
    state.arrange([0, 1, 0, 1], hands={0: [ac]}, groups=[(1, 1, [u3, u2], 0)])
    for move in ("play Armor Column", "group 0", f"Unit 1/2 (card {u2})"):
        state.apply_action(state.string_to_action(move))
    text = "\n".join(_lines(guerilla.render(state.observation(0), 0), SIZES["full"]))
    assert "Unit 1/2, the unit P2 chose" in text


@pytest.mark.parametrize("layout", ["full", "compact"])
def test_a_combined_attack_shows_both_attacking_groups(layout):
    """Air Assault's combined attack (l.119): the battle line names both groups, and both are
    marked as attacking, at 100×40 and at 80×24."""
    from partisan.core.games.guerilla.cards import load_cards
    deck = load_cards()
    aa, g2, g3, r3 = (deck.ids(n)[0] for n in ("Air Assault", "Unit 2/2", "Unit 3/1", "Unit 1/3"))
    state = load_game("guerilla", players=4).new_initial_state(0)
    state.arrange([0, 1, 0, 1], hands={0: [aa]}, groups=[(0, 0, [g2], 0), (0, 0, [g3], 0),
                                                          (1, 1, [r3], 0)])
    for move in ("play Air Assault", "combine group 0 with another", "combine with group 1"):
        state.apply_action(state.string_to_action(move))
    lines = _lines(guerilla.render(state.observation(0), 0), SIZES[layout])
    text = " ".join("\n".join(lines).split())
    assert all(len(line) <= SIZES[layout][0] for line in lines)
    assert "Battle: you attack with g0 + g1" in text
    assert text.count("⚔" if layout == "compact" else "attacking") == 2
