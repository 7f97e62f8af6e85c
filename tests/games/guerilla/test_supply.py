"""Supply Cut and isolation (rules/guerilla.txt l.128, l.67, l.98); the digest's T5."""
from partisan.core.games.guerilla.state import GOV, PLACES, REB
LAGOS = "Coronel Esteban Lagos / Capitán Mateo Ibarra"              # Rebel rating 2, +1
HAND, DISCARD, TABLE, ASIDE = PLACES["hand"], PLACES["discard"], PLACES["table"], PLACES["aside"]


def _cut(Guerilla, cid, victim, cutter=("Unit 4/1",), others=(), hands=None):
    """Seat 0's Government group 0 cuts seat 1's Rebel group 1 (seat 0's turn, one action left)."""
    sc = cid("Supply Cut")
    groups = [(0, GOV, [cid(c) for c in cutter], 0), (1, REB, [cid(c) for c in victim], 0)]
    groups += [(o, f, [cid(c, k) for c, k in cards], 0) for o, f, cards in others]
    t = Guerilla(4).arrange(hands={0: [sc], **(hands or {})}, groups=groups)
    t.do("play Supply Cut")
    assert t.moves() == ["group 0"]
    t.do("group 0")
    assert "group 1" in t.moves()
    t.do("group 1")
    return t, sc


def _end_turns(t, k):
    for _ in range(k):
        t.do("end the turn")


def test_supply_cut_costs_an_action_and_marks_both_groups(Guerilla, cid):
    """l.128: "Supply Cut — Cost: 1 action. A Group with supply cut is isolated ... Special attack
    by an infantry group instead of its normal attack; played on opposing group ... Matching
    supply cut/cutting supply markers are placed on both groups ... The supply cut card remains
    in play until the isolated group is relieved or eliminated." No roll (reading 26)."""
    t, sc = _cut(Guerilla, cid, ["Unit 1/3"])
    groups = {g["id"]: g for g in t.obs()["groups"]}
    assert groups[1]["cut_by"] == 0 and groups[0]["cuts"] == 1 and groups[1]["isolation"] == 0
    assert t.obs()["actions_left"] == 1 and t.snap()["where"][sc] == ASIDE
    # the cutter made its attack for the turn (l.52)
    assert "attack with group 0" not in t.moves()


def test_who_may_cut_and_be_cut(Guerilla, cid):
    """l.128: "Cannot be played on a group protected by the UN card. An isolated group cannot cut
    another group's supply ... UN Intervention prevents new Supply Cuts from or against the UN
    protected player." l.56: "Units in a group with a complex are its garrison and cannot
    attack." l.53-l.54: opposing faction, never one's own group."""
    sc = cid("Supply Cut")
    own = Guerilla(4).arrange(hands={0: [sc]}, groups=[(0, GOV, [cid("Unit 4/1")], 0),
                                                       (0, REB, [cid("Unit 1/3")], 0)])
    assert "play Supply Cut" not in own.moves()
    garrison = Guerilla(4).arrange(hands={0: [sc]}, groups=[(0, GOV, [cid("Port"), cid("Unit 4/1")], 0),
                                                            (1, REB, [cid("Unit 1/3")], 0)])
    assert "play Supply Cut" not in garrison.moves()
    t, _ = _cut(Guerilla, cid, ["Unit 1/3"], hands={1: [cid("Supply Cut", 1)]})
    _end_turns(t, 1)                                   # seat 1: his only group is isolated
    assert "play Supply Cut" not in t.moves()
    # seat 1 under the UN (as in T1): seat 0's Rebel group has no one left to cut
    un = Guerilla(4, auto=False).arrange(
        hands={0: [cid("UN Intervention"), sc], 2: [cid("Atrocities/Press")]},
        groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [cid("Unit 3/3")], 0),
                (1, GOV, [cid("Unit 2/2")], 0), (2, REB, [cid("Unit 1/1")], 0)])
    un.do("attack with group 0", "group 1", "no reaction", "no reaction", "no reaction", "no reaction").roll(10, 1)
    un.do("no reaction", "no reaction", "play Atrocities", "no reaction", "no reaction", "no reaction", "no reaction", "play UN Intervention", "UN Intervention on P2")
    _end_turns(un, 4)
    assert un.obs()["un_protects"] == 1 and "play Supply Cut" not in un.moves()


