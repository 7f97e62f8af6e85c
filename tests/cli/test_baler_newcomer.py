"""Heroes of Baler as a newcomer plays it (issue 34): every consequence on screen and in `log`,
prompts that say what they ask, the automa's card by its title, and move texts in the game's
own words, at 100×40 and at 80×24."""
from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from partisan.cli.views import baler
from partisan.core.games.baler.automa import ROWS, AutomaCard, Decision
from partisan.core.games.baler.state import CHANCE_OUTCOMES, FLOW, NODES
from partisan.core.game import load_game
from partisan.core.games.baler.position import BalerTable

ROOMY, SMALL = (100, 40), (80, 24)


def _screen(obs: dict, seat: int, size) -> str:
    console = Console(file=io.StringIO(), width=size[0], height=size[1], force_terminal=True,
                      color_system=None, legacy_windows=False)
    console.print(baler.render(obs, seat))
    return console.file.getvalue()


def _flat(text: str) -> str:
    """The screen's words in one line, without the panel's sides (a wrapped note is whole again)."""
    return " ".join(text.replace("│", " ").split())


def _random_until(seed: int, stop, automa: bool = False):
    """A random game of `seed` up to the first state where stop(state) holds."""
    state = load_game("baler", automa=automa).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal() and not stop(state):
        state.apply_action(state.sample_chance() if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    return state


def _play(state, *texts):
    for text in texts:
        state.apply_action(state.string_to_action(text))


def _node(state) -> str:
    return {n: name for name, n in NODES.items()}.get(state._snap()["node"])


# ------------------------------------------------------------------ the initiative cards
def test_both_initiative_cards_are_told_when_revealed_and_shown_on_the_board():
    state = _random_until(5, lambda s: _node(s) == "init" and s.current_player() == 1)
    before = state.observation(0)
    state.apply_action(state.legal_actions()[0])
    after = state.observation(0)
    cards = after["cards"]["revealed"]
    assert all(cards)
    [line] = [x for x in baler.changes(before, after, 0) if x.startswith("Initiative cards revealed")]
    for side, card in zip(("Spain", "Philippines"), cards):
        assert f"{side} {card['name']} (initiative {card['initiative']})" in line
    assert line.endswith(f"{after['initiative']} {'keeps' if after['initiative'] == before['initiative'] else 'takes'} the initiative")
    if after["phase"] == "initiative":
        for size in (ROOMY, SMALL):
            text = _flat(_screen(after, 0, size))
            assert all(card["name"] in text for card in cards), size


def test_the_log_of_a_solo_game_tells_the_reveal(partisan):
    run = partisan("solo", "baler", "--side", "spain", "--seed", "5", input="1\nlog\nquit\n")
    assert "Initiative cards revealed: Spain " in run.out


# ------------------------------------------------------------------ the board at 80×24
def test_the_compact_board_keeps_command_posts_leaders_and_barracks():
    state = _random_until(3, lambda s: _node(s) == "act" and s._snap()["turn"] == 2)
    obs = state.observation(state.current_player())
    text = _screen(obs, state.current_player(), SMALL)
    assert len(text.splitlines()) <= baler.COMPACT_ROWS
    posts = obs["board"]["command"]
    if not any(u for side in posts for u in side.values()):     # said shortly beside a full infirmary
        assert "Command —" in text or "Command Spain — │ Phil. —" in text, text
        return
    command = next(line for line in text.splitlines() if "Command Spain " in line)
    for side, label in ((0, "Spain "), (1, "│ Phil. ")):
        leaders = [u for u in posts[side].values() if u]
        assert label + ("—" if not leaders else "") in command
        assert all(baler._short(u, 4) in command for u in leaders)


def test_an_exhausted_leader_is_marked_in_words():
    u = {"name": "Enrique de las Morenas", "group": "Enrique de las Morenas", "type": "leader",
         "combat": 2, "manpower": 0, "rank": 3, "exhausted": True, "disabled": False}
    assert baler._unit(u, 0, 4).plain == "More 2 r3 exh"
    assert "exh exhausted" in baler.LEGEND


@pytest.mark.parametrize("size", [ROOMY, SMALL])
def test_the_fog_of_war_choice_shows_the_draw_and_the_shared_cards_in_full(size):
    state = _random_until(4, lambda s: _node(s) == "fow_keep")
    seat = state.current_player()
    obs = state.observation(seat)
    text = _flat(_screen(obs, seat, size))
    assert len(_screen(obs, seat, size).splitlines()) <= (36 if size == ROOMY else baler.COMPACT_ROWS)
    drawn = obs["cards"]["fog_of_war"]
    assert re.search(f"(Fog of War card drawn|FoW( drawn)?): {drawn['name']}", text) and drawn["main"][0] in text
    for slot, card in zip("AB", obs["cards"]["shared"]):        # "Shared A", or "A" at 80x24
        assert re.search(f"(Shared )?{slot} {card['name']}", text) and card["main"][0] in text


def test_the_track_heads_keep_their_labels_beside_long_notes():
    state = _random_until(4, lambda s: _node(s) == "fow_keep")
    seat = state.current_player()
    head = _screen(state.observation(seat), seat, ROOMY).splitlines()[1]
    assert head.split()[1:] == ["supply", "morale", "VP", "AP", "hand", "deck", "bag", "lost", "│"]


# ------------------------------------------------------------------ prompts
def test_the_fog_of_war_prompt_says_what_yes_and_done_do():
    """l.1210: "Place the card on your own discard pile. This prevents your opponent from
    getting and playing that card later. However, it costs you 1 morale level." and l.216:
    "Having an enemy Fog of War card in hand is the same as having a blank card, or one card
    less. You cannot use it": the prompt says what keeping brings, and what it does not."""
    state = _random_until(4, lambda s: _node(s) == "fow_keep")
    seat = state.current_player()
    note = baler.decision_note(state.observation(seat), seat)
    side = ("Spain", "Philippines")[seat]
    name = state.observation(seat)["cards"]["fog_of_war"]["name"]
    assert note.startswith(f"{side}: keep {name} from the enemy? yes: 1 morale, ")
    assert "a blank card (no AP, never played)" in note and "no: into the enemy's discard pile" in note


def test_the_boost_prompt_names_the_icon_it_asks_about():
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie", "Signal to the Yorktown"])
    state = table.game_state("events", "spain")
    _play(state, "Volley from the Bell Tower", "Sortie", "Signal to the Yorktown")
    assert _node(state) == "ev_boost"
    note = baler.decision_note(state.observation(0), 0)
    assert note.startswith("Spain: which event does the support card's star boost?")
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "Volley from the Bell Tower: secondary event", "Sortie: secondary event"]


