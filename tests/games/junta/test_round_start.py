"""Set-up, Draw Cards, Make Promises (with Burglars) and Command Militias (with the Spy)."""
import pytest

from partisan.core.errors import IllegalActionError
from partisan.core.game import load_game
from partisan.core.games.junta.cards import load_data

LARS, ANDY, SUSANNE, MATT = 0, 1, 2, 3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_set_up(players):
    """"Every player receives 1 Screen. Pick a color, and take your Estate, Summary Card, and 1
    Militia Die in your color." "The Main House already present on the Estate at the beginning of
    the game also counts as a building." "Roll to see who can be your first Presidente." """
    s = load_game("junta", players).new_initial_state(3)
    assert s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == players and all(abs(p - 1 / players) < 1e-12 for _, p in outcomes)
    s.apply_action(s.string_to_action("P2 becomes Presidente"))
    obs = s.observation(0)
    assert obs["presidente"] == 1 and obs["deck_size"] == 45
    assert [(q["buildings"], q["militia"], q["hand_size"]) for q in obs["seats"]] == [(1, 1, 0)] * players


@pytest.mark.parametrize("players", [3, 4, 5])
def test_draw_cards(Junta, players):
    """"The Presidente begins. He takes as many cards from the Deck equal to the total number of
    players plus 2." "Then the Golpistas each take 1 card, proceeding in a clockwise direction.
    Exception: In the first round of the game, each Golpista takes 1 additional card, for a total
    of 2 cards." """
    t = Junta(players, pres=1)
    drawers = []
    while t.s.phase == "draw cards":
        drawers.append(t.to_move_drawer)
        t.chance("draws Foreign Aid 1" if t.to_move_drawer == 1 else "draws Foreign Aid 2")
    golpistas = [(1 + i) % players for i in range(1, players)]
    assert drawers == [1] * (players + 2) + [q for q in golpistas for _ in range(2)]
    # Second round: one card each for the Golpistas.
    t.promise_each("Foreign Aid 1").defend_all().finish_spending()
    while t.s.phase == "check number of cards":
        t.do(t.moves()[0])
    drawers = []
    while t.s.phase == "draw cards":
        drawers.append(t.to_move_drawer)
        t.s.apply_action(t.s.legal_actions()[0])
    assert drawers == [1] * (players + 2) + golpistas


def test_hands_are_hidden_but_counts_public(Junta):
    """"You must always keep the cards in your hand hidden. ... However, you may not keep the
    number of cards you have secret." """
    t = Junta(4)
    t.draw_round()
    for viewer in range(4):
        seats = t.obs(viewer)["seats"]
        assert [q["hand_size"] for q in seats] == [6, 2, 2, 2]
        assert [("hand" in q) for q in seats] == [q == viewer for q in range(4)]
    assert t.obs(1)["seats"][1]["hand"] == {"Foreign Aid 2": 2}


def test_deck_reshuffles_from_the_discard_pile(Junta):
    """"When the Deck is all used up, shuffle the Discard Pile and use it as a new Deck." """
    names = [c.name for c in load_data().cards for _ in range(c.count)]
    # Deal all but the 12 cards of the first Draw Cards phase into hands.
    held = [n for n in names if n != "Foreign Aid 1"][:33]
    hands = {q: held[q::4] for q in range(4)}
    t = Junta(4, hands=hands)
    while t.s.phase == "draw cards":
        t.chance(t.s.action_to_string(t.s.legal_actions()[0]).split(" draws ")[1])
    assert t.obs()["deck_size"] == 0
    t.do(t.moves()[0])
    while "done" not in t.moves():
        t.do(t.moves()[-1])
    t.do("done")
    while t.s.phase != "check number of cards":       # nobody attacks, plays or buys
        if t.s.phase == "command militias":
            t.defend_all()
        else:
            t.do("pass" if "pass" in t.moves() else "done")
    while t.s.phase == "check number of cards":
        t.do(t.moves()[0])
    # The first draw of round 2 found the Deck empty: the Discard Pile became the Deck.
    obs = t.obs()
    held = sum(q["hand_size"] for q in obs["seats"])
    assert t.s.phase == "draw cards" and obs["discard_pile"] == {}
    assert obs["deck_size"] == 45 - held > 0


def test_promises_at_least_one_card_each(Junta):
    """"The Presidente picks out at least 1 of the cards in his hand for each Golpista. He places
    those cards as Promises face down on the Space for Promises of the appropriate Estate."
    Example: "He even gives Matt (black) 2 cards from his hand." """
    t = Junta(4)
    t.draw_round()
    assert t.to_move == LARS and "done" not in t.moves()
    t.do("promise Foreign Aid 1 to P2", "promise Foreign Aid 1 to P3")
    assert "done" not in t.moves()
    t.do("promise Foreign Aid 1 to P4")
    assert "done" in t.moves()
    t.do("promise Foreign Aid 1 to P4", "done")
    assert [q["promise_size"] for q in t.obs()["seats"]] == [0, 1, 1, 2]
    assert t.seat(LARS)["hand_size"] == 2


def test_promises_seen_only_by_recipient_and_presidente(Junta):
    """"The Golpistas may look at the Promises and put them back down, but they may not put them
    in their hands." """
    t = Junta(4, hands={LARS: ["Gunboat"]})
    t.draw_round()
    t.do("promise Gunboat to P2")
    assert t.s.describe_action(t.s.string_to_action("promise Foreign Aid 1 to P3"), viewer=MATT) \
        == "P1 promises a card to P3"         # the Presidente, named
    t.do("promise Foreign Aid 1 to P3", "promise Foreign Aid 1 to P4", "done")
    assert t.seat(ANDY, ANDY)["promises"] == {"Gunboat": 1}
    assert "promises" not in t.seat(ANDY, SUSANNE) and t.seat(ANDY, SUSANNE)["promise_size"] == 1
    assert t.seat(ANDY, LARS)["promises"] == {"Gunboat": 1}
    assert "Gunboat" not in t.seat(ANDY, ANDY)["hand"]


