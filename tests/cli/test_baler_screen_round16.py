"""Heroes of Baler's screen, a newcomer's sixteenth round of notes (issue 34, "every consequence
on screen"): at 80x24 the Fog of War choice keeps the command posts, the cards chosen between
and the Filipino leaders and barracks.
heroes_of_baler.txt, l.N; RULES.md."""
from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from partisan.cli.views import baler
from partisan.core.game import load_game

SEEDS = range(1, 21)


def _choices(seed: int):
    """Each Fog of War choice of a random game of `seed`: (seat, its observation)."""
    state, rng = load_game("baler").new_initial_state(seed), random.Random(seed)
    while not state.is_terminal():
        if not state.is_chance_node():
            seat = state.current_player()
            obs = state.observation(seat)
            if baler._choosing_cards(obs, seat):
                yield seat, obs
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))


def _rows(obs: dict, seat: int) -> list[str]:
    console = Console(file=io.StringIO(), width=baler.COMPACT_WIDTH, color_system=None, legacy_windows=False)
    console.print(baler.render(obs, seat))
    return console.file.getvalue().rstrip("\n").split("\n")


def _card_head(card: dict) -> str:
    return f"{card['name']} AP{card['ap']} i{card['initiative']}"


@pytest.mark.parametrize("seed", SEEDS)
def test_the_fog_of_war_choice_at_80x24_keeps_the_posts_the_filipino_camp_and_the_cards(seed):
    """l.1208-1211: "each player looks at the card and decides what to do with it. [...] Place the
    card on the enemy discard pile. Next, take a shared card, either one of the face-up cards or
    the top card from the shared deck". At 80x24 the choice was blind to the Filipino leaders and
    barracks: Spain gave them up before its infirmary. In its COMPACT_ROWS rows the table keeps
    the command posts, the Fog of War card drawn and each shared card whole (by name, action
    points and initiative, every effect), and the Filipino leaders in reserve by name and the
    barracks, unless the cards' texts need that row too: then the infirmary and Spain's leaders
    have gone first."""
    seen = camp_shown = 0
    for seat, obs in _choices(seed):
        rows = _rows(obs, seat)
        text = "\n".join(rows)
        flat = " ".join(text.split())
        assert len(rows) <= baler.COMPACT_ROWS and "Command " in text, text
        drawn = obs["cards"]["fog_of_war"]
        assert drawn is None or _card_head(drawn) in text, text
        for slot, card in zip("AB", obs["cards"]["shared"]):
            assert card is None or re.search(rf"(^|\s){slot} {re.escape(_card_head(card))}", text, re.M), text
        for card in filter(None, [*obs["cards"]["shared"], drawn]):
            assert all(effect in flat for effect in card["main"] + card["secondary"]), text
        camp = next((row for row in rows if row.startswith(("Phil. leaders ", "Leaders "))), None)
        if camp is None:
            assert not any(row.startswith(("Infirmary", "Spain leaders")) for row in rows), text
        else:
            assert "barracks " in camp, text
            assert all(u["name"].split()[-1][:baler.SHORT_NAME] in camp for u in obs["board"]["leaders"]), text
            camp_shown += 1
        seen += 1
    assert seen and camp_shown