def test_the_header_names_the_side_to_move():
    state = _random_until(2, lambda s: _node(s) == "init")
    seat = state.current_player()
    for size in (ROOMY, SMALL):
        assert f"your move, {('Spain', 'Philippines')[seat]}" in _screen(state.observation(seat), seat, size)


# ------------------------------------------------------------------ the automa
def test_the_automa_s_reason_names_its_card_the_row_and_a_die_s_tie():
    card = AutomaCard(7, "Assault: Night raid", {row: () for row in ROWS})
    assert Decision(0, card, "shootings", "walls_weakest", 3).reason() == (
        'Partisan automa card 7 "Assault: Night raid", Shootings row: the area with the weakest '
        "walls; a die picked among 3 tied choices")
    assert "a die" not in Decision(0, card, "events", "ap_low", 1).reason()


def test_the_automa_s_card_is_on_the_board_by_its_title():
    """At 80x24 the first screens give the tracks' row to Spain's head start (round 6), so the
    card is looked for once the opening is over."""
    state = _random_until(1, lambda s: s.observation(0)["automa_card"] and not s.is_chance_node()
                          and not baler._head_start(s.observation(0), 0), automa=True)
    obs = state.observation(0)
    title = obs["automa_title"]
    assert title == state.game.data.automa[obs["automa_card"] - 1].name
    assert f"automa card {obs['automa_card']}: {title}" in _flat(_screen(obs, 0, ROOMY))
    assert f"automa {obs['automa_card']}: {title}" in _screen(obs, 0, SMALL)


