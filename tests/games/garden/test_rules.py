"""Garden Guerrilla's rules on fixed tables: the digest's situations G1-G11 and one test per
rule, each quoting its passage (l.N: line N of rules/garden_guerrilla.txt). Landings are
forced by applying the exact outcome id; set-ups by applying the placements' ids."""
from __future__ import annotations

import math

import pytest

from partisan.core import IllegalActionError, load_game
from partisan.core.games.garden.state import ACTIONS as A
from partisan.core.games.garden.view import C_OFF, HANDS as MASKS, landing_id

RED, BLUE = 0, 1
TOAD, ANT1, ANT2, GOODIE = 0, 2, 3, 6
# 2 players: a mushroom and a bush, a toad and two ants (l.18); defaults far from the play
ELEMENTS = [(800, 490), (800, 110)]
ENEMIES = [(60, 540, 0), (60, 60, 0), (200, 60, 0)]
GRID_X = [56, 169, 281, 394, 506, 619, 731, 844]
GRID_Y = [38, 113, 188, 263, 338, 413, 488, 563]


class Table:
    """A 2-player game after a forced set-up, with helpers to play cards."""

    def __init__(self, hands, elements=ELEMENTS, enemies=ENEMIES, players=2, **options):
        self.game = load_game("garden", players=players, **options)
        self.data = self.game.data
        self.s = self.game.new_initial_state(0)
        for x, y in elements:
            self.s.apply_action(landing_id(x, y))
        for x, y, deg in enemies:
            self.s.apply_action(landing_id(x, y, deg))
        for names in hands:
            mask = sum(1 << self.t(n) for n in names)
            self.s.apply_action(MASKS.index(mask))             # the deal ids are 0..251

    def t(self, name):
        return self.data.insect(name)

    def o(self, seat, name):
        return 8 + 10 * seat + self.t(name)

    def obj(self, o):
        return self.s._table()["obj"][o]

    def where(self, o):
        ob = self.obj(o)
        return ("out", "table", "bounty")[ob["where"]], ob["holder"]

    def play(self, name, aim=None, orient=0, land=None):
        """Play a card: aim (an action id; default the grid's first point), orientation step,
        and a forced landing (x, y, degrees, face_down) or None for the aim (secure)."""
        self.s.apply_action(A.card + self.t(name))
        self.s.apply_action(A.aim_grid if aim is None else aim)
        self.s.apply_action(A.orient + orient)
        if land is None:
            self.s.apply_action(self.s.sample_chance())
        elif land == "off":
            self.s.apply_action(C_OFF)
        else:
            self.s.apply_action(landing_id(*land))

    def skip(self, name="Firefly"):
        """A turn that changes nothing on the table: a dropped card falls off."""
        self.play(name, land="off")


def grid(c, r):
    return A.aim_grid + c * 8 + r


def test_g1_setup_counts_by_player_count():
    """l.16-l.20: mushrooms, bushes, toads, ants, goodies by player count; a Goodie on every
    mushroom (l.21); the enemies at random (chance)."""
    table = {2: (1, 1, 1, 2, 1), 3: (1, 2, 1, 3, 1), 4: (2, 2, 2, 4, 2)}
    for n, (mush, bush, toads, ants, goods) in table.items():
        s = load_game("garden", players=n).new_initial_state(n)
        while s.is_chance_node():
            s.apply_action(s.sample_chance())
        obs = s.observation(0)
        kinds = [e["kind"] for e in obs["elements"]]
        assert (kinds.count("mushroom"), kinds.count("bush")) == (mush, bush)
        names = [o["name"] for o in obs["objects"] if o["where"] == "table"]
        assert sum(x.startswith("toad") for x in names) == toads
        assert sum(x.startswith("ant") for x in names) == ants
        hats = [o for o in obs["objects"] if o["name"].startswith("Goodie")]
        assert len(hats) == goods and all(o["level"] >= 1 for o in hats)
        for g in hats:
            m = obs["elements"][g["level"] - 1]
            assert (g["x"], g["y"]) == (m["x"], m["y"])
        assert all(len(seat["hand"] if "hand" in seat else []) in (0, 5) for seat in obs["seats"])
        assert obs["seats"][0]["hand_size"] == 5


