"""Ratings from game results: Bradley–Terry strengths with Davidson ties, fitted
by maximum likelihood (scipy), Wald intervals from the observed information,
and Wilson intervals for win rates.

A comparison is one pair of seats in one game: the seat with the higher return
beats the other, equal returns are a tie. In a two-player game that is simply
the game's result. Davidson's model gives a tie its own probability,
nu*sqrt(pi_i*pi_j) / (pi_i + pi_j + nu*sqrt(pi_i*pi_j)), so draws inform the
fit without being counted as half a win and half a loss.

A weak Gaussian prior on each strength (`prior_elo`, one standard deviation)
keeps the estimate finite when a bot won or lost every comparison (which
happens when calibrating against `random`); with a few dozen games per pair it
moves the estimate far less than its interval.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np
from scipy import optimize

ELO_PER_NAT = 400.0 / math.log(10.0)   # Elo points per unit of log-strength
LOG_NU_PRIOR_SD = 5.0                  # weak prior on the log tie weight


@dataclass(frozen=True)
class Ratings:
    """Elo-scale ratings centred on the field's mean, with `level` intervals."""

    names: tuple[str, ...]
    elo: np.ndarray
    low: np.ndarray
    high: np.ndarray
    tie_weight: float          # Davidson's nu; 0 when no comparison was tied
    level: float

    def rows(self) -> list[dict]:
        return [{"name": n, "elo": float(e), "low": float(lo), "high": float(hi)}
                for n, e, lo, hi in zip(self.names, self.elo, self.low, self.high)]


