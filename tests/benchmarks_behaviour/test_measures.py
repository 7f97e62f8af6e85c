"""Each behaviour measure (benchmarks/blunders/) on a small position or a hand-made sequence of
moves whose answer is known."""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from blunders import baler, garden, guerilla, junta, war
from blunders.base import Watcher
from partisan.core import load_game
from partisan.core.games.garden.state import ACTIONS as GA
from partisan.core.games.garden.view import C_OFF, HANDS, landing_id
from partisan.core.games.guerilla.cards import load_cards
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES as GC


def play(state, watcher, text):
    """One step by its text, watched as the benchmark's runner watches it."""
    seat = state.current_player()
    action = state.string_to_action(text) if isinstance(text, str) else text
    if seat >= 0:
        watcher.decided(state, seat, action, state.legal_actions(), None)
    watcher.before(state, seat, action)
    state.apply_action(action)
    watcher.after(state, seat, action)


def totals(watcher, seat):
    return {k: tuple(v) for k, v in watcher.tallies[seat].items()}


# ------------------------------------------------------------------ Heroes of Baler
def test_baler_plus_one_on_a_3_in_a_shooting_gains_nothing_on_a_4_it_does():
    """A shooting's 6 kills and 5 injures (heroes_of_baler.txt l.664-l.666): "+1 on a 3" changes no success, "+1 on
    a 4" makes an injury, "+1 on a 5" a kill; a re-roll of a 6 can only lose it."""
    shoot = baler.CB_SHOOTING
    assert baler.gains_nothing(shoot, True, False, 3)
    assert not baler.gains_nothing(shoot, True, False, 4)
    assert not baler.gains_nothing(shoot, False, False, 5)
    assert baler.gains_nothing(shoot, False, True, 6)
    assert not baler.gains_nothing(shoot, False, True, 5)


def test_baler_incursion_artillery_and_territorial_faces():
    """Incursion: 5-6 succeed and every 1 injures the attacker (heroes_of_baler.txt l.788, l.827); artillery: 4-6
    succeed, a Filipino 6 also injures (l.864-l.877); territorial: 5-6 (l.1400)."""
    inc, art = baler.CB_INCURSION, baler.CB_ARTILLERY
    assert baler.gains_nothing(inc, True, False, 5) and not baler.gains_nothing(inc, True, False, 4)
    assert not baler.gains_nothing(inc, True, False, 1)        # the attacker's own 1 is undone
    assert baler.gains_nothing(inc, False, False, 1)           # the defender's 1 hurt the attacker
    assert not baler.gains_nothing(art, True, False, 5)        # 6: shrapnel
    assert baler.gains_nothing(art, False, False, 5)
    assert baler.gains_nothing(baler.TERRITORIAL, False, True, 5)
    assert not baler.gains_nothing(baler.TERRITORIAL, False, False, 4)


def test_baler_re_rolls_of_a_harmful_die_that_lose_on_average():
    """heroes_of_baler.txt l.664-l.666: a shooting's 6 kills, its 5 injures; l.864, l.877: artillery's 4-6 succeed
    and a Filipino 6 also wounds; l.827: a defender's 1 in an incursion injures an attacker. A shooting's 5 and an
    artillery 4 re-rolled lose on average (counted); a miss, or the defender's 1, is no harmful die (not counted)."""
    shoot, art, inc = baler.CB_SHOOTING, baler.CB_ARTILLERY, baler.CB_INCURSION
    assert baler.reroll_loses(shoot, True, 5)
    assert baler.reroll_loses(art, True, 4) and baler.reroll_loses(art, True, 5)
    assert not baler.reroll_loses(shoot, True, 3)
    assert not baler.reroll_loses(inc, False, 1)
    assert not baler.reroll_loses(inc, True, 3)


def test_baler_a_defender_s_success_that_cancels_nothing_is_no_gain():
    """heroes_of_baler.txt l.864: "Then, the defender (the Spanish side) rolls their die [...] A Spanish success
    nullifies one attacker's success"; l.877: it also cancels a 6's shrapnel. Spain's "morale re-roll on a 3" after
    the Filipinos' 1 and 3 gained nothing; after their 3 and 4 it could save a wall level. In an incursion (l.801:
    at most two targets) a fourth attacker's success left three after a cancel."""
    art, inc = baler.CB_ARTILLERY, baler.CB_INCURSION
    def combat(kind, attacker, defender):
        return {"kind": kind, "attacker": 1, "dice": [defender, attacker]}
    assert baler.success_idle(combat(art, [1, 3], [3]))
    assert not baler.success_idle(combat(art, [3, 4], [3]))
    assert not baler.success_idle(combat(art, [6, 4], [4]))       # a 6's shrapnel left to cancel
    assert baler.success_idle(combat(inc, [5, 5, 6, 6], [1, 3]))
    assert not baler.success_idle(combat(inc, [5, 1, 1, 1], [1, 3]))
    assert baler.gains_nothing(art, False, True, 3, idle_success=True)
    assert not baler.gains_nothing(inc, False, True, 3, idle_success=True)    # a 1 still injures an attacker


