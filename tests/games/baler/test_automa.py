"""The Partisan automa (core/games/baler/automa.py, data/automa.toml; docs/games/baler-solo.md):
its deck as chance nodes of the game (option `automa`), its cards' data, each priority rule
forced by a card and a set-up position, the fallback and the tie die, and games without an
illegal move. The automa is our own design: the rulebook's solo mode is not public (l.78,
l.81, l.258)."""
import random

import pytest

from partisan.ai.bots import make_bot
from partisan.core import load_game
from partisan.core.errors import DataError, OptionError
from partisan.core.games.baler.automa import (AUTOMA_FILE, CRITERIA, LABEL, N_CARDS, ROWS, SOURCE,
                                              AutomaCard, Seen, decide, load_cards, marked_battery)
from partisan.core.games.baler.state import ACTIONS, CHANCE_OUTCOMES, NODES
from partisan.core.games.baler.position import BalerTable

GAME = load_game("baler", automa=True)
SPAIN, PHILIPPINES = 0, 1
AREA = ACTIONS["area"]
ACT = ACTIONS["act"]


def reach(node: str, seat: int, until=lambda s: True, seed: int = 0, game=GAME):
    """The first decision `node` of `seat` (meeting `until`) in seeded random games."""
    rng = random.Random(seed)
    for attempt in range(200):
        s = game.new_initial_state(seed + attempt)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance())
            elif s.current_player() == seat and s._snap()["node"] == NODES[node] and until(s):
                return s
            else:
                s.apply_action(rng.choice(s.legal_actions()))
    raise AssertionError(f"no {node} decision for seat {seat} in 200 games")


def edit(state, change):
    table = BalerTable()
    table.load(state)
    change(table)
    table.store(state)


def card(**rows) -> AutomaCard:
    return AutomaCard(99, "test", {row: tuple(rows.get(row, ())) for row in ROWS})


def choose(state, seat, seed=0, **rows):
    return decide(state, seat, random.Random(seed), card(**rows))


def empty_posts(t):
    for area in range(1, 5):
        for side in ("spain", "philippines"):
            for post in t.posts(area, side):
                t.clear(post)
        t.clear(f"artillery_area_{area}")


def man_area(t, area, spain=(), philippines=()):
    """Fill the area's empty posts in order with soldiers of (at most) these combat factors."""
    for side, factors in (("spain", spain), ("philippines", philippines)):
        for post, cf in zip(t.posts(area, side), factors):
            if cf and not t.occupant(post):     # the strongest soldier in the bag up to cf
                t.put(next(u for k in range(cf, 0, -1) for u in t.soldiers(side, k)), post)


# ---------------------------------------------------------------- the deck in the game
def test_the_two_player_game_has_no_automa_deck():
    """Default off: no automa chance node, no card in the observation."""
    s = load_game("baler").new_initial_state(4)
    rng = random.Random(4)
    while not s.is_terminal():
        if s.is_chance_node():
            action = s.sample_chance()
            assert action < CHANCE_OUTCOMES["automa"]
            s.apply_action(action)
        else:
            assert s.observation(0)["automa_card"] is None
            s.apply_action(rng.choice(s.legal_actions()))


def test_a_card_is_drawn_at_the_start_of_each_phase_and_seen_by_both():
    """One public draw per phase (Initiative to Upkeep), before the phase's first decision; 28
    different cards before the deck is reshuffled."""
    s = GAME.new_initial_state(5)
    rng = random.Random(5)
    drawn, phases = [], []
    while not s.is_terminal():
        phase = (s._snap()["turn"], s._snap()["phase"])
        if s.is_chance_node():
            action = s.sample_chance()
            if s.action_to_string(action).startswith("automa card"):
                drawn.append(action - CHANCE_OUTCOMES["automa"] + 1)
                phases.append(phase)
            s.apply_action(action)
            if drawn and s._snap()["automa_card"] == drawn[-1] - 1:
                assert s.observation(0)["automa_card"] == s.observation(1)["automa_card"] == drawn[-1]
        else:
            assert phases[-1] == phase      # every decision follows its phase's draw
            s.apply_action(rng.choice(s.legal_actions()))
    assert len(phases) == len(set(phases))
    assert {p for _, p in phases} == set(range(1, 8))
    assert len(set(drawn[:N_CARDS])) == min(N_CARDS, len(drawn))


