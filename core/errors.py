"""The errors a user can cause. Each is a ValueError so callers may catch broadly."""
import reprlib


class PartisanError(ValueError):
    """Base of every error caused by bad input (never by a bug)."""


class IllegalActionError(PartisanError):
    """An action that is not legal in the current state; the state is unchanged."""


class SampledChanceError(PartisanError):
    """A request to list the outcomes of a chance node that can only be sampled."""


class DataError(PartisanError):
    """A data file (a game's components, a presets file) that is missing, malformed or breaks
    a rule."""


class RecordError(PartisanError):
    """A game record that is malformed, truncated or inconsistent with its game."""


class OptionError(PartisanError):
    """An unknown game, option or option value, or a bad bot specification."""


class BotSpecError(OptionError):
    """A bot specification that cannot be built: an unknown bot, or a parameter of the wrong
    kind or outside its range. The command line treats it as a usage error (exit 2)."""


class SeatError(PartisanError):
    """A seat number that does not exist in this game (or is not a whole number)."""


class BenchmarkFileError(PartisanError):
    """A benchmark file (`partisan bench --compare`) that is malformed or measured otherwise."""


class SeedError(PartisanError):
    """A seed that is not a whole number from 0 to 2^64 - 1 (seeds are never wrapped)."""


def shown(value, limit: int = 24) -> str:
    """`value` for a message, cut short: a number of a million digits must not fill the screen,
    and a list nested thousands deep is not followed to the bottom (reprlib stops at a depth)."""
    text = str(value) if isinstance(value, int) else reprlib.repr(value)
    return text if len(text) <= limit else text[:limit - 4] + "..."
