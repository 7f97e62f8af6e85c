"""A seeded fuzz of the public Python API and of every command-line input kind.

A probe is a small JSON object (what to call, with which arguments, on which position, with
which files); `probes_*` make them from a seed, `run_probe` runs one in a worker process
(worker.py), and `Pool` runs many in at most a few workers with a timeout each, so that an
abort, a segfault or a hang is recorded against its probe instead of killing the run.

Outcomes, each counted per target:
  ok        the call refused the input cleanly (ValueError/TypeError, the state unchanged) or
            accepted input it may accept, leaving a sound state
  crash     the worker died (abort, segfault, "double free")
  exit70    the command ended in "internal error" (exit 70) or printed a traceback; in the
            Python API an exception other than ValueError/TypeError (errors.py: every
            PartisanError is a ValueError; a wrong argument raises ValueError or TypeError)
  hang      no answer within the probe's timeout
  memory    MemoryError under the worker's address-space limit
  changed   a refused call changed the state, or an accepted one left it unsound
  accepted  input the documentation says is refused was taken (a seed outside 0..2^64-1,
            an --svg target that is not our picture overwritten, nan/inf ratios, a bot whose
            name builds another bot, edited data the fingerprint does not pin)
"""
from __future__ import annotations

import inspect
import json
import os
import random
import re
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORKER = HERE / "worker.py"
FAULTS = ("crash", "exit70", "hang", "memory", "changed", "accepted")
CLEAN = (ValueError, TypeError)
MEMORY_LIMIT = 4 * 2**30
FILE_LIMIT = 2**30


# ----------------------------------------------------------------------------------------
# Argument values, written as Python source so a probe is plain JSON and reads as it runs.

def deep(n: int, inner=0):
    """A list nested n deep (built without recursion)."""
    value = inner
    for _ in range(n):
        value = [value]
    return value


EVAL_NAMES = {"nan": float("nan"), "inf": float("inf"), "deep": deep, "bytes": bytes,
              "object": object, "float": float, "range": range, "list": list, "tuple": tuple,
              "__builtins__": {}}


def evaluate(src: str, here: Path | None = None):
    """The value of a probe's argument text; `here` is the probe's folder (side files)."""
    return eval(src, {**EVAL_NAMES, "here": str(here)})      # noqa: S307 - probe texts are generated here


EDGE_INTS = ["-1", "-2", "2**31", "2**31-1", "-2**31", "-2**31-1", "2**32", "2**63", "2**64",
             "2**64-1", "-2**63", "10**100", "99", "255", "256", "1000"]
FLOATS = ["nan", "inf", "-inf", "1.5", "0.0", "-0.0", "1e308", "float(2)", "0.5", "-1e-300"]
STRINGS = ["''", "'x'", "'0'", "'1'", "' 1 '", "'-1'", "'\\x00'", "'\\u0663'",
           "'nan'", "'pass'", "'\\U0001f0a1'", "'all'", "'None'"]
OTHERS = ["None", "True", "False", "b''", "b'\\x00\\xff'", "object()", "[]", "{}", "()", "range(3)",
          "deep(50)", "deep(900)"]
BIG = ["bytes(10**6)", "deep(5000)", "[0]*100000", "'a'*100000"]    # only at the top level


class Context:
    """What a value generator may borrow from the target to make plausible arguments."""

    def __init__(self, players=2, actions=(), bound=100, texts=()):
        self.players, self.actions, self.bound, self.texts = players, list(actions), bound, list(texts)


def value_src(rng: random.Random, ctx: Context, depth: int = 0) -> str:
    """Source text of one argument: mostly a bad value, sometimes a plausible one."""
    kind = rng.random()
    if kind < 0.18:     # plausible: a seat, a legal action, a small number, a move's text
        choices = [str(rng.randrange(max(ctx.players, 1))), str(rng.randint(-2, 12)),
                   f"[{rng.randint(0, 2)}]*{ctx.players}"]
        if ctx.actions:
            choices.append(str(rng.choice(ctx.actions)))
        if ctx.texts:
            choices.append(repr(rng.choice(ctx.texts)))
        return rng.choice(choices)
    if kind < 0.36:
        return rng.choice(EDGE_INTS + [str(ctx.bound), str(ctx.bound + 1), str(-ctx.bound)])
    if kind < 0.48:
        return rng.choice(FLOATS)
    if kind < 0.60:
        return rng.choice(STRINGS)
    if kind < 0.74 or depth >= 2:
        return rng.choice(OTHERS + (BIG if depth == 0 else []))
    if kind < 0.82:     # a list or tuple of values, sometimes long
        items = [value_src(rng, ctx, depth + 1) for _ in range(rng.choice([1, 2, ctx.players, 4, 5]))]
        text = ("(" + ", ".join(items) + ",)") if rng.random() < 0.5 else "[" + ", ".join(items) + "]"
        return text if rng.random() < 0.7 or depth else f"[{text}]*{rng.choice([3, 50, 200, 1000])}"
    if kind < 0.90:     # a dict seat -> list
        keys = [str(rng.randrange(max(ctx.players, 1)))] + EDGE_INTS + FLOATS + STRINGS + ["None", "b''"]
        items = [f"{rng.choice(keys)}: {value_src(rng, ctx, depth + 1)}"
                 for _ in range(rng.choice([1, 2, ctx.players]))]
        return "{" + ", ".join(items) + "}"
    # records of small numbers: the shape of groups, hands and scores
    width = rng.choice([1, 2, 3, 4, 5])
    row = ", ".join(rng.choice([str(rng.randint(-1, 8)), f"[{rng.randint(0, 200)}]",
                                f"[{rng.randint(0, 120)}, {rng.randint(0, 120)}]"]) for _ in range(width))
    return f"[({row},)]*{rng.choice([1, 2, ctx.players] + ([] if depth else [20, 200, 5000]))}"


def _guerilla_arrange(rng, ctx):
    n = ctx.players
    group = lambda: f"({rng.randrange(n)}, {rng.randint(0, 1)}, [{rng.randint(0, 130)}], 0)"
    return {"loyalties": f"[0, 1]*{n // 2} + [2]*{n % 2}", "hands": f"{{0: [{rng.randint(0, 130)}]}}",
            "groups": "[" + ", ".join(group() for _ in range(rng.randint(1, 3))) + "]",
            "active": str(rng.randrange(n)), "scores": "None", "sudden": "0"}


def _junta_arrange(rng, ctx):
    n = ctx.players
    return {"pres": str(rng.randrange(n)), "buildings": f"[1]*{n}", "militia": f"[1]*{n}",
            "hands": "{0: ['Foreign Aid 2']}"}


# Valid calls of methods that take structures, so a probe can spoil one argument of a call
# that would otherwise be accepted (a method found later still gets the generic probes).
EXAMPLES = {("guerilla", "arrange"): _guerilla_arrange, ("junta", "arrange"): _junta_arrange}


def spoil_example(rng: random.Random, ctx: Context, example: dict) -> tuple[str, str]:
    """Keyword arguments of a valid call with one spoiled: replaced, an item bad, or repeated."""
    kwargs = dict(example)
    name = rng.choice(list(kwargs))
    roll = rng.random()
    if roll < 0.4:
        kwargs[name] = value_src(rng, ctx)
    elif roll < 0.7:
        kwargs[name] = f"({kwargs[name]}) * {rng.choice([2, 50, 200, 5000])}"
    elif roll < 0.9:
        kwargs[name] = f"[{value_src(rng, ctx, 1)}] + list({kwargs[name]})"
    else:
        del kwargs[name]
    return "()", "{" + ", ".join(f"{k!r}: {v}" for k, v in kwargs.items()) + "}"


