from libc.stdint cimport uint64_t, uint32_t, uint16_t, int16_t
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState, MAX_PLAYERS, MAX_BRANCH

cdef enum:
    FREE_SIZES = 64         # block sizes below this are recycled
    MAX_PENDING = 64        # blocks outgrown in one iteration (more are left unused)

# The tree is a pool of 8-byte words holding one block per node: its Node header, its edges,
# then one hint per edge, so that a step down the tree reads one place in memory. The hash
# table maps a node's key to its block; each edge remembers the block it last led to (its
# hint), checked against the key before the table is probed. From the Hearts opening the
# hint is right at every step below the root where the edge has led somewhere before; in
# WAR, whose next node depends more on the world, at about 4 steps in 10.

ctypedef struct Slot:     # 8 bytes: eight slots a cache line
    uint32_t tag        # the key's high half (its low bits are the home slot)
    uint32_t ref        # the node's block + 1; 0 marks an empty slot

ctypedef struct Node:     # 16 bytes, heading its block
    uint64_t key        # hash of (player, infostate key); 0: the block is retired
                        # (player CHANCE: a sample-only chance node, its edges the outcomes kept)
    int next_free       # a free block: the next free block of its size (-1: none)
    uint16_t num_edges  # at most MAX_NODE_EDGES
    int16_t player

ctypedef struct Edge:     # 24 bytes
    int action
    int visits
    int avail           # how often this action was legal when the node was visited
    int chosen          # Smooth UCT: how often the UCB rule chose it (the average policy)
    double total        # sum of the mover's returns through this edge


cdef class ISMCTS:
    cdef readonly double uct_c
    cdef readonly int rollout_depth
    cdef readonly int max_nodes
    cdef readonly double mast
    cdef readonly double chance_widening
    cdef readonly double smooth     # Smooth UCT's eta: share of UCB choices (0: plain UCT)
    cdef readonly double belief     # share of iterations begun from a pooled consistent world
    cdef readonly long iterations_done
    cdef Rng rng
    cdef Slot* table
    cdef long table_size        # power of two
    cdef long n_nodes
    cdef uint64_t* blocks       # the pool of the nodes' blocks
    cdef long n_words           # words handed out
    cdef long word_cap
    cdef long max_words         # the most the edge bound lets the blocks take
    cdef long n_edges           # edges handed out (fresh blocks only)
    cdef long max_edges
    # Blocks a node outgrew, reused by later blocks of their size. A block is freed only
    # after the iteration that moved it has backed up (its path may point into it).
    cdef int free_head[FREE_SIZES]
    cdef int pending_first[MAX_PENDING]
    cdef int pending_size[MAX_PENDING]
    cdef int n_pending
    cdef int* path_player
    cdef int* path_edge         # word of the edge taken
    cdef int path_cap
    cdef GameState world
    cdef int root_player
    cdef uint64_t root_key
    # Move-average sampling (MAST): per (seat, action) sums and counts of the
    # seat's returns over every iteration of the current search.
    cdef double* mast_total
    cdef int* mast_count
    cdef int mast_actions       # actions per seat in the tables
    # Belief pool (search from a start state with `belief` > 0): worlds the iterations from
    # the start reached the searched information state in (a uniform sample of them).
    cdef list pool
    cdef int pool_len
    cdef long pool_seen         # worlds offered to the pool this search
    cdef bint collecting        # this search keeps the worlds that reach its root
    cdef uint64_t root_infokey  # the searching seat's information-state key at the root
    cdef int* trace_player      # the rollout's moves, for the MAST backup
    cdef int* trace_action

    cdef void _reset(self) noexcept
    cdef long _find_slot(self, uint64_t key) noexcept nogil
    cdef long _find(self, uint64_t key) noexcept nogil
    cdef long _insert(self, uint64_t key, int player, int* actions, int n) noexcept nogil
    cdef bint _grow_table(self) noexcept nogil
    cdef long _alloc_block(self, int n) noexcept nogil
    cdef long _move_block(self, long node, long fresh, int n) noexcept nogil
    cdef void _release_pending(self) noexcept nogil
    cdef long _add_missing(self, long node, int* actions, int n) noexcept nogil
    cdef int _select(self, long node, int* actions, int n) noexcept
    cdef int _average_edge(self, Edge* e, int* legal_edges, int n) noexcept
    cdef int _rollout_action(self, int player, int* actions, int n) noexcept
    cdef int _sampled_outcome(self, GameState world) noexcept
    cdef void _mast_add(self, int player, int action, double value) noexcept
    cdef void _keep(self, GameState world) noexcept
    cdef void _iterate(self, GameState root, bint from_pool) noexcept
    cdef void _clear_mast(self, int width) except *
