"""make_bot: presets, kinds and specs with clear errors; every bot plays legal moves to the end."""
from __future__ import annotations

import random

import pytest

from partisan.ai import PRESET_ORDER, ISMCTSBot, PIMCBot, RandomBot, load_presets, make_bot
from partisan.ai import bots
from partisan.core import IllegalActionError, OptionError, load_game, registered_games
from partisan.core.errors import BotSpecError
from partisan.core.data import load_toml


def test_presets_are_a_ladder():
    presets = load_presets()
    assert list(PRESET_ORDER) == ["novice", "easy", "normal", "hard", "expert"]
    assert set(PRESET_ORDER) <= set(presets)
    budgets = [presets[name]["iterations"] for name in PRESET_ORDER]
    assert budgets == sorted(budgets) and len(set(budgets)) == len(budgets)


@pytest.mark.parametrize("name", PRESET_ORDER)
def test_preset_bots_follow_the_data_file(name):
    values = load_toml(bots.PRESETS_FILE)["presets"][name]
    bot = make_bot(name, seed=1)
    assert isinstance(bot, ISMCTSBot)
    assert bot.iterations == values["iterations"]
    assert bot.search.uct_c == values["uct_c"]
    assert bot.search.rollout_depth == values["rollout_depth"]


def test_game_overrides_a_preset(tmp_path, monkeypatch):
    path = tmp_path / "presets.toml"
    path.write_text('[presets.hard]\nkind = "ismcts"\niterations = 100\nuct_c = 2.0\n'
                    'rollout_depth = 50\nmeasured = false\n\n'
                    '[games.war.hard]\niterations = 777\nmeasured = true\n')
    monkeypatch.setattr(bots, "PRESETS_FILE", path)
    assert make_bot("hard", game="war").iterations == 777
    assert make_bot("hard", game="leduc").iterations == 100
    assert make_bot("hard").iterations == 100


def test_every_calibrated_preset_makes_the_bot_its_data_describes():
    data = load_toml(bots.PRESETS_FILE).get("games", {})
    assert data, "no game has calibrated presets"
    for game, presets in data.items():
        for name, values in presets.items():
            bot = make_bot(name, seed=1, game=game)
            assert (bot.iterations, bot.search.rollout_depth, bot.search.mast, bot.blunder) == (
                values["iterations"], values["rollout_depth"], values.get("mast", 0.0),
                values.get("blunder", 0.0)), (game, name)


def test_kinds_and_specs():
    assert isinstance(make_bot("random", seed=1), RandomBot)
    pimc = make_bot("pimc:playouts=300,rollout_depth=20")
    assert isinstance(pimc, PIMCBot) and (pimc.playouts, pimc.rollout_depth) == (300, 20)
    bot = make_bot("ismcts:iterations=2000,uct_c=1.4,rollout_depth=30,max_nodes=5000")
    assert (bot.iterations, bot.search.uct_c, bot.search.rollout_depth, bot.search.max_nodes) == (
        2000, 1.4, 30, 5000)
    timed = make_bot(" ismcts:seconds=0.5, iterations = 0 ")
    assert (timed.iterations, timed.seconds) == (0, 0.5)


def test_keywords_override_spec_and_preset():
    assert make_bot("ismcts:iterations=2000", iterations=10).iterations == 10
    assert make_bot("hard", uct_c=0.7).search.uct_c == 0.7
    assert make_bot("hard:iterations=5").iterations == 5


def test_preset_parameters_not_meant_for_pimc_are_dropped():
    bot = make_bot("pimc:playouts=50,iterations=9,uct_c=1.0,max_nodes=100,seconds=1")
    assert isinstance(bot, PIMCBot) and bot.playouts == 50


