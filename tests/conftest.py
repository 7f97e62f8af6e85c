"""Shared fixtures: every registered game, in several player counts and option variants.

Parametrisation is driven by GameInfo alone, so a game registered later is
covered by every generic suite without touching the tests.
"""
from __future__ import annotations

import importlib
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from partisan.core import OptionError, load_game, registered_games
from partisan.core.testing.shims import ensure_built

ROOT = Path(__file__).resolve().parents[1]


def pytest_configure(config):
    """Compile the test shims (core/testing/*.pyx) if needed, before any test imports them,
    and register the test-only game among them (hidden by default)."""
    ensure_built(ROOT)
    importlib.import_module("partisan.core.testing.disc_toss")


@dataclass(frozen=True)
class Variant:
    """One way to set up a game: a player count and the options that differ from the defaults."""

    game: str
    players: int
    options: dict = field(default_factory=dict)
    siblings: int = 1      # how many variants the game has (suites split their budget)

    @property
    def is_default(self) -> bool:
        return not self.options

    @property
    def id(self) -> str:
        opts = "".join(f"-{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game}-{self.players}p{opts}"

    def load(self):
        return load_game(self.game, players=self.players, **self.options)


def _option_values(opt) -> list:
    """Values other than the default worth a run: the other choices, the other boolean, the minimum."""
    if isinstance(opt.default, bool):
        return [not opt.default]
    if opt.choices:
        return [c for c in opt.choices if c != opt.default]
    if isinstance(opt.default, int) and opt.minimum is not None and opt.minimum != opt.default:
        return [opt.minimum]
    return []


def _valid(info, players: int, options: dict) -> bool:
    try:
        load_game(info.name, players=players, **options)
    except OptionError:
        return False
    return True


def game_variants(info) -> list[Variant]:
    """Every player count (or min, default and max when there are more than five), then each
    non-default option value on its own: a boolean (a mode such as an expert game or a variant)
    at every player count it accepts, any other value at the default player count if it
    accepts it."""
    counts = range(info.min_players, info.max_players + 1)
    if len(counts) > 5:                 # Guerilla's 2-6: every count, 3 and 5 have the Mercenary
        counts = sorted({info.min_players, info.default_players or info.min_players, info.max_players})
    variants = [Variant(info.name, n) for n in counts if _valid(info, n, {})]
    all_counts = range(info.min_players, info.max_players + 1)
    for opt in info.options:
        for value in _option_values(opt):
            options = {opt.name: value}
            mode = isinstance(opt.default, bool)
            for n in sorted(counts if mode else all_counts,
                            key=lambda n: n != (info.default_players or info.min_players)):
                if _valid(info, n, options):
                    variants.append(Variant(info.name, n, options))
                    if not mode:
                        break
    return [Variant(v.game, v.players, v.options, len(variants)) for v in variants]


def all_variants(include_test_only: bool = False) -> list[Variant]:
    return [v for info in registered_games(include_test_only=include_test_only) for v in game_variants(info)]


def pytest_generate_tests(metafunc):
    """`game_variant` runs a test on every variant of every game (test-only games included in
    modules marked `test_only_games`); `registered_game` (a name) once per game."""
    if "game_variant" in metafunc.fixturenames:
        variants = all_variants(metafunc.definition.get_closest_marker("test_only_games") is not None)
        metafunc.parametrize("game_variant", variants or [pytest.param(None, marks=pytest.mark.skip(
            reason="no game is registered yet"))], ids=[v.id for v in variants] or ["none"])
    if "registered_game" in metafunc.fixturenames:
        names = [info.name for info in registered_games()]
        metafunc.parametrize("registered_game", names or [pytest.param(None, marks=pytest.mark.skip(
            reason="no game is registered yet"))], ids=names or ["none"])


@pytest.fixture
def variants_of():
    """variants_of(name): every variant of a game, as `game_variant` runs them."""
    infos = {info.name: info for info in registered_games(include_test_only=True)}
    return lambda name: game_variants(infos[name])


_REPORT = pytest.StashKey[list]()


@pytest.fixture
def report_line(request):
    """Append a line to the summary printed at the end of the run (figures worth seeing)."""
    return request.config.stash.setdefault(_REPORT, []).append


def pytest_terminal_summary(terminalreporter, config):
    lines = config.stash.get(_REPORT, [])
    if lines:
        terminalreporter.section("measured")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture
def junta_data(tmp_path):
    """junta_data(name, edit=None): a copy of Junta's data folder in tmp_path/name, with
    edit(text) applied to its cards.toml."""
    from partisan.core.games.junta.cards import DATA

    def copy(name: str, edit=None):
        folder = tmp_path / name
        folder.mkdir()
        for file in ("cards.toml", "rules.toml"):
            shutil.copy(DATA / file, folder / file)
        if edit:
            (folder / "cards.toml").write_text(edit((DATA / "cards.toml").read_text()))
        return folder

    return copy


def _two_counts_changed(text: str) -> str:
    """One Foreign Aid 1 fewer, one Foreign Aid 2 more: still 45 cards."""
    text = text.replace('count = { value = 9, source = "reconstructed" }',
                        'count = { value = 8, source = "reconstructed" }', 1)
    return text.replace('count = { value = 10, source = "reconstructed" }',
                        'count = { value = 11, source = "reconstructed" }', 1)


@pytest.fixture
def edited_junta(junta_data):
    """Junta's data with two card counts changed (the deck keeps 45 cards)."""
    return junta_data("edited", _two_counts_changed)


@pytest.fixture(autouse=True)
def _own_config_folder(tmp_path_factory, monkeypatch):
    """Every test sees an empty user config folder: presets a developer calibrated on this
    machine (~/.config/partisan) must not change what the tests measure."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))


@pytest.fixture
def game():
    """The first product game registered (not a reference or test-only game); a module or a
    parametrize of its own `game` takes precedence."""
    products = registered_games(include_reference=False)
    if not products:
        pytest.skip("no product game is registered yet")
    return products[0].name
