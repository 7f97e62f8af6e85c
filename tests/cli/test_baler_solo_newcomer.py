"""Heroes of Baler as a newcomer played it alone against the automa at 100×40: the solo rules
and the automa's cards readable in the game, every card, leader, die and unit named as a player
names it, the board's figures current, every counter of a space shown, and events in the order
they happen."""
from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from partisan.cli.views import baler
from partisan.core.game import game_info, load_game
from partisan.cli.play.prompt import menu_entries
from partisan.cli.rules import rules_sections
from partisan.core.games.baler.automa import ROWS, rules_text
from partisan.core.games.baler.position import BalerTable
from partisan.core.games.baler.state import FLOW, NODES
from tests.cli.test_baler_newcomer import _random_until

ROOMY, SMALL = (100, 40), (80, 24)
PILE = ("Spain's", "the Philippines'")       # whose discard pile
COPY_NUMBER = re.compile(r"\b[A-Z][a-z]+ \d-\d \d+\b")      # "Katipunero 2-2 1": a counter's copy


def _screen(obs: dict, seat: int, size=ROOMY, whole: bool = False) -> list[str]:
    console = Console(file=io.StringIO(), width=size[0], height=size[1], force_terminal=True,
                      color_system=None, legacy_windows=False)
    console.print(baler.render(obs, seat, whole))
    return console.file.getvalue().splitlines()


def _text(renderable, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, legacy_windows=False)
    console.print(renderable)
    return " ".join(console.file.getvalue().split())


def _node(state) -> str | None:
    return {n: name for name, n in NODES.items()}.get(state._snap()["node"])


def _told(seed: int, automa: bool = False, viewer: int = 0):
    """(state before, action, line, changes) along one random game, as `viewer` is told it."""
    state = load_game("baler", automa=automa).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        a = state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
        line = state.describe_action(a, viewer)
        before, obs = state.clone(), state.observation(viewer)
        state.apply_action(a)
        yield before, a, line, baler.changes(obs, state.observation(viewer), viewer)


# ------------------------------------------------------------------ 1. the solo rules, the automa's cards
def test_rules_solo_tells_how_the_automa_decides(partisan):
    """The rulebook has no solo rules ("28 cards for the Solo mode", l.78): Partisan's own are
    in the rules notes, for players."""
    run = partisan("rules", "baler", "solo")
    text = " ".join(run.out.split())
    assert run.code == 0 and "will be its own design" not in text
    for words in ("The card of the phase", "How the automa decides", "Fallback.",
                  "The artillery counters' solo side", "lists its 28 cards row by row"):
        assert words in text
    assert "automa.toml" not in text and "automa.py" not in text      # maintainers' notes


def test_the_automa_page_is_built_from_the_rules_notes():
    head = dict(rules_sections(game_info("baler")))["Solo play against the Partisan automa"]
    assert "How the automa decides" in rules_text() and "Setting up" in head
    assert "<!--" not in rules_text() and "automa.toml" not in rules_text()


def test_cards_in_a_solo_game_list_the_automa_s_cards_row_by_row():
    solo = load_game("baler", automa=True)
    text = _text(baler.reference(solo))
    for card in solo.data.automa:
        assert f"Partisan automa card {card.number}: {card.name}" in text
    assert all(f"{title}: " in text for _, title in ROWS.values())
    assert "the area with the weakest walls" in text
    plain = _text(baler.reference(load_game("baler")))
    assert "Partisan automa card 1:" not in plain and "partisan solo baler --rules" in plain


# ------------------------------------------------------------------ 2. the Fog of War card moved
@pytest.mark.parametrize("seat", [0, 1])
def test_the_fog_of_war_card_given_away_is_named_where_it_lands(seat):
    """"Place the card on the enemy discard pile. Next, take a shared card ... and place it in
    your own discard pile." (l.1211): both piles are on the table, so both cards are named,
    each with the side that put it there."""
    state = _random_until(4, lambda s: _node(s) == "fow_keep" and s.current_player() == seat)
    card = state.observation(seat)["cards"]["fog_of_war"]
    other = 1 - seat
    before = state.observation(other)
    line = state.describe_action(state.string_to_action("done"), other)
    state.apply_action(state.string_to_action("done"))
    assert line.endswith("give the Fog of War card away and take a shared card")
    kind = ("Spanish", "Filipino")[other] + " Fog of War card"
    giver = ("Spain", "the Philippines")[seat]
    assert f"{card['name']} ({kind}), given back by {giver}, goes into your discard pile" in baler.changes(
        before, state.observation(other), other)
    before = state.observation(other)
    state.apply_action(state.string_to_action("shared card A"))
    taken = before["cards"]["shared"][0]
    assert f"{taken['name']} (shared card), taken by {giver}, goes into {PILE[seat]} discard pile" in baler.changes(
        before, state.observation(other), other)


