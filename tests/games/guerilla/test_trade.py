"""Trade (rules/guerilla.txt l.85-l.89; RULES.md reading 36)."""


def _cards(t, seat):
    return t.obs(seat)["hand"]


def test_offer_counter_offers_and_one_exchange(Guerilla, cid):
    """l.86-l.87: "A player can offer to trade cards from his hand (not deployed cards). Making
    the offer costs one action, whether or not a trade actually takes place. The offering player
    places the cards he is offering before him. They may be face up, face down or a combination
    ... In turn order, the other players may make offers in return ... he can only accept one
    trade deal or reject them all." Face-down cards are seen by the two partners only."""
    amb, inf, bg, asn = cid("Ambush"), cid("Informant"), cid("Bodyguard"), cid("Assassin")
    t = Guerilla(4).arrange(hands={0: [amb, inf], 1: [bg], 2: [asn], 3: [cid("Unit 1/1")]})
    t.do("offer a trade")
    assert t.obs()["actions_left"] == 1 and "done" not in t.moves()    # an offer needs a card
    t.do("Ambush face up", "Informant face down", "done")
    assert t.obs(2)["trade"]["0"] == {"face_up": [f"Ambush (card {amb})"], "face_down": 1}
    # the card is secret, not that a card is laid: the table sees it put down (l.87)
    assert t.s.describe_action(t.s.string_to_action("Bodyguard face down"), 2) == "P2 lays a card face down"
    t.do("Bodyguard face down", "done")                  # seat 1
    t.do("Assassin face up", "done")                     # seat 2
    t.do("done")                                         # seat 3 offers nothing
    assert t.moves() == ["reject every counter-offer", "accept P2's counter-offer", "accept P3's counter-offer"]
    t.do("accept P3's counter-offer")
    assert f"Assassin (card {asn})" in _cards(t, 0) and f"Bodyguard (card {bg})" not in _cards(t, 0)
    assert _cards(t, 2) == sorted([f"Ambush (card {amb})", f"Informant (card {inf})"],
                                  key=lambda x: int(x.split("card ")[1][:-1]))
    assert _cards(t, 1) == [f"Bodyguard (card {bg})"]    # the refused counter-offer stays
    assert t.obs()["phase"] == "turn" and "trade" not in t.obs(1)


def test_nobody_ends_a_trade_over_capacity(Guerilla, cid):
    """l.88: "No player can finish the trade with cards exceeding his hand capacity. If more are
    offered than can be taken, the receiving player may examine the offered cards and choose
    which to return to his trading partner." """
    full = [cid("Unit 1/1", k) for k in range(4)] + [cid("Unit 1/2", k) for k in range(3)]
    gift = [cid("Ambush"), cid("Ambush", 1)]
    t = Guerilla(4).arrange(hands={0: gift, 1: full[:6]})
    t.do("offer a trade", "Ambush face down", "Ambush face down", "done", "done", "done", "done")
    assert t.moves() == ["reject every counter-offer"]                           # no counter-offer: nothing to accept
    t2 = Guerilla(4).arrange(hands={0: gift + [cid("Unit 3/3")], 1: full[:6] + [cid("Informant")]})
    t2.do("offer a trade", "Ambush face down", "Ambush face down", "done", "Informant face up",
          "done", "done", "done", "accept P2's counter-offer")
    assert t2.s.current_player() == 1 and len(t2.moves()) == 2     # one of the two Ambushes back
    t2.do(t2.moves()[0])
    assert t2.obs(1)["hand_sizes"] == [3, 7, 0, 0] and t2.obs()["phase"] == "turn"


