"""Guerilla's screens after the thirteenth round's newcomer: which moves the play screen leaves
out of the events (its log keeps them), and the words of a few lines."""
from partisan.cli.views.guerilla import untold
from partisan.core.games.guerilla.state import GOV, REB


def _untold(t, viewer: int) -> bool:
    return untold(t.s, t.s.string_to_action("no reaction"), viewer)


def test_a_pass_is_untold_but_a_marker_not_rolled_is_told(Guerilla, cid):
    """l.79: "Whenever a group belonging to a player with an ambush marker is attacked, he may
    roll the die." The defender who passes over his marker is told to every seat; a plain pass
    is told to none, whoever's it is."""
    t = Guerilla(4, auto=False).arrange(active=1, groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 3/3")], 0)])
    t.do("buy an ambush marker point", "buy an ambush marker point", "end the turn", "end the turn", "end the turn")
    t.do("attack with group 0", "group 1", "no reaction")
    assert t.s.current_player() == 1 and t.moves() == ["roll your ambush marker", "no reaction"]
    assert not any(_untold(t, viewer) for viewer in range(4))
    t.do("no reaction")
    assert t.moves() == ["no reaction"]
    assert all(_untold(t, viewer) for viewer in range(4))


def test_your_own_forced_pass_on_a_complex_is_untold(Guerilla, cid):
    """l.120: the Ambush "Cannot be played on a complex." The attacker holding one can only pass;
    his line says why (the log keeps it), but his screen leaves it out: he had no reaction to
    make, and the next page is not filled with it."""
    t = Guerilla(4, auto=False).arrange(hands={0: [cid("Ambush")]}, groups=[
        (0, GOV, [cid("Unit 3/3")], 0), (1, REB, [cid("Port"), cid("Unit 2/2")], 0)])
    t.do("attack with group 0", "group 1")
    while t.s.current_player() != 0:
        t.do("no reaction")
    assert t.moves() == ["no reaction"] and _untold(t, 0)


def test_going_on_to_the_draw_phase_with_actions_left_is_asked(Guerilla, cid):
    """l.44: "Phases must take place in the order shown in the sequence of play." Retrieving a
    card from the Barracks (l.134: "During his Draw phase") goes on to phase F: with actions
    left, a number typed ahead for a step played for the player must not pass over the
    deployment, trade and discard phases unasked, as drawing asks before it ends the turn."""
    from partisan.cli.views.guerilla import confirm
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Barracks")], 0)], discard=[cid("Unit 1/1")])
    obs = t.obs(0)
    assert "retrieve a card (Barracks) →F" in obs["menu"] and obs["actions_left"] == 2
    assert confirm(obs, 0, "retrieve a card (Barracks)") == (
        "This goes on to phase F (draw): pass over phases B-E (attack, deployment, trade, discard/repair) "
        "with 2 actions left?")
    assert confirm(obs, 0, "deploy a new group") is None
    t.do("buy an ambush marker point", "buy an ambush marker point")
    assert confirm(t.obs(0), 0, "retrieve a card (Barracks)") is None      # no action left to give up


LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"               # rating 2 / 2


def _ordering(Guerilla, cid):
    """P1 has beaten P2's group of Lagos, Unit 2/2 and Unit 1/1 (6 points due) and orders the
    losses onto the discard pile."""
    t = Guerilla(4).arrange(groups=[(2, GOV, [cid("Barracks"), cid("Unit 1/1", 1)], 0), (0, GOV, [cid("Unit 5/1")], 0),
                                    (1, REB, [cid(LAGOS), cid("Unit 2/2"), cid("Unit 1/1")], 0)])
    t.do("attack with group 1", "group 2").roll(9, 1)
    return t


def test_the_order_of_the_losses_says_why_it_matters(Guerilla, cid):
    """l.72: "The victor decides the order in which they go there. This may be significant if
    the Barracks or Port complexes are in play"; l.134: the Barracks draws "the top unit or
    leader or Recon Patrol (no choice, it's whichever of the three is closest to the top)".
    The note says which end the last card put lands on, and who takes from it."""
    from partisan.cli.views.guerilla import decision_note
    t = _ordering(Guerilla, cid)
    assert decision_note(t.obs(0), 0) == (
        "You won: the order of the losses on the discard pile; the last put is on top: the Barracks and the "
        "Port take back the card of their kind nearest the top.")


def test_your_own_loss_put_on_the_pile_is_told_once(Guerilla, cid):
    """l.72: "The victor decides the order in which they go there"; each card scores as it
    goes (l.110: "Eliminating a unit | Its printed strength"). The victor's own line says the
    share it scored and where his score and the tally now stand: his screen is not told the
    points and the tally again on lines of their own at each card (which opened a page per card;
    with neither, a newcomer saw his score jump from 5 to 9 unexplained); the others' are."""
    from partisan.cli.views.guerilla import changes
    from partisan.core.games.guerilla.view import describe_action
    from tests.games.guerilla.conftest import name
    t = _ordering(Guerilla, cid)
    put = t.s.string_to_action(name(cid("Unit 1/1")))
    line, theirs = describe_action(t.s, put, 0), describe_action(t.s, put, 1)
    before = [t.obs(v) for v in range(4)]
    t.s.apply_action(put)
    told = [changes(before[v], t.obs(v), v) for v in range(4)]
    assert line == ("you: put Unit 1/1 on the discard pile next: 1 of the battle's 6 points scored, 5 to come "
                    "(you now 1; Government tally 0 → 1)")
    assert theirs.endswith("5 to come")                 # the others have the lines below
    assert told[0] == ["P2's g2, attacked by your g1: Unit 1/1 eliminated"], told[0]
    assert any("P1: +1 point (now 1)" in x for x in told[1]) and any("tally" in x for x in told[1]), told[1]


BARRIENTOS = "Mayor Julio Barrientos / Comandante Rafael Quiroga"     # Government rating 2, +1
VALDIVIA = "General Arturo Valdivia / Comandante Lucio Marín"         # Government rating 3, +2


def _totals(t, face: int, viewer: int = 0) -> str:
    from partisan.core.games.guerilla.state import CHANCE_OUTCOMES
    from partisan.core.games.guerilla.view import describe_action
    return describe_action(t.s, CHANCE_OUTCOMES.die + face - 1, viewer)


def test_all_units_attacked_say_the_sideways_unit_adds_nothing_and_the_modifier(Guerilla, cid):
    """l.67: the defender "totals the strength of all defending units, the DF of any complex,
    the group leader's command modifier, and a die roll"; l.22: sideways units "do not function
    as part of the group" (RULES.md reading 9: under "all units" they may be lost but add no
    strength). Barrientos (+1) with a 2 and a 1 in command and a sideways 1 defends with 3, his
    +1 and the die: the total says each, and why the sideways 1 is not in it."""
    t = Guerilla(4).arrange(groups=[(0, REB, [cid("Unit 1/4")], 0),
                                    (1, GOV, [cid(BARRIENTOS), cid("Unit 2/2"), cid("Unit 1/1"), cid("Unit 1/1", 1)], 0)])
    t.do("attack with group 0", "group 1", "attack all units").roll(6)
    line = _totals(t, 4)
    assert "totals you 10 (4 + d10 6) against P2 8 (3 + leader +1 + d10 4) (Unit 1/1, sideways, adds no " \
           "strength but may be lost)" in line, line


def test_an_attacker_s_modifier_is_shown_in_his_total(Guerilla, cid):
    """l.67: "total the strength of all attacking units, add the group leader's command modifier
    and a die roll": Valdivia's +2 stands apart from his units' 7."""
    t = Guerilla(4).arrange(active=1, groups=[(0, REB, [cid("Unit 1/4")], 0),
                                              (1, GOV, [cid(VALDIVIA), cid("Unit 4/1"), cid("Unit 3/1")], 0)])
    t.do("attack with group 1", "group 0").roll(4)
    assert "totals P2 13 (7 + leader +2 + d10 4) against you 6 (4 + d10 2)" in _totals(t, 2), _totals(t, 2)


def _lone(Guerilla, cid, picks):
    """P1's Lagos group beats Valdivia's (+2) with a 2 and a 1 by 3 (9 against 6); P2 picks
    `picks`; a Barracks in play has the victor order the losses (l.72)."""
    from tests.games.guerilla.conftest import name
    t = Guerilla(4).arrange(groups=[(0, REB, [cid(LAGOS), cid("Unit 4/4"), cid("Unit 3/3")], 0),
                                    (1, GOV, [cid(VALDIVIA), cid("Unit 2/2"), cid("Unit 1/1", 1)], 0),
                                    (2, GOV, [cid("Barracks")], 0)])
    t.do("attack with group 0", "group 1").roll(1, 1)
    t.do(*[name(cid(*card)) for card in picks])
    return t


def test_a_leader_left_alone_is_told_with_the_losses_and_on_the_battle_panel(Guerilla, cid):
    """l.70: "Any leader left alone after losses are taken is eliminated." P2 loses his 2 and
    his 1 (3, as needed): Valdivia goes too, which the losses' line and the battle panel say
    ("P2 lost 3 strength (3 needed)" alone did not)."""
    from partisan.cli.views.guerilla import _battle
    from partisan.core.games.guerilla.view import describe_action
    t = _lone(Guerilla, cid, [("Unit 2/2",), ("Unit 1/1", 1)])
    assert describe_action(t.s, t.s.string_to_action("done"), 0).startswith(
        "P2: the losses are met: 3 strength lost, 3 needed; General Arturo Valdivia, left alone, is eliminated too; ")
    t.do("done")
    for _ in range(2):          # until he is put on the pile
        assert str(_battle(t.obs(0), 0)).endswith(
            "P2 lost 3 strength (3 needed); General Arturo Valdivia, left alone, is eliminated too"), _battle(t.obs(0), 0)
        t.do(next(m for m in t.moves() if "Valdivia" not in m))


def test_a_leader_chosen_among_the_losses_is_not_said_left_alone(Guerilla, cid):
    """l.68: "A leader can be eliminated to fulfil one point of required losses": Valdivia and
    the 2 meet the 3 needed, the 1 stays; nothing is left alone."""
    from partisan.cli.views.guerilla import _battle
    from partisan.core.games.guerilla.view import describe_action
    t = _lone(Guerilla, cid, [("Unit 2/2",), (VALDIVIA,)])
    assert "left alone" not in describe_action(t.s, t.s.string_to_action("done"), 0)
    t.do("done")
    assert "left alone" not in str(_battle(t.obs(0), 0) or "")


def test_a_kind_in_hand_and_in_the_barracks_says_which_copy_is_added(Guerilla, cid):
    """l.134: "Units or leaders retrieved in this way must be deployed initially on the side of
    the same faction as the barracks. Place retrieved cards face down on the table until
    deployed". With a Unit 1/3 in hand and another held by the Barracks, "add Unit 1/3" takes
    the loose one (RULES.md reading 34), and says so: the two read alike on the menu."""
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Barracks")], 0)], discard=[cid("Unit 1/3", 1)],
                            hands={0: [cid("Unit 1/3"), cid("Unit 1/2")]})
    t.do("retrieve a card (Barracks)", "end the turn", "end the turn", "end the turn", "end the turn")
    t.do("deploy a new group")
    menu = t.obs(0)["menu"]
    assert "add Unit 1/3 (from your hand, not the Barracks' copy)" in menu and "add Unit 1/2" in menu, menu