@pytest.mark.parametrize("spec, message", [
    ("grandmaster", "unknown bot 'grandmaster'"),
    ("", "unknown bot"),
    ("ismcts:depth=3", "bad bot parameter 'depth=3'"),
    ("ismcts:iterations", "bad bot parameter 'iterations'"),
    ("ismcts:iterations=lots", "bot parameter iterations wants a int, not 'lots'"),
    ("hard:widen=0.5,widen=1", "bot parameter widen is given twice in 'hard:widen=0.5,widen=1'"),
    ("ismcts:uct_c=high", "wants a float"),
    ("ismcts:iterations=0", "needs iterations > 0 or seconds > 0"),
    ("pimc:playouts=0", "at least 1"),
    ("ismcts:blunder=1.5", "blunder is a share of moves played at random, from 0 to 1"),
    ("ismcts:blunder=-0.1", "from 0 to 1"),
])
def test_bad_specs(spec, message):
    with pytest.raises(OptionError, match=message):
        make_bot(spec)


def test_unknown_bot_lists_the_choices():
    with pytest.raises(OptionError) as info:
        make_bot("wizard")
    for name in (*PRESET_ORDER, "random", "pimc", "ismcts"):
        assert name in str(info.value)


def test_bad_keyword_parameter():
    with pytest.raises(OptionError, match="bad parameters for ismcts"):
        make_bot("ismcts", temperature=3)


@pytest.mark.parametrize("spec", ["random", "pimc:playouts=20,rollout_depth=30",
                                  "ismcts:iterations=20,rollout_depth=30"])
def test_bots_play_legal_moves_to_the_end(registered_game, spec):
    """Every seat played by the bot, every choice legal, the state untouched by choosing."""
    game = load_game(registered_game)
    for seed in range(2):
        state = game.new_initial_state(seed)
        players = [make_bot(spec, seed=seed * 10 + p) for p in range(game.players)]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            fp = state.fingerprint()
            action = players[state.current_player()].choose(state)
            assert state.fingerprint() == fp
            assert action in state.legal_actions()
            state.apply_action(action)
        assert len(state.returns()) == game.players


@pytest.mark.parametrize("spec", ["random", "pimc:playouts=5", "ismcts:iterations=5",
                                  "ismcts:iterations=5,blunder=1"])
def test_bots_refuse_chance_and_terminal_nodes(spec):
    name = registered_games()[0].name
    state = load_game(name).new_initial_state(1)
    bot = make_bot(spec)
    while not state.is_terminal():
        if state.is_chance_node():
            with pytest.raises(IllegalActionError):
                bot.choose(state)
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(state.legal_actions()[0])
    with pytest.raises(IllegalActionError):
        bot.choose(state)


def test_pimc_spreads_playouts_over_actions():
    name = registered_games()[0].name
    state = load_game(name).new_initial_state(2)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    legal = state.legal_actions()
    stats = make_bot("pimc:playouts=101", seed=3).explain(state)
    assert [s.action for s in stats] == legal
    counts = [s.visits for s in stats]
    assert sum(counts) == 101 and max(counts) - min(counts) <= 1


def test_random_bot_is_seeded_and_uses_every_action():
    name = registered_games()[0].name
    state = load_game(name).new_initial_state(2)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    a, b = make_bot("random", seed=4), make_bot("random", seed=4)
    assert [a.choose(state) for _ in range(30)] == [b.choose(state) for _ in range(30)]
    bot = make_bot("random", seed=4)
    assert {bot.choose(state) for _ in range(200)} == set(state.legal_actions())