def call_src(rng: random.Random, ctx: Context, fn) -> tuple[str, str]:
    """(args, kwargs) source for calling `fn`: its parameters' count, now and then one off."""
    try:
        params = [p for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = None
    if params is None:
        count = rng.randint(0, 3)
    else:
        required = sum(p.default is p.empty for p in params)
        count = rng.randint(required, len(params))
        if rng.random() < 0.08:
            count = max(0, count + rng.choice([-1, 1]))
    args = [value_src(rng, ctx) for _ in range(count)]
    kwargs = {}
    if params and count < len(params) and rng.random() < 0.3:
        name = rng.choice(params[count:]).name
        kwargs[name] = value_src(rng, ctx)
    return "(" + "".join(a + ", " for a in args) + ")", \
        "{" + ", ".join(f"{k!r}: {v}" for k, v in kwargs.items()) + "}"


# ----------------------------------------------------------------------------------------
# Games, positions and the public methods found by introspection.

def games(include_test_only: bool = True):
    from partisan.core import registered_games
    if include_test_only:
        from partisan.core.testing.shims import ensure_built
        ensure_built(HERE.parents[1])       # this tree's shims, also when a probe is run by hand
        import partisan.core.testing.disc_toss  # noqa: F401
    return registered_games(include_test_only=include_test_only)


def random_setup(rng: random.Random, info) -> dict:
    """A player count and options the game accepts (usually the defaults)."""
    from partisan.core import OptionError, load_game
    for _ in range(10):
        players = rng.randint(info.min_players, info.max_players)
        options = {}
        if info.options and rng.random() < 0.4:
            opt = rng.choice(info.options)
            if isinstance(opt.default, bool):
                options[opt.name] = not opt.default
            elif opt.choices:
                options[opt.name] = rng.choice(opt.choices)
            elif isinstance(opt.default, int) and opt.minimum is not None:
                options[opt.name] = rng.randint(opt.minimum, min(opt.maximum or opt.minimum + 5,
                                                                opt.minimum + 5))
        try:
            load_game(info.name, players=players, **options)
        except OptionError:
            continue
        return {"game": info.name, "players": players, "options": options}
    return {"game": info.name, "players": info.default_players or info.min_players, "options": {}}


def public_names(obj) -> list[str]:
    return sorted(n for n in dir(obj) if not n.startswith("_"))


def play_random(state, rng: random.Random, steps: int):
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng.randrange(2**62)))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# ----------------------------------------------------------------------------------------
# Probe generation (the parent process): deterministic from the seed.

STEPS = [0, 0, 1, 2, 3, 5, 8, 13, 30, 60, 150, 400]


def probes_api(seed: int, count: int) -> list[dict]:
    """State methods at random positions of every game and player count (about 70%), then
    load_game / Game, make_bot, records, data folders and the other public functions."""
    from partisan.core import PartisanError, load_game
    rng = random.Random(f"api:{seed}")
    infos = games()
    out: list[dict] = []
    position = None
    while len(out) < count:
        roll = rng.random()
        if roll < 0.70:
            if position is None or rng.random() < 0.05:
                info = rng.choice(infos)
                position = {**random_setup(rng, info), "seed": rng.randrange(2**32),
                            "steps": rng.choice(STEPS)}
                try:
                    load_game(position["game"], position["players"], **position["options"])
                except PartisanError:       # its shipped data is broken in this tree: the run says so
                    out.append({"kind": "state", **position, "method": "clone", "args": "()", "kwargs": "{}"})
                    position = None
                    continue
                state = play_random(load_game(position["game"], position["players"],
                                              **position["options"]).new_initial_state(position["seed"]),
                                    random.Random(position["seed"]), position["steps"])
                names = public_names(state)
                try:
                    legal = state.legal_actions()
                except ValueError:
                    legal = []
                ctx = Context(state.num_players, legal, state.num_distinct_actions,
                              [state.action_to_string(a) for a in legal[:20]])
            name = rng.choice(names)
            attr = getattr(type(state), name, None)
            example = EXAMPLES.get((position["game"], name))
            if example is not None and rng.random() < 0.6:
                args, kwargs = spoil_example(rng, ctx, example(rng, ctx))
            elif callable(attr):
                args, kwargs = call_src(rng, ctx, attr)
            else:
                args, kwargs = None, None
            out.append({"kind": "state", **position, "method": name, "args": args, "kwargs": kwargs})
        elif roll < 0.78:
            out.append(_probe_game(rng, infos))
        elif roll < 0.85:
            out.append(_probe_bot(rng, infos))
        elif roll < 0.91:
            out.append({"kind": "record", "game": rng.choice(infos[:8]).name, "seed": rng.randrange(2**32)})
        elif roll < 0.96:
            game = rng.choice([i.name for i in infos if i.data is not None])
            out.append({"kind": "data", "game": game, "seed": rng.randrange(2**32)})
        else:
            out.append(_probe_function(rng))
    return out


def _probe_game(rng, infos) -> dict:
    info = rng.choice(infos)
    ctx = Context(info.max_players, (), 2**64)
    what = rng.choice(["load_game", "load_game", "new_initial_state", "new_initial_state", "game_info",
                       "option_parse", "random_state"])
    probe = {"kind": "game", "game": info.name, "what": what}
    if what == "load_game":
        kwargs = {}
        for _ in range(rng.randint(0, 2)):
            name = rng.choice([o.name for o in info.options] + ["nope", "players", "data"]) \
                if info.options else rng.choice(["nope", "data"])
            kwargs[name] = value_src(rng, ctx)
        probe["players"] = value_src(rng, ctx) if rng.random() < 0.4 else str(rng.randint(info.min_players, info.max_players))
        probe["kwargs"] = "{" + ", ".join(f"{k!r}: {v}" for k, v in kwargs.items()) + "}"
    elif what in ("new_initial_state", "random_state", "game_info"):
        probe["arg"] = value_src(rng, ctx) if rng.random() < 0.85 else str(rng.randrange(2**64))
    else:
        probe["option"] = rng.choice(info.options).name if info.options else None
        probe["arg"] = value_src(rng, ctx)
    return probe


BOT_KINDS = ["random", "pimc", "ismcts", "cfr", "novice", "easy", "normal", "hard", "expert", "master",
             "automa", "nope", "", ":", "ISMCTS", " hard "]
BOT_VALUES = ["-1", "0", "1", "2", "16", "nan", "inf", "1e9", "2147483648", "1.5", "x", "", "0.99", "64",
              "1e-320", "3600", "86401", "1_000"]


def bot_spec(rng: random.Random, cheap: bool = False) -> str:
    """A bot spec: a kind or preset, then parameters of every kind, some out of range."""
    from partisan.ai.bots import PARAMS
    kind = rng.choice(["random", "ismcts", "pimc", "novice"] if cheap else BOT_KINDS)
    if rng.random() < 0.4:
        return kind
    params = []
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(list(PARAMS) + ["nope", ""])
        params.append(f"{key}={rng.choice(BOT_VALUES)}" if rng.random() < 0.95 else key)
    if cheap:
        params.append(f"iterations={rng.choice(['1', '2', '4', '-1', 'x'])}")
        params.append(f"playouts={rng.choice(['1', '2', '0'])}")
        params.append("seconds=0")
    return kind + ":" + ",".join(params)


def _probe_bot(rng, infos) -> dict:
    game = rng.choice([i.name for i in infos] + [None, "nope"])
    ctx = Context(2, (), 2**31)
    kwargs = {}
    if rng.random() < 0.4:
        from partisan.ai.bots import PARAMS
        kwargs[rng.choice(list(PARAMS) + ["nope"])] = value_src(rng, ctx)
    return {"kind": "bot", "spec": repr(bot_spec(rng)) if rng.random() < 0.9 else value_src(rng, ctx),
            "game": game, "seed": value_src(rng, ctx) if rng.random() < 0.2 else str(rng.randrange(100)),
            "kwargs": "{" + ", ".join(f"{k!r}: {v}" for k, v in kwargs.items()) + "}"}


