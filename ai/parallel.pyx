# cython: language_level=3
"""One search on several threads: root-parallel or shared-tree ISMCTS.

RootParallel: each thread grows a tree of its own (an ISMCTS with its own generator, tables and
scratch world) from the same state, without the GIL, and the answer sums the trees' root
statistics ("root parallelization", Chaslot, Winands and van den Herik 2008). The threads share
nothing while they run, so the iterations scale with the cores.

SharedTree: the threads grow one tree (tree parallelism), taking turns at it in an order a
virtual clock fixes (ai/shared_tree.pyx) and playing their rollouts in parallel with each other's turns; an edge a
thread has taken counts a loss until its iteration backs up (virtual loss), so the others spread
over other moves meanwhile.

Either way the answer depends only on the seed and the number of threads: thread i always runs
the same iterations from the same stream. Everything a thread needs (its world, its belief pool)
is allocated with the GIL before the threads start. docs/bots.md ("Threads") compares the two.

Thread 0 runs on the calling thread; on Python's main thread it watches for signals (Ctrl-C) and
halts the others when a handler raises, and search() raises it once every thread has returned.
"""
import threading

from libc.stdint cimport uint64_t

from partisan.ai.ismcts cimport ISMCTS, monotonic, on_main_thread, set_halt
from partisan.ai.shared_tree cimport MAX_WALKERS, Turns, start_turns, walk
from partisan.core.state cimport GameState

# Tree i > 0 is seeded apart from tree 0 (which has the bot's own seed, so that one thread
# searches exactly as a plain ISMCTS) and from the trees of a bot seeded seed + 1.
SEED_STRIDE = 0x9E3779B97F4A7C15


def tree_seed(seed, int index):
    """The seed of tree `index` of a search seeded `seed`."""
    return (int(seed) + index * SEED_STRIDE) & 0xFFFFFFFFFFFFFFFF


cdef class _Halt:
    """The halt word of one search's threads (ISMCTS.over)."""
    cdef uint64_t word

    def set(self):
        set_halt(&self.word)


def _run(ISMCTS search not None, GameState root not None, long iterations, double deadline,
         _Halt halt not None, bint watch):
    with nogil:
        search.run(root, iterations, deadline, &halt.word, watch)


cdef class _TurnTable:
    """The Turns of one shared-tree search, held for its threads."""
    cdef Turns turns


def _walk(ISMCTS walker not None, GameState root not None, _TurnTable table not None, int me,
          ISMCTS owner not None, _Halt halt not None, bint watch):
    with nogil:
        walk(walker, root, &table.turns, me, owner, &halt.word, watch)


def _on_threads(target, list args, _Halt halt not None):
    """Run target(*args[i]) for every i, args[0] on this thread and the others on threads of
    their own; returns when all have. Interrupted (Ctrl-C while it starts or joins them), it
    halts the threads started and joins them before it raises: a search never runs on after
    its call, whatever walker of a shared tree never ran."""
    workers = [threading.Thread(target=target, args=a) for a in args[1:]]
    try:
        for worker in workers:
            worker.start()
        target(*args[0])
        for worker in workers:
            worker.join()
    except BaseException:
        halt.set()
        for worker in workers:
            try:
                worker.join()
            except RuntimeError:    # never started
                pass
        raise


cdef void _after_threads(list searches, list roots) except *:
    """Raise what stopped a search on threads: a signal handler's exception (caught by thread
    0), else a game without a legal move."""
    cdef ISMCTS search
    cdef int i
    for search in searches:
        search.raise_interruption()
    for i in range(len(roots)):
        search = searches[i]
        search.check_stuck(roots[i])


cdef class _OnThreads:
    """One ISMCTS a thread, seeded apart (the first with the bot's seed), and the search
    parameters (uct_c, mast, ...) of ISMCTS, which they all share."""
    cdef readonly list searches

    def __init__(self, int threads, seed=0, **params):
        if not 1 <= threads <= MAX_WALKERS:
            raise ValueError(f"threads must be from 1 to {MAX_WALKERS}")
        self.searches = [ISMCTS(seed=tree_seed(seed, i), **params) for i in range(threads)]

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.searches[0], name)

    @property
    def threads(self):
        return len(self.searches)

    @property
    def memory_bytes(self):
        return sum(search.memory_bytes for search in self.searches)


