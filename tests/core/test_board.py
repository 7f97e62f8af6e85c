"""The board: loading, validation, shared spaces, adjacency, tracks, set-up, compiled form."""
import tomllib

import pytest

from partisan.core.board import load_board, parse_board, parse_setup
from partisan.core.counters import parse_counters
from partisan.core.errors import DataError

COUNTERS = """
sides = ["red", "blue"]
types = ["soldier", "leader"]
roles = ["military", "medical"]
factors = ["combat"]

[[counter]]
name = "Doc"
side = "red"
type = "leader"
role = "medical"
factors = { combat = 1, source = "rulebook" }
source = "rulebook"

[[counter]]
name = "Red"
side = "red"
type = "soldier"
count = 4
factors = { combat = 1, source = "reconstructed" }
source = "reconstructed"

[[counter]]
name = "Blue"
side = "blue"
type = "soldier"
count = 2
factors = { combat = 2, source = "reconstructed" }
source = "reconstructed"
"""

BOARD = """
kinds = ["post", "trench", "command", "pool"]
stacking = { value = 1, source = "rulebook" }

[[area]]
name = "north"
source = "rulebook"

[[area]]
name = "east"
source = "rulebook"

[[area]]
name = "south"
faces = [5, 6]
source = "reconstructed"

[[space]]
name = "tower"
kind = "post"
side = "red"
areas = ["north", "east", "south"]
faces = [2]
source = "rulebook"

[[space]]
name = "corner"
kind = "post"
side = "blue"
areas = ["north", { area = "east", faces = [1, 2] }]
faces = [5, 6]
source = "reconstructed"

[[space]]
name = "north_blue"
kind = "post"
side = "blue"
areas = ["north"]
faces = [1, 2]
source = "rulebook"

[[space]]
name = "ditch"
kind = "trench"
areas = ["north"]
accepts = []
adjacent = ["corner", "north_blue"]
source = "reconstructed"

[[space]]
name = "medical_post"
kind = "command"
side = "red"
role = "medical"
accepts = ["leader"]
home_of = ["Doc"]
source = "rulebook"

[[space]]
name = "bag"
kind = "pool"
capacity = 0
source = "rulebook"

[[track]]
name = "supply"
min = 0
max = 6
start = { value = 4, source = "reconstructed" }
source = "rulebook"

[[track]]
name = "walls"
min = 0
max = 3
start = 3
labels = ["Destroyed", "Wrecked", "Damaged", "Intact"]
source = "rulebook"
"""

SETUP = """
[[place]]
space = "tower"
counters = ["Red"]
source = "reconstructed"

[[place]]
space = "medical_post"
counters = ["Doc"]
source = "reconstructed"

[[fill]]
space = "bag"
source = "reconstructed"
"""


def counters():
    return parse_counters(tomllib.loads(COUNTERS), "counters.toml")


def board(doc=None):
    return parse_board(doc or tomllib.loads(BOARD), "map.toml", counters())


def broken(mutate, text=BOARD):
    doc = tomllib.loads(text)
    mutate(doc)
    with pytest.raises(DataError) as err:
        parse_board(doc, "map.toml", counters())
    return str(err.value)


def test_shared_spaces_appear_in_each_of_their_areas():
    b = board()
    c = b.compile()
    tower, corner = b.space("tower"), b.space("corner")
    for name in ("north", "east", "south"):
        assert tower in b.spaces_of(b.area(name))
        assert tower in c.spaces_of(b.area(name))
    assert b.areas_of(corner) == c.areas_of(corner) == [b.area("north"), b.area("east")]
    assert c.spaces_of(b.area("south")) == [tower]


def test_compiled_board_agrees_with_the_toml():
    b = board()
    c = b.compile()
    for a in range(len(b.areas)):
        assert c.spaces_of(a) == b.spaces_of(a)
    for s, space in enumerate(b.spaces):
        assert c.areas_of(s) == b.areas_of(s)
        assert c.space_row(s) == (space.kind, space.side, space.role, space.capacity, space.number)
        for t in range(len(b.spaces)):
            assert c.is_adjacent(s, t) == (t in space.adjacent)
        for k in range(len(b.counters.counters)):
            assert c.can_hold(s, k) == b.can_hold(s, k)
    for t, track in enumerate(b.tracks):
        assert c.track_bounds(t) == (track.lo, track.hi, track.start)


def test_die_faces_pick_a_space_per_area_with_overrides():
    b = board()
    c = b.compile()
    post, blue, red = b.kind("post"), 1, 0
    north, east = b.area("north"), b.area("east")
    assert c.space_for_face(north, post, blue, 6) == b.space("corner")
    assert c.space_for_face(north, post, blue, 1) == b.space("north_blue")
    assert c.space_for_face(east, post, blue, 1) == b.space("corner")     # labelled 1-2 there
    assert c.space_for_face(east, post, blue, 6) == -1
    assert c.space_for_face(east, post, red, 2) == b.space("tower")
    assert c.area_for_face(5, 0, 3) == b.area("south")
    assert c.area_for_face(1, 0, 3) == -1