PUBLIC_FUNCTIONS = [
    ("partisan.core.game", "registered_games"), ("partisan.core.game", "game_info"),
    ("partisan.core.game", "parse_option_pairs"), ("partisan.core.game", "load_game"),
    ("partisan.core.record", "load"), ("partisan.core.record", "from_dict"),
    ("partisan.core.record", "read_record_text"), ("partisan.core.data", "load_toml"),
    ("partisan.core.noise", "load_noise"), ("partisan.ai.bots", "parse_spec"),
    ("partisan.ai.bots", "load_presets"), ("partisan.ai.bots", "make_bot"),
    ("partisan.cli.bench_file", "load"), ("partisan.ai.presets", "preset_tables"),
]


def _probe_function(rng) -> dict:
    import importlib
    module, name = rng.choice(PUBLIC_FUNCTIONS)
    fn = getattr(importlib.import_module(module), name)
    args, kwargs = call_src(rng, Context(2, (), 100), fn)
    if args != "()" and rng.random() < 0.5:     # a path: a pipe, a folder, /dev/zero, broken data
        side = rng.choice(["fifo", "folder", "zero", "nowhere", "baddata", "baddata/" + rng.choice(
            ["cards.toml", "garden.toml", "noise.toml", "counters.toml", "automa.toml"])])
        args = f"(here + '/{side}', " + args[1:]
    return {"kind": "function", "module": module, "name": name, "args": args, "kwargs": kwargs}


# ---- command-line probes ----------------------------------------------------------------

SEEDS = ["0", "1", "-1", "18446744073709551615", "18446744073709551616", "1.5", "x", "", "nan",
         "1e3", "0x10", " 7", "\u0663", "99999999999999999999999999"]
INTS = ["0", "1", "2", "3", "4", "6", "7", "-1", "99", "2147483648", "x", "", "1.5", "nan"]
FLOATS_CLI = ["0", "0.01", "-1", "nan", "inf", "1e9", "x", "", "1e-9", "3601"]
TEXTS = ["x", "", " ", "all", "1", "-1", "\u00e9\u00e9", "a" * 5000, "../../etc", "--help", "=", "a=b=c"]


def option_pairs(rng: random.Random, info) -> list[str]:
    out = []
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        names = [o.name for o in info.options] + ["nope", "", " "]
        name = rng.choice(names)
        value = rng.choice(["", "nan", "inf", "-1", "0", "1", "1e9", "yes", "18446744073709551616",
                            "x" * 3000, "true", "2", "Infinity", "ever", "once", "a=b"])
        out.append(rng.choice([f"{name}={value}", name, f"={value}"]) if rng.random() < 0.1 else f"{name}={value}")
    return out


def _flags(rng, pairs) -> list[str]:
    argv = []
    for flag, pool in pairs:
        if rng.random() < 0.5:
            argv += [flag, rng.choice(pool)]
    return argv


def probes_cli(seed: int, count: int) -> list[dict]:
    """Every command and input kind: options and seeds, bot specs, --data folders, records,
    presets files, bench baselines, --svg and other output targets."""
    rng = random.Random(f"cli:{seed}")
    infos = games(include_test_only=False)
    data_games = [i for i in infos if i.data is not None]
    makers = [(_cli_args, 4), (_cli_data, 4), (_cli_record, 4), (_cli_presets, 2), (_cli_bench, 2),
              (_cli_svg, 2), (_cli_outputs, 1), (_cli_tune, 1)]
    weights = [w for _, w in makers]
    out = []
    while len(out) < count:
        maker = rng.choices([m for m, _ in makers], weights)[0]
        out.append({"kind": "cli", **maker(rng, infos, data_games)})
    return out


def _game_argv(rng, info, cheap_bots=True) -> tuple[str, list[str]]:
    """A command that starts `info`'s game, with fuzzed flags; cheap bots where bots play."""
    command = rng.choice(["play", "play", "watch", "arena", "bench"] + (["solo"] if info.name == "baler" else []))
    name = info.name if rng.random() < 0.9 else rng.choice([info.name.upper(), "nope", "", "war "])
    argv = [command, name]
    players = [("--players", INTS)]
    options = [x for pair in option_pairs(rng, info) for x in ("--option", pair)]
    if command == "play":
        argv += _flags(rng, players + [("--seat", INTS), ("--seed", SEEDS)])
        argv += ["--bot", bot_spec(rng, cheap=True) if rng.random() < 0.7 else rng.choice(["random", "novice", "random,random,random,random,random,random"])]
        argv += _flags(rng, [("--hint-bot", [bot_spec(rng)])]) + (["--no-auto"] if rng.random() < 0.2 else [])
    elif command == "watch":
        argv += ["--bots", ",".join(bot_spec(rng, cheap=True) if rng.random() < 0.5 else "random"
                                    for _ in range(rng.choice([1, 1, 2, 3, 7])))]
        argv += _flags(rng, players + [("--seed", SEEDS), ("--delay", ["0", "-1", "nan", "inf", "1e9", "x", "0.0"])])
    elif command == "arena":
        argv += ["--bots", ",".join(bot_spec(rng, cheap=True) if rng.random() < 0.5 else "random"
                                    for _ in range(rng.choice([0, 1, 2, 3])))]
        argv += ["--games", rng.choice(["1", "2", "0", "-1", "x"]), "--jobs", rng.choice(["1", "1", "0", "-3"])]
        argv += _flags(rng, players + [("--seed", SEEDS)])
    elif command == "bench":
        argv += ["--seconds", rng.choice(["0.01", "0.01", "0", "-1", "nan", "inf", "3601", "x"]),
                 "--iterations", rng.choice(["5", "5", "0", "-1", "x", "2147483648"]),
                 "--repeats", rng.choice(["1", "1", "0", "1001", "x"])]
        argv += _flags(rng, players + [("--seed", SEEDS), ("--threads", ["1", "0", "65", "x"]),
                                       ("--bots", [bot_spec(rng, cheap=True)])])
    else:
        argv += _flags(rng, [("--side", ["spain", "philippines", "us", "x", "", "0"]),
                             ("--opponent", ["automa", "novice", "x", ""]), ("--seed", SEEDS)])
    return command, argv + options


def _cli_args(rng, infos, data_games) -> dict:
    roll = rng.random()
    if roll < 0.1:
        return {"argv": ["rules", rng.choice([i.name for i in infos] + ["nope", ""])]
                + ([rng.choice(TEXTS)] if rng.random() < 0.7 else [])}
    if roll < 0.15:
        return {"argv": ["games"] + ([rng.choice(TEXTS)] if rng.random() < 0.5 else [])}
    _, argv = _game_argv(rng, rng.choice(infos))
    return {"argv": argv}


def _cli_data(rng, infos, data_games) -> dict:
    info = rng.choice(data_games)
    command = rng.choice(["play", "watch", "arena", "tune", "replay", "solo"] if info.name == "baler"
                         else ["play", "watch", "arena", "tune", "replay"])
    data = {"path": "data", "make": "data", "game": info.name, "seed": rng.randrange(2**32)}
    if command == "replay":
        return {"argv": ["replay", "{dir}/rec.json", "--data", "{dir}/data"],
                "files": [data, {"path": "rec.json", "make": "record", "game": info.name,
                                 "seed": rng.randrange(2**32), "mutate": False}]}
    argv = {"play": ["play", info.name, "--bot", "random", "--seed", "1"],
            "solo": ["solo", info.name, "--seed", "1"],
            "watch": ["watch", info.name, "--bots", "random", "--seed", "1"],
            "arena": ["arena", info.name, "--bots", "random,random", "--games", "1", "--jobs", "1"],
            "tune": ["tune", info.name] + TUNE_TINY}[command]
    return {"argv": argv + ["--data", "{dir}/data"], "files": [data]}


