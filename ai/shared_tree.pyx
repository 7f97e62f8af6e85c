# cython: language_level=3
"""The turns of a shared tree: several threads of one search (walkers, each an ISMCTS with its
own generator, scratch world and move averages) grow walker 0's tree, taking turns at it in the
order of a virtual clock and playing their resamples and rollouts outside their turns. In its
turn a walker backs up its last iteration and descends for its next with virtual loss (ISMCTS
begin, descend, rollout and backup are the iteration's steps); ai/parallel.pyx (SharedTree)
starts the walkers on their threads.
"""
from libc.stdint cimport uint64_t

from partisan.ai.atomic cimport partisan_load, partisan_store, partisan_relax
from partisan.ai.ismcts cimport ISMCTS, Tree
from partisan.core.state cimport GameState

cdef extern from "<sched.h>" nogil:
    int sched_yield()

cdef enum:
    SPINS_BEFORE_YIELD = 2000
    # the virtual clock: an iteration costs its moves in the tree and in the rollout, and this
    # for its resample; walker i begins at i * START_STAGGER, so that the first walkers need
    # not wait while the later threads start
    RESAMPLE_COST = 8
    START_STAGGER = 1024

# A walker's place in Turns.at: its phase in the top two bits, a virtual time below. Ready (for
# its turn at that time), rolling out (its next turn at that time or later), done; at the tree.
cdef enum:
    AT_TREE = 0
    READY = 1
    ROLLING = 2
    DONE = 3
    PHASE_SHIFT = 62

cdef inline uint64_t _place(uint64_t phase, uint64_t time) noexcept nogil:
    return (phase << PHASE_SHIFT) | time


cdef inline bint _first(Turns* turns, int me, uint64_t time) noexcept nogil:
    """Whether walker `me`, ready at `time`, comes next at the tree: nobody is at it and every
    other walker still searching is ready later, or rolling out towards a later turn (a tie
    goes to the lower index)."""
    cdef int u
    cdef uint64_t place, phase, other
    for u in range(turns.walkers):
        if u == me:
            continue
        place = partisan_load(&turns.at[u].word)
        phase = place >> PHASE_SHIFT
        if phase == DONE:
            continue
        if phase == AT_TREE:
            return False
        other = place & ((<uint64_t>1 << PHASE_SHIFT) - 1)
        if other < time or (other == time and u < me):
            return False
    return True


cdef void start_turns(Turns* turns, int walkers, long iterations, double deadline) noexcept nogil:
    """The turns of `walkers` walkers before their threads start, each ready for its first turn
    (as its own clock will give it) and none begun; `iterations` (0: none) and `deadline` (on
    the monotonic clock, 0: none) are the budgets."""
    cdef int i
    turns.walkers = walkers
    turns.stop = False
    turns.begun = 0
    turns.iterations = iterations
    turns.deadline = deadline
    for i in range(walkers):
        turns.at[i].word = _place(READY, <uint64_t>i * START_STAGGER + RESAMPLE_COST)


cdef inline bint _wait_turn(Turns* turns, int me, uint64_t time, uint64_t* halt) noexcept nogil:
    """Wait for walker `me`'s turn at a shared tree: spin a while (a turn is short), then give
    the core up between looks (the machine may have fewer free cores than walkers). False, the
    turn not taken, once the search is halted: the walker it waits for may never come."""
    cdef int spins = 0
    partisan_store(&turns.at[me].word, _place(READY, time))
    while not _first(turns, me, time):
        if partisan_load(halt):
            return False
        spins += 1
        if spins > SPINS_BEFORE_YIELD:
            sched_yield()
        else:
            partisan_relax()
    partisan_store(&turns.at[me].word, _place(AT_TREE, time))
    return True


cdef long walk(ISMCTS walker, GameState root, Turns* turns, int me, ISMCTS owner, uint64_t* halt,
               bint watch) noexcept nogil:
    """Walker `me` of a tree shared by `turns.walkers` threads (tree parallelism; `owner`,
    walker 0, holds the tree), searching from `root` (as ISMCTS.prepare gave it). In its turn
    at the tree a walker backs up its last iteration and descends for its next, with virtual
    loss; it plays the rollout after the turn, while others take theirs. The turns follow a
    virtual clock: an iteration costs the moves it plays (and RESAMPLE_COST), each walker keeps
    its own time and the walker ready earliest goes next, so each turn sees the tree as a
    sequence of turns fixed by the seed left it, while the threads wait for each other only as
    far as real time strays from the clock. A walker's resamples and rollouts draw from its own
    generator and move averages, so an iteration budget gives the same search for a seed. A
    walker that finds the search over (ISMCTS.over, looked at before its turn, so that its look
    for signals holds no one up) stops them all at its turn; once the search is halted a
    waiting walker leaves at once. Returns the iterations this walker began."""
    cdef long it = 0
    cdef uint64_t clock = <uint64_t>me * START_STAGGER
    cdef bint backlog = False, going = True, rollout = False, over
    cdef double look = 0.0
    cdef Tree mine = walker.t
    while going:
        walker.begin(root)
        clock += RESAMPLE_COST
        over = it > 0 and walker.over(it, turns.deadline, halt, watch, &look)
        if not _wait_turn(turns, me, clock, halt):
            # halted (the search raises, its tree is dropped): leave without a last turn
            partisan_store(&turns.at[me].word, _place(DONE, clock))
            return it
        if me != 0:
            walker.t = owner.t
        if backlog and walker.stuck_player < 0:
            walker.backup(True)
        backlog = rollout = False
        if (turns.stop or over or walker.stuck_player >= 0
                or (turns.iterations > 0 and turns.begun >= turns.iterations)):
            turns.stop = True       # every other walker has one more turn, to back up
            going = False
        else:
            walker.iterations_done = turns.begun      # regret matching weighs by it
            turns.begun += 1
            it += 1
            rollout = walker.descend(walker.world, True)
            backlog = walker.stuck_player < 0
            clock += walker.depth + walker.forced
        if me != 0:
            owner.t = walker.t
            walker.t = mine
        if not going:
            partisan_store(&turns.at[me].word, _place(DONE, clock))
        elif rollout:
            # the rollout moves the walker's time on as it plays (ISMCTS.progress)
            walker.progress_from = _place(ROLLING, clock)
            walker.progress = &turns.at[me].word
            partisan_store(walker.progress, walker.progress_from)
            walker.rollout(walker.world)
            walker.progress = NULL
            clock += walker.steps
        else:
            partisan_store(&turns.at[me].word, _place(ROLLING, clock))
    return it
