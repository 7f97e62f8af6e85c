"""A move typed at the prompt is found without its apostrophes or its case: "reinforce p2s g1"
plays "reinforce P2's g1" (cli/play/prompt.py)."""
from tests.cli.test_guerilla_short_menu import _session
from tests.games.guerilla.conftest import Table, card
from partisan.core.games.guerilla.state import GOV


def test_a_move_typed_without_the_apostrophe_or_in_other_case_plays_it():
    """guerilla.txt l.83: "A player can deploy reinforcements to a group owned by another
    player, with or without his consent." The menu's "reinforce P2's g1", typed as "Reinforce
    P2s G1", plays it."""
    t = Table(4).arrange(hands={0: [card("Unit 2/2")]}, groups=[(0, GOV, [card("Unit 3/3")], 0),
                                                                (1, GOV, [card("Unit 3/2")], 0)])
    session, _ = _session(t.s)
    assert "reinforce P2's g1 →C" in t.obs(0)["menu"]
    for typed in ("Reinforce P2s G1", "reinforce p2’s g1"):
        assert session.parse_move(typed) == t.s.string_to_action("reinforce group 1"), typed
