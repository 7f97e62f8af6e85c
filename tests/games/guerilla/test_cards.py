"""Guerilla's cards (data/cards.toml) and their loader (cards.py), against what the rulebook
states (guerilla.txt; l.N = its line)."""
import copy
from pathlib import Path

import pytest

import partisan.core
from partisan.core.data import load_toml
from partisan.core.errors import DataError
from partisan.core.games.guerilla import cards as C

FOLDER = Path(partisan.core.__file__).parent / "games" / "guerilla" / "data"
FILE = FOLDER / "cards.toml"


@pytest.fixture(scope="module")
def deck():
    return C.load_cards(FILE)


@pytest.fixture
def doc():
    """A fresh parse of the shipped file, for a test to break."""
    return load_toml(FILE)


def _entry(doc, kind, name):
    return next(e for e in doc[kind] if e.get("name") == name)


def test_counts_by_kind(deck):
    # "a deck of 128 cards" (l.6); one Revolution and three Traitors (l.31); eight complexes
    # (l.131-l.141); the eleven events (l.119-l.129)
    assert len(deck.cards) == deck.count() == 128
    assert {k: deck.count(k) for k in C.KINDS} == {"unit": 65, "leader": 20, "complex": 8,
                                                   "event": 30, "red": 5}
    assert deck.type("Revolution").count == 1 and deck.type("Traitors").count == 3
    assert sorted(t.name for t in deck.of("complex")) == [
        "Airfield", "Banco de Nationale", "Barracks", "Bridge", "Policia", "Port",
        "Presidential Palace", "TV Station"]
    assert len(deck.of("event")) == 11
    assert deck.classes[:2] == ("unit", "leader") and len(deck.classes) == 13


def test_the_reconstruction_is_symmetric(deck):
    # neither faction is favoured by the cards alone (the file's design note)
    units, leaders = deck.of("unit"), deck.of("leader")
    assert sum(t.count * t.government for t in units) == sum(t.count * t.rebel for t in units)
    assert sum(t.government for t in leaders) == sum(t.rebel for t in leaders)
    assert all(1 <= t.value(f) <= 5 for t in units for f in ("government", "rebel"))
    assert all(1 <= t.value(f) <= 3 and -2 <= t.modifier <= 2
               for t in leaders for f in ("government", "rebel"))


def test_named_cards(deck):
    assassin = deck.type("Assassin")          # "the Assassin (B)" (l.11); "Cost: 1 action" (l.123)
    assert (assassin.letter, assassin.cost, assassin.sources["letter"]) == ("B", 1, "rulebook")
    assert assassin.use("assassinate").params == {"threshold": 5}
    un = deck.type("UN Intervention")         # "the UN card (C)" (l.11)
    assert (un.letter, un.cost, un.use("un_intervention").params["defence"]) == ("C", 1, 10)
    arms = deck.type("Arms Cache")            # no cost for uses 1-2, 1 action for 3-4 (l.122)
    assert arms.faction == "rebel" and arms.cost is None
    assert [(u.kind, u.cost, u.phases) for u in arms.uses] == [
        ("arms_attack_again", 0, "B"), ("arms_double", 0, "B"), ("arms_relieve", 1, "C"),
        ("demolition", 1, "B")]
    assert arms.use("demolition").params["attack"] == 6
    port = deck.type("Port")                  # +1 capacity; retrieval by faction, 1 action (l.137)
    assert port.use("hand_capacity").cost == -1
    assert port.use("retrieve").params == {"government": ("Armor Column", "Air Assault"),
                                           "rebel": ("Arms Cache",)}
    barracks = deck.type("Barracks").use("retrieve")   # no Recon Patrol under Rebel control (l.134)
    assert "Recon Patrol" in barracks.params["government"] and "Recon Patrol" not in barracks.params["rebel"]
    assert deck.type("Airfield").use("air_strike").params["attack"] == 6       # l.131
    assert deck.type("TV Station").use("propaganda").cost == 0                   # l.141
    assert deck.type("Revolution").set_aside and deck.type("Traitors").set_aside   # l.31
    assert not deck.type("Bad Weather").set_aside
    assert deck.type("Informant").title == "yellow"     # "Any player can play the informant" (l.126)


def test_sources(deck):
    assert deck.type("Assassin").sources["count"] == "reconstructed"
    assert deck.type("Policia").use("police").sources["cost"] == "reconstructed"
    assert deck.type("Airfield").sources["df"] == "reconstructed"
    assert all(t.sources["name"] == "reconstructed" for t in deck.of("unit") + deck.of("leader"))


def test_loyalty_markers(deck):
    # even Rebel and Government, a Mercenary with an odd count (l.29); the option (l.30)
    assert [(m.rebel, m.government, m.mercenary) for m in map(deck.markers, range(3, 7))] == [
        (1, 1, 1), (2, 2, 0), (2, 2, 1), (3, 3, 0)]
    assert deck.markers(4, True).mercenary == 2 and deck.markers(6, True).rebel == 2
    with pytest.raises(DataError, match="5 players with two Mercenaries"):
        deck.markers(5, True)


