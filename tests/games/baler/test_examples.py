"""The rulebook's worked combat, infirmary and repair situations (digest §5, 5-12) with the
book's own dice and results. heroes_of_baler.txt; l.N = its line."""
from partisan.core.games.baler.position import CANCELLED, REROLL


def test_5_firepower(table, man):
    """l.598: "the Philippine side has a combat strength of 3 (three units, each with a
    strength of one), and the Spanish side has a combat strength of 4 (one unit with a
    strength of one and another with a strength of three) ... a firepower of 4 - 3 = 1."
    l.621: "the Philippine side has a combat strength of 7, against 3 from the Spanish. The
    difference in strength is 4, but the maximum possible firepower advantage is 3"."""
    man(table, 1, spain=[1, 3], philippines=[1, 1, 1])
    assert (table.strength(1, "spain"), table.strength(1, "philippines")) == (4, 3)
    assert table.area_firepower(1) == 1
    man(table, 3, spain=[1, 1, 1], philippines=[3, 2, 2])
    assert (table.strength(3, "spain"), table.strength(3, "philippines")) == (3, 7)
    assert table.area_firepower(3) == -3


def _surveillance(table, man, spain, philippines, rolls):
    man(table, 3, spain=spain, philippines=philippines)
    table.set_surveillance("spain", 3)
    table.set_surveillance("philippines", 3)
    assert table.begin("shooting", 3, "spain")
    before = table.combat_firepower
    assert table.surveil("spain", rolls[0]) and table.surveil("philippines", rolls[1])
    return before, table.combat_firepower


def test_5_surveillance_by_both_sides(table, man):
    """l.646: "The attacker (Spanish) rolls a 2 (their surveillance marker does not
    activate) and the defender (Philippine) rolls a 4 (+1 to the firepower) ... reducing the
    Spanish advantage from 2 to 1." l.648: "The firepower is at level 1, favoring the
    attacker (Spanish). They roll a 1 (no activation) and the Philippine side a 5 (+2) ...
    to a Philippine level 1." l.650: "The firepower is at the Philippine level 1. The
    attacker (Spanish) rolls a 4 (+1 modifier), and the Philippine side a 3 (+1 modifier).
    The bonus difference is zero, so the firepower remains unchanged.\""""
    assert _surveillance(table, man, [3, 2, 1], [1, 1, 2], (2, 4)) == (2, 1)
    assert table.dice_count("spain") == 2 and table.dice_count("philippines") == 2
    table.end()
    # l.637-l.638: a 1-2 leaves the marker in place, a 3-6 returns it after combat
    assert table.has_surveillance("spain", 3) and not table.has_surveillance("philippines", 3)
    table.new_phase()
    assert _surveillance(table, man, [3, 1, 1], [1, 1, 2], (1, 5)) == (1, -1)
    assert table.dice_count("spain") == 1 and table.dice_count("philippines") == 3
    table.end()
    table.new_phase()
    assert _surveillance(table, man, [2, 1, 1], [2, 2, 1], (4, 3)) == (-1, -1)
    table.end()
    assert not table.has_surveillance("spain", 3) and not table.has_surveillance("philippines", 3)


def test_5_dice_at_firepower_2(table, man):
    """l.656-l.658: "they get a firepower advantage of 2. So, they will roll 3 dice for combat (1
    for being the attacker, 2 for their firepower advantage). The Spanish side will roll two
    dice, as the defender.\""""
    man(table, 1, spain=[1, 1, 1], philippines=[2, 2, 1])
    assert table.begin("shooting", 1, "philippines")
    assert table.combat_firepower == -2
    assert (table.dice_count("philippines"), table.dice_count("spain")) == (3, 2)