def test_g2_scoring():
    """l.42-l.47: foreign insect +1, own -1, ant +1, toad +2, Goodie +3, a mushroom +1."""
    t = Table([["Firefly", "Chemic", "Skorpio", "Spiderchute", "Laserfly"],
               ["Firefly", "Chemic", "Skorpio", "Spiderchute", "Laserfly"]])
    s = t.s
    s._put(t.o(BLUE, "Ladygun"), 0, 0, holder=RED)
    s._put(t.o(BLUE, "Snailper"), 0, 0, holder=RED)
    s._put(t.o(RED, "Rambee"), 0, 0, holder=RED)
    s._put(ANT1, 0, 0, holder=RED)
    s._put(TOAD, 0, 0, holder=RED)
    s._put(GOODIE, 0, 0, holder=RED)
    s._put(t.o(RED, "Ladygun"), 800, 490, level=1)
    assert s._points() == ([8, 0], [1, 0])


def test_mushroom_needs_a_majority_of_face_up_insects():
    """l.47 "the player with the most face-up Insects on the Mushroom hat"; a tie: nobody;
    option mushroom_face_up=False reads l.61 "whoever placed more Insects on top of it"."""
    for face_up_only, expected in ((True, [0, 0]), (False, [0, 1])):
        t = Table([["Firefly"] + ["Chemic", "Skorpio", "Spiderchute", "Laserfly"]] * 2,
                  mushroom_face_up=face_up_only)
        t.s._put(t.o(RED, "Ladygun"), 800, 490, level=1)
        t.s._put(t.o(BLUE, "Ladygun"), 790, 490, level=1)
        t.s._put(t.o(BLUE, "Snailper"), 810, 490, face_down=True, level=1)
        assert t.s._points()[0] == expected


HANDS = [["Skorpio", "Spiderchute", "Firefly", "Chemic", "Laserfly"],
         ["Skorpio", "Firefly", "Grasshopper San", "Spiderchute", "Laserfly"]]


def test_g3_spiderchute_spares_its_own_colour():
    """l.59 "Hit all the enemy cards covered by this card"; l.38 no friendly fire."""
    t = Table(HANDS)
    t.skip()
    t.play("Skorpio", land=(330, 300, 0, False))               # Blue
    t.play("Skorpio", land=(270, 300, 0, True))                # Red, face down: no effect
    t.skip()
    t.play("Spiderchute", land=(300, 300, 0, False))           # Red, over both
    assert t.where(t.o(BLUE, "Skorpio")) == ("bounty", RED)
    assert t.where(t.o(RED, "Skorpio")) == ("table", -1)


def test_g4_face_down_has_no_effect_but_can_be_caught():
    """l.72 "If an Insect card falls face-down, it will have no effects and the card will
    remain in play face-down (it can still be caught by other players)"."""
    t = Table(HANDS, enemies=[ENEMIES[0], (280, 300, 0), ENEMIES[2]])
    t.play("Skorpio", land=(300, 300, 0, True))                # Red face down over ant 1
    assert t.where(ANT1) == ("table", -1)
    t.play("Skorpio", land=(350, 300, 0, False))               # Blue covers only the Red Skorpio
    assert t.where(t.o(RED, "Skorpio")) == ("bounty", BLUE)
    assert t.where(ANT1) == ("table", -1)


def test_skorpio_chooses_one_of_several_covered_enemies():
    """l.58 "SKORPIO: Hit one enemy card covered by this card": the player picks."""
    t = Table(HANDS, enemies=[ENEMIES[0], (280, 300, 0), (340, 300, 0)])
    t.play("Skorpio", land=(310, 300, 0, False))
    assert t.s.current_player() == RED
    assert t.s.legal_actions() == [A.target + ANT1, A.target + ANT2]
    t.s.apply_action(A.target + ANT2)
    assert t.where(ANT2) == ("bounty", RED) and t.where(ANT1) == ("table", -1)
    assert t.s.current_player() == BLUE


