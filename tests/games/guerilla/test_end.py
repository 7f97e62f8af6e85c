"""The end of the round and victory (rules/guerilla.txt l.99-l.116): sudden death, the second
deck of 5-6 players, scoring of complexes held, the winning faction, halving, the
Mercenary's 25 points and ties; the digest's T7 and T8."""
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES as C

from partisan.core.games.guerilla.state import GOV, MERC, REB


def test_t7_sudden_death_rolls(Guerilla, cid):
    """Digest T7. l.103: "Place the end of round marker on the 10 space of the sudden death
    tile. At the end of each player's turn, roll a die. If the number rolled is greater than or
    equal to the number beneath the end of round marker, the game ends immediately. If not, the
    marker is moved to the next lower number and play continues." Rolls 3, 8, 9 end the round on
    the third. l.102: "When sudden death begins no new cards can be drawn." """
    t = Guerilla(4).arrange(sudden=10, hands={0: [cid("Unit 1/1")]})
    assert "draw cards" not in t.moves()
    t.do("end the turn").roll(3)
    assert t.obs()["sudden_death"] == 9 and t.obs()["active"] == 1
    t.do("end the turn").roll(8)
    assert t.obs()["sudden_death"] == 8
    t.do("end the turn").roll(9)
    assert t.s.is_terminal()


def test_sudden_death_begins_when_the_deck_runs_out(Guerilla, cid):
    """l.100: "In 3-4 player games, as soon as the draw pile is exhausted sudden death begins."
    The first roll comes at the end of the emptying turn (RULES.md reading 38)."""
    last = cid("Unit 1/1")
    t = Guerilla(4).arrange(deck=[last])
    t.do("draw cards").draw(last)
    assert t.obs()["sudden_death"] == 10 and t.s.is_chance_node()
    t.roll(10)
    assert t.s.is_terminal()


def test_five_and_six_players_go_through_the_deck_twice(Guerilla, cid):
    """l.101: "In 5-6 player games, go through the draw pile twice. When the draw pile is
    exhausted for the first time, shuffle the discard pile to create a second draw pile." """
    last, old = cid("Unit 1/1"), [cid("Unit 2/2"), cid("Unit 3/3")]
    t = Guerilla(5).arrange(deck=[last], discard=old)
    t.do("draw cards").draw(last)
    obs = t.obs()
    assert obs["sudden_death"] is None and obs["second_deck"] and obs["deck"] == 2
    assert obs["discard_pile"] == 0
    assert {a - C.card for a, _ in t.s.chance_outcomes()} == set(old)
    t.draw(old[0], old[1])
    assert t.obs()["sudden_death"] == 10


def _final(t):
    t.do("end the turn").roll(10)
    assert t.s.is_terminal()
    return t.obs()


def test_t8_victory_halving_and_the_mercenary(Guerilla, cid):
    """Digest T8. l.115: "players loyal to the faction with the highest total score their
    personal points total. Players loyal to the losing faction score half their personal points
    total (fractions rounded down). A player with the Mercenary loyalty marker scores full
    personal points if the Government or the Rebels win by less than 25 points. Otherwise, his
    points are halved." l.116: "If the Rebels and the Government end the round with the same
    points total, the Government wins." """
    loyal = [GOV, REB, MERC]
    close = _final(Guerilla(3).arrange(loyal, sudden=5, scores=([40, 31, 21], [80, 57])))
    assert close["final_scores"] == [40, 15, 21] and close["winner"] == 0
    wide = _final(Guerilla(3).arrange(loyal, sudden=5, scores=([40, 31, 21], [82, 57])))
    assert wide["final_scores"] == [40, 15, 10]
    tie = _final(Guerilla(3).arrange(loyal, sudden=5, scores=([10, 31, 0], [57, 57])))
    assert tie["final_scores"] == [10, 15, 0] and tie["winner"] == 1


def test_ties_go_to_the_most_recent_turn(Guerilla, cid):
    """l.115: "On a tie, the winner is the tied player who took his turn most recently." Seat 0
    ends the round; of seats 1 and 2, seat 2 played last."""
    obs = _final(Guerilla(3).arrange([GOV, GOV, REB], sudden=5, scores=([0, 20, 40], [20, 0])))
    assert obs["final_scores"] == [0, 20, 20] and obs["winner"] == 2


def test_complexes_held_at_the_end_score(Guerilla, cid):
    """Scoring table (l.114): "Complex controlled at end of round: The complex victory point
    value less points of damage or modifiers due to isolation (minimum 0)." The Airfield is
    worth 5 (data/cards.toml); one point of damage leaves 4 for its owner and his faction."""
    obs = _final(Guerilla(3).arrange([GOV, REB, MERC], sudden=5,
                                     groups=[(1, REB, [cid("Airfield")], 1)]))
    assert obs["scores"][1] == 4 and obs["faction_scores"] == {"Government": 0, "Rebel": 4}
    assert obs["winner"] == 1


def test_turn_limit_ends_the_round(Guerilla, cid):
    """RULES.md reading 41 (option `turn_limit`): "after `turn_limit` turns in a round ... the
    round ends and is scored as if the sudden-death roll had ended it"; nothing forces a draw
    (l.100)."""
    t = Guerilla(3, turn_limit=60).arrange([GOV, REB, MERC], scores=([0, 9, 0], [0, 9]))
    for _ in range(59):
        t.do("end the turn")
    assert not t.s.is_terminal()
    t.do("end the turn")
    assert t.s.is_terminal() and t.obs()["winner"] == 1
