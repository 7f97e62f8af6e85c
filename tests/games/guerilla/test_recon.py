"""The Recon Patrol and its counter (rules/guerilla.txt l.127, l.120; RULES.md reading 25)."""
from partisan.core.games.guerilla.state import GOV, PLACES, REB
from partisan.core.games.guerilla.view import move_phrase
HAND, DISCARD, TABLE = PLACES["hand"], PLACES["discard"], PLACES["table"]


def _patrol(Guerilla, cid, hand1, groups=()):
    rp = cid("Recon Patrol")
    t = Guerilla(4).arrange(hands={0: [rp], 1: hand1},
                            groups=[(0, GOV, [cid("Unit 3/1")], 0)] + list(groups))
    t.do("play Recon Patrol")
    assert t.moves() == ["group 0"]
    t.do("group 0")
    assert t.moves() == ["inspect P2's hand"]                     # only seats with cards in hand
    t.do("inspect P2's hand")
    if t.moves() == ["no counter"]:                            # seat 1 cannot counter
        t.do("no counter")
    return t


def test_inspect_a_hand_and_take_or_discard_a_card(Guerilla, cid):
    """l.127: "Recon Patrol — Cost: no cost. Allows another player's hand to be inspected
    secretly and an Arms Cache, Ambush or Assassin card to be taken or discarded. Played on a
    single unit ... Government infantry group in the Attack phase." The patrol uses its group's
    attack (reading 25). What it saw stays known to the player: a resample for him keeps
    those cards in that hand."""
    arms, assassin, u = cid("Arms Cache"), cid("Assassin"), cid("Unit 2/2")
    t = _patrol(Guerilla, cid, [arms, assassin, u])
    assert t.s.current_player() == 0 and t.obs()["actions_left"] == 2
    assert t.moves() == ["done", "discard Arms Cache", "discard Assassin",
                         f"take Arms Cache (card {arms})", f"take Assassin (card {assassin})"]
    for seed in range(5):
        w = t.s.clone()
        w.resample(0, seed)
        assert all(w._snap()["where"][c] == HAND + 1 for c in (arms, assassin, u))
    take = t.s.string_to_action(f"take Arms Cache (card {arms})")
    # "secretly": the others learn that a card was taken, not which; its owner sees it
    assert "Arms Cache" not in t.s.describe_action(take, 2)
    assert "Arms Cache" in t.s.describe_action(take, 1)
    t.do(f"take Arms Cache (card {arms})")
    assert t.snap()["where"][arms] == HAND + 0
    assert "attack with group 0" not in t.moves() and "play Recon Patrol" not in t.moves()


def test_discarding_a_card(Guerilla, cid):
    """l.127: "... taken or discarded": a discard is face up."""
    assassin = cid("Assassin")
    t = _patrol(Guerilla, cid, [assassin])
    t.do("discard Assassin")
    assert t.snap()["where"][assassin] == DISCARD and t.obs(2)["discard_top"].startswith("Assassin")


def test_not_on_an_isolated_group_nor_a_larger_one_but_by_its_sortie(Guerilla, cid):
    """l.127: "Played on a single unit (or single unit sortie) Government infantry group ...
    Cannot be played on an isolated group." A larger group is offered only as the sortie of
    one of its units (l.59)."""
    rp, g3, g4 = cid("Recon Patrol"), cid("Unit 3/1"), cid("Unit 4/1")
    two = Guerilla(4).arrange(hands={0: [rp], 1: [cid("Unit 2/2")]},
                              groups=[(0, GOV, [g3, g4], 0)])
    two.do("play Recon Patrol")
    assert two.moves() == [f"sortie Unit 3/1 (card {g3})", f"sortie Unit 4/1 (card {g4})"]
    sc = cid("Supply Cut")
    iso = Guerilla(4).arrange(hands={1: [sc], 0: [rp], 2: [cid("Unit 2/2")]}, active=1,
                              groups=[(0, GOV, [cid("Unit 3/1")], 0), (1, REB, [cid("Unit 1/4")], 0)])
    iso.do("play Supply Cut", "group 1", "group 0", "end the turn", "end the turn", "end the turn")
    assert iso.s.current_player() == 0 and "play Recon Patrol" not in iso.moves()


