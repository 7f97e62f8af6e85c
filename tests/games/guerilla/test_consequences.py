"""Every consequence of a choice on Guerilla's screen before it is made, and every point said
where it comes from: the Armor Column's refusal, a leader's points, the cards laid in a trade,
the Revolution's turn and the hand at the initial deployment. Each test quotes its rule."""
import io

from rich.console import Console

from partisan.cli.views.guerilla import decision_note, render
from partisan.core.game import load_game
from partisan.core.games.guerilla.state import GOV, REB
from tests.games.guerilla.test_narration import told

SALAS = "Coronel Manuel Durán / Capitán Tadeo Salas"                # Rebel rating 2, -2
REFUSE = "refuse combat with the Armor Column"


def _flat(renderable, width=80, height=24) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    console.print(renderable)
    return " ".join(console.file.getvalue().split())


def test_refusing_the_armor_column_says_the_group_goes_back_to_hand(Guerilla, cid):
    """l.121: "A Rebel group may refuse combat with an Armour Column. The effects are exactly as
    if an Informant card had been played." l.126 (Informant): "allows a Rebel group to retreat
    before combat is resolved": its cards go back to the hand (RULES.md reading 18), which may
    then be over its limit (l.15). The menu says so before the choice."""
    hand = [cid("Bodyguard"), cid("Assassin"), cid("Arms Cache"), cid("Recon Patrol"), cid("Unit 2/2"),
            cid("Unit 3/3"), cid("Unit 4/1")]
    t = Guerilla(4).arrange(hands={0: [cid("Armor Column")], 1: hand},
                            groups=[(1, REB, [cid("Unit 1/1"), cid("Unit 1/2")], 0)])
    t.do("play Armor Column", "group 0", f"Unit 1/1 (card {cid('Unit 1/1')})")
    assert t.obs(1)["menu"] == ["no reaction", f"{REFUSE}: your g0 retreats, its 2 cards back to your hand, and the "
                                   "series ends (your hand then 9 of 7: the excess is lost at the end of your turn)"]
    line = told(t, REFUSE, 2)[0]
    assert line == f"P2: {REFUSE}: P2's g0 retreats, its 2 cards back to P2's hand, and the series ends"


def test_a_garrison_refusing_the_armor_column_is_told_the_complex_stays(Guerilla, cid):
    """l.121: "A garrison may refuse combat by becoming a separate group. A complex may not refuse
    combat." The menu says the complex is then attacked alone."""
    t = Guerilla(4).arrange(hands={0: [cid("Armor Column")]},
                            groups=[(1, REB, [cid("Port"), cid("Unit 1/2")], 0)])
    t.do("play Armor Column", "group 0")
    assert f"{REFUSE}: the garrison becomes a group of its own, and the Port is attacked alone" in t.obs(1)["menu"]


def test_a_leader_given_up_worth_nothing_says_the_victor_scores_0(Guerilla, cid):
    """l.68: "A leader can be eliminated to fulfil one point of required losses." l.111:
    "Eliminating a leader | Command rating plus command modifier": Salas, rating 2 and -2, is
    worth 0, and the line says the victor scores 0 and why."""
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Unit 4/1")], 0), (1, REB, [cid(SALAS), cid("Unit 1/3")], 0)])
    t.do("attack with group 0", "group 1").roll(1, 3)                # 5 against 4: 1 point due
    t.do(f"{SALAS} (card {cid(SALAS)})")
    assert told(t, "done", 0)[0] == ("P2: the losses are met: 1 strength lost (a leader counts 1), 1 needed; "
                                     "you score 0 points: "
                                     "0 for the leader Capitán Tadeo Salas (rating 2, modifier -2)")


def test_a_leader_s_points_in_a_lost_battle_are_told_apart(Guerilla, cid):
    """l.110-l.111: "Eliminating a unit | Its printed strength", "Eliminating a leader | Command
    rating plus command modifier". The loser's 4 loss points (the 3 and the leader's 1, l.68-l.69)
    score 3 + 0: the line says what the units and the leader each gave."""
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Unit 4/1")], 0), (1, REB, [cid(SALAS), cid("Unit 1/3")], 0)])
    t.do("attack with group 0", "group 1").roll(9)
    assert told(t, 1, 2)[0].endswith(
        "P2 must lose 11 strength but has only 4 in the battle: all of it is lost; P1 scores 3 points: 3 for the units, "
        "0 for the leader Capitán Tadeo Salas (rating 2, modifier -2)")