def test_an_isolated_group_attacks_only_its_cutter_and_never_withdraws(Guerilla, cid):
    """l.128: "An isolated group may only attack the group cutting its supply ... Isolated groups
    cannot be withdrawn." l.119: "Air Assault is the only way to reinforce an isolated group." """
    t, _ = _cut(Guerilla, cid, ["Unit 1/4"], others=[(2, GOV, [("Unit 2/1", 0)])],
                hands={1: [cid("Unit 2/2")]})
    _end_turns(t, 1)
    moves = t.moves()
    assert "withdraw group 1" not in moves and "reinforce group 1" not in moves
    t.do("attack with group 1")
    assert t.moves() == ["group 0"]


def test_an_isolated_group_may_not_sortie_before_its_first_marker(Guerilla, cid):
    """l.128: "A Group with supply cut is isolated. An isolated group may only attack the group
    cutting its supply ... An isolated group may not sortie. A -1 Isolated marker goes on the
    group at the end of the owner's turn if still isolated". On its owner's first turn under the
    cut the group has no marker yet, but it is isolated: no sortie (whose part could otherwise
    attack a third player's group), and its one attack goes only to the cutter."""
    t, _ = _cut(Guerilla, cid, ["Unit 1/4", "Unit 1/3"], others=[(2, GOV, [("Unit 2/1", 0)])])
    _end_turns(t, 1)                                   # seat 1's turn, the group not yet marked
    group = next(g for g in t.obs()["groups"] if g["id"] == 1)
    assert group["cut_by"] == 0 and group["isolation"] == 0
    moves = t.moves()
    assert "sortie from group 1" not in moves and "attack with group 1" in moves
    t.do("attack with group 1")
    t.do(t.moves()[0])                                 # the attacking unit (l.58)
    assert t.moves() == ["group 0"]

def test_t5_isolated_attack_is_halved_and_the_group_surrenders(Guerilla, cid):
    """Digest T5 (with its correction 20). l.128: "Each unit in an isolated group has its attack
    strength halved (fractions rounded down). Defence strength is not affected ... A -1 Isolated
    marker goes on the group at the end of the owner's turn if still isolated and modifies all
    attack and defence die rolls made for that group. This modifier is increased by one each
    turn. When the isolation modifier equals the highest complex DF or unit strength in the
    group, the group surrenders. All units and leaders are eliminated (points to the supply
    cutter) ... If an isolated group surrenders ... the supply cutter gets his supply cut card
    back in hand." Units 3 and 5 under a rating-2 +1 leader attack with 1 + 2 + 1 + d10 - 1;
    they surrender when the modifier reaches 5."""
    lead, u3, u5 = cid(LAGOS), cid("Unit 3/3"), cid("Unit 1/5")
    t, sc = _cut(Guerilla, cid, [LAGOS, "Unit 3/3", "Unit 1/5"])
    _end_turns(t, 1)
    assert t.group_of(u3)["isolation"] == 0            # the marker comes at his turn's end
    _end_turns(t, 4)
    assert t.group_of(u3)["isolation"] == 1
    t.do("attack with group 1", "group 0").roll(5, 4)
    # 1 + 2 + 1 + 5 - 1 = 8 against 4 + 4 = 8: a tie
    assert t.snap()["battle"]["totals"] == [8, 8]
    for iso in (2, 3, 4):
        _end_turns(t, 4)
        assert t.group_of(u3)["isolation"] == iso
    _end_turns(t, 4)                                   # the marker reaches 5: surrender
    assert [t.snap()["where"][c] for c in (lead, u3, u5)] == [DISCARD] * 3
    assert t.obs()["scores"][0] == 3 + 5 + (2 + 1)
    assert t.obs()["faction_scores"]["Government"] == 11
    assert t.snap()["where"][sc] == HAND + 0
    assert t.group_of(cid("Unit 4/1"))["cuts"] == -1