cdef class RootParallel(_OnThreads):
    """`threads` ISMCTS trees searching one state together; the interface of ISMCTS (search,
    root_stats, root_policy, iterations_done, nodes_used) over their sum."""
    cdef list used            # the trees the last search ran (a small budget runs fewer)

    def __init__(self, int threads, seed=0, **params):
        super().__init__(threads, seed, **params)
        self.used = []

    @property
    def trees(self):
        return self.searches

    def search(self, GameState state not None, long iterations=1000, double seconds=0.0,
               GameState start=None):
        """As ISMCTS.search: the iteration budget is shared out among the trees (tree i does
        iterations // threads, one more for the first iterations % threads), the time budget
        is every tree's. Returns the summed root statistics."""
        cdef int n = len(self.searches)
        cdef int i
        cdef double deadline
        if iterations > 0 and iterations < n:
            n = <int>iterations
        shares = [iterations // n + (1 if i < iterations % n else 0) if iterations > 0 else 0
                  for i in range(n)]
        self.used = self.searches[:n]
        roots = [(<ISMCTS>self.used[i]).prepare(state, shares[i], seconds, start) for i in range(n)]
        deadline = monotonic() + seconds if seconds > 0.0 else 0.0
        halt, watch = _Halt(), on_main_thread()
        _on_threads(_run, [(self.used[i], roots[i], shares[i], deadline, halt, watch and i == 0)
                           for i in range(n)], halt)
        _after_threads(self.used, roots)
        return self.root_stats()

    def root_stats(self):
        """[(action, visits, mean return of the mover)] summed over the trees of the last search."""
        if len(self.used) == 1:
            return self.used[0].root_stats()
        visits, totals = {}, {}
        for tree in self.used:
            for action, n, mean in tree.root_stats():
                visits[action] = visits.get(action, 0) + n
                totals[action] = totals.get(action, 0.0) + mean * n
        return [(a, visits[a], totals[a] / visits[a] if visits[a] else 0.0) for a in sorted(visits)]

    def root_policy(self):
        """[(action, probability)]: the trees' root policies averaged, each weighted by the visits
        at its root (for visit shares, exactly the shares of the summed visits)."""
        if len(self.used) == 1:
            return self.used[0].root_policy()
        mixed, weight = {}, 0
        for tree in self.used:
            w = sum(n for _, n, _ in tree.root_stats())
            weight += w
            for action, p in tree.root_policy():
                mixed[action] = mixed.get(action, 0.0) + w * p
        return [(a, mixed[a] / weight if weight else 1.0 / len(mixed)) for a in sorted(mixed)]

    @property
    def iterations_done(self):
        return sum(tree.iterations_done for tree in self.used)

    @property
    def nodes_used(self):
        return sum(tree.nodes_used for tree in self.used)


cdef class SharedTree(_OnThreads):
    """`threads` walkers growing one ISMCTS tree together (walker 0's); the interface of ISMCTS
    (search, root_stats, root_policy, iterations_done, nodes_used) over that tree. Each walker
    keeps its own move averages (MAST) and belief pool."""
    cdef long begun

    def __init__(self, int threads, seed=0, **params):
        super().__init__(threads, seed, **params)
        self.begun = 0

    @property
    def walkers(self):
        return self.searches

    def search(self, GameState state not None, long iterations=1000, double seconds=0.0,
               GameState start=None):
        """As ISMCTS.search, the walkers together: they begin the budget's iterations in the order
        of their turns. Returns the tree's root statistics."""
        cdef int n = len(self.searches), i
        cdef double deadline
        cdef ISMCTS owner = self.searches[0]
        cdef _TurnTable table = _TurnTable()
        roots = [(<ISMCTS>w).prepare(state, iterations, seconds, start) for w in self.searches]
        for w in self.searches:
            (<ISMCTS>w).virtual_loss = state.return_bounds[0]
        deadline = monotonic() + seconds if seconds > 0.0 else 0.0
        start_turns(&table.turns, n, max(iterations, 0), deadline)
        halt, watch = _Halt(), on_main_thread()
        _on_threads(_walk, [(self.searches[i], roots[i], table, i, owner, halt, watch and i == 0)
                            for i in range(n)], halt)
        self.begun = table.turns.begun
        _after_threads(self.searches, roots)
        return owner.root_stats()

    def root_stats(self):
        return self.searches[0].root_stats()

    def root_policy(self):
        return self.searches[0].root_policy()

    @property
    def iterations_done(self):
        return self.begun

    @property
    def nodes_used(self):
        return self.searches[0].nodes_used
