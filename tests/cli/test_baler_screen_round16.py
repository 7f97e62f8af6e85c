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


def test_the_frame_s_title_names_the_side_in_full_in_the_shooting_phases():
    """l.498: the First Shootings phase. At 100 columns the title read "... second shootings ·
    initiative: Philippines · your move, Philippine─╮": the title is said shorter ("Baler ·",
    "init") where the whole would not fit between the frame's corners."""
    seen = 0
    for seed in range(1, 3):
        state, rng = load_game("baler").new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            if not state.is_chance_node():
                seat = state.current_player()
                obs = state.observation(seat)
                if "shootings" in obs["phase"]:
                    console = Console(file=io.StringIO(), width=100, color_system=None, legacy_windows=False)
                    console.print(baler.render(obs, seat))
                    top = console.file.getvalue().split("\n")[0]
                    assert re.search(rf"your move, {baler.SIDES[seat]} ─+╮$", top), top
                    seen += 1
            state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert seen


def test_walls_brought_to_destroyed_by_an_event_say_they_score_nothing():
    """l.873: "If the condition of the church walls reaches the state 'Destroyed' as a
    consequence of the artillery attack, flip the wall condition marker. [...] the Philippine
    side scores 1 victory point." In play the Takeover attempt's die took area 4 from Wrecked to
    Destroyed and the Philippines' VP stayed, unsaid: the walls' line says why."""
    from partisan.core.games.baler.position import BalerTable
    from tests.games.baler.conftest import _play
    table = BalerTable()
    table.set_walls(4, "Wrecked")
    table.give("philippines", ["Takeover attempt", "Snipers"])
    state = table.game_state("events", "philippines")
    _play(state, "Takeover attempt", "Snipers", "done", "Takeover attempt: main event", "area 4")
    before = state.observation(1)
    _play(state, "die 6")
    after = state.observation(1)
    assert after["walls"][3] == "Destroyed" and after["vp"] == before["vp"]
    assert ("walls of area 4: Wrecked → Destroyed (no VP: only artillery scores walls brought to Destroyed)"
            in baler.changes(before, after, 1))


def test_a_kill_s_points_are_told_before_the_next_shooting_begins():
    """l.498: both areas of the First Shootings are chosen, then resolved one after the other.
    In play "Spain's shooting in area 4 begins" came before "your VP 1 → 2: +1 for José Pestana
    killed", which the shooting in area 2 scored: what a combat's end scored is told before the
    next combat begins."""
    seen = 0
    for seed in range(1, 3):
        state, rng = load_game("baler").new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            before = state.observation(1)
            state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
            after = state.observation(1)
            lines = baler.changes(before, after, 1)
            begins = [i for i, line in enumerate(lines) if line.endswith(" begins") or " begins, " in line]
            scored = [i for i, line in enumerate(lines) if " VP " in line and "→" in line]
            if begins and scored and len(after.get("combat_log") or []) > 1:
                assert max(scored) < min(begins), lines
                seen += 1
    assert seen


def test_a_shortened_menu_keeps_the_events_to_resolve_before_done():
    """l.356: "you can choose not to resolve some or even all the events on the cards": "done"
    gives up those left. On a tall table at 100x40 the menu kept "1. done" alone above "3 more
    moves": a shortened menu keeps the moves that do something first, "done" last."""
    from partisan.core.games.baler.position import BalerTable
    from tests.games.baler.conftest import _play
    table = BalerTable()
    table.set_tracks("philippines", supply=6)
    table.give("philippines", ["Requisition", "Snipers", "Massed Assault"])
    state = table.game_state("events", "philippines")
    _play(state, "Requisition", "Snipers", "done")
    obs = state.observation(1)
    assert obs["menu"] == ["done", "Requisition: main event (could change nothing: your supply is at 6 already)",
                           "Snipers: main event"]
    assert baler.menu_first(obs, 1) == [3, 2, 1]


def test_a_yes_no_question_keeps_its_question_when_the_menu_is_cut():
    """l.1208-l.1211: at the Fog of War step each side decides whether to keep the card it drew.
    At 80x24 a crowded screen folded a question's note into `moves` and left "1. no  2. yes"
    under "Your move, Spain (the note on the moves: type `moves`)": the player answered "use
    Carreño now?" unseen. Moves that are bare answers keep the note's first row, the question."""
    from partisan.cli.play.session import PlaySession
    from partisan.core.record import Match
    def asked(seed: int) -> list[int] | None:
        """The moves of a random game of `seed` up to Spain's first choice to keep a card, if any."""
        state, rng, actions = load_game("baler").new_initial_state(seed), random.Random(seed), []
        while not state.is_terminal():
            if (not state.is_chance_node() and state.current_player() == 0 and len(state.legal_actions()) == 2
                    and baler.NODE_NAMES.get(state.observation(0)["node"]) == "fow_keep"):
                return actions
            actions.append(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
            state.apply_action(actions[-1])
        return None
    seed, actions = next((seed, moves) for seed in range(1, 30) for moves in (asked(seed),) if moves)
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("baler"), seed, actions), 0, {1: "random"}, "random", None, console)
    assert [session.state.action_to_string(a) for a in session.state.legal_actions()] == ["done", "yes"]
    console.print(session._fitted(session.moves(), 2))
    shown = console.file.getvalue()
    assert "keep " in shown and "1. no" in shown and "the note on the moves" not in shown, shown


def test_cards_gives_each_spanish_leader_his_type():
    """l.247: "Leader type. Spanish leaders belong to one of three types: Military (yellow star
    icon), medical (green cross), or religious (cross on purple background)." A newcomer found
    the type nowhere, though it decides the command post a leader may take: `cards` says it."""
    console = Console(file=io.StringIO(), width=100, color_system=None, legacy_windows=False)
    console.print(baler.reference(load_game("baler")))
    told = console.file.getvalue()
    for leader, kind in (("Rogelio Vigil de Quiñones", "medical"), ("Enrique de las Morenas", "military"),
                         ("Juan López", "religious")):
        assert re.search(rf"{leader} +leader \({kind}\)", told), told


def test_surveillance_at_a_firepower_already_at_its_cap_says_it_changes_nothing():
    """l.625: "A positive firepower (1 to 3) results in a dice bonus to the strongest side";
    l.640: the surveillance bonuses modify the firepower. At firepower 3 the question said "+1
    firepower", the dice stayed 4 and the marker was spent: the question says it could change
    nothing, unless the enemy's marker there may take some back."""
    from partisan.core.games.baler.position import BalerTable
    from tests.games.baler.conftest import _play
    for enemy_marker in (False, True):
        table = BalerTable()
        for side in ("spain", "philippines"):
            for post in table.posts(1, side):
                table.clear(post)
        for post, unit in zip(table.posts(1, "spain"), table.soldiers("spain", 3)):
            table.put(unit, post)
        table.put(table.soldiers("philippines", 1)[0], list(table.posts(1, "philippines"))[0])
        table.set_surveillance("spain", 1)
        table.set_surveillance("philippines", 1, enemy_marker)
        table.give("spain", ["Redeploy"])
        state = table.game_state("action", "spain")
        _play(state, "shooting area 1")
        obs = state.observation(0)
        assert baler.NODE_NAMES.get(obs["node"]) == "surv" and obs["combat"]["firepower"] == 3
        note = baler.decision_note(obs, 0)
        assert ("your firepower is at its cap, 3: it could change nothing" in note) != enemy_marker, note