def _at_a_trench_choice(seed=0):
    """A random game of Heroes of Baler (seeded) up to a trench section the side may take or
    give up."""
    rng = random.Random(seed)
    s = load_game("baler").new_initial_state(seed)
    while not (s._snap()["node"] == baler.N_TRENCH and len(s.legal_actions()) > 1):
        if s.is_chance_node():
            s.apply_action(rng.choice(s.chance_outcomes())[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    return s


def test_baler_a_trench_section_given_up_counts_one_built_does_not():
    """heroes_of_baler.txt l.1133: "This action allows you to build a trench section in an empty trench space";
    by the step that names the section, the card or the action points are spent."""
    for move, given_up in (("done", 1), ("trench", 0)):
        s = _at_a_trench_choice()
        seat = s.current_player()
        w = baler.BalerWatcher(load_game("baler"))
        play(s, w, next(a for a in s.legal_actions() if s.action_to_string(a).startswith(move)))
        assert totals(w, seat)["trench_declined"] == (given_up, 1)


def _area(walls="Intact", spain=True, philippines=True, trenches=("empty", "empty"), gun=None):
    """An area as Baler's observation lays it out (core/games/baler/view.py _board)."""
    return {"walls": walls, "trenches": list(trenches), "artillery": gun,
            "posts": [[{"unit": {"name": "soldier"} if spain else None}],
                      [{"unit": {"name": "Katipunero"} if philippines else None}]]}


def test_baler_attacks_that_can_change_nothing():
    """A shooting with no enemy in the posts has no effect (heroes_of_baler.txt l.592); an incursion's
    targets are walls for the Filipinos (l.743) and a trench or the gun for Spain (l.739-l.741),
    and its 1s only wound the attackers (l.827); artillery on Destroyed walls can still wound
    a Spaniard with a 6 (l.877)."""
    spain, phil = 0, 1
    idle = baler.attack_idle
    assert idle(_area(philippines=False), spain, baler.CB_SHOOTING)
    assert not idle(_area(), spain, baler.CB_SHOOTING)
    assert idle(_area(walls="Destroyed"), phil, baler.CB_INCURSION)
    assert not idle(_area(walls="Wrecked"), phil, baler.CB_INCURSION)
    assert idle(_area(trenches=("sabotaged", "empty")), spain, baler.CB_INCURSION)
    assert not idle(_area(trenches=("built", "empty")), spain, baler.CB_INCURSION)
    assert not idle(_area(gun={"name": "gun"}), spain, baler.CB_INCURSION)
    assert idle(_area(walls="Destroyed", spain=False), phil, baler.CB_ARTILLERY)
    assert not idle(_area(walls="Destroyed"), phil, baler.CB_ARTILLERY)


def test_baler_an_incursion_begun_outgunned_counts_one_with_the_firepower_does_not():
    """heroes_of_baler.txt l.617: the firepower "allocates extra dice to the stronger side"; l.788, l.827. One
    Filipino soldier against three Spaniards begins with the firepower 2 against him (counted); two against one
    with it 1 for them (not)."""
    from partisan.core.games.baler.position import BalerTable
    path = Path(__file__).resolve().parents[1] / "games" / "baler" / "conftest.py"
    spec = importlib.util.spec_from_file_location("baler_positions", path)
    positions = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(positions)
    for area, spain, philippines, counted in ((1, [1, 1, 1], [1], 1), (3, [1], [1, 1], 0)):
        table = BalerTable()
        positions.man_area(table, area, spain=spain, philippines=philippines)
        table.give("philippines", ["Takeover attempt", "Massed Assault", "Lantaka Barrage"])
        s = table.game_state("action", "philippines")
        w = baler.BalerWatcher(load_game("baler"))
        play(s, w, f"incursion area {area}")
        assert totals(w, 1)["outgunned_attack"] == (counted, 1)


def test_baler_a_supply_die_without_troops_on_the_territorial_map_counts_one_with_them_does_not():
    """heroes_of_baler.txt l.1048: the Philippines' supply die is modified "according to the space your troops
    occupy on the territorial control map"; with none there it takes Baler's -1 (RULES.md reading 14). The
    supply action's die counts with no stack, not with a soldier in space 2."""
    from partisan.core.games.baler.position import BalerTable
    for stack, counted in ((False, 1), (True, 0)):
        table = BalerTable()
        if stack:
            table.put_territory(table.soldiers("philippines", 1)[0], 2)
        table.give("philippines", ["Takeover attempt", "Massed Assault", "Lantaka Barrage"])
        s = table.game_state("action", "philippines")
        w = baler.BalerWatcher(load_game("baler"))
        play(s, w, "supply")
        play(s, w, "die 3")
        assert totals(w, 1)["no_troops_roll"] == (counted, 1)


def test_baler_an_enemy_fog_of_war_card_kept_counts_one_given_back_does_not():
    """heroes_of_baler.txt l.1210-l.1211: a side keeps the enemy's Fog of War card for 1 morale, or gives it back
    and takes a shared card."""
    from partisan.core.games.baler.position import BalerTable
    for answer, counted in (("yes", 1), ("done", 0)):
        s = BalerTable().game_state("upkeep", "spain", step=2)
        s.apply_action(s.string_to_action("draw Trench Line"))
        s.apply_action(s.legal_actions()[0])
        w = baler.BalerWatcher(load_game("baler"))
        play(s, w, answer)
        assert totals(w, 0)["fow_kept"] == (counted, 1)


def test_baler_attack_ids_and_areas_are_the_games():
    """The watcher's attack ids decode to the kind and area the game's move text names."""
    state = load_game("baler").new_initial_state(1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    for a in baler.ATTACKS:
        kind, area = (a - baler.A_ATTACK) // 4 + 1, (a - baler.A_ATTACK) % 4
        assert state.action_to_string(a) == f"{baler.KINDS[kind]} area {area + 1}"


def test_baler_modifier_ids_decode_as_the_game_names_them():
    state = load_game("baler").new_initial_state(1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    for a in baler.MODIFIERS:
        source, reroll, face = baler.decode(a)
        text = state.action_to_string(a)
        assert text.endswith(f"{'re-roll' if reroll else '+1'} on a {face}"), text


# ------------------------------------------------------------------ Garden Guerrilla
ELEMENTS = [(800, 490), (800, 110)]                 # a mushroom and a bush, out of the way
ENEMIES = [(60, 540, 0), (60, 60, 0), (200, 60, 0)]  # the toad, two ants
RED, BLUE = 0, 1


def garden_table(red, blue):
    game = load_game("garden", players=2)
    s = game.new_initial_state(0)
    for x, y in ELEMENTS:
        s.apply_action(landing_id(x, y))
    for x, y, deg in ENEMIES:
        s.apply_action(landing_id(x, y, deg))
    for names in (red, blue):
        s.apply_action(HANDS.index(sum(1 << game.data.insect(n) for n in names)))
    return s


def aimed(s, name, x, y):
    """Red plays `name` aimed at the grid point nearest (x, y): the state at its landing."""
    t = s.game.data.insect(name)
    col, row = round((x - 56) / 112.5), round((y - 38) / 75)
    s.apply_action(GA.card + t)
    s.apply_action(GA.aim_grid + col * 8 + row)
    if not s.is_chance_node():
        s.apply_action(GA.orient)
    return s


HAND = ["Spiderchute", "Skorpio", "Chemic", "Firefly", "Grasshopper San"]


def test_garden_an_aim_that_covers_an_ant_scores_an_empty_spot_does_not():
    """Spiderchute hits every enemy card it covers (garden_guerrilla.txt l.59): landing on the ant at (60, 60) as
    aimed catches it; the middle of an empty table catches nothing."""
    on_ant = aimed(garden_table(HAND, HAND), "Spiderchute", 56, 38)
    assert garden.aim_is_useful(on_ant, RED)
    empty = aimed(garden_table(HAND, HAND), "Spiderchute", 506, 338)
    assert not garden.aim_is_useful(empty, RED)


def test_garden_a_guard_touching_an_own_card_guards_it():
    """A Grasshopper San catches every enemy card that later touches it (garden_guerrilla.txt l.53), before the
    newcomer acts (l.38): landing beside an own card guards it."""
    s = garden_table(HAND, HAND)
    s._put(8 + 10 * RED + s.game.data.insect("Chemic"), 506, 400)
    s = aimed(s, "Grasshopper San", 506, 338)
    landed = s.clone()
    landed.apply_action(landing_id(506, 338))
    assert garden.guards(landed, RED)
    alone = garden_table(HAND, HAND)
    alone = aimed(alone, "Grasshopper San", 506, 338)
    alone.apply_action(landing_id(506, 338))
    assert not garden.guards(alone, RED)


def test_garden_a_card_landing_on_an_enemy_grasshopper_is_caught_on_arrival():
    """garden_guerrilla.txt l.53: Grasshopper San hits "all the enemy cards which will touch this card during the
    rest of the game"; a toad eats an insect that touches it (l.66); off the table is a penalty."""
    w = garden.GardenWatcher(load_game("garden", players=2))
    s = garden_table(HAND, HAND)
    s._put(8 + 10 * BLUE + s.game.data.insect("Grasshopper San"), 506, 338)
    aimed(s, "Skorpio", 506, 338)
    play(s, w, landing_id(506, 338))
    assert totals(w, RED)["caught_on_arrival"] == (1, 1)
    for land, fate in ((landing_id(60, 540), "eaten"), (C_OFF, "off"), (landing_id(450, 250), "landed")):
        s = aimed(garden_table(HAND, HAND), "Skorpio", 506, 338)
        s.apply_action(land)
        assert garden.arrival(s, RED, s.game.data.insect("Skorpio"), land) == fate


def test_garden_throws_at_the_corner_fall_off_more_often_than_at_the_middle():
    corner = aimed(garden_table(HAND, HAND), "Grasshopper San", 844, 563)
    middle = aimed(garden_table(HAND, HAND), "Grasshopper San", 394, 263)
    assert garden.off_table_risk(corner, 200) > garden.off_table_risk(middle, 200)


def test_garden_grid_aims_by_column_and_the_largest_share():
    w = garden.GardenWatcher(load_game("garden", players=2))
    for col in (0, 0, 0, 1):
        s = garden_table(HAND, HAND)
        s.apply_action(GA.card + s.game.data.insect("Skorpio"))
        w.decided(s, RED, GA.aim_grid + col * 8 + 3, s.legal_actions(), None)
    rows = {r.key: r for r in garden.GardenWatcher.report(totals(w, RED))}
    assert (rows["grid_top_column"].count, rows["grid_top_column"].of) == (3, 4)
    assert rows["grid_top_column"].value == 75.0 and rows["grid_top_column"].passed is False


def test_garden_caught_on_arrival_is_compared_with_the_reference():
    mine = {"caught_on_arrival": (2, 40)}
    rows = {r.key: r for r in garden.GardenWatcher.report(mine, {"caught_on_arrival": (1, 40)})}
    assert rows["caught_on_arrival"].value == 10.0 and rows["caught_on_arrival"].target == "<= 5.0"
    assert rows["caught_on_arrival"].passed is False


# ------------------------------------------------------------------ Guerilla
DECK = load_cards()
GOV, REB = 0, 1
ZAMORA = "General Hernán Zamora / Comandante Inés Villalba"      # rating 3, modifier 0
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"            # rating 2, modifier +1
BARRIENTOS = "Mayor Julio Barrientos / Comandante Rafael Quiroga"  # rating 2, modifier +1


def card(name, copy=0):
    return DECK.ids(name)[copy]


def guerilla_table(**kw):
    s = load_game("guerilla", 4).new_initial_state(0)
    s.arrange([GOV, REB, GOV, REB], **kw)
    return s


def pass_reactions(s, w):
    while s.current_player() >= 0 and s.observation(0)["phase"] == "reaction" and \
            [s.action_to_string(a) for a in s.legal_actions()] == ["no reaction"]:
        play(s, w, "no reaction")


def fight(s, w, group: int, target: int, faces=(10, 1)):
    """Group `group` attacks group `target`, every reaction passed, the dice `faces` rolled."""
    for move in (f"attack with group {group}", f"group {target}"):
        play(s, w, move)
    pass_reactions(s, w)
    for face in faces:
        play(s, w, GC.die + face - 1)
        pass_reactions(s, w)


def test_guerilla_a_unit_given_up_with_its_leader_costs_more_than_the_leader_alone():
    """guerilla.txt l.68: a leader "can be eliminated to fulfil one point of required losses"; l.70: "Any
    leader left alone after losses are taken is eliminated"; he scores his rating plus modifier
    (l.111). A loss of 1 from Zamora (3 points) and a Unit 1/1: the leader alone costs 3, the
    unit costs 1 + 3."""
    lead, g1 = card(ZAMORA), card("Unit 1/1")
    for give, costlier in ((g1, True), (lead, False)):
        w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
        s = guerilla_table(groups=[(0, REB, [card("Unit 1/4")], 0), (1, GOV, [lead, g1], 0)])
        play(s, w, "attack with group 0")
        play(s, w, "group 1")
        pass_reactions(s, w)
        for face in (1, 3):                         # 4 + 1 against 1 + 3: a loss of 1
            play(s, w, GC.die + face - 1)
            pass_reactions(s, w)
        assert s.current_player() == 1
        assert sorted(set(guerilla.loss_costs(s))) == [3, 4]
        play(s, w, f"{DECK.types[DECK.cards[give]].name} (card {give})")
        while s._snap()["node"] in (guerilla.N_LOSSES, guerilla.N_ORDER):
            play(s, w, "done" if "done" in [s.action_to_string(a) for a in s.legal_actions()]
                 else s.legal_actions()[0])
        assert totals(w, 1)["costlier_loss"] == (int(costlier), 1)


def test_guerilla_an_own_informant_then_a_refused_retreat():
    """guerilla.txt l.126: the Informant "allows a Rebel group to retreat before combat is resolved ... the
    owner of that group may choose whether to accept it": buying it and refusing is a blunder."""
    g4, r3 = card("Unit 4/1"), card("Unit 1/3")
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={1: [card("Informant")]}, groups=[(0, GOV, [g4], 0), (1, REB, [r3], 0)])
    play(s, w, "attack with group 0")
    play(s, w, "group 1")
    while "refuse the retreat" not in [s.action_to_string(a) for a in s.legal_actions()]:
        moves = [s.action_to_string(a) for a in s.legal_actions()]
        play(s, w, "play Informant: offer a retreat" if "play Informant: offer a retreat" in moves
             else "no reaction")
    assert s.current_player() == 1
    play(s, w, "refuse the retreat")
    assert totals(w, 1)["informant_refused"] == (1, 1)


def test_guerilla_reinforcing_the_other_sides_group_counts_for_the_seats_loyalty():
    """A Government-loyal seat putting a Unit 3/3 (Rebel 3) into another seat's Rebel group:
    a reinforcement of the opposed faction, to another's group, and 3 Rebel points deployed."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    unit = card("Unit 3/3")
    s = guerilla_table(hands={0: [unit]}, groups=[(1, REB, [card("Unit 1/4")], 0),
                                                 (0, GOV, [card("Unit 2/1")], 0)])
    w.after(s, -1, 0)                           # the table as it stands: not this seat's doing
    w.tallies.clear()
    play(s, w, "reinforce group 0")
    play(s, w, "Unit 3/3")
    play(s, w, "done")
    mine = totals(w, 0)
    assert mine["reinforce_opposed"] == (1, 1) and mine["reinforce_own"] == (0, 1)
    assert mine["deployed_government_government"] == (0, 3)
    rows = {r.key: r for r in guerilla.GuerillaWatcher.report(
        {"deployed_government_government": (80, 100), "deployed_government_rebel": (40, 100)})}
    assert rows["loyalty_gap"].value == 40.0 and rows["loyalty_gap"].passed


def test_guerilla_traitors_count_by_the_faction_of_the_group_they_go_on():
    """guerilla.txt l.140: "A traitor can be played on any deployed complex or leader ... If the result is greater than 5,
    the leader and his entire group change faction. If the result is less than 6, the leader
    is eliminated". A Government loyalist's Traitors on a Government group count against his
    faction; on a Rebel group they do not; with only Government groups on the table (l.95: a red
    card drawn "must be played immediately") they are not counted."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(deck=[card("Traitors")], groups=[(1, GOV, [card(ZAMORA), card("Unit 2/2")], 0)])
    for move in ("draw cards", GC.card + card("Traitors"), "group 0"):
        play(s, w, move)
    assert "traitors_own_faction" not in totals(w, 0)
    for group, own in ((0, 1), (1, 0)):
        w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
        s = guerilla_table(deck=[card("Traitors")], groups=[
            (1, GOV, [card(ZAMORA), card("Unit 2/2")], 0), (1, REB, [card(LAGOS), card("Unit 1/4")], 0)])
        play(s, w, "draw cards")
        play(s, w, GC.card + card("Traitors"))
        play(s, w, f"group {group}")
        assert totals(w, 0)["traitors_own_faction"] == (own, 1)


def test_guerilla_a_card_laid_in_a_trade_counts_by_the_faction_it_serves():
    """guerilla.txt l.87: the offering player "places the cards he is offering before him". A Rebel-loyal
    seat laying an Arms Cache ("Use by Rebel groups only", l.122) lays his own faction's card;
    an Armor Column ("Elite Government unit", l.121) the other's; a Unit 2/2 serves both alike
    and is not counted."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = load_game("guerilla", 4).new_initial_state(0)
    s.arrange([REB, GOV, REB, GOV], hands={0: [card("Arms Cache"), card("Armor Column"), card("Unit 2/2")]})
    for move in ("offer a trade", "Arms Cache face up", "Armor Column face down", "Unit 2/2 face up"):
        play(s, w, move)
    assert totals(w, 0)["trade_own"] == (1, 2)


# ------------------------------------------------------------------ WAR
def war_obs(me, others, rank=3, tie=()):
    players = [{"seat": 0, "active": True, "hand": me, "tie_cards": list(tie)}]
    players += [{"seat": q + 1, "active": True, "hand": h, "tie_cards": 0} for q, h in enumerate(others)]
    return {"seat": 0, "guerrilla_rank": rank, "players": players}


def test_war_proposing_while_a_shown_guerrilla_waits_to_cancel():
    """RULES.md: a Guerrilla shown from hand to cancel stays known until played; proposing then
    is cancelled for sure. A 3 is a Guerrilla at rank 3, not at rank 2."""
    assert war.known_guerrilla(war_obs([], [["3♥"]], rank=3))
    assert not war.known_guerrilla(war_obs([], [["3♥"]], rank=2))
    assert not war.known_guerrilla(war_obs([], [["K♥"]], rank=6))


def test_war_tie_resolution_weaker_card_face_up():
    """The face-down card is a stake only; a Guerrilla is below every other card; a 7 face up
    can be caught as a spy, so keeping it face down is no blunder."""
    assert war.weaker_face_up(war_obs([], [], rank=2, tie=["7♠", "9♠"]), "7♠")
    assert not war.weaker_face_up(war_obs([], [], rank=2, tie=["7♠", "9♠"]), "9♠")
    assert war.weaker_face_up(war_obs([], [], rank=4, tie=["K♥", "3♠"]), "3♠")
    assert not war.weaker_face_up(war_obs([], [], rank=2, tie=["5♠", "7♠"]), "5♠")


# ------------------------------------------------------------------ Junta
def _junta_table():
    """The Junta rule tests' table (tests/games/junta/conftest.py): positions by move text."""
    path = Path(__file__).resolve().parents[1] / "games" / "junta" / "conftest.py"
    spec = importlib.util.spec_from_file_location("junta_table", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Table


JuntaTable = _junta_table()
LARS = 0


def junta_spending(hand):
    """Lars (Presidente) at Spend Money with `hand` besides the 3 Foreign Aid 1 he keeps."""
    t = JuntaTable(4, hands={LARS: hand}).draw_round().promise_each().defend_all()
    assert t.s.phase == "spend money" and t.to_move == LARS
    return t


def junta_watched(t, move, key):
    """The tally of `key` after Lars plays `move` at the table's position."""
    w = junta.JuntaWatcher(t.s.game)
    play(t.s, w, move)
    return totals(w, LARS).get(key)


def test_junta_spend_money_ended_with_a_building_affordable():
    """junta.txt l.92: "4 Million Pesos: 1 Building ... worth 1 Victory Point": with 7 million in
    hand, "done" ends Spend Money unbuilt (counted), buying the building does not; once it is
    bought, "done" is no longer a choice against a building."""
    seven = ["Foreign Aid 2", "Foreign Aid 2"]
    assert junta_watched(junta_spending(seven), "done", "done_unbuilt") == (1, 1)
    t = junta_spending(seven)
    assert junta_watched(t, "buy a building", "done_unbuilt") == (0, 1)
    t.do("pay Foreign Aid 2", "pay Foreign Aid 2")
    assert junta_watched(t, "done", "done_unbuilt") is None


def test_junta_a_payment_that_wastes_what_another_keeps():
    """junta.txt l.95: "If you don't have the exact sum, you get no change": owing 2 for a militia
    with Foreign Aid 3, 2 and 1s, the 3 wastes a million (counted), the 2 or a 1 (then another 1)
    pays exactly. Adding a card to the purchase instead is no payment."""
    for move, tally in (("pay Foreign Aid 3", (1, 1)), ("pay Foreign Aid 2", (0, 1)),
                        ("pay Foreign Aid 1", (0, 1)), ("buy a card", None)):
        t = junta_spending(["Foreign Aid 3", "Foreign Aid 2"]).do("buy a militia")
        assert junta_watched(t, move, "wasted_payment") == tally, move


def test_junta_payments_that_waste_alike_are_no_choice():
    """Owing 2 with Foreign Aid 1s only: every payment pays exactly, nothing is judged."""
    t = junta_spending([]).do("buy a militia")
    assert junta_watched(t, "pay Foreign Aid 1", "wasted_payment") is None


def test_junta_waste_is_judged_with_the_cards_paid_after():
    """Cards are paid largest first (core/games/junta/RULES.md, 19) with no change, junta.txt
    l.95: "If you don't have the exact sum, you get no change". Owing 4 with 3, 2, 2, the 3
    first must be followed by a 2 (5 paid), the 2s pay exactly; owing 1, a 2 wastes 1."""
    hand = {3: 1, 2: 2}
    assert junta.least_waste(hand, 3, 4) == 1 and junta.least_waste(hand, 2, 4) == 0
    assert junta.least_waste({2: 1, 1: 1}, 2, 1) == 1
    aid = {"Foreign Aid 1": 1, "Foreign Aid 3": 3}
    held = {"Foreign Aid 3": 1, "Foreign Aid 1": 2, "Yacht": 1}
    assert junta.payment_waste(aid, held, 2, list(aid)) == {"Foreign Aid 1": 0, "Foreign Aid 3": 1}


def junta_discarding(hand):
    t = JuntaTable(4, hands={LARS: hand}).draw_round().promise_each().defend_all().finish_spending()
    assert t.s.phase == "check number of cards" and t.to_move == LARS
    return t


def test_junta_larger_foreign_aid_discarded_while_a_smaller_is_held():
    """junta.txt l.99: "you must discard as many cards as it takes to get you down to 4": holding
    Foreign Aid 1s and a 3, discarding the 3 gives up money for nothing (counted); a 1 or the
    Petition does not."""
    hand = ["Students Circulate Petition", "Yacht", "Foreign Aid 3"]
    for move, tally in (("discard Foreign Aid 3", (1, 1)), ("discard Foreign Aid 1", (0, 1)),
                        ("discard Students Circulate Petition", (0, 1))):
        assert junta_watched(junta_discarding(hand), move, "larger_aid_discarded") == tally, move


def test_junta_discard_with_one_foreign_aid_value_is_no_choice():
    """Foreign Aid 1s only beside other cards: no larger one can be given up."""
    t = junta_discarding(["Students Circulate Petition", "Yacht", "Supercar"])
    assert junta_watched(t, "discard Foreign Aid 1", "larger_aid_discarded") is None


def test_junta_promises_of_a_point_and_of_a_card_that_may_hold_the_chair():
    """junta.txt l.37: "The Presidente picks out at least 1 of the cards in his hand for each
    Golpista". A Yacht promised beside Foreign Aid is counted (l.102: a Victory Point in hand);
    a Gunboat promised while a Spy is held is counted (l.137: "As defender, you raise your
    Defense Value by 3"; a Spy serves orders, which his militia never take, l.47, l.132); the
    Spy or a Foreign Aid 1 promised is not."""
    hand = {LARS: ["Yacht", "Gunboat", "Spy"]}
    for move, key, tally in (("promise Yacht to P2", "vp_promised", (1, 1)),
                             ("promise Foreign Aid 1 to P2", "vp_promised", (0, 1)),
                             ("promise Gunboat to P2", "chair_card_promised", (1, 1)),
                             ("promise Spy to P2", "chair_card_promised", (0, 1))):
        t = JuntaTable(4, hands=hand).draw_round()
        assert junta_watched(t, move, key) == tally, move


@pytest.mark.parametrize("dice, won", [(4, True), (2, False)])
def test_junta_a_surprise_attack_in_an_attack_already_won(dice, won):
    """junta.txt l.138: Surprise Attack, "Ignore all buildings of the defender in this battle";
    l.74-l.75: the Presidente's militia count 1 each and the attack must beat the Defense Value.
    Four dice and Susanne's one make at least 5 against at most 4 (2 buildings, his militia at 2
    should an Uprising come): the card is counted; with two dice it is a fair play."""
    andy, susanne, matt = 1, 2, 3
    t = JuntaTable(4, buildings=[2, 1, 1, 1], militia=[1, dice, 1, 1],
                   hands={andy: ["Surprise Attack"]}).draw_round().promise_each()
    t.order(andy, *[1] * dice).order(susanne, 1).order(matt, 4)
    while t.to_move != andy:
        t.do("done")
    w = junta.JuntaWatcher(t.s.game)
    play(t.s, w, "play Surprise Attack")
    assert totals(w, andy)["card_in_won_attack"] == (int(won), 1)


def test_junta_run_counts_what_the_filter_leaves_out(tmp_path):
    """Three games from the command line: a bot that considers every legal move without the
    game's priors (filters=0, prior=0) ends Spend Money unbuilt and wastes payments; `hard`,
    whose filter leaves those moves out, does neither."""
    import json

    import behaviour
    out = tmp_path / "j.json"
    assert behaviour.main(["junta", "--bots", "hard:filters=0,prior=0,hard", "--games", "3",
                           "--json", str(out)]) == 0
    results = json.loads(out.read_text())["results"]
    rows = {spec: {r["key"]: r for r in result["rows"]} for spec, result in results.items()}
    loose = rows["hard:filters=0,prior=0"]
    assert loose["done_unbuilt"]["count"] > 0 and loose["wasted_payment"]["count"] > 0
    for key in ("done_unbuilt", "wasted_payment", "larger_aid_discarded"):
        assert rows["hard"][key]["count"] == 0 and rows["hard"][key]["passed"] is not False


# ------------------------------------------------------------------ generic
class FakeSearch:
    def __init__(self, stats):
        self.stats = stats

    def root_stats(self):
        return self.stats


class FakeBot:
    def __init__(self, stats):
        self.search = FakeSearch(stats)


def test_generic_ties_close_calls_and_forced_moves():
    w = Watcher(load_game("war"))
    w.decided(None, 0, 1, [1, 2, 3], FakeBot([(1, 5, 0.0), (2, 5, 0.0), (3, 1, 0.0)]))
    w.decided(None, 0, 1, [1, 2], FakeBot([(1, 30, 0.0), (2, 10, 0.0)]))
    w.decided(None, 0, 1, [1, 2], FakeBot([(1, 30, 0.0), (2, 29, 0.0)]))
    w.decided(None, 0, 4, [4], FakeBot([]))
    w.decided(None, 0, 1, [1, 2], FakeBot([(7, 30, 0.0)]))      # another node's: not counted
    got = totals(w, 0)
    assert got["tied_top"] == (1, 3) and got["early_close"] == (2, 3) and got["forced"] == (1, 5)


@pytest.mark.parametrize("game", ["garden", "guerilla", "baler", "war", "junta"])
def test_the_runner_plays_and_reports_every_game(game, tmp_path):
    """One game of random bots from the command line, written as JSON."""
    import json

    import behaviour
    out = tmp_path / "b.json"
    assert behaviour.main([game, "--bots", "random", "--games", "1", "--json", str(out),
                           "--reference", "none"]) == 0
    data = json.loads(out.read_text())
    assert data["game"] == game and data["results"]["random"]["rows"]


def test_a_bad_bot_spec_is_refused_before_any_game(capsys):
    import behaviour
    with pytest.raises(SystemExit) as exit_:
        behaviour.main(["war", "--bots", "nosuch", "--games", "1"])
    assert exit_.value.code == 2 and "unknown bot 'nosuch'" in capsys.readouterr().err


@pytest.mark.parametrize("attackers, chance", [(["Unit 1/4"], 6 / 100), ([LAGOS, "Unit 1/4", "Unit 1/4"], 36 / 100)])
def test_guerilla_the_chance_of_beating_the_un_card(attackers, chance):
    """guerilla.txt l.129: "The card defends with a strength of 10 [...] Card remains in play until eliminated in
    battle." A lone Rebel 4 must beat the card's die by seven: 6 pairs of the 100; Lagos's two Rebel 4s at +1 (9)
    by two: 36. A long shot (under 10%) counts for the attacker."""
    from tests.games.guerilla.conftest import un_on_seat_1
    t = un_on_seat_1(attackers)
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    play(t.s, w, "attack with group 2")
    un = next(a for a in t.s.legal_actions() if t.s.action_to_string(a).startswith(guerilla.UN_CARD))
    assert guerilla.un_win_chance(t.s, un) == pytest.approx(chance)
    play(t.s, w, un)
    assert totals(w, 2)["un_long_shot"] == (int(chance < guerilla.LONG_SHOT), 1)


def test_baler_points_left_with_an_action_that_only_gains():
    """heroes_of_baler.txt l.541: "all points not used in this phase are lost"; l.1125: "Raise your morale level by
    2". Spain at morale 0 with points to spend: ending the phase is counted; at morale 6 nothing only gains."""
    from partisan.core.games.baler.position import BalerTable
    for morale, counted in ((0, 1), (6, 0)):
        table = BalerTable()
        table.set_tracks("spain", morale=morale)
        table.give("spain", ["Redeploy"])
        s = table.game_state("action", "spain")
        w = baler.BalerWatcher(load_game("baler"))
        play(s, w, "done")
        assert totals(w, 0)["points_left"] == (counted, 1)


@pytest.mark.parametrize("named, short", [(["Unit 1/1"], True), (["Unit 1/1", "Unit 2/1"], False)])
def test_guerilla_a_leaderless_defence_named_short(named, short):
    """guerilla.txt l.58: "When attacking a leaderless group, the attacker decides which unit(s) will defend";
    the strongest named defends alone (RULES.md reading 8) and l.64: "only the units under attack can defend and
    take losses". Stopping at one Rebel 1 with the other 1 left is short; with both named, leaving the 4 out is
    the attacker's choice."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(groups=[(0, GOV, [card("Unit 3/1")], 0),
                               (1, REB, [card("Unit 1/1"), card("Unit 2/1"), card("Unit 1/4")], 0)])
    play(s, w, "attack with group 0")
    play(s, w, "group 1")
    for name in named:
        play(s, w, f"{name} (card {card(name)})")
    play(s, w, "done")
    assert totals(w, 0)["named_short"] == (int(short), 1)


def test_guerilla_an_assassin_counts_by_the_faction_of_the_leader_it_aims_at():
    """guerilla.txt l.123: "The assassin attempts to kill a leader"; the kill scores for the faction opposed to
    his. A Government loyalist aiming at a Government leader counts against his faction; at a Rebel one it does
    not."""
    for leader, own in ((ZAMORA, 0), (LAGOS, 1)):
        w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
        s = guerilla_table(hands={0: [card("Assassin")]}, groups=[
            (1, REB, [card(ZAMORA), card("Unit 1/4")], 0), (1, GOV, [card(LAGOS), card("Unit 2/2")], 0)])
        play(s, w, "play Assassin")
        play(s, w, f"{leader} (card {card(leader)})")
        assert totals(w, 0)["assassin_own_faction"] == (own, 1)


@pytest.mark.parametrize("last, undrawn", [("end the turn", True), ("draw cards", False)])
def test_guerilla_a_discard_without_the_draw(last, undrawn):
    """guerilla.txt l.91: "A player may discard up to four cards from his hand at the cost of an action"; l.95: "At
    the cost of one action, a player may draw new cards from the deck until he reaches his hand capacity". Three
    cards under a capacity of 7, one discarded: ending the turn then is counted, drawing is not."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card("Unit 1/1"), card("Unit 2/2"), card("Unit 3/3")]},
                       groups=[(0, GOV, [card("Unit 2/1")], 0), (1, REB, [card("Unit 1/4")], 0)])
    for move in ("discard cards", "Unit 1/1 on top (shown)", "done", last):
        play(s, w, move)
    assert totals(w, 0)["discard_undrawn"] == (int(undrawn), 1)


def test_guerilla_a_second_trade_offer_in_a_turn():
    """guerilla.txt l.86: "Making the offer costs one action, whether or not a trade actually takes place." The
    first offer of a turn is not counted; a second, after every counter-offer was rejected, is."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card("Unit 1/1"), card("Unit 2/2")]},
                       groups=[(0, GOV, [card("Unit 2/1")], 0), (1, REB, [card("Unit 1/4")], 0)])
    for _ in range(2):
        play(s, w, "offer a trade")
        for move in ("Unit 1/1 face up", "done", "done", "done", "done", "reject every counter-offer"):
            play(s, w, move)
    assert totals(w, 0)["trade_again"] == (1, 2)


@pytest.mark.parametrize("groups, idle", [([(1, REB, [card("Unit 1/4")], 0)], True),
                                          ([(0, GOV, [card("Bridge")], 0)], True),
                                          ([(0, GOV, [card("Unit 2/1")], 0)], False)])
def test_guerilla_an_ambush_marker_point_with_nothing_to_defend(groups, idle):
    """guerilla.txt l.79: the marker's roll has "exactly the same" effects "as playing an Ambush card in defence";
    l.120, the Ambush: "Cannot be played on a complex." A point bought with no group of one's own, or only a
    complex, is counted; with a group of units it is not."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card("Unit 1/1")]}, groups=groups)
    play(s, w, "buy an ambush marker point")
    assert totals(w, 0)["marker_idle"] == (int(idle), 1)


@pytest.mark.parametrize("first, group, fresh", [("deploy", 1, True), ("deploy", 0, False), ("reinforce", 0, True)])
def test_guerilla_a_reinforcement_of_a_group_deployed_or_reinforced_in_the_same_turn(first, group, fresh):
    """guerilla.txt l.82: "Deployment can be either the placement of a new group or the reinforcement of an existing
    one. Each group deployed and each group reinforced costs one action." A group deployed with Unit 1/1 and then
    reinforced with Unit 2/2 spends two actions where one would place both: counted, and so is a group reinforced
    twice; a reinforcement of a group already on the table is not."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card("Unit 1/1"), card("Unit 2/2"), card("Unit 3/3")]},
                       groups=[(0, GOV, [card("Unit 2/1")], 0)])
    start = (("deploy a new group", "Unit 1/1", "done", "Government") if first == "deploy" else
             ("reinforce group 0", "Unit 1/1", "done"))
    for move in (*start, f"reinforce group {group}"):
        play(s, w, move)
    assert totals(w, 0)["reinforce_fresh"] == (int(fresh), 1 + (first == "reinforce"))


@pytest.mark.parametrize("answer, unrolled", [("no reaction", True), ("roll your ambush marker", False)])
def test_guerilla_an_ambush_marker_left_unrolled(answer, unrolled):
    """guerilla.txt l.79: "Whenever a group belonging to a player with an ambush marker is attacked, he may roll
    the die." P2 bought a point and is attacked: passing without the roll is counted, rolling is not."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(active=1, groups=[(0, GOV, [card("Unit 4/1")], 0), (1, REB, [card("Unit 1/2")], 0)])
    for move in ("buy an ambush marker point", "end the turn", "end the turn", "end the turn",
                 "attack with group 0", "group 1", "no reaction", answer):
        play(s, w, move)
    assert totals(w, 1)["marker_unrolled"] == (int(unrolled), 1)


@pytest.mark.parametrize("cards, unled", [(["Unit 3/1"], True), ([LAGOS, "Unit 3/1"], False)])
def test_guerilla_a_leaderless_group_reinforced_without_a_leader(cards, unled):
    """guerilla.txt l.57: "A leader is necessary to combine the strength of units"; l.58: "Only one unit ... in a
    leaderless group can attack each turn. When attacking a leaderless group, the attacker decides which unit(s)
    will defend." A Unit 3/1 added to one's own lone Unit 2/1 leaves it leaderless: counted; with Lagos, not."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card(c) for c in cards]}, groups=[(0, GOV, [card("Unit 2/1")], 0)])
    for move in ("reinforce group 0", *cards, "done"):
        play(s, w, move)
    assert totals(w, 0)["reinforce_leaderless"] == (int(unled), 1)


@pytest.mark.parametrize("brought, aside, weaker", [("Unit 1/1", "Unit 2/1", True), ("Unit 4/1", "Unit 2/1", False)])
def test_guerilla_a_rearrangement_that_commands_no_more(brought, aside, weaker):
    """guerilla.txt l.22: "any excess units are turned sideways and do not function as part of the group";
    l.23-l.26: the cards "may be re-arranged". Lagos (rating 2) commands a 2 and a 3, a third unit sideways:
    a 1 brought in for the 2 commands less (1 + 3 against 2 + 3): counted; a 4 in for the 2 more: not."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(groups=[(0, GOV, [card(LAGOS), card("Unit 2/1"), card("Unit 3/1"), card(brought)], 0)])
    play(s, w, f"bring into command {brought} (card {card(brought)})")
    play(s, w, f"turn {aside} (card {card(aside)}) sideways")
    assert totals(w, 0)["arranged_weaker"] == (int(weaker), 1)


def test_guerilla_an_ambush_marker_point_bought_under_the_un_card():
    """guerilla.txt l.129, the UN Intervention: "Player on whom the card is played cannot attack or be attacked
    except by assassination/Policia, demolition and propaganda." A point bought under it is counted, though the
    seat has a group of units."""
    from tests.games.guerilla.conftest import un_on_seat_1
    t = un_on_seat_1(["Unit 1/4"], kept=["Unit 4/1"]).do("end the turn", "end the turn", "end the turn")
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    play(t.s, w, "buy an ambush marker point")
    assert totals(w, 1)["marker_idle"] == (1, 1)


@pytest.mark.parametrize("answer, kept", [("keep group 1 as it is", True), ("bring into command", False)])
def test_guerilla_a_stronger_unit_kept_sideways_when_asked_after_a_battle(answer, kept):
    """guerilla.txt l.23-l.24: the cards may be re-arranged "following: any battle ... involving the group".
    P2, Rebel-loyal, has Gallardo (rating 1) commanding a Rebel 1 with a Rebel 4 sideways; after a tie he is
    asked: keeping the 1 in command is counted, bringing the 4 in is not."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    g4 = card("Unit 1/4")
    s = guerilla_table(groups=[(0, GOV, [card("Unit 3/1")], 0),
                               (1, REB, [card("Teniente Raúl Gallardo / Teniente Martín Vega"), card("Unit 1/1"), g4], 0)])
    for move in ("attack with group 0", "group 1", "attack the commanded units"):
        play(s, w, move)
    pass_reactions(s, w)
    for face in (5, 7):                             # 3 + 5 against 1 + 7: a tie, no loss
        play(s, w, GC.die + face - 1)
        pass_reactions(s, w)
    assert s.current_player() == 1
    play(s, w, answer if answer.startswith("keep") else f"{answer} Unit 1/4 (card {g4})")
    assert totals(w, 1)["regroup_kept"] == (int(kept), 1)


@pytest.mark.parametrize("partner, armed", [("P2", True), ("P3", False)])
def test_guerilla_a_card_of_the_other_faction_handed_to_a_seat_whose_table_is_of_it(partner, armed):
    """guerilla.txt l.87-l.88: the offering player accepts one counter-offer and the exchange binds. P1,
    Government-loyal, lays a Unit 1/4 (Rebel 4): accepting P2's counter-offer, whose table is a Rebel 4, hands
    it to the Rebel side: counted; P3's, whose table is a Government 4, not. P2's Unit 2/2 serves both alike."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card("Unit 1/4")], 1: [card("Unit 2/2")], 2: [card("Unit 2/2", 1)]},
                       groups=[(1, REB, [card("Unit 4/4")], 0), (2, GOV, [card("Unit 4/1")], 0)])
    for move in ("offer a trade", "Unit 1/4 face up", "done", "Unit 2/2 face up", "done", "Unit 2/2 face up",
                 "done", "done", f"accept {partner}'s counter-offer"):
        play(s, w, move)
    assert totals(w, 0)["trade_armed"] == (int(armed), 1)
    assert "trade_armed" not in totals(w, 1) and "trade_armed" not in totals(w, 2)


@pytest.mark.parametrize("held, moves, short", [
    (1, ["end the turn"], (1, 1)), (1, ["draw cards"], (0, 1)), (1, ["buy an ambush marker point"] * 2, (1, 2)),
    (6, ["end the turn"], (1, 1)), (6, ["buy an ambush marker point"] * 2, (0, 2))])
def test_guerilla_a_turn_ended_with_the_draw_offered(held, moves, short):
    """guerilla.txt l.95: "At the cost of one action, a player may draw new cards from the deck until he reaches
    his hand capacity ... The player's turn ends as soon as that is done." With 1 or 6 cards of 7 and a full
    deck, ending the turn is counted, drawing is not; an ambush marker point (l.78) bought with two actions left
    is not, with the last one it is when the hand is at most half full."""
    units = ["Unit 1/1", "Unit 2/2", "Unit 3/3", "Unit 4/4", "Unit 1/2", "Unit 3/1"]
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card(c) for c in units[:held]]}, groups=[(0, GOV, [card("Unit 2/1")], 0)])
    for move in moves:
        play(s, w, move)
    assert totals(w, 0)["end_undrawn"] == short