TUNE_TINY = ["--games", "2", "--confirm-games", "2", "--max-iterations", "5", "--rollout-depth", "1",
             "--jobs", "1", "--write", "{dir}/out.toml", "--report-dir", "{dir}/report"]


def _cli_record(rng, infos, data_games) -> dict:
    info = rng.choice(infos)
    record = {"path": "rec.json", "make": "record", "game": info.name, "seed": rng.randrange(2**32)}
    command = rng.choice(["replay", "replay", "play", "solo"] if info.name == "baler" else ["replay", "replay", "play"])
    argv = {"replay": ["replay", "{dir}/rec.json"] + _flags(rng, [("--seat", INTS)]) + (["--step"] if rng.random() < 0.3 else []),
            "play": ["play", "--load", "{dir}/rec.json"] + _flags(rng, [("--seat", INTS), ("--bot", ["random", bot_spec(rng, cheap=True)])]),
            "solo": ["solo", "baler", "--load", "{dir}/rec.json"]}[command]
    return {"argv": argv, "files": [record]}


def _cli_presets(rng, infos, data_games) -> dict:
    info = rng.choice(infos)
    presets = {"path": "config/partisan/presets.toml", "make": "presets", "game": info.name,
               "seed": rng.randrange(2**32)}
    command = rng.choice(["play", "watch", "arena", "tune"])
    preset = rng.choice(["random", "novice", "easy", "hard", "expert", "ismcts:iterations=2", "mine"])
    argv = {"play": ["play", info.name, "--bot", preset, "--seed", "1"],
            "watch": ["watch", info.name, "--bots", "random", "--seed", "1", "--players",
                      str(info.min_players)],
            "arena": ["arena", "kuhn", "--bots", "random,novice", "--games", "1", "--jobs", "1"],
            "tune": ["tune", "kuhn", "--include-reference"] + TUNE_TINY[:-4] + ["--report-dir", "{dir}/report"]
            }[command]
    if command == "tune":
        presets["game"] = "kuhn"
    return {"argv": argv, "files": [presets]}


def _cli_bench(rng, infos, data_games) -> dict:
    return {"argv": ["bench", "kuhn", *BENCH_TINY, "--compare", "{dir}/base.json"],
            "files": [{"path": "base.json", "make": "bench", "seed": rng.randrange(2**32)}]}


BENCH_TINY = ["--seconds", "0.01", "--iterations", "5", "--repeats", "1", "--seed", "1"]


def _cli_svg(rng, infos, data_games) -> dict:
    info = rng.choice([i for i in infos if i.name == "garden"] * 3 + infos)
    target = {"path": "pic.svg", "make": "target", "seed": rng.randrange(2**32)}
    command = rng.choice(["play", "watch", "replay"])
    if command == "replay":
        return {"argv": ["replay", "{dir}/rec.json", "--svg", "{dir}/pic.svg"],
                "files": [target, {"path": "rec.json", "make": "record", "game": info.name,
                                   "seed": rng.randrange(2**32), "mutate": False}]}
    argv = {"play": ["play", info.name, "--bot", "random", "--seed", "1"],
            "watch": ["watch", info.name, "--bots", "random", "--seed", "1"]}[command]
    return {"argv": argv + ["--svg", "{dir}/pic.svg"], "files": [target]}


def _cli_outputs(rng, infos, data_games) -> dict:
    """Files a command writes: --save-to, --save, --json, --csv, --plot."""
    target = {"path": "out.x", "make": "target", "seed": rng.randrange(2**32)}
    argv = rng.choice([
        ["play", "kuhn", "--bot", "random", "--seed", "1", "--save-to", "{dir}/out.x"],
        ["watch", "kuhn", "--bots", "random", "--seed", "1", "--save", "{dir}/out.x"],
        ["arena", "kuhn", "--bots", "random,random", "--games", "2", "--jobs", "1", "--json", "{dir}/out.x"],
        ["arena", "kuhn", "--bots", "random,random", "--games", "2", "--jobs", "1", "--csv", "{dir}/out.x"],
        ["arena", "kuhn", "--bots", "random,random", "--games", "2", "--jobs", "1", "--plot", "{dir}/out.x"],
        ["bench", "kuhn", *BENCH_TINY, "--json", "{dir}/out.x"]])
    return {"argv": argv, "files": [target]}


def _cli_tune(rng, infos, data_games) -> dict:
    target = {"path": "out.toml", "make": rng.choice(["target", "presets"]), "game": "kuhn",
              "seed": rng.randrange(2**32)}
    argv = ["tune", "kuhn", "--include-reference"] + TUNE_TINY
    if rng.random() < 0.3:
        argv[argv.index("{dir}/report")] = "{dir}/out.toml"
    if rng.random() < 0.3:
        flag = rng.choice(["--games", "--confirm-games", "--max-iterations", "--rollout-depth", "--jobs"])
        argv[argv.index(flag) + 1] = rng.choice(INTS)
    return {"argv": argv, "files": [target]}


# ----------------------------------------------------------------------------------------
# Running one probe (in a worker).

class Outcome(Exception):
    def __init__(self, kind: str, detail: str):
        super().__init__(detail)
        self.kind, self.detail = kind, detail


_GAMES: dict = {}
_POSITIONS: dict = {}


def _game(name, players, options):
    from partisan.core import load_game
    games()
    key = (name, players, json.dumps(options, sort_keys=True))
    if key not in _GAMES:
        _GAMES[key] = load_game(name, players=players, **options)
    return _GAMES[key]


def position(probe: dict):
    key = json.dumps([probe["game"], probe["players"], probe["options"], probe["seed"], probe["steps"]])
    if key not in _POSITIONS:
        if len(_POSITIONS) > 8:
            _POSITIONS.clear()
        state = _game(probe["game"], probe["players"], probe["options"]).new_initial_state(probe["seed"])
        _POSITIONS[key] = play_random(state, random.Random(probe["seed"]), probe["steps"])
    return _POSITIONS[key].clone()


def snapshot(state) -> tuple:
    """What a refused call must leave as it was."""
    try:
        legal = state.legal_actions()
    except ValueError as exc:
        legal = type(exc).__name__
    return (state.fingerprint(), state.current_player(), state.move_number, legal,
            [state.infostate_key(p) for p in range(state.num_players)],
            [json.dumps(state.observation(p), sort_keys=True, default=str) for p in range(state.num_players)])


def check_sound(state, rng: random.Random) -> None:
    """An accepted call must leave a state the contract holds for, that plays on."""
    from partisan.core import CHANCE, TERMINAL
    n = state.num_players
    player = state.current_player()
    if not (player in (CHANCE, TERMINAL) or 0 <= player < n):
        raise Outcome("changed", f"the state reports {player} to move ({n} players)")
    if player != TERMINAL and not state.is_sampled_chance():
        legal = state.legal_actions()
        bound = state.game.info.max_chance_outcomes if player == CHANCE else state.num_distinct_actions
        if not legal or any(not 0 <= a < bound for a in legal):
            raise Outcome("changed", f"legal actions {legal[:10]} at {state!r}")
    for p in range(n):
        json.dumps(state.observation(p), default=str)
    play_random(state.clone(), rng, 40)