def test_6_detailed_shooting(table, fill_infirmary):
    """l.715-l.733, the detailed shooting example in area 2: Spanish 2+1+3 against
    Filipino 3+2+3 "with no units in the guard post '3-4'"; the Spanish surveillance roll
    of 4; the Spanish 3 re-rolled with morale into a 5; the Filipino 2, 4, 6 made 5, 5, 6 by
    a morale +1 and Tecson's re-roll; location rolls 3 (empty), 1 -> Tecson to his
    detachment; 2 -> Fabregat killed; 4 -> Pestana to the full infirmary, Donat Pastor dies;
    3 (empty), 1 -> "This last casualty is not applied, and Gopar Hernandez miraculously
    escapes.\""""
    t = table
    t.clear("philippines_1_2_areas_1_2")
    t.put("Simón Tecson", "philippines_1_2_areas_1_2")
    t.clear("philippines_3_4_area_2")
    t.clear("philippines_5_6_areas_2_3")
    t.put(t.soldiers("philippines", 2)[0], "philippines_5_6_areas_2_3")
    assert t.occupant("artillery_area_2").startswith("Artillery 3")
    fill_infirmary(t, 6, first="Donat Pastor")
    t.set_surveillance("spain", 2)
    t.set_tracks("spain", morale=5)                # "reducing it from 5 to 4" (l.721)
    assert t.morale("spain") == 5 and t.morale("philippines") == 6

    assert t.begin("shooting", 2, "spain")
    assert (t.strength(2, "spain"), t.strength(2, "philippines")) == (6, 8)
    assert t.firepower(2) == -2
    assert t.surveil("spain", 4) and t.combat_firepower == -1
    assert (t.dice_count("spain"), t.dice_count("philippines")) == (1, 3)
    assert t.roll("spain", [3]) and t.reroll("spain", "morale", 3, 5)
    assert t.morale("spain") == 4
    assert t.roll("philippines", [2, 4, 6])
    assert t.add("philippines", "morale", 4) and t.reroll("philippines", "leader", 2, 5)
    assert t.dice("philippines") == [5, 5, 6]
    assert t.score()
    assert t.casualties("philippines") == (0, 1) and t.casualties("spain") == (1, 2)
    log = t.resolve_casualties([3, 1, 2, 4, 3, 1])
    assert log == [("philippines", REROLL), ("philippines", "philippines_1_2_areas_1_2"),
                   ("spain", "spain_bell_tower"), ("spain", "spain_3_4_area_2"),
                   ("spain", REROLL), ("spain", CANCELLED)]
    assert t.where("Simón Tecson") == "philippines_detachment_tecson"
    assert t.where("Fabregat Fabregat") == "spain_eliminated"
    assert t.where("Donat Pastor") == "spain_eliminated"
    assert t.beds()[5] == "José Pestana"
    assert t.where("Gopar Hernández") == "spain_5_6_areas_2_3"
    assert (t.vp("philippines"), t.vp("spain")) == (2, 7)     # Spain keeps its starting 7
    t.end()
    assert not t.has_surveillance("spain", 2)


def test_7_filipino_incursion_dice_and_targets(table, man):
    """l.797: "As the attacker, they have 1 die and benefit from 3 more due to their
    firepower advantage, for a total of 4 dice (even when attacking with only two units).
    The Spanish side has only one unit in the area, but they will roll the usual 2 dice".
    l.803: "obtaining 3 successes. The Spanish side obtains 1 success. Consequently, the
    Philippine side can sabotage two targets.\""""
    man(table, 1, spain=[1], philippines=[3, 3])
    assert table.begin("incursion", 1, "philippines")
    assert (table.dice_count("philippines"), table.dice_count("spain")) == (4, 2)
    assert table.roll("philippines", [5, 6, 5, 2]) and table.roll("spain", [5, 3])
    assert table.score() and table.net == 2 and table.targets_due() == 2


def test_7_spanish_incursion_fails(table, man):
    """l.813: "They roll the dice, achieving 1 success, whereas the Philippine side achieves
    2, more than the attacker. The incursion fails. Even with a better result, the
    Philippine side cannot undertake any sabotage".\""""
    man(table, 2, spain=[2, 2], philippines=[2, 2])
    table.set_trench(3, "built")
    table.set_trench(4, "built")
    assert table.begin("incursion", 2, "spain")
    assert table.roll("spain", [5]) and table.roll("philippines", [5, 6])
    assert table.score() and table.net == -1 and table.targets_due() == 0
    for target in ("first trench", "second trench", "artillery", "walls"):
        assert not table.sabotage(target)
    assert table.walls(2) == "Intact" and table.trench(4) == "built"


