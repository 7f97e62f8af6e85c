"""The moves Heroes of Baler marks for its bots (BalerState.c_bot_actions): a modifier that
cannot better its die stays legal for a person, but a bot never spends morale, a command, a
leader's re-roll or the Persistence marker on it. Positions built by name
(core/games/baler/position.pyx); heroes_of_baler.txt, l.N = its line."""
import pytest


def _bot_texts(s):
    return [s.action_to_string(a) for a in s.bot_actions()]


def _attack(table, man, play, kind, *rolls):
    """The Filipinos (CF 2+2+2 and a gun against one Spanish CF 1 soldier in area 2) attack in
    the Action phase; `rolls` are played in turn, "done" between the sides."""
    man(table, 2, spain=[1], philippines=[2, 2, 2], artillery=2)
    table.give("philippines", ["Takeover attempt", "Massed Assault", "Lantaka Barrage"])
    s = table.game_state("action", "philippines")
    play(s, f"{kind} area 2", rolls[0])
    for roll in rolls[1:]:
        play(s, "done", roll)
    return s


def test_shooting_no_plus_one_below_a_five_and_no_re_roll_of_a_six(table, man, play, texts):
    """l.664: "For each 6 obtained, the enemy suffers a direct casualty (kill)." l.666: "For
    each 5 obtained, the enemy suffers an injury casualty." A 3 made a 4 still does nothing,
    and a 6 is the best a re-roll can give (the issue's "+1 on a 3" where only 5s and 6s
    count). Nor is the 5 re-rolled: one face in six makes it a kill, four lose the injury."""
    s = _attack(table, man, play, "shooting", "roll 3 4 5 6")
    assert "morale +1 on a 3" in texts(s) and "morale re-roll on a 6" in texts(s)
    assert "morale re-roll on a 5" in texts(s)
    assert _bot_texts(s) == ["done", "morale +1 on a 4", "morale +1 on a 5",
                             "morale re-roll on a 3", "morale re-roll on a 4"]


def test_incursion_attacker_keeps_the_plus_one_that_saves_him_from_his_own_1(table, man, play):
    """l.788: "Rolls of 5 or 6 are considered a success." l.827: "Each roll in the former dice
    rolls (both of the attackers and defenders) will cause one casualty by injury in the
    attackers" (each 1, RULES.md). The attacker's 1 made a 2 spares him an injury; a 2 made a
    3, or a 5 made a 6, changes nothing."""
    s = _attack(table, man, play, "incursion", "roll 1 2 4 5")
    assert _bot_texts(s) == ["done", "morale +1 on a 1", "morale +1 on a 4",
                             "morale re-roll on a 1", "morale re-roll on a 2",
                             "morale re-roll on a 4"]


def test_incursion_defender_never_turns_his_1_into_a_2(table, man, play, texts):
    """l.827 (as above): the defender's 1 injures an attacker, so +1 on it only loses that, and
    +1 on a 3 makes no success (l.788); his re-roll of the 3 may still make one, which cancels
    the attacker's 5."""
    s = _attack(table, man, play, "incursion", "roll 1 1 1 5", "roll 1 3")
    assert s.current_player() == 0
    assert texts(s) == ["done", "morale +1 on a 1", "morale +1 on a 3",
                        "morale re-roll on a 1", "morale re-roll on a 3"]
    assert _bot_texts(s) == ["done", "morale re-roll on a 1", "morale re-roll on a 3"]


@pytest.mark.parametrize("attacker", ["roll 1 1 1 1", "roll 5 5 6 6"])
def test_incursion_defender_seeks_no_success_that_cancels_nothing(table, man, play, texts, attacker):
    """l.784: "After the attacker has rolled their dice and applied any modifiers, the defender
    does the same." l.788: "Each defender's success nullifies an attacker's success." l.801: the
    targets equal "the difference between their successes and those of the enemy, but is limited
    to a maximum of two per incursion." Against no success, or four (one cancelled leaves three,
    still two targets), a defender's success changes nothing: only his 3 may still turn into a 1,
    which injures an attacker (l.827)."""
    s = _attack(table, man, play, "incursion", attacker, "roll 1 3")
    assert s.current_player() == 0 and "morale re-roll on a 1" in texts(s)
    assert _bot_texts(s) == ["done", "morale re-roll on a 3"]


