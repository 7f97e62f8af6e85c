"""The Spanish infirmary and repairs, one test per rule (heroes_of_baler.txt; l.N = its
line), through core/games/baler/position.pyx."""


def test_wounded_arrive_in_the_highest_operational_bed(table):
    """l.948: "When a wounded arrives at the infirmary, place it in the operational bed with
    the highest number. Before expansion, that will always be bed number 3. After bed number
    4 has become operational, it will be this bed, and so on.\""""
    table.admit("Chamizo García")
    assert table.beds().index("Chamizo García") == 2
    assert table.expand() and table.beds_open == 4
    table.admit("Mir Brils")
    assert table.beds()[2:4] == ["Chamizo García", "Mir Brils"]


def test_expansion_opens_beds_up_to_six(table):
    """l.944: "beds 4, 5, and 6 are not operational ... use this action again in later turns
    to make beds number 5 and 6 operational.\""""
    assert [table.expand() for _ in range(4)] == [True, True, True, False]
    assert table.beds_open == 6


def test_a_leader_dying_in_the_infirmary_scores_two(table, fill_infirmary):
    """l.950: "This may cause a wounded to be moved from bed 1 to the '0' space (the
    graveyard). This means they pass away and are removed from play. The Philippine side
    takes that unit ... and scores 1 victory point for a soldier and 2 for a leader.\""""
    table.admit("Juan Alonso Zayas")
    fill_infirmary(table, 3)
    assert table.where("Juan Alonso Zayas") == "spain_eliminated"
    assert table.vp("philippines") == 2


def test_an_admission_pushes_all_the_wounded_and_its_gaps_stay(table):
    """l.950: "If the designated bed is occupied, move all the wounded already in the
    infirmary one space following the arrows". (RULES.md reading 20: an admission into an
    empty top bed leaves its gap; only heals close gaps.)"""
    table.admit("Chamizo García")
    table.admit("Mir Brils")                 # beds 2, 3
    assert table.expand() and table.expand()
    table.admit("Donat Pastor")              # bed 5 was free: beds 2, 3, 5
    assert table.beds() == [None, "Chamizo García", "Mir Brils", None, "Donat Pastor", None]
    table.admit("José Pestana")              # everyone moves one bed
    assert table.beds() == ["Chamizo García", "Mir Brils", None, "Donat Pastor", "José Pestana", None]
    table.admit("Juan López")
    assert table.where("Chamizo García") == "spain_eliminated" and table.vp("philippines") == 1


def test_heal_one_sends_a_soldier_to_a_free_detachment_space_else_the_bag(table):
    """l.1113: "Heal an injured unit of your choice. If it is a leader, place it in the
    corresponding space in the detachment. If it is a soldier, place it in a detachment
    space of your choice; If there are no spaces available in the detachments, put it into
    the bag.\""""
    table.admit("Chamizo García")
    table.admit("Juan Alonso Zayas")
    assert not table.heal_one(3, "spain_detachment_3_4_1")  # a leader goes home
    assert table.heal_one(3) and table.where("Juan Alonso Zayas") == "spain_detachment_1_2_2"
    assert not table.heal_one(2)                            # the detachment is full
    assert not table.heal_one(2, "spain_detachment_3_4_1")  # that space is taken
    assert not table.heal_one(1) and not table.heal_one(7)  # empty and missing beds
    occupant = table.occupant("spain_detachment_5_6_6")
    table.clear("spain_detachment_5_6_6")
    assert not table.heal_one(2)                            # a space is free: not the bag
    assert table.heal_one(2, "spain_detachment_5_6_6")
    assert table.where("Chamizo García") == "spain_detachment_5_6_6"
    assert table.where(occupant) == "spain_bag"


def test_heal_two_sends_leaders_home_and_soldiers_to_the_bag(table):
    """l.1109: "Heal the units in the two beds with lower numbers (closer to the '0' space -
    graveyard). Put soldiers into the bag, and return leaders to the corresponding space in
    the detachment.\""""
    for name in ("Félix Minaya", "Mir Brils", "Donat Pastor"):
        table.admit(name)
    assert table.heal_two()
    assert table.where("Félix Minaya") == "spain_detachment_1_2_6"
    assert table.where("Mir Brils") == "spain_bag"
    assert table.beds()[:3] == [None, None, "Donat Pastor"]
    assert table.heal_two() and not table.heal_two()


def test_a_discharge_fills_only_the_empty_beds_between_occupied_ones(table):
    """l.965: "If these actions result in empty beds between occupied ones, move the injured
    individuals in the higher-numbered beds to fill the empty ones, following the arrows."
    l.1115: "move the wounded one space in the direction of the arrows, so that all the
    occupied beds are contiguous." Healing the lowest wounded leaves the others contiguous
    where they lie: nobody is moved nearer the graveyard, so the next admissions push them
    as if the healed had never been there."""
    for name in ("Chamizo García", "Mir Brils", "Donat Pastor"):
        table.admit(name)                    # beds 1, 2, 3
    table.clear("spain_detachment_3_4_1")
    assert table.heal_one(1, "spain_detachment_3_4_1")
    assert table.beds()[:3] == [None, "Mir Brils", "Donat Pastor"]
    table.admit("José Pestana")              # pushes beds 2 and 3: nobody dies
    assert table.beds()[:3] == ["Mir Brils", "Donat Pastor", "José Pestana"]
    assert table.vp("philippines") == 0
    assert table.heal_one(2, "spain_detachment_3_4_3")  # a gap between beds 1 and 3: bed 3 moves down
    assert table.beds()[:3] == ["Mir Brils", "José Pestana", None]


def test_repairs_need_supply(table):
    """l.1060: "you must also spend 1 supply level. If your supply level was already 0, you
    cannot perform a repair action.\""""
    table.set_walls(1, "Damaged")
    table.set_tracks("spain", supply=0)
    assert not table.repair_walls(1) and table.walls(1) == "Damaged"


def test_destroyed_walls_cannot_be_repaired(table):
    """l.1077: "If the condition of the church walls in a map area is Destroyed, those walls
    cannot be repaired.\""""
    table.set_walls(2, "Destroyed")
    assert not table.repair_walls(2) and table.supply("spain") == 6   # unspent


def test_wall_repair_needs_four_manpower(table, man):
    """l.1066-l.1068: "the total manpower factor ... of all your units in that area must be
    equal to or higher than: Spanish side: 4 factors.\""""
    man(table, 3, spain=[3], philippines=[1])              # a 3-0 soldier: no manpower
    table.set_walls(3, "Wrecked")
    assert table.manpower(3, "spain") < 4 and not table.repair_walls(3)


def test_trench_repair_needs_five_manpower_and_a_sabotaged_section(table, man):
    """l.1069: "Philippine side: 5 factors." l.1081: "A trench section is fully repaired with
    a single repair action, and you simply flip the section marker to show the
    non-sabotaged face.\""""
    table.set_trench(1, "sabotaged")
    table.set_trench(2, "built")
    assert not table.repair_trench(2)
    man(table, 1, philippines=[1])
    assert table.manpower(1, "philippines") < 5 and not table.repair_trench(1)
    for post in table.posts(1, "philippines"):
        table.clear(post)
    for post, unit in zip(table.posts(1, "philippines"),
                          [u for u in table.units_at("philippines_bag") if u.startswith("Katipunero 1-3")]):
        table.put(unit, post)
    supply = table.supply("philippines")
    assert table.manpower(1, "philippines") == 9 and table.repair_trench(1)
    assert table.trench(1) == "built" and table.supply("philippines") == supply - 1