def classify_exception(exc: BaseException) -> Outcome | None:
    if isinstance(exc, MemoryError):
        return Outcome("memory", "MemoryError")
    if isinstance(exc, CLEAN):
        return None
    where = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    at = f" at {where[0].filename.rsplit('/', 3)[-1]}:{where[0].lineno}" if where else ""
    return Outcome("exit70", f"{type(exc).__name__}: {str(exc)[:200]}{at}")


def _call(fn, args, kwargs):
    try:
        return fn(*args, **kwargs), None
    except Outcome:
        raise
    except BaseException as exc:          # noqa: BLE001 - every kind is classified
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise Outcome("exit70", f"{type(exc).__name__} escaped")
        bad = classify_exception(exc)
        if bad is not None:
            raise bad
        return None, exc


def run_state(probe: dict) -> str:
    state = position(probe)
    before = snapshot(state)
    rng = random.Random(json.dumps(probe))
    if probe["args"] is None:       # a property
        _call(getattr, (state, probe["method"]), {})
        if snapshot(state) != before:
            raise Outcome("changed", "reading a property changed the state")
        return "ok"
    method = getattr(state, probe["method"])
    try:
        args, kwargs = evaluate(probe["args"]), evaluate(probe["kwargs"])
    except (TypeError, ValueError) as exc:      # a spoiled example that cannot be built
        raise Outcome("skipped", f"arguments not built: {exc}")
    result, exc = _call(method, args, kwargs)
    if exc is not None:
        if snapshot(state) != before:
            raise Outcome("changed", f"refused with {type(exc).__name__} ({str(exc)[:120]}) but the state changed")
        return "ok"
    try:
        check_sound(state, rng)
    except Outcome:
        raise
    except BaseException as exc:      # noqa: BLE001
        raise Outcome("changed", f"accepted, then the state fails: {type(exc).__name__}: {str(exc)[:160]}")
    return "ok"


def _must_refuse_seed(value) -> bool:
    return not isinstance(value, bool) and not (isinstance(value, int) and 0 <= value < 2**64)


def run_game(probe: dict) -> str:
    from partisan.core import RandomState, load_game
    from partisan.core.game import game_info
    what = probe["what"]
    if what == "load_game":
        _call(load_game, (probe["game"],), {"players": evaluate(probe["players"]), **evaluate(probe["kwargs"])})
    elif what == "new_initial_state":
        seed = evaluate(probe["arg"])
        game = _game(probe["game"], None, {})
        state, exc = _call(game.new_initial_state, (seed,), {})
        if exc is None:
            if _must_refuse_seed(seed):
                raise Outcome("accepted", f"new_initial_state({probe['arg']}) accepted a seed outside 0..2^64-1")
            check_sound(state, random.Random(1))
    elif what == "random_state":
        _call(RandomState, (evaluate(probe["arg"]),), {})
    elif what == "game_info":
        _call(game_info, (evaluate(probe["arg"]),), {})
    else:
        info = game_info(probe["game"])
        if probe["option"] is not None:
            _call(info.option(probe["option"]).parse, (evaluate(probe["arg"]),), {})
    return "ok"


PLAIN = (int, float, str, bool, type(None))
COUNTERS = {"edges_in_tree", "edges_used", "iterations_done", "memory_bytes", "nodes_used"}


def search_config(search) -> dict:
    """A search's settings (a parallel search's: its first tree's, and how many trees)."""
    config = {}
    for name in dir(search):
        value = getattr(search, name, None)
        if name.startswith("_") or name in COUNTERS or callable(value):
            continue
        if isinstance(value, PLAIN):
            config[name] = value
        elif isinstance(value, (list, tuple)) and value and not isinstance(value[0], PLAIN):
            config[name] = (len(value), search_config(value[0]))
    return config


def bot_config(bot) -> dict:
    """What a bot plays with: its own settings and its search's."""
    config = {k: v for k, v in vars(bot).items() if k not in ("name", "_seed") and isinstance(v, PLAIN)}
    if getattr(bot, "search", None) is not None:
        config["search"] = search_config(bot.search)
    return {"kind": type(bot).__name__, **config}


def _play_a_move(bot, probe: dict) -> None:
    """A bot the spec built plays a move at a random position of its game, when it is cheap."""
    cheap = (getattr(bot, "iterations", 0) <= 64 and getattr(bot, "seconds", 0) <= 0.05
             and not getattr(bot, "solve", 0) and getattr(bot, "playouts", 0) <= 64
             and getattr(bot, "rollout_depth", 0) <= 10_000 and type(bot).__name__ != "CFRBot")
    if not cheap or probe["game"] in (None, "nope"):
        return
    rng = random.Random(json.dumps(probe))
    state = play_random(_game(probe["game"], None, {}).new_initial_state(rng.randrange(2**32)), rng,
                        rng.choice(STEPS))
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    if state.is_terminal():
        return
    before = state.fingerprint()
    action, exc = _call(bot.choose, (state,), {})
    if exc is None and action not in state.legal_actions():
        raise Outcome("changed", f"{bot} chose {action!r}, not a legal move")
    if state.fingerprint() != before:
        raise Outcome("changed", f"{bot} changed the state it was asked about")


def run_bot(probe: dict) -> str:
    from partisan.ai import make_bot
    spec = evaluate(probe["spec"])
    bot, exc = _call(make_bot, (spec,), {"seed": evaluate(probe["seed"]), "game": probe["game"],
                                         **evaluate(probe["kwargs"])})
    if exc is not None or bot is None:
        return "ok"
    again, exc = _call(make_bot, (str(bot),), {"seed": evaluate(probe["seed"]), "game": probe["game"]})
    if exc is not None:
        raise Outcome("accepted", f"the bot's name {str(bot)!r} does not rebuild it: {exc}")
    _play_a_move(bot, probe)
    if bot_config(again) != bot_config(bot):
        diff = {k: (v, bot_config(again).get(k)) for k, v in bot_config(bot).items() if bot_config(again).get(k) != v}
        diff = {k: v if k != "search" else {n: (x, v[1].get(n)) for n, x in v[0].items() if v[1].get(n) != x}
                for k, v in diff.items()}
        raise Outcome("accepted", f"the bot's name {str(bot)!r} builds another bot: {diff}")
    return "ok"


def run_function(probe: dict, folder: Path) -> str:
    import importlib
    fn = getattr(importlib.import_module(probe["module"]), probe["name"])
    _side_files(folder, random.Random(probe["args"]), None)
    _call(fn, evaluate(probe["args"], folder), evaluate(probe["kwargs"], folder))
    return "ok"


def run_record(probe: dict, folder: Path) -> str:
    from partisan.core import record
    path = folder / "rec.json"
    make_record(path, {"game": probe["game"], "seed": probe["seed"]})
    _call(record.load, (path,), {})
    return "ok"


def run_data(probe: dict, folder: Path) -> str:
    """An edited data folder: refused cleanly, or loaded with the edit pinned by the fingerprint."""
    import tomllib
    from partisan.core import load_game
    from partisan.core.game import game_info
    target = folder / "data"
    edited = make_data(target, {"game": probe["game"], "seed": probe["seed"]})
    game, exc = _call(load_game, (probe["game"],), {"data": target})
    if exc is not None or game is None or edited is None:
        return "ok"
    check_sound(game.new_initial_state(1), random.Random(1))
    shipped = game_info(probe["game"]).data.folder / edited
    try:
        changed = tomllib.loads((target / edited).read_text()) != tomllib.loads(shipped.read_text())
    except (OSError, ValueError, RecursionError):
        return "ok"
    if changed and game.encoding["data"] == load_game(probe["game"]).encoding["data"]:
        raise Outcome("accepted", f"{edited} was edited and loaded, but the data fingerprint does not change")
    return "ok"