# ---------------------------------------------------------------- the cards' data
def test_the_deck_is_28_cards_of_our_own_with_known_criteria():
    cards = load_cards()
    assert [c.number for c in cards] == list(range(1, N_CARDS + 1))
    used = {n for c in cards for names in c.rows.values() for n in names}
    assert used == set(CRITERIA)        # a small closed vocabulary, all of it in use
    for c in cards:
        for row, names in c.rows.items():
            assert all(row in CRITERIA[n].rows for n in names)
    text = AUTOMA_FILE.read_text()
    assert text.count(f'source = "{SOURCE}"') == N_CARDS + 1 and LABEL in text


@pytest.mark.parametrize("change, message", [
    (('"walls_weakest"', '"walls_weakets"'), "unknown criterion 'walls_weakets'"),
    (('shootings = ["both_manned"', 'shootings = ["heal_two"'), "criterion 'heal_two' belongs to heal"),
    (('number = 28', 'number = 29'), "numbered 1 to 28"),
    (('name = "Siege: Guns forward"\nsource = "partisan automa"',
      'name = "Siege: Guns forward"\nsource = "reconstructed"'), "card 2: source must be"),
])
def test_bad_automa_data_is_refused(tmp_path, change, message):
    path = tmp_path / "automa.toml"
    original = AUTOMA_FILE.read_text()
    assert change[0] in original
    path.write_text(original.replace(change[0], change[1], 1))
    with pytest.raises(DataError, match=message):
        load_cards(path)


def test_every_decision_of_the_game_has_its_row():
    assert sorted(n for nodes, _ in ROWS.values() for n in nodes) == sorted(NODES)


# ---------------------------------------------------------------- areas
def _area_choice(setup, criterion, seat=SPAIN):
    s = reach("shoot", seat, lambda s: len(s.legal_actions()) >= 3, seed=11)
    target = s.legal_actions()[-1] - AREA + 1
    edit(s, lambda t: setup(t, target))
    d = choose(s, seat, shootings=[criterion])
    return d, target


def _walls(t, target):
    for a in range(1, 5):
        t.set_walls(a, "Wrecked" if a == target else "Intact")


def _enemy(t, target):
    empty_posts(t)
    man_area(t, target, philippines=(3, 3))


def _own_fire(t, target):
    empty_posts(t)
    man_area(t, target, spain=(0, 3))     # the '3-4' post: in this area alone


def _both(t, target):
    empty_posts(t)
    man_area(t, target, spain=(1,), philippines=(1,))
    man_area(t, target % 4 + 1, spain=(0, 2, 2))


def _gun(t, target):
    empty_posts(t)
    gun = next(u for u in t.units_at("philippines_artillery_reserve"))
    t.put(gun, f"artillery_area_{target}")


