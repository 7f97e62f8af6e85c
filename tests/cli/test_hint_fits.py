"""`hint` inside a game keeps the screen's title in view: the adviser's move and its table go
below the prompt when they fit the rows the screen left free, else they are paged as `events`
is, then the table again (cli/play/advice.py, cli/play/screen.py `paged`)."""
from __future__ import annotations

import io

from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.core.game import load_game
from partisan.core.record import Match


def _terminal_after_hint(tmp_path, width: int, height: int) -> tuple[list[str], int]:
    """The rows a terminal of that size shows once the screen is drawn and `hint` answered
    (Enter at each pager), and how many pagers were opened."""
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None,
                      legacy_windows=False)
    session = PlaySession(Match(load_game("guerilla", players=4), 3), 0, {q: "random" for q in (1, 2, 3)},
                          "ismcts:iterations=60", tmp_path / "g.json", console)
    session._advance()
    pagers = []

    def more(left: int) -> str:
        pagers.append(left)
        console.file.write("<pager>\n")
        return ""
    session._more = more
    session.show_screen()
    console.file.write(session._prompt().plain + "hint\n")
    assert session.handle("hint") == "stay"
    console.file.write(session._prompt().plain + "\n")
    return console.file.getvalue().splitlines()[-height:], len(pagers)


def test_a_hint_taller_than_the_rows_left_is_paged_and_the_title_stays_in_view(tmp_path):
    for width, height in ((100, 40), (80, 24)):
        shown, pagers = _terminal_after_hint(tmp_path, width, height)
        assert any("Guerilla (4 players) - your" in row for row in shown), (width, height, shown)
        assert pagers >= 1, (width, height)