def test_t5_leaderless_isolated_group_attacks_with_one_halved_unit(Guerilla, cid):
    """Digest T5 correction 20, leaderless, only one unit attacks (1 or 2); l.58: "Only one unit
    (owner chooses which) in a leaderless group can attack each turn" (and l.128).
    The 5 attacks at 2, with the -1 modifier: 2 + 6 - 1 against 4 + 1."""
    t, _ = _cut(Guerilla, cid, ["Unit 3/3", "Unit 1/5"])
    _end_turns(t, 5)
    t.do("attack with group 1")
    t.do(f"Unit 1/5 (card {cid('Unit 1/5')})", "group 0").roll(6, 1)
    assert t.snap()["battle"]["totals"] == [7, 5]


def test_isolation_modifies_the_defence_roll(Guerilla, cid):
    """l.128: the modifier "modifies all attack and defence die rolls made for that group", while
    "Defence strength is not affected": an isolated 4 (-1) defends at 4 + d10 - 1."""
    t, _ = _cut(Guerilla, cid, ["Unit 1/4"], others=[(2, GOV, [("Unit 5/1", 0)])])
    _end_turns(t, 2)                                   # seat 1 ends: -1; seat 2 attacks
    t.do("attack with group 2", "group 1").roll(1, 3)
    assert t.snap()["battle"]["totals"] == [6, 6]


def test_isolation_ends_when_the_cutter_attacks_again_and_the_card_is_discarded(Guerilla, cid):
    """l.128: "Isolation ends when: the group cutting supply makes another attack ..." The card
    "remains in play until the isolated group is relieved or eliminated", then is discarded."""
    t, sc = _cut(Guerilla, cid, ["Unit 1/4"], others=[(2, REB, [("Unit 2/1", 0)])])
    _end_turns(t, 4)
    assert t.group_of(cid("Unit 1/4"))["isolation"] == 1
    t.do("attack with group 0")
    assert t.group_of(cid("Unit 1/4"))["cut_by"] == -1
    assert t.group_of(cid("Unit 1/4"))["isolation"] == 0
    assert t.snap()["where"][sc] == DISCARD


def test_isolation_ends_when_the_cutter_is_withdrawn(Guerilla, cid):
    """l.128: "the cutting group is eliminated, changes faction, surrenders, or is withdrawn"."""
    t, sc = _cut(Guerilla, cid, ["Unit 1/4"])
    _end_turns(t, 4)
    t.do("withdraw group 0")
    assert t.group_of(cid("Unit 1/4"))["cut_by"] == -1 and t.snap()["where"][sc] == DISCARD


def test_isolation_ends_when_the_cutter_is_eliminated(Guerilla, cid):
    """l.128: "the cutting group is eliminated": the isolated 4 (halved to 2) beats the cutter."""
    t, sc = _cut(Guerilla, cid, ["Unit 1/4"], cutter=("Unit 1/1",))
    _end_turns(t, 1)
    t.do("attack with group 1", "group 0").roll(9, 1)  # 2 + 9 against 1 + 1
    assert t.snap()["where"][cid("Unit 1/1")] == DISCARD
    assert t.group_of(cid("Unit 1/4"))["cut_by"] == -1 and t.snap()["where"][sc] == DISCARD


def test_an_overrun_gives_the_card_back(Guerilla, cid):
    """l.128: "If an isolated group is eliminated (any complex captured) with combat losses
    greater than its unit strength plus complex DF plus one point for a leader, it is overrun and
    the supply cutter gets his supply cut card back in hand." Losses of 2 against a 2: not an
    overrun, the card is discarded; losses of 12: overrun."""
    for rolls, where in (((2, 4), DISCARD), ((9, 1), HAND + 0)):
        t, sc = _cut(Guerilla, cid, ["Unit 1/2"], others=[(2, GOV, [("Unit 5/1", 0)])])
        _end_turns(t, 2)                               # seat 1 ends (-1); seat 2's turn
        t.do("attack with group 2", "group 1").roll(*rolls)   # 5 + 2 against 2 + 4 - 1: 2
        assert t.snap()["where"][cid("Unit 1/2")] == DISCARD
        assert t.snap()["where"][sc] == where


