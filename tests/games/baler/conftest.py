"""Positions for Heroes of Baler's rule tests: the set-up from the game's data, then units
moved by name (core/games/baler/position.pyx)."""
import pytest

from partisan.core.games.baler.view import space_text
from partisan.core.games.baler.position import BalerTable


@pytest.fixture
def table():
    return BalerTable()


def man_area(t, area, spain=(), philippines=(), artillery=None):
    """Empty area's guard posts and artillery post, then fill the posts in order (Spain: '2',
    '3-4', '5-6'; the Philippines: '1-2', '3-4', '5-6'; 0 leaves a post empty) with soldiers of
    the combat factors `spain` and `philippines` from the bags, and the artillery post with a
    gun of factor `artillery`. Returns {post: unit} of the units placed (the `man` fixture)."""
    placed = {}
    for side, factors in (("spain", spain), ("philippines", philippines)):
        posts = list(t.posts(area, side))
        for post in posts:
            t.clear(post)
        for post, cf in zip(posts, factors):
            if cf:
                unit = t.soldiers(side, cf)[0]
                t.put(unit, post)
                placed[post] = unit
    gun = f"artillery_area_{area}"
    t.clear(gun)
    if artillery:
        unit = next(u for u in t.units_at("philippines_artillery_reserve")
                    if t.parts.board.counters.factor(t.unit(u), "combat") == artillery)
        t.put(unit, gun)
        placed[gun] = unit
    return placed


@pytest.fixture
def man():
    return man_area


@pytest.fixture
def fill_infirmary():
    """fill_infirmary(t, beds, first=None): open `beds` beds and fill them with Spanish
    soldiers from the bag, `first` (a name) in bed 1."""
    def fill(t, beds, first=None):
        while t.beds_open < beds:
            t.expand()
        wounded = ([first] if first else []) + t.soldiers("spain", 1)
        for name in wounded[:beds]:
            t.admit(name)
        return wounded[:beds]
    return fill


def _play(state, *texts):
    """Apply moves and chance outcomes by their text ("area 4", "die 3", "roll 1 2 5"), a space
    also by its name on the board ("territory_3"); each must be legal where it is applied."""
    for text in texts:
        state.apply_action(state.string_to_action(_space_move(state, text)))
    return state


def _space_move(state, text):
    """The move text of the space named `text` (map.toml), else `text` itself."""
    spaces = state.parts_view().board.spaces
    named = [sp for sp in spaces if sp.name == text]
    return space_text(named[0]) if named else text


def _texts(state):
    """The texts of what may happen now (legal moves, or chance outcomes)."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def _quietly(state, until):
    """Play on with harmless outcomes until `until(state)`: every die and roll shows no 5 or
    6 (the lowest faces), every decision is "done" (else the first offered)."""
    while not until(state):
        if state.is_chance_node():
            state.apply_action(min(state.legal_actions(),
                                   key=lambda a: max(_faces(state.action_to_string(a)), default=0)))
        else:
            legal = state.legal_actions()
            state.apply_action(0 if 0 in legal else legal[0])
    return state


def _faces(text):
    return [int(w) for w in text.split()[1:] if w.isdigit()] if text.split()[0] in ("roll", "die") else [0]


def _bag_soldier(t, side, combat, manpower):
    """A soldier of those factors waiting in the side's bag."""
    counters = t.parts.board.counters
    return next(u for u in t.units_at(f"{side}_bag")
                if (counters.factor(t.unit(u), "combat"), counters.factor(t.unit(u), "manpower"))
                == (combat, manpower))


@pytest.fixture
def play():
    return _play


@pytest.fixture
def texts():
    return _texts


@pytest.fixture
def quietly():
    return _quietly


@pytest.fixture
def bag_soldier():
    return _bag_soldier


def _territorial_attack(t, frm=2, foreign=3, us=False, stack=3, **options):
    """A stack of `stack` CF-1 soldiers on space `frm` advances in the Action phase into the
    foreign power's space `foreign` (Spain, strength 3; or the US at strength 4 in turn 4):
    the Filipinos' roll comes next. `options` as for BalerTable.game_state."""
    for _ in range(stack):
        t.put_territory(_bag_soldier(t, "philippines", 1, 1), frm)
    t.set_territory(frm, foreign, us=us, strength=4 if us else 3)
    if us:
        t.set_turn(4)
    t.give("philippines", ["March on Manila"])
    s = t.game_state("action", "philippines", **options)
    return _play(s, "move", "advance on the territorial map", f"territory_{foreign}")


@pytest.fixture
def territorial_attack():
    return _territorial_attack
