"""Guerilla's screen after a newcomer's whole game at 100x40: a Palace's new leader is no battle,
the Traitors say which groups they may not turn, the UN card is not attacked by a stray keypress,
and a swap of two alike units reads as what it is. Each test quotes the passage it explains."""
import io

from rich.console import Console

from partisan.cli.views.guerilla import confirm, decision_note, render
from partisan.core.games.guerilla.state import GOV, REB
from partisan.core.games.guerilla.view import move_phrase
from tests.games.guerilla.test_combat import _card

ZAMORA = "General Hernán Zamora / Comandante Inés Villalba"          # rating 3 / 3, 0
GALLARDO = "Teniente Raúl Gallardo / Teniente Martín Vega"           # rating 1 / 1, 0
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2, +1


def _screen(obs, seat, width=100, height=40) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    console.print(render(obs, seat))
    return " ".join(console.file.getvalue().split())


def test_the_palace_s_new_leader_is_no_battle(Guerilla, cid):
    """l.138: "At a cost of one action in Deployment phase, the owning player may deploy a leader
    from his hand to any player's group of the same faction as controls the palace." No attack
    takes place: the panel says what is being chosen and marks no group as attacking."""
    t = Guerilla(4).arrange(hands={0: [cid(ZAMORA)]},
                            groups=[(0, GOV, [cid("Presidential Palace")], 0),
                                    (2, GOV, [cid(GALLARDO), cid("Unit 2/2")], 0)])
    t.do("new leader (Presidential Palace)")
    for short in (False, True):
        size = (80, 24) if short else (100, 40)
        screen = _screen(t.obs(), 0, *size)
        assert "Palace: you choose the leader to send from your hand" in screen
        assert "Battle:" not in screen and "attacking" not in screen and "⚔" not in screen
    t.do(ZAMORA)
    screen = _screen(t.obs(), 0)
    assert f"Palace: you choose the group for the new leader You are Government Your hand (1 of 7): none picked: {ZAMORA}" in screen
    assert "Battle:" not in screen and "attacking" not in screen
    assert "Palace: P1 chooses the group for the new leader" in _screen(t.obs(1), 1)


def test_the_traitors_say_why_the_palace_holder_s_groups_are_not_offered(Guerilla, cid):
    """l.140: "A traitor can be played on any deployed complex or leader, except those belonging
    to a player controlling the (undamaged, un-isolated) Presidential Palace." The drawing
    player's own leader is not offered, and the note says why, as the Revolution's does (l.139)."""
    traitors = cid("Traitors")
    t = Guerilla(4).arrange(deck=[traitors, cid("Unit 2/2")], groups=[
        (0, GOV, [cid("Presidential Palace")], 0), (0, GOV, [cid(LAGOS), cid("Unit 3/3")], 0),
        (1, REB, [cid(GALLARDO), cid("Unit 1/1")], 0), (2, GOV, [cid("Unit 4/1")], 0)])
    t.do("draw cards").draw(traitors)
    assert t.obs()["menu"] == ["play the Traitors on P2's g2 (the leader's modifier +0: a d10 of 6 or more turns the group, "
                               "else the leader is shot)"]
    assert decision_note(t.obs(), 0) == (
        "The Traitors: play them on one deployed leader or complex. Not offered: your g0 and g1 (you hold "
        "the Presidential Palace, so your groups are excluded).")


def test_attacking_the_un_card_is_asked_about_first(Guerilla, cid):
    """l.129: "The card defends with a strength of 10. It can be attacked by any player and by any
    faction. No points are scored in battles involving the UN card." A target menu that also lists
    groups asks before the attack on the card; the defence is the card's."""
    un = cid("UN Intervention")
    groups = [(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 3/3")], 0),
              (2, REB, [cid("Unit 1/4", 1)], 0), (3, GOV, [cid("Unit 3/3", 1)], 0)]
    t = Guerilla(4, auto=False).arrange(hands={0: [un], 2: [cid("Atrocities/Press")]}, groups=groups)
    t.do("attack with group 0", "group 1", *["no reaction"] * 4).roll(10, 1)
    t.do("no reaction", "no reaction", "play Atrocities", *["no reaction"] * 4)
    t.do("play UN Intervention", "UN Intervention on P2", "end the turn", "end the turn", "attack with group 2")
    assert t.moves() == ["group 3", _card(t, un)]
    un = _card(t, un)
    assert confirm(t.obs(2), 2, un) == "The UN card defends at 10 and no points are scored. Attack it?"
    assert confirm(t.obs(2), 2, "group 3") is None
    assert confirm({**t.obs(2), "un_defence": 12}, 2, un).startswith("The UN card defends at 12 ")


def test_a_swap_of_two_alike_units_says_nothing_changes(Guerilla, cid):
    """l.22: "When a group contains more units than its leader's command rating, any excess units
    are turned sideways and do not function as part of the group." l.23: the cards "may be
    re-arranged". Bringing the sideways Unit 2/1 into command turns a commanded one sideways in
    its place: another Unit 2/1 leaves the group as it was, and the line says so."""
    side = cid("Unit 2/1", 2)
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid(LAGOS), cid("Unit 2/1"), cid("Unit 3/1"), side], 0)])
    t.do(f"bring into command Unit 2/1 (card {side})")
    assert [move_phrase(t.s, a, 0) for a in t.s.legal_actions()] == [
        "turn the other Unit 2/1 of your g0 sideways in its place (alike: the group is unchanged)",
        "turn Unit 3/1 of your g0 sideways in its place"]
    assert [move_phrase(t.s, a, 1) for a in t.s.legal_actions()][0] == (
        "turn the other Unit 2/1 of P1's g0 sideways in its place (alike: the group is unchanged)")