def _trench(t, target):
    for k in range(1, 9):
        t.set_trench(k, "none" if (k + 1) // 2 == target else "built")


@pytest.mark.parametrize("setup, criterion", [
    (_walls, "walls_weakest"), (_enemy, "enemy_strongest"), (_enemy, "enemy_most_units"),
    (_own_fire, "firepower_own"), (_both, "both_manned"), (_gun, "artillery_here"),
    (_trench, "trench_open"),
])
def test_shootings_follow_the_area_criteria(setup, criterion):
    d, target = _area_choice(setup, criterion)
    assert d.action == AREA + target - 1 and d.criterion == criterion
    assert d.text(reach("shoot", 0, seed=11)).startswith(f'{LABEL} card 99 "test", Shootings row: ')


def _enemy_fire(t, target):
    empty_posts(t)
    man_area(t, target, spain=(1,), philippines=(0, 3, 3))


def _own_thin(t, target):
    empty_posts(t)
    for area in range(1, 5):
        if area != target:
            man_area(t, area, spain=(3, 3, 3))


@pytest.mark.parametrize("setup, criterion", [(_enemy_fire, "firepower_enemy"), (_own_thin, "own_weakest")])
def test_the_enemys_firepower_and_its_own_weakness(setup, criterion):
    d, target = _area_choice(setup, criterion)
    assert d.action == AREA + target - 1


def test_an_enemy_leader_draws_the_fire():
    def setup(t, target):
        empty_posts(t)
        leader = next(u.name for u in t.parts.board.counters.counters
                      if u.side == 1 and t.parts.board.counters.types[u.type] == "leader")
        t.put(leader, list(t.posts(target, "philippines"))[1])
    d, target = _area_choice(setup, "enemy_leader")
    assert d.action == AREA + target - 1


def test_a_tie_is_settled_by_a_die_and_nothing_applying_falls_back():
    s = reach("shoot", SPAIN, lambda s: len(s.legal_actions()) == 4, seed=3)
    edit(s, lambda t: [t.set_walls(a, "Intact") for a in range(1, 5)])
    picks = {choose(s, SPAIN, seed=k, shootings=["walls_weakest"]).action for k in range(30)}
    assert len(picks) > 1 and picks <= set(s.legal_actions())
    assert choose(s, SPAIN, shootings=["walls_weakest"]).tied == 4
    fallback = choose(s, SPAIN)             # no criterion: a die, no pass to take here
    assert fallback.criterion is None and fallback.action in s.legal_actions()
    act = reach("act", SPAIN, lambda s: len(s.legal_actions()) > 2)
    assert choose(act, SPAIN).action == ACTIONS["done"]     # the fallback passes


# ---------------------------------------------------------------- action points
def _act_with(code):
    return reach("act", SPAIN, lambda s: ACT + code in s.legal_actions(), seed=2)


def test_supply_is_bought_when_low_and_not_otherwise():
    s = _act_with(1)
    edit(s, lambda t: t.set_tracks("spain", supply=2))
    assert choose(s, SPAIN, actions=["act_supply", "act_move"]).action == ACT + 1
    edit(s, lambda t: t.set_tracks("spain", supply=6))
    assert choose(s, SPAIN, actions=["act_supply"]).action == ACTIONS["done"]
    assert choose(s, SPAIN, actions=["act_supply", "act_move"]).action == ACT + 0


def test_morale_comes_before_what_follows_on_the_card():
    s = _act_with(5)
    edit(s, lambda t: t.set_tracks("spain", morale=2))
    assert choose(s, SPAIN, actions=["act_morale", "act_move"]).action == ACT + 5
    edit(s, lambda t: t.set_tracks("spain", morale=5))
    assert choose(s, SPAIN, actions=["act_morale", "act_move"]).action == ACT + 0


def test_an_attack_goes_where_the_attacks_row_says():
    s = reach("act", SPAIN, lambda s: sum(ACTIONS.locate(a)[0] == "attack" for a in s.legal_actions()) >= 2,
              seed=6)
    d = choose(s, SPAIN, actions=["act_attack"], attacks=["walls_weakest"])
    assert ACTIONS.locate(d.action)[0] == "attack" and d.criterion == "act_attack"
    attacks = [a for a in s.legal_actions() if ACTIONS.locate(a)[0] == "attack"]
    seen = Seen(s, SPAIN)
    assert seen.walls((d.action - ACTIONS["attack"]) % 4) == min(seen.walls((a - ACTIONS["attack"]) % 4)
                                                                 for a in attacks)


@pytest.mark.parametrize("code, criterion", [(13, "act_repair"), (12, "act_surveillance"),
                                             (0, "act_move")])
def test_each_action_criterion_takes_its_action(code, criterion):
    s = _act_with(code)
    assert choose(s, SPAIN, actions=[criterion]).action == ACT + code


def test_heal_when_two_lie_in_the_infirmary():
    s = _act_with(3)
    beds = sum(1 for b in s.observation(0)["board"]["beds"] if b)
    expected = ACT + 3 if beds >= 2 else ACTIONS["done"]
    assert choose(s, SPAIN, actions=["act_heal"]).action == expected


# ---------------------------------------------------------------- the Philippines' own
def test_trenches_and_persistence_for_the_philippines():
    s = reach("act", PHILIPPINES, lambda s: ACT + 6 in s.legal_actions(), seed=1)
    assert choose(s, PHILIPPINES, actions=["act_persistence"]).action == ACT + 6


def test_the_marked_battery_is_the_gun_the_areas_row_picks():
    """The artillery counters' solo side (docs/games/baler-solo.md): among the areas with a gun,
    the one the card's Other areas row picks."""
    s = reach("act", PHILIPPINES, seed=1)
    number = next(c.number for c in load_cards() if c.rows["areas"][0] == "walls_weakest")

    def two_guns(t):
        empty_posts(t)
        guns = list(t.units_at("philippines_artillery_reserve"))[:2]
        t.put(guns[0], "artillery_area_2")
        t.put(guns[1], "artillery_area_4")
        for a in range(1, 5):
            t.set_walls(a, "Damaged" if a == 4 else "Intact")
        t.set_automa_card(number)
    edit(s, two_guns)
    assert marked_battery(Seen(s, PHILIPPINES)) == 3
    attacks = [a for a in s.legal_actions() if ACTIONS.locate(a)[0] == "attack"]
    if len({(a - ACTIONS["attack"]) % 4 for a in attacks}) > 1 and any((a - ACTIONS["attack"]) % 4 == 3
                                                                       for a in attacks):
        d = choose(s, PHILIPPINES, actions=["act_attack"], attacks=["marked_battery"])
        assert (d.action - ACTIONS["attack"]) % 4 == 3
    assert marked_battery(Seen(s, SPAIN)) is None       # Spain's automa does not use the backs


# ---------------------------------------------------------------- manning, Fog of War, cards
def test_manning_takes_the_bell_tower_first():
    s = reach("man", SPAIN, lambda s: len(s.legal_actions()) >= 2
              and any(len(s.parts_view().board.spaces[a - ACTIONS["space"]].areas) == 4
                      for a in s.legal_actions()), seed=4)
    d = choose(s, SPAIN, manning=["post_shared"])
    assert len(s.parts_view().board.spaces[d.action - ACTIONS["space"]].areas) == 4


@pytest.mark.parametrize("seat", [SPAIN, PHILIPPINES])
def test_a_fog_of_war_card_is_kept_only_with_morale_to_spare(seat):
    s = reach("fow_keep", seat, lambda s: len(s.legal_actions()) == 2)
    side = ("spain", "philippines")[seat]
    edit(s, lambda t: t.set_tracks(side, morale=5))
    assert choose(s, seat, fog_of_war=["fow_keep", "fow_give"]).action == ACTIONS["yes"]
    edit(s, lambda t: t.set_tracks(side, morale=2))
    assert choose(s, seat, fog_of_war=["fow_keep", "fow_give"]).action == ACTIONS["done"]


@pytest.mark.parametrize("criterion, value", [("initiative_high", lambda c: c.initiative),
                                              ("initiative_low", lambda c: -c.initiative),
                                              ("ap_low", lambda c: -c.ap)])
def test_the_initiative_card(criterion, value):
    s = reach("init", SPAIN, lambda s: len(s.legal_actions()) >= 3)
    cards = s.parts_view().deck.cards
    d = choose(s, SPAIN, initiative=[criterion])
    assert value(cards[d.action - ACTIONS["card"]]) == max(value(cards[a - ACTIONS["card"]])
                                                           for a in s.legal_actions())


def test_events_are_all_resolved_in_card_order():
    s = reach("ev_next", SPAIN, lambda s: len(s.legal_actions()) >= 3)
    assert choose(s, SPAIN, events=["resolve_in_order"]).action == s.legal_actions()[1]
    assert choose(s, SPAIN).action == ACTIONS["done"]       # nothing applies: stop


def test_surveillance_is_activated():
    s = reach("surv", SPAIN)
    assert choose(s, SPAIN, modifiers=["surveil_always"]).action == ACTIONS["yes"]


def test_modifiers_spend_morale_only_above_the_card_s_floor():
    s = reach("mod", SPAIN, lambda s: any(ACTIONS.locate(a)[0] == "modifier" and (a - ACTIONS["modifier"]) < 12
                                          for a in s.legal_actions()), seed=7)
    edit(s, lambda t: t.set_tracks("spain", morale=3))
    assert choose(s, SPAIN, modifiers=["mod_morale"]).action == ACTIONS["done"]
    d = choose(s, SPAIN, modifiers=["mod_free"])
    assert d.action == ACTIONS["done"] or (d.action - ACTIONS["modifier"]) >= 12


# ---------------------------------------------------------------- the bot
def test_the_bot_needs_the_automa_deck():
    bot = make_bot("automa", game="baler")
    s = load_game("baler").new_initial_state(1)
    while s.is_chance_node():
        s.apply_action(s.sample_chance())
    with pytest.raises(OptionError, match="automa=true"):
        bot.choose(s)


def _games(n: int, first_seed: int = 0):
    for i in range(n):
        seat = i % 2
        s = GAME.new_initial_state(first_seed + i)
        automa, other = make_bot("automa", seed=i, game="baler"), random.Random(i)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance())
            elif s.current_player() == seat:
                action = automa.choose(s)
                assert action in s.legal_actions(), (first_seed + i, s.move_number)
                s.apply_action(action)
            else:
                s.apply_action(other.choice(s.legal_actions()))


