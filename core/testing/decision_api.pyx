# cython: language_level=3
"""Python wrappers over the inline blocks for tests: core/decision.pxd."""
from partisan.core.decision cimport (
    NO_ITEM, NO_SECRET, Frame, choice_begin, choice_allows, choice_floor, choice_take,
    choice_redraw, choice_rebound, Secrets, secrets_clear, secret_pending, secret_hidden_from,
    secret_show, secret_redraw, secret_commit, secret_reveal)
from partisan.core.rng cimport Rng, rng_seed
from partisan.core.state cimport GameState, MAX_BRANCH

NONE = NO_ITEM


cdef class ChoiceAPI:
    """One frame choosing items; `done` is action -1 in `legal` (a real game uses its own id)."""
    cdef Frame f
    cdef Rng rng

    def __init__(self, int lo, int hi, bint multi, seed=1):
        choice_begin(&self.f, lo, hi, multi)
        rng_seed(&self.rng, seed)

    def allows(self, int item):
        return choice_allows(&self.f, item)

    def floor(self):
        return choice_floor(&self.f)

    def can_stop(self):
        return self.f.count >= self.f.lo

    def take(self, int item):
        return choice_take(&self.f, item)

    def legal(self, items, int offset=0, int done=1000):
        """A game's legal ids for this choice: `done` once it may stop, then each item
        choice_allows, as Junta and Guerilla list them."""
        stop = [done] if done >= 0 and self.can_stop() else []
        return stop + [offset + v for v in items if choice_allows(&self.f, v)]

    def redraw(self, options, int count):
        cdef int buf[MAX_BRANCH]
        cdef int out[MAX_BRANCH]
        for i, v in enumerate(options):
            buf[i] = v
        if not choice_redraw(&self.f, buf, len(options), count, &self.rng, out):
            return None
        return [out[i] for i in range(count)]

    def rebound(self, items):
        cdef int buf[MAX_BRANCH]
        for i, v in enumerate(items):
            buf[i] = v
        choice_rebound(&self.f, buf, len(items))

    @property
    def count(self):
        return self.f.count

    @property
    def last(self):
        return self.f.last

    def copy(self):
        cdef ChoiceAPI other = ChoiceAPI.__new__(ChoiceAPI)
        other.f = self.f
        other.rng = self.rng
        return other


cdef class SecretsGame(GameState):
    """A bare state whose keys record the observations of secret choices."""
    cdef Secrets s
    cdef Rng rng

    def __init__(self, int players, seed=1):
        self.num_players = players
        secrets_clear(&self.s)
        rng_seed(&self.rng, seed)

    def commit(self, int seat, int value, int kind=1):
        secret_commit(self, &self.s, seat, value, kind)

    def reveal(self, int seat, int kind=2):
        return secret_reveal(self, &self.s, seat, kind)

    def pending(self, int seat):
        return secret_pending(&self.s, seat)

    def hidden_from(self, int seat, int viewer):
        return secret_hidden_from(&self.s, seat, viewer)

    def show(self, int seat, int viewer):
        secret_show(&self.s, seat, viewer)

    def redraw(self, int seat, options):
        cdef int buf[64]
        for i, v in enumerate(options):
            buf[i] = v
        secret_redraw(&self.s, seat, buf, len(options), &self.rng)
        return self.s.value[seat]

    def value(self, int seat):
        return self.s.value[seat]