def test_g5_toads_eat_and_fall_to_lines():
    """l.66 "Toads can be claimed only with ranged attacks ... If an insect card touches a
    Toad it is considered 'eaten by the Toad' and is put into the player Bounty"."""
    t = Table([["Ladygun", "Snailper", "Spiderchute", "Firefly", "Chemic"], HANDS[1]],
              enemies=[(394, 400, 0), (290, 420, 0), ENEMIES[2]])
    t.play("Spiderchute", land=(340, 410, 0, False))   # touches the toad and covers ant 1
    assert t.where(t.o(RED, "Spiderchute")) == ("bounty", RED)
    assert t.where(ANT1) == ("table", -1)              # eaten before its attack
    t.skip()
    t.play("Snailper", aim=grid(3, 2))                 # at (394, 188), its line going up
    assert t.where(TOAD) == ("bounty", RED)
    assert t.s._points()[0][RED] == -1 + 2


def test_firefly_does_not_catch_toads_unless_the_option_says_so():
    """l.52 FIREFLY: covered enemy cards are hit; l.66 toads "only with ranged attacks"."""
    for option, toad_caught in ((False, False), (True, True)):
        t = Table(HANDS, enemies=[(300, 300, 0), (400, 300, 0), ENEMIES[2]], firefly_toads=option)
        t.play("Firefly", land=(350, 420, 0, False))   # the explosion (126 x 176) reaches both
        assert t.where(ANT1) == ("bounty", RED)
        assert (t.where(TOAD) == ("bounty", RED)) is toad_caught


def test_g6_bush_blocks_snailper_not_laserfly():
    """l.63 "The bush blocks all line of sight (and so shots); the Laserfly ignores this
    rule"; l.55 LASERFLY hits all the enemy cards covered by its line."""
    elements = [ELEMENTS[0], (394, 320)]
    enemies = [(394, 540, 0), (394, 450, 0), ENEMIES[2]]
    t = Table([["Snailper", "Laserfly", "Firefly", "Chemic", "Skorpio"], HANDS[1]],
              elements=elements, enemies=enemies)
    t.play("Snailper", aim=grid(3, 2))
    assert t.where(ANT1) == ("table", -1)
    t.skip()
    t.play("Laserfly", land=(394, 188, 0, False))
    assert t.where(ANT1) == ("bounty", RED) and t.where(TOAD) == ("bounty", RED)


def test_g7_a_line_on_the_shared_edge_hits_both():
    """l.70 "If it is not possible to determine which card is hit ... they are all considered
    hit"."""
    t = Table([["Snailper", "Firefly", "Chemic", "Skorpio", "Laserfly"], HANDS[1]],
              enemies=[ENEMIES[0], (363, 400, 0), (425, 400, 0)])
    t.play("Snailper", aim=grid(3, 2))
    assert t.where(ANT1) == ("bounty", RED) and t.where(ANT2) == ("bounty", RED)


def test_snailper_stops_at_an_own_card_unless_the_option_says_so():
    """l.51 SNAILPER "Hit the first card reached by the line": an own card first blocks it."""
    for option, caught in ((True, False), (False, True)):
        t = Table([["Snailper", "Skorpio", "Firefly", "Chemic", "Laserfly"], HANDS[1]],
                  enemies=[ENEMIES[0], (394, 450, 0), ENEMIES[2]], own_cards_block=option)
        t.play("Skorpio", land=(394, 320, 90, False))
        t.skip()
        t.play("Snailper", aim=grid(3, 2))
        assert (t.where(ANT1) == ("bounty", RED)) is caught


HAT = (450, 300)                                       # a mushroom mid-table; its Goodie on it


def _along(x, y, degrees, distance):
    """Whole mm `distance` from (x, y) in the direction `degrees`."""
    a = math.radians(degrees)
    return round(x + distance * math.cos(a)), round(y + distance * math.sin(a))