@pytest.mark.parametrize("held, lost", [(7, 1), (6, 0)])
def test_guerilla_a_retrieval_into_a_hand_at_its_capacity(held, lost):
    """guerilla.txt l.134: the Barracks' retrieval may exceed the hand's capacity, "but any excess must be
    discarded at the end of the player's turn"; l.15: at random. With 7 cards of 7 it counts, with 6 not."""
    units = ["Unit 1/1", "Unit 2/2", "Unit 3/3", "Unit 1/2", "Unit 2/1", "Unit 3/1", "Unit 1/3"]
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card(c) for c in units[:held]]},
                       groups=[(0, GOV, [card("Barracks")], 0), (1, REB, [card("Unit 1/4")], 0)],
                       discard=[card("Unit 4/3")])
    play(s, w, "retrieve a card (Barracks)")
    assert totals(w, 0)["retrieved_lost"] == (lost, 1)


def test_guerilla_an_armor_column_deployed_and_then_paid_for_again():
    """guerilla.txt l.121, the Armor Column: "Cost: 1 action for any number of attacks." Played, its first
    attack declined, then an attack with it for the turn's second action: counted."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card("Armor Column"), card("Unit 1/1")]}, groups=[(1, REB, [card("Unit 1/4")], 0)])
    for move in ("play Armor Column", "done", "attack with group 1"):
        play(s, w, move)
    assert totals(w, 0)["armor_again"] == (1, 1)


@pytest.mark.parametrize("cards, sideways", [(["Unit 3/1"], True), ([], False)])
def test_guerilla_a_unit_added_beyond_the_leaders_command(cards, sideways):
    """guerilla.txt l.22: "When a group contains more units than its leader's command rating, any excess units are
    turned sideways and do not function as part of the group." Lagos (rating 2) with a 2: a new group of Gallardo
    (rating 1) and a Unit 2/2, and a reinforcement of Lagos with a Unit 1/1 and perhaps a Unit 3/1: the third unit
    under Lagos is counted, Gallardo's one unit and Lagos's two are not."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    gallardo = "Teniente Raúl Gallardo / Teniente Martín Vega"
    s = guerilla_table(hands={0: [card(c) for c in ("Unit 1/1", "Unit 3/1", "Unit 2/2", gallardo)]},
                       groups=[(0, GOV, [card(LAGOS), card("Unit 2/1")], 0)])
    for move in ("deploy a new group", gallardo, "Unit 2/2", "done", "Government",
                 "reinforce group 0", "Unit 1/1", *cards, "done"):
        play(s, w, move)
    assert totals(w, 0)["sideways_added"] == (int(sideways), 2)


