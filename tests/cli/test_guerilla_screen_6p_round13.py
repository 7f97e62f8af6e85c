"""Guerilla's screens after the thirteenth round's 6-player game at 100x40 (seed 1322): what
changed on the table stays in the summary between turns. The event lines are those the game's
record shows; each test quotes the passage the line tells."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.play.screen import Chance, Consequence
from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match


def _session(tmp_path, width: int = 100, height: int = 40) -> PlaySession:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None,
                      legacy_windows=False)
    return PlaySession(Match(load_game("guerilla", players=6), 1322), 0, {seat: "random" for seat in range(1, 6)},
                       "random", tmp_path / "g.json", console)


def _summary(session, events: list[str], rows: int) -> str:
    session.events, session.human_moved = events, True
    session.console.print(session._recent_events(rows))
    return " ".join(session.console.file.getvalue().split())


def _battle(attacker: str, defender: str, group: str, lost: str) -> list:
    return [f"{attacker}: attack with {attacker}'s g9", f"{attacker}: attack {defender}'s {group}",
            Chance(f"{attacker}'s attack d10: 2"),
            Chance(f"{attacker}'s g9 attacks {defender}'s {group}: {defender}'s defence d10: 1; totals {attacker} 8 "
                   f"(8 + d10 2) against {defender} 6 (5 + d10 1): {defender} must lose 2 strength"),
            Consequence(f"{defender}'s {group}, attacked by {attacker}'s g9: {lost} eliminated")]


# P5 takes back the Barracks P4 had taken from you, among the other seats' battles.
RETAKEN = [*_battle("P2", "P3", "g5", "Unit 2/2"), *_battle("P3", "P6", "g7", "Unit 1/3"),
           "P5: attack with P5's g9", "P5: attack P4's g20", Chance("P5's attack d10: 2"),
           Chance("P5's g9 attacks P4's g20: P4's defence d10: 1; totals P5 8 (8 + leader -2 + d10 2) against P4 6 "
                  "(5 + d10 1): P4 must lose 2 strength but has only 1 in the battle: all of it is lost; "
                  "P5 scores 1 point"),
           Consequence("P4's g20, attacked by P5's g9: Unit 1/1 eliminated"),
           Consequence("P5 captures P4's Barracks (g20, now Rebel)"), Consequence("Rebel tally 15 → 16"),
           Consequence("P5: +1 point (now 4), won by P5's g9 against P4's g20"),
           "P5: move Unit 4/4 of P5's g9 into the captured complex", *_battle("P6", "P2", "g3", "Unit 3/3"),
           "P5: play Arms Cache",
           "P5: make a demolition attack on the Airfield of P2's g19 (DF 3 + d10 against 6 + d10)",
           Chance("P5's demolition d10: 3"),
           Chance("P2's defence d10: 4; demolition 9 (6 + d10 3) against 7 (DF 3 + d10 4): 2 damage to the Airfield "
                  "of P2's g19; damaged, it loses its special abilities until repaired"),
           *_battle("P4", "P5", "g11", "Unit 4/1"), "P6: end the turn"]


def test_a_complex_changing_hands_or_damaged_is_kept_before_the_battles_losses(tmp_path):
    """l.75: "Whenever a complex would be required to take losses, it is instead captured by the
    attacking group." l.74: "Only air strikes (see the red Airfield card) and demolition attacks
    using an Arms Cache event card can damage a complex."
    Six rows: the Barracks taken back and the Airfield damaged are kept before the others' losses
    (both were once dropped while "Unit 1/1 eliminated" was shown)."""
    shown = _summary(_session(tmp_path), list(RETAKEN), 6)
    assert "P5 captures P4's Barracks (g20, now Rebel)" in shown, shown
    assert "2 damage to the Airfield of P2's g19" in shown, shown


def test_a_complex_repaired_is_kept_before_the_battles_losses(tmp_path):
    """l.92: "Damage to a complex can be repaired at the cost of one action."
    The repair that gives the Airfield its abilities back is kept before the others' losses."""
    events = [*_battle("P2", "P3", "g5", "Unit 2/2"), "P2: repair the Airfield of P2's g19",
              Chance("P2's repair d10: 5, half of it (2) repairs 2 damage of the Airfield; undamaged again, "
                     "the Airfield has its special abilities back"),
              *_battle("P3", "P6", "g7", "Unit 1/3"), *_battle("P4", "P5", "g11", "Unit 4/1")]
    shown = _summary(_session(tmp_path), events, 3)
    assert "repairs 2 damage of the Airfield" in shown, shown


def test_a_seat_reinforcing_another_seat_s_group_is_kept_before_the_battles_losses(tmp_path):
    """l.83: "A player can deploy reinforcements to a group owned by another player, with or without
    his consent. Cards deployed in this way immediately belong to the owner of the group they join."
    No outcome line says P2's g17 grew: the move that did it is kept with what changed the table."""
    events = [*_battle("P2", "P3", "g5", "Unit 2/2"), "P4: reinforce P2's g17", "P4: add Unit 3/3",
              "P4: reinforce P2's g17 with Unit 3/3 and General Augusto Mendieta / Comandante Benito Cruz",
              *_battle("P3", "P6", "g7", "Unit 1/3"), *_battle("P5", "P4", "g11", "Unit 4/1"),
              "P5: reinforce P5's g9 with Unit 4/1", "P5: end the turn"]
    shown = _summary(_session(tmp_path), events, 3)
    assert "P4: reinforce P2's g17 with Unit 3/3" in shown, shown
    assert "P5: reinforce P5's g9 with" not in shown, shown