def test_a_goodie_under_the_hat_never_stops_a_snailper_line():
    """l.67 Goodies: "Attacks have no effects on this card"; l.62 "Attacks from insects that
    landed on top of a Mushroom affect the board below". A Snailper put on the hat over the
    Goodie shoots the table below at every angle (l.51 "Hit the first card reached by the
    line"): the Goodie is no card its line can reach."""
    for step in range(16):
        degrees = 22.5 * step
        ant = _along(*HAT, degrees + 90, 150)          # on the line out of the top edge
        t = Table([["Snailper", "Firefly", "Chemic", "Skorpio", "Laserfly"], HANDS[1]],
                  elements=[HAT, ELEMENTS[1]], enemies=[ENEMIES[0], (*ant, 0), ENEMIES[2]])
        t.play("Snailper", aim=A.aim_hat, orient=step)  # exactly on the Goodie, on the hat
        assert t.obj(t.o(RED, "Snailper"))["level"] == 1
        assert t.where(ANT1) == ("bounty", RED), degrees
        assert t.where(GOODIE) == ("table", -1)


@pytest.mark.parametrize("dx, dy, degrees", [(0, 0, 0), (0, 0, 90), (20, -15, 33),
                                              (-30, 25, 141), (10, 40, 260), (-45, -10, 300.5)])
def test_a_rambee_on_the_hat_keeps_both_lines_over_the_goodie(dx, dy, degrees):
    """l.56 RAMBEE "draw perpendicular lines from the crosshairs on this card. Hit the first
    card reached by each line"; l.67 Goodies: "Attacks have no effects on this card"; l.62 a
    hat card's attacks "affect the board below". Wherever a Rambee lands on the hat, both
    lines reach the table."""
    x, y = HAT[0] + dx, HAT[1] + dy
    ahead, behind = _along(x, y, degrees + 90, 150), _along(x, y, degrees - 90, 150)
    t = Table([HANDS[0], ["Rambee", "Firefly", "Skorpio", "Spiderchute", "Laserfly"]],
              elements=[HAT, ELEMENTS[1]], enemies=[ENEMIES[0], (*ahead, 0), (*behind, 0)])
    t.skip()
    t.play("Rambee", land=(x, y, degrees, False))
    assert t.obj(t.o(BLUE, "Rambee"))["level"] == 1
    assert t.where(ANT1) == ("bounty", BLUE) and t.where(ANT2) == ("bounty", BLUE)
    assert t.where(GOODIE) == ("table", -1)


def test_ladygun_lines_pass_own_cards():
    """l.50 LADYGUN "Hit the first enemy card reached by each line": both long edges."""
    t = Table([["Ladygun", "Skorpio", "Firefly", "Chemic", "Laserfly"], HANDS[1]],
              enemies=[ENEMIES[0], (100, 188, 0), (700, 188, 0)])
    t.play("Skorpio", land=(550, 188, 0, False))
    t.skip()
    t.play("Ladygun", aim=grid(3, 2))                  # lines to the left and the right
    assert t.where(ANT1) == ("bounty", RED) and t.where(ANT2) == ("bounty", RED)


def test_g8_an_enemy_grasshopper_catches_first():
    """l.38 "insects already on the table have priority over incoming insects"; l.53
    GRASSHOPPER SAN "Hit all the enemy cards which will touch this card"."""
    t = Table(HANDS, enemies=[ENEMIES[0], (380, 300, 0), ENEMIES[2]])
    t.skip()
    t.play("Grasshopper San", land=(300, 300, 0, False))       # Blue; does not touch the ant
    assert t.where(ANT1) == ("table", -1)
    t.play("Spiderchute", land=(340, 300, 0, False))           # Red, over both
    assert t.where(t.o(RED, "Spiderchute")) == ("bounty", BLUE)
    assert t.where(ANT1) == ("table", -1)
    assert t.where(t.o(BLUE, "Grasshopper San")) == ("table", -1)