def test_artillery_a_filipino_5_made_a_6_wounds_a_4_made_a_5_does_not(table, man, play):
    """l.864: "A result of 4, 5, or 6 is a success." l.877: "each 6 rolled by the attacker
    injures a defender." So +1 on a 3 or a 5 changes the result, on a 4 it does not; a 6 is
    not re-rolled, nor a 4 or a 5: a 1-3 loses the success half the time, a 6 wounds one time
    in six. A person saw `expert` re-roll the 5 of a 5 and a 6."""
    s = _attack(table, man, play, "artillery", "roll 3 4")
    assert _bot_texts(s) == ["done", "morale +1 on a 3", "morale re-roll on a 3"]
    table2 = type(table)()
    s = _attack(table2, man, play, "artillery", "roll 5 6")
    assert "morale re-roll on a 5" in [s.action_to_string(a) for a in s.legal_actions()]
    assert _bot_texts(s) == ["done", "morale +1 on a 5"]


def test_artillery_spanish_success_is_kept_as_it_is(table, man, play, texts):
    """l.864: the Spanish die succeeds on 4, 5 or 6 and cancels a Filipino success; l.877: it
    also cancels the shrapnel. A Spanish 4 cannot be bettered: morale would buy nothing."""
    s = _attack(table, man, play, "artillery", "roll 1 1", "roll 4")
    assert s.current_player() == 0 and "morale +1 on a 4" in texts(s)
    assert _bot_texts(s) == ["done"]


@pytest.mark.parametrize("attacker, spain, bot", [("roll 1 3", "roll 3", ["done"]),
                                                  ("roll 2 3", "roll 1", ["done"]),
                                                  ("roll 3 4", "roll 3", ["done", "morale +1 on a 3",
                                                                          "morale re-roll on a 3"])])
def test_artillery_spain_spends_nothing_on_a_die_that_cancels_nothing(table, man, play, texts, attacker, spain, bot):
    """l.864: "Then, the defender (the Spanish side) rolls their die [...] A Spanish success
    nullifies one attacker's success"; l.877: it also cancels a 6's shrapnel. In play Spain
    spent its last morale on "morale re-roll on a 3" after the Filipinos rolled 1 and 3, no
    success to cancel: its die has nothing to cancel then; against a 4 it may save its walls."""
    man(table, 2, spain=[1, 1], philippines=[2], artillery=2)
    table.give("philippines", ["Takeover attempt", "Massed Assault", "Lantaka Barrage"])
    s = table.game_state("action", "philippines")
    play(s, "artillery area 2", attacker, "done", spain)
    assert s.current_player() == 0 and "morale re-roll on a " + spain[-1] in texts(s)
    assert _bot_texts(s) == bot


def test_territorial_only_a_4_gains_from_plus_one(play, texts, territorial_attack, table):
    """l.1398: "Each result of 5 or 6 counts as a success." Of "roll 3 4 4" only a 4 made a 5
    changes the count."""
    s = play(territorial_attack(table), "roll 3 4 4")
    assert "morale +1 on a 3" in texts(s)
    assert _bot_texts(s) == ["done", "morale +1 on a 4", "morale re-roll on a 3",
                             "morale re-roll on a 4"]


def _takeover(table, play, die):
    table.give("philippines", ["Takeover attempt", "Massed Assault"])
    table.set_persistence(True)
    s = table.game_state("events", "philippines")
    return play(s, "Takeover attempt", "Massed Assault", "done", "Takeover attempt: main event",
                "area 4", f"die {die}")