def test_a_move_played_for_you_is_named_without_its_note_when_the_whole_does_not_fit(tmp_path):
    """l.82: "A group cannot be reinforced beyond the normal limitations (see Groups above)."
    The reinforcement closed for you because no more cards fit is named above the prompt, its
    reason left to `events`, not "Played for you: 1 move (`events` tells it)"."""
    session = _session(tmp_path)
    session.played_for = ["reinforce your g15 with Unit 2/4 (no more cards fit: it has three units, the most a "
                          "group holds whatever its leader's rating)"]
    said = session._played_for()
    assert said == "Played for you: 'reinforce your g15 with Unit 2/4' (`events` tells why).\n", said


def test_a_bad_weather_dealt_to_you_is_said_discarded_at_the_refill():
    """l.38: "Each player then refills his hand to its maximum capacity. Any red cards drawn are
    returned to the dealer and another card is drawn." The Bad Weather dealt in P1's hand (seed 1322) went at the first refill with no line:
    the move that ends the initial deployment now says so, with the reason."""
    from partisan.cli.views.guerilla import changes
    state = load_game("guerilla", 6).new_initial_state(1322)
    for action in DEAL_1322[:-1]:
        state.apply_action(action)
    before = state.observation(0)
    assert any(card.startswith("Bad Weather") for card in before["hand"]), before["hand"]
    state.apply_action(DEAL_1322[-1])
    said = changes(before, state.observation(0), 0)
    assert any(line.startswith("your Bad Weather is discarded at the refill: a red card dealt in a hand goes "
                               "back into the deck") for line in said), said


# The record's first 125 moves (seed 1322): the deal and the initial deployment.
DEAL_1322 = [
    0, 7, 6, 7, 6, 7, 6, 123, 101, 50, 120, 90, 136, 25, 86, 54, 89, 23, 110, 35, 10, 111, 38, 122, 92, 109,
    108, 126, 43, 84, 34, 113, 125, 64, 48, 97, 37, 12, 67, 82, 73, 26, 93, 32, 114, 9, 18, 68, 98, 103, 31,
    77, 39, 11, 56, 2, 2, 2, 2, 2, 2, 327, 300, 0, 584, 342, 0, 331, 306, 0, 583, 0, 330, 304, 295, 304, 0,
    583, 299, 307, 0, 583, 0, 305, 304, 333, 0, 584, 0, 295, 311, 311, 0, 583, 304, 306, 0, 583, 338, 0, 0,
    334, 297, 300, 314, 0, 584, 0, 339, 304, 318, 0, 308, 0, 583, 312, 0, 583, 302, 0, 583, 295, 0, 583, 0]


def test_a_complex_whose_garrison_met_the_loss_is_said_to_hold():
    """l.75: "Units and leaders garrisoning a complex must be the first to take losses when
    attacked. Whenever a complex would be required to take losses, it is instead captured by the
    attacking group." "P3 must lose 3 strength, all it has in the battle: all of it is lost" read
    as if the Banco fell too: the line says why it holds."""
    from partisan.core.games.guerilla.state import GOV, REB
    from tests.games.guerilla.conftest import card
    state = load_game("guerilla", 4).new_initial_state(0)
    state.arrange([GOV, REB, GOV, REB], groups=[(0, GOV, [card("Unit 4/1"), card("Unit 4/2")], 0),
                                                (1, REB, [card("Banco de Nationale"), card("Unit 1/1")], 0)])
    for want in ("attack with your g0", "attack with Unit 4/1", "attack P2's g1", *["no reaction"] * 4, "d10: 10"):
        state.apply_action(next(a for a in state.legal_actions() if want in state.describe_action(a, viewer=0)))
    said = {state.describe_action(a, viewer=0) for a in state.legal_actions()}
    held = next(line for line in said if "P2 must lose 1 strength, all it has in the battle" in line)
    assert "the Banco de Nationale holds: its garrison met the whole loss, and a complex is captured only when a " \
           "loss is left for it" in held, held
    assert not any("holds" in line for line in said - {held}), said


def test_withdrawing_from_a_complex_before_naming_a_card_says_the_whole_garrison_goes():
    """l.47: "The player may withdraw any deployed units or leaders back to his hand." and "Note
    that once deployed, a complex may never be withdrawn." Before any card is named, the first
    entry takes the whole garrison back to hand, the complex staying; it read "withdraw the
    cards named" before anything was named."""
    from partisan.core.games.guerilla.state import GOV, REB
    from tests.games.guerilla.conftest import card
    state = load_game("guerilla", 4).new_initial_state(0)
    state.arrange([GOV, REB, GOV, REB], groups=[
        (0, GOV, [card("Policia"), card("Unit 4/1"), card("Capitán Sergio Medina / Teniente Camila Rojas")], 0),
        (1, REB, [card("Unit 1/1")], 0)])
    state.apply_action(next(a for a in state.legal_actions()
                            if "withdraw your g0" in state.describe_action(a, viewer=0)))
    said = [state.describe_action(a, viewer=0) for a in state.legal_actions()]
    assert said[0] == "you: withdraw the whole garrison (the complex stays)", said


def test_a_long_move_played_for_you_is_named_as_far_as_the_row_allows(tmp_path):
    """l.37: "The owning player may choose whether units and leaders will be Government or Rebel."
    A newcomer saw "Played for you: 1 move (`events` tells it)." at a deployment whose
    move text was longer than the row: the move is named as far as it fits, cut with '…'."""
    session = _session(tmp_path)
    width = session.console.size.width
    session.played_for = ["deploy Unit 1/3, Unit 2/2, Unit 2/1 and General Hernán Zamora / Comandante Inés "
                          "Villalba as a new group of the Government, your third group of this deployment"]
    said = session._played_for()
    assert said.startswith("Played for you: 'deploy Unit 1/3, Unit 2/2") and "…' (`events` tells it all)." in said
    assert len(said.rstrip("\n")) <= width, said