def test_g9_goodie_needs_two_cards_of_one_player():
    """l.67 "If two or more cards of the same player cover this card, that player claims it.
    Attacks have no effects on this card"."""
    t = Table(HANDS)
    t.skip()
    t.play("Skorpio", land=(800, 490, 0, False))
    t.skip("Chemic")
    assert t.where(GOODIE) == ("table", -1)
    t.play("Spiderchute", land=(805, 495, 0, False))
    assert t.where(GOODIE) == ("bounty", BLUE)
    t = Table(HANDS)
    t.play("Skorpio", land=(800, 490, 0, True))
    t.play("Skorpio", land=(805, 495, 0, True))
    assert t.where(GOODIE) == ("table", -1)


def test_g10_a_table_snailper_cannot_hit_a_hat_card():
    """l.62 "Insects on the board can't shoot Insects on top of the Mushroom"."""
    for level, caught in ((1, False), (0, True)):
        t = Table([["Snailper", "Firefly", "Chemic", "Skorpio", "Laserfly"], HANDS[1]],
                  elements=[(440, 400), ELEMENTS[1]])
        t.s._put(t.o(BLUE, "Chemic"), 490, 400, half_degrees=180, level=level)
        t.play("Snailper", aim=grid(4, 2))             # the line x = 506 misses the hat disc
        assert (t.where(t.o(BLUE, "Chemic")) == ("bounty", RED)) is caught


def test_a_hat_card_attacks_the_table_below():
    """l.62 "Attacks from insects that landed on top of a Mushroom affect the board below"."""
    t = Table(HANDS, elements=[(440, 400), ELEMENTS[1]], enemies=[ENEMIES[0], (470, 400, 0), ENEMIES[2]])
    t.play("Spiderchute", land=(440, 400, 0, False))
    assert t.obj(t.o(RED, "Spiderchute"))["level"] == 1
    assert t.where(ANT1) == ("bounty", RED)


def test_g11_off_the_table_goes_to_the_owner():
    """l.36 "If an Insect card falls off from the table, its owner must put it in his
    Bounty"."""
    t = Table(HANDS)
    t.play("Laserfly", land="off")
    assert t.where(t.o(RED, "Laserfly")) == ("bounty", RED)
    assert t.s._points()[0][RED] == -1


def test_secure_placement_is_exact():
    """l.34 "Put the card on the table as you like": the landing can only be the aim."""
    t = Table([["Snailper", "Firefly", "Chemic", "Skorpio", "Laserfly"], HANDS[1]])
    s = t.s
    s.apply_action(A.card + t.t("Snailper"))
    s.apply_action(grid(3, 2))
    s.apply_action(A.orient + 3)
    exact = landing_id(394, 188, 67.5)
    assert s.sample_chance() == exact
    for other in (landing_id(395, 188, 67.5), landing_id(394, 188, 67.5, True), C_OFF):
        with pytest.raises(IllegalActionError):
            s.apply_action(other)
    s.apply_action(exact)


def test_orientations_by_placement_and_symmetry():
    """A spinning throw lands at any angle (l.32): one orientation; a card whose effect looks
    the same turned half a turn has 8, a one-crosshair card 16."""
    t = Table([["Snailper", "Ladygun", "Laserfly", "Skorpio", "Firefly"], HANDS[1]])
    for name, n in (("Laserfly", 1), ("Ladygun", 8), ("Skorpio", 8), ("Snailper", 16)):
        s = t.s.clone()
        s.apply_action(A.card + t.t(name))
        s.apply_action(grid(0, 0))
        assert len(s.legal_actions()) == n


def test_chemic_catches_the_chain():
    """l.54 CHEMIC "Hit one enemy card covered by this card and any other enemy card that is
    connected to it": a chain of touching enemy cards."""
    t = Table(HANDS, enemies=[ENEMIES[0], (300, 300, 0), (363, 300, 0)])
    t.play("Chemic", land=(290, 360, 0, False))        # covers ant 1 only; ant 2 touches it
    assert t.where(ANT1) == ("bounty", RED) and t.where(ANT2) == ("bounty", RED)