def test_persistence_on_the_takeover_die_only_where_the_walls_fall_further(table, play, texts):
    """l.1151: "They get a 3. However, a 4 would cause degradation of the walls' condition by
    two levels, instead of 1." The card's table gives 2 levels from a 4 up (cards.toml), so a
    4 is not bettered, and walls one level from Destroyed lose no more from a 4 than a 3."""
    s = _takeover(table.clone(), play, 3)
    assert _bot_texts(s) == texts(s)            # +1 and the re-roll can both gain
    s = _takeover(table.clone(), play, 4)
    assert "persistence +1 on a 4" in texts(s)
    assert _bot_texts(s) == ["done"]
    table.set_walls(4, "Wrecked")
    s = _takeover(table, play, 3)
    assert len(texts(s)) == 3 and _bot_texts(s) == ["done"]


@pytest.mark.parametrize("spec", ["random", "ismcts:iterations=40"])
def test_no_bot_spends_morale_on_a_die_it_cannot_better(table, man, play, spec):
    from partisan.ai import make_bot
    for seed in range(5):
        s = _attack(table.clone(), man, play, "shooting", "roll 1 2 3 6")
        assert _bot_texts(s) == ["done", "morale re-roll on a 1", "morale re-roll on a 2",
                                 "morale re-roll on a 3"]
        assert make_bot(spec, seed=seed).choose(s) in s.bot_actions()


def _action_phase(table, side):
    """The Action phase with `side` to act, action points from a hand of three cards."""
    table.give(side, ["Takeover attempt", "Massed Assault", "Lantaka Barrage"] if side == "philippines"
               else ["Volley from the Bell Tower", "Sortie", "Marksmen"])
    return table.game_state("action", side)


def test_no_filipino_incursion_on_walls_already_destroyed(table, man, texts):
    """l.743: the Filipino incursion's target is to "Damage the church walls in the incursion
    area"; l.819: at 'Destroyed' the marker is flipped, and no level is left to lose. l.827:
    "Each roll in the former dice rolls ... will cause one casualty by injury in the
    attackers": such an incursion can only wound the attackers. A person may still order it."""
    man(table, 2, spain=[1], philippines=[2, 2])
    man(table, 3, spain=[1], philippines=[2, 2])
    table.set_walls(2, "Destroyed")
    table.set_walls(3, "Wrecked")
    s = _action_phase(table, "philippines")
    assert "incursion area 2" in texts(s) and "incursion area 3" in texts(s)
    assert "incursion area 2" not in _bot_texts(s) and "incursion area 3" in _bot_texts(s)


def test_no_spanish_incursion_without_a_trench_or_a_gun_to_sabotage(table, man, texts):
    """l.740-l.741: the Spanish targets are "a Philippine trench section" and "a Philippine
    artillery piece ... You cannot target the artillery piece ... if both trench sections in
    the area are intact." With no built trench and no gun there is nothing to sabotage; with a
    gun behind open ground it is in reach."""
    man(table, 1, spain=[2], philippines=[1])
    man(table, 4, spain=[2], philippines=[1], artillery=2)
    for trench in (1, 2, 7, 8):
        table.set_trench(trench, "none")
    s = _action_phase(table, "spain")
    assert "incursion area 1" in texts(s)
    assert "incursion area 1" not in _bot_texts(s) and "incursion area 4" in _bot_texts(s)
    table.set_trench(1, "built")
    s = _action_phase(table, "spain")
    assert "incursion area 1" in _bot_texts(s)
    table.set_trench(1, "sabotaged")
    s = _action_phase(table, "spain")
    assert "incursion area 1" not in _bot_texts(s)


