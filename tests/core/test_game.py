"""The game registry and options: what load_game accepts, and the errors for what it refuses."""
from __future__ import annotations

import pytest

from partisan.core import ActionRanges, GameInfo, Option, OptionError, load_game, registered_games
from partisan.core import game as registry
from partisan.core.game import game_info, parse_option_pairs


def _checked(game):
    if game.options["mode"] == "solo" and game.players != 2:
        raise OptionError("solo mode needs 2 players")


DEMO = GameInfo(
    name="demo", title="Demo", min_players=2, max_players=4, default_players=3,
    new_state=lambda game: None, check=_checked,
    actions=ActionRanges(move=3), return_bounds=(-1.0, 1.0), max_game_length=10,
    options=(Option("fast", False, "skip the slow parts"),
             Option("mode", "normal", "how to play", choices=("normal", "solo")),
             Option("turns", 10, "turns before the end", minimum=1, maximum=50)),
)


@pytest.fixture
def demo(monkeypatch):
    """A game registered for one test only, so other suites never see it."""
    registry.registered_games()
    monkeypatch.setitem(registry._REGISTRY, DEMO.name, DEMO)
    return DEMO


def test_every_registered_game_is_well_formed():
    infos = registered_games()
    assert infos, "no game is registered"
    assert len({i.name for i in infos}) == len(infos)
    for info in infos:
        assert 1 <= info.min_players <= info.max_players
        if info.default_players is not None:
            assert info.min_players <= info.default_players <= info.max_players
        names = [o.name for o in info.options]
        assert len(set(names)) == len(names), f"{info.name}: duplicate option names"
        for opt in info.options:
            assert opt.parse(opt.default) == opt.default, f"{info.name}.{opt.name}: default refused"
            assert opt.help, f"{info.name}.{opt.name} has no help text"
        game = load_game(info.name)
        assert game.options == {o.name: o.default for o in info.options}


def test_reference_games_are_listed_last_and_can_be_left_out():
    infos = registered_games()
    flags = [i.reference for i in infos]
    assert flags == sorted(flags)
    assert all(not i.reference for i in registered_games(include_reference=False))
    assert {i.name for i in registered_games(include_reference=False)} == {
        i.name for i in infos if not i.reference}


def test_unknown_game_lists_the_games():
    with pytest.raises(OptionError) as info:
        load_game("tiddlywinks")
    message = str(info.value)
    assert "unknown game 'tiddlywinks'" in message
    for known in registered_games():
        assert known.name in message


def test_defaults(demo):
    game = load_game("demo")
    assert game.players == 3
    assert game.options == {"fast": False, "mode": "normal", "turns": 10}
    assert game.to_dict() == {"game": "demo", "players": 3, "options": game.options}
    assert str(game) == "Demo (3 players)"
    assert str(load_game("demo", players=2, turns=5)) == "Demo (2 players, turns=5)"


def test_unknown_option_lists_the_options(demo):
    with pytest.raises(OptionError, match=r"no option 'speed' \(options: fast, mode, turns\)"):
        load_game("demo", speed=3)


@pytest.mark.parametrize("players, message", [
    (1, "is for 2-4 players, not 1"), (5, "is for 2-4 players, not 5"),
    ("three", "whole number"), (None, None),
])
def test_player_counts(demo, players, message):
    if message is None:
        assert load_game("demo", players=players).players == 3
    else:
        with pytest.raises(OptionError, match=message):
            load_game("demo", players=players)
    assert load_game("demo", players="4").players == 4


@pytest.mark.parametrize("text, value", [
    ("true", True), ("Yes", True), (" on ", True), ("1", True),
    ("false", False), ("NO", False), ("off", False), ("0", False), (True, True), (False, False),
])
def test_boolean_words(demo, text, value):
    assert load_game("demo", fast=text).options["fast"] is value


@pytest.mark.parametrize("name, value, message", [
    ("fast", "maybe", "option 'fast' wants a bool, not 'maybe'"),
    ("fast", 1, "wants a bool"),
    ("mode", "duel", "option 'mode' must be one of normal, solo, not 'duel'"),
    ("turns", "ten", "option 'turns' wants a int, not 'ten'"),
    ("turns", True, "wants a int"),
    ("turns", 0, "must be at least 1, not 0"),
    ("turns", "51", "must be at most 50, not 51"),
])
def test_bad_values(demo, name, value, message):
    with pytest.raises(OptionError, match=message):
        load_game("demo", **{name: value})


def test_values_from_text_are_converted(demo):
    game = load_game("demo", players=2, turns="50", mode="solo")
    assert game.options["turns"] == 50 and game.options["mode"] == "solo"


def test_cross_option_check(demo):
    with pytest.raises(OptionError, match="solo mode needs 2 players"):
        load_game("demo", mode="solo")


def test_option_descriptions():
    assert Option("turns", 10, "turns", minimum=1, maximum=50).describe() == "turns=10 (1..50): turns"
    assert Option("mode", "a", "m", choices=("a", "b")).describe() == "mode=a (a|b): m"
    assert Option("fast", False, "f").describe() == "fast=False (bool): f"


def test_game_info_lookup(demo):
    assert game_info("demo") is DEMO
    assert DEMO.option("turns").default == 10
    with pytest.raises(OptionError, match="unknown game"):
        game_info("nope")


def test_option_pairs_from_the_command_line():
    assert parse_option_pairs(["a=1", " b = x y ", "c="]) == {"a": "1", "b": "x y", "c": ""}
    for bad in ("novalue", "=3", " =3"):
        with pytest.raises(OptionError, match="name=value"):
            parse_option_pairs([bad])
    with pytest.raises(OptionError, match=r"rounds is given twice \('1' and '2'\)"):
        parse_option_pairs(["rounds=1", " rounds = 2"])


@pytest.mark.parametrize("name", ["war", "junta", "guerilla", "baler", "garden"])
def test_a_game_built_by_hand_is_checked_like_a_loaded_one(name):
    """A Game made with dataclasses.replace or its constructor skips load_game: the compiled
    states size their structs by its player count, so 99 players must be refused there."""
    import dataclasses
    game = load_game(name)
    with pytest.raises(OptionError, match="players"):
        dataclasses.replace(game, players=99)
    with pytest.raises(OptionError, match="players"):
        dataclasses.replace(game, players=2.0)
    with pytest.raises(OptionError, match="no option"):
        dataclasses.replace(game, options={"bogus": 1})
    with pytest.raises(TypeError, match="options"):
        dataclasses.replace(game, options=[("a", 1)])
    first = game.info.options[0]
    with pytest.raises(OptionError, match=first.name):
        dataclasses.replace(game, options={first.name: object()})


def test_players_of_every_kind_are_refused_clearly():
    for bad in (float("inf"), "many", [2]):
        with pytest.raises(OptionError, match="players"):
            load_game("war", players=bad)