def test_7_spanish_incursion_reaches_the_artillery(table, man):
    """l.815: "As the Filipinos have not yet built Trench Section 3, the artillery piece can
    be sabotaged. They can opt to sabotage the existing trench section. With a net result of
    one, the Spanish side must choose one of the options. Had they obtained an advantage of
    two successes, they would be able to sabotage both assets.\""""
    man(table, 2, spain=[3, 3, 2], philippines=[1, 1], artillery=3)
    table.set_trench(4, "built")
    one = table.clone()
    assert one.begin("incursion", 2, "spain")
    assert one.roll("spain", [5, 5, 2, 3]) and one.roll("philippines", [6, 1])
    assert one.score() and one.targets_due() == 1
    assert one.target_ok("second trench") and one.target_ok("artillery")
    assert not one.target_ok("first trench")
    assert table.begin("incursion", 2, "spain")
    assert table.roll("spain", [5, 5, 2, 3]) and table.roll("philippines", [2, 1])
    assert table.score() and table.targets_due() == 2
    assert table.sabotage("artillery") and table.sabotage("second trench")
    assert table.trench(4) == "sabotaged" and table.occupant("artillery_area_2") is None
    assert table.vp("spain") == 7 + 1                       # "score 1 victory point" (l.811); 7 at the start


def test_7_filipino_incursion_capped_at_two(table, man):
    """l.821: "They obtain three more successes than the Spanish. However, the number of
    sabotage actions is limited to two per incursion. Therefore, they degrade the condition
    of the church walls twice, reducing them to a wrecked state.\""""
    man(table, 4, spain=[1], philippines=[3, 3, 2])
    assert table.begin("incursion", 4, "philippines")
    assert table.roll("philippines", [5, 5, 6, 2]) and table.roll("spain", [2, 3])
    assert table.score() and table.net == 3 and table.targets_due() == 2
    assert table.sabotage("walls") and table.sabotage("walls") and not table.sabotage("walls")
    assert table.walls(4) == "Wrecked" and table.vp("philippines") == 0


def test_8_detailed_incursion(table, man, fill_infirmary):
    """l.844-l.856: Spanish incursion in area 4, combat factor 8 against 6 ("the artillery
    does not participate"), 3 dice: 5, 1, 2, the 1 re-rolled with morale into a 5; the
    Filipinos roll 1 and 6. "they have no option but to sabotage a trench section"; "The
    attackers suffer a casualty by injury, due to the 1 rolled by the Philippine side ... as
    the Spanish infirmary is complete, the man on the first bed will pass away, and the
    Philippine side will score 1 victory point"; survivors placed at the attacker's
    discretion ("They send Gopar Hernandez to the tower bell")."""
    t = table
    man(t, 4, philippines=[2, 2, 2], artillery=2)
    for post in t.posts(4, "spain"):
        t.clear(post)
    t.clear("spain_5_6_areas_2_3")
    t.put("Fabregat Fabregat", "spain_bell_tower")
    t.put("Buades Tormo", "spain_3_4_area_4")
    t.put("Gopar Hernández", "spain_5_6_areas_1_4")
    t.set_trench(7, "built")
    t.set_trench(8, "built")
    fill_infirmary(t, 6)
    first_bed = t.beds()[0]

    assert t.begin("incursion", 4, "spain")
    assert (t.strength(4, "spain", False), t.strength(4, "philippines", False)) == (8, 6)
    assert t.firepower(4) == 2
    assert (t.dice_count("spain"), t.dice_count("philippines")) == (3, 2)
    assert t.roll("spain", [5, 1, 2]) and t.reroll("spain", "morale", 1, 5)
    assert t.roll("philippines", [1, 6])
    assert t.score() and t.net == 1 and t.targets_due() == 1
    assert not t.target_ok("artillery")                   # both sections intact (l.741)
    assert t.sabotage("first trench") and t.trench(7) == "sabotaged"
    assert t.targets_due() == 0
    assert t.casualties("spain") == (0, 1)
    assert t.injure("Fabregat Fabregat")
    assert t.where(first_bed) == "spain_eliminated" and t.vp("philippines") == 1
    assert t.redeploy("spain_5_6_areas_1_4", "spain_bell_tower")
    assert t.occupant("spain_bell_tower") == "Gopar Hernández"