@pytest.mark.parametrize("attack, unanswered", [(True, False), (False, True)])
def test_guerilla_a_turn_that_leaves_a_cutter_unattacked(attack, unanswered):
    """guerilla.txt l.128: "When the isolation modifier equals the highest complex DF or unit strength in the group,
    the group surrenders. All units and leaders are eliminated (points to the supply cutter)"; "Isolation ends
    when: ... the cutting group is eliminated". Seat 0's Government 4 cuts seat 1's Rebel 4; seat 1's free Rebel
    5 beats the 4 in 55 battles of 100: a turn that attacks it is not counted, one that ends at once is."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card("Supply Cut")]}, groups=[
        (0, GOV, [card("Unit 4/1")], 0), (1, REB, [card("Unit 1/4")], 0), (1, REB, [card("Unit 1/5")], 0)])
    for move in ("play Supply Cut", "group 0", "group 1", "end the turn"):
        play(s, w, move)
    assert s._relief_odds(2) == pytest.approx(0.55) and s._relief_odds(1) < guerilla.RELIEF_CHANCE
    if attack:
        fight(s, w, 2, 0)
    play(s, w, "end the turn")
    assert totals(w, 1)["cut_unanswered"] == (int(unanswered), 1)
    assert "cut_unanswered" not in totals(w, 0)


def test_guerilla_relief_odds_refuses_a_group_not_on_the_table():
    s = guerilla_table(groups=[(0, GOV, [card("Unit 4/1")], 0)])
    for bad in (-1, 5, 10_000):
        with pytest.raises(ValueError, match="no group"):
            s._relief_odds(bad)


@pytest.mark.parametrize("target, long_odds", [("group 2", True), ("group 1", False)])
def test_guerilla_an_attack_declared_with_under_a_third_of_a_chance(target, long_odds):
    """guerilla.txt l.68: the lower total "must eliminate units of his choice with a combined strength at least equal
    to the difference"; a tie has no effect. A Government 2 beats a Rebel 4 in 28 battles of 100 (counted), a Rebel
    1 in 55 (not)."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(groups=[(0, GOV, [card("Unit 2/1")], 0), (1, REB, [card("Unit 1/1")], 0),
                               (1, REB, [card("Unit 1/4")], 0)])
    play(s, w, "attack with group 0")
    assert s._target_odds(2) == pytest.approx(0.28)
    play(s, w, target)
    assert totals(w, 0)["attack_long_odds"] == (int(long_odds), 1)
    with pytest.raises(ValueError, match="no attack"):
        s._target_odds(1)


