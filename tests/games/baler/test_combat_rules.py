"""Heroes of Baler's combat rules, one test per rule (heroes_of_baler.txt; l.N = its line),
through the compiled test wrapper core/games/baler/position.pyx."""
import pytest

from partisan.core.errors import IllegalActionError
from partisan.core.games.baler.position import CANCELLED, REROLL


def test_firepower_is_capped_at_3_and_determined_before_every_combat(table, man):
    """l.619: "You must determine the firepower in a specific area on the map before each of
    the combats or incursions occurring in that area." l.623: "The maximum firepower is 3.\""""
    man(table, 1, spain=[3, 3, 3], philippines=[1])
    assert table.begin("shooting", 1, "spain") and table.firepower(1) == 3
    table.end()
    table.new_phase()
    man(table, 1, spain=[1], philippines=[2])
    assert table.begin("shooting", 1, "spain") and table.firepower(1) == -1


def test_artillery_adds_to_shootings_not_to_incursions_unless_the_option(table, man):
    """l.619: "add the combat strength of the units of each side (soldiers, Philippine
    artillery, and leaders)"; l.766: "do not add the Philippine artillery combat factors";
    l.768: "as an optional rule, to consider the artillery combat factors when determining
    the firepower in the incursion area.\""""
    man(table, 2, spain=[2], philippines=[2], artillery=3)
    opt = table.clone()
    assert table.begin("shooting", 2, "spain") and table.firepower(2) == -3
    table.end()
    assert table.begin("incursion", 2, "philippines") and table.firepower(2) == 0
    opt.set_option("artillery_in_incursions", 1)
    assert opt.begin("incursion", 2, "philippines") and opt.firepower(2) == -3


def test_surveillance_marker_stays_on_1_or_2_and_returns_on_3_to_6(table, man):
    """l.637-l.639: "1-2: The marker does not activate but remains in its place ... 3-4:
    That side gets a +1 firepower modifier. After combat, return the surveillance marker to
    the reserve. 5-6: ... +2".\""""
    man(table, 1, spain=[1], philippines=[1])
    for die, bonus, stays in ((1, 0, True), (2, 0, True), (3, 1, False), (6, 2, False)):
        t = table.clone()
        t.set_surveillance("philippines", 1)
        assert t.begin("shooting", 1, "spain")
        assert t.surveil("philippines", die) and t.combat_firepower == -bonus
        assert not t.surveil("philippines", die)           # one roll per combat
        assert t.firepower(1) == 0                         # the track shows the strengths
        t.end()
        assert t.has_surveillance("philippines", 1) == stays


def test_surveillance_needs_a_marker_and_is_not_used_by_artillery(table, man):
    """l.631: "Each area can only contain one marker from each side." l.862: "Firepower and
    surveillance markers are not used in the artillery attack.\""""
    man(table, 2, spain=[1], artillery=2)
    assert table.begin("shooting", 2, "spain") and not table.surveil("spain", 5)
    table.end()
    table.set_surveillance("philippines", 2)
    assert table.begin("artillery", 2, "philippines") and not table.surveil("philippines", 5)


def test_surveillance_uses_the_difference_of_the_bonuses(table, man):
    """l.640: "Use the difference between the bonus obtained by both sides to modify the
    firepower." (Reading: the difference is applied once, then capped at 3.)"""
    man(table, 1, spain=[3, 3, 3], philippines=[1])
    table.set_surveillance("spain", 1)
    table.set_surveillance("philippines", 1)
    assert table.begin("shooting", 1, "spain") and table.combat_firepower == 3
    assert table.surveil("spain", 6) and table.combat_firepower == 3
    assert table.surveil("philippines", 5) and table.combat_firepower == 3


def test_a_shooting_without_units_on_one_side_has_no_effect(table, man):
    """l.592: "If a shooting occurs in an area where all the guard posts from one or both
    sides are empty, the shooting has no effect." Artillery does not stand in a guard post
    (l.108, l.681)."""
    man(table, 2, spain=[2, 1], philippines=[], artillery=3)
    assert table.begin("shooting", 2, "philippines")
    assert table.dice_count("spain") == table.dice_count("philippines") == 0
    assert table.roll("spain", []) and table.roll("philippines", [])
    assert table.score() and table.due() is None


