"""The event cards (rules/guerilla.txt l.119-l.129) and the reaction windows; the digest's T2."""
GOV, REB = 0, 1
DURAN = "Coronel Manuel Durán / Capitán Tadeo Salas"                 # rating 2 / 2, -2


def _assassin(Guerilla, cid, bodyguards=()):
    lead = cid(DURAN)
    hands = {0: [cid("Assassin")]}
    for seat, copy in bodyguards:
        hands.setdefault(seat, []).append(cid("Bodyguard", copy))
    t = Guerilla(4).arrange(hands=hands, groups=[(1, REB, [lead, cid("Unit 2/2")], 0)])
    t.do("play Assassin")
    assert t.moves() == [f"{DURAN} (card {lead})"] and t.obs()["actions_left"] == 1
    return t.do(f"{DURAN} (card {lead})"), lead


def test_t2_assassin_and_bodyguard(Guerilla, cid):
    """Digest T2. l.123: "The assassin attempts to kill a leader. Roll the die and subtract the
    target leader's command modifier (remember that a double minus is a plus). If the result is
    greater than 5, the leader is dead." l.125: "For each bodyguard played, the assassin must
    make an additional die roll and use the lowest roll." Modifier -2: a 4 kills, a 3 does not;
    with a Bodyguard, rolls 9 and 3 use the 3: no kill."""
    t, lead = _assassin(Guerilla, cid)
    t.do("no", "no", "no", "no").roll(3)
    assert t.snap()["where"][lead] == 8
    t, lead = _assassin(Guerilla, cid)
    t.do("no", "no", "no", "no").roll(4)
    assert t.snap()["where"][lead] == 7
    # points: rating plus modifier, floor 0 (reading 24), to the faction opposed to the victim
    assert t.obs()["scores"][0] == 0 and t.obs()["faction_scores"] == {"Government": 0, "Rebel": 0}
    t, lead = _assassin(Guerilla, cid, bodyguards=[(2, 0)])
    assert t.s.current_player() == 1 and t.moves() == ["no"]
    t.do("no")
    assert t.moves() == ["no", "play Bodyguard"]
    t.do("play Bodyguard", "no", "no", "no", "no").roll(9, 3)
    assert t.snap()["where"][lead] == 8


def test_every_seat_is_asked_in_a_window(Guerilla, cid):
    """Reading 16: every player who might play is asked, with only "no" when he cannot, so the
    question reveals nothing about a hand; the window closes when all have passed in a row."""
    t, lead = _assassin(Guerilla, cid, bodyguards=[(3, 0), (0, 1)])
    asked = []
    while t.s.current_player() >= 0 and t.obs()["phase"] == "reaction":
        asked.append(t.s.current_player())
        t.do("no")
    assert asked == [1, 2, 3, 0] and t.s.is_chance_node()