def test_adjacency_is_symmetric():
    b = board()
    c = b.compile()
    ditch, corner, tower = b.space("ditch"), b.space("corner"), b.space("tower")
    assert c.is_adjacent(ditch, corner) and c.is_adjacent(corner, ditch)
    assert not c.is_adjacent(ditch, tower)


def test_track_bounds_and_clamp():
    b = board()
    c = b.compile()
    supply = b.track("supply")
    assert [c.clamp(supply, v) for v in (-3, 0, 4, 6, 9)] == [0, 0, 4, 6, 6]
    assert b.tracks[supply].clamp(9) == 6
    assert b.tracks[supply].sources == {"track": "rulebook", "min": "rulebook", "max": "rulebook",
                                        "start": "reconstructed"}
    assert b.tracks[b.track("walls")].labels[3] == "Intact"
    with pytest.raises(IndexError):
        c.clamp(2, 0)


def test_side_type_role_and_home():
    b = board()
    c = b.compile()
    doc, red1, blue1 = b.counters.index("Doc"), b.counters.index("Red 1"), b.counters.index("Blue 1")
    medical, tower = b.space("medical_post"), b.space("tower")
    assert c.can_hold(medical, doc) and not c.can_hold(medical, red1)
    assert c.can_hold(tower, red1) and not c.can_hold(tower, blue1)
    assert not c.can_hold(b.space("ditch"), red1)
    assert c.home(doc) == medical and c.home(red1) == -1


def test_missing_field():
    def drop(d):
        del d["space"][0]["kind"]
    assert broken(drop) == "map.toml space 'tower': missing field 'kind'"


def test_bad_source():
    def bad(d):
        d["area"][1]["source"] = "folklore"
    assert "map.toml area 'east': source must be one of" in broken(bad)


def test_unknown_key():
    def typo(d):
        d["space"][0]["capcity"] = 2
    assert "map.toml space 'tower': unknown field 'capcity'" in broken(typo)

    def top(d):
        d["tracks"] = []
    assert "map.toml: unknown field 'tracks'" in broken(top)


def test_space_in_an_unknown_area():
    def west(d):
        d["space"][0]["areas"].append("west")
    assert broken(west) == "map.toml space 'tower': unknown area 'west'"


def test_other_validation_errors():
    def clash(d):
        d["space"][2]["faces"] = [2, 5]
    assert "in area 'north' a roll of 5 picks both 'corner' and 'north_blue'" in broken(clash)

    def start(d):
        d["track"][0]["start"] = 7
    assert "track 'supply': start 7 is outside min..max (0..6)" in broken(start)

    def labels(d):
        d["track"][1]["labels"].pop()
    assert "labels must name each value 0..3" in broken(labels)

    def adjacent(d):
        d["space"][3]["adjacent"] = ["moat"]
    assert "adjacent to unknown space 'moat'" in broken(adjacent)

    def home(d):
        d["space"][0]["home_of"] = ["Blue 1"]
    assert "space 'tower': cannot be the home of 'Blue 1'" in broken(home)

    def face(d):
        d["space"][0]["faces"] = [7]
    assert "faces must be distinct die faces 1..6" in broken(face)


def setup_error(mutate):
    doc = tomllib.loads(SETUP)
    mutate(doc)
    with pytest.raises(DataError) as err:
        parse_setup(doc, "setup.toml", board())
    return str(err.value)


def test_setup_places_every_counter():
    b = board()
    at = parse_setup(tomllib.loads(SETUP), "setup.toml", b)
    assert at[b.counters.index("Red 1")] == b.space("tower")
    assert at[b.counters.index("Doc")] == b.space("medical_post")
    assert [at[c] for c in b.counters.group("Blue")] == [b.space("bag")] * 2


def test_over_capacity_setup():
    def crowd(d):
        d["place"][0]["counters"] = ["Red", "Red"]
    assert setup_error(crowd) == ("setup.toml place #1 (tower): 'tower' holds at most 1 counter; "
                                  "'Red 2' is one too many")


def test_setup_checks_sides_and_leftovers():
    def wrong_side(d):
        d["place"][0]["counters"] = ["Blue"]
    assert "'Blue 1' cannot stand on 'tower'" in setup_error(wrong_side)

    def no_fill(d):
        del d["fill"]
    assert "the set-up leaves 5 counters nowhere (first: 'Red 2')" in setup_error(no_fill)


def test_load_board_names_the_file(tmp_path):
    path = tmp_path / "map.toml"
    path.write_text(BOARD.replace('name = "north"', 'name = "north"\nlabl = "N"'))
    with pytest.raises(DataError, match=r"map\.toml area 'north': unknown field 'labl'"):
        load_board(path, counters())