def test_an_area_is_attacked_once_a_phase(table, man):
    """l.582: "You can never attack a map area more than once in the same phase".\""""
    man(table, 1, spain=[1], philippines=[1])
    assert table.begin("shooting", 1, "spain")
    table.end()
    assert not table.begin("incursion", 1, "spain")
    assert table.begin("shooting", 1, "philippines")
    table.end()
    table.new_phase()
    assert table.begin("incursion", 1, "spain")


def test_never_more_than_five_dice(table, man):
    """l.581: "You can never roll more than 5 dice for combat, either as the attacker or
    defender, irrespective of the moment or circumstances of combat.\""""
    man(table, 1, spain=[1], philippines=[3, 3, 3])
    assert table.begin("shooting", 1, "spain") and table.dice_count("philippines") == 5
    assert table.bonus("philippines", dice=1) and table.dice_count("philippines") == 5
    assert not table.roll("philippines", [1, 2, 3, 4, 5, 6][:4])


def test_a_die_is_modified_once(table, man):
    """l.906: "a die can only be modified once. Suppose you roll a 1 and use a modifier to
    reroll, obtaining a 2. You cannot change this last result and must use it." l.916: "you
    cannot add 2 to a single die or reroll the same die twice\""""
    man(table, 1, spain=[2], philippines=[2, 2])
    table.put("Enrique de las Morenas", "spain_command_military")
    table.put("Juan Alonso Zayas", "spain_3_4_area_1")
    assert table.begin("shooting", 1, "philippines") and table.roll("spain", [1, 1])
    assert table.reroll("spain", "leader", 1, 2)
    assert table.add("spain", "command", 1)                 # the other 1
    assert not table.add("spain", "command", 2)             # both dice are spent
    assert table.dice("spain") == [2, 2]


def test_morale_and_command_not_in_the_same_combat(table, man):
    """l.897: "You cannot use morale and combat modifiers in the same combat. However, you
    can combine any of them with a Leader on the map modifier".\""""
    man(table, 1, spain=[2, 2], philippines=[2, 2])
    table.put("Juan Alonso Zayas", "spain_command_military")
    one = table.clone()
    assert table.begin("shooting", 1, "philippines") and table.roll("spain", [1, 2])
    assert table.add("spain", "morale", 1) and not table.ready("spain", "command")
    assert one.begin("shooting", 1, "philippines") and one.roll("spain", [1, 2])
    assert one.add("spain", "command", 1) and not one.ready("spain", "morale")
    assert one.morale("spain") == 6                 # its starting morale, unspent


def test_morale_once_per_combat_and_only_with_morale_left(table, man):
    """l.902: "You can only use each modifier once per combat. If there are several combats
    in the same Action phase, you can use the modifiers in all of them." l.910: "You can
    lower your morale level by 1 to add 1 to the die result or reroll a single die\""""
    man(table, 1, spain=[2, 2], philippines=[2, 2])
    assert table.begin("shooting", 1, "philippines") and table.roll("spain", [1, 2])
    assert table.add("spain", "morale", 1) and not table.add("spain", "morale", 2)
    assert table.morale("spain") == 5                 # one level spent of its starting 6
    table.end()
    table.new_phase()
    table.set_tracks("spain", morale=0)
    assert table.begin("shooting", 1, "philippines") and table.roll("spain", [1, 2])
    assert not table.ready("spain", "morale")


def test_command_gives_rank_operations_and_exhausts_the_leader(table, man):
    """l.914: "For each rank level of your leader, you can add 1 to the die result or reroll
    a single die." l.918: "After using the leader, flip its counter to indicate it is
    exhausted." l.1280: "You cannot use it again while exhausted.\""""
    man(table, 1, spain=[2, 2], philippines=[2, 2])
    table.put("Juan Alonso Zayas", "spain_command_military")       # rank 2
    assert table.begin("shooting", 1, "philippines") and table.roll("spain", [1, 2])
    assert table.add("spain", "command", 1) and table.exhausted("Juan Alonso Zayas")
    assert table.ready("spain", "command") and table.reroll("spain", "command", 2, 3)
    assert not table.ready("spain", "command")
    table.end()
    table.new_phase()
    assert table.begin("shooting", 1, "philippines") and table.roll("spain", [1, 2])
    assert not table.ready("spain", "command")