# ------------------------------------------------------------------ 3. the Leaders step
def test_a_leader_s_roll_and_his_choice_name_him_and_his_post():
    """"each player rolls a die for each of their leaders in the command area" (l.1227); a
    medical or religious leader, or one in leadership or US support, may Activate or stay in
    Reserve (l.1233-l.1236)."""
    def leader_die(s):
        snap = s._snap()
        return snap["node"] == FLOW["N_C_DIE"] and snap["die_for"] == FLOW["D4_LEADER"]
    state = _random_until(24, lambda s: leader_die(s) and s._snap()["cmd_i"] > 0)     # not the military post
    rolled = state.observation(0)["command_roll"]
    name, post = rolled["unit"]["name"], rolled["post"]
    lines = [state.describe_action(a, 0) for a in state.legal_actions()]
    assert all(f"Leaders-step die for {name} ({post}): " in line for line in lines)
    assert "disabled" in lines[0] and all(not line.startswith("chance:") for line in lines)
    state.apply_action(state.legal_actions()[5])        # a 6: the choice (l.1231, l.1233)
    assert _node(state) == "leader"
    seat = state.current_player()
    note = baler.decision_note(state.observation(seat), seat)
    assert f"{name} in the {post}: use him now? yes: " in note
    assert f"{name} stays in reserve" in state.describe_action(state.string_to_action("done"), seat)


# ------------------------------------------------------------------ 4. every unit of a space
def test_both_priests_of_detachment_space_6_are_shown():
    """"The space number 6 in the topmost line of the Spanish detachment, where the religious
    leaders López and Minaya can be stacked together." (l.116)"""
    state = load_game("baler").new_initial_state(1)
    obs = state.observation(0)
    assert [u["name"] for u in obs["board"]["detachment"][0][5]] == ["Juan López", "Félix Minaya"]
    lines = _screen(obs, 0)
    row = next(line for line in lines if "detachment 1-2" in line)
    assert "López" in row and "Minaya" in row and len(row) <= 100
    table = BalerTable()
    table.put("Juan López", "spain_command_religious")
    row = next(line for line in _screen(table.game_state("action", "spain").observation(0), 0)
               if "detachment 1-2" in line)
    assert "Minaya" in row and "López" not in row
    compact = next(line for line in _screen(obs, 0, SMALL) if line.startswith("Spain leaders"))
    assert "Lópe" in compact and "Mina" in compact


# ------------------------------------------------------------------ 5. command posts at 100 columns
def test_every_command_post_stays_on_screen_when_all_are_filled():
    table = BalerTable()
    for unit, post in (("Enrique de las Morenas", "spain_command_military"),
                       ("Rogelio Vigil de Quiñones", "spain_command_medical"),
                       ("Juan López", "spain_command_religious"),
                       ("Simón Tecson", "philippines_command_military"),
                       ("Teodorico Luna Novicio", "philippines_command_leadership"),
                       ("Antonio Santos", "philippines_command_us_support")):
        table.put(unit, post)
        table.exhaust(unit)
    obs = table.game_state("action", "spain").observation(0)
    lines = _screen(obs, 0)
    assert all(len(line) <= 100 for line in lines)
    text = " ".join(lines)
    for words in ("mil Morenas", "med Quiñones", "rel López", "Phil. mil Tecson", "lead Novicio", "US Santos"):
        assert words in text, words
    small = _screen(obs, 0, SMALL)          # at 80 columns a post is never cut from its leader
    assert all(len(line) <= 80 for line in small)
    for words in ("mil More", "med Quiñ", "rel Lópe", "mil Tecs", "lead Novi", "US Sant exh"):
        assert any(words in line for line in small), words


