"""Heroes of Baler's component data, loaded with the core loaders, against what the rulebook
states (heroes_of_baler.txt; l.N = its line)."""
from pathlib import Path

import pytest

import partisan.core
from partisan.core.board import load_board, load_setup
from partisan.core.counters import load_counters

DATA = Path(partisan.core.__file__).parent / "games" / "baler" / "data"
NAMED = ["Fabregat Fabregat", "Buades Tormo", "Gopar Hernández", "José Pestana", "Donat Pastor",
         "Chamizo García", "Mir Brils", "Mateo Conesa", "Alonso Medero", "Catalán Valero"]


@pytest.fixture(scope="module")
def counters():
    return load_counters(DATA / "counters.toml")


@pytest.fixture(scope="module")
def board(counters):
    return load_board(DATA / "map.toml", counters)


@pytest.fixture(scope="module")
def compiled(board):
    return board.compile()


def test_the_box_holds_194_counters(counters):
    # "194 counters" (l.79); the loader refuses a file whose units and markers do not add up
    assert counters.total == 194
    assert len(counters.counters) + sum(n for n, _ in counters.markers.values()) == 194


def test_the_ten_named_soldiers_are_spanish_soldiers(counters):
    for name in NAMED:
        c = counters.counters[counters.index(name)]
        assert (counters.sides[c.side], counters.types[c.type]) == ("spain", "soldier")
        assert c.sources["name"] == "rulebook"


def test_factor_ranges(counters):
    # combat 1-3, manpower 0-3 (l.236-l.237); rank 1-3 (l.246)
    for i, c in enumerate(counters.counters):
        combat, manpower = counters.factor(i, "combat"), counters.factor(i, "manpower")
        assert 1 <= combat <= 3
        if counters.types[c.type] == "soldier":
            assert 0 <= manpower <= 3 and c.rank == 0
        else:
            assert manpower == 0
        if counters.types[c.type] == "leader":
            assert 1 <= c.rank <= 3


def test_leaders(counters):
    spanish = {counters.counters[i].name: counters.roles[counters.counters[i].role]
               for i in counters.of(side="spain", type="leader")}
    assert sorted(spanish.values()) == ["medical", "military", "military", "military",
                                        "religious", "religious", "religious"]
    assert len(counters.of(side="philippines", type="leader")) == 5
    assert all(counters.counters[i].role == -1 for i in counters.of(side="philippines", type="leader"))
    assert counters.factor(counters.index("Cándido Gómez Carreño"), "combat") == 1     # l.1264
    ranks = lambda side: {counters.counters[i].rank for i in counters.of(side=side, type="leader")}
    assert 3 in {counters.counters[i].rank for i in counters.of(side="spain", role="military")}  # l.1282
    assert 2 in ranks("philippines")                                                     # l.934


def test_the_examples_combat_sums(counters):
    cf = lambda *names: sum(counters.factor(counters.index(n), "combat") for n in names)
    assert cf("Fabregat Fabregat", "José Pestana", "Gopar Hernández") == 6      # 2+1+3 (l.717)
    assert cf("Fabregat Fabregat", "Buades Tormo", "Gopar Hernández") == 8      # CF 8 (l.848)


def test_areas_and_their_guard_posts(board, compiled):
    post, spain, philippines = board.kind("guard_post"), 0, 1
    for a in map(board.area, "1234"):
        assert {compiled.space_for_face(a, post, spain, f) for f in range(1, 7)} - {-1} == \
            {compiled.space_for_face(a, post, spain, f) for f in (2, 3, 5)}
        assert compiled.space_for_face(a, post, spain, 1) == -1               # no Spanish '1'
        assert compiled.space_for_face(a, post, spain, 2) == board.space("spain_bell_tower")
        assert compiled.space_for_face(a, post, spain, 3) == compiled.space_for_face(a, post, spain, 4)
        assert compiled.space_for_face(a, post, philippines, 1) == compiled.space_for_face(a, post, philippines, 2)
        assert len({compiled.space_for_face(a, post, philippines, f) for f in (1, 3, 5)}) == 3
        kinds = [board.spaces[s].kind for s in compiled.spaces_of(a)]
        assert kinds.count(board.kind("trench")) == 2 and kinds.count(board.kind("artillery_post")) == 1


def test_shared_posts(board, compiled):
    assert compiled.areas_of(board.space("spain_bell_tower")) == [0, 1, 2, 3]          # l.104
    assert compiled.areas_of(board.space("philippines_5_6_areas_1_4")) == [0, 3]       # l.596
    post, area1 = board.kind("guard_post"), board.area("1")
    for side, face in ((1, 1), (1, 5), (0, 5)):                                        # l.590
        assert len(compiled.areas_of(compiled.space_for_face(area1, post, side, face))) == 2
    for s in board.of_kind("guard_post", "philippines"):                               # l.104
        faces = board.spaces[s].areas[0][1]
        assert len(board.areas_of(s)) == (1 if faces == (3, 4) else 2)


