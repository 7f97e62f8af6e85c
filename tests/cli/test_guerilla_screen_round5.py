"""Guerilla's play screen after the sixth round's newcomers, second pass: the Policia's ability
has one name, a short menu never hides a single move, the note of the events left out reads
plainly, and a screen at 100×40 keeps what the player just asked for in view."""
from __future__ import annotations

import io
import re

from rich.console import Console

from partisan.cli.play.session import PlaySession
from partisan.cli.views import guerilla
from partisan.core.game import load_game
from partisan.core.games.guerilla.state import GOV, REB
from partisan.core.record import Match
from tests.games.guerilla.conftest import card

MORE = re.compile(r"(\d+) more moves?: type `moves`")


def _terminal(width: int = 80, height: int = 24) -> Console:
    return Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None,
                   legacy_windows=False)


def _session(state, seat: int = 0, width: int = 80, height: int = 24) -> PlaySession:
    return PlaySession(Match(state.game, 0, state=state), seat, {q: "random" for q in range(4) if q != seat}, "random",
                       None, _terminal(width, height))


def _flat(renderable, width: int = 400) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return " ".join(console.file.getvalue().split())


def test_the_policia_s_ability_is_an_assassination_attempt_in_cards_as_in_play():
    """l.136: Policia: "May make one assassination attempt per turn on a leader of the same faction
    controlled by another player." The menu and the events call it an assassination; so does
    `cards`."""
    state = load_game("guerilla", 4).new_initial_state(0)
    state.arrange([GOV, REB] * 2, groups=[(0, GOV, [card("Policia"), card("Unit 2/2")], 0),
                                         (1, GOV, [card("Coronel Esteban Lagos / Capitán Mateo Ibarra"),
                                                   card("Unit 1/1")], 0)])
    assert "assassination (Policia)" in state.observation(0)["menu"]
    text = _flat(guerilla.reference(load_game("guerilla", players=4)))
    policia = text.split("Policia DF")[1].split("Port DF")[0]
    assert "arrest" not in text
    assert ("an assassination attempt on a leader of its faction held by another player: d10 minus the "
            "leader's modifier greater than 5") in policia, policia


def _three_moves():
    """P2's answer to an Armor Column's attack, holding an Ambush (l.121: "A Rebel group may refuse
    combat with an Armour Column"; l.120: the Ambush "Can only be played on the Armor Column in
    defence"): two short moves and a long one, the first two on one row of 80 columns."""
    state = load_game("guerilla", 4).new_initial_state(0)
    state.arrange([GOV, REB] * 2, hands={0: [card("Armor Column")], 1: [card("Ambush")]},
                  groups=[(1, REB, [card("Unit 1/1"), card("Unit 1/2")], 0)])
    for move in ("play Armor Column", "group 0", f"Unit 1/1 (card {card('Unit 1/1')})", "no reaction"):
        state.apply_action(state.string_to_action(move))
    assert state.observation(1)["menu"] == [
        "no reaction", "play Ambush: double a defending unit",
        "refuse combat with the Armor Column: your g0 retreats, its 2 cards back to your hand, and the series ends"]
    return state


def test_a_short_menu_never_hides_a_single_move():
    """A menu cut to fit the screen ends with "N more moves: type `moves`". Cutting one move
    saves no row: the line saying it is left out takes the row the move would. Whatever the
    room, a three-move menu shows its three moves rather than two and "1 more move"."""
    session = _session(_three_moves(), seat=1)
    moves = session.moves()
    full = session._height(moves)
    cut = []
    for room in range(1, full + 1):
        short = session._fitted(moves, room)
        console = _terminal()
        console.print(short)
        text = console.file.getvalue()
        left = MORE.search(text)
        cut.append(int(left[1]) if left else 0)
        assert not left or int(left[1]) > 1, (room, text)
    assert any(cut), cut                  # the menu is cut where the room is short


def test_the_note_of_events_left_out_says_plainly_that_later_ones_follow(tmp_path):
    """When the summary leaves out events that came after the last line it shows, the note
    below that line says how many, plainly: "... 4 other events not shown, 2 of them after the
    lines above". With two rows the note goes on the heading's row, which leaves both rows to
    the events: "Since your last move (5 other events not shown, 4 after these: `events`):"."""
    state = load_game("guerilla", 4).new_initial_state(0)
    session = PlaySession(Match(state.game, 0), 0, {1: "random", 2: "random", 3: "random"}, "random",
                          tmp_path / "g.json", _terminal())
    session._advance()
    session.human_moved = True
    attack = "P2: attack your g1 with g4: Unit 3/3, Unit 2/2, Unit 1/4, Unit 2/1, Unit 4/4 and Unit 1/1"  # 2 rows
    later = ["P2: end the turn", "P3: draw cards", "P4: end the turn", "P4: buy an ambush marker point"]
    expected = {(False, 3): "\n    ... 4 other events not shown, all after the lines above: `events`",
                (True, 3): "\n    ... 5 other events not shown, 4 of them after the lines above: `events`",
                (False, 2): "Since your last move (4 other events not shown, all after these: `events`):\n",
                (True, 2): "Since your last move (5 other events not shown, 4 after these: `events`):\n"}
    for (earlier, rows), note in expected.items():
        session.console.file.seek(0), session.console.file.truncate()
        session.events = ["P3: end the turn"] * earlier + [attack, *later]
        session.console.print(session._recent_events(rows))
        screen = session.console.file.getvalue()
        assert "P2: attack your g1" in screen and note in screen, screen
        assert "later than the line above" not in screen


def test_the_note_of_keys_typed_ahead_keeps_the_screen_in_view(tmp_path, monkeypatch):
    """Keys typed while the bots played are dropped, and the player told (a line meant for one
    decision must never land on the next); at 100×40 that note is counted with the prompt, so
    the screen it follows keeps its first row, the rule, and the events under it in view."""
    console = _terminal(100, 40)
    session = PlaySession(Match(load_game("guerilla", 4), 102), 0, {1: "random", 2: "random", 3: "random"},
                          "random", tmp_path / "g.json", console)
    monkeypatch.setattr("partisan.cli.play.session.discard_typed_ahead", lambda: True)
    seen = []

    def answer(prompt=""):
        seen.append(console.file.getvalue())
        return "leave" if len(seen) > 1 else "quit"
    monkeypatch.setattr("builtins.input", answer)
    session._run()
    rows = seen[0].rstrip("\n").splitlines()
    rule = max(i for i, row in enumerate(rows) if "───── Guerilla (4 players)" in row)
    assert "what you typed before this prompt was discarded" in "\n".join(rows[rule:])
    assert len(rows) - rule <= 40, "\n".join(rows[rule:])