# ------------------------------------------------------------------ 6. firepower now
def test_the_board_shows_the_firepower_a_shooting_would_have_now():
    """"To determine the firepower, add the combat strength of the units of each side ..., and
    then subtract the lower value from the higher value." (l.619); "The maximum firepower is
    3" (l.623). At the start area 1 is 7 against 5, area 2 6 against 9 (l.598 reads it so)."""
    state = load_game("baler").new_initial_state(1)
    obs = state.observation(0)
    assert [a["shooting_firepower"] for a in obs["board"]["areas"]] == [2, -3, 0, 0]
    walls = next(line for line in _screen(obs, 0) if line.startswith("│ walls"))
    assert re.findall(r"fp ([+-]\d)", walls) == ["+2", "-3", "+0", "+0"]
    table = BalerTable()
    for unit in ("philippines_1_2_areas_1_2", "philippines_3_4_area_1", "philippines_5_6_areas_1_4"):
        table.clear(unit)
    fp = table.game_state("action", "spain").observation(0)["board"]["areas"][0]["shooting_firepower"]
    assert fp == 3


# ------------------------------------------------------------------ 7. a supply roll that does nothing
def test_a_supply_roll_at_supply_6_says_it_had_no_effect_and_gives_its_table():
    """"• (1) You do not obtain supplies. Lower the morale level by one. • (2) The roll has no
    effect and you do not obtain supplies. • (3-5) Raise your supply level by one. • (6) Raise
    your supply level by two." (l.1039-l.1042); "Any supply or morale gain over 6 has no
    effect." (l.129). The roll's line gives the table, so a newcomer knows what the die needed."""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie"])
    state = table.game_state("action", "spain")
    state.apply_action(state.string_to_action("supply"))
    assert state._snap()["supply"][0] == 6
    lines = [state.describe_action(a, 0) for a in state.legal_actions()]
    table = "(1: morale -1, 2: nothing, 3-5: supply +1, 6: supply +2)"
    assert lines[3] == f"your supply roll {table}: 4: no effect, supply already at its maximum (6)"
    assert lines[0].startswith(f"your supply roll {table}: 1")       # morale -1: the tracks tell it


# ------------------------------------------------------------------ 8. the order of the events
def test_a_kill_is_told_before_the_vp_it_scores():
    """"They immediately score 1 victory point for a soldier" (l.687): the kill, then its VP."""
    for seed in (1, 2, 3):
        for _, _, _, lines in _told(seed):
            kills = [i for i, line in enumerate(lines) if " killed → " in line]
            vp = [i for i, line in enumerate(lines) if re.match(r"(Spain|Philippines) VP ", line)]
            if kills and vp:
                assert max(kills) < min(vp), lines
                return
    raise AssertionError("no kill scored in three games")


def test_walls_shelled_to_destroyed_are_told_before_the_vp_they_score():
    """"If the condition of the church walls reaches the state 'Destroyed' as a consequence of
    the artillery attack, ... the Philippine side scores 1 victory point." (l.873)"""
    for seed in range(1, 9):
        for _, _, _, lines in _told(seed):
            walls = [i for i, line in enumerate(lines) if line.endswith("→ Destroyed") and "walls" in line]
            vp = [i for i, line in enumerate(lines) if line.startswith("Philippines VP ")]
            if walls and vp:
                assert walls[0] < vp[0], lines
                return
    raise AssertionError("no walls shelled to Destroyed in eight games")


def test_attrition_and_a_reshuffle_are_named():
    """Attrition: "both players roll a die to determine their supply level change" (l.379);
    "If your draw deck gets depleted, shuffle your discard pile to form a new deck" (l.1252)."""
    told = list(_told(3))
    lines = [line for _, _, line, _ in told]
    assert any(line.startswith("Spain's attrition die") for line in lines)
    assert any(line.startswith("the Philippines' attrition die") for line in lines)
    changes = [c for *_, more in told for c in more]
    assert any(re.fullmatch(r"your discard pile \(\d+ cards\) is shuffled into a new draw deck", c)
               for c in changes)
    assert any(re.fullmatch(r"your .+ falls ill \(beriberi\) → infirmary bed \d", c) for c in changes)


