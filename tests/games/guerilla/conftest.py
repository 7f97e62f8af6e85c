"""A table for Guerilla rule tests: a position from named cards, driven by move text, with
every chance outcome (card drawn, die rolled) chosen by the test."""
import pytest

from partisan.core.game import load_game
from partisan.core.games.guerilla.cards import load_cards
from partisan.core.games.guerilla.state import CHANCE_OUTCOMES

DECK = load_cards()
from partisan.core.games.guerilla.state import GOV, MERC, REB


def card(name: str, copy: int = 0) -> int:
    """The id of one copy of a named card."""
    return DECK.ids(name)[copy]


def name(c: int) -> str:
    return f"{DECK.types[DECK.cards[c]].name} (card {c})"


class Table:
    """With `auto` (the default) a reaction window in which the seat asked can only say "no reaction"
    is passed at once, as a table would."""

    def __init__(self, players=4, auto=True, **options):
        self.s = load_game("guerilla", players, **options).new_initial_state(0)
        self.auto = auto

    def skip_forced(self):
        while (self.auto and self.s.current_player() >= 0
               and self.s.observation(0)["phase"] == "reaction" and self.moves() == ["no reaction"]):
            self.do_one("no reaction")

    def do_one(self, move):
        self.s.apply_action(self.s.string_to_action(move))

    def arrange(self, loyalties=None, **kw):
        self.s.arrange(loyalties or [GOV, REB] * (self.s.num_players // 2) + [MERC] * (self.s.num_players % 2), **kw)
        return self

    def do(self, *moves):
        for move in moves:
            self.do_one(move)
            self.skip_forced()
        return self

    def moves(self):
        return [self.s.action_to_string(a) for a in self.s.legal_actions()]

    def roll(self, *faces):
        self.skip_forced()
        for face in faces:
            assert self.s.is_chance_node(), f"not a chance node at {self.s.observation(0)['phase']}"
            self.s.apply_action(CHANCE_OUTCOMES.die + face - 1)
            self.skip_forced()
        return self

    def draw(self, *cards):
        for c in cards:
            assert self.s.is_chance_node()
            self.s.apply_action(CHANCE_OUTCOMES.card + c)
            self.skip_forced()
        return self

    def obs(self, seat=0):
        return self.s.observation(seat)

    def snap(self):
        return self.s._snap()

    def group_of(self, c):
        for g in self.snap()["groups"]:
            if c in g["units"] or c in (g["leader"], g["complex"]):
                return g
        return None


@pytest.fixture
def Guerilla():
    """The Table class: `Guerilla(players, **options).arrange(...)`."""
    return Table


@pytest.fixture
def cid():
    """Card ids by name: `cid("Unit 1/3", 1)` is the second copy."""
    return card


def _pick_sets(s):
    """Every set of cards a card-by-card choice ended by "done" can make (losses, a sortie's
    part, a withdrawn part), by walking every sequence of picks."""
    found = set()
    stack = [(s, ())]
    while stack:
        state, picked = stack.pop()
        for a in state.legal_actions():
            text = state.action_to_string(a)
            if text == "done":
                found.add(frozenset(picked))
                continue
            nxt = state.clone()
            nxt.apply_action(a)
            stack.append((nxt, picked + (int(text.split("card ")[1].rstrip(")")),)))
    return found


@pytest.fixture
def pick_sets():
    """`pick_sets(state)`: the sets of cards a card-by-card choice can end with."""
    return _pick_sets
