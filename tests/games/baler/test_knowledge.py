"""The phases' priorities the bots of Heroes of Baler know (core/games/baler/knowledge.pyx, the
move prior of BalerState.c_action_priors): in a position built for each, the move a player
at the table would choose ranks above the silly one. heroes_of_baler.txt, l.N = its line."""


def _priors(s):
    return {s.action_to_string(a): p for a, p in s._priors().items()}


def _ranks(s, better, worse):
    p = _priors(s)
    assert abs(sum(p.values()) - 1) < 1e-9
    assert p[better] > p[worse], (better, worse, p)
    return p


# ------------------------------------------------------------------ cards
def test_initiative_is_bought_with_the_card_worth_least_in_the_action_phase(table):
    """l.348: "Whoever played the card with the highest initiative value will play first";
    l.350: the card is discarded; l.504: the Action phase uses "the cards they still have in
    hand". Signal to the Yorktown (initiative 9, 1 action point, an event that does nothing
    before turn 4, l.1121) goes before Redeploy (initiative 1, 3 action points)."""
    table.give("spain", ["Signal to the Yorktown", "Redeploy", "Foraging Party"])
    s = table.game_state("initiative", "spain")
    _ranks(s, "Signal to the Yorktown", "Redeploy")


def test_events_heal_a_deadly_infirmary_before_raising_a_full_morale(table, fill_infirmary):
    """l.950: "This may cause a wounded to be moved from bed 1 to the '0' space (the
    graveyard)"; l.377: "Any supply or morale over 6 cannot be stored and is lost." With three
    beds full, Field Hospital (heal) is the event; Rally the Detachment (morale +1 at 6) is
    not."""
    fill_infirmary(table, 3)
    table.give("spain", ["Field Hospital", "Rally the Detachment", "Redeploy", "Lookouts"])
    s = table.game_state("events", "spain")
    _ranks(s, "Field Hospital", "Rally the Detachment")


def test_a_support_card_that_boosts_nothing_is_worse_than_none(table, fill_infirmary, play):
    """l.370: "If the event card shows an icon matching the icon on a card played as event, you
    can boost that event card"; l.373: "Do not resolve the event on the support card." Rally
    the Detachment's cross boosts Field Hospital (expand the infirmary); Redeploy's crate boosts
    neither event and would only lose its 3 action points."""
    fill_infirmary(table, 3)
    table.give("spain", ["Field Hospital", "Rally the Detachment", "Redeploy", "Lookouts"])
    s = play(table.game_state("events", "spain"), "Field Hospital", "Lookouts")
    _ranks(s, "Rally the Detachment", "done")
    _ranks(s, "done", "Redeploy")


def test_the_takeover_attempt_aims_at_the_walls_nearest_destroyed(table, play):
    """l.1151: the Takeover attempt lowers the walls of an area; l.1190: "The Philippine side
    has degraded the church wall conditions to Destroyed in two or more areas ... scores 6
    victory points". Wrecked walls, one level from Destroyed, before Intact ones."""
    table.set_walls(2, "Wrecked")
    table.give("philippines", ["Takeover attempt", "Snipers"])
    s = play(table.game_state("events", "philippines"), "Takeover attempt", "Snipers", "done",
             "Takeover attempt: main event")
    _ranks(s, "area 2", "area 1")


# ------------------------------------------------------------------ shootings and attacks
def test_mandatory_shootings_go_where_the_firepower_is_ours_or_do_nothing(table, man):
    """l.654: "The attacker will roll 1 die by default, and the defender 2. If one side has a
    firepower advantage, they will get additional dice"; l.500: "You can even use this rule so
    that some of the mandatory shootings have no consequence." Spain shoots first where its
    firepower is +3, and an area with no Filipino (no shooting) before one where the Filipinos
    hold the firepower."""
    man(table, 1, spain=[3, 3, 3], philippines=[1])
    man(table, 3, spain=[1, 1, 1], philippines=[])
    assert table.area_firepower(1) == 3 and table.area_firepower(2) < 0
    s = table.game_state("first shootings", "spain")
    _ranks(s, "area 1", "area 3")
    _ranks(s, "area 3", "area 2")


def test_guns_fire_at_the_lowest_walls_and_rifles_where_the_firepower_is_ours(table, man):
    """l.862-l.873: artillery lowers the walls one level per net success, and walls brought to
    Destroyed score 1 point; l.654 as above. The gun facing Wrecked walls fires before the one
    facing Intact walls; a shooting with the firepower before an even one (one against it is
    not a bot's move: test_bot_moves.py)."""
    man(table, 1, spain=[1], philippines=[3, 3, 3], artillery=2)
    man(table, 3, spain=[3], philippines=[1], artillery=2)
    table.set_walls(3, "Wrecked")
    table.give("philippines", ["March on Manila"])
    s = table.game_state("action", "philippines")
    _ranks(s, "artillery area 3", "artillery area 1")
    _ranks(s, "shooting area 1", "shooting area 3")


