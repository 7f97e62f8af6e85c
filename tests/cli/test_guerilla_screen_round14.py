"""Guerilla's screens after the fourteenth round's 4-player game at 100x40 (seed 1413): what a
line says of a battle, what is kept for the player between choices, and the smaller gaps of its
report. Each test quotes the passage the line tells."""
from __future__ import annotations

from partisan.core.game import load_game
from partisan.core.games.guerilla.state import GOV, REB
from tests.games.guerilla.conftest import card


def _do(state, *wants: str) -> None:
    """Plays, for each text, the first legal move whose description (as P1 reads it) holds it."""
    for want in wants:
        state.apply_action(next(a for a in state.legal_actions() if want in state.describe_action(a, viewer=0)))


def test_a_complex_captured_once_the_losses_are_ordered_is_not_said_to_hold():
    """guerilla.txt l.75: "Units and leaders garrisoning a complex must be the first to take
    losses when attacked. Whenever a complex would be required to take losses, it is instead
    captured by the attacking group." l.72: "The victor decides the order in which they go
    there." With a Barracks on the table the victor orders the losses, and the capture comes
    after: the line said "the Policia holds: its garrison met the whole loss" (seed 1413, move
    983) and the next line "P4 captures P3's Policia"."""
    state = load_game("guerilla", 4).new_initial_state(0)
    garrison = [card("Banco de Nationale"), card("Coronel Manuel Durán / Capitán Tadeo Salas"), card("Unit 1/1")]
    state.arrange([GOV, REB, GOV, REB], groups=[(0, GOV, [card("Unit 4/1"), card("Unit 4/2")], 0),
                                                (1, REB, garrison, 0), (2, GOV, [card("Barracks")], 0)])
    _do(state, "attack with your g0", "attack with Unit 4/1", "attack P2's g1", *["no reaction"] * 4, "d10: 10")
    said = {state.describe_action(a, viewer=0) for a in state.legal_actions()}
    line = next(line for line in said if "P2 must lose 3 strength but has only 2 in the battle" in line)
    assert "the Banco de Nationale is captured: 1 of the loss is left for it once its garrison is gone" in line, line
    assert not any("holds" in line for line in said), said


def _session(tmp_path, width: int = 100, height: int = 40):
    import io

    from rich.console import Console

    from partisan.cli.play.session import PlaySession
    from partisan.core.record import Match
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None,
                      legacy_windows=False)
    return PlaySession(Match(load_game("guerilla", players=4), 1413), 0, {seat: "random" for seat in range(1, 4)},
                       "random", tmp_path / "g.json", console)


def test_a_press_played_on_your_battle_is_kept_until_seen(tmp_path):
    """guerilla.txt l.124: "Halves (fractions rounded down) or doubles the point value of any
    losses inflicted in battle. Any player may play immediately after a battle." P4's Press on
    P1's battle took P1's point (seed 1413, move 540); left off a crowded summary, its line did
    not name P1 and was not kept past P1's next choice: only `log` reached it."""
    from partisan.cli.play.screen import Consequence
    state = load_game("guerilla", 4).new_initial_state(0)
    state.arrange([GOV, REB, GOV, REB], hands={3: [card("Atrocities/Press")]},
                  groups=[(0, GOV, [card("Unit 4/1")], 0), (1, REB, [card("Unit 1/1")], 0)])
    _do(state, "attack with your g0", "attack P2's g1", *["no reaction"] * 4, "d10: 10", "d10: 1", *["no reaction"] * 3)
    press = next(state.describe_action(a, viewer=0) for a in state.legal_actions()
                 if "play Press" in state.describe_action(a, viewer=0))
    assert press.startswith("P4: play Press: this battle's points halved, in the battle of your g0"), press
    session = _session(tmp_path)
    session.events, session.human_moved = ["you: attack P2's g1", "P3: buy an ambush marker point", press,
                                           Consequence("you: -1 point (now 0)")], True
    session._recent_events(2)
    assert press in session.unseen, session.unseen


def test_drawing_bad_weather_says_what_it_blocks_and_until_when():
    """guerilla.txt l.132: "This card prevents air assaults and air strikes. Other effects: The
    card is placed before the drawing player. At the start of each of the drawing player's turns
    after the one in which it is drawn, roll a die. A roll greater than five means that the
    weather has cleared and the card is discarded." The draw said only "you draw Bad Weather"."""
    from partisan.core.games.guerilla.state import CHANCE_OUTCOMES
    state = load_game("guerilla", 4).new_initial_state(0)
    state.arrange([GOV, REB, GOV, REB], groups=[(0, GOV, [card("Airfield")], 0)])
    _do(state, "draw cards")
    drawn = CHANCE_OUTCOMES.card + card("Bad Weather")
    assert state.describe_action(drawn, viewer=0) == (
        "you draw Bad Weather: no air assaults or air strikes, anyone's, until a d10 above 5 clears it, rolled at "
        "the start of each of your turns after this one")
    assert state.describe_action(drawn, viewer=1).endswith("each of P1's turns after this one")


