"""Heroes of Baler's cards (data/cards.toml) and their loader (cards.py), against what the
rulebook states (heroes_of_baler.txt; l.N = its line)."""
import copy
from pathlib import Path

import pytest

import partisan.core
from partisan.core.data import load_toml
from partisan.core.errors import DataError
from partisan.core.games.baler import cards as C

FILE = Path(partisan.core.__file__).parent / "games" / "baler" / "data" / "cards.toml"


@pytest.fixture(scope="module")
def deck():
    return C.load_cards(FILE)


@pytest.fixture
def doc():
    return copy.deepcopy(_DOC)


_DOC = load_toml(FILE)


def test_counts(deck):
    # 55 cards (l.77), 10 faction cards per side (l.175); the other 35 split 15 / 10 / 10
    assert len(deck.cards) == 55
    assert len(deck.of("faction", "spain")) == len(deck.of("faction", "philippines")) == 10
    assert len(deck.of("shared", "both")) == 15 and len(deck.of("shared")) == 15
    assert len(deck.of("fog_of_war", "spain")) == len(deck.of("fog_of_war", "philippines")) == 10
    assert sorted(c.number for c in deck.cards) == list(range(1, 56))


def test_anatomy(deck):
    # AP 1-3, up to two different icons (l.201); FoW cards have no secondary event (l.210)
    for c in deck.cards:
        assert 1 <= c.ap <= 3 and len(set(c.icons)) == len(c.icons) <= 2 and c.main
        assert (c.type == "fog_of_war") == (c.requires is None) == (not c.secondary)
        assert c.requires != deck.wildcard


def test_takeover_attempt(deck):
    # "They get a 3. However, a 4 would cause degradation ... by two levels, instead of 1" (l.1151)
    card = deck.card("Takeover attempt")
    assert card.playable_by("philippines") and not card.playable_by("spain")
    (effect,) = card.main
    assert effect.kind == "takeover_attempt"
    assert effect.params["table"][3 - 1] == 1 and effect.params["table"][4 - 1] == 2
    assert card.sources["name"] == "rulebook" and effect.sources["table"] == "reconstructed"


def test_repair_is_a_card_the_philippines_can_play(deck):
    # "The Philippine side played the card Repair in the Initiative phase." (l.555)
    card = deck.card("Repair")
    assert card.playable_by("philippines") and card.main[0].kind == "repair"


def test_the_combat_cards_of_the_modifiers_example(deck):
    # l.932-l.934: a Filipino attack with +1 combat strength; two attacks, each with a die more
    philippine = [c for c in deck.cards if c.side == "philippines"]
    plus_one = [c for c in philippine for e in c.main if e.kind == "attack" and e.params["strength"] == 1]
    two = [c for c in philippine for e in c.main
           if e.kind == "attack" and e.params["count"] == 2 and e.params["extra_dice"] == 1]
    assert plus_one and two
    assert plus_one[0].main[0].text() == "Attack, +1 combat strength"
    assert two[0].main[0].text() == "2 attacks in different areas, each +1 die"


def test_boosting(deck):
    # a matching icon or the star boosts an event card (l.370); FoW cards cannot be boosted (l.368)
    event, fog = deck.card("Sortie"), deck.card("Beriberi")
    assert event.requires == "rifle"
    assert deck.boosts(deck.card("Ambush"), event)                  # rifle
    assert deck.boosts(deck.card("Scouts"), event)                  # star
    assert not deck.boosts(deck.card("Supply Cache"), event)        # crate only
    assert not deck.boosts(deck.card("Scouts"), fog)


def test_compiled_rows_decode_to_the_cards(deck):
    rows = deck.compile()
    assert len(rows) == 55 and {len(r) for r in rows} == {C.CARD_WIDTH}
    assert all(-128 <= v <= 127 for r in rows for v in r)          # int8 in the C array
    head = len(C.CARD_HEAD)
    for card, row in zip(deck.cards, rows):
        h = dict(zip(C.CARD_HEAD, row))
        assert (C.TYPES[h["type"]], C.SIDES[h["side"]], h["ap"], h["initiative"]) == \
            (card.type, card.side, card.ap, card.initiative)
        assert [i for i, icon in enumerate(deck.icons) if h["icons"] >> i & 1] == \
            sorted(deck.icons.index(i) for i in card.icons)
        assert h["requires"] == (-1 if card.requires is None else deck.icons.index(card.requires))
        for e, event, n in ((0, card.main, h["n_main"]), (1, card.secondary, h["n_secondary"])):
            assert n == len(event)
            for k in range(C.EVENT_MAX_EFFECTS):
                at = head + (e * C.EVENT_MAX_EFFECTS + k) * C.EFFECT_WIDTH
                slot = row[at:at + C.EFFECT_WIDTH]
                if k >= n:
                    assert slot[0] == -1
                    continue
                effect = event[k]
                assert C.EFFECT_CODES[slot[0]] == effect.kind
                params, i = {}, 1
                for p in C.EFFECTS[effect.kind].params:
                    value = slot[i:i + p.width]
                    params[p.name] = tuple(value) if p.length else \
                        p.choices[value[0]] if p.choices else value[0]
                    i += p.width
                assert params == effect.params