def test_command_needs_a_military_leader_face_up_in_the_post(table, man):
    """l.914: "If you have a military leader in a command post and it is not exhausted".
    l.1229: "While disabled, the leader cannot be moved into the Command area.\""""
    man(table, 1, spain=[2, 2], philippines=[2, 2])
    assert table.begin("shooting", 1, "philippines") and table.roll("spain", [1, 2])
    assert not table.ready("spain", "command")
    table.put("Juan Alonso Zayas", "spain_command_military")
    table.disable("Juan Alonso Zayas")
    assert not table.ready("spain", "command")


def test_the_leader_on_the_map_rerolls_only_and_needs_a_leader_in_the_area(table, man):
    """l.922: "If you have a leader of any type in a guard post within the combat area, even
    if exhausted or disabled, you can use it to reroll one single die." l.924: "The
    condition of the leader you use remains unchanged\""""
    man(table, 1, spain=[2, 1], philippines=[2, 2])
    assert table.begin("shooting", 1, "philippines") and table.roll("spain", [1, 2])
    assert not table.ready("spain", "leader")
    table.end()
    table.new_phase()
    table.put("Juan López", "spain_5_6_areas_1_4")
    table.exhaust("Juan López")
    assert table.begin("shooting", 1, "philippines") and table.roll("spain", [1, 2])
    assert not table.add("spain", "leader", 1)
    assert table.reroll("spain", "leader", 1, 6) and table.dice("spain") == [2, 6]


def test_modifiers_act_after_the_roll_and_before_the_count(table, man):
    """l.887: "Players decide whether to apply combat modifiers after the initial dice roll
    and before resolving casualties.\""""
    man(table, 1, spain=[2, 2], philippines=[2, 2])
    assert table.begin("shooting", 1, "philippines")
    assert not table.ready("spain", "morale")
    assert table.roll("spain", [1, 2]) and table.roll("philippines", [3])
    assert table.score() and not table.ready("spain", "morale")


def test_persistence_is_filipino_combines_with_any_modifier_and_is_spent(table, man):
    """l.1147: "While on the active side, you can use it at any time during the turn ... as
    if it were a morale modifier to reroll or add 1 to a die result. Upon use, flip it to the
    inactive side." l.1149: "You can combine the persistence modifier with any combat
    modifier.\""""
    man(table, 1, spain=[2, 2], philippines=[2, 2])
    table.set_persistence(True)
    assert table.begin("shooting", 1, "spain")
    assert table.roll("spain", [1]) and not table.ready("spain", "persistence")
    assert table.roll("philippines", [1, 2])
    assert table.add("philippines", "morale", 1) and table.add("philippines", "persistence", 2)
    assert table.dice("philippines") == [2, 3] and not table.persistence


def test_filipino_casualty_in_the_only_manned_post_needs_no_roll(table, man):
    """l.683: "If there is only one manned guard post, the unit in that post is
    automatically affected." l.689: "The Philippine player puts their wounded unit in their
    bag\""""
    placed = man(table, 1, spain=[2], philippines=[0, 2])
    assert table.begin("shooting", 1, "spain")
    assert table.roll("spain", [5]) and table.roll("philippines", [1, 2]) and table.score()
    assert table.resolve_casualties([]) == [("philippines", "philippines_3_4_area_1")]
    assert table.where(placed["philippines_3_4_area_1"]) == "philippines_bag"


def test_a_lone_spaniard_still_rolls_behind_standing_walls(table, man):
    """l.701: "If there is only one Spanish unit within the area, it is not automatically
    affected, as in the Philippine case. The Spanish player still has to roll a die, with a
    1 meaning that the casualty does not occur.\""""
    man(table, 1, spain=[0, 2], philippines=[2])
    assert table.location_faces("spain") == [CANCELLED, REROLL, "spain_3_4_area_1",
                                             "spain_3_4_area_1", REROLL, REROLL]
    assert table.begin("shooting", 1, "philippines")
    assert table.roll("philippines", [6]) and table.roll("spain", [1, 1]) and table.score()
    assert table.resolve_casualties([5, 1]) == [("spain", REROLL), ("spain", CANCELLED)]
    assert table.vp("philippines") == 0