def _returning(Guerilla, cid, faces=("down", "down")):
    """Seat 0 lays an Ambush and an Assassin (faces as given); seat 1, at 6 of his 7 cards,
    gives an Informant for them and must return one (l.88). Seat 2 looks on."""
    amb, asn = cid("Ambush"), cid("Assassin")
    full = [cid("Unit 1/1", k) for k in range(4)] + [cid("Unit 1/2", k) for k in range(2)]
    t = Guerilla(4).arrange(hands={0: [amb, asn, cid("Unit 3/3")], 1: full + [cid("Informant")]})
    t.do("offer a trade", f"Ambush face {faces[0]}", f"Assassin face {faces[1]}", "done",
         "Informant face up", "done", "done", "done", "accept P2's counter-offer")
    assert t.s.current_player() == 1
    assert t.moves() == [f"Ambush (card {amb})", f"Assassin (card {asn})"]
    return t


def _after_each_return(t):
    """(narration for each seat, key of each seat) after each possible return."""
    seen = []
    for a in t.s.legal_actions():
        s = t.s.clone()
        told = [s.describe_action(a, q) for q in range(4)]
        s.apply_action(a)
        seen.append((told, [s.infostate_key(q) for q in range(4)]))
    return seen


def test_a_card_laid_face_down_goes_back_face_down(Guerilla, cid):
    """l.87: "The offering player places the cards he is offering before him. They may be face
    up, face down or a combination ... All trading must be done openly, with no secret
    negotiations or showing of cards." l.88: "If more are offered than can be taken, the
    receiving player may examine the offered cards and choose which to return to his trading
    partner." Reading 36: a card goes back as it was laid; one laid face down is seen by the
    two partners alone, so a third seat's narration and information set are the same whichever
    card went back (the engine once named it to every seat: "P2: Assassin (card ...)")."""
    (told_a, keys_a), (told_b, keys_b) = _after_each_return(_returning(Guerilla, cid))
    for q in (2, 3):
        assert told_a[q] == told_b[q] and keys_a[q] == keys_b[q]
        assert "Ambush" not in told_a[q] and "Assassin" not in told_b[q]
    for q in (0, 1):                                   # the giver and the receiver see it
        assert told_a[q] != told_b[q] and keys_a[q] != keys_b[q]


def test_a_card_laid_face_up_goes_back_in_everyones_sight(Guerilla, cid):
    """Reading 36 (l.87-l.88): a card laid face up was seen by all and goes back face up."""
    (told_a, keys_a), (told_b, keys_b) = _after_each_return(_returning(Guerilla, cid, ("up", "up")))
    for q in range(4):
        assert told_a[q] != told_b[q] and keys_a[q] != keys_b[q]


def test_a_third_seats_world_keeps_the_return_to_make(Guerilla, cid):
    """A world redrawn for a third seat while the receiver returns a card: he still holds the
    cards he received, as many face down as were laid face down, and has one to return."""
    t = _returning(Guerilla, cid)
    for seed in range(20):
        s = t.s.clone()
        s.resample(2, seed)
        moves = [s.action_to_string(a) for a in s.legal_actions()]
        assert len(moves) == 2 and all(m in s.observation(1)["hand"] for m in moves)


def test_where_a_face_down_card_falls_among_the_face_up_ones_is_not_told(Guerilla, cid):
    """l.87: the offered cards "may be face up, face down or a combination"; reading 36: a card
    laid face down is seen by the two partners alone. The cards once changed hands in id order,
    so a third seat's key told whether the hidden card's id was below or above the shown
    Ambush (96): an Air Assault (93) and an Informant (114) laid face down must look alike."""
    keys = []
    for hidden in ("Air Assault", "Informant"):
        t = Guerilla(4).arrange(hands={0: [cid("Ambush"), cid(hidden)], 1: [cid("Bodyguard")]})
        t.do("offer a trade", "Ambush face up", f"{hidden} face down", "done",
             "Bodyguard face up", "done", "done", "done")
        before = t.s.infostate_key(2)
        t.do("accept P2's counter-offer")
        keys.append((before, t.s.infostate_key(2), t.obs(2)["hand_sizes"]))
    assert keys[0] == keys[1]