def _card(doc, name):
    return next(c for c in doc["card"] if c["name"] == name)


def _error(doc, *needles):
    with pytest.raises(DataError) as err:
        C.parse_cards(doc, "cards.toml")
    message = str(err.value)
    assert message.startswith("cards.toml") and all(n in message for n in needles), message


def test_an_unknown_effect_kind_is_an_error(doc):
    _card(doc, "Sortie")["main"] = [{"bayonet_charge": {}}]
    _error(doc, "'Sortie'", "main #1", "unknown effect 'bayonet_charge'")


def test_an_unknown_parameter_is_an_error(doc):
    _card(doc, "Sortie")["main"][0]["attack"]["extra_die"] = 1
    _error(doc, "main #1.attack", "unknown field 'extra_die'")


def test_a_misspelt_card_field_is_an_error(doc):
    _card(doc, "Sortie")["initative"] = 3
    _error(doc, "'Sortie'", "unknown field 'initative'")


@pytest.mark.parametrize("name, change, needles", [
    ("Sortie", {"ap": 4}, ("ap 4 is outside 1..3",)),
    ("Sortie", {"icons": ["rifle", "crate", "cross"]}, ("up to two different icons",)),
    ("Sortie", {"icons": ["sword"]}, ("unknown icon 'sword'",)),
    ("Sortie", {"title": "both"}, ("both colours",)),
    ("Repair", {"title": "red"}, ("both colours",)),
    ("Sortie", {"type": "shared"}, ("both colours",)),
    ("Beriberi", {"secondary": {"requires": "cross", "effects": [{"vp": {"delta": 1}}]}},
     ("no secondary event",)),
    ("Sortie", {"secondary": {"requires": "star", "effects": [{"vp": {"delta": 1}}]}},
     ("other than the wildcard",)),
    ("Sortie", {"main": [{"trench": {}}]}, ("cannot carry 'trench'",)),
    ("Sortie", {"main": [{"attack": {"kind": "artillery"}}]}, ("'artillery' is for philippines",)),
    ("Repair", {"main": [{"heal": {}}]}, ("a shared card cannot carry 'heal'",)),
    ("Sortie", {"main": [{"morale": {"delta": 0}}]}, ("main #1.morale.delta", "or zero")),
    ("Sortie", {"main": [{"morale": {}}]}, ("missing field 'delta'",)),
    ("Sortie", {"main": [{"attack": {"kind": "bombing"}}]}, ("must be one of any",)),
    ("Sortie", {"main": [{"attack": {"count": 3}}]}, ("count", "outside 1..2")),
    ("Sortie", {"main": [{"vp": {"delta": 1}}] * 4}, ("at most 3 per event",)),
    ("Sortie", {"main": []}, ("non-empty list",)),
    ("Sortie", {"main": [{"vp": {"delta": 1}, "morale": {"delta": 1}}]}, ("one key",)),
    ("Sortie", {"main": [{"vp": {"delta": 1, "source": "guess"}}]}, ("source must be one of",)),
    ("Takeover attempt", {"main": [{"takeover_attempt": {"table": [0, 1, 2]}}]}, ("must list 6",)),
    ("Sortie", {"number": 1}, ("two cards have the number 1",)),
    ("Sortie", {"name": "Repair"}, ("two cards have the name 'Repair'",)),
])
def test_bad_values_are_errors(doc, name, change, needles):
    _card(doc, name).update(change)
    _error(doc, *needles)


def test_counts_are_checked(doc):
    doc["card"] = [c for c in doc["card"] if c["name"] != "Beriberi"]
    _error(doc, "9 philippines fog of war cards, but the file states 10")
    doc = copy.deepcopy(_DOC)
    doc["shared"] = {"value": 14, "source": "reconstructed"}
    _error(doc, "but total is 55")


def test_a_missing_file_names_it(tmp_path):
    with pytest.raises(DataError, match="cards.toml: data file not found"):
        C.load_cards(tmp_path / "cards.toml")
