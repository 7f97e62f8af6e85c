"""The Expert Game."""
LARS, ANDY, SUSANNE, MATT = 0, 1, 2, 3


def test_six_vp_and_the_sunglasses(Junta):
    """"The game ends when someone has 6 or more Victory Points. The Presidential Sunglasses are
    now also worth 1 Victory Point." """
    t = Junta(4, expert=True, buildings=[5, 5, 1, 1])
    t.draw_round().promise_each().defend_all()
    assert t.seat(LARS, ANDY)["victory_points"] == 6 and t.seat(ANDY, ANDY)["victory_points"] == 5
    t.finish_spending()
    assert t.s.is_terminal() and t.obs()["winners"] == [LARS]
    basic = Junta(4, buildings=[4, 1, 1, 1])
    basic.draw_round().promise_each().defend_all().finish_spending()
    assert not basic.s.is_terminal()            # 4 VP: no Sunglasses point in the Basic Game


def test_rolled_one_destroys_an_opposing_militia(Junta):
    """"If someone rolls a 1 in Combat, after the battle he may destroy 1 opposing Militia that
    was involved in the battle. It has no influence on the outcome of the Combat. Destroyed
    Militias are placed back in the Supplies." """
    t = Junta(4, expert=True, militia=[1, 2, 2, 1])
    t.draw_round().promise_each()
    t.order(ANDY, 3, 3).order(SUSANNE, 3, 3).order(MATT, 4)
    t.roll(1, 5, 6, 6)                           # Susanne 1 and 5; Andy 6 and 6
    assert t.obs()["battle"]["attack_won"]
    t.chance("plunders Foreign Aid 1")
    assert t.s.phase == "combat: destroy militia" and t.to_move == SUSANNE
    assert t.moves() == ["done", "destroy P2's militia"]
    t.do("destroy P2's militia")
    assert t.seat(ANDY)["militia"] == 1 and t.s.phase == "spend money"


def test_rolled_ones_option_one_kill_per_player(Junta):
    """RULES.md: "If someone rolls a 1" is read as one destroy per die showing 1; the option
    kill_per_player gives one destroy per player however many 1s it rolled."""
    for per_player, andy_left in ((False, 1), (True, 2)):
        t = Junta(4, expert=True, options={"kill_per_player": per_player}, militia=[1, 3, 2, 1])
        t.draw_round().promise_each()
        t.order(ANDY, 3, 3, 3).order(SUSANNE, 3, 3).order(MATT, 4)
        t.roll(1, 1, 6, 6, 6)                    # Susanne 1 and 1; Andy 6, 6 and 6
        t.chance("plunders Foreign Aid 1")
        t.do("destroy P2's militia")
        if not per_player:
            t.do("destroy P2's militia")
        assert t.s.phase == "spend money" and t.seat(ANDY)["militia"] == andy_left


def test_promised_militia(Junta):
    """"he may not only promise cards but Militias too ... He may freely choose which number is
    facing up on the promised Militia Dice; it may not, however, be the number of the
    Presidente's Estate and also not 6." "Unpromised Militias, as in the Basic game, add 1 to the
    Presidente's defense. Promised Militias are ignored." "if you receive the Promises, you may
    add the promised Militia to your own Militias which have not yet been resolved. Whatever
    number the Presidente has placed face up determines whether the Militias contribute to your
    defense or assist in attacks on other players." Example: "he promises Matt (black) 1 Militia
    with the number 4. If Matt receives the Promises he must attack Andy with this additional
    Militia" (Andy's estate is number 2 at this table). "The Presidente himself does not take
    part in any Combat in which his on-loan Militias are engaged. Consequently, the Presidente may
    not play any cards in such Combat." "If an attack succeeds with the help of a Presidential
    Militia, the Presidente may not Plunder the defeated player, only the attacking player"."""
    t = Junta(4, expert=True, militia=[3, 1, 1, 1], hands={LARS: ["Gunboat"]})
    t.draw_round()
    t.do("promise Foreign Aid 1 to P2", "promise Foreign Aid 1 to P3", "promise Foreign Aid 1 to P4")
    faces = [m.split("showing ")[1].split(" to")[0] for m in t.moves() if "militia" in m and "to P4" in m]
    assert faces == ["2", "3", "4"]                       # never 1 (Lars) nor 6
    t.do("promise militia showing 2 to P4", "done")
    assert t.seat(MATT, ANDY)["promised_militia"] == {"2": 1}           # on the table for all to see
    t.order(ANDY, 1).order(SUSANNE, 3).order(MATT, 4)
    t.do("done")                                          # Lars keeps his Gunboat
    # Lars defends with his 2 unpromised militia only: 1 + 2 holds off Andy's 3.
    assert t.obs()["battle"]["dice"][LARS]["own"] == 2
    t.roll(3)
    assert t.obs()["presidente"] == LARS and t.obs()["seats"][MATT]["hand_size"] == 3
    # Matt received his promise: the loaned militia attacks Andy, and Matt rolls it.
    obs = t.obs()
    assert obs["seats"][MATT]["loaned_militia"] == {"2": 1} and obs["battle_order"][1:] == [ANDY]
    assert obs["battle"]["defender"] == ANDY and obs["battle"]["attackers"] == [MATT]
    assert t.s.is_chance_node()                           # no card step for Lars here
    t.roll(6)
    assert t.obs()["battle"]["attack_won"]
    # Matt, not the Presidente, plunders the defeated player.
    assert t.s.action_to_string(t.s.legal_actions()[0]).startswith("P4 plunders")
    t.chance("plunders Foreign Aid 2")
    # After all battles the loaned militia goes back to Lars.
    obs = t.obs()
    assert obs["phase"] == "spend money" and obs["seats"][LARS]["militia"] == 3
    assert obs["seats"][MATT]["loaned_militia"] == {} and obs["seats"][MATT]["militia"] == 1


