"""Every registered Partisan game as an OpenSpiel Python game, so that OpenSpiel's own
algorithms and tests run on our games.

    from partisan.core import openspiel
    openspiel.register_all()                       # registers "partisan_<name>" games
    game = pyspiel.load_game("partisan_leduc")
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)

Actions and chance outcomes are Partisan's own integers; the information-state string of a
seat is its observation (everything it has seen so far, as JSON) together with its perfect-recall
key, the observation string is the observation alone. A game's bounds, maximum length,
number of chance outcomes and utility sum (constant-sum games) are those its GameInfo
declares. Needs `pip install ".[compare]"`.

A game with sample-only chance nodes (GameInfo.sampled_chance) is reported as OpenSpiel's
SAMPLED_STOCHASTIC and follows OpenSpiel's convention for it: such a node offers one
placeholder outcome (SAMPLED, probability 1), and applying it draws the real outcome from a
generator the game object holds (parameter `rng_seed`); the real outcome is what the
Partisan state records. OpenSpiel (1.5) can neither clone nor pickle the state of a Python game
of this kind: both go through Game::Serialize, which wants GetRNGState, and a Python game
cannot provide it. Play forward from new states (random playouts, bots that do not clone).
"""
from __future__ import annotations

import json

from partisan.core.errors import OptionError
from partisan.core.game import GameInfo, game_info, load_game, registered_games
from partisan.core.state import CHANCE, TERMINAL, RandomState

try:
    import pyspiel
except ImportError:
    raise OptionError('partisan.core.openspiel needs open-spiel: pip install ".[compare]"') from None

PREFIX = "partisan_"
SAMPLED = 0                       # the placeholder outcome of a sample-only chance node
_PLAYER_IDS = {CHANCE: pyspiel.PlayerId.CHANCE, TERMINAL: pyspiel.PlayerId.TERMINAL}


def openspiel_name(name: str) -> str:
    return PREFIX + name


def _game_type(info: GameInfo) -> "pyspiel.GameType":
    total = info.utility_sum        # a game that declares one is constant-sum (zero-sum at 0)
    utility = (pyspiel.GameType.Utility.GENERAL_SUM if total is None else
               pyspiel.GameType.Utility.ZERO_SUM if total == 0 else pyspiel.GameType.Utility.CONSTANT_SUM)
    params = {"players": info.default_players or info.min_players}
    params.update({opt.name: opt.default for opt in info.options})
    if info.sampled_chance:
        params["rng_seed"] = 0
    return pyspiel.GameType(
        short_name=openspiel_name(info.name),
        long_name=f"Partisan {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC if info.sampled_chance
                     else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC),
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=params,
    )


class _Inner:
    """The Partisan state and the actions that made it. OpenSpiel clones a Python state with
    copy.deepcopy (a cheap clone here) and serialises it with pickle (a replay here)."""

    __slots__ = ("state", "actions")

    def __init__(self, state, actions=()):
        self.state = state
        self.actions = list(actions)

    def apply(self, action):
        self.state.apply_action(action)
        self.actions.append(action)

    def __deepcopy__(self, memo):
        return _Inner(self.state.clone(), self.actions)

    def __reduce__(self):
        game = self.state.game
        return _replay, (game.name, game.players, dict(game.options), game.data_dir, self.actions)


def _replay(name, players, options, data, actions):
    inner = _Inner(load_game(name, players, data=data, **options).new_initial_state())
    for action in actions:
        inner.apply(action)
    return inner


class PartisanGame(pyspiel.Game):
    """A registered Partisan game seen through OpenSpiel's Game API."""

    name = ""       # set by register() on the class made for each game

    def __init__(self, params=None):
        info = game_info(self.name)
        params = dict(params or {})
        players = int(params.pop("players", info.default_players or info.min_players))
        extra = {"rng_seed": int(params.pop("rng_seed", 0))} if info.sampled_chance else {}
        self.chance_rng = RandomState(extra.get("rng_seed", 0))   # draws sample-only outcomes
        self.partisan = load_game(self.name, players, **params)
        lo, hi = info.return_bounds
        spiel_info = pyspiel.GameInfo(
            num_distinct_actions=info.actions.size,
            max_chance_outcomes=info.max_chance_outcomes,
            num_players=players,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=info.utility_sum,
            max_game_length=self.partisan.max_game_length,
        )
        super().__init__(_game_type(info), spiel_info, {"players": players, **self.partisan.options, **extra})

    def new_initial_state(self):
        return PartisanSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return _Observer(perfect_recall, params)


class PartisanSpielState(pyspiel.State):
    def __init__(self, game: PartisanGame):
        super().__init__(game)
        self._inner = _Inner(game.partisan.new_initial_state())

    @property
    def partisan(self):
        """The wrapped Partisan state."""
        return self._inner.state

    def current_player(self):
        p = self._inner.state.current_player()
        return _PLAYER_IDS.get(p, p)

    def _legal_actions(self, player):
        if player != self._inner.state.current_player():
            return []
        return [SAMPLED] if self._inner.state.is_sampled_chance() else self._inner.state.legal_actions()

    def chance_outcomes(self):
        if self._inner.state.is_sampled_chance():
            return [(SAMPLED, 1.0)]
        return self._inner.state.chance_outcomes()

    def _apply_action(self, action):
        state = self._inner.state
        if state.is_sampled_chance():
            if action != SAMPLED:
                raise ValueError(f"a sample-only chance node takes only outcome {SAMPLED}, not {action}")
            action = state.sample_chance(self.get_game().chance_rng)
        self._inner.apply(action)

    def _action_to_string(self, player, action):
        if self._inner.state.is_sampled_chance():
            return "sampled outcome"
        return self._inner.state.action_to_string(action)

    def is_terminal(self):
        return self._inner.state.is_terminal()

    def returns(self):
        return self._inner.state.returns()

    def __str__(self):
        s = self._inner.state
        seats = "\n".join(f"seat {p}: {_dump(s.observation(p))}" for p in range(s.num_players))
        return f"move {s.move_number}, to move {s.current_player()}\n{seats}"


class _Observer:
    """String observations: with perfect recall a seat's observation plus its information-state
    key (two histories a seat can tell apart never share a string), else the observation alone."""

    def __init__(self, perfect_recall: bool, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        inner = state.partisan
        text = _dump(inner.observation(player))
        if self.perfect_recall:
            text = f"key {inner.infostate_key(player):016x} {text}"
        return text


def _dump(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)


_classes: dict[str, type] = {}


def register(name: str) -> str:
    """Register one Partisan game with OpenSpiel; returns its OpenSpiel name."""
    info = game_info(name)
    spiel_name = openspiel_name(info.name)
    if spiel_name not in pyspiel.registered_names():
        # One class per game (OpenSpiel keeps the factory until the process ends).
        _classes[info.name] = type(f"PartisanGame_{info.name}", (PartisanGame,), {"name": info.name})
        pyspiel.register_game(_game_type(info), _classes[info.name])
    return spiel_name


def register_all(include_reference: bool = True) -> list[str]:
    """Register every Partisan game; returns their OpenSpiel names."""
    return [register(info.name) for info in registered_games(include_reference)]