def test_behind_destroyed_walls_a_1_hits_the_bell_tower_and_a_lone_unit_is_hit(table, man):
    """l.703: "If the church walls in that area are destroyed, follow the standard casualty
    procedure. If you roll a 1, that casualty occurs at the guard post 2 (the tower bell).
    If the tower bell is empty, roll again until finding a manned guard post. If there is
    only one unit within the area, that unit will suffer the casualty.\""""
    placed = man(table, 1, spain=[1, 2], philippines=[2])
    table.set_walls(1, "Destroyed")
    assert table.location_faces("spain")[:2] == ["spain_bell_tower", "spain_bell_tower"]
    table.clear("spain_bell_tower")
    assert table.location_faces("spain")[0] == REROLL
    assert table.begin("shooting", 1, "philippines")
    assert table.roll("philippines", [6]) and table.roll("spain", [1, 1]) and table.score()
    assert table.resolve_casualties([]) == [("spain", "spain_3_4_area_1")]
    assert table.where(placed["spain_3_4_area_1"]) == "spain_eliminated"


def test_kills_score_1_for_a_soldier_2_for_a_leader_and_extra_casualties_are_lost(table, man):
    """l.687: "They immediately score 1 victory point for a soldier, and 2 for a leader."
    (Reading: casualties beyond the units in the area are lost.)"""
    man(table, 1, spain=[3, 3, 3], philippines=[])
    table.put("Simón Tecson", "philippines_3_4_area_1")
    assert table.begin("shooting", 1, "spain") and table.dice_count("spain") == 4
    assert table.roll("spain", [6, 6, 5, 5]) and table.roll("philippines", [1, 2])
    assert table.score() and table.casualties("philippines") == (2, 2)
    assert table.resolve_casualties([]) == [("philippines", "philippines_3_4_area_1")]
    assert table.where("Simón Tecson") == "philippines_eliminated" and table.vp("spain") == 7 + 2  # 7 at the start


def test_a_wounded_filipino_leader_returns_to_his_detachment_space(table, man):
    """l.691: "If the injury unit is a leader, return it to the corresponding space in the
    Philippine detachment.\""""
    man(table, 1, spain=[1], philippines=[])
    table.put("Antonio Santos", "philippines_5_6_areas_1_4")
    assert table.begin("shooting", 1, "spain")
    assert table.roll("spain", [5]) and table.roll("philippines", [1, 1]) and table.score()
    table.resolve_casualties([])
    assert table.where("Antonio Santos") == "philippines_detachment_santos"


def test_the_defender_rolls_two_dice_the_side_without_units_none(table, man):
    """l.793: "If one side does not have military units in the area, they do not roll any
    dice. The same applies to the Philippine side if they have only one artillery unit in
    the area ... The defender will always roll at least the two usual dice during combat,
    even if they have only one unit in the area.\""""
    man(table, 2, spain=[3, 3, 3], philippines=[], artillery=3)
    assert table.begin("incursion", 2, "spain")
    assert table.dice_count("spain") == 4 and table.dice_count("philippines") == 0
    table.end()
    man(table, 3, spain=[3, 3, 3], philippines=[1])
    assert table.begin("incursion", 3, "spain") and table.dice_count("philippines") == 2


def test_incursion_ones_injure_the_attackers_who_choose_the_units(table, man):
    """l.827: "Each roll in the former dice rolls (both of the attackers and defenders) will
    cause one casualty by injury in the attackers. The attacker chooses the units affected"
    (read with the example at l.850-l.854: each 1 rolled). l.833: "If the Philippine side is
    the attacker, put any wounded soldiers in the bag\""""
    placed = man(table, 1, spain=[2, 2], philippines=[2, 2])
    assert table.begin("incursion", 1, "philippines")
    assert table.roll("philippines", [1]) and table.roll("spain", [1, 5])
    assert table.score() and table.casualties("philippines") == (0, 2)
    assert table.due() == "philippines"
    assert not table.injure("Fabregat Fabregat")               # not his unit
    assert not table.redeploy("philippines_3_4_area_1", "philippines_5_6_areas_1_4")
    for post in ("philippines_1_2_areas_1_2", "philippines_3_4_area_1"):
        assert table.injure(placed[post]) and table.where(placed[post]) == "philippines_bag"
    assert table.due() is None and not table.sabotage("walls")