# ------------------------------------------------------------------ 9. no internal names
def test_no_line_says_chance_or_a_counter_s_copy_number():
    for seed in (2, 5):
        for before, a, line, lines in _told(seed, automa=True):
            assert not line.startswith("chance:") and not COPY_NUMBER.search(line), line
            for text in lines:
                assert not COPY_NUMBER.search(text), text
                assert not re.search(r"Artillery .* killed", text), text
            if not before.is_chance_node():
                menu = before.observation(before.current_player())["menu"]
                assert not [m for m in menu if COPY_NUMBER.search(m)]


def test_the_rules_notes_name_no_file_or_engine_part():
    text = " ".join(body for _, body in rules_sections(game_info("baler")))
    heads = " ".join(head for head, _ in rules_sections(game_info("baler")))
    for word in ("digest", ".toml", "state machine", "chance outcome", ".py"):
        assert word not in text and word not in heads, word


# ------------------------------------------------------------------ 10. the starting VP
def test_the_first_events_say_why_spain_starts_ahead():
    _, _, _, lines = next(_told(1))
    assert any(line.startswith("The siege begins: Spain 7 VP, the Philippines 0 VP (Spain's head start")
               for line in lines)
    assert "VP: Spain starts on 7, the Philippines on 0" in _text(baler.reference(load_game("baler")))


# ------------------------------------------------------------------ 11. the movement menu
def test_the_movement_menu_names_each_unit_and_where_it_stands():
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie"])
    state = table.game_state("action", "spain")
    state.apply_action(state.string_to_action("move"))
    obs = state.observation(0)
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert "Félix Minaya 1 r1 (Detachment '1-2', space 6)" in obs["menu"]
    assert "Cazador 3/0 (Detachment '5-6', space 6)" in obs["menu"]
    assert len(set(obs["menu"])) == len(obs["menu"]) == len(texts)
    assert "renumbered after each" in baler.decision_note(obs, 0)
    layout = baler.moves(obs, 0, texts)         # by where the units stand, a few rows at 100 columns
    console = Console(file=io.StringIO(), width=100, color_system=None, legacy_windows=False)
    entries = {item: (n, label) for n, label, item in menu_entries(layout, console)}
    assert entries["Minaya 1 r1"] == (texts.index("Félix Minaya") + 1, "detachment 1-2:")
    assert entries["Fabregat 2/1 (Bell Tower)"][1] == "guard posts:"
    assert len(console.render_lines(layout, console.options)) <= 10


# ------------------------------------------------------------------ 12. the title and the shared cards
def test_a_solo_game_is_titled_solo_and_the_shared_cards_are_not_in_your_hand(partisan):
    run = partisan("solo", "baler", "--side", "spain", "--seed", "3", input="quit\n")
    assert "Heroes of Baler (solo against the automa) - your 1st move" in run.out
    assert "Heroes of Baler (solo against the automa), seed 3." in run.out and "2 players" not in run.out
    lines = _screen(load_game("baler").new_initial_state(1).observation(0), 0)
    hand = next(i for i, line in enumerate(lines) if "Your hand" in line)   # its heading, or its row
    assert all(i < hand for i, line in enumerate(lines) if "Shared A" in line or "Shared B" in line)


# ------------------------------------------------------------------ the two-player game at 80×24
def test_the_attrition_die_says_how_many_fall_ill_and_desert():
    """"Level 3 – A Spanish unit gets ill ... Level 1 or 0 – Three Spanish units get ill"
    (l.390-l.392); "Morale in level 2 or 1 – One unit deserts. Morale in level 0 – Two units
    desert." (l.396-l.397)"""
    lines = [line for _, _, line, _ in _told(3) if line.startswith("Spain's attrition die")]
    assert lines and all(re.search(r": \d: supply \d(: no beriberi|, below 4: beriberi, \d units? falls? ill); "
                                    r"morale \d: (no desertion|\d units? deserts?)$", line) for line in lines)
    assert any("beriberi, 3 units fall ill; morale 0: 2 units desert" in line for line in lines)