# The long menu of P1's turn 31 (seed 1413, move 527), as the one-per-line layout words it.
TURN_31 = ["end the turn", "discard cards →E", "draw cards (1 action, ends your turn) →F", "withdraw your g4", "withdraw your g5",
           "withdraw your g8", "withdraw your g15", "attack with your g4", "attack with your g5",
           "reinforce P3's g1 →C", "reinforce P4's g3 →C", "reinforce your g5 →C", "reinforce your g7 →C",
           "reinforce your g8 →C", "reinforce P3's g12 →C", "reinforce P4's g17 →C", "sortie from your g5",
           "air strike (Airfield)", "destroy a Rebel complex", "retrieve a card (Port) →F",
           "buy an ambush marker point", "play Arms Cache", "play Recon Patrol", "play Supply Cut", "offer a trade →D"]


def _flat(renderable, width: int, height: int) -> tuple[str, int]:
    import io

    from rich.console import Console
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None,
                      legacy_windows=False)
    console.print(renderable)
    lines = console.file.getvalue().splitlines()
    return " ".join(" ".join(lines).split()), len(lines)


def test_a_long_menu_in_runs_names_the_owner_of_another_seat_s_group():
    """guerilla.txt l.83: "A player can deploy reinforcements to a group owned by another player,
    with or without his consent. Cards deployed in this way immediately belong to the owner of
    the group they join." The runs read "reinforce →C: 10. g1 11. g3 12. g5": a newcomer looked
    up every number on the board not to reinforce an opponent."""
    from partisan.cli.views.guerilla import _menu_layout
    flat, rows = _flat(_menu_layout(TURN_31), 100, 40)
    assert "reinforce →C: 10. P3's g1 11. P4's g3 12. g5 13. g7" in flat, flat
    assert "withdraw: 4. g4 5. g5" in flat, flat
    assert rows <= 8, rows


def test_destroying_a_rebel_complex_says_what_it_scores():
    """guerilla.txt l.112: "| Complex destroyed by rebels | The complex victory point value (in
    hexagonal symbol) |"; l.76: "A Rebel complex can be destroyed by its owner in his attack phase
    at the cost of one action." The menu said "destroy the Port of your g7", and the +5 came as
    a surprise."""
    state = load_game("guerilla", 4).new_initial_state(0)
    state.arrange([REB, GOV, REB, GOV], groups=[(0, REB, [card("Port")], 1), (0, REB, [card("Bridge")], 0)])
    said = {state.describe_action(a, viewer=0) for a in state.legal_actions()}
    assert "you: destroy a Rebel complex (scores its VP)" in said, said
    _do(state, "destroy a Rebel complex")
    said = {state.describe_action(a, viewer=0) for a in state.legal_actions()}
    assert "you: destroy the Port of your g0 (you score 5 points: its VP)" in said, said
    assert "you: destroy the Bridge of your g1 (you score 3 points: its VP)" in said, said


def test_a_seat_that_held_no_complex_gets_a_breakdown_too():
    """guerilla.txt l.114: "| Complex controlled at end of round | The complex victory point value
    less points of damage or modifiers due to isolation (minimum 0) |". P2 held none at the end
    (seed 1413): its row said only "21 points kept in full" where the others said where their
    points came from."""
    from partisan.cli.views.guerilla import _seat_score
    obs = {"scores": [78, 21, 16, 16], "final_scores": [39, 21, 8, 16], "rounds": 1, "groups": [],
           "won_by": [{}] * 4}
    assert _seat_score(obs, 1, "Rebel", "Rebel", 49, 21) == (
        "21 points", "Rebel loyalist, the winning faction: 21 points kept in full; the 21: 21 from battles, "
                     "no complex held")


def test_a_refusal_of_your_armor_column_names_it_yours():
    """guerilla.txt l.121: "A Rebel group may refuse combat with an Armour Column. The effects
    are exactly as if an Informant card had been played." P2's refusal ended P1's series (seed
    1413, move 953) in a line that named neither P1 nor its group: it was not kept for P1."""
    from partisan.core.narration import TO_ME, concern
    from tests.games.guerilla.conftest import Table
    u1, u2 = card("Unit 1/1"), card("Unit 1/2")
    t = Table(4).arrange(hands={0: [card("Armor Column")]}, groups=[(1, REB, [u1, u2], 0)])
    t.do("play Armor Column", "group 0", f"Unit 1/1 (card {u1})", "no reaction").roll(9, 1)
    t.do("attack again with the Armor Column")
    refuse = t.s.string_to_action("refuse combat with the Armor Column")
    told = t.s.describe_action(refuse, viewer=0)
    assert told.startswith("P2: refuse combat with your Armor Column: P2's g0 retreats"), told
    assert concern(told) == TO_ME
    assert t.s.describe_action(refuse, viewer=1).startswith("you: refuse combat with the Armor Column: your g0")