# ---- files a probe needs -----------------------------------------------------------------

NUMBER = re.compile(r"(?<![\w.\"-])-?\d+(\.\d+)?(?![\w.\"])")
STRING = re.compile(r'"[^"\n]*"')
BAD_NUMBERS = ["1000000000", "100000000000000000000000", "-1", "0", "1e308", "inf", "nan", "-inf", "3.5",
               "9223372036854775808", "1_000_000_000", "-9223372036854775809", "255", "65536"]
BAD_STRINGS = ['""', '"x"', '"' + "a" * 100000 + '"', '"\\u0000"', "1", "[]", "{}", "true", '"\u00e9"']


def special_file(path: Path, rng: random.Random) -> bool:
    """Replace `path` by something that is not a regular data file, sometimes."""
    kind = rng.choice(["fifo", "dir", "zero", "missing", "empty", "garbage", "loop", "huge", None, None, None])
    if kind is None:
        return False
    if path.exists() or path.is_symlink():
        path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        path.mkdir()
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "empty":
        path.write_text("")
    elif kind == "garbage":
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.choice([1, 100, 5000]))))
    elif kind == "loop":
        path.symlink_to(path.name)
    elif kind == "huge":
        path.write_bytes(b"# " + b"x" * (40 * 2**20) + b"\n")
    return True


def mutate_text(text: str, rng: random.Random, targets=("count", "copies", "number", "total")) -> str:
    kind = rng.choice(["number", "number", "number", "string", "delete", "duplicate", "truncate", "deep",
                       "deep_table", "repeat_table", "swap"])
    lines = text.split("\n")
    if kind == "number":
        found = list(NUMBER.finditer(text))
        preferred = [m for m in found if any(t in text[text.rfind("\n", 0, m.start()):m.start()] for t in targets)]
        if found:
            m = rng.choice(preferred if preferred and rng.random() < 0.5 else found)
            return text[:m.start()] + rng.choice(BAD_NUMBERS) + text[m.end():]
    if kind == "string":
        found = list(STRING.finditer(text))
        if found:
            m = rng.choice(found)
            other = rng.choice(found).group() if rng.random() < 0.3 else rng.choice(BAD_STRINGS)
            return text[:m.start()] + other + text[m.end():]
    if kind == "delete" and lines:
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == "duplicate" and lines:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "\n".join(lines)
    if kind == "swap" and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    if kind == "truncate":
        return text[:rng.randrange(len(text) + 1)]
    depth = rng.choice([100, 1000, 3000, 5000, 20000])
    if kind == "deep":
        return "zz_deep = " + "[" * depth + "]" * depth + "\n" + text
    if kind == "deep_table":
        return "zz_deep = " + "{a = " * depth + "1" + "}" * depth + "\n" + text
    start = text.find("[[")
    if start >= 0:       # one entry of a table array many times over
        end = text.find("\n[", start + 2)
        block = text[start:end if end > 0 else len(text)] + "\n"
        return text + block * rng.choice([2, 300, 5000])
    return text


def make_data(folder: Path, spec: dict) -> str | None:
    """A copy of the game's shipped data folder (every TOML file, automa included) with one
    file edited or replaced; returns the name of a file edited in text, else None."""
    from partisan.core.game import game_info
    rng = random.Random(f"data:{spec['seed']}")
    shipped = game_info(spec["game"]).data.folder
    if rng.random() < 0.05:
        special_file(folder, random.Random(spec["seed"])) or folder.mkdir()
        return None
    shutil.copytree(shipped, folder, ignore=shutil.ignore_patterns("*.md", "__pycache__"))
    name = rng.choice(sorted(p.name for p in shipped.glob("*.toml")))
    path = folder / name
    if special_file(path, rng) if rng.random() < 0.25 else False:
        return None
    text = path.read_text()
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        text = mutate_text(text, rng)
    path.write_text(text)
    return name


JSON_BAD = [None, -1, 0, 1, 2**64, 2**63, 1.5, 1e308, float("inf"), float("nan"), float("-inf"), "", "x",
            "\u0000", [], {}, [1], {"a": 1}, True, "a" * 100000, "war", "kuhn", "Infinity", 10**5000]


