"""The two event cards of the Events phase are picked in any order (heroes_of_baler.txt;
l.N = its line)."""
from partisan.core.games.baler.state import NODES

def _node(s):
    return s._snap()["node"]


def test_any_card_may_be_the_first_event_card(table, play, texts):
    """l.354: "First, the player with the initiative chooses two cards from their hand and
    plays them on the table." l.356: "You must always play two cards in this phase". The two
    cards are a choice of two: any card of the hand may be picked first, the other second, and
    no "done" is offered while a second card remains to be picked."""
    cards = ["Takeover attempt", "Massed Assault", "Katipunan Spirit"]
    table.give("philippines", cards)
    hand = [c for c in texts(table.game_state("events", "philippines")) if c != "done"]
    assert set(cards) <= set(hand)
    for first in hand:
        s = table.game_state("events", "philippines")
        assert "done" not in texts(s)              # two cards must be played: no way out
        play(s, first)
        assert _node(s) == NODES["ev_card"]         # a second card to pick, whichever came first
        rest = texts(s)
        assert sorted(rest) == sorted(c for c in hand if c != first) and "done" not in rest
        play(s, rest[0])
        assert _node(s) == NODES["ev_support"]
        events = s._snap()["ev_card"][:2]
        names = [s.parts_view().deck.cards[c].name for c in events]
        assert names == [first, rest[0]]            # event 1 and 2 in the order picked


def test_a_single_playable_card_is_the_only_event_card(table, play, texts):
    """l.216: an enemy Fog of War card "is the same as having a blank card, or one card less"
    (RULES.md reading 17: a side short of cards plays the ones it has)."""
    table.give("philippines", ["Takeover attempt"])
    s = table.game_state("events", "philippines")
    assert texts(s) == ["Takeover attempt"]
    play(s, "Takeover attempt")
    assert _node(s) == NODES["ev_support"]
