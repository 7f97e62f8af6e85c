"""Cost of the geometry predicates (core/geometry.pxd) on a crowded table: 48 cards (a full
four-player game) thrown around a 40 x 30 cm patch, two bushes. Each predicate runs over every
ordered pair of cards (lines: one from each card's top edge; chains: one from each card), in C
without the GIL; shapely's vectorised calls on the same pairs give the yardstick.

    python -m pytest benchmarks/test_geometry.py --benchmark-only
"""
from __future__ import annotations

import random

import numpy as np
import pytest
import shapely
from shapely import Polygon
from shapely.affinity import rotate, translate

from partisan.core.testing import geometry_api as g

N, REPS = 48, 200
PER_CARD = ("first_hit", "chain")


def _scene():
    rnd = random.Random(1)
    cards = [(rnd.randrange(2500, 6500), rnd.randrange(1500, 4500), rnd.randrange(3600), 63, 88, i)
             for i in range(N)]
    return cards, [(3000, 2000, 45), (6000, 4000, 45)]


def _polys(cards):
    out = []
    for x, y, a, w, h, _ in cards:
        box = Polygon([(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)])
        out.append(translate(rotate(box, a / 10.0, origin=(0, 0)), x / 10.0, y / 10.0))
    return np.array(out)


@pytest.mark.parametrize("what", ["overlap", "touch", "area", "first_hit", "chain"])
def test_predicate(benchmark, rate, what):
    cards, bushes = _scene()
    benchmark.pedantic(g.bench, args=(cards, bushes, what, REPS), rounds=10, iterations=1,
                       warmup_rounds=1)
    rate(REPS * (N if what in PER_CARD else N * N), "calls/s")


@pytest.mark.parametrize("what", ["overlap", "touch", "area"])
def test_shapely(benchmark, rate, what):
    polys = _polys(_scene()[0])
    a, b = polys[:, None], polys[None, :]
    run = {"overlap": lambda: shapely.intersects(a, b),
           "touch": lambda: shapely.dwithin(a, b, g.TOUCH),
           "area": lambda: shapely.area(shapely.intersection(a, b)) > g.COVER}[what]
    benchmark.pedantic(run, rounds=10, iterations=1, warmup_rounds=1)
    rate(N * N, "calls/s")