def test_9_artillery(table, man):
    """l.879-l.881: "The Philippine side rolls first ... and obtains 3 and 6. One success.
    Then, they spend one level of morale to reroll the 3, getting a 4. Two successes. The
    Spanish side rolls and obtains a 4 (a success) ... This result cancels the casualty by
    shrapnel ... Only one Philippine success causes damage, changing the condition of the
    church walls to 'Damaged'.\""""
    man(table, 2, spain=[1, 2], artillery=3)
    assert table.begin("artillery", 2, "philippines")
    assert (table.dice_count("philippines"), table.dice_count("spain")) == (2, 1)
    assert table.roll("philippines", [3, 6]) and table.reroll("philippines", "morale", 3, 4)
    assert table.roll("spain", [4])
    assert table.score() and table.net == 1
    assert table.walls(2) == "Damaged" and table.casualties("spain") == (0, 0)
    assert table.morale("philippines") == 5 and table.due() is None


def test_10_one_leader_on_the_map(table, man):
    """l.926: "the Spanish have two leaders in guard posts within that area: the military
    leader, Martín Cerezo, and the medical leader, Vigil de Quiñones, who is disabled. They
    can use one or the other to reroll a die, but not both.\""""
    man(table, 2, spain=[2], philippines=[2, 2, 1])
    table.put("Saturnino Martín Cerezo", "spain_3_4_area_2")
    table.put("Rogelio Vigil de Quiñones", "spain_5_6_areas_2_3")
    table.disable("Rogelio Vigil de Quiñones")
    assert table.begin("shooting", 2, "philippines") and table.dice_count("spain") == 2
    assert table.roll("spain", [1, 2]) and table.ready("spain", "leader")
    assert table.reroll("spain", "leader", 1, 4)
    assert not table.ready("spain", "leader") and not table.reroll("spain", "leader", 2, 6)


def test_10_rank_3_command(table, man):
    """l.1282: "rolls three dice, getting 2, 3, and 5. They opt to activate their three-star
    leader, flipping it to the exhausted side ... apply a +1 modifier to the 5-die,
    converting it into a kill (6). They also decide to reroll the other two dice, getting 6
    and 2. As a result, the Spanish side inflicts two kills on the enemy.\""""
    man(table, 1, spain=[3, 2], philippines=[1, 1, 1])
    table.put("Enrique de las Morenas", "spain_command_military")
    assert table.begin("shooting", 1, "spain") and table.dice_count("spain") == 3
    assert table.roll("spain", [2, 3, 5])
    assert table.add("spain", "command", 5) and table.exhausted("Enrique de las Morenas")
    assert table.reroll("spain", "command", 2, 6) and table.reroll("spain", "command", 3, 2)
    assert not table.ready("spain", "command")            # three operations for rank 3
    assert table.roll("philippines", [1, 2]) and table.score()
    assert table.casualties("philippines") == (2, 0)


def test_10_card_modifiers(table, man):
    """l.932-l.934: "they spend 1 morale level to reroll one die. In addition, they benefit
    from an increase of 1 in the combat strength of their units. The second card allows
    them to launch two more attacks, both benefiting from an additional combat die. In the
    first attack, they also use their level 2 leader in the military command post to add 1
    to one of their dice. For the second attack, the military leader is already exhausted,
    but they can still spend another morale level to reroll one of their dice.\""""
    t = table
    man(t, 1, spain=[2], philippines=[1, 1])
    assert t.begin("shooting", 1, "philippines") and t.combat_firepower == 0
    assert t.bonus("philippines", cf=1) and t.combat_firepower == -1
    assert t.roll("philippines", [3, 2]) and t.reroll("philippines", "morale", 2, 5)
    t.end()
    t.put("Calixto Villacorta", "philippines_command_military")
    for area, source in ((3, "command"), (4, "morale")):
        man(t, area, spain=[2], philippines=[1, 1])
        assert t.begin("shooting", area, "philippines") and t.dice_count("philippines") == 1
        assert t.bonus("philippines", dice=1) and t.dice_count("philippines") == 2
        assert t.roll("philippines", [4, 4])
        assert t.ready("philippines", "command") == (source == "command")
        assert t.add("philippines", source, 4)
        t.end()
    assert t.exhausted("Calixto Villacorta") and t.morale("philippines") == 4


