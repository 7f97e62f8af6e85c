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


def un_on_seat_1(attackers, hand=(), kept=()) -> Table:
    """Seat 0 plays the UN card on seat 1 after an Atrocity (as digest T1); seat 2's turn next,
    its one group (`attackers`, card names) able to attack nothing but the UN card, `hand`
    (card names) in its hand besides; seat 1 keeps a Government group of `kept` (card names),
    if any, besides the one seat 0 beats."""
    used = {"Unit 1/4": 1, "Unit 3/3": 1}           # the copies the other groups hold
    cards = []
    for name in attackers:
        cards.append(card(name, used.get(name, 0)))
        used[name] = used.get(name, 0) + 1
    groups = [(0, REB, [card("Unit 1/4")], 0), (1, GOV, [card("Unit 3/3")], 0), (2, REB, cards, 0)]
    groups += [(1, GOV, [card(name) for name in kept], 0)] * bool(kept)
    t = Table(4, auto=False).arrange(hands={0: [card("UN Intervention")],
                                            2: [card("Atrocities/Press"), *map(card, hand)]},
                                     groups=groups)
    t.do("attack with group 0", "group 1", "no reaction", "no reaction", "no reaction", "no reaction").roll(10, 1)
    t.do("no reaction", "no reaction", "play Atrocities", "no reaction", "no reaction", "no reaction", "no reaction")
    t.do("play UN Intervention", "UN Intervention on P2", "end the turn", "end the turn")
    assert t.obs()["active"] == 2 and t.obs()["un_protects"] == 1
    return t


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
