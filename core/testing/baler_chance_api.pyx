# cython: language_level=3
"""Python wrappers over Heroes of Baler's chance walks (core/games/baler/chance.pyx), for tests."""
from partisan.core.games.baler cimport chance


def walk_uniform(double u, int n):
    return chance.walk_uniform(u, n)


def walk_roll(double u, int k):
    return chance.walk_roll(u, k)
