"""Resampling the choices a seat cannot see: other Golpistas' secret orders and the
Presidente's promises under way."""
import itertools
from collections import Counter

from partisan.core.games.junta.cards import BATTLE_EFFECTS, load_data
from partisan.core.games.junta.state import PLACES

LARS, ANDY, SUSANNE, MATT = 0, 1, 2, 3
PRES_CODE = 5                           # "6": defend the Presidente (0-based codes 0..4 are estates)
L_HAND, L_PROM = PLACES["hand"], PLACES["promises"]


def legal_order_sets(k, players, pres):
    codes = list(range(players)) + [PRES_CODE]
    return {c for c in itertools.combinations_with_replacement(codes, k)
            if not (pres in c and PRES_CODE in c)}


def code_of(move):
    """0-based order code of "militia 2: attack 3" or "militia 2: defend own estate (3)"."""
    return int(move.rstrip(")").split("(")[-1].split()[-1]) - 1


def orders_of(fields, q):
    return tuple(c for c, m in enumerate(fields["ords"][q]) for _ in range(m))


def test_hidden_orders_are_redrawn_as_uniform_legal_multisets_and_the_choice_continues(Junta):
    t = Junta(4, militia=[4, 2, 3, 1])
    t.draw_round().promise_each()
    t.order(ANDY, 1, 4)                 # attack the Presidente and Matt
    t.order(SUSANNE, 3)                 # one of three dice on her own estate; she is ordering
    seen = Counter()
    for seed in range(1400):
        world = t.s.clone()
        world.resample(MATT, seed)
        f = world._fields()
        andy, susanne = orders_of(f, ANDY), orders_of(f, SUSANNE)
        seen[andy] += 1
        assert len(susanne) == 1 and susanne in legal_order_sets(1, 4, LARS)
        # Susanne's next dice continue from the redrawn one, in non-decreasing code.
        allowed = [c for c in list(range(4)) + [PRES_CODE]
                   if c >= susanne[0] and not (c == PRES_CODE and LARS in susanne)]
        assert [code_of(world.action_to_string(a)) for a in world.legal_actions()] == allowed
    assert set(seen) == legal_order_sets(2, 4, LARS)            # 15 multisets less "1 and 6"
    assert max(seen.values()) < 2 * min(seen.values())          # about 100 each


def test_promises_under_way_continue_from_the_redealt_pile(Junta):
    names = [c.name for c in load_data().cards]
    t = Junta(4, hands={LARS: ["Foreign Aid 1", "Foreign Aid 3", "Spy", "Burglars"]})
    t.draw_round()
    t.do("promise Foreign Aid 3 to P2")
    first = set()
    for seed in range(300):
        world = t.s.clone()
        world.resample(SUSANNE, seed)
        f = world._fields()
        kinds = [k for k, m in enumerate(f["cnt"][L_PROM + ANDY]) if m]
        assert len(kinds) == 1
        first.add(kinds[0])
        to_andy = [names.index(m.split("promise ")[1].split(" to")[0])
                   for m in (world.action_to_string(a) for a in world.legal_actions())
                   if m.endswith("to P2")]
        assert to_andy == [k for k in range(len(names))
                           if k >= kinds[0] and f["cnt"][L_HAND + LARS][k] > 0]
    assert min(first) < names.index("Foreign Aid 3") < max(first)


def test_a_seat_paying_for_what_it_bought_keeps_the_money_in_every_world():
    """Junta's purchases are announced ("P4: buy a militia", "buy a card") before they are paid
    with Foreign Aid cards from the hand: a world redrawn for another seat must leave the buyer
    the money to pay, or it has no legal move. A random game (seed 23300) reached such a world
    after its 37th action, with the Presidente's 4 in Foreign Aid redealt as 2."""
    from partisan.core.game import load_game
    state = load_game("junta", 4).new_initial_state(23300)
    for action in (249, 224, 229, 237, 226, 231, 225, 226, 235, 226, 226, 225, 225, 8, 30, 34, 38,
                   0, 0, 0, 0, 106, 106, 108, 0, 0, 0, 0, 0, 245, 242, 153, 240, 0, 0, 190, 191):
        state.apply_action(action)
    assert state.observation(0)["phase"] == "spend money" and state.current_player() == MATT
    for seed in range(300):
        world = state.clone()
        world.resample(LARS, seed)
        assert world.legal_actions(), seed
        assert world.observation(LARS) == state.observation(LARS)


def test_a_reading_search_gives_the_presidentes_battle_cards_to_the_golpistas(Junta):
    """"The Presidente picks out at least 1 of the cards in his hand for each Golpista" (l.37),
    and in self-play he promises his battle cards away far more than the rest. A world read
    with weight r (`read`) moves each battle card a redeal left in his hand, beyond what the
    seat knows, to another Golpista with probability r, in exchange for a card of another
    kind; what the reading seat sees is the same in every world. Here Lars keeps one card of
    each battle effect (cards.BATTLE_EFFECTS, which the compiled reading must name alike) and
    a Spy; Matt cannot see where they are."""
    cards = load_data().cards
    battle = [k for k, c in enumerate(cards) if c.effect in BATTLE_EFFECTS]
    assert len(battle) == 6
    t = Junta(4, hands={LARS: [cards[k].name for k in battle] + ["Spy"]})
    t.draw_round().promise_each()
    assert t.s.phase == "command militias"
    held = {}
    for reading in (0.0, 0.5, 1.0):
        held[reading] = Counter()
        for seed in range(300):
            world = t.s.clone()
            world.resample(MATT, seed, reading)
            f = world._fields()
            kept = Counter({k: f["cnt"][L_HAND + LARS][k] for k in battle})
            held[reading] += kept
            assert world.observation(MATT) == t.s.observation(MATT)
            assert f["tot"] == t.s._fields()["tot"]
            if reading == 1.0 and sum(kept.values()):   # only when Andy and Susanne hold nothing else
                assert all(m == 0 for q in (ANDY, SUSANNE) for place in (L_HAND + q, L_PROM + q)
                           for k, m in enumerate(f["cnt"][place]) if k not in battle)
    for k in battle:                        # every battle effect is read, each on its own
        assert held[0.0][k] > 40            # his share of the places the seat cannot see
        assert held[1.0][k] < 0.2 * held[0.0][k], cards[k].name
    whole = {r: sum(c.values()) for r, c in held.items()}
    assert 0.3 * whole[0.0] < whole[0.5] < 0.7 * whole[0.0]
