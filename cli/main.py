"""The `partisan` command: a click group whose subcommands live in partisan.cli.commands.

Every user error (a PartisanError or a click usage error) is printed on stderr
through one path with its own exit code; no traceback reaches the user.
"""
from __future__ import annotations

import importlib
import os
import pkgutil
import sys

import click

from partisan.cli.console import (EXIT_BAD_OPTION, EXIT_BAD_RECORD, EXIT_ERROR, EXIT_INTERNAL,
                                  EXIT_INTERRUPTED, EXIT_USAGE)
from partisan.core.errors import BotSpecError, OptionError, PartisanError, RecordError


class PartisanGroup(click.Group):
    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except PartisanError as exc:
            code = (EXIT_USAGE if isinstance(exc, BotSpecError) else
                    EXIT_BAD_OPTION if isinstance(exc, OptionError) else
                    EXIT_BAD_RECORD if isinstance(exc, RecordError) else EXIT_ERROR)
            click.echo(f"partisan: {exc}", err=True)
            ctx.exit(code)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(EXIT_INTERRUPTED)
        except Exception as exc:
            # A bug, not the user's fault: one line, unless PARTISAN_TRACEBACK=1 asks for the trace.
            if os.environ.get("PARTISAN_TRACEBACK") == "1":
                raise
            click.echo(f"partisan: internal error: {type(exc).__name__}: {exc} "
                       "(set PARTISAN_TRACEBACK=1 to see where)", err=True)
            ctx.exit(EXIT_INTERNAL)


@click.group(cls=PartisanGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="partisan", prog_name="partisan", message="%(prog)s %(version)s")
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