def test_an_isolated_complex_loses_its_ability_and_value(Guerilla, cid):
    """l.128: "An isolated complex loses its special abilities and its point value is reduced by
    the isolation modifier." The Port's +1 hand capacity (l.137) goes while it is isolated."""
    port = cid("Port")
    t = Guerilla(4).arrange(hands={1: [cid("Supply Cut")]},
                            groups=[(0, GOV, [port, cid("Unit 1/1")], 0), (1, REB, [cid("Unit 1/4")], 0)],
                            active=1)
    t.do("play Supply Cut", "group 1", "group 0")
    snap = t.snap()
    assert snap["groups"][0]["cut_by"] == 1
    # the Port's retrieval is an ability of a working complex: gone while isolated
    _end_turns(t, 4)
    assert "retrieve a card (Port)" not in t.moves()


def test_a_change_of_faction_ends_isolation(Guerilla, cid):
    """l.128: "Isolation ends when: ... the isolated group changes faction; the cutting group ...
    changes faction ... If an isolated group surrenders, changes faction, or is eliminated by
    propaganda, the supply cutter gets his supply cut card back in hand." Traitors (l.140) turn
    the isolated group (the card comes back) or the cutter (the card is discarded)."""
    traitors = cid("Traitors")
    for target, where in (("group 1", HAND + 0), ("group 0", DISCARD)):
        sc = cid("Supply Cut")
        t = Guerilla(4).arrange(
            hands={0: [sc]}, deck=[traitors, cid("Unit 2/2")],
            groups=[(0, GOV, [cid("Capitán Sergio Medina / Teniente Camila Rojas"), cid("Unit 4/1")], 0),
                    (1, REB, [cid(LAGOS), cid("Unit 1/4")], 0)])
        t.do("play Supply Cut", "group 0", "group 1", "draw cards").draw(traitors)
        t.do(target).roll(9)
        assert t.snap()["where"][sc] == where
        assert t.group_of(cid("Unit 1/4"))["cut_by"] == -1


def test_an_arms_cache_relieves_an_isolated_rebel_group(Guerilla, cid):
    """l.122: "Arms Cache — Cost: ... 1 action for use 3 and 4 ... 3) Relieve an isolated Rebel
    group (Deployment Phase)." l.128: "Isolation ends when: ... an Arms Cache card is played on
    an isolated Rebel group"; the Supply Cut card is then discarded ("remains in play until the
    isolated group is relieved or eliminated")."""
    arms = cid("Arms Cache")
    t, sc = _cut(Guerilla, cid, ["Unit 1/4"], others=[(1, REB, [("Unit 1/3", 0)]),
                                                      (2, GOV, [("Port", 0)])],
                 hands={1: [arms]})
    _end_turns(t, 1)
    t.do("play Arms Cache")
    # the demolition of seat 2's Port (B) or the relief of the isolated group (C)
    assert t.moves() == ["group 1", "group 3"]
    t.do("group 1")
    assert t.group_of(cid("Unit 1/4"))["cut_by"] == -1 and t.snap()["where"][sc] == DISCARD
    assert t.obs()["phase_reached"] == "C" and t.obs()["actions_left"] == 1
    assert t.snap()["where"][arms] == DISCARD


def test_a_cutter_may_not_attack_its_group_if_only_the_isolation_gave_it_a_chance(Guerilla, cid):
    """l.128: "Isolation ends when: the group cutting supply makes another attack"; l.55: "An
    attack cannot be made if it has no chance of success." The cutter's attack ends the
    isolation before the battle, so its -1 does not count: the Rebel 1 (1 + 10) against
    Valdivia's 4 + 3 + 1 + 2 (+ 1) has no chance, and is not offered."""
    valdivia = cid("General Arturo Valdivia / Comandante Lucio Marín")
    t = Guerilla(4).arrange(hands={1: [cid("Supply Cut")]}, active=1,
                            groups=[(0, GOV, [valdivia, cid("Unit 4/1"), cid("Unit 3/1"),
                                              cid("Unit 1/1")], 0),
                                    (1, REB, [cid("Unit 1/1", 1)], 0)])
    t.do("play Supply Cut", "group 1", "group 0")
    for _ in range(4):
        t.do("end the turn")
    assert t.s.current_player() == 1 and t.group_of(valdivia)["isolation"] == 1
    assert "attack with group 1" not in t.moves()


