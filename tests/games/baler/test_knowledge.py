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
