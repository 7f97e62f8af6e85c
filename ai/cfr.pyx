# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Monte-Carlo counterfactual regret minimisation (external sampling) for small games.

External-sampling MCCFR (Lanctot, Waugh, Zinkevich and Bowling, NIPS 2009): each iteration
walks the game once per seat (the traverser) from the start; chance and the other seats are
sampled, one move each (the other seats' moves from their current strategy, which is then
added to their average strategy), while every move of the traverser is tried and its regret
updated. Regret matching turns the regrets into the current strategy; with `plus` the regrets
are floored at zero (regret matching+) and the average strategy weighs iteration t by t.

The table is keyed by (seat, information-state key) through the state contract only, so the
search never sees what a seat cannot: it starts from a fresh initial state of the game and the
answer is read at the seat's own key. Every node of the game is reachable from the start, so
the table grows with the game's information states: this is for small games (kuhn, leduc) and
refuses once the table would hold more than `max_nodes` information states.
"""
from cpython.exc cimport PyErr_CheckSignals
from cpython.ref cimport PyObject
from libc.stdint cimport uint64_t, int32_t
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.time cimport clock, clock_t, CLOCKS_PER_SEC

from partisan.core.rng cimport Rng, rng_seed, rng_double, mix64
from partisan.core.state cimport GameState, CHANCE, MAX_BRANCH, checked_branch

from partisan.core.errors import BotSpecError, IllegalActionError

# A walk deeper than this is not a small game. The walk, which holds the GIL, runs the signal
# handlers due (Ctrl-C) every SIGNAL_EVERY states it visits: a walk of a larger game can be long.
cdef enum:
    MAX_DEPTH = 4096
    SIGNAL_EVERY = 1024


ctypedef struct Entry:
    uint64_t key        # 0: an empty slot
    int32_t offset      # first slot of this information state in the pools
    int32_t n           # legal actions there


ctypedef struct Scratch:
    int acts[MAX_BRANCH]
    double sigma[MAX_BRANCH]
    double util[MAX_BRANCH]


cdef inline uint64_t seat_key(GameState s, int seat) noexcept:
    cdef uint64_t h = mix64(s.keys[seat], <uint64_t>(seat + 1))
    return h if h != 0 else 1


cdef class MCCFR:
    """The regret and average-strategy table of one game, and the search that fills it."""

    cdef Entry* slots
    cdef uint64_t mask
    cdef long count
    cdef readonly long max_nodes
    cdef double* regret
    cdef double* avg
    cdef int* acts
    cdef long used, cap
    cdef Rng rng
    cdef bint plus
    cdef bint overflow
    cdef list frames                # GameState per depth (keeps the references)
    cdef PyObject** frame_ptr
    cdef Scratch** scratch
    cdef int depth_cap
    cdef double* returns
    cdef readonly long iterations   # completed iterations (one walk per seat each)
    cdef readonly double seconds    # CPU seconds spent searching
    cdef unsigned int visited       # states walked, for SIGNAL_EVERY

    def __cinit__(self, long max_nodes=1_000_000, bint plus=True, uint64_t seed=0):
        self.max_nodes = max_nodes
        self.plus = plus
        rng_seed(&self.rng, seed)
        self.mask = 1023
        self.slots = <Entry*>calloc(self.mask + 1, sizeof(Entry))
        self.cap = 4096
        self.regret = <double*>calloc(self.cap, sizeof(double))
        self.avg = <double*>calloc(self.cap, sizeof(double))
        self.acts = <int*>malloc(self.cap * sizeof(int))
        self.returns = <double*>malloc(64 * sizeof(double))
        self.frames = []
        if not (self.slots and self.regret and self.avg and self.acts and self.returns):
            raise MemoryError()

    def __dealloc__(self):
        cdef int d
        free(self.slots); free(self.regret); free(self.avg); free(self.acts); free(self.returns)
        if self.scratch:
            for d in range(self.depth_cap):
                free(self.scratch[d])
            free(self.scratch)
        free(self.frame_ptr)

    @property
    def info_states(self):
        return self.count

    # ---- the table ------------------------------------------------------
    cdef bint _grow_slots(self) noexcept:
        cdef uint64_t new_mask = self.mask * 2 + 1, i, j
        cdef Entry* fresh = <Entry*>calloc(new_mask + 1, sizeof(Entry))
        if fresh == NULL:
            return False
        for i in range(self.mask + 1):
            if self.slots[i].key:
                j = self.slots[i].key & new_mask
                while fresh[j].key:
                    j = (j + 1) & new_mask
                fresh[j] = self.slots[i]
        free(self.slots)
        self.slots, self.mask = fresh, new_mask
        return True

    cdef bint _grow_pools(self, long need) noexcept:
        cdef long cap = self.cap
        while cap < need:
            cap *= 2
        if cap > 2_000_000_000:
            return False
        cdef double* r = <double*>realloc(self.regret, cap * sizeof(double))
        if r == NULL:
            return False
        self.regret = r
        r = <double*>realloc(self.avg, cap * sizeof(double))
        if r == NULL:
            return False
        self.avg = r
        cdef int* a = <int*>realloc(self.acts, cap * sizeof(int))
        if a == NULL:
            return False
        self.acts = a
        cdef long i
        for i in range(self.cap, cap):
            self.regret[i] = 0.0
            self.avg[i] = 0.0
        self.cap = cap
        return True

    cdef long _find(self, uint64_t key) noexcept:
        """The slot of `key`, or of the empty slot where it would go."""
        cdef uint64_t i = key & self.mask
        while self.slots[i].key and self.slots[i].key != key:
            i = (i + 1) & self.mask
        return i

    cdef int32_t _entry(self, uint64_t key, int n, int* acts) noexcept:
        """The pool offset of the information state `key`, added with `n` zero regrets if new;
        -1 (and the overflow flag) once the table would exceed its bound."""
        cdef long i = self._find(key), k
        if self.slots[i].key:
            return self.slots[i].offset
        if self.count >= self.max_nodes or (self.used + n > self.cap
                                            and not self._grow_pools(self.used + n)):
            self.overflow = True
            return -1
        if 2 * (self.count + 1) > <long>self.mask:
            if not self._grow_slots():
                self.overflow = True
                return -1
            i = self._find(key)
        self.slots[i].key = key
        self.slots[i].offset = <int32_t>self.used
        self.slots[i].n = n
        for k in range(n):
            self.acts[self.used + k] = acts[k]
        self.used += n
        self.count += 1
        return self.slots[i].offset

    cdef void _strategy(self, int32_t off, int n, double* sigma) noexcept:
        """Regret matching: the positive regrets' shares, uniform when none is positive."""
        cdef double total = 0.0, r
        cdef int i
        for i in range(n):
            r = self.regret[off + i]
            sigma[i] = r if r > 0.0 else 0.0
            total += sigma[i]
        for i in range(n):
            sigma[i] = sigma[i] / total if total > 0.0 else 1.0 / n

    # ---- the walk -------------------------------------------------------
    cdef bint _ensure_depth(self, int d, GameState like):
        """Frames and scratch for depth d (grown only the first time the walk gets there)."""
        if d < self.depth_cap:
            return True
        if d >= MAX_DEPTH:
            return False
        cdef int cap = max(16, 2 * self.depth_cap), k
        while cap <= d:
            cap *= 2
        cdef Scratch** s = <Scratch**>realloc(self.scratch, cap * sizeof(Scratch*))
        if s == NULL:
            raise MemoryError()
        self.scratch = s
        for k in range(self.depth_cap, cap):
            self.scratch[k] = <Scratch*>malloc(sizeof(Scratch))
            if self.scratch[k] == NULL:
                self.depth_cap = k
                raise MemoryError()
            self.frames.append(like.c_clone())
        self.depth_cap = cap
        cdef PyObject** p = <PyObject**>realloc(self.frame_ptr, cap * sizeof(PyObject*))
        if p == NULL:
            raise MemoryError()
        self.frame_ptr = p
        for k in range(cap):
            self.frame_ptr[k] = <PyObject*>self.frames[k]
        return True

    cdef double _walk(self, int d, int trav, double weight) except? -1e300:
        """The traverser's sampled value of frame d's state, updating the table on the way."""
        cdef GameState st = <GameState>self.frame_ptr[d]
        self.visited += 1
        if self.visited % SIGNAL_EVERY == 0:
            PyErr_CheckSignals()
        if st.c_is_terminal():
            st.c_returns(self.returns)
            return self.returns[trav]
        if d + 1 >= self.depth_cap and not self._ensure_depth(d + 1, st):
            self.overflow = True
            return 0.0
        cdef GameState child = <GameState>self.frame_ptr[d + 1]
        cdef int p = st.c_current_player(), n, i
        if p == CHANCE:
            child.c_copy_from(st)
            child.c_apply(st.c_sample_chance(&self.rng))
            return self._walk(d + 1, trav, weight)
        cdef Scratch* sc = self.scratch[d]
        n = checked_branch(st.c_legal_actions(sc.acts))
        if n == 1:
            child.c_copy_from(st)
            child.c_apply(sc.acts[0])
            return self._walk(d + 1, trav, weight)
        cdef int32_t off = self._entry(seat_key(st, p), n, sc.acts)
        if off < 0:
            return 0.0
        self._strategy(off, n, sc.sigma)
        cdef double v = 0.0, u
        if p != trav:
            # The sampled seat's current strategy joins its average, then one move is drawn.
            u = rng_double(&self.rng)
            for i in range(n):
                self.avg[off + i] += weight * sc.sigma[i]
            i = 0
            while i < n - 1:
                u -= sc.sigma[i]
                if u < 0.0:
                    break
                i += 1
            child.c_copy_from(st)
            child.c_apply(sc.acts[i])
            return self._walk(d + 1, trav, weight)
        for i in range(n):
            child.c_copy_from(st)
            child.c_apply(sc.acts[i])
            sc.util[i] = self._walk(d + 1, trav, weight)
            if self.overflow:
                return 0.0
            v += sc.sigma[i] * sc.util[i]
        for i in range(n):      # the pools may have moved during the walk: index afresh
            self.regret[off + i] += sc.util[i] - v
            if self.plus and self.regret[off + i] < 0.0:
                self.regret[off + i] = 0.0
        return v

    def run(self, GameState start not None, long iterations, double seconds):
        """Add up to `iterations` iterations (0: no limit) from `start`, stopping once `seconds`
        of CPU time have passed (0: no limit). Raises BotSpecError if the game outgrows the
        table's bound, and what a signal handler raises (KeyboardInterrupt): the table is then
        left incomplete, mid-iteration: discard it."""
        if start.num_players > 64:
            raise BotSpecError("cfr plays games of at most 64 seats")
        self._ensure_depth(0, start)
        cdef clock_t begin = clock()
        cdef clock_t limit = <clock_t>(seconds * CLOCKS_PER_SEC)
        cdef long done = 0
        cdef int trav
        cdef GameState root = <GameState>self.frame_ptr[0]
        while iterations <= 0 or done < iterations:
            if seconds > 0 and (done & 15) == 0 and clock() - begin >= limit:
                break
            for trav in range(start.num_players):
                root.c_copy_from(start)
                self._walk(0, trav, <double>(self.iterations + 1) if self.plus else 1.0)
            if self.overflow:
                raise BotSpecError(
                    f"cfr is for small games (kuhn, leduc poker): this game has more than "
                    f"max_nodes={self.max_nodes:,} information states, or is deeper than "
                    f"{MAX_DEPTH} moves")
            done += 1
            self.iterations += 1
        self.seconds += <double>(clock() - begin) / CLOCKS_PER_SEC
        return done

    cdef double _weight(self, GameState state, int* acts, int* n, int32_t* off) except -1.0:
        """The average strategy's total weight at the mover's information state in `state`
        (0 where the search never got there), its legal moves in acts[:n], its pool offset."""
        cdef int p = state.c_current_player(), i
        cdef double total = 0.0
        if p < 0:
            raise IllegalActionError("a policy is read only where a seat is to move")
        n[0] = checked_branch(state.c_legal_actions(acts))
        cdef long slot = self._find(seat_key(state, p))
        if not (self.slots[slot].key and self.slots[slot].n == n[0]):
            return 0.0
        off[0] = self.slots[slot].offset
        for i in range(n[0]):
            total += self.avg[off[0] + i]
        return total

    def knows(self, GameState state not None):
        """Whether a seat is to move in `state` and the average strategy has weight at its
        information state (average_policy is uniform where it has none)."""
        cdef int acts[MAX_BRANCH]
        cdef int n
        cdef int32_t off
        return state.c_current_player() >= 0 and self._weight(state, acts, &n, &off) > 0.0

    def average_policy(self, GameState state not None):
        """[(action, probability)] of the average strategy at the mover's information state in
        `state` (uniform where the search never got there), read by the mover's key only."""
        cdef int acts[MAX_BRANCH]
        cdef int n, i
        cdef int32_t off
        cdef double total = self._weight(state, acts, &n, &off)
        if total > 0.0:
            return [(self.acts[off + i], self.avg[off + i] / total) for i in range(n)]
        return [(acts[i], 1.0 / n) for i in range(n)]
