"""The `partisan` command: a click group whose subcommands live in partisan.cli.commands.

Every user error (a PartisanError or a click usage error) is printed on stderr
through one path with its own exit code; no traceback reaches the user.
"""
from __future__ import annotations

import importlib
import pkgutil
import sys

import click

from partisan.core.errors import OptionError, PartisanError, RecordError

EXIT_USAGE = 2          # click's own code for usage errors
EXIT_BAD_INPUT = 3      # a game, option, record or data file we refused
EXIT_INTERRUPTED = 130


class PartisanGroup(click.Group):
    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (OptionError, RecordError, PartisanError) as exc:
            click.echo(f"partisan: {exc}", err=True)
            ctx.exit(EXIT_BAD_INPUT)


@click.group(cls=PartisanGroup, context_settings={"help_option_names": ["-h", "--help"]})
def cli():
    """Play guerrilla-warfare tabletop games solo against search bots."""


def _load_commands() -> None:
    import partisan.cli.commands as commands
    for mod in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{mod.name}")
        for command in getattr(module, "COMMANDS", ()):
            cli.add_command(command)


_load_commands()


def main() -> None:
    try:
        cli.main(prog_name="partisan", standalone_mode=True)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
