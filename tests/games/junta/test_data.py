"""The component data: a reconstructed 45-card deck, tagged values, clear errors."""
import shutil

import pytest

from partisan.core.errors import DataError
from partisan.core.games.junta.cards import DATA, EFFECTS, load_data


def test_deck_is_45_cards_with_every_named_card():
    """"45 Game Cards"; "Some cards depict a Diversionary Tactic, an Assassination, a Gunboat, or
    Foreign Aid"; the explained cards and those named in the phases all exist."""
    data = load_data()
    assert sum(c.count for c in data.cards) == 45
    names = {c.name for c in data.cards}
    for name in ("Assassination", "Spy", "Bribery", "Students Circulate Petition", "Diversionary Tactic",
                 "Supercar", "Gunboat", "Surprise Attack", "Yacht", "Peasant Uprising", "Burglars",
                 "Party Donation", "PR Campaign"):
        assert name in names
    aid = [c for c in data.cards if c.effect == "foreign_aid"]
    assert sum(c.count for c in aid) > 45 / 2 and {c.value for c in aid} == {1, 2, 3}
    assert [c.vp for c in data.cards if c.name in ("Supercar", "Yacht")] == [1, 1]


def test_reconstruction_is_labelled():
    """GAPS.md: "the 45-card deck is reconstructed: say so in the data file ... each card with its
    source tag"."""
    text = (DATA / "cards.toml").read_text()
    assert "RECONSTRUCTED DECK" in text
    for card in load_data().cards:
        assert card.source in ("rulebook", "reconstructed", "public")
    unexplained = {c.name: c.source for c in load_data().cards
                   if c.name in ("Burglars", "Party Donation", "PR Campaign")}
    assert set(unexplained.values()) == {"reconstructed"}


def test_rule_numbers():
    """"4 Million Pesos: 1 Building", "2 Million Pesos: 1 Militia", "1 Million Pesos: 1 Card",
    "at most 4 Militias", "at most 4 cards", 5 VP (6 in the Expert Game)."""
    data = load_data()
    assert data.costs == {"building": 4, "militia": 2, "card": 1}
    assert data.limits["militia_per_player"] == 4 and data.limits["hand_limit"] == 4
    assert data.victory == {"basic": 5, "expert": 6}


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace('count = { value = 9, source = "reconstructed" }',
                         'count = { value = 8, source = "reconstructed" }'), "add up to 44"),
    (lambda t: t.replace('effect = "gunboat"', 'effect = "battleship"'), "unknown effect 'battleship'"),
    (lambda t: t.replace('name = "Yacht"', 'name = "Supercar"'), "unique"),
    (lambda t: t.replace('source = "rulebook"\ncount = { value = 2', 'source = "rumour"\ncount = { value = 2', 1),
     "source must be one of"),
    (lambda t: t.replace('text = "No effect. You may not play it."\n', ''), "missing field 'text'"),
    (lambda t: t.replace('value = { value = 3, source = "reconstructed" }', 'value = { value = 30, source = "reconstructed" }'),
     "outside 1..9"),
])
def test_loader_errors(tmp_path, edit, message):
    """GAPS.md: "the engine must validate a data file on load with a clear error for a bad value
    (missing field, unknown card name, count that breaks a rule such as "128 cards")"."""
    shutil.copy(DATA / "rules.toml", tmp_path / "rules.toml")
    (tmp_path / "cards.toml").write_text(edit((DATA / "cards.toml").read_text()))
    with pytest.raises(DataError, match=message):
        load_data(str(tmp_path))


def test_effects_match_the_engine():
    """The compiled state numbers effects in the order of cards.EFFECTS."""
    assert EFFECTS[:3] == ("foreign_aid", "assassination", "spy") and len(EFFECTS) == 13


@pytest.mark.parametrize("file, edit, message", [
    ("cards.toml", lambda t: t.replace("count = { value = 9,", "cuont = { value = 9,", 1),
     r"unknown field 'cuont' \(did you mean 'count'\?\)"),
    ("cards.toml", lambda t: t.replace('count = { value = 9, source = "reconstructed" }',
                                       'count = { value = 9, source = "reconstructed", note = "x" }'),
     r"card 'Foreign Aid 1'\.count: unknown field 'note'"),
    ("cards.toml", lambda t: t + '\n[extra]\nx = 1\n', "unknown field 'extra'"),
    ("rules.toml", lambda t: t.replace("militia = {", "milita = {"),
     r"\[costs\]: unknown field 'milita' \(did you mean 'militia'\?\)"),
])
def test_unknown_keys_are_refused(tmp_path, file, edit, message):
    """A misspelt key is an error naming the file and the table, never silently ignored."""
    for name in ("cards.toml", "rules.toml"):
        shutil.copy(DATA / name, tmp_path / name)
    (tmp_path / file).write_text(edit((DATA / file).read_text()))
    with pytest.raises(DataError, match=message) as info:
        load_data(str(tmp_path))
    assert str(tmp_path / file) in str(info.value)
