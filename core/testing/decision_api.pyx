# cython: language_level=3
"""Python wrappers over the inline blocks for tests: core/decision.pxd. Also a toy game
dispatched by a phase table and the same game dispatched by if-chains over the phase
(compiled to a C switch), for the tests and benchmarks/test_phase_table.py."""
from libc.stdint cimport uint64_t
from partisan.core.decision cimport (
    STACK_MAX, NO_ITEM, NO_SECRET, Frame, DecisionStack, stack_clear, stack_push, stack_top,
    stack_pop, choice_begin, choice_allows, choice_floor, choice_can_stop, choice_take, choice_legal,
    choice_redraw, choice_rebound, Secrets, secrets_clear, secret_pending, secret_hidden_from,
    secret_show, secret_redraw, secret_commit, secret_reveal, Phase, phase_set, phase_chance_player,
    phase_player, phase_legal, phase_outcomes, phase_sample, phase_apply)
from partisan.core.rng cimport Rng, rng_seed, rng_below
from partisan.core.state cimport GameState, MAX_BRANCH, CHANCE, TERMINAL

DEPTH = STACK_MAX
NONE = NO_ITEM


cdef class StackAPI:
    cdef DecisionStack st

    def __init__(self):
        stack_clear(&self.st)

    def push(self, int kind, int owner, params=()):
        cdef Frame* f = stack_push(&self.st, kind, owner)
        if f == NULL:
            return False
        for j, v in enumerate(params):
            f.param[j] = v
        return True

    def top(self):
        cdef Frame* f = stack_top(&self.st)
        if f == NULL:
            return None
        return (f.kind, f.owner, [f.param[j] for j in range(4)])

    def pop(self):
        return stack_pop(&self.st)

    @property
    def depth(self):
        return self.st.depth

    def state_bytes(self):
        return (<char*>&self.st)[:sizeof(DecisionStack)]


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
        return choice_can_stop(&self.f)

    def take(self, int item):
        return choice_take(&self.f, item)

    def legal(self, items, int offset=0, int done=1000):
        cdef int buf[MAX_BRANCH]
        cdef int out[MAX_BRANCH]
        for i, v in enumerate(items):
            buf[i] = v
        cdef int n = choice_legal(&self.f, buf, len(items), offset, done, out)
        return [out[i] for i in range(n)]

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


# ---------------------------------------------------------------- the toy game
# Six phases: 0-4 are decisions with 2 + ph actions, 5 is a die roll. The rules are
# the same inline helpers in both builds; only the dispatch differs.
cdef enum:
    TOY_PHASES = 6
    TOY_CHANCE = 5

ctypedef struct ToyData:
    int phase
    int seat
    uint64_t acc


cdef inline int toy_legal(ToyData* d, int ph, int* out) noexcept nogil:
    cdef int i
    for i in range(2 + ph):
        out[i] = i * (ph + 1)
    return 2 + ph


cdef inline void toy_apply(ToyData* d, int ph, int a) noexcept nogil:
    d.acc = d.acc * <uint64_t>6364136223846793005 + <uint64_t>(a * 7 + ph)
    d.phase = (ph + 1 + (a & 1)) % TOY_PHASES
    d.seat = (d.seat + 1 + ph) % 3


cdef inline int toy_outcomes(int* out, double* probs) noexcept nogil:
    cdef int i
    for i in range(6):
        out[i] = i
        probs[i] = 1.0 / 6
    return 6


cdef class ToyBase(GameState):
    cdef ToyData d

    def __init__(self):
        self.num_players = 3
        self.d.phase = 0
        self.d.seat = 0
        self.d.acc = 1

    def set_phase(self, int ph):
        self.d.phase = ph

    @property
    def checksum(self):
        return self.d.acc


cdef class SwitchToy(ToyBase):
    cdef int c_current_player(self) noexcept nogil:
        cdef int ph = self.d.phase
        if ph == TOY_CHANCE:
            return CHANCE
        if ph < 0 or ph >= TOY_PHASES:
            return TERMINAL
        return self.d.seat

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int ph = self.d.phase
        if ph == 0:
            return toy_legal(&self.d, 0, out)
        elif ph == 1:
            return toy_legal(&self.d, 1, out)
        elif ph == 2:
            return toy_legal(&self.d, 2, out)
        elif ph == 3:
            return toy_legal(&self.d, 3, out)
        elif ph == 4:
            return toy_legal(&self.d, 4, out)
        return 0

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil:
        if self.d.phase == TOY_CHANCE:
            return toy_outcomes(out, probs)
        return 0

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        return <int>rng_below(rng, 6)

    cdef void c_apply(self, int a) noexcept nogil:
        cdef int ph = self.d.phase
        if ph == 0:
            toy_apply(&self.d, 0, a)
        elif ph == 1:
            toy_apply(&self.d, 1, a)
        elif ph == 2:
            toy_apply(&self.d, 2, a)
        elif ph == 3:
            toy_apply(&self.d, 3, a)
        elif ph == 4:
            toy_apply(&self.d, 4, a)
        elif ph == TOY_CHANCE:
            toy_apply(&self.d, TOY_CHANCE, a)