def test_morale_buys_a_kill_unless_it_brings_desertion_near(table, play):
    """l.910: "You can lower your morale level by 1 to add 1 to the die result"; l.664: "For
    each 6 obtained, the enemy suffers a direct casualty (kill)"; l.396: "Morale in level 2 or
    1 - One unit deserts." At morale 6 the 5 made a 6 is worth its level; at morale 3 the
    level it costs is kept."""
    for morale, better, worse in ((6, "morale +1 on a 5", "done"), (3, "done", "morale +1 on a 5")):
        t = type(table)()
        t.set_tracks("spain", morale=morale)
        t.give("spain", ["Redeploy"])
        s = play(t.game_state("action", "spain"), "shooting area 1", "roll 2 4 5")
        _ranks(s, better, worse)


def test_an_incursion_takes_the_gun_before_the_trench(table, man, play):
    """l.811: "When sabotaging an artillery piece, remove it from the map ... and score 1
    victory point"; l.741: the gun is open to an incursion once a trench section of the area is
    not built. With one success more, the gun rather than the built trench."""
    man(table, 1, spain=[3, 3, 3], philippines=[1], artillery=2)
    table.set_trench(1, "built")
    table.give("spain", ["Redeploy"])
    s = play(table.game_state("action", "spain"), "incursion area 1", "roll 2 4 4 5", "done",
             "roll 2 3", "done")
    _ranks(s, "artillery", "first trench")


# ------------------------------------------------------------------ the Action phase
def test_a_deadly_infirmary_is_healed_before_anything_else(table, fill_infirmary):
    """l.950 as above; l.1105-l.1109: "Heal the units in the two beds with lower numbers
    (closer to the '0' space - graveyard)". With three beds full, heal before the morale +2
    that a morale of 6 cannot hold (l.377) and before the supply roll; l.541: "all points not used
    in this phase are lost"."""
    fill_infirmary(table, 3)
    table.give("spain", ["Redeploy"])
    s = table.game_state("action", "spain")
    _ranks(s, "heal", "morale +2")
    _ranks(s, "heal", "supply")
    assert "done" not in _priors(s)         # with a heal to make, the phase is not ended (bot_spend)


def test_repairs_go_to_the_walls_nearest_destroyed(table, play):
    """l.1075: "Repairing the church wall upgrades its condition by one level"; l.1190: two
    areas Destroyed end the game with 6 points to the Philippines. Wrecked walls before
    Damaged ones."""
    table.set_walls(1, "Damaged")
    table.set_walls(3, "Wrecked")
    table.give("spain", ["Redeploy"])
    s = play(table.game_state("action", "spain"), "repair")
    _ranks(s, "area 3", "area 1")


def _bare_area_3(table):
    """Area 3 with no Spaniard: the Bell Tower (in every area, l.104) and area 3's own posts
    emptied; area 1 keeps its '5-6' man."""
    for post in ("spain_bell_tower", "spain_3_4_area_3", "spain_5_6_areas_2_3", "spain_3_4_area_1"):
        table.clear(post)
    assert all(u is None for u in table.posts(3, "spain").values())


def test_manning_fills_the_unguarded_walls_first(table, play, texts):
    """l.793: "If one side does not have military units in the area, they do not roll any
    dice" (an incursion there meets no defence); l.1219: "Draw a unit and place it in a space of
    your choice". The soldier drawn goes to the Bell Tower, then to area 3's posts, before area
    1's empty post."""
    _bare_area_3(table)
    s = table.game_state("upkeep", "spain", step=6)
    play(s, texts(s)[0])
    _ranks(s, "Bell Tower '2'", "Spanish post '3-4', area 1")
    _ranks(s, "Spanish post '3-4', area 3", "Spanish post '3-4', area 1")


def test_a_moved_soldier_guards_the_bare_area_rather_than_replace_a_man(table, play):
    """l.977-l.982: a unit from the detachment to an occupied post sends the one there back;
    l.793 as above. Cazador 1-1 1 goes to an empty post of the unguarded area 3, not onto area
    4's manned post."""
    _bare_area_3(table)
    table.give("spain", ["Redeploy"])
    s = play(table.game_state("action", "spain"), "move", "Cazador 1-1 1")
    _ranks(s, "Spanish post '3-4', area 3", "Spanish post '3-4', area 4")