def test_an_arms_cache_relief_says_the_isolation_ended(Guerilla, cid):
    """l.128: "Isolation ends when: ... an Arms Cache card is played on an isolated Rebel
    group". The relief's events say the group is no longer isolated, to every seat, and where the
    card went: "In certain circumstances it is returned to the player's hand rather than discarded." """
    from partisan.cli.views.guerilla import changes
    t, _ = _cut(Guerilla, cid, ["Unit 1/4"], others=[(2, GOV, [("Port", 0)])],
                hands={1: [cid("Arms Cache")]})
    _end_turns(t, 1)
    t.do("play Arms Cache")
    before = t.obs(0)
    t.do("group 1")
    assert "P2's g1 is no longer isolated (g0's supply cut ends; your Supply Cut is discarded)" in changes(before, t.obs(0), 0)


def test_the_isolation_marker_placed_and_raised_is_told(Guerilla, cid):
    """l.128: "A -1 Isolated marker goes on the group at the end of the owner's turn if still
    isolated and modifies all attack and defence die rolls made for that group. This modifier is
    increased by one each turn." A newcomer's isolated group went from no marker to -1 to -2
    with no line: each step is told, to its owner as to the others."""
    from partisan.cli.views.guerilla import changes
    t, _ = _cut(Guerilla, cid, [LAGOS, "Unit 3/3", "Unit 1/5"])
    said = []
    for _ in range(4 * 2 + 1):
        before = {q: t.obs(q) for q in (0, 1)}
        t.do("end the turn")
        said += [(q, line) for q in (0, 1) for line in changes(before[q], t.obs(q), q) if "isolated" in line]
    assert (1, "your g1, isolated: its dice -1 (was none; it surrenders when this reaches its strongest unit "
               "or complex)") in said
    assert (0, "P2's g1, isolated: its dice -2 (was -1; it surrenders when this reaches its strongest unit "
               "or complex)") in said


def test_a_group_the_revolution_turns_at_its_turns_end_no_longer_surrenders(Guerilla, cid):
    """l.128: "Isolation ends when: ... the isolated group changes faction ... If an isolated
    group surrenders, changes faction, or is eliminated by propaganda, the supply cutter gets his
    supply cut card back in hand." l.139: the player who draws the Revolution "must change the
    faction of one deployed Government group to Rebel"; l.95: a red card drawn "must be played
    immediately. The player's turn ends as soon as that is done." l.98: at the turn's end the
    isolation markers grow. In play P4 drew the Revolution, turned his isolated group Rebel,
    and it surrendered to the Rebel cutter at that turn's end. P2's Government Unit 1/1 (1
    either side) is cut by P1's Rebel group; P2 draws the Revolution and turns it: it stands,
    supplied, and P1's Supply Cut is back in his hand, no point scored."""
    rev, sc, u1 = cid("Revolution"), cid("Supply Cut"), cid("Unit 1/1")
    t = Guerilla(4).arrange(hands={0: [sc]}, deck=[rev, cid("Unit 2/2")],
                            groups=[(0, REB, [cid("Unit 1/4")], 0), (1, GOV, [u1], 0)])
    t.do("play Supply Cut", "group 0", "group 1", "end the turn", "draw cards").draw(rev)
    t.do("swap no markers", "group 1")
    assert t.obs()["active"] == 2                       # P2's turn ended with the Revolution
    group = t.group_of(u1)
    assert group["faction"] == REB and group["cut_by"] == -1 and group["isolation"] == 0
    assert t.snap()["where"][sc] == HAND + 0 and t.obs()["scores"] == [0, 0, 0, 0]