def _first_decision(seed):
    state = load_game("war").new_initial_state(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    return state


def test_a_blunder_is_a_random_move_in_that_share_of_decisions():
    """`blunder`: that share of moves is uniformly random and skips the search; the rest are
    searched; the draws are seeded, so a bot plays the same for the same seed."""
    state = _first_decision(3)
    legal = state.legal_actions()
    bot = make_bot("ismcts:iterations=8,blunder=0.3", seed=5)
    blundered = 0
    seen = set()
    for _ in range(400):
        bot.search.search(state, 1)             # mark: a searched move resets this to 8
        action = bot.choose(state)
        assert action in legal
        if bot.search.iterations_done != 8:
            blundered += 1
            seen.add(action)
    assert 0.23 < blundered / 400 < 0.37
    assert seen == set(legal)                   # the random moves cover every legal move
    again = make_bot("ismcts:iterations=8,blunder=0.3", seed=5)
    first = make_bot("ismcts:iterations=8,blunder=0.3", seed=5)
    assert [first.choose(state) for _ in range(50)] == [again.choose(state) for _ in range(50)]


def test_no_blunder_leaves_the_search_untouched():
    state = _first_decision(4)
    plain = make_bot("ismcts:iterations=30", seed=2)
    zero = make_bot("ismcts:iterations=30,blunder=0", seed=2)
    assert zero.name == plain.name
    assert [plain.choose(state) for _ in range(20)] == [zero.choose(state) for _ in range(20)]
    assert make_bot("ismcts:iterations=30,blunder=0.25").name.endswith(",blunder=0.25")


class _Automa(RandomBot):
    def __init__(self, seed=0, level=1):
        super().__init__(seed)
        self.name, self.level = "automa", level


def test_a_game_registers_its_own_bots(monkeypatch):
    """GameInfo.bots: make_bot finds a game's own bot by name, with the seed and parameters;
    other games do not know it."""
    from dataclasses import replace

    from partisan.core import game as registry
    registered_games()
    war = registry.game_info("war")
    monkeypatch.setitem(registry._REGISTRY, "war", replace(war, bots={"automa": _Automa}))
    bot = make_bot("automa", seed=4, game="war", level=3)
    assert isinstance(bot, _Automa) and bot.level == 3
    state = load_game("war").new_initial_state(1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    assert bot.choose(state) in state.legal_actions()
    with pytest.raises(OptionError, match="bad parameters for automa"):
        make_bot("automa", game="war", colour="red")
    with pytest.raises(OptionError, match="unknown bot 'automa'"):
        make_bot("automa", game="hearts")


def test_no_game_bot_hides_a_preset_or_kind():
    for info in registered_games():
        assert not set(info.bots) & (set(PRESET_ORDER) | set(bots._KINDS)), info.name


@pytest.mark.parametrize("spec, message", [
    ("ismcts:uct_c=-1", "uct_c is a number, from 0 to 100 (not -1.0)"),
    ("ismcts:uct_c=nan", "uct_c is a number, from 0 to 100 (not nan)"),
    ("ismcts:uct_c=inf", "from 0 to 100 (not inf)"),
    ("ismcts:rollout_depth=-5", "rollout_depth is a whole number, from 0 to 1,000,000 (not -5)"),
    ("ismcts:rollout_depth=99999999999", "from 0 to 1,000,000 (not 99999999999)"),
    ("ismcts:max_nodes=1", "max_nodes is a whole number, from 16 to 50,000,000 (not 1)"),
    ("ismcts:iterations=99999999999999999999999", "iterations is a whole number, from 0 to 2,147,483,647"),
    ("ismcts:seconds=nan", "seconds is a number, from 0 to 86400 (not nan)"),
    ("ismcts:mast=nan", "mast is a share of rollout moves, from 0 to 1"),
    ("ismcts:expand=0", "expand is how often an edge is taken before the node it leads to joins "
                        "the tree (1: at once), from 1 to 1,048,576 (not 0)"),
    ("pimc:rollout_depth=-1", "pimc rollout_depth is a whole number, from 0 to 1,000,000"),
    ("hard:uct_c=-0.5", "uct_c is a number, from 0 to 100"),
])
def test_out_of_range_parameters_name_the_allowed_range(spec, message):
    with pytest.raises(OptionError) as info:
        make_bot(spec)
    assert message in str(info.value)


@pytest.mark.parametrize("params", [dict(uct_c=float("nan")), dict(iterations=2.5),
                                    dict(rollout_depth=10**400), dict(max_nodes="many")])
def test_keyword_parameters_are_checked_too(params):
    with pytest.raises(OptionError, match="from"):
        make_bot("ismcts", **params)


def test_the_edges_of_every_range_are_accepted():
    low = make_bot("ismcts:iterations=1,uct_c=0,rollout_depth=0,max_nodes=16,mast=0,blunder=0")
    assert (low.search.uct_c, low.search.rollout_depth, low.search.max_nodes) == (0.0, 0, 16)
    high = make_bot("ismcts:iterations=2147483647,seconds=86400,uct_c=100,max_nodes=50000000,"
                    "mast=1,blunder=1")
    assert (high.iterations, high.search.uct_c, high.search.max_nodes) == (2**31 - 1, 100.0, 50_000_000)


def test_an_unknown_game_is_an_error_not_the_generic_ladder():
    with pytest.raises(OptionError, match="unknown game 'wor'"):
        make_bot("hard", game="wor")
    with pytest.raises(OptionError, match="unknown game"):
        make_bot("random", game="WAR ")


def _forced_decision(game: str):
    """The first decision of a seeded random game where the mover has one legal move."""
    state = load_game(game).new_initial_state(1)
    rng = random.Random(0)
    while state.is_chance_node() or len(state.legal_actions()) != 1:
        state.apply_action(state.sample_chance() if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("spec", ["ismcts:iterations=200000", "ismcts:iterations=200000,blunder=1",
                                  "pimc:playouts=200000"])
def test_a_forced_move_is_answered_without_searching(spec):
    state = _forced_decision("war")
    bot = make_bot(spec, seed=3)
    bot.explain = lambda state: pytest.fail("searched a forced move")
    assert bot.choose(state) == state.legal_actions()[0]


def configuration(bot) -> tuple:
    """Everything that makes a bot play as it does, read from the bot and its search (not from
    its name or its `params`)."""
    if isinstance(bot, ISMCTSBot):
        search = bot.search
        one = getattr(search, "searches", [search])[0]
        return (type(bot), type(search), len(getattr(search, "searches", [search])), bot.iterations,
                bot.seconds, bot.blunder, bot.mixed, bot.margin, bot.solve, bot.from_start,
                one.uct_c, one.rollout_depth, one.max_nodes, one.mast, one.smooth, one.belief,
                one.regret, one.expand, one.lead)
    if isinstance(bot, PIMCBot):
        return type(bot), bot.playouts, bot.rollout_depth
    if isinstance(bot, bots.CFRBot):
        return type(bot), bot.iterations, bot.seconds, bot.max_nodes, bot.plus
    return (type(bot),)


SPECS = ["random", "pimc", "pimc:playouts=7,rollout_depth=9", "ismcts", "cfr", "cfr:iterations=9",
         "cfr:iterations=9,seconds=0.25,max_nodes=99,plus=1",
         "ismcts:iterations=9,seconds=1.2345678,uct_c=0.1,rollout_depth=7,max_nodes=99,mast=0.3,"
         "blunder=0.1,smooth=0.2,mixed=1,margin=0.05,solve=0.01,from_start=1,belief=0.5,regret=0.1,"
         "threads=3,shared=1,expand=2,lead=0.25", "ismcts:iterations=0,seconds=2,threads=0"]


def test_a_bots_name_rebuilds_it(registered_game):
    """str(bot) names every parameter that differs from the default: make_bot(str(bot)) is the
    same bot, for every preset of every game, every kind and the game's own bots."""
    names = [*load_presets(registered_game), *SPECS, *bots._game_bots(registered_game)]
    for name in names:
        bot = make_bot(name, seed=3, game=registered_game)
        again = make_bot(str(bot), seed=3, game=registered_game)
        assert configuration(again) == configuration(bot), (registered_game, name, str(bot))
        assert getattr(again, "params", {}) == getattr(bot, "params", {}), (registered_game, name)
        assert str(again) == str(bot)


@pytest.mark.parametrize("spec", [None, 1.5, ["hard"], b"hard"])
def test_a_bot_is_named_by_text(spec):
    """make_bot(None) and parse_spec([...]) ended in AttributeError (a fuzz run)."""
    with pytest.raises(BotSpecError, match="named by text"):
        make_bot(spec)


def test_a_deeply_nested_parameter_is_refused_with_a_short_message():
    """The refusal's message once took the repr of a value 5,000 lists deep: RecursionError."""
    value = []
    for _ in range(5000):
        value = [value]
    with pytest.raises(BotSpecError, match=r"expand is .*not \[\[\["):
        bots.check_params("ismcts", expand=value)