def test_no_shooting_where_no_enemy_stands(table, man, texts):
    """l.592: "If a shooting occurs in an area where all the guard posts from one or both sides
    are empty, the shooting has no effect." A bot does not spend an action on it."""
    man(table, 1, spain=[1], philippines=[])
    man(table, 3, spain=[1], philippines=[1])
    s = _action_phase(table, "spain")
    assert "shooting area 1" in texts(s)
    assert "shooting area 1" not in _bot_texts(s) and "shooting area 3" in _bot_texts(s)


def test_no_shooting_or_incursion_begun_outgunned(table, man, texts):
    """l.617: the firepower "allocates extra dice to the stronger side"; l.586: in a shooting
    "units from both sides simultaneously exchange rifle fire"; l.784, l.788: the incursion's
    defender rolls "two dice plus any obtained as a bonus", and "Each defender's success
    nullifies an attacker's success"; l.827: every 1 rolled injures an attacker. In play the
    Philippines made incursions of one die against four and lost two men for nothing. One
    Filipino soldier against three Spaniards (firepower 2 to Spain) is no bot's shooting or
    incursion; two against one (firepower 1 to them) are. A person may make either."""
    man(table, 1, spain=[1, 1, 1], philippines=[1])
    man(table, 3, spain=[1], philippines=[1, 1])
    s = _action_phase(table, "philippines")
    assert {"incursion area 1", "shooting area 1"} <= set(texts(s))
    assert not {"incursion area 1", "shooting area 1"} & set(_bot_texts(s))
    assert {"incursion area 3", "shooting area 3"} <= set(_bot_texts(s))


def test_artillery_on_destroyed_walls_only_for_its_shrapnel(table, man, texts):
    """l.866-l.873: the artillery's successes lower the walls; l.877: "each 6 rolled by the
    attacker injures a defender". On Destroyed walls it can still wound a Spaniard in the
    area, and with none there it can do nothing."""
    man(table, 2, spain=[], philippines=[1], artillery=2)
    man(table, 3, spain=[0, 1], philippines=[1], artillery=2)     # not the Bell Tower (l.104)
    table.set_walls(2, "Destroyed")
    table.set_walls(3, "Destroyed")
    s = _action_phase(table, "philippines")
    assert "artillery area 2" in texts(s)
    assert "artillery area 2" not in _bot_texts(s) and "artillery area 3" in _bot_texts(s)


@pytest.mark.parametrize("morale, stops", [(0, False), (6, True)])
def test_a_bot_resolves_an_event_that_only_gains(table, play, texts, morale, stops):
    """l.356: "You must always play two cards in this phase, but you can choose not to resolve
    some or even all the events on the cards." A player may decline, but in play Spain left
    Rally the Detachment (morale +1) unresolved at morale 0, and deserters followed (l.397: "Morale
    in level 0 – Two units desert."). At morale 6 the event gains nothing (l.377: "Any supply or
    morale over 6 cannot be stored and is lost."), and Sortie's incursion may cost more than it
    wins: stopping stays a bot's move."""
    table.set_tracks("spain", morale=morale)
    table.give("spain", ["Rally the Detachment", "Sortie", "Lookouts"])
    s = play(table.game_state("events", "spain"), "Rally the Detachment", "Sortie", "done")
    assert "done" in texts(s) and "Rally the Detachment: main event" in texts(s)
    assert ("done" in _bot_texts(s)) == stops


@pytest.mark.parametrize("morale, stops", [(0, False), (6, True)])
def test_a_bot_spends_its_points_on_an_action_that_only_gains(table, texts, morale, stops):
    """l.541: "You cannot save action points for other turns, so all points not used in this
    phase are lost." l.1125: "Raise your morale level by 2". In play Spain ended its Action
    phase with 5 points at morale 0, and deserters followed (l.397). At morale 6, with no man in
    the infirmary, nothing only gains: ending stays a bot's move."""
    table.set_tracks("spain", morale=morale)
    table.give("spain", ["Redeploy"])
    s = table.game_state("action", "spain")
    assert "done" in texts(s) and "morale +2" in " ".join(texts(s))
    assert ("done" in _bot_texts(s)) == stops
