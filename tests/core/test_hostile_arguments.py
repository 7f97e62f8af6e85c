"""Arguments a fuzz run found crashing the Python API (tests/fuzz): each is now refused with the
project's own error, a ValueError, whatever its shape."""
import os

import pytest

from partisan.cli import bench_file
from partisan.core import record
from partisan.core.errors import DataError, OptionError, RecordError
from partisan.core.game import game_info, load_game, parse_option_pairs


def _deep(levels=5000):
    value = []
    for _ in range(levels):
        value = [value]
    return value


def test_option_pairs_that_are_not_text_are_refused():
    with pytest.raises(OptionError, match="name=value"):
        parse_option_pairs([(1, 2)])


def test_a_deeply_nested_value_is_shown_short_not_followed_down():
    """Writing the message once raised RecursionError (the value's repr went 5,000 deep)."""
    with pytest.raises(OptionError, match=r"wants a bool, not \[\[\["):
        game_info("war").option("two_suits").parse(_deep())
    with pytest.raises(OptionError, match="players must be a whole number"):
        load_game("hearts", players=_deep())


def test_a_data_folder_that_is_a_loop_of_links_or_too_long_a_name(tmp_path):
    loop = tmp_path / "loop"
    os.symlink(loop, loop)
    with pytest.raises(DataError, match="loop of symbolic links"):
        load_game("junta", data=loop)
    with pytest.raises(DataError, match="not a data folder"):
        load_game("junta", data=tmp_path / ("x" * 100_000))


@pytest.mark.parametrize("number", [0, 2**63, 2**64])
def test_a_file_is_named_by_a_path_never_by_a_number(number):
    """os.stat(0) is standard input and os.stat(2**64) an OverflowError: an int is no path."""
    with pytest.raises(RecordError, match="not a path to a file"):
        record.read_record_text(number)
    with pytest.raises(bench_file.BenchmarkFileError, match="not a path to a file"):
        bench_file.load(number)
