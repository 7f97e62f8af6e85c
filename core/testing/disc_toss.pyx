# cython: language_level=3
"""Disc toss: a small two-player game with continuous landings, registered for tests only.

It exercises sample-only chance nodes (docs/architecture.md, "Sample-only chance") the way
Garden Guerrilla's thrown cards will. The board is the square [-100, 100]² (units of 1 mm)
with the target at its centre. The seats alternate, `throws` stones each (seat 0 first).
A throw is a decision, where to aim (a point of a 7 × 7 grid, or a stone on the board), then
a chance node: the stone lands at the aim plus Gaussian noise (σ 15 per axis, cut at 3σ),
rounded to whole millimetres; a landing outside the square is off the board. A stone landing
within 10 of stones on the board knocks them off. At the end the seat whose stone lies
nearest the target scores one point for each of its stones nearer than the other seat's
nearest; the returns are ± points / throws.

Action ids: aims at the grid 0..48, aims at stone i 49 + i, then the landings: one id per
whole-millimetre point of the board, and the last id for "off the board".
"""
from libc.math cimport round as c_round
from libc.stdint cimport int8_t, int16_t, uint64_t
from libc.string cimport memset

from partisan.core.actions import ActionRanges
from partisan.core.game import GameInfo, Option, register
from partisan.core.rng cimport Rng, rng_normal
from partisan.core.state cimport GameState, CHANCE, TERMINAL, token

cdef enum:
    GRID = 7                     # aims per row of the grid
    GRID_STEP = 20               # mm between aims; the grid spans [-60, 60]
    AIM_STONE = GRID * GRID      # first "aim at stone i" id
    MAX_STONES = 6               # 2 seats x at most 3 throws
    FIRST_LANDING = AIM_STONE + MAX_STONES
    HALF = 100                   # the board is [-HALF, HALF]² mm
    SIDE = 2 * HALF + 1
    OFF_BOARD = FIRST_LANDING + SIDE * SIDE
    NUM_ACTIONS = OFF_BOARD + 1
    SPREAD = 45                  # noise is cut at 3σ on each axis
    KNOCK = 10                   # a landing this near a stone knocks it off

cdef double SIGMA = 15.0

# Observation tokens: (kind, seat, value).
cdef enum:
    TOK_AIM = 1
    TOK_LAND = 2

ctypedef struct Toss:
    int8_t throws                # stones per seat
    int8_t thrown                # stones thrown so far; stone i is seat i % 2's
    int8_t landing               # 1 while a thrown stone is in the air (chance node)
    int16_t aim_x, aim_y
    int16_t x[MAX_STONES]
    int16_t y[MAX_STONES]
    int8_t on[MAX_STONES]        # still on the board


def new_state(game):
    cdef TossState s = TossState.__new__(TossState)
    s.game = game
    s.num_players = 2
    s.num_distinct_actions = NUM_ACTIONS
    memset(&s.d, 0, sizeof(Toss))
    s.d.throws = game.options["throws"]
    return s


cdef inline double _gauss_cut(Rng* rng) noexcept nogil:
    """Normal noise with deviation SIGMA, redrawn until within SPREAD (Box-Muller)."""
    cdef double z
    while True:
        z = SIGMA * rng_normal(rng)
        if -SPREAD <= z <= SPREAD:
            return z


cdef inline int _landing_id(int x, int y) noexcept nogil:
    if x < -HALF or x > HALF or y < -HALF or y > HALF:
        return OFF_BOARD
    return FIRST_LANDING + (x + HALF) * SIDE + (y + HALF)