def test_a_deserter_who_scores_nothing_says_why():
    """"If you roll a 6 when determining the space of a deserting unit, the Philippine side
    still places that unit on their side of the board, but does not score any victory
    points." (l.446)"""
    changes = [c for *_, more in _told(24) for c in more]
    assert any(c.endswith("deserts → the Philippines' eliminated units (no VP: its space die was a 6)")
               for c in changes)


def test_a_casualty_die_of_1_behind_standing_walls_says_it_saves():
    """"If you roll a 1 ... and the church walls in that area are not destroyed, that casualty
    does not take place" (l.701)"""
    lines = [line for _, _, line, _ in _told(3)]
    assert "casualty location die for Spain: 1: a 1 behind standing walls, no casualty" in lines
    assert not any(line.startswith("casualty location die for Philippines: 1:") for line in lines)


def test_a_finished_combat_at_80_columns_shows_each_side_once():
    state = load_game("baler").new_initial_state(1)
    obs = state.observation(0)
    long = "2 successes (5-6), net 0: 0 target(s); 1s wound 0 attackers"
    obs["combat_log"] = [{"kind": "incursion", "area": 3, "attacker": 0, "turn": obs["turn"],
                          "phase": "events", "firepower": 3, "surveillance": [None, None],
                          "bonus": ["+1 dice", None], "rolled": [[3, 3, 3, 6, 6], [6, 6]],
                          "dice": [[3, 3, 4, 6, 6], [6, 6]],
                          "modified": [[False, True, True, False, False], [False, False]],
                          "trail": [[[3, None], [3, 4], [3, None], [6, None], [6, None]],
                                    [[6, None], [6, None]]],
                          "successes": [long, "2 successes (5-6)"], "offered": [], "steps": [],
                          "over": True}]
    lines = _screen(obs, 0, SMALL, whole=True)          # the `board` command at 80x24
    assert sum(line.startswith("Spain 3 3→4* 3 6 6") for line in lines) == 1
    assert sum(line.startswith("Phil. 6 6") for line in lines) == 1


def test_the_territorial_map_and_the_phases_get_their_lines():
    """"In turn 3, remove the Spanish power marker from this map, and place the US power marker
    in Manila, showing the '4' side." (l.1202); the game sequence (l.317-l.342)."""
    changes = [c for *_, more in _told(3) for c in more]
    assert "the US power marker replaces Spain's on the territorial map: space 5 (Manila), strength 4" in changes
    assert any(re.fullmatch(r"US power marker: space 5 → space \d", c) for c in changes)
    for phase in ("events", "attrition", "first shootings", "action", "second shootings", "upkeep"):
        assert f"— turn 2: the {phase} phase —" in changes
    assert "— turn 2 begins: the deal —" in changes


def test_a_shooting_that_can_have_no_effect_says_so_and_done_is_said_in_words():
    """"If a shooting occurs in an area where all the guard posts from one or both sides are
    empty, the shooting has no effect." (l.592)"""
    said = 0
    for before, a, line, _ in _told(3):
        assert not re.search(r": (done|yes)$", line), line
        if _node(before) != "shoot":
            continue
        area = before.action_to_string(a)
        posts = before.observation(0)["board"]["areas"][int(area.split()[1]) - 1]["posts"]
        empty = [not any(p["unit"] for p in side) for side in posts]
        picked = line.split("; then area ")[0]      # a second shootings' pick names the other area after it
        assert ("no effect" in picked) == any(empty), (line, empty)
        said += any(empty)
    assert said


def test_the_medical_leader_s_heal_asks_for_one_man():
    """"When you move a medical leader into the command area, flip the counter to the exhausted
    side immediately, and heal a unit of your choice at the infirmary." (l.1286)"""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie"])
    table.admit("Mir Brils")
    table.admit("Chamizo García")
    state = table.game_state("action", "spain")
    for text in ("move", "Rogelio Vigil de Quiñones", "Spanish command post: medical"):
        state.apply_action(state.string_to_action(text))
    assert _node(state) == "heal"
    assert baler.decision_note(state.observation(0), 0) == "Spain: the wounded man to heal, of your choice"