def test_a_counter_offer_laid_face_down_is_counted_to_everyone(Guerilla, cid):
    """l.87: "They may be face up, face down or a combination ... In turn order, the other players
    may make offers in return. All trading must be done openly": each card laid is seen laid, a
    face-down one counted, and the end of a counter-offer says what lies on the table."""
    t = Guerilla(4).arrange(hands={0: [cid("Ambush")], 1: [cid("Bodyguard"), cid("Informant")]})
    t.do("offer a trade", "Ambush face up", "done")
    assert told(t, "Bodyguard face down", 2) == ["P2 lays a card face down"]
    t.do("Informant face up")
    assert told(t, "done", 0)[0] == "P2: end my offer: Informant face up, 1 card face down"


def test_the_revolution_s_turn_says_why_groups_are_not_offered(Guerilla, cid):
    """l.139: "the drawing player must change the faction of one deployed Government group to
    Rebel ... Any player controlling the (undamaged, un-isolated) Presidential Palace is
    excluded from the exchange of loyalty markers and his groups are excluded from the change of
    faction." l.121: the Armor Column "Never changes faction"."""
    rev = cid("Revolution")
    t = Guerilla(4).arrange(deck=[rev, cid("Unit 2/2")], groups=[
        (0, GOV, [cid("Unit 3/3")], 0), (0, GOV, [cid("Unit 2/2", 1)], 0),
        (1, GOV, [cid("Presidential Palace"), cid("Unit 2/1")], 0), (1, GOV, [cid("Unit 4/1")], 0),
        (2, GOV, [cid("Armor Column")], 0)])
    t.do("draw cards").draw(rev).do("swap no markers")
    assert t.obs()["menu"] == ["turn your g0 Rebel", "turn your g1 Rebel"]
    assert decision_note(t.obs(), 0) == (
        "The Revolution: turn one deployed Government group Rebel. Not offered: P2's g2 and g3 (P2 holds the "
        "Presidential Palace, so his groups are excluded); P3's g4 (the Armor Column never changes faction).")


def _planning():
    """Seat 0 at its initial deployment, a unit planned in a Rebel group and a card picked."""
    state = load_game("guerilla", players=4).new_initial_state(0)
    while state.observation(0)["phase"] != "initial deployment" or state.current_player() != 0:
        state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[-1])
    starts = [a for a in state.legal_actions() if state.action_to_string(a).startswith("Unit")]
    state.apply_action(starts[0])
    state.apply_action(state.string_to_action("done"))
    state.apply_action(state.string_to_action("Rebel"))
    state.apply_action([a for a in state.legal_actions() if state.action_to_string(a) != "done"][0])
    return state


def test_the_hand_at_the_initial_deployment_is_no_breach_and_lists_the_plan_apart():
    """l.15: "A player may hold a maximum number of cards in hand at the end of his turn" and
    l.32: "each player is dealt eight cards", with seven the limit of a player without both
    factions: eight is no breach until the end of his turn. l.36: "players must deploy ... face
    down on the table": the cards planned and picked are listed apart, not in the hand line."""
    obs = _planning().observation(0)
    planned, picked = obs["my_plan"][0], obs["picked"]
    flat = _flat(render(obs, 0), 100, 40)
    assert "Your hand (8 of 7) — limit checked at your turn's end: " in flat, flat
    hand = flat.split("Your hand (8 of 7) — limit checked at your turn's end: ")[1].split("picked:")[0]
    listed = hand.replace("2× ", "").split(", ")
    assert len(listed) + len(planned) + len(picked) <= 8 < len(listed) + len(planned) + len(picked) + 2
    assert len(listed) == len({c.split(" (card")[0] for c in obs["hand"] if c not in planned + picked}), hand


def test_an_armor_column_that_must_go_on_says_so(Guerilla, cid):
    """l.121: "An Armor Column may make multiple attacks on the same Rebel group. Must only stop
    when an attack fails to eliminate a defending unit or leader, or until the Rebel group
    refuses combat." Under option armor_repeat=must the next attack begins with no move of its
    player: the line that ends the last battle's window says it, and only then."""
    lines = {}
    for option in ("must", "may"):
        t = Guerilla(4, auto=False, armor_repeat=option).arrange(
            hands={0: [cid("Armor Column")]}, groups=[(1, REB, [cid("Unit 1/1"), cid("Unit 1/2")], 0)])
        t.do("play Armor Column", "group 0", f"Unit 1/1 (card {cid('Unit 1/1')})", "no reaction", "no reaction",
             "no reaction", "no reaction").roll(9, 1)
        lines[option] = [line for _ in range(4) for line in told(t, "no reaction", 1)]
    assert lines["must"][-1] == ("P1's Armor Column must attack your g0 again: it stops only when an attack "
                                 "eliminates nothing or the group refuses combat")
    assert not any("Armor Column" in line for line in lines["may"])