@pytest.mark.parametrize("units, weakens", [(["Unit 1/1"], True), (["Unit 1/1", "Unit 3/3"], False)])
def test_guerilla_a_new_group_weaker_than_its_best_unit_alone(units, weakens):
    """guerilla.txt l.57: "A leader is necessary to combine the strength of units"; l.111: his command modifier
    counts. Aranda (Government 2, -1) over a 1 is 0, weaker than the 1 alone (counted); over a 1 and a 3 he makes 3,
    as strong as the 3 (not counted)."""
    aranda = "Mayor Héctor Aranda / Comandante Simón Ortiz"
    assert _new_group_totals(aranda, ["Unit 1/1", "Unit 3/3"], units)["leader_weakens"] == (int(weakens), 1)


def _new_group_totals(leader, hand, units):
    """The watcher's totals for seat 0 once it deploys `leader` and `units` (of `hand`) as a new
    Government group."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card(c) for c in (leader, *hand)]}, groups=[(1, REB, [card("Unit 1/4")], 0)])
    for move in ("deploy a new group", leader, *units, "done", "Government"):
        play(s, w, move)
    return totals(w, 0)


def test_guerilla_the_secret_initial_deployment_counts_at_its_reveal():
    """guerilla.txt l.36-l.37: the initial deployment is made face down and turned face up when all have
    finished; l.22: units beyond the leader's command rating lie sideways. Seat 0 plans Gallardo (rating 1, 0)
    with a 3 and a 4, and its Airfield alone: at the reveal the group counts once for sideways_added, and not
    for leader_weakens (the 4 he commands is as strong as the 4 alone)."""
    from tests.games.guerilla.test_setup import _deal, _hands, _start
    gallardo = "Teniente Raúl Gallardo / Teniente Martín Vega"
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    hands = _hands(card)
    hands[0] = [card(gallardo), card("Unit 3/1"), card("Unit 4/1"), *hands[0][3:7], card("Airfield")]
    s = _start()
    _deal(s, hands)
    for move in ["keep the deal (no misdeal)"] * 4 + [gallardo, "Unit 3/1", "Unit 4/1", "done", "Government",
                                                      "Airfield", "done", "done", "done", "done", "done"]:
        play(s, w, move)
    assert s._snap()["groups"] and totals(w, 0)["sideways_added"] == (1, 1)
    assert totals(w, 0)["leader_weakens"] == (0, 1)


@pytest.mark.parametrize("loser, small", [("Unit 1/1", True), ("Unit 3/3", False)])
def test_guerilla_press_played_for_a_point(loser, small):
    """guerilla.txt l.124: Atrocities/Press "Halves (fractions rounded down) or doubles the point value of any losses
    inflicted in battle ... Discard after use." Press on a Rebel win of 1 takes 1 point (counted), on a win of 3
    takes 2 (not)."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={2: [card("Atrocities/Press")]},
                       groups=[(0, REB, [card("Unit 1/4")], 0), (1, GOV, [card(loser)], 0)])
    fight(s, w, 0, 1)
    while s.current_player() != 2:
        play(s, w, "no reaction")
    play(s, w, "play Press")
    assert totals(w, 2)["after_small"] == (int(small), 1)