cdef class TossState(GameState):
    cdef Toss d

    cdef int c_current_player(self) noexcept nogil:
        if self.d.thrown == 2 * self.d.throws:
            return TERMINAL
        return CHANCE if self.d.landing else self.d.thrown % 2

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int i, n = 0
        if self.c_current_player() < 0:
            return 0
        for i in range(AIM_STONE):
            out[n] = i
            n += 1
        for i in range(self.d.thrown):
            if self.d.on[i]:
                out[n] = AIM_STONE + i
                n += 1
        return n

    cdef bint c_chance_is_sampled(self) noexcept nogil:
        return self.d.landing

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        cdef int x = <int>c_round(self.d.aim_x + _gauss_cut(rng))
        cdef int y = <int>c_round(self.d.aim_y + _gauss_cut(rng))
        return _landing_id(x, y)

    cdef bint c_is_possible_outcome(self, int outcome) noexcept nogil:
        cdef int ax = self.d.aim_x, ay = self.d.aim_y
        cdef int x, y
        if not self.d.landing or outcome < FIRST_LANDING or outcome > OFF_BOARD:
            return False
        if outcome == OFF_BOARD:
            return ax - SPREAD < -HALF or ax + SPREAD > HALF or ay - SPREAD < -HALF or ay + SPREAD > HALF
        x = (outcome - FIRST_LANDING) // SIDE - HALF
        y = (outcome - FIRST_LANDING) % SIDE - HALF
        return ax - SPREAD <= x <= ax + SPREAD and ay - SPREAD <= y <= ay + SPREAD

    cdef void c_apply(self, int action) noexcept nogil:
        cdef int i, x, y, dx, dy, k = self.d.thrown
        if not self.d.landing:
            if action < AIM_STONE:
                self.d.aim_x = (action // GRID - GRID // 2) * GRID_STEP
                self.d.aim_y = (action % GRID - GRID // 2) * GRID_STEP
            else:
                self.d.aim_x = self.d.x[action - AIM_STONE]
                self.d.aim_y = self.d.y[action - AIM_STONE]
            self.d.landing = 1
            self.observe_all(token(TOK_AIM, k % 2, action))
            return
        self.d.landing = 0
        self.d.thrown += 1
        self.observe_all(token(TOK_LAND, k % 2, action - FIRST_LANDING))
        if action == OFF_BOARD:
            return
        x = (action - FIRST_LANDING) // SIDE - HALF
        y = (action - FIRST_LANDING) % SIDE - HALF
        for i in range(k):
            dx = self.d.x[i] - x
            dy = self.d.y[i] - y
            if dx * dx + dy * dy <= KNOCK * KNOCK:
                self.d.on[i] = 0
        self.d.x[k] = x
        self.d.y[k] = y
        self.d.on[k] = 1

    cdef void c_returns(self, double* out) noexcept nogil:
        """The standing score: the game's returns at its end, the rollout estimate before."""
        cdef int best[2]
        cdef int i, d2, w, points = 0
        best[0] = best[1] = 1 << 30
        for i in range(self.d.thrown):
            if self.d.on[i]:
                d2 = self.d.x[i] * self.d.x[i] + self.d.y[i] * self.d.y[i]
                if d2 < best[i % 2]:
                    best[i % 2] = d2
        out[0] = out[1] = 0.0
        if best[0] == best[1]:
            return
        w = 0 if best[0] < best[1] else 1
        for i in range(w, self.d.thrown, 2):
            if self.d.on[i] and self.d.x[i] * self.d.x[i] + self.d.y[i] * self.d.y[i] < best[1 - w]:
                points += 1
        out[w] = <double>points / self.d.throws
        out[1 - w] = -out[w]

    cdef void c_copy_game(self, GameState other) noexcept nogil:
        self.d = (<TossState>other).d

    cdef GameState c_new_blank(self):
        return TossState.__new__(TossState)

    # ------------------------------------------------------------------
    def _action_to_string(self, int action):
        if action < AIM_STONE:
            return f"aim at ({(action // GRID - GRID // 2) * GRID_STEP}, {(action % GRID - GRID // 2) * GRID_STEP})"
        if action < FIRST_LANDING:
            return f"aim at stone {action - AIM_STONE + 1}"
        if action == OFF_BOARD:
            return "lands off the board"
        return (f"lands at ({(action - FIRST_LANDING) // SIDE - HALF}, "
                f"{(action - FIRST_LANDING) % SIDE - HALF})")

    def _observation(self, int player):
        """Everything is public: the stones thrown, where each lies, the aim in the air."""
        d = self.d
        return {
            "seat": player,
            "to_move": self.c_current_player(),
            "throws": d.throws,
            "aim": [d.aim_x, d.aim_y] if d.landing else None,
            "stones": [{"seat": i % 2, "at": [d.x[i], d.y[i]] if d.on[i] else None}
                       for i in range(d.thrown)],
        }

    def _state_bytes(self):
        return (<char*>&self.d)[:sizeof(Toss)]


INFO = register(GameInfo(
    name="disc_toss",
    title="Disc toss (test game)",
    min_players=2,
    max_players=2,
    new_state=new_state,
    actions=ActionRanges(aim=AIM_STONE, aim_stone=MAX_STONES, landing=SIDE * SIDE, off_board=1),
    max_branch=AIM_STONE + MAX_STONES,      # landings are only sampled, never listed
    return_bounds=(-1.0, 1.0),
    utility_sum=0.0,
    max_game_length=lambda game: 2 * game.options["throws"],
    options=(Option("throws", 3, "stones each seat throws", minimum=1, maximum=MAX_STONES // 2),),
    summary="Throw stones at a target; continuous landings. Registered for tests only.",
    sampled_chance=True,
    test_only=True,
))
