"""Positions for Heroes of Baler's rule tests: the set-up from the game's data, then units
moved by name (core/testing/baler_api.pyx)."""
import pytest

from partisan.core.testing.baler_api import BalerTable


@pytest.fixture
def table():
    return BalerTable()


@pytest.fixture
def man():
    """man(t, area, spain=[cf, ...], philippines=[cf, ...], artillery=cf or None): empty the
    area's guard posts and artillery post, then fill the posts in order (Spain: '2', '3-4',
    '5-6'; the Philippines: '1-2', '3-4', '5-6'; 0 leaves a post empty) with soldiers of those
    combat factors from the bags. Returns {post: unit} of the units placed."""
    def build(t, area, spain=(), philippines=(), artillery=None):
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
    return build


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