def test_the_log_names_the_automa_s_card_and_its_title(partisan):
    run = partisan("solo", "baler", "--side", "spain", "--seed", "3", input="1\nlog\nquit\n")
    drawn = re.findall(r"the automa draws card (\d+): ([^\n]+)", run.out)
    assert drawn and all(title.strip() for _, title in drawn)
    assert re.search(r'Partisan automa card \d+ "[^"]+", [A-Z][a-z ]+ row: ', _flat(run.out))


# ------------------------------------------------------------------ silent events
def test_an_event_that_changes_nothing_gets_a_line():
    """Field Hospital's main event heals; with an empty infirmary it has nothing to do."""
    table = BalerTable()
    table.give("spain", ["Field Hospital", "Sortie"])
    state = table.game_state("events", "spain")
    _play(state, "Field Hospital", "Sortie", "done")
    line = state.describe_action(state.string_to_action("Field Hospital: main event"), 0)
    assert line == "you: Field Hospital: main event has no effect (the infirmary is empty)"


# ------------------------------------------------------------------ move texts
def test_move_texts_use_the_game_s_words():
    """Every move offered along random games reads as the board prints it: no internal names
    such as spain_3_4_area_1."""
    texts = set()
    for seed in (1, 2):
        state = load_game("baler").new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            texts.update(state.action_to_string(a) for a in state.legal_actions())
            state.apply_action(rng.choice(state.legal_actions()))
    assert not [t for t in texts if "_" in t]
    assert "Bell Tower '2'" in texts and any(t.endswith(": main event") for t in texts)


def test_the_title_of_a_solo_game_shows_no_internal_option(partisan):
    """The automa's deck is how the game is set up for the automa, not a variant to name."""
    assert str(load_game("baler", automa=True)) == "Heroes of Baler (2 players)"
    assert str(load_game("baler", artillery_vp=2)) == "Heroes of Baler (2 players, artillery_vp=2)"
    run = partisan("solo", "baler", "--side", "spain", "--seed", "3", input="quit\n")
    assert "automa=True" not in run.out and "Heroes of Baler (solo against the automa)" in run.out


def test_persistence_and_surveillance_markers_get_their_lines():
    table = BalerTable()
    table.give("philippines", ["Takeover attempt", "Massed Assault"])
    state = table.game_state("action", "philippines")
    before = state.observation(1)
    _play(state, "persistence")
    assert "your Persistence active" in baler.changes(before, state.observation(1), 1)
    before = state.observation(1)
    _play(state, "surveillance", "area 3")
    assert "your surveillance marker placed in area 3" in baler.changes(before, state.observation(1), 1)


def test_placing_a_unit_names_it():
    state = _random_until(2, lambda s: _node(s) == "man")
    seat = state.current_player()
    obs = state.observation(seat)
    unit = obs["moving_unit"]
    assert unit and f", {unit['group'].split()[0]} {baler._factors(unit)}, goes" in baler.decision_note(obs, seat)


def test_a_combat_roll_says_whose_dice_it_is():
    """A combat's roll is told as the rolling side's dice, in the combat named by its kind and
    area ("your combat dice, shooting in area 1: 2 4 6"), not as a bare "chance: roll"."""
    state = load_game("baler").new_initial_state(4)
    rng = random.Random(4)
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        if state.is_chance_node() and CHANCE_OUTCOMES.locate(a)[0] == "roll" \
                and state._snap()["node"] == FLOW["N_C_ROLL"]:
            side = state._snap()["actor"]
            faces = state.action_to_string(a)[len("roll "):]
            cb = state._snap()["combat"]
            combat = f"{('shooting', 'incursion', 'artillery')[cb['kind'] - 1]} in area {cb['area'] + 1}"
            assert state.describe_action(a, side) == f"your combat dice, {combat}: {faces}"
            other = ("Spain's", "the Philippines'")[side]
            assert state.describe_action(a, 1 - side) == f"{other} combat dice, {combat}: {faces}"
            return
        state.apply_action(a)
    raise AssertionError("no combat roll in the game")