def test_random_games_against_the_automa_on_either_side():
    _games(100)


@pytest.mark.slow
def test_many_random_games_against_the_automa():
    _games(10_000, first_seed=10_000)


# ---------------------------------------------------------------- the other rows
def _cards_of(s, kind):
    deck = s.parts_view().deck.cards
    return [deck[a - ACTIONS["card"]] for a in s.legal_actions() if ACTIONS.locate(a)[0] == kind]


def _kinds(card):
    return {e.kind for e in card.main}


def _units(s):
    return s.parts_view().board.counters


def _is_leader(s, a):
    counters = _units(s)
    return counters.types[counters.counters[a - ACTIONS["unit"]].type] == "leader"


OTHER_ROWS = [
    # (node, seat, position wanted, the card's row, what the choice must be)
    ("init", PHILIPPINES, lambda s: any(c.type == "fog_of_war" for c in _cards_of(s, "card")),
     dict(initiative=["own_fog_first"]),
     lambda s, a: s.parts_view().deck.cards[a - ACTIONS["card"]].type == "fog_of_war"),
    ("ev_card", SPAIN, lambda s: 0 < sum("attack" in _kinds(c) for c in _cards_of(s, "card")) < len(s.legal_actions()),
     dict(events=["attack_event"]), lambda s, a: "attack" in _kinds(s.parts_view().deck.cards[a - ACTIONS["card"]])),
    ("ev_card", PHILIPPINES, lambda s: 0 < sum("attack" not in _kinds(c) for c in _cards_of(s, "card"))
     < len(s.legal_actions()), dict(events=["building_event"]),
     lambda s, a: "attack" not in _kinds(s.parts_view().deck.cards[a - ACTIONS["card"]])),
    ("fow_shared", SPAIN, lambda s: len(s.legal_actions()) == 3, dict(fog_of_war=["shared_most_ap"]),
     lambda s, a: (2 if a - ACTIONS["shared"] == 2 else s.parts_view().deck.cards[
         s.observation(0)["shared_up"][a - ACTIONS["shared"]]].ap) == max(
         [2] + [s.parts_view().deck.cards[c].ap for c in s.observation(0)["shared_up"]])),
    ("leader", SPAIN, lambda s: True, dict(leaders=["leader_activate"]), lambda s, a: a == ACTIONS["yes"]),
    ("leader", SPAIN, lambda s: True, dict(leaders=["leader_reserve"]), lambda s, a: a == ACTIONS["done"]),
    ("heal", SPAIN, lambda s: ACT + 10 in s.legal_actions(), dict(heal=["heal_two"]), lambda s, a: a == ACT + 10),
    ("heal", SPAIN, lambda s: sum(ACTIONS.locate(a)[0] == "bed" for a in s.legal_actions()) >= 2,
     dict(heal=["heal_lowest"]),
     lambda s, a: a == min(x for x in s.legal_actions() if ACTIONS.locate(x)[0] == "bed")),
    ("victim", SPAIN, lambda s: len(s.legal_actions()) >= 2, dict(incursions=["loss_weakest"]),
     lambda s, a: _units(s).counters[a - ACTIONS["unit"]].factors[0] == min(
         _units(s).counters[x - ACTIONS["unit"]].factors[0] for x in s.legal_actions())),
    ("move", SPAIN, lambda s: ACT + 7 in s.legal_actions(), dict(movement=["move_bag"]), lambda s, a: a == ACT + 7),
    ("move", PHILIPPINES, lambda s: ACT + 8 in s.legal_actions(), dict(movement=["move_deploy"]),
     lambda s, a: a == ACT + 8),
    ("attack", PHILIPPINES, lambda s: any(ACTIONS.locate(a)[0] == "attack" and (a - ACTIONS["attack"]) // 4 == 2
                                          for a in s.legal_actions()) and len(s.legal_actions()) > 2,
     dict(attacks=["kind_artillery"]), lambda s, a: (a - ACTIONS["attack"]) // 4 == 2),
    ("surv", PHILIPPINES, lambda s: True, dict(modifiers=["surveil_behind"]),
     lambda s, a: (a == ACTIONS["yes"]) == (Seen(s, PHILIPPINES).firepower(s.observation(1)["combat"]["area"]) <= 0)),
]


@pytest.mark.parametrize("node, seat, wanted, rows, check", OTHER_ROWS,
                         ids=[f"{r[0]}-{next(iter(r[3].values()))[0]}" for r in OTHER_ROWS])
def test_each_row_follows_its_criterion(node, seat, wanted, rows, check):
    s = reach(node, seat, wanted, seed=13)
    d = choose(s, seat, **rows)
    assert d.action in s.legal_actions() and check(s, d.action)


def test_a_criterion_that_drops_only_done_is_not_said_to_have_chosen():
    """A criterion that speaks of every area alike (every wall Intact: "the area with the weakest
    walls") keeps the automa from giving the effect up ("done"), but a die picks the area: the
    reason says the criterion was alike for every choice, not that it chose; the move is the
    same. One that leaves a single move (yes over no) still is the reason."""
    s = reach("area", SPAIN, lambda s: ACTIONS["done"] in s.legal_actions() and len(s.legal_actions()) == 5)
    edit(s, lambda t: [t.set_walls(a, "Intact") for a in range(1, 5)])
    d = choose(s, SPAIN, areas=["walls_weakest"])
    assert d.action != ACTIONS["done"] and d.tied == 4 and d.criterion is None
    assert "Other areas row: the area with the weakest walls, alike for every choice; a die picked among 4" \
        in d.reason(), d.reason()
    yes = reach("surv", SPAIN, lambda s: len(s.legal_actions()) == 2)
    d = choose(yes, SPAIN, modifiers=["surveil_always"])
    assert d.criterion == "surveil_always" and "row: activate its surveillance marker" in d.reason(), d.reason()


def test_a_yes_or_no_criterion_no_choice_fits_is_not_given_as_the_reason():
    """Spain has no artillery, so "an artillery attack" fits none of its shootings: the reason says
    so rather than naming it beside the shooting a die picked (heroes_of_baler.txt l.860: "Only the
    Philippine side can use the artillery fire combat type, as the Spanish have no artillery in
    play.")."""
    s = reach("attack", SPAIN, lambda s: ACTIONS["done"] in s.legal_actions() and len(s.legal_actions()) >= 3)
    d = choose(s, SPAIN, attacks=["kind_artillery"])
    assert d.action != ACTIONS["done"] and d.tied == len(s.legal_actions()) - 1
    assert 'Attacks row: no choice is "an artillery attack"; a die picked among' in d.reason(), d.reason()


def test_a_firepower_criterion_says_the_track_value_it_read():
    """The automa reads the firepower track as last set, which the board does not show (it shows
    what a combat would have now): its reason names the value read, so a shooting 'where its
    firepower is highest' at +0 does not contradict a +2 on the board (heroes_of_baler.txt l.619:
    "You must determine the firepower in a specific area on the map before each of the combats or
    incursions occurring in that area.")."""
    s = reach("attack", SPAIN, lambda s: ACTIONS["done"] in s.legal_actions() and len(s.legal_actions()) >= 3)
    d = choose(s, SPAIN, attacks=["firepower_own"])
    track = s.observation(SPAIN)["board"]["areas"][(d.action - ACTIONS["attack"]) % 4]["firepower"]
    assert f"the area where its firepower is highest (firepower track as last set: {track:+d})" in d.reason(), \
        d.reason()
