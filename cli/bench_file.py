"""The figures of `partisan bench` as a JSON file, and an earlier file read back as a baseline.

A file says what was measured (every sample of every figure, with its unit), where (machine,
Python, Partisan version and commit), when, and with which settings, so that two commits or
two machines can be compared figure by figure.
"""
from __future__ import annotations

import json
import os
import platform
import re
import statistics
import subprocess
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path

from partisan.core.errors import BenchmarkFileError, shown
from partisan.core.files import read_regular, unique_keys

FORMAT = "partisan-bench"
VERSION = 1
# Settings that change what a figure means: files that differ in one are not compared.
COMPARED_SETTINGS = ("seconds", "iterations", "seed", "players", "options")
COMMIT = re.compile(r"[0-9a-f]{7,64}(-dirty)?")       # as _commit() writes it


def _processor() -> str:
    """The CPU's model name (Linux names it in /proc/cpuinfo), else what platform knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _commit() -> str | None:
    """The git commit of this checkout (with "-dirty" for local changes), or None when
    Partisan is not run from a git checkout."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True,
                              text=True, timeout=5)
        if head.returncode != 0:
            return None
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=here,
                               capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + ("-dirty" if dirty.stdout.strip() else "")


def environment() -> dict:
    """The machine, Python and Partisan build that measured, and the load they measured under."""
    try:
        version = metadata.version("partisan")
    except metadata.PackageNotFoundError:
        version = None
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    return {
        "machine": {"processor": _processor(), "cores": os.cpu_count(), "system": platform.platform(),
                    "load_average": load},
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "partisan": {"version": version, "commit": _commit()},
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


def document(settings: dict, games: dict) -> dict:
    """The whole file: games maps a game name to {"spec": text, "figures": {measure: {"unit",
    "samples"}}}."""
    return {"format": FORMAT, "version": VERSION, **environment(), "settings": settings,
            "games": games}


def dumps(doc: dict) -> str:
    return json.dumps(doc, indent=2) + "\n"


def _refuse(path, why: str):
    raise BenchmarkFileError(f"{path} is not a usable benchmark file: {why}")


def load(path) -> dict:
    """A file written by `partisan bench --json`, checked field by field."""
    raw = read_regular(path, MAX_FILE_BYTES, BenchmarkFileError, "a benchmark file")
    try:
        doc = json.loads(raw.decode("utf-8"), parse_constant=_no_constant, object_pairs_hook=unique_keys)
    except RecursionError:
        _refuse(path, "not JSON (nested too deeply)")
    except ValueError as exc:       # bad UTF-8 or JSON, Infinity, numbers too long, a key twice
        _refuse(path, f"not JSON ({exc})")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        _refuse(path, f"not written by `partisan bench --json` (no \"format\": \"{FORMAT}\")")
    if doc.get("version") != VERSION:
        _refuse(path, f"format version {shown(doc.get('version'))}, this Partisan reads version {VERSION}")
    for key, fields in (("machine", ("processor",)), ("partisan", ("version", "commit"))):
        entry = doc.get(key)
        if not isinstance(entry, dict) or not all(isinstance(entry.get(f), (str, type(None))) for f in fields):
            _refuse(path, f"\"{key}\" must be an object whose {' and '.join(fields)} "
                          f"{'are' if len(fields) > 1 else 'is'} text, not {shown(entry)}")
    commit = doc["partisan"].get("commit")
    if commit is not None and not COMMIT.fullmatch(commit):
        _refuse(path, f"\"partisan\" commit must be a git commit, not {shown(commit)}")
    if not isinstance(doc.get("date"), str):
        _refuse(path, f"\"date\" must be text, not {shown(doc.get('date'))}")
    if not _is_date(doc["date"]):
        _refuse(path, f"\"date\" must be a date and time as `bench --json` writes it, not {shown(doc['date'])}")
    if not isinstance(doc.get("settings"), dict) or not isinstance(doc.get("games"), dict):
        _refuse(path, "\"settings\" and \"games\" must be objects")
    for game, entry in doc["games"].items():
        figures = entry.get("figures") if isinstance(entry, dict) else None
        if not isinstance(figures, dict):
            _refuse(path, f"game {game!r} has no \"figures\" object")
        for name, figure in figures.items():
            samples = figure.get("samples") if isinstance(figure, dict) else None
            if (not isinstance(samples, list) or not samples or not isinstance(figure.get("unit"), str)
                    or not all(_is_rate(s) for s in samples)):
                _refuse(path, f"{game}: {name!r} needs a \"unit\" and a list of \"samples\", each a "
                              f"rate above 0 and at most {MAX_RATE:.0e}")
    return doc


MAX_FILE_BYTES = 16 * 2**20     # a file of every game measured with 100 repeats is far smaller
MAX_RATE = 1e12                 # no figure comes near a trillion a second: a larger one is no measure


def _is_rate(sample) -> bool:
    return (isinstance(sample, (int, float)) and not isinstance(sample, bool)
            and 0 < sample <= MAX_RATE)     # False for nan; inf is above MAX_RATE


def _is_date(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a benchmark measures")


def spread(samples: list[float]) -> float:
    """Half the range of the samples, as a share of their median (0 for one sample)."""
    return (max(samples) - min(samples)) / 2 / statistics.median(samples)


def compare(now: dict, baseline: dict, path) -> list[tuple[str, str, dict, dict]]:
    """(game, measure, figure now, figure in the baseline) for every figure both hold; a
    baseline measured with other settings or in other units is refused."""
    for key in COMPARED_SETTINGS:
        if baseline["settings"].get(key) != now["settings"].get(key):
            raise BenchmarkFileError(
                f"{path} was measured with {key}={baseline['settings'].get(key)!r}, this run with "
                f"{key}={now['settings'].get(key)!r}: measure again with the same settings to compare")
    pairs = []
    for game, entry in now["games"].items():
        old = baseline["games"].get(game)
        if old is None:
            continue
        for name, figure in entry["figures"].items():
            before = old["figures"].get(name)
            if before is None:
                continue
            if before["unit"] != figure["unit"]:
                raise BenchmarkFileError(f"{path}: {game} {name} is in {before['unit']}, "
                                         f"this run's in {figure['unit']}")
            pairs.append((game, name, figure, before))
    if not pairs:
        raise BenchmarkFileError(f"{path} holds no figure of the games measured now "
                                 f"({', '.join(now['games'])}); it has {', '.join(baseline['games']) or 'none'}")
    return pairs