def test_spain_needs_an_open_trench_to_reach_the_artillery(table, man):
    """l.741: "You cannot target the artillery piece during an incursion if both trench
    sections in the area are intact. You need to sabotage at least one of the trench
    sections first" (so a second target may be the piece, l.852)."""
    man(table, 4, spain=[3, 3, 3], philippines=[1], artillery=2)
    table.set_trench(7, "built")
    table.set_trench(8, "built")
    table.set_option("artillery_vp", 2)
    assert table.begin("incursion", 4, "spain")
    assert table.roll("spain", [5, 5, 5, 2]) and table.roll("philippines", [5, 2])
    assert table.score() and table.targets_due() == 2 and not table.target_ok("artillery")
    assert table.sabotage("second trench") and table.sabotage("artillery")
    assert table.vp("spain") == 7 + 2                           # the option's 2 VP (l.141); 7 at the start


def test_artillery_needs_a_piece_spain_rolls_only_with_a_unit(table, man):
    """l.860: "they must have an artillery piece in the area on the map they wish to
    attack." l.862: "If all the guard posts are empty of Spanish units, they roll no dice.\""""
    man(table, 1, spain=[2], philippines=[1])
    assert not table.begin("artillery", 1, "philippines")
    man(table, 2, spain=[], philippines=[1], artillery=2)
    assert table.begin("artillery", 2, "philippines")
    assert table.dice_count("philippines") == 2 and table.dice_count("spain") == 0


def test_artillery_destroying_the_walls_scores_and_shrapnel_injures(table, man, fill_infirmary):
    """l.873: "If the condition of the church walls reaches the state 'Destroyed' as a
    consequence of the artillery attack ... the Philippine side scores 1 victory point."
    l.877: "each 6 rolled by the attacker injures a defender. However, a success obtained by
    the Spanish (4, 5, or 6) cancels this casualty." (Reading: a shrapnel casualty is placed
    by a location roll, as in a shooting.)"""
    man(table, 2, spain=[1, 2], artillery=3)
    table.set_walls(2, "Wrecked")
    assert table.begin("artillery", 2, "philippines")
    assert table.roll("philippines", [6, 6]) and table.roll("spain", [2])
    assert table.score() and table.net == 2 and table.walls(2) == "Destroyed"
    assert table.vp("philippines") == 1 and table.casualties("spain") == (0, 2)
    log = table.resolve_casualties([3])        # then a lone unit behind Destroyed walls
    assert [hit for _, hit in log] == ["spain_3_4_area_2", "spain_bell_tower"]
    assert None not in table.beds()[1:3]


def test_filipino_incursion_that_destroys_walls_scores_nothing(table, man):
    """l.817-l.819: "For each success more than that of the defender, lower the condition of
    the church walls in that area by 1 level ... If a Philippine incursion causes the
    condition of the church walls in the area to reach the 'Destroyed' status, flip the
    condition marker." Only artillery scores for it (l.873; RULES.md reading 11), any attack
    under the option wall_vp=any."""
    man(table, 3, spain=[1], philippines=[3, 3])
    table.set_walls(3, "Wrecked")
    other = table.clone()
    other.set_option("wall_vp", "any")
    for t, vp in ((table, 0), (other, 1)):
        assert t.begin("incursion", 3, "philippines")
        assert t.roll("philippines", [5, 6, 6, 6]) and t.roll("spain", [2, 3])
        assert t.score() and t.sabotage("walls") and t.walls(3) == "Destroyed"
        assert t.targets_due() == 0 and t.vp("philippines") == vp


def test_a_disabled_leader_adds_no_combat_strength(table, man):
    """l.250: "The back of the leader counters does not contain combat factors" (RULES.md
    reading 7: a disabled leader on the map adds 0 but still gives the re-roll, l.922)."""
    man(table, 2, spain=[1], philippines=[1])
    table.put("Juan Alonso Zayas", "spain_3_4_area_2")
    assert table.strength(2, "spain") == 3
    table.disable("Juan Alonso Zayas")
    assert table.strength(2, "spain") == 1


def test_bad_arguments_are_refused_with_a_message(table):
    with pytest.raises(IllegalActionError, match="area 5"):
        table.begin("shooting", 5, "spain")
    with pytest.raises(IllegalActionError, match="die 7"):
        table.surveil("spain", 7)
    with pytest.raises(IllegalActionError, match="unknown combat"):
        table.begin("ambush", 1, "spain")
    assert not table.score() and table.due() is None


def test_clone_is_an_independent_struct_copy(table, man):
    man(table, 1, spain=[2], philippines=[2])
    other = table.clone()
    assert other.same(table)
    assert other.begin("shooting", 1, "spain")
    assert not other.same(table) and table.begin("shooting", 1, "spain")