def test_guerilla_a_reinforcement_of_a_garrison_withdrawn_the_same_turn():
    """guerilla.txt l.47: a withdrawal costs an action (the Bridge's is free, l.135); l.82: so does a reinforcement.
    The Bridge's garrison taken back to hand and a unit put back in the same turn: counted."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card("Unit 2/2")]}, groups=[(0, GOV, [card("Bridge"), card("Unit 4/1")], 0)])
    for move in ("withdraw free (Bridge)", "group 0", "reinforce group 0"):
        play(s, w, move)
    assert totals(w, 0)["reinforce_fresh"] == (1, 1)


@pytest.mark.parametrize("moves, stripped", [(["withdraw free (Bridge)", "group 0"], True),
                                             (["withdraw group 0", f"{BARRIENTOS} (card {card(BARRIENTOS)})", "done"],
                                              False)])
def test_guerilla_a_garrison_withdrawn_bare(moves, stripped):
    """guerilla.txt l.75: "Whenever a complex would be required to take losses, it is instead captured by the
    attacking group." Seat 0, Government-loyal, takes its Government Bridge's garrison home whole (counted), or
    its leader alone, the unit staying (not counted)."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(groups=[(0, GOV, [card("Bridge"), card(BARRIENTOS), card("Unit 4/1")], 0)])
    for move in moves:
        play(s, w, move)
    assert totals(w, 0)["garrison_stripped"] == (int(stripped), 1)


