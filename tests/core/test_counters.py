"""The counter table: loading, validation, and the compiled C array agreeing with the TOML."""
import tomllib

import pytest

from partisan.core.counters import load_counters, parse_counters
from partisan.core.errors import DataError

TEXT = """
sides = ["red", "blue"]
types = ["soldier", "leader", "gun"]
roles = ["military", "medical"]
factors = ["combat", "manpower"]
total = { value = 7, source = "rulebook" }

[[counter]]
name = "Ana"
side = "red"
type = "leader"
role = "medical"
rank = { value = 2, source = "reconstructed" }
factors = { combat = 1, manpower = { value = 3, source = "public" }, source = "rulebook" }
source = "public"

[[counter]]
name = "Rifle"
side = "blue"
type = "soldier"
count = { value = 3, source = "reconstructed" }
factors = { combat = 2, manpower = 0, source = "reconstructed" }
source = "rulebook"

[[marker]]
name = "turn"
count = 3
source = "rulebook"
"""


def doc(**changes):
    d = tomllib.loads(TEXT)
    for key, value in changes.items():
        d[key] = value
    return d


def table():
    return parse_counters(doc(), "counters.toml")


def test_groups_expand_and_lookups_work():
    t = table()
    assert [c.name for c in t.counters] == ["Ana", "Rifle 1", "Rifle 2", "Rifle 3"]
    assert t.index("Rifle 2") == 2
    assert t.group("Rifle") == [1, 2, 3]
    assert t.of(side="blue", type="soldier") == [1, 2, 3]
    assert t.of(role="medical") == [0]
    assert t.factor(0, "manpower") == 3
    assert t.markers == {"turn": (3, "rulebook")}


def test_every_value_keeps_its_source():
    ana = table().counters[0]
    assert ana.sources == {"name": "public", "rank": "reconstructed", "combat": "rulebook",
                           "manpower": "public", "count": "public"}
    assert table().counters[1].sources["count"] == "reconstructed"


def test_compiled_array_agrees_with_the_toml():
    t = table()
    c = t.compile()
    assert len(c) == 4
    for i, counter in enumerate(t.counters):
        assert c.row(i) == (counter.side, counter.type, counter.role, counter.rank, counter.factors)
    assert c.row(0) == (0, 1, 1, 2, (1, 3))
    assert c.factor(3, 0) == 2
    with pytest.raises(IndexError):
        c.row(4)


def broken(mutate):
    d = doc()
    mutate(d)
    with pytest.raises(DataError) as err:
        parse_counters(d, "counters.toml")
    return str(err.value)


def test_missing_field():
    def drop(d):
        del d["counter"][0]["side"]
    assert broken(drop) == "counters.toml counter 'Ana': missing field 'side'"


def test_bad_source():
    def bad(d):
        d["counter"][1]["factors"]["source"] = "guessed"
    assert "counter 'Rifle'.factors: source must be one of rulebook, public, reconstructed" in broken(bad)


def test_unknown_key_is_an_error():
    def typo(d):
        d["counter"][0]["rnak"] = 1
    assert "counter 'Ana': unknown field 'rnak'" in broken(typo)

    def factor_typo(d):
        d["counter"][0]["factors"]["combt"] = 1
    assert "unknown field 'combt'" in broken(factor_typo)


def test_unknown_vocabulary():
    def side(d):
        d["counter"][0]["side"] = "green"
    assert "unknown side 'green' (sides: red, blue)" in broken(side)


def test_total_must_match():
    def more(d):
        d["total"]["value"] = 8
    assert "4 units and 3 markers make 7 counters, but the file states 8" in broken(more)


def test_duplicate_names_after_expansion():
    def dup(d):
        d["counter"][0]["name"] = "Rifle 2"
    assert "two counters are called 'Rifle 2'" in broken(dup)


def test_plain_total_needs_a_tag():
    def plain(d):
        d["total"] = 7
    assert "total: must be { value = ..., source = ... }" in broken(plain)


def test_load_counters_names_the_file(tmp_path):
    path = tmp_path / "counters.toml"
    path.write_text(TEXT.replace('side = "red"', 'side = "red"\ncolour = 1', 1))
    with pytest.raises(DataError, match=r"counters\.toml counter 'Ana': unknown field 'colour'"):
        load_counters(path)
    assert len(load_counters_ok(tmp_path).counters) == 4


def load_counters_ok(tmp_path):
    path = tmp_path / "ok.toml"
    path.write_text(TEXT)
    return load_counters(path)


@pytest.mark.parametrize("count, message", [
    (10**9, "counter 'Rifle': count must be 1..256, not 1000000000"),
    (0, "counter 'Rifle': count must be 1..256, not 0")])
def test_a_count_is_bounded_before_any_counter_is_built(count, message):
    """A billion counters would be a billion names (24 GB) before the table's limit was met."""
    def many(d):
        d["counter"][1]["count"]["value"] = count
    assert message in broken(many)


def test_counters_past_the_limit_are_refused_at_the_entry_that_overflows():
    def more(d):
        d["counter"][1]["count"]["value"] = 200
        d["counter"].append({**d["counter"][1], "name": "Cannon"})
    assert "more than 256 counters (at 'Cannon')" in broken(more)


def test_a_marker_count_is_bounded():
    def many(d):
        d["marker"][0]["count"] = 10**30
    assert "marker 'turn': count must be 1..10000" in broken(many)