def test_promised_militia_returned_when_promises_forfeited(Junta):
    """"Anyone not receiving his Promises after a battle must give the promised Militia back to
    the Presidente immediately." """
    t = Junta(4, expert=True, militia=[2, 1, 1, 1])
    t.draw_round()
    t.do("promise Foreign Aid 1 to P2", "promise Foreign Aid 1 to P3", "promise Foreign Aid 1 to P4",
         "promise militia showing 3 to P2", "done")
    t.order(ANDY, 1).order(SUSANNE, 3).order(MATT, 4)
    t.roll(2)                          # Andy fails against Lars's 1 building + 1 unpromised militia
    obs = t.obs()
    assert obs["seats"][ANDY]["promised_militia"] == {} and obs["seats"][ANDY]["loaned_militia"] == {}
    assert obs["phase"] == "spend money" and obs["battle_order"] == [LARS]


def test_bribery_and_uprising_with_loaned_militia(Junta):
    """Bribery: "In the Expert Game, the Militias loaned out by the Presidente are also ignored --
    they may not be rolled." Peasant Uprising: "In the Expert game, this card also affects
    Presidential Militias on loan for defense." """
    t = Junta(4, expert=True, militia=[3, 1, 1, 1], hands={SUSANNE: ["Bribery"]})
    t.draw_round()
    t.do("promise Foreign Aid 1 to P2", "promise Foreign Aid 1 to P3", "promise Foreign Aid 1 to P4",
         "promise militia showing 3 to P2", "promise militia showing 3 to P3", "done")
    t.order(ANDY, 2).order(SUSANNE, 3).order(MATT, 4)
    # Andy attacks Susanne with Lars's loaned militia only; Susanne bribes it away.
    assert t.obs()["battle"]["defender"] == SUSANNE and t.to_move == SUSANNE
    t.do("play Bribery")
    obs = t.obs()
    assert obs["phase"] == "spend money" and not obs["battle"]["rolled"]

    t = Junta(4, expert=True, militia=[3, 1, 1, 1], hands={SUSANNE: ["Peasant Uprising"]})
    t.draw_round()
    t.do("promise Foreign Aid 1 to P2", "promise Foreign Aid 1 to P3", "promise Foreign Aid 1 to P4",
         "promise militia showing 3 to P3", "done")
    t.order(ANDY, 3).order(SUSANNE, 3).order(MATT, 3)
    t.do("play Peasant Uprising")
    t.roll(6, 1)                                 # only the attackers roll: Andy, Matt
    battle = t.obs()["battle"]
    assert battle["defense_value"] == 1 + 2 * 2 and battle["attack_value"] == 7


def test_presidente_may_promise_all_his_militia(Junta):
    """"He may promise more than one Golpista Militias. He may promise all his Militias." """
    t = Junta(4, expert=True, militia=[2, 1, 1, 1])
    t.draw_round()
    t.do("promise Foreign Aid 1 to P2", "promise Foreign Aid 1 to P3", "promise Foreign Aid 1 to P4",
         "promise militia showing 3 to P2", "promise militia showing 4 to P3")
    assert t.moves() == ["done"]
    t.do("done")
    t.order(ANDY, 1).order(SUSANNE, 3).order(MATT, 4)
    assert t.obs()["battle"]["dice"][LARS]["own"] == 0       # only his building defends
    t.roll(2)
    assert t.obs()["new_presidente"] == ANDY