@pytest.mark.parametrize("held, lost", [(5, False), (6, True)])
def test_guerilla_a_withdrawal_into_a_hand_over_its_capacity(held, lost):
    """guerilla.txt l.47: "Hand capacity can be temporarily exceeded following withdrawal, but cards will be lost
    if the hand is still over capacity at the end of the player's turn." Seat 0 (capacity 7) withdraws a pair and
    ends the turn: with 6 cards in hand it ends over capacity (counted), with 5 at it (not)."""
    units = ["Unit 1/1", "Unit 2/2", "Unit 3/3", "Unit 1/2", "Unit 2/1", "Unit 3/2"]
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card(c) for c in units[:held]]},
                       groups=[(0, GOV, [card("Unit 4/1"), card("Unit 2/3")], 0), (1, REB, [card("Unit 1/4")], 0)])
    for move in ("withdraw group 0", "done", "end the turn"):
        play(s, w, move)
    assert totals(w, 0)["withdrawn_lost"] == (int(lost), 1)


@pytest.mark.parametrize("counter, short", [(1, True), (2, False)])
def test_guerilla_a_trade_that_hands_over_more_cards_than_it_brings(counter, short):
    """guerilla.txt l.87: the offering player lays cards, the others lay counter-offers, and he accepts one. P1
    lays two cards; accepting P2's counter-offer of one hands over more than it brings (counted for P1, not P2);
    of two, not."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card("Unit 2/2"), card("Unit 3/3")], 1: [card("Unit 1/1"), card("Unit 2/2", 1)]})
    laid = ["Unit 1/1 face down", "Unit 2/2 face up"][:counter]
    for move in ("offer a trade", "Unit 2/2 face up", "Unit 3/3 face up", "done", *laid, "done", "done", "done",
                 "accept P2's counter-offer"):
        play(s, w, move)
    assert totals(w, 0)["trade_short"] == (int(short), 1) and totals(w, 1)["trade_short"] == (0, 1)


@pytest.mark.parametrize("counter, short", [(1, True), (2, False)])
def test_guerilla_a_counter_offer_short_of_the_offer(counter, short):
    """guerilla.txt l.87: "the other players may make offers in return ... he can only accept one trade deal or
    reject them all." P1, his hand within its capacity, lays two cards; a bot of his accepts no deal of fewer, so
    P2's counter-offer of one card shows it for nothing (counted for P2), of two not. P3, who offers nothing,
    is not counted."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card("Unit 2/2"), card("Unit 3/3")], 1: [card("Unit 1/1"), card("Unit 2/2", 1)]})
    laid = ["Unit 1/1 face down", "Unit 2/2 face up"][:counter]
    for move in ("offer a trade", "Unit 2/2 face up", "Unit 3/3 face up", "done", *laid, "done", "done", "done"):
        play(s, w, move)
    assert totals(w, 1)["counter_short"] == (int(short), 1) and "counter_short" not in totals(w, 2)