def test_the_counter_an_ambush_and_a_rebel_group_at_double_strength(Guerilla, cid):
    """l.120: "Defender may use to ... 2) attempt to counter a Recon Patrol ... When used to
    counter a Recon Patrol, the defender may deploy a single unit Rebel group (with or without a
    leader) from his hand to attack the attacking group at double strength. The Recon Patrol
    fails unless the Rebel group is eliminated in its attack." A Rebel 2 doubled: 4 + 6 against
    the patrol's 3 + 2: the patrol's unit dies and the patrol fails; with 4 + 1 against 3 + 9
    the Rebel group is eliminated and the patrol goes on."""
    amb, r2, arms = cid("Ambush"), cid("Unit 2/2"), cid("Arms Cache")
    t = _patrol(Guerilla, cid, [amb, r2, arms])
    assert t.s.current_player() == 1 and t.moves() == ["no counter", "play Ambush"]
    t.do("play Ambush")
    assert t.moves() == ["Unit 2/2"]
    t.do("Unit 2/2", "done").roll(6, 2)
    assert t.snap()["battle"]["totals"] == [10, 5]
    assert t.snap()["where"][cid("Unit 3/1")] == DISCARD and t.obs()["phase"] == "turn"
    assert t.snap()["where"][arms] == HAND + 1 and t.obs()["scores"][1] == 3
    t = _patrol(Guerilla, cid, [amb, r2, arms])
    t.do("play Ambush", "Unit 2/2", "done").roll(1, 9)
    assert t.snap()["battle"]["totals"] == [5, 12] and t.snap()["where"][r2] == DISCARD
    assert t.moves() == ["done", "discard Arms Cache", f"take Arms Cache (card {arms})"]


def test_the_target_is_asked_even_without_a_counter(Guerilla, cid):
    """Reading 16: every player who might answer is asked, with only "no counter" when he cannot,
    so the question reveals nothing about his hand."""
    rp = cid("Recon Patrol")
    t = Guerilla(4, auto=False).arrange(hands={0: [rp], 1: [cid("Assassin")]},
                                        groups=[(0, GOV, [cid("Unit 3/1")], 0)])
    t.do("play Recon Patrol", "group 0", "inspect P2's hand")
    assert t.s.current_player() == 1 and t.moves() == ["no counter"]


def test_a_single_unit_sortie_patrols_and_the_rest_may_still_attack(Guerilla, cid):
    """l.127: "Played on a single unit (or single unit sortie) Government infantry group";
    l.59: "A deployed group can divide into two before attacking (sortie). One of the new
    groups must then attack." Reading 25: the patrol is the sortie's part's attack; reading 10:
    the other part may attack later in the turn. The Government 3 leaves its group as the
    patrol; the 4 stays behind and may still attack the Rebel 2."""
    rp, g3, g4, r2 = cid("Recon Patrol"), cid("Unit 3/1"), cid("Unit 4/1"), cid("Unit 2/2")
    assassin = cid("Assassin")
    t = Guerilla(4).arrange(hands={0: [rp], 1: [assassin]},
                            groups=[(0, GOV, [g3, g4], 0), (1, REB, [r2], 0)])
    t.do("play Recon Patrol", f"sortie Unit 3/1 (card {g3})")
    patrol = t.group_of(g3)
    assert patrol["units"] == [g3] and t.group_of(g4)["units"] == [g4]
    assert t.moves() == ["inspect P2's hand"]
    t.do("inspect P2's hand")
    if t.moves() == ["no counter"]:
        t.do("no counter")
    t.do("discard Assassin")
    assert t.snap()["where"][assassin] == DISCARD and t.obs()["actions_left"] == 2
    moves = t.moves()
    assert "attack with group 0" in moves and f"attack with group {patrol['id']}" not in moves
    assert t.group_of(g3)["attacked"] and not t.group_of(g4)["attacked"]


