"""SVG pictures of measured strength: a calibration's strength curve and an arena's ratings.

matplotlib is optional (`pip install "partisan[plot]"`): without it `PlotUnavailable` says how
to get the pictures, and the commands that draw them go on without. The SVGs carry no date and
a fixed id salt, so the same figures make the same file.
"""
from __future__ import annotations

import math
from pathlib import Path

from partisan.core.errors import PartisanError

INSTALL_HINT = 'the plots need matplotlib: pip install "partisan[plot]" (or pip install matplotlib)'


class PlotUnavailable(PartisanError):
    """matplotlib is not installed."""


def _figure(width: float, height: float):
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailable(INSTALL_HINT) from None
    matplotlib.rcParams["svg.hashsalt"] = "partisan"
    matplotlib.rcParams["svg.fonttype"] = "none"        # text stays text: smaller, searchable
    return Figure(figsize=(width, height))


def _save(fig, path: Path) -> Path:
    path = Path(path)
    fig.savefig(path, format="svg", metadata={"Date": None}, bbox_inches="tight")
    return path


def strength_curve_svg(curve, presets: dict, anchored: bool, title: str, path: Path) -> Path:
    """Elo against iterations (log scale) with 95% intervals, from `curve` (CurvePoints); a point
    with a blunder rate is drawn apart, and `presets` ({(iterations, blunder): name}) are marked."""
    fig = _figure(7.5, 4.5)
    from matplotlib.ticker import FuncFormatter     # present once _figure() has found matplotlib
    ax = fig.add_subplot()
    plain = [p for p in curve if not p.blunder]
    ax.plot([p.iterations for p in plain], [p.elo for p in plain], "-", color="0.6", zorder=1)
    for group, colour, label in ((plain, "tab:blue", "budget (95% interval)"),
                                 ([p for p in curve if p.blunder], "tab:orange",
                                  "novice's floor with a blunder rate")):
        if not group:
            continue
        x = [p.iterations * (1 - 0.35 * p.blunder) if p.blunder else p.iterations for p in group]
        y = [p.elo for p in group]
        err = [[p.elo - p.low if not math.isnan(p.low) else 0 for p in group],
               [p.high - p.elo if not math.isnan(p.high) else 0 for p in group]]
        ax.errorbar(x, y, yerr=err, fmt="o", color=colour, ecolor=colour, alpha=0.8, capsize=3,
                    markersize=4, label=label, zorder=2)
        rates = sorted({p.blunder for p in group if p.blunder})
        if rates:
            span = f"{rates[0]:g}" + (f"–{rates[-1]:g}" if len(rates) > 1 else "")
            low = min(group, key=lambda p: p.elo)
            ax.annotate(f"blunder {span}", (min(x), low.elo), textcoords="offset points", xytext=(-6, -4),
                        ha="right", va="top", fontsize=7, color=colour)
    for p in curve:
        name = presets.get((p.iterations, p.blunder))
        if name:
            px = p.iterations * (1 - 0.35 * p.blunder) if p.blunder else p.iterations
            ax.plot([px], [p.elo], "s", markersize=10, markerfacecolor="none", markeredgecolor="tab:red",
                    markeredgewidth=1.5, zorder=3)
            ax.annotate(name, (px, p.elo), textcoords="offset points", xytext=(6, 6), fontsize=9,
                        color="tab:red", weight="bold")
    ax.plot([], [], "s", markersize=8, markerfacecolor="none", markeredgecolor="tab:red", label="preset")
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    ax.set_xlabel("ISMCTS iterations per move (log scale)")
    ax.set_ylabel("Elo, relative to random play" if anchored else "Elo, relative to the smallest budget")
    ax.axhline(0, color="0.85", linewidth=0.8, zorder=0)
    ax.grid(True, which="major", color="0.92")
    ax.set_title(title, fontsize=11)
    ax.legend(loc="lower right", fontsize=8)
    return _save(fig, path)


def ratings_svg(rows, title: str, path: Path) -> Path:
    """Each bot's Elo with its 95% interval, strongest at the top, from arena summary rows
    (name, elo, elo_low, elo_high, win_rate)."""
    rows = sorted(rows, key=lambda r: r.elo)
    fig = _figure(7.5, 1.2 + 0.45 * len(rows))
    ax = fig.add_subplot()
    y = range(len(rows))
    ax.errorbar([r.elo for r in rows], list(y),
                xerr=[[r.elo - r.elo_low for r in rows], [r.elo_high - r.elo for r in rows]],
                fmt="o", color="tab:blue", capsize=4)
    for i, r in zip(y, rows):
        ax.annotate(f"{r.elo:+.0f}  ({100 * r.win_rate:.0f}% wins)", (r.elo, i), textcoords="offset points",
                    xytext=(0, 7), ha="center", fontsize=8)
    ax.set_yticks(list(y), [_short(r.name) for r in rows], fontsize=8)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.axvline(0, color="0.85", linewidth=0.8, zorder=0)
    ax.set_xlabel("Elo (Bradley–Terry, centred on the field's mean), 95% intervals")
    ax.grid(True, axis="x", color="0.92")
    ax.set_title(title, fontsize=11)
    return _save(fig, path)


def _short(name: str, limit: int = 40) -> str:
    return name if len(name) <= limit else name[:limit - 1] + "…"