@pytest.mark.parametrize("units, idle", [(["Unit 4/2"], True), (["Unit 4/2", "Unit 1/1"], False)])
def test_guerilla_a_leader_who_adds_nothing(units, idle):
    """guerilla.txt l.57, l.70, l.111: Zamora (Government 3, +0) over a lone 4 makes 4, no more than the 4 alone
    (counted); over a 4 and a 1 he makes 5 (not). So does Fuentes (Government 2, +0) brought to a lone 2."""
    assert _new_group_totals(ZAMORA, ["Unit 4/2", "Unit 1/1"], units)["leader_idle"] == (int(idle), 1)
    fuentes = "Mayor Ignacio Fuentes / Capitán Rosa Cárdenas"
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card(fuentes)]}, groups=[(0, GOV, [card("Unit 2/1")], 0)])
    for move in ("reinforce group 0", fuentes, "done"):
        play(s, w, move)
    assert totals(w, 0)["leader_idle"] == (1, 1)


@pytest.mark.parametrize("target, harmful", [("group 0", True), ("group 1", False)])
def test_guerilla_traitors_forced_onto_the_seats_own_faction_where_they_harm_most(target, harmful):
    """guerilla.txt l.95: a red card drawn "must be played immediately"; l.140: the leader's modifier is added to
    the die, above 5 the leader "and his entire group change faction", else he is shot; "If played on a complex
    with no leader, the die roll is unmodified." With only Government targets, a Government loyalist's Traitors
    on his +2 general over 10 strength (7 in 10 to turn it) count; on his leaderless Banco (5 in 10 to turn its
    VP, nothing otherwise) they do not."""
    valdivia = "General Arturo Valdivia / Comandante Lucio Marín"
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(deck=[card("Traitors")], groups=[
        (0, GOV, [card(valdivia), card("Unit 4/1"), card("Unit 3/3"), card("Unit 3/1")], 0),
        (0, GOV, [card("Banco de Nationale")], 0), (1, REB, [card("Unit 1/4")], 0)])
    for move in ("draw cards", GC.card + card("Traitors"), target):
        play(s, w, move)
    assert totals(w, 0)["traitors_harm"] == (int(harmful), 1) and "traitors_own_faction" not in totals(w, 0)


@pytest.mark.parametrize("leader, negative", [("Capitán Diego Alvear / Teniente Pablo Ochoa", True), (LAGOS, False)])
def test_guerilla_a_leader_with_a_negative_modifier_into_the_seats_own_complex(leader, negative):
    """guerilla.txt l.67: "The defender totals the strength of all defending units, the DF of any complex, the group
    leader's command modifier, and a die roll." Alvear (-1) sent into seat 0's Airfield lowers its defence (counted);
    Lagos (+1) does not."""
    w = guerilla.GuerillaWatcher(load_game("guerilla", 4))
    s = guerilla_table(hands={0: [card(leader)]}, groups=[(0, GOV, [card("Airfield"), card("Unit 4/1")], 0),
                                                          (1, REB, [card("Unit 1/4")], 0)])
    for move in ("reinforce group 0", leader, "done"):
        play(s, w, move)
    assert totals(w, 0)["garrison_leader_negative"] == (int(negative), 1)