def test_scrabblezooka_explosion_on_its_line():
    """l.57 SCRABBLEZOOKA "Place the explosion card in one point of your choice centered on
    this line. All the enemy cards that are covered by the explosion card are hit"."""
    t = Table([["Scrabblezooka", "Firefly", "Chemic", "Skorpio", "Laserfly"], HANDS[1]],
              enemies=[(394, 520, 0), (394, 430, 0), (150, 500, 0)])
    t.play("Scrabblezooka", aim=grid(3, 2))
    legal = t.s.legal_actions()
    assert legal[:8] == list(range(A.blast, A.blast + 8))
    assert set(legal[8:]) == {A.target + TOAD, A.target + ANT1}
    assert "explosion on toad 1" in t.s.action_to_string(A.target + TOAD)
    t.s.apply_action(A.target + ANT1)
    assert t.where(ANT1) == ("bounty", RED) and t.where(TOAD) == ("bounty", RED)
    assert t.where(ANT2) == ("table", -1)


def test_rambee_shoots_both_short_edges_and_catches_later_arrivals():
    """l.56 RAMBEE: lines from the crosshairs hit the first card; then it hits all the enemy
    cards which will touch it."""
    t = Table([HANDS[0], ["Rambee", "Firefly", "Skorpio", "Spiderchute", "Laserfly"]],
              enemies=[ENEMIES[0], (300, 500, 0), (300, 100, 0)])
    t.skip()
    t.play("Rambee", land=(300, 300, 0, False))
    assert t.where(ANT1) == ("bounty", BLUE) and t.where(ANT2) == ("bounty", BLUE)
    t.play("Skorpio", land=(330, 320, 0, False))
    assert t.where(t.o(RED, "Skorpio")) == ("bounty", BLUE)


def test_two_rounds_of_five_then_the_end():
    """l.27-l.29: two rounds; each player plays five cards, draws the other five, plays them."""
    s = load_game("garden", players=3).new_initial_state(4)
    played = [0, 0, 0]
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance())
            continue
        q = s.current_player()
        if s.observation(q)["phase"] == "card":
            assert len(s.observation(q)["seats"][q]["hand"]) == 5 - played[q] % 5
            assert s.observation(q)["round"] == 1 + played[q] // 5
            played[q] += 1
        s.apply_action(s.legal_actions()[0])
    assert played == [10, 10, 10]


def test_tie_broken_by_goodies_then_shared():
    """l.48 "In case of a tie, the player with the most Goodies cards wins. If it is still
    tied, the players share the victory"."""
    t = Table(HANDS)
    t.s._put(GOODIE, 0, 0, holder=RED)                 # 3 points
    t.s._put(TOAD, 0, 0, holder=BLUE)
    t.s._put(ANT1, 0, 0, holder=BLUE)                  # 3 points
    assert t.s.heuristic_returns() == [1.0, 0.0]
    t = Table(HANDS)
    assert t.s.heuristic_returns() == [0.5, 0.5]


def test_bush_pushes_a_card_out():
    """A card cannot rest inside a bush: its centre goes to the bush's edge (a reading)."""
    t = Table(HANDS, elements=[ELEMENTS[0], (400, 300)])
    t.play("Skorpio", land=(420, 300, 0, False))
    pose = t.obj(t.o(RED, "Skorpio"))["pose"]
    assert (pose["x"], pose["y"]) == (4460, 3000)


def test_resample_redeals_only_the_other_round_one_hands():
    """Hidden information, not a rulebook passage: a seat sees its own cards and the table, so
    resampling for it redraws only how the other seats' round-one cards are split."""
    t = Table(HANDS)
    t.play("Skorpio", land=(300, 300, 0, False))
    seen = set()
    for seed in range(20):
        w = t.s.clone()
        w.resample(RED, seed)
        d = w._table()
        assert d["hand_cards"][RED] == t.s._table()["hand_cards"][RED]
        assert d["hand_cards"][BLUE] | d["deck_cards"][BLUE] == 1023
        assert bin(d["hand_cards"][BLUE]).count("1") == 5
        seen.add(d["hand_cards"][BLUE])
    assert len(seen) > 1