def test_cards_laid_in_a_trade_are_shown_apart_from_the_hand(Guerilla, cid):
    """l.87: "The offering player places the cards he is offering before him. They may be face
    up, face down or a combination." Laid, they are no longer listed with the rest of the hand
    as if free to play, but apart, face down ones too (they are his to see). At 80x24 the
    trade's line alone names them."""
    import io

    from rich.console import Console

    from partisan.cli.views.guerilla import render
    t = Guerilla(4).arrange(hands={0: [cid("Ambush"), cid("Assassin"), cid("Informant")]},
                            groups=[(0, GOV, [cid("Unit 2/2")], 0)])
    t.do("offer a trade", "Ambush face up", "Assassin face down")
    console = Console(file=io.StringIO(), width=100, height=40, force_terminal=True, color_system=None)
    console.print(render(t.obs(0), 0))
    screen = " ".join(console.file.getvalue().split())
    assert "Your hand (3 of 7): Informant laid in the trade: Ambush, Assassin" in screen, screen
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    console.print(render(t.obs(0), 0))
    screen = " ".join(console.file.getvalue().split())
    assert "Trade: you offer Ambush + face down: Assassin" in screen and "laid in the trade" not in screen, screen
    assert "Your hand (3 of 7): Informant" in screen, screen


def test_a_leader_s_modifier_is_the_leader_s_not_his(Guerilla, cid):
    """l.123: "The assassin attempts to kill a leader. Roll the die and subtract the target
    leader's command modifier". The card data give no leader a gender (Comandante Elena Sotelo
    read "his modifier ... kills him"): the menu and the roll say "the leader's"."""
    from partisan.core.games.guerilla.view import describe_action
    sotelo = cid("Capitán Tomás Urrutia / Comandante Elena Sotelo")           # Rebel rating 3, +2
    t = Guerilla(4).arrange(hands={0: [cid("Assassin")]}, groups=[(0, GOV, [cid("Unit 2/2")], 0),
                                                                  (1, REB, [sotelo, cid("Unit 1/1")], 0)])
    t.do("play Assassin")
    assert t.obs(0)["menu"] == ["try to kill Comandante Elena Sotelo of P2's g1 (the leader's modifier +2: a d10 of "
                                "8 or more kills)"]
    t.do(t.moves()[0])
    from partisan.core.games.guerilla.state import CHANCE_OUTCOMES
    line = describe_action(t.s, CHANCE_OUTCOMES.die + 9, 1)
    assert "less the leader's modifier +2: 8" in line and " his " not in line, line


def test_a_finished_game_s_replay_names_the_seat_whose_marker_the_revolution_swapped(Guerilla, cid):
    """l.139: "The player who draws this card may exchange the loyalty markers of any two
    players." Told to everyone (the replay of a finished game), the swapped marker is P1's,
    not "Your": the replay has no "you"."""
    from partisan.cli.views.guerilla import changes
    t = Guerilla(4).arrange(groups=[(0, GOV, [cid("Unit 1/1")], 0)])
    before = t.obs(0)
    after = dict(before, loyalty={"0": "Rebel"})
    assert "P1's loyalty marker is now Rebel (the Revolution swapped it)" in changes(before, after, None)
    assert "Your loyalty marker is now Rebel (the Revolution swapped it)" in changes(before, after, 0)
