"""The one check of a seed, shared by the Python API (games, random streams, bots) and the
command line: a whole number from 0 to 2^64 - 1, taken as it is, never wrapped or truncated
onto another seed."""
from __future__ import annotations

from partisan.core.errors import SeedError, shown

MAX_SEED = 2**64 - 1        # a game's seed is 64 bits


def check_seed(seed, what: str = "seed") -> int:
    """`seed` as an int, or SeedError (a ValueError) saying what a seed may be."""
    if isinstance(seed, bool) or not hasattr(type(seed), "__index__"):
        raise SeedError(f"{what} must be a whole number from 0 to 2^64 - 1, not {shown(seed)}")
    seed = int(seed.__index__())
    if not 0 <= seed <= MAX_SEED:
        raise SeedError(f"{what} {shown(seed)} is out of range: seeds are whole numbers from 0 "
                        f"to 2^64 - 1 ({MAX_SEED})")
    return seed