def test_11_infirmary(table, fill_infirmary):
    """l.952: "Chamizo García has been wounded and is placed in bed 3 ... Mir Brils also gets
    injured ... move him following the arrows into bed number 2, and place Brils in bed
    number 3." l.954: "The infirmary is complete. If the Spanish side suffers another injury
    casualty, bed number 4 would be used again ... Donat Pastor would reach the '0' space,
    passing away. The Philippine side ... scoring 1 victory point.\""""
    t = table
    t.admit("Chamizo García")
    assert t.beds()[:3] == [None, None, "Chamizo García"]
    t.admit("Mir Brils")
    assert t.beds()[:3] == [None, "Chamizo García", "Mir Brils"]


def test_11_full_infirmary(table, fill_infirmary):
    """l.954: "The infirmary is complete. If the Spanish side suffers another injury
    casualty, bed number 4 would be used again, displacing all the previously injured one
    space following the arrows. As a result, Donat Pastor would reach the '0' space, passing
    away. The Philippine side would then take that counter ... scoring 1 victory point.\""""
    fill_infirmary(table, 4, first="Donat Pastor")
    table.admit("José Pestana")
    assert table.where("Donat Pastor") == "spain_eliminated" and table.vp("philippines") == 1
    assert table.beds()[3] == "José Pestana" and None not in table.beds()[:4]


def test_11_heal_two_and_heal_one(table):
    """l.1111: "The Spanish side heals two injured. These must be the ones closest to the
    graveyard, so they are the wounded in beds 2 and 3. Both are injured soldiers and are
    put into the bag." l.1117: "You heal the wounded in bed 2. To fill the empty space, you
    move the injured from beds 3 and 4 one space in the direction of the arrows." l.965-l.967
    calls that bed "a discontinuity in the beds occupied", so bed 1 is occupied too: after
    the move "no empty beds exist between occupied ones"."""
    t = table
    t.admit("Chamizo García")
    t.admit("Mir Brils")
    assert t.heal_two()
    assert t.where("Chamizo García") == t.where("Mir Brils") == "spain_bag"
    t.expand()
    for name in ("José Pestana", "Chamizo García", "Mir Brils", "Donat Pastor"):
        t.admit(name)
    assert t.beds()[:4] == ["José Pestana", "Chamizo García", "Mir Brils", "Donat Pastor"]
    t.clear("spain_detachment_3_4_1")
    assert t.heal_one(2, "spain_detachment_3_4_1")
    assert t.where("Chamizo García") == "spain_detachment_3_4_1"
    assert t.beds()[:4] == ["José Pestana", "Mir Brils", "Donat Pastor", None]
    assert t.heal_two() and t.beds()[:4] == [None, None, "Donat Pastor", None]
    assert t.heal_two() and t.beds() == [None] * 6


def test_12_repair(table):
    """l.1083-l.1091: "they first check that their units in that area have a total manpower
    of 4 or more ... they reduce their supply level by 1, from 4 to 3 ... they improve the
    condition of the church walls by 1 level, from Wrecked to Damaged. To repair them
    entirely to the Intact condition, another repair action is required".\""""
    t = table
    t.set_walls(1, "Wrecked")
    t.set_tracks("spain", supply=4)
    assert t.manpower(1, "spain") >= 4
    assert t.repair_walls(1) and t.walls(1) == "Damaged" and t.supply("spain") == 3
    assert t.repair_walls(1) and t.walls(1) == "Intact" and t.supply("spain") == 2
    assert not t.repair_walls(1) and t.supply("spain") == 2
