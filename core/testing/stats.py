"""Goodness-of-fit for tests of random blocks (no scipy needed)."""
from __future__ import annotations

import math


def chi_square(observed, expected) -> float:
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected))


def chi_square_critical(df: int, z: float = 3.719) -> float:
    """Wilson-Hilferty approximation of the chi-square quantile with `df` degrees of
    freedom at the normal quantile z (3.719: a one-sided p of 1e-4)."""
    h = 2.0 / (9.0 * df)
    return df * (1.0 - h + z * math.sqrt(h)) ** 3


def fits(observed, expected) -> bool:
    """The counts are consistent with the expected counts (p > 1e-4)."""
    return chi_square(observed, expected) < chi_square_critical(len(observed) - 1)
