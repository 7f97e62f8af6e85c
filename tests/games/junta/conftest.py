"""A table for Junta rule tests: set up a position, then drive it by move text and forced dice."""
import pytest

from partisan.core.game import load_game


WINDOWS = ("burglars", "spy", "combat: cards", "combat: diversionary tactic")


class Table:
    """Seat 0 is the first Presidente unless `pres` says otherwise; every chance outcome
    (cards drawn, dice rolled, cards plundered) is chosen by the test. A seat asked in a card
    window with nothing it can play passes at once, as a table would."""

    def __init__(self, players=4, expert=False, pres=0, options=None, **arrange):
        self.s = load_game("junta", players, expert=expert, **(options or {})).new_initial_state(0)
        self.s.apply_action(self.s.string_to_action(f"P{pres + 1} becomes Presidente"))
        if arrange:
            self.s.arrange(**arrange)

    # -- decisions
    def do(self, *moves):
        for move in moves:
            self.s.apply_action(self.s.string_to_action(move))
            self.skip_forced()
        return self

    def skip_forced(self):
        while (self.s.current_player() >= 0 and self.s.phase in WINDOWS
               and len(self.s.legal_actions()) == 1):
            self.s.apply_action(self.s.legal_actions()[0])

    def moves(self):
        return [self.s.action_to_string(a) for a in self.s.legal_actions()]

    # -- chance
    def chance(self, suffix):
        assert self.s.is_chance_node(), f"not a chance node but {self.s.phase}"
        for a in self.s.legal_actions():
            if self.s.action_to_string(a).endswith(suffix):
                self.s.apply_action(a)
                self.skip_forced()
                return a
        raise AssertionError(f"no chance outcome ending in {suffix!r}: "
                             f"{[self.s.action_to_string(a) for a in self.s.legal_actions()]}")

    def draw(self, *names):
        for name in names:
            self.chance(f"draws {name}")
        return self

    def draw_round(self, name="Foreign Aid 2", pres_name="Foreign Aid 1"):
        """The Presidente draws `pres_name` cards, the Golpistas `name` cards."""
        pres = self.obs()["presidente"]
        while self.s.phase == "draw cards":
            self.chance(f"P{pres + 1} draws {pres_name}" if self.to_move_drawer == pres else f"draws {name}")
        return self

    @property
    def to_move_drawer(self):
        text = self.s.action_to_string(self.s.legal_actions()[0])
        return int(text.split()[0][1:]) - 1

    def roll(self, *faces):
        for f in faces:
            self.chance(f"rolls {f}")
        return self

    # -- what seats see
    def obs(self, seat=0):
        return self.s.observation(seat)

    def seat(self, q, viewer=None):
        return self.obs(q if viewer is None else viewer)["seats"][q]

    @property
    def to_move(self):
        return self.s.current_player()

    def fields(self):
        return self.s._fields()

    def promise_each(self, name="Foreign Aid 1"):
        """The Presidente promises one `name` to each Golpista, then done."""
        obs = self.obs()
        for q in range(len(obs["seats"])):
            if q != obs["presidente"]:
                self.do(f"promise {name} to P{q + 1}")
        return self.do("done")

    def defend_all(self):
        """Every Golpista still ordering puts all its militia on its own estate."""
        while self.s.phase == "command militias":
            q = self.to_move
            self.do(next(m for m in self.moves() if f"defend own estate ({q + 1})" in m))
        return self

    def order(self, q, *codes):
        """Give Golpista q's militia these codes, in order (1-5 estates, 6 the Presidente)."""
        assert self.to_move == q, f"P{self.to_move + 1} is ordering, not P{q + 1}"
        for c in codes:
            self.do(next(m for m in self.moves() if m.endswith(f"({c})") or m.endswith(f"attack {c}")))
        return self

    def finish_spending(self):
        while self.s.phase == "spend money":
            self.do("done")
        return self


@pytest.fixture
def Junta():
    return Table