def test_the_compact_board_shows_the_spanish_leaders_in_reserve():
    """At 80×24 the rows the decision leaves go to the seats' reserves: the Spanish leaders and
    soldiers in the detachment, the Filipino camp, and the territorial map."""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie"])
    state = table.game_state("action", "spain")
    for seat in (0, 1):
        lines = _screen(state.observation(seat), seat, SMALL)
        assert len(lines) <= baler.COMPACT_ROWS
        assert any(line.startswith("Spain leaders More Zaya Cere Quiñ Carr Lópe Mina  soldiers 12") for line in lines)
        assert any(line.startswith("Phil. leaders Novi Tecs Vill Góme Sant") for line in lines)
        assert any(line.startswith("Territory 1 Baler") for line in lines)


def test_the_action_menu_shows_each_action_s_cost_and_cards_says_what_repair_needs():
    """"Cost Action 1 Attack 1 Movement (2 units) 1 Surveillance 1 Supply 1 Repair ... 2 Repeat
    any of the above" (l.516-l.522); special actions cost 2 (l.535-l.538); repair needs the
    manpower, 4 for Spain, and 1 supply (l.1060-l.1069). The note above the menu takes one row
    at 80 columns (the events keep theirs); what a repair needs is in `cards`."""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie", "Redeploy"])
    state = table.game_state("action", "spain")
    menu = state.observation(0)["menu"]
    for entry in ("supply (1 AP)", "move (1 AP)", "shooting area 1 (1 AP, fp +2)", "expand the infirmary (2 AP)"):
        assert entry in menu
    assert baler.decision_note(state.observation(0), 0) == "Spain: an action (6 AP left), or done: end your Action phase"
    reference = " ".join(_text(baler.reference(load_game("baler"))).split())
    assert "A repair also costs 1 supply and needs manpower of yours in the area: Spain 4," in reference
    state.apply_action(state.string_to_action("supply"))
    state.apply_action(state.legal_actions()[2])
    assert "supply (2 AP)" in state.observation(0)["menu"]


def test_a_card_s_combat_bonus_stays_in_the_title_at_80_columns():
    """"there are specific events in some cards ... that allow you to initiate attacks and
    benefit from other modifiers, as described on the card" (l.930)."""
    state = load_game("baler").new_initial_state(1)
    obs = state.observation(0)
    obs["combat_log"] = [{"kind": "shooting", "area": 2, "attacker": 1, "turn": obs["turn"],
                          "phase": "events", "firepower": -3, "surveillance": [None, None],
                          "bonus": [None, "+2 combat strength"], "rolled": [None, None], "dice": [[], []],
                          "modified": [[], []], "successes": None, "offered": [], "steps": [], "over": False}]
    title = next(line for line in _screen(obs, 0, SMALL) if line.startswith("Combat: "))
    assert title.endswith("· Phil. card +2 str")


def test_giving_up_an_action_s_area_says_its_points_stay_spent():
    """"You cannot save action points for other turns, so all points not used in this phase
    are lost." (l.541): an action given up at its area has been paid for."""
    table = BalerTable()
    table.give("spain", ["Volley from the Bell Tower", "Sortie", "Redeploy"])
    state = table.game_state("action", "spain")
    state.apply_action(state.string_to_action("surveillance"))
    assert _node(state) == "area"
    assert baler.decision_note(state.observation(0), 0).endswith(
        "done: give up this effect (its AP stay spent)")


def test_a_casualty_die_of_1_behind_destroyed_walls_says_it_hits_the_bell_tower():
    """heroes_of_baler.txt l.703: "If the church walls in that area are destroyed, follow the
    standard casualty procedure. If you roll a 1, that casualty occurs at the guard post 2 (the
    tower bell).\""""
    state = load_game("baler").new_initial_state(3)
    rng = random.Random(3)
    while not (state._snap()["node"] == FLOW["N_C_CASUALTY"] and state._snap()["actor"] == 0):
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    edit = BalerTable()
    edit.load(state)
    edit.set_walls(state._snap()["combat"]["area"] + 1, "Destroyed")
    edit.store(state)
    assert state.describe_action(state.legal_actions()[0], 0).endswith(": walls Destroyed, so a 1 hits the Bell Tower (post '2')")