# ------------------------------------------------------------------ trenches
def test_a_trench_the_card_lets_the_philippines_build_is_built(table, play):
    """l.1133: "This action allows you to build a trench section in an empty trench space";
    l.106: trenches "protect the Philippine artillery units from Spanish incursions. They will
    also award victory points to the Philippine side." Dig In's main event builds one at no
    supply cost: giving it up throws the card's 2 action points away for nothing."""
    table.give("philippines", ["Dig In", "Snipers"])
    s = play(table.game_state("events", "philippines"), "Dig In", "Snipers", "done",
             "Dig In: main event")
    trenches = [m for m in _priors(s) if m.startswith("trench")]
    assert trenches
    for trench in trenches:
        _ranks(s, trench, "done")


# ------------------------------------------------------------------ the territorial map
def _stack_facing_the_us(table, bag_soldier):
    """Turn 4: one CF-1 soldier in space 2, the US counter (strength 5) in space 4."""
    table.put_territory(bag_soldier(table, "philippines", 1, 1), 2)
    table.set_territory(2, 4, us=True, strength=5)
    table.set_turn(4)
    table.give("philippines", ["March on Manila"])
    return table.game_state("action", "philippines")


def test_a_weak_stack_advances_short_of_the_us_rather_than_into_it(table, play, bag_soldier):
    """l.1048: the supply die is modified "-1 for space 1, +1 for space 3, and +2 for space 4";
    l.1374: a stack that "enters the space with the foreign power counter, it must stop and
    fight"; l.1394: the dice are the combat strength; l.1402-l.1405: beaten by the US, "the
    Philippine side loses a unit ... In addition, they must retreat one space". One die
    against five: the stack takes space 3 unopposed rather than attack into space 4."""
    s = play(_stack_facing_the_us(table, bag_soldier), "move", "advance on the territorial map")
    _ranks(s, "Territorial space 3", "Territorial space 4")


def test_the_stack_is_deployed_strongest_first_and_not_left_short(table, play):
    """l.1367: "Place up to 3 units (soldiers and leaders) on the territorial control map";
    l.1394: the stack rolls its combat strength in dice. A soldier of combat factor 2 goes
    before one of 1, and either before stopping with the stack short of three."""
    table.give("philippines", ["March on Manila"])
    s = play(table.game_state("action", "philippines"), "move", "deploy on the territorial map")
    _ranks(s, "Katipunero 2-1 3", "Katipunero 1-1 3")
    _ranks(s, "Katipunero 1-1 3", "done")


# ------------------------------------------------------------------ Fog of War
def _fog_of_war_drawn(table, side, card, morale, supply):
    """`side` holds the initiative at the Upkeep's Fog of War step, at these tracks, with
    Truce for the Wounded and Scouts face up; it draws `card`, the other side a card of its
    own, and `side` is to keep it or give it back."""
    table.set_tracks(side, morale=morale, supply=supply)
    table.set_shared("Truce for the Wounded", "Scouts")
    s = table.game_state("upkeep", side, step=2)
    s.apply_action(s.string_to_action(f"draw {card}"))
    s.apply_action(s.legal_actions()[0])
    return s


def test_a_near_worthless_enemy_fog_of_war_card_is_given_back(table):
    """l.1210-l.1211: keeping the card "costs you 1 morale level"; giving it back, "take a
    shared card"; l.216: "Having an enemy Fog of War card in hand is the same as having a
    blank card". In turn 1 News of the Yorktown (the US power, which acts from turn 4, l.1121;
    Morale +1) is worth little to Spain: the Philippines at morale 1 give it back and take
    Truce for the Wounded (Morale +1, Supply +1), as a player did at the table."""
    s = _fog_of_war_drawn(table, "philippines", "News of the Yorktown", morale=1, supply=1)
    _ranks(s, "done", "yes")


def test_an_enemy_trench_line_is_kept_at_high_morale(table):
    """l.214: keeping the card "prevents the enemy from getting and playing that card later";
    l.1133: each trench section is built for a supply level; l.106: trenches "award victory
    points to the Philippine side". Trench Line builds two sections at no supply cost: Spain
    at morale 6 keeps it."""
    s = _fog_of_war_drawn(table, "spain", "Trench Line", morale=6, supply=6)
    _ranks(s, "yes", "done")


# ------------------------------------------------------------------ a playout cut short
def test_a_cut_playout_weighs_the_tracks_and_the_walls_beside_the_points(table):
    """l.394-l.397: Spanish morale at 2 or less costs deserters at every Attrition; l.1190:
    walls Destroyed in two areas end the game with 6 points to the Philippines. At equal
    points, a playout cut short scores Spain lower with its morale at 1, and lower again with
    the walls of area 2 Wrecked."""
    steady = table.game_state("action", "spain").heuristic_returns()[0]
    table.set_tracks("spain", morale=1)
    shaken = table.game_state("action", "spain").heuristic_returns()[0]
    table.set_walls(2, "Wrecked")
    breached = table.game_state("action", "spain").heuristic_returns()[0]
    assert steady > shaken > breached
