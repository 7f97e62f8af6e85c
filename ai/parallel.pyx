# cython: language_level=3
"""One search on several threads: root-parallel ISMCTS.

Each thread grows a tree of its own (an ISMCTS with its own generator, tables and scratch world)
from the same state, without the GIL, and the answer sums the trees' root statistics ("root
parallelization", Chaslot, Winands and van den Herik 2008). The threads share nothing while they
run, so the iterations scale with the cores, and the answer depends only on the seed and the
number of threads: tree i always runs the same iterations from the same stream, whichever thread
finishes first. Everything a tree needs (its world, its belief pool) is allocated with the GIL
before the threads start. docs/bots.md ("Threads") says why root and not tree parallelism.
"""
import threading

from partisan.ai.ismcts cimport ISMCTS, _now
from partisan.core.state cimport GameState

# Tree i > 0 is seeded apart from tree 0 (which has the bot's own seed, so that one thread
# searches exactly as a plain ISMCTS) and from the trees of a bot seeded seed + 1.
SEED_STRIDE = 0x9E3779B97F4A7C15


def tree_seed(seed, int index):
    """The seed of tree `index` of a search seeded `seed`."""
    return (int(seed) + index * SEED_STRIDE) & 0xFFFFFFFFFFFFFFFF


def _run(ISMCTS search, GameState root, long iterations, double deadline):
    with nogil:
        search._run(root, iterations, deadline)


cdef class RootParallel:
    """`threads` ISMCTS trees searching one state together; the interface of ISMCTS (search,
    root_stats, root_policy, iterations_done, nodes_used) over their sum, and the search
    parameters (uct_c, mast, ...) of ISMCTS, which every tree shares."""
    cdef readonly list trees
    cdef list used            # the trees the last search ran (a small budget runs fewer)

    def __init__(self, int threads, seed=0, **params):
        if threads < 1:
            raise ValueError("threads must be at least 1")
        self.trees = [ISMCTS(seed=tree_seed(seed, i), **params) for i in range(threads)]
        self.used = []

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.trees[0], name)

    @property
    def threads(self):
        return len(self.trees)

    def search(self, GameState state, long iterations=1000, double seconds=0.0,
               GameState start=None):
        """As ISMCTS.search: the iteration budget is shared out among the trees (tree i does
        iterations // threads, one more for the first iterations % threads), the time budget
        is every tree's. Returns the summed root statistics."""
        cdef int n = len(self.trees)
        cdef int i
        cdef double deadline
        cdef ISMCTS tree
        if iterations > 0 and iterations < n:
            n = <int>iterations
        shares = [iterations // n + (1 if i < iterations % n else 0) if iterations > 0 else 0
                  for i in range(n)]
        self.used = self.trees[:n]
        roots = [(<ISMCTS>self.used[i])._prepare(state, shares[i], seconds, start) for i in range(n)]
        deadline = _now() + seconds if seconds > 0.0 else 0.0
        workers = [threading.Thread(target=_run, args=(self.used[i], roots[i], shares[i], deadline))
                   for i in range(1, n)]
        for worker in workers:
            worker.start()
        _run(self.used[0], roots[0], shares[0], deadline)
        for worker in workers:
            worker.join()
        for i in range(n):
            tree = self.used[i]
            tree._check_stuck(roots[i])
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

    @property
    def memory_bytes(self):
        return sum(tree.memory_bytes for tree in self.trees)
