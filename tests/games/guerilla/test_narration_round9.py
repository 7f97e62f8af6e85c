"""Guerilla's event lines after the ninth round's newcomers: how a trade the reader joined
ended, which cards a reinforcement added, the unit an Ambush singled out, losses in strength
rather than "loss points ... due", and alike units labelled as the board shows them. Each test
quotes the passage it explains."""
from partisan.core.game import load_game
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES, GOV, REB
from partisan.core.games.guerilla.view import move_phrase
from tests.games.guerilla.conftest import name

LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2


def _phrases(t, viewer: int) -> list[str]:
    return [move_phrase(t.s, a, viewer) for a in t.s.legal_actions()]


def _countered(Guerilla, cid):
    """P1 offers an Ambush; P2 counters with an Assassin, P3 with an Informant face down."""
    t = Guerilla(4).arrange(hands={0: [cid("Ambush")], 1: [cid("Assassin")], 2: [cid("Informant")]})
    t.do("offer a trade", "Ambush face up", "done", "Assassin face up", "done", "Informant face down", "done", "done")
    return t


def test_a_counter_offer_not_accepted_is_told_to_its_player(Guerilla, cid):
    """l.87: "In turn order, the other players may make offers in return ... he can only accept
    one trade deal or reject them all." A player whose counter-offer was not the one accepted
    reads whose was, and that his cards come back to him."""
    t = _countered(Guerilla, cid)
    accept = t.s.string_to_action("accept P2's counter-offer")
    assert t.s.describe_action(accept, 2) == ("P1: accept P2's counter-offer: P2 receives Ambush; P1 receives "
                                             "Assassin; your counter-offer is not taken: you take back your Informant")
    assert t.s.describe_action(accept, 3) == "P1: accept P2's counter-offer: P2 receives Ambush; P1 receives Assassin"
    reject = t.s.string_to_action("reject every counter-offer")
    assert t.s.describe_action(reject, 1) == ("P1: reject every counter-offer; your counter-offer is not taken: "
                                             "you take back your Assassin")


def test_a_reinforcement_names_its_cards_and_the_group(Guerilla, cid):
    """l.82-l.83: "Deployment can be either the placement of a new group or the reinforcement of
    an existing one ... A player can deploy reinforcements to a group owned by another player
    ... Cards deployed in this way immediately belong to the owner of the group they join." The
    line that closes the reinforcement names the cards and the group they joined."""
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Unit 3/1"), cid("Unit 1/2")]},
                                        groups=[(1, REB, [cid(LAGOS), cid("Unit 2/2")], 0)])
    t.do("reinforce group 0", "Unit 3/1", "Unit 1/2")
    done = t.s.string_to_action("done")
    assert t.s.describe_action(done, 1) == "P1: reinforce your g0 with Unit 3/1 and Unit 1/2"
    assert t.s.describe_action(done, 2) == "P1: reinforce P2's g0 with Unit 3/1 and Unit 1/2"


def test_a_full_group_s_closing_move_keeps_the_hand_secret_from_others(Guerilla, cid):
    """l.17: "up to three units"; a hand is its holder's secret: the reason a unit held cannot
    join is told to him alone."""
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Unit 3/1"), cid("Unit 1/2")]},
                                        groups=[(0, REB, [cid("Unit 2/3"), cid("Unit 2/2")], 0)])
    t.do("reinforce group 0", "Unit 3/1")
    done = t.s.string_to_action("done")
    assert "no more cards fit" in t.s.describe_action(done, 0)
    assert t.s.describe_action(done, 1) == "P1: reinforce P1's g0 with Unit 3/1"


def test_the_initial_group_closed_for_you_says_it_is_full(cid):
    """l.17: "A group can consist of one leader and/or up to three units"; l.36: "Players may
    also deploy as many units and leaders as they wish face down into groups." With three units
    and a leader planned, "close this group" is the one move left, played for the player: its
    words say why the unit still held cannot join, whatever the leader's rating."""
    s = load_game("guerilla", 4).new_initial_state(0)
    s.apply_action(CHANCE_OUTCOMES.dealer + 0)
    for m in (GOV, REB, GOV, REB):
        s.apply_action(CHANCE_OUTCOMES.loyalty + m)
    mine = [cid(LAGOS)] + [cid("Unit 1/1", k) for k in range(4)] + [cid("Unit 2/1", k) for k in range(3)]
    others = [cid("Unit 2/2", k) for k in range(8)] + [cid("Unit 2/3", k) for k in range(6)] + [
        cid("Unit 3/2", k) for k in range(6)] + [cid("Unit 3/3", k) for k in range(4)]
    for c in mine + others:
        s.apply_action(CHANCE_OUTCOMES.card + c)
    for _ in range(4):
        s.apply_action(s.string_to_action("keep the deal (no misdeal)"))
    for move in (f"start a group with {LAGOS} 2/2+1", "add Unit 1/1 to the group", "add Unit 1/1 to the group",
                 "add Unit 1/1 to the group"):
        s.apply_action(s.string_to_action(move))
    assert len(s.legal_actions()) == 1
    assert move_phrase(s, s.legal_actions()[0], 0) == (
        "close this group (no more cards fit: it has three units, the most a group holds whatever its leader's "
        "rating)")


def test_the_battle_line_names_the_unit_an_ambush_singled_out(Guerilla, cid):
    """l.120: the attacker's Ambush may "select a single unit in the defending group as the only
    defender". The totals say which unit defended, and whose Ambush chose it."""
    t = Guerilla(4).arrange(hands={0: [cid("Ambush")]}, groups=[
        (0, GOV, [cid("Unit 4/1")], 0), (1, REB, [cid(LAGOS), cid("Unit 3/3"), cid("Unit 2/2"), cid("Unit 1/1")], 0)])
    t.do("attack with group 0", "group 1", "attack all units", "play Ambush", name(cid("Unit 2/2"))).roll(5)
    line = t.s.describe_action(CHANCE_OUTCOMES.die + 1, 1)
    assert "(Unit 2/2 alone, singled out by P1's Ambush)" in line, line


def test_alike_units_of_a_leaderless_group_read_by_their_place_not_command(Guerilla, cid):
    """l.19: "A group does not require a leader"; l.22: units are "turned sideways" only past
    "its leader's command rating". A leaderless group has no sideways units: its alike units
    read as the board lists them (first, second), never "(commanded)" or "(sideways)"."""
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush")]}, groups=[
        (0, REB, [cid("Unit 3/3")], 0), (1, GOV, [cid("Unit 1/3"), cid("Unit 1/3", 1), cid("Unit 3/3", 1)], 0)])
    t.do("attack with group 0", "group 1")
    first = _phrases(t, 0)
    assert "name the first Unit 1/3 of P2's g1 to defend" in first, first
    t.do("name the first Unit 1/3 of P2's g1 to defend")
    second = _phrases(t, 0)
    assert "name the second Unit 1/3 of P2's g1 to defend" in second, second
    assert not any("commanded" in p or "sideways" in p or "copy" in p for p in first + second)