cdef int _seat(GameState g) noexcept nogil:
    return (<TableToy>g).d.seat

cdef int _legal0(GameState g, int* out) noexcept nogil:
    return toy_legal(&(<TableToy>g).d, 0, out)

cdef int _legal1(GameState g, int* out) noexcept nogil:
    return toy_legal(&(<TableToy>g).d, 1, out)

cdef int _legal2(GameState g, int* out) noexcept nogil:
    return toy_legal(&(<TableToy>g).d, 2, out)

cdef int _legal3(GameState g, int* out) noexcept nogil:
    return toy_legal(&(<TableToy>g).d, 3, out)

cdef int _legal4(GameState g, int* out) noexcept nogil:
    return toy_legal(&(<TableToy>g).d, 4, out)

cdef void _apply0(GameState g, int a) noexcept nogil:
    toy_apply(&(<TableToy>g).d, 0, a)

cdef void _apply1(GameState g, int a) noexcept nogil:
    toy_apply(&(<TableToy>g).d, 1, a)

cdef void _apply2(GameState g, int a) noexcept nogil:
    toy_apply(&(<TableToy>g).d, 2, a)

cdef void _apply3(GameState g, int a) noexcept nogil:
    toy_apply(&(<TableToy>g).d, 3, a)

cdef void _apply4(GameState g, int a) noexcept nogil:
    toy_apply(&(<TableToy>g).d, 4, a)

cdef void _apply_roll(GameState g, int a) noexcept nogil:
    toy_apply(&(<TableToy>g).d, TOY_CHANCE, a)

cdef int _roll_outcomes(GameState g, int* out, double* probs) noexcept nogil:
    return toy_outcomes(out, probs)

cdef int _roll_sample(GameState g, Rng* rng) noexcept nogil:
    return <int>rng_below(rng, 6)


cdef Phase TOY_TABLE[TOY_PHASES]
phase_set(&TOY_TABLE[0], _seat, _legal0, NULL, NULL, _apply0)
phase_set(&TOY_TABLE[1], _seat, _legal1, NULL, NULL, _apply1)
phase_set(&TOY_TABLE[2], _seat, _legal2, NULL, NULL, _apply2)
phase_set(&TOY_TABLE[3], _seat, _legal3, NULL, NULL, _apply3)
phase_set(&TOY_TABLE[4], _seat, _legal4, NULL, NULL, _apply4)
phase_set(&TOY_TABLE[5], phase_chance_player, NULL, _roll_outcomes, _roll_sample, _apply_roll)


cdef class TableToy(ToyBase):
    cdef int c_current_player(self) noexcept nogil:
        return phase_player(TOY_TABLE, TOY_PHASES, self.d.phase, self)

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return phase_legal(TOY_TABLE, TOY_PHASES, self.d.phase, self, out)

    cdef int c_chance_outcomes(self, int* out, double* probs) noexcept nogil:
        return phase_outcomes(TOY_TABLE, TOY_PHASES, self.d.phase, self, out, probs)

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        return phase_sample(TOY_TABLE, TOY_PHASES, self.d.phase, self, rng)

    cdef void c_apply(self, int a) noexcept nogil:
        phase_apply(TOY_TABLE, TOY_PHASES, self.d.phase, self, a)


def run_toy(GameState g not None, int steps, int seed):
    """Random play through the C contract, as the search does; returns the steps taken."""
    cdef int buf[MAX_BRANCH]
    cdef Rng rng
    cdef int i, p, n, a
    rng_seed(&rng, seed)
    for i in range(steps):
        p = g.c_current_player()
        if p == TERMINAL:
            return i
        if p == CHANCE:
            a = g.c_sample_chance(&rng)
        else:
            n = g.c_legal_actions(buf)
            a = buf[rng_below(&rng, n)]
        g.c_apply(a)
    return steps