def test_compiled_rows(deck):
    rows = deck.compile()
    assert len(rows) == 128 and {len(r) for r in rows} == {C.CARD_WIDTH}
    head = {name: i for i, name in enumerate(C.CARD_HEAD)}
    port_row = rows[deck.ids("Port")[0]]
    assert port_row[head["kind"]] == C.KINDS.index("complex") and port_row[head["df"]] == 2
    slot = port_row[len(C.CARD_HEAD) + C.USE_WIDTH:][:C.USE_WIDTH]      # the second use
    classes = deck.classes
    assert slot[:4] == (C.EFFECT_CODES.index("retrieve"), 1, 1 << 5, 1)    # phase F = bit 5
    assert slot[4] == (1 << classes.index("Armor Column")) | (1 << classes.index("Air Assault"))
    assert slot[5] == 1 << classes.index("Arms Cache")
    unit_row = rows[0]
    assert unit_row[head["government"]] == deck.types[0].government and unit_row[head["n_uses"]] == 0
    assert all(-2**31 <= v < 2**31 for r in rows for v in r)
    assert [rows[c][head["type"]] for c in range(128)] == list(deck.cards)


def test_game_data_loads_the_shipped_folder():
    loaded = C.GAME_DATA.load()
    assert loaded.value.count() == 128 and len(loaded.fingerprint) > 0


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(cuont=1), "unknown field 'cuont'"),
    (lambda d: d["unit"][0].update(count=d["unit"][0]["count"] + 1), "add up to 129 cards, but total is 128"),
    (lambda d: d["unit"][0].update(rebel=0), "rebel 0 is outside 1..9"),
    (lambda d: d["leader"][0]["government"].update(rank=3), "unknown field 'rank'"),
    (lambda d: d["leader"][0].update(modifier="+1"), "field 'modifier' must be int"),
    (lambda d: _entry(d, "event", "Assassin")["uses"].append({"kind": "assasinate"}),
     "unknown kind 'assasinate'"),
    (lambda d: _entry(d, "event", "Assassin")["uses"][0].update(thresold=5), "did you mean 'threshold'"),
    (lambda d: _entry(d, "event", "Assassin").update(faction="rebels"), "faction must be one of"),
    (lambda d: _entry(d, "event", "Recon Patrol").update(faction="any"),
     "only a government card may carry 'recon_patrol'"),
    (lambda d: _entry(d, "complex", "Port")["abilities"].append({"kind": "assassinate", "threshold": 5}),
     "a complex card cannot carry 'assassinate'"),
    (lambda d: _entry(d, "complex", "Port")["abilities"][0].update(cost=1), "unknown field 'cost'"),
    (lambda d: _entry(d, "complex", "Port")["abilities"][1].update(rebel=["Arms Cashe"]),
     "unknown card class 'Arms Cashe'"),
    (lambda d: _entry(d, "complex", "Bridge")["abilities"][0].update(phase="CA"), "letters A-F in order"),
    (lambda d: _entry(d, "event", "Supply Cut").pop("cost"), "missing field 'cost'"),
    (lambda d: _entry(d, "event", "UN Intervention").update(letter="G"), "letter must be one of"),
    (lambda d: _entry(d, "complex", "Airfield").update(df={"value": 3, "source": "guess"}), "source must be one of"),
    (lambda d: (_entry(d, "red", "Traitors").update(count=2), _entry(d, "red", "Bad Weather").update(count=2)),
     "the rulebook has three Traitor cards"),
    (lambda d: d["event"].append(copy.deepcopy(_entry(d, "event", "Ambush"))), "two entries are named 'Ambush'"),
    (lambda d: d["unit"].append(dict(d["unit"][0], count=1)), "raise its count instead"),
    (lambda d: d["loyalty"][0].update(rebel=2, government=0), "breaks l.29-l.30"),
    (lambda d: d["loyalty"].pop(0), "no loyalty markers for 3 players"),
    # "no unit can multiply its strength by more than two" (l.120): the factor is the rule's
    (lambda d: _entry(d, "event", "Ambush")["uses"][0].update(factor=3), "factor 3 is outside 2..2"),
])
def test_validation_errors_name_file_and_field(doc, edit, message):
    edit(doc)
    with pytest.raises(DataError, match=message) as err:
        C.parse_cards(doc, str(FILE))
    assert str(FILE) in str(err.value)


def test_an_edited_copy_loads_and_a_broken_one_names_its_file(tmp_path):
    text = FILE.read_text(encoding="utf-8")
    (tmp_path / "cards.toml").write_text(text.replace("strength = { value = 4,", "strength = { value = 5,"),
                                         encoding="utf-8")
    edited = C.GAME_DATA.load(tmp_path).value
    assert edited.type("Armor Column").use("armor_column").params["strength"] == 5
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "cards.toml").write_bytes(b"total = \xff")
    with pytest.raises(DataError, match="broken.*not UTF-8"):
        C.GAME_DATA.load(broken)