def _z(level: float) -> float:
    """Two-sided normal quantile for a confidence level."""
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson(score: float, n: float, level: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion `score / n` (a draw counts half)."""
    if n <= 0:
        return 0.0, 1.0
    z = _z(level)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, float(centre - half)), min(1.0, float(centre + half))


def expected_score(elo_difference: float) -> float:
    """Win probability (ties ignored) for a rating difference on the Elo scale."""
    return 1.0 / (1.0 + 10.0 ** (-elo_difference / 400.0))


def _pairs(wins: np.ndarray, ties: np.ndarray):
    """Index arrays and counts for every unordered pair that met at least once."""
    i, j = np.triu_indices(len(wins), k=1)
    w_ij, w_ji, t = wins[i, j], wins[j, i], ties[i, j] + ties[j, i]
    met = (w_ij + w_ji + t) > 0
    return i[met], j[met], w_ij[met], w_ji[met], t[met]


def _objective(x, k, pairs, with_ties, prior_var):
    """Negative penalised log-likelihood and its gradient."""
    i, j, w_ij, w_ji, t = pairs
    theta = x[:k]
    log_nu = x[k] if with_ties else -np.inf
    a, b = theta[i], theta[j]
    mid = log_nu + (a + b) / 2
    log_d = np.logaddexp(np.logaddexp(a, b), mid)
    n = w_ij + w_ji + t
    p_i, p_j, p_t = np.exp(a - log_d), np.exp(b - log_d), np.exp(mid - log_d)
    ll = w_ij * a + w_ji * b - n * log_d
    if with_ties:
        ll = ll + t * mid
    value = -ll.sum() + (theta ** 2).sum() / (2 * prior_var)
    grad = np.zeros_like(x)
    np.add.at(grad, i, -(w_ij + t / 2 - n * (p_i + p_t / 2)))
    np.add.at(grad, j, -(w_ji + t / 2 - n * (p_j + p_t / 2)))
    grad[:k] += theta / prior_var
    if with_ties:
        value += log_nu ** 2 / (2 * LOG_NU_PRIOR_SD ** 2)
        grad[k] = -(t - n * p_t).sum() + log_nu / LOG_NU_PRIOR_SD ** 2
    return value, grad


def _hessian(fun, x, step=1e-5):
    """Central differences of the analytic gradient, symmetrised."""
    h = np.empty((len(x), len(x)))
    for m in range(len(x)):
        e = np.zeros_like(x)
        e[m] = step
        h[:, m] = (fun(x + e)[1] - fun(x - e)[1]) / (2 * step)
    return (h + h.T) / 2


def fit(names, wins, ties=None, prior_elo: float = 1000.0, level: float = 0.95) -> Ratings:
    """Fit ratings from `wins[i, j]` (times i beat j) and `ties[i, j]` (draws, either order)."""
    names = tuple(names)
    k = len(names)
    wins = np.asarray(wins, dtype=float)
    ties = np.zeros((k, k)) if ties is None else np.asarray(ties, dtype=float)
    if wins.shape != (k, k) or ties.shape != (k, k):
        raise ValueError(f"wins and ties must be {k}x{k} matrices")
    pairs = _pairs(wins, ties)
    with_ties = bool(pairs[4].sum() > 0)
    prior_var = (prior_elo / ELO_PER_NAT) ** 2
    x0 = np.zeros(k + 1 if with_ties else k)

    def fun(x):
        return _objective(x, k, pairs, with_ties, prior_var)

    res = optimize.minimize(fun, x0, jac=True, method="BFGS", options={"gtol": 1e-8})
    theta = res.x[:k]
    cov = np.linalg.inv(_hessian(fun, res.x))[:k, :k]
    centre = np.eye(k) - 1.0 / k                 # ratings are relative to the field's mean
    theta_c = centre @ theta
    se = np.sqrt(np.clip(np.diag(centre @ cov @ centre), 0.0, None))
    z = _z(level)
    elo = theta_c * ELO_PER_NAT
    half = z * se * ELO_PER_NAT
    nu = float(np.exp(res.x[k])) if with_ties else 0.0
    return Ratings(names, elo, elo - half, elo + half, nu, level)


def fit_constrained(wins, rows, prior_elo: float = 1000.0) -> np.ndarray:
    """Bradley–Terry Elo for `wins[i, j]` (a draw counted as half a win each way), entry 0 fixed
    at 0, maximising the same penalised likelihood as fit() subject to `rows @ elo >= 0` (one
    linear inequality per row of `rows`, a k-column matrix)."""
    wins = np.asarray(wins, dtype=float)
    k = len(wins)
    pairs = _pairs(wins, np.zeros((k, k)))
    prior_var = (prior_elo / ELO_PER_NAT) ** 2

    def fun(v):
        value, grad = _objective(np.concatenate(([0.0], v)), k, pairs, False, prior_var)
        return value, grad[1:]

    constraints = []
    if len(rows):
        m = np.asarray(rows, dtype=float)[:, 1:]
        constraints = [{"type": "ineq", "fun": lambda v: m @ v, "jac": lambda v: m}]
    res = optimize.minimize(fun, np.linspace(0.0, 1.0, k)[1:], jac=True, method="SLSQP",
                            constraints=constraints, options={"maxiter": 500, "ftol": 1e-10})
    return np.concatenate(([0.0], res.x)) * ELO_PER_NAT


def anchored_intervals(wins, elo, prior_elo: float = 1000.0, level: float = 0.95) -> np.ndarray:
    """Half-widths (Elo) of Wald intervals for ratings `elo` fitted to `wins` with entry 0 fixed
    at 0 (as fit_constrained's), from the observed information of the same penalised likelihood
    at `elo`; entry 0 gets 0. The shape constraints are ignored, so they err on the wide side
    where a constraint binds."""
    wins = np.asarray(wins, dtype=float)
    k = len(wins)
    if k < 2:
        return np.zeros(k)
    pairs = _pairs(wins, np.zeros((k, k)))
    prior_var = (prior_elo / ELO_PER_NAT) ** 2

    def fun(x):
        return _objective(x, k, pairs, False, prior_var)

    hessian = _hessian(fun, np.asarray(elo, dtype=float) / ELO_PER_NAT)[1:, 1:]
    se = np.sqrt(np.clip(np.diag(np.linalg.inv(hessian)), 0.0, None))
    return np.concatenate(([0.0], _z(level) * se * ELO_PER_NAT))