def test_the_counter_attacks_only_the_sortie(Guerilla, cid):
    """l.120: the counter's Rebel group attacks "the attacking group at double strength": after
    a single unit sortie (l.127) that is the patrol's one unit, not the group it left. A Rebel
    2 doubled: 4 + 6 against the sortie's 3 + 2; the 3 dies, the 4 it left stays."""
    rp, g3, g4 = cid("Recon Patrol"), cid("Unit 3/1"), cid("Unit 4/1")
    amb, r2 = cid("Ambush"), cid("Unit 2/2")
    t = Guerilla(4).arrange(hands={0: [rp], 1: [amb, r2]}, groups=[(0, GOV, [g3, g4], 0)])
    t.do("play Recon Patrol", f"sortie Unit 3/1 (card {g3})", "inspect P2's hand", "play Ambush",
         "Unit 2/2", "done").roll(6, 2)
    assert t.snap()["battle"]["totals"] == [10, 5]
    assert t.snap()["where"][g3] == DISCARD and t.group_of(g4)["units"] == [g4]


def test_a_government_barracks_card_cannot_counter(Guerilla, cid):
    """l.120: "the defender may deploy a single unit Rebel group ... from his hand"; l.134:
    "Units or leaders retrieved in this way must be deployed initially on the side of the same
    faction as the barracks." Seat 1's only unit is held by his Government Barracks: his Ambush
    cannot counter the patrol."""
    rp, amb, u = cid("Recon Patrol"), cid("Ambush"), cid("Unit 2/2")
    t = Guerilla(4, auto=False).arrange(hands={0: [rp], 1: [amb]}, active=1, discard=[u],
                                        groups=[(0, GOV, [cid("Unit 3/1")], 0),
                                                (1, GOV, [cid("Barracks")], 0)])
    t.do("retrieve a card (Barracks)", "end the turn", "end the turn", "end the turn")
    assert t.snap()["held"] == [u] and t.obs()["active"] == 0
    t.do("play Recon Patrol", "group 0", "inspect P2's hand")
    assert t.s.current_player() == 1 and t.moves() == ["no counter"]


def test_the_counter_groups_leader_may_be_picked_before_its_unit(Guerilla, cid):
    """l.120: the defender "may deploy a single unit Rebel group (with or without a leader)
    from his hand": its two cards in either order. A leader first is offered only while a unit
    may follow him (l.18); after him only units, and the counter-attack begins once the unit
    has joined. The menu says what each card does."""
    amb, r2, lead = cid("Ambush"), cid("Unit 2/2"), cid("Teniente Raúl Gallardo / Teniente Martín Vega")
    t = _patrol(Guerilla, cid, [amb, r2, lead])
    t.do("play Ambush")
    assert set(t.moves()) == {"Unit 2/2", "Teniente Raúl Gallardo / Teniente Martín Vega"}
    menu = {move_phrase(t.s, a, 1) for a in t.s.legal_actions()}
    assert all(m.startswith("counter-attack with ") for m in menu) and len(menu) == 2
    t.do("Teniente Raúl Gallardo / Teniente Martín Vega")
    assert t.moves() == ["Unit 2/2"]
    t.do("Unit 2/2")
    group = next(g for g in t.snap()["groups"] if g["owner"] == 1)
    assert group["leader"] == lead and group["units"] == [r2] and t.s.is_chance_node()
    t = _patrol(Guerilla, cid, [amb, cid("Unit 1/1")])
    t.do("play Ambush")
    assert t.moves() == ["Unit 1/1"]                     # no leader to offer without one in hand


def test_identical_cards_in_the_hand_seen_are_one_take(Guerilla, cid):
    """l.127: "an Arms Cache, Ambush or Assassin card to be taken or discarded": two Assassins
    in the hand seen differ in nothing, so taking one is one choice (the menu would list two
    identical lines)."""
    a, b = cid("Assassin"), cid("Assassin", 1)
    t = _patrol(Guerilla, cid, [a, b])
    assert t.moves() == ["done", "discard Assassin", f"take Assassin (card {a})"]
    t.do(f"take Assassin (card {a})")
    assert t.snap()["where"][a] == HAND + 0 and t.snap()["where"][b] == HAND + 1
