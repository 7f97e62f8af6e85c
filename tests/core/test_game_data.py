"""Playing with an edited copy of a game's data: load_game(data=DIR), records that pin the
data and the action encoding, and a broken data file that disables only its own game."""
from __future__ import annotations

import dataclasses
import json
import random
import shutil

import pytest

from partisan.core import DataError, OptionError, RecordError, load_game
from partisan.core import data as data_module
from partisan.core import game as registry
from partisan.core import record
from partisan.core.record import Match


def play(game, seed=3, decisions=150):
    match = Match(game, seed)
    rng = random.Random(seed)
    while not match.state.is_terminal() and len(match.actions) < decisions:
        if match.state.is_chance_node():
            match.play_chance()
        else:
            match.apply(rng.choice(match.state.legal_actions()))
    return match


def test_edited_data_is_played(edited_junta):
    edited = load_game("junta", data=edited_junta)
    counts = {c.name: c.count for c in edited.data.cards}
    assert counts["Foreign Aid 1"] == 8 and counts["Foreign Aid 2"] == 11
    shipped = load_game("junta")
    assert edited.encoding["actions"] == shipped.encoding["actions"]
    assert edited.encoding["data"] != shipped.encoding["data"]
    assert edited.data_dir == edited_junta.resolve() and shipped.data_dir is None
    assert str(edited).endswith(f", data from {edited_junta.resolve()})") and "data" not in str(shipped)
    deck = edited.new_initial_state(1).observation(0)["deck_size"]
    assert deck == sum(counts.values())


def test_a_copy_of_the_shipped_data_has_the_shipped_fingerprint(junta_data):
    assert load_game("junta", data=junta_data("copy")).fingerprint == load_game("junta").fingerprint


def test_bad_data_folders_are_refused(tmp_path, junta_data):
    with pytest.raises(DataError, match="not a data folder"):
        load_game("junta", data=tmp_path / "missing")
    broken = junta_data("broken", lambda t: t.replace("count = {", "cuont = {", 1))
    with pytest.raises(DataError, match=r"cards\.toml.*unknown field 'cuont'"):
        load_game("junta", data=broken)
    with pytest.raises(OptionError, match="no component data"):
        load_game("war", data=tmp_path)


def test_record_pins_the_data_and_replays_with_it(tmp_path, junta_data, edited_junta):
    folder = edited_junta
    match = play(load_game("junta", data=folder))
    path = match.save(tmp_path / "game.json")
    saved = json.loads(path.read_text())
    assert saved["version"] == record.VERSION == 2
    assert saved["encoding"] == match.game.encoding and saved["meta"]["data"] == str(folder.resolve())
    again = record.load(path)                               # the folder the record names
    assert again.state.fingerprint() == match.state.fingerprint()
    with pytest.raises(RecordError, match="other component data.*the data in .*--data DIR"):
        record.load(path, data_dir=junta_data("shipped_copy"))
    del saved["meta"]["data"]                               # as if replayed with the shipped data
    with pytest.raises(RecordError, match="other component data.*the data shipped with the game"):
        record.from_dict(saved)


def test_record_of_another_numbering_is_refused_before_any_action():
    saved = play(load_game("war")).to_dict()
    saved["encoding"]["actions"] = "0123456789abcdef"
    with pytest.raises(RecordError, match="another action encoding of WAR.*numbers the actions differently"):
        record.from_dict(saved)
    for bad in (None, "x", {"actions": 3, "data": None}, {"actions": "a", "data": 4}):
        saved["encoding"] = bad
        with pytest.raises(RecordError, match="'encoding' must be an object"):
            record.from_dict(saved)


def test_version_1_records_still_load():
    """Written before encoding fingerprints: replayed by legality alone."""
    match = play(load_game("junta"))
    old = match.to_dict()
    old["version"] = 1
    del old["encoding"]
    assert record.from_dict(old).state.fingerprint() == match.state.fingerprint()


def test_broken_shipped_data_disables_only_its_own_game(junta_data, monkeypatch):
    registry.registered_games()
    junta = registry.game_info("junta")
    broken = junta_data("broken", lambda t: t.replace('effect = "gunboat"', 'effect = "battleship"'))
    monkeypatch.setitem(registry._REGISTRY, "junta", dataclasses.replace(
        junta, data=dataclasses.replace(junta.data, folder=broken)))
    reason = registry.unavailable_reason(registry.game_info("junta"))
    assert "unknown effect 'battleship'" in reason and str(broken) in reason
    assert registry.unavailable_reason(registry.game_info("war")) is None
    with pytest.raises(DataError, match="is unavailable: .*battleship"):
        load_game("junta")
    play(load_game("war"))
    good = load_game("junta", data=junta_data("good"))     # an edited copy still plays
    play(good, decisions=20)


def _baler_data(tmp_path, name, edit=lambda text: text):
    """A copy of Heroes of Baler's data folder with edit(text) applied to its automa.toml."""
    from partisan.core.games.baler import DATA
    folder = tmp_path / name
    shutil.copytree(DATA, folder)
    (folder / "automa.toml").write_text(edit((DATA / "automa.toml").read_text()))
    return folder


def _first_card_renamed(text):
    return text.replace('name = "Assault: Forlorn hope"', 'name = "Edited"', 1)


def test_the_baler_automa_deck_is_part_of_the_data(tmp_path):
    """--data reads automa.toml too: the automa plays the folder's deck, the fingerprint
    covers it, and a broken deck is refused naming the file."""
    from partisan.core.games.baler.automa import Seen
    edited = load_game("baler", data=_baler_data(tmp_path, "edited", _first_card_renamed), automa=True)
    assert edited.data.automa[0].name == "Edited"
    assert edited.fingerprint != load_game("baler", automa=True).fingerprint
    state = edited.new_initial_state(1)
    state.apply_action(state.sample_chance())
    assert Seen(state, 0).deck is edited.data.automa
    broken = _baler_data(tmp_path, "broken", lambda t: t.replace('"walls_weakest"', '"walls_weakets"', 1))
    with pytest.raises(DataError, match=r"automa\.toml: card \d+, .*unknown criterion 'walls_weakets'"):
        load_game("baler", data=broken)


def test_a_baler_record_pins_the_automa_deck(tmp_path):
    folder = _baler_data(tmp_path, "deck")
    path = play(load_game("baler", data=folder, automa=True), decisions=30).save(tmp_path / "game.json")
    (folder / "automa.toml").write_text(_first_card_renamed((folder / "automa.toml").read_text()))
    data_module._load.cache_clear()         # loaded data is cached per folder: read it afresh
    with pytest.raises(RecordError, match="other component data for Heroes of Baler"):
        record.load(path)


def test_a_baler_card_icon_that_is_not_a_name_is_a_data_error():
    """Found by mutating every field of every data file: a table among a card's icons was a
    TypeError (an internal error), not a refusal naming the file."""
    from partisan.core.games.baler import DATA
    from partisan.core.games.baler.cards import parse_cards
    doc = data_module.load_toml(DATA / "cards.toml")
    card = next(c for c in doc["card"] if c.get("icons"))
    card["icons"] = [{"a": 1}]
    with pytest.raises(DataError, match="cards.toml.*up to two different icons"):
        parse_cards(doc, "cards.toml")