def json_paths(value, prefix=()):
    yield prefix
    if len(prefix) > 8:         # a deep value an earlier mutation put there
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from json_paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i in sorted({0, len(value) // 2, len(value) - 1}) if value else ():
            yield from json_paths(value[i], prefix + (i,))


def mutate_json(doc, rng: random.Random, extra_keys: list[tuple], folder: Path) -> tuple[object, str]:
    """One field of `doc` replaced by a bad value (or a key added), and what was done."""
    paths = [p for p in json_paths(doc) if p] + extra_keys
    path = rng.choice(paths)
    roll = rng.random()
    if roll < 0.15:
        bad = deep(rng.choice([100, 3000, 100000]))
    elif roll < 0.25:
        bad = str(folder / rng.choice(["fifo", "folder", "zero", "nowhere", "baddata"]))
    else:
        bad = rng.choice(JSON_BAD)
    if not path:
        return bad, "the whole document"
    parent = doc
    for key in path[:-1]:
        if isinstance(parent, dict):
            parent = parent.setdefault(key, {})
        elif isinstance(parent, list) and isinstance(key, int) and key < len(parent):
            parent = parent[key]
        else:
            return doc, "nothing"
    if rng.random() < 0.1 and isinstance(parent, dict) and path[-1] in parent:
        del parent[path[-1]]
        return doc, f"{'.'.join(map(str, path))} removed"
    if isinstance(parent, dict) or (isinstance(parent, list) and isinstance(path[-1], int) and path[-1] < len(parent)):
        parent[path[-1]] = bad
    shown = ("a nested list" if isinstance(bad, list) and bad and isinstance(bad[0], list)
             else "a 5000-digit number" if isinstance(bad, int) and bad > 2**64 else repr(bad)[:50])
    return doc, f"{'.'.join(map(str, path))} = {shown}"


def _write_json(path: Path, doc) -> None:
    try:
        text = json.dumps(doc)
    except (RecursionError, ValueError):
        text = "[" * 100000 + "]" * 100000
    path.write_text(text)


def _side_files(folder: Path, rng: random.Random, game: str | None) -> None:
    """Things a mutated field may point at: a pipe, a folder, /dev/zero, broken data."""
    if not (folder / "fifo").exists():
        os.mkfifo(folder / "fifo")
        (folder / "folder").mkdir()
        (folder / "zero").symlink_to("/dev/zero")
        from partisan.core.game import game_info
        infos = [i for i in games(False) if i.data is not None]
        info = game_info(game) if game and game_info(game).data is not None else rng.choice(infos)
        make_data(folder / "baddata", {"game": info.name, "seed": rng.randrange(2**32)})


def make_record(path: Path, spec: dict) -> str:
    """A record of a short random game, then one field (or the file) made bad."""
    from partisan.core.record import Match
    rng = random.Random(f"record:{spec['seed']}")
    info = next(i for i in games() if i.name == spec["game"])
    setup = random_setup(rng, info)
    match = Match(_game(setup["game"], setup["players"], setup["options"]), rng.randrange(2**32))
    for _ in range(rng.choice([0, 1, 5, 20, 80])):
        state = match.state
        if state.is_terminal():
            break
        match.apply(state.sample_chance(rng.randrange(2**62)) if state.is_chance_node()
                    else rng.choice(state.legal_actions()))
    doc = match.to_dict()
    doc["meta"].update(human_seat=0, bots={str(s): "random" for s in range(1, setup["players"])})
    if not spec.get("mutate", True):
        _write_json(path, doc)
        return "valid"
    _side_files(path.parent, rng, setup["game"])
    if special_file(path, rng) if rng.random() < 0.1 else False:
        return "special"
    extra = [("options", o.name) for o in info.options] + [("options", "nope"), ("meta", "data"),
                                                           ("meta", "human_seat"), ("meta", "bots", "1"),
                                                           ("meta", "hint_bot"), ("encoding", "data")]
    done = []
    for _ in range(rng.choice([1, 1, 2])):
        doc, what = mutate_json(doc, rng, extra, path.parent)
        done.append(what)
    _write_json(path, doc)
    return "; ".join(done)


PRESETS_TEXTS = [
    'games = "x"', "[games]\n{game} = 5", "[games.{game}]\nhard = 5", "[games.{game}.hard]\niterations = -1",
    '[games.{game}.hard]\nkind = 5', '[games.{game}.hard]\nkind = "nope"', "presets = 5",
    "[presets.hard]\nuct_c = nan", '[games.{game}.hard]\nlike = "easy"\n[games.{game}.easy]\nlike = "hard"',
    "[games.{game}.hard]\niterations = 1e308", '[games.{game}.hard]\nlike = "nope"',
    '[games.{game}.novice]\nkind = "ismcts"\niterations = 2\nthreads = 64', "[games.{game}.hard]\n",
    '[presets.mine]\nkind = "random"\n', "[games.{game}.random]\niterations = 5",
    '[games.{game}.hard]\nkind = "ismcts"\niterations = 2147483648', "x = " + "[" * 5000 + "]" * 5000,
    "games = " + "{a = " * 4000 + "1" + "}" * 4000, "[[games]]\nx = 1", '[games."{game}".novice]\nuct_c = "x"',
    '[games.war.hard]\nkind = "ismcts"\niterations = 2\n\n[presets.mine]\nkind = "random"\n# mine\n',
    '# my ladder\n[presets.mine]\nkind = "ismcts"\niterations = 3\n\n[games.war.easy]\nlike = "mine"\n',
]


def make_presets(path: Path, spec: dict) -> str:
    rng = random.Random(f"presets:{spec['seed']}")
    path.parent.mkdir(parents=True, exist_ok=True)
    if special_file(path, rng) if rng.random() < 0.15 else False:
        return "special"
    if rng.random() < 0.5:
        text = rng.choice(PRESETS_TEXTS).replace("{game}", spec.get("game", "war"))
    else:
        from partisan.ai.bots import PRESETS_FILE
        text = Path(PRESETS_FILE).read_text().replace("[presets.", "[games.%s." % spec.get("game", "war"))
        for _ in range(rng.choice([1, 2])):
            text = mutate_text(text, rng, targets=("iterations", "rollout_depth", "threads", "uct_c"))
    path.write_text(text)
    return "text"


_BENCH: dict = {}


def make_bench(path: Path, spec: dict) -> str:
    """A baseline `bench --json` wrote (once per worker), then one field made bad."""
    rng = random.Random(f"bench:{spec['seed']}")
    if "doc" not in _BENCH:
        out = path.parent / "fresh.json"
        cli_invoke(["bench", "kuhn", *BENCH_TINY, "--json", str(out)], path.parent)
        _BENCH["doc"] = out.read_text()
    doc = json.loads(_BENCH["doc"])
    _side_files(path.parent, rng, None)
    if special_file(path, rng) if rng.random() < 0.15 else False:
        return "special"
    doc, what = mutate_json(doc, rng, [("machine",), ("partisan",), ("partisan", "commit"),
                                       ("games", "kuhn", "figures", "clone", "samples", 0)], path.parent)
    _write_json(path, doc)
    return what


def make_target(path: Path, spec: dict) -> str:
    """Something already where a command will write: a record, text, a folder, a pipe."""
    rng = random.Random(f"target:{spec['seed']}")
    kind = rng.choice(["none", "record", "text", "dir", "fifo", "missing_folder", "zero", "svg"])
    if kind == "record":
        make_record(path, {"game": "kuhn", "seed": spec["seed"], "mutate": False})
    elif kind == "text":
        path.write_text("keep me\n")
    elif kind == "dir":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "missing_folder":
        path.symlink_to(path.parent / "nowhere" / "x")
    elif kind == "svg":
        path.write_text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>\n')
    return kind


MAKERS = {"data": make_data, "record": make_record, "presets": make_presets, "bench": make_bench,
          "target": make_target}


def cli_invoke(argv: list[str], folder: Path):
    import io

    from click.testing import CliRunner
    from rich.console import Console

    from partisan.cli.main import cli
    screen = io.StringIO()
    console = Console(file=screen, width=120, color_system=None, highlight=False)
    env = {"XDG_CONFIG_HOME": str(folder / "config"), "HOME": str(folder), "PARTISAN_TRACEBACK": None,
           "COLUMNS": "120", "LINES": "40"}
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(cli, argv, input="", obj={"console": console}, env=env)
    finally:
        os.chdir(cwd)
    return result, screen.getvalue() + result.stdout + result.stderr


NONSENSE = re.compile(r"(?<![\w.])-?(nan|inf|infinity)(?![\w])", re.IGNORECASE)


def run_cli(probe: dict, folder: Path) -> str:
    made = {}
    for spec in probe.get("files", []):
        path = folder / spec["path"]
        path.parent.mkdir(parents=True, exist_ok=True)
        made[spec["path"]] = MAKERS[spec["make"]](path, spec)
    target = folder / "pic.svg"
    before = target.read_bytes() if target.is_file() else None
    kept = _user_tables(probe, folder)
    result, text = cli_invoke([a.replace("{dir}", str(folder)) for a in probe["argv"]], folder)
    exc = result.exception
    if isinstance(exc, MemoryError) or "MemoryError" in text:
        raise Outcome("memory", _last_line(text))
    if exc is not None and not isinstance(exc, SystemExit):
        raise Outcome("exit70", f"{type(exc).__name__} escaped: {str(exc)[:200]}")
    if result.exit_code == 70 or "Traceback (most recent call last)" in text:
        raise Outcome("exit70", _last_line(text))
    if result.exit_code == 0 and before is not None and not before.startswith(b"<?xml") \
            and target.is_file() and target.read_bytes() != before:
        raise Outcome("accepted", f"--svg overwrote an existing file that is not a picture ({made.get('pic.svg')})")
    if kept and result.exit_code == 0 and _user_tables(probe, folder) != kept:
        raise Outcome("changed", "tune dropped tables of the presets file it rewrote: "
                                 f"{sorted(kept)} before, {sorted(_user_tables(probe, folder))} after")
    figures = "\n".join(line.split(", on ")[0] for line in text.splitlines()    # the table's rows, and
                        if "\u2502" in line or line.startswith("Ratio to the baseline"))  # the title's date and commit
    if "--compare" in probe["argv"] and result.exit_code == 0 and NONSENSE.search(figures):
        raise Outcome("accepted", f"a comparison printed a meaningless figure: {NONSENSE.search(figures).group()}")
    raise Outcome("ok", f"exit {result.exit_code}: {_last_line(text)[:120]}")


def _user_tables(probe: dict, folder: Path) -> dict:
    """The tables other than the tuned game's in the presets file a `tune` probe writes."""
    if probe["argv"][0] != "tune":
        return {}
    argv = probe["argv"]
    path = Path(argv[argv.index("--write") + 1].replace("{dir}", str(folder))) if "--write" in argv \
        else folder / "config" / "partisan" / "presets.toml"
    import tomllib
    try:
        doc = tomllib.loads(path.read_text()) if path.is_file() else {}
    except (OSError, ValueError, RecursionError):
        return {}
    games = doc.get("games") if isinstance(doc.get("games"), dict) else {}
    return {**{k: v for k, v in doc.items() if k != "games"},
            **{f"games.{g}": v for g, v in games.items() if g != "kuhn"}}


def _last_line(text: str) -> str:
    lines = [l for l in text.strip().splitlines() if "internal error" in l or "Error" in l] or text.strip().splitlines() or [""]
    return lines[-1][:300]


def run_probe(probe: dict, folder: Path) -> dict:
    """{"outcome": ok, skipped (the game cannot load in this tree) or a fault kind, "detail": text}."""
    from partisan.core import DataError
    runner = {"state": lambda: run_state(probe), "game": lambda: run_game(probe),
              "bot": lambda: run_bot(probe), "function": lambda: run_function(probe, folder),
              "record": lambda: run_record(probe, folder), "data": lambda: run_data(probe, folder),
              "cli": lambda: run_cli(probe, folder)}[probe["kind"]]
    try:
        return {"outcome": runner(), "detail": ""}
    except Outcome as out:
        return {"outcome": out.kind, "detail": out.detail}
    except MemoryError:
        return {"outcome": "memory", "detail": "MemoryError while setting up the probe"}
    except DataError as exc:
        if "unavailable" in str(exc):       # the game's shipped data is broken in this tree
            return {"outcome": "skipped", "detail": str(exc)[:300]}
        return {"outcome": "exit70", "detail": f"in set-up: DataError: {str(exc)[:300]}"}
    except BaseException as exc:      # noqa: BLE001 - a fault of the harness or the set-up
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return {"outcome": "exit70", "detail": "in set-up: " + "".join(
            traceback.format_exception_only(type(exc), exc)).strip()[:300]
            + f" at {where.filename.rsplit('/', 3)[-1]}:{where.lineno}"}


def target_of(probe: dict) -> str:
    kind = probe["kind"]
    if kind == "state":
        return f"state.{probe['method']}"
    if kind == "game":
        return f"game.{probe['what']}"
    if kind == "function":
        return f"{probe['module'].rsplit('.', 1)[-1]}.{probe['name']}"
    if kind == "cli":
        made = "+".join(f["make"] for f in probe.get("files", []))
        return f"cli {probe['argv'][0]}" + (f" ({made})" if made else "")
    return kind


def reproduction(probe: dict) -> str:
    import shlex
    return f"python tests/fuzz/worker.py {shlex.quote(json.dumps(probe))}"


# ----------------------------------------------------------------------------------------
# The pool (the parent process).

def limit_resources() -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_LIMIT, FILE_LIMIT))