def test_counts_of_spaces(board):
    assert len(board.of_kind("trench")) == 8 and len(board.of_kind("artillery_post")) == 4   # l.106-l.108
    assert len(board.of_kind("command_post", "spain")) == len(board.of_kind("command_post", "philippines")) == 3
    assert [board.spaces[s].number for s in board.of_kind("bed")] == [1, 2, 3, 4, 5, 6]
    assert [board.spaces[s].capacity for s in board.of_kind("territory")] == [3] * 5       # l.117
    assert len(board.of_kind("detachment", "spain")) == 18                                # 3 rows x 6


def test_trenches_lie_between_filipino_posts_of_their_area(board, compiled):
    for t in board.of_kind("trench"):
        (area, _), = board.spaces[t].areas
        flanks = [s for s in board.spaces[t].adjacent if board.spaces[s].kind == board.kind("guard_post")]
        assert len(flanks) == 2
        assert board.spaces[board.of_kind("artillery_post")[area]].adjacent.count(t) == 1
        for s in flanks:
            assert board.spaces[s].side == 1 and compiled.is_adjacent(s, t)
            assert area in board.areas_of(s)


def test_detachment_rows_and_leader_homes(board, counters, compiled):
    # The beriberi example: row die 2 -> the leaders' row, column die 2 -> Alonso Zayas (l.431)
    rows = board.area("spain_row_1_2")
    row = compiled.area_for_face(2, rows, 3)
    assert row == rows
    space = compiled.space_for_face(row, board.kind("detachment"), 0, 2)
    assert space == compiled.home(counters.index("Juan Alonso Zayas"))
    six = board.space("spain_detachment_1_2_6")
    assert board.spaces[six].capacity == 2                                              # l.116
    assert compiled.home(counters.index("Juan López")) == compiled.home(counters.index("Félix Minaya")) == six
    assert all(compiled.home(i) >= 0 for i in counters.of(type="leader"))


def test_command_posts_match_leader_types(board, counters, compiled):
    military = board.space("spain_command_military")
    assert compiled.can_hold(military, counters.index("Saturnino Martín Cerezo"))
    assert not compiled.can_hold(military, counters.index("Rogelio Vigil de Quiñones"))
    assert not compiled.can_hold(military, counters.index("Simón Tecson"))
    assert compiled.can_hold(board.space("philippines_command_us_support"), counters.index("Simón Tecson"))
    assert not compiled.can_hold(board.space("spain_bag"), counters.index("Juan López"))  # l.268


def test_tracks(board, compiled):
    for name in ("spain_supply", "spain_morale", "philippines_supply", "philippines_morale"):
        t = board.track(name)
        assert compiled.track_bounds(t)[:2] == (0, 6) and compiled.clamp(t, 8) == 6      # l.129
    assert compiled.track_bounds(board.track("turn")) == (1, 6, 1)
    assert compiled.track_bounds(board.track("spain_beds")) == (3, 6, 3)                 # l.944
    assert compiled.track_bounds(board.track("foreign_power_space"))[2] == 2             # l.1355
    walls = board.tracks[board.track("walls_area_1")]
    assert walls.labels[walls.start - walls.lo] == "Intact"


def test_setup_mans_every_post_and_places_every_counter(board, counters):
    at = load_setup(DATA / "setup.toml", board)
    for s in board.of_kind("guard_post"):
        assert at.count(s) == 1
    for i in counters.of(type="leader"):
        assert at[i] == board.home[i]
    on_map = [at[i] for i in counters.of(type="artillery") if board.spaces[at[i]].kind == board.kind("artillery_post")]
    assert len(on_map) <= 4 and len(set(on_map)) == len(on_map)


def test_a_soldier_factor_outside_0_3_is_refused(tmp_path):
    """Bag draws go by (combat, manpower) class, each 0-3 (l.236-l.237): the game's components
    refuse a soldier outside them, naming the file."""
    import shutil

    from partisan.core.errors import DataError
    from partisan.core.games.baler.components import BalerComponents
    for f in DATA.iterdir():
        shutil.copy(f, tmp_path / f.name)
    text = (tmp_path / "counters.toml").read_text()
    (tmp_path / "counters.toml").write_text(
        text.replace("factors = { combat = 1, manpower = 3 }", "factors = { combat = 1, manpower = 4 }", 1))
    with pytest.raises(DataError, match="counters.toml"):
        BalerComponents(tmp_path)


@pytest.mark.parametrize("space, number, message", [
    ("trench_3", 255, "area 2's trench spaces must be numbered 3 and 4"),
    ("territory_2", 200, "territory_2 must be numbered 2"),
])
def test_a_space_number_the_engine_counts_by_is_checked(tmp_path, space, number, message):
    """The trenches (two an area, 1-10) and the territorial spaces (1-5) are told apart by their
    numbers: an edited map whose number is out of place is refused naming the file, before the
    engine or the screen counts by it."""
    import re
    import shutil

    from partisan.core import DataError, load_game
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    text = (folder / "map.toml").read_text()
    entry = re.search(rf'name = "{space}"\n(?:(?!\[\[space\]\]).*\n)*?number = (?:\{{ value = )?(\d+)', text)
    start, end = entry.span(1)
    (folder / "map.toml").write_text(text[:start] + str(number) + text[end:])
    with pytest.raises(DataError, match=re.escape(f"{folder / 'map.toml'}: {message}")):
        load_game("baler", data=folder)