def test_burglars_after_promises(Junta):
    """"Immediately following the Promises is the moment when the Burglars card may be played."
    Burglars (reconstructed text, see RULES.md): "take one card at random from another
    Golpista's Promises and add it to your own Promises." """
    t = Junta(4, hands={SUSANNE: ["Burglars"], LARS: ["Gunboat"]})
    t.draw_round()
    t.do("promise Foreign Aid 1 to P2", "promise Gunboat to P2", "promise Foreign Aid 1 to P3",
         "promise Foreign Aid 1 to P4")
    assert t.s.phase == "make promises"
    t.do("done")
    assert t.to_move == SUSANNE and t.s.phase == "burglars"
    assert t.moves() == ["pass", "Burglars on P2's promises", "Burglars on P4's promises"]
    t.do("Burglars on P2's promises")
    outcomes = dict((t.s.action_to_string(a), p) for a, p in t.s.chance_outcomes())
    assert outcomes == {"Burglars take Foreign Aid 1": 0.5, "Burglars take Gunboat": 0.5}
    t.chance("take Gunboat")
    assert t.seat(SUSANNE, SUSANNE)["promises"] == {"Foreign Aid 1": 1, "Gunboat": 1}
    assert t.seat(ANDY, ANDY)["promises"] == {"Foreign Aid 1": 1}
    assert t.obs()["discard_pile"] == {"Burglars": 1}
    assert t.s.phase == "command militias"


def test_orders_are_secret_until_revealed(Junta):
    """"hidden behind the screen, turn the Militia Dice to the following numbers" ... "everyone
    removes his screen at the Presidente's command, so that all players have a clear view of all
    the Militias." """
    t = Junta(4, militia=[1, 2, 1, 1])
    t.draw_round().promise_each()
    a = t.s.string_to_action("militia 1: attack 4")
    assert t.s.describe_action(a, viewer=SUSANNE) == "P2 gives a militia its order"
    t.do("militia 1: attack 4", "militia 2: attack 4")
    assert t.seat(ANDY, ANDY)["orders"] == {"4": 2}
    assert t.seat(ANDY, SUSANNE)["orders"] is None and t.seat(ANDY, SUSANNE)["orders_given"] == 2
    key_before = t.s.infostate_key(SUSANNE)
    t.order(SUSANNE, 3)
    assert t.seat(SUSANNE, ANDY)["orders"] is None and t.s.infostate_key(SUSANNE) != key_before
    t.order(MATT, 4)
    assert t.obs(SUSANNE)["orders_revealed"]
    assert t.seat(ANDY, SUSANNE)["orders"] == {"4": 2}


def test_order_choices(Junta):
    """"Attack someone ... turn the number of their respective Estate up. Defend yourself ... your
    own Estate ... Defend the Presidente ... the number 6." "you may command them independent of
    each other ... except that you may not simultaneously attack and defend the Presidente."
    "The Presidente's Militias receive no orders: they must defend the Presidente." """
    t = Junta(4, militia=[4, 3, 1, 1])
    t.draw_round().promise_each()
    assert t.to_move == ANDY
    assert t.moves() == ["militia 1: attack 1", "militia 1: defend own estate (2)", "militia 1: attack 3",
                         "militia 1: attack 4", "militia 1: defend the Presidente (6)"]
    t.do("militia 1: attack 1")
    assert "militia 2: defend the Presidente (6)" not in t.moves()
    t.do("militia 2: attack 3", "militia 3: attack 4")
    t.order(SUSANNE, 6).order(MATT, 3)
    assert t.seat(LARS)["orders"] is None and t.seat(LARS)["orders_given"] == 0
    assert t.seat(SUSANNE)["orders"] == {"6": 1}


def test_spy(Junta):
    """Spy: "Play immediately after all players have commanded their Militias. Look at the
    Militias of all other players before you command yours. The other players may not change
    their Militias' orders." "As soon as the Presidente gives the command to raise the Screens,
    it's too late for the Spy." """
    t = Junta(4, militia=[1, 1, 2, 1], hands={SUSANNE: ["Spy"]})
    t.draw_round().promise_each()
    t.order(ANDY, 3).order(SUSANNE, 3, 3).order(MATT, 2)
    assert t.s.phase == "spy" and t.to_move == SUSANNE and t.moves() == ["pass", "play Spy"]
    assert t.seat(ANDY, SUSANNE)["orders"] is None
    t.do("play Spy")
    assert t.seat(ANDY, SUSANNE)["orders"] == {"3": 1}
    assert t.seat(MATT, SUSANNE)["orders"] == {"2": 1}
    assert t.seat(ANDY, MATT)["orders"] is None                    # only the spy looked
    assert t.s.phase == "command militias" and t.to_move == SUSANNE
    t.order(SUSANNE, 2, 3)                                        # she changes her mind
    obs = t.obs()
    assert obs["orders_revealed"] and obs["seats"][SUSANNE]["orders"] == {"2": 1, "3": 1}
    assert obs["seats"][ANDY]["orders"] == {"3": 1}
    assert all("Spy" not in m for m in t.moves())


def test_illegal_move_changes_nothing(Junta):
    """Moves outside the rules are refused: "The Presidente may not attack any other players"."""
    t = Junta(4)
    t.draw_round()
    before = t.s.fingerprint()
    with pytest.raises(IllegalActionError):
        t.s.apply_action(t.s.legal_actions()[-1] + 1)
    assert t.s.fingerprint() == before