class Worker:
    def __init__(self, root: Path, index: int):
        self.root, self.index, self.proc, self.served = root, index, None, 0
        self.err_path = root / f"worker{index}.err"

    def start(self):
        env = {**os.environ, "LIBC_FATAL_STDERR_": "1", "PYTHONFAULTHANDLER": "1"}
        env.pop("PARTISAN_TRACEBACK", None)
        self.err = open(self.err_path, "ab")
        self.proc = subprocess.Popen([sys.executable, str(WORKER), "--serve", str(self.root / f"w{self.index}")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err,
                                     env=env, start_new_session=True)
        self.buffer, self.served = b"", 0

    def stop(self):
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, 9)
            except ProcessLookupError:
                pass
            self.proc.wait()
            self.proc = None
            self.err.close()

    def ask(self, probe: dict, timeout: float) -> dict:
        if self.proc is None or self.served >= 400:
            self.stop()
            self.start()
        mark = self.err_path.stat().st_size
        self.served += 1
        try:
            self.proc.stdin.write((json.dumps(probe) + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            return self._died(mark)
        deadline = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.stop()
                return {"outcome": "hang", "detail": f"no answer in {timeout:g} s"}
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    return self._died(mark)
                self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(line)

    def _died(self, mark: int) -> dict:
        code = self.proc.wait()
        self.err.flush()
        with open(self.err_path, "rb") as fh:
            fh.seek(mark)
            tail = fh.read().decode(errors="replace").strip().splitlines()
        self.stop()
        why = next((l for l in tail if "free" in l or "corrupt" in l or "Fatal" in l or "abort" in l.lower()),
                   tail[0] if tail else "")
        where = [l.strip() for l in tail if l.strip().startswith("File ")][:2]     # faulthandler's stack
        return {"outcome": "crash", "detail": f"worker died (exit {code}): {why[:200]} {' < '.join(where)[:300]}"}


def run_pool(probes: list[dict], jobs: int = 2, timeout: float = 20.0) -> list[dict]:
    """Each probe's result (outcome, detail, target, seconds), in probe order."""
    root = Path(tempfile.mkdtemp(prefix="partisan-fuzz-"))
    results: list[dict | None] = [None] * len(probes)
    lock = threading.Lock()
    order = iter(range(len(probes)))

    def serve(index: int):
        worker = Worker(root, index)
        try:
            while True:
                with lock:
                    i = next(order, None)
                if i is None:
                    return
                start = time.monotonic()
                limit = timeout * (3 if probes[i]["kind"] == "cli" else 1)
                answer = worker.ask(probes[i], limit)
                if answer["outcome"] in ("crash", "hang"):      # again, alone in a fresh worker
                    worker.stop()
                    again = worker.ask(probes[i], limit)["outcome"]
                    answer["detail"] += f" (alone in a fresh worker: {again})"
                    worker.stop()
                answer.update(target=target_of(probes[i]), seconds=time.monotonic() - start)
                results[i] = answer
        finally:
            worker.stop()

    threads = [threading.Thread(target=serve, args=(k,)) for k in range(max(1, jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    shutil.rmtree(root, ignore_errors=True)
    return results


def report(probes: list[dict], results: list[dict]) -> tuple[str, dict]:
    """A table per target and the totals."""
    per = defaultdict(Counter)
    for r in results:
        per[r["target"]]["probes"] += 1
        per[r["target"]][r["outcome"]] += 1
    totals = Counter()
    for c in per.values():
        totals.update(c)
    columns = FAULTS + ("skipped",)
    head = f"{'target':<34}{'probes':>8}" + "".join(f"{k:>9}" for k in columns)
    rows = [head] + [f"{t:<34}{c['probes']:>8}" + "".join(f"{c[k]:>9}" for k in columns)
                     for t, c in sorted(per.items())]
    rows.append(f"{'total':<34}{totals['probes']:>8}" + "".join(f"{totals[k]:>9}" for k in columns))
    per_game = Counter(f"{p['game']} {p['players']}p" for p in probes if p["kind"] == "state")
    if per_game:
        rows.append("state probes per game and player count: "
                    + ", ".join(f"{k} {v}" for k, v in sorted(per_game.items())))
    groups: dict = {}
    for p, r in zip(probes, results):
        if r["outcome"] not in ("ok", "skipped"):
            key = (r["outcome"], r["target"], _shape(r["detail"]))
            groups.setdefault(key, [0, p, r])[0] += 1
    if groups:
        rows.append("\nfailures, grouped (count, kind, target, first instance, its reproduction):")
    for count, p, r in sorted(groups.values(), key=lambda g: (g[2]["outcome"], g[2]["target"])):
        rows.append(f"{count:>5} {r['outcome']}: {r['target']}: {r['detail']}\n      {reproduction(p)}")
    return "\n".join(rows), {"probes": totals["probes"], **{k: totals[k] for k in columns}}


def _shape(detail: str) -> str:
    """A failure's message without its numbers, paths and quoted values: one group per cause."""
    return re.sub(r"'[^']*'|\"[^\"]*\"|/\S+|-?\d[\d.e+]*", "_", detail)[:120]


def budget(name: str, default: int) -> int:
    return int(os.environ.get(name, default))
