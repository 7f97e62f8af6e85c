"""Following a round of Junta: orders and battles as they were given after a coup, results
shown only once final, who did what, promises received and forfeited, and the militia order
a destroyed attacking die is taken from."""
from partisan.cli.views import junta as view
from partisan.core.narration import who

LARS, ANDY, SUSANNE, MATT = 0, 1, 2, 3


def start(Junta, players=4, pres=LARS, **arrange):
    t = Junta(players, pres=pres, **arrange)
    return t.draw_round().promise_each()


def test_assassinated_attacker_of_the_presidente_loses_its_attack_order(Junta):
    """Assassination: "Destroy one opposing Militia of your choice. You destroy 1 Militia taking
    part in the battle against you." The die destroyed is one of Andy's attacking the
    Presidente (order: Lars's estate, 1), never his "defend the Presidente" order (6), which he
    did not give."""
    t = start(Junta, militia=[1, 2, 1, 1], hands={SUSANNE: ["Assassination"]})
    t.order(ANDY, 1, 1).order(SUSANNE, 6).order(MATT, 4)
    assert t.obs()["seats"][ANDY]["orders"] == {"1": 2}
    t.do("Assassination on P2's militia")
    assert t.obs()["seats"][ANDY]["orders"] == {"1": 1}
    assert t.obs()["battle"]["dice"][ANDY] == {"own": 1, "loaned": 0}
    assert t.obs()["seats"][ANDY]["militia"] == 1


def test_after_a_coup_orders_and_battles_read_as_given(Junta):
    """"After all combat has been resolved, the attacker who attacked the Presidente with the
    highest Personal Combat Value receives the Presidential Sunglasses": the orders were given
    under Lars, so "6" still means defending Lars and Susanne's orders stay on the table."""
    t = start(Junta, militia=[1, 2, 2, 1])
    t.order(ANDY, 1, 1).order(SUSANNE, 1, 4).order(MATT, 4)
    t.roll(2, 2, 6)
    t.chance("plunders Foreign Aid 1")
    t.chance("P2 plunders Foreign Aid 1")
    t.roll(1, 1)
    obs = t.obs()
    assert obs["presidente"] == SUSANNE and obs["orders_presidente"] == LARS
    assert obs["battle_order"] == [LARS, MATT]
    assert obs["seats"][SUSANNE]["orders"] == {"1": 1, "4": 1}
    assert obs["seats"][LARS]["orders"] is None and obs["seats"][LARS]["orders_given"] == 0
    table = view._orders(obs["seats"][SUSANNE], obs["orders_presidente"], view._order_text, "-")
    assert table.plain == "attack P1 (1), attack P4 (4)"
    assert view._orders(obs["seats"][LARS], LARS, view._order_text, "defend (no orders)").plain \
        == "defend (no orders)"


def test_result_shown_only_once_the_diversionary_window_closes(Junta):
    """Diversionary Tactic: "Play immediately after someone has rolled dice. Either one or all of
    the dice must be re-rolled." Until that window closes the roll is not the result."""
    t = start(Junta, militia=[1, 3, 1, 1], hands={SUSANNE: ["Diversionary Tactic"]})
    t.order(ANDY, 3, 3, 3).order(SUSANNE, 3).order(MATT, 4)
    before = t.obs()
    t.roll(1, 6, 6)
    during = t.obs()
    t.roll(2)
    assert t.s.phase == "combat: diversionary tactic"
    window = t.obs()
    assert window["battle"]["rolled"] and not window["battle"]["result_final"]
    assert not any("battle at" in line for line in view.changes(during, window, LARS))
    assert view.PENDING in view._compact_battle(window, LARS).plain
    t.do("Diversionary Tactic: P2 re-rolls all dice")
    t.roll(1, 1)
    partial = t.obs()
    assert view.changes(window, partial, LARS) == []        # no bogus "attack 0" line
    t.roll(2)
    final = t.obs()
    lines = view.changes(partial, final, LARS)
    assert "  battle at P3: attack 4 against defence 2: success" in lines
    assert final["last_result"] == {"defender": SUSANNE, "attack": 4, "defense": 2, "attack_won": True}
    assert before["battles_resolved"] + 1 == final["battles_resolved"]


def test_every_move_names_its_actor(Junta):
    """A move line names who made it, and says "you" to the seat that made it."""
    t = start(Junta, militia=[1, 1, 1, 1], hands={SUSANNE: ["Assassination"]})
    t.order(ANDY, 3).order(SUSANNE, 3)
    a = t.s.legal_actions()[0]
    assert t.s.describe_action(a, MATT).startswith("you: militia 1:")
    assert t.s.describe_action(a, LARS) == "P4 gives a militia its order"
    t.order(MATT, 4)
    a = t.s.string_to_action("Assassination on P2's militia")
    assert t.s.describe_action(a, None) == "P3: Assassination on P2's militia"
    assert t.s.describe_action(a, SUSANNE) == "you: Assassination on P2's militia"


def test_promises_received_and_forfeited_are_reported(Junta):
    """"If an attack on the Presidente was not successful, all the players who did not attack the
    Presidente, immediately receive their Promises ... the attackers must put their Promises face
    up on the Discard Pile." """
    t = start(Junta, militia=[1, 1, 1, 1])
    t.order(ANDY, 1).order(SUSANNE, 6).order(MATT, 4)
    seen = []
    while t.s.is_chance_node() and t.obs()["battles_resolved"] == 0:
        before = t.obs(MATT)
        t.roll(1)                       # Andy's 1 against Lars's militia, Susanne's 1, a building
        seen += view.changes(before, t.obs(MATT), MATT)
    assert "  battle at P1: attack 1 against defence 3: repelled" in seen
    assert "  P2's promises are forfeited: 1 card (P2 attacked the Presidente)" in seen
    assert "  you receive the promises: 1 card" in seen
    assert "  P3 receives the promises: 1 card" in seen


def test_who_names_the_viewer_you():
    assert who(1, 1) == "you" and who(1, None) == "P2" and who(0, 1) == "P1"


def test_a_plunderer_of_the_fallen_presidente_forfeits_its_promises(Junta):
    """"If an attack on the Presidente was successful, the attackers first Plunder by taking a
    card from the Presidente's hand. All (!) players then turn their Promises face up on the
    Discard Pile. No one receives them." (l.78) Andy's plunder and his forfeit land in the same
    move: his hand grows, yet his promise goes to the Discard Pile, and the screen says so."""
    t = start(Junta, militia=[1, 2, 2, 1])
    t.order(ANDY, 1, 1).order(SUSANNE, 1, 4).order(MATT, 4)
    t.roll(2, 2, 6)
    t.chance("plunders Foreign Aid 1")                  # Susanne first (6 against Andy's 4)
    before, discarded = t.obs(MATT), sum(t.obs()["discard_pile"].values())
    t.chance("P2 plunders Foreign Aid 1")               # Andy's plunder ends the battle
    after = t.obs(MATT)
    assert after["seats"][ANDY]["hand_size"] == before["seats"][ANDY]["hand_size"] + 1
    assert sum(after["discard_pile"].values()) == discarded + 3     # the three promises
    seen = view.changes(before, after, MATT)
    fell = "(the Presidente fell: nobody receives promises)"
    assert f"  P2's promises are forfeited: 1 card {fell}" in seen
    assert f"  P3's promises are forfeited: 1 card {fell}" in seen
    assert f"  your promises are forfeited: 1 card {fell}" in seen
    assert not any("receive the promises" in line or "receives the promises" in line for line in seen)
