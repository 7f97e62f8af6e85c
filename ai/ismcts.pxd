from cpython.ref cimport PyObject
from libc.stdint cimport uint64_t, uint32_t, uint16_t, int16_t
from partisan.core.rng cimport Rng
from partisan.core.state cimport GameState, MAX_PLAYERS, MAX_BRANCH

cdef enum:
    FREE_SIZES = 64         # block sizes below this are recycled
    MAX_PENDING = 64        # blocks outgrown in one iteration (more are left unused)
    BELIEF_POOL = 256       # worlds kept by the belief pool

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

ctypedef struct Regret:   # regret matching's statistics of an edge (`regrets`, beside the pool)
    double regret       # cumulative sampled regret of not having played this edge
    double policy       # sum of the regret-matching policy's weight on it (the average policy)


ctypedef struct Tree:      # a search's tree: what the threads of a shared tree take turns at
    Slot* table
    long table_size         # power of two
    long n_nodes
    uint64_t* blocks        # the pool of the nodes' blocks
    long n_words            # words handed out
    long word_cap
    long n_edges            # edges handed out (fresh blocks only)
    Regret* regrets         # with `regret` > 0: one per edge (see ISMCTS.path_first)
    # Blocks a node outgrew, reused by later blocks of their size. A block is freed only
    # after the iteration that moved it has backed up (its path may point into it).
    int free_head[FREE_SIZES]


cdef double monotonic() noexcept nogil     # seconds on the monotonic clock
# A search's halt word: set once a signal handler raised (Ctrl-C), read by each of its threads.
cdef void set_halt(uint64_t* halt) noexcept nogil
cdef bint on_main_thread()      # the thread Python runs signal handlers on


cdef class ISMCTS:
    cdef readonly double uct_c
    cdef readonly int rollout_depth
    cdef readonly int max_nodes
    cdef readonly double mast
    cdef readonly double chance_widening
    cdef readonly double smooth     # Smooth UCT's eta: share of UCB choices (0: plain UCT)
    cdef readonly double belief     # share of iterations begun from a pooled consistent world
    cdef readonly double regret     # regret matching's share of uniform exploration (0: off)
    cdef readonly int expand        # times an edge is taken before the node below joins the tree
    cdef readonly double prior      # weight of the game's move prior in UCB (0: off)
    cdef readonly double guide      # share of rollout moves drawn by the game's prior (0: off)
    cdef readonly double read       # weight of what the table tells in a resample (0: off)
    cdef readonly bint filters      # whether the game's bot filter applies (c_bot_actions)
    cdef readonly bint step_over    # whether a forced move below the root is played without a node
    cdef readonly double lead       # share of the end-of-game returns from c_heuristic_returns
    cdef readonly double widen      # progressive widening by the prior: ceil(widen * sqrt(N + 1)) moves (0: off)
    # Set by each search from its game (GameState's bot hooks): whether the moves are compacted
    # to those a bot considers, whether the tree's edges are biased by the game's prior and
    # whether its rollouts are guided by it.
    cdef bint filtering
    cdef bint biased
    cdef bint guided
    cdef readonly long iterations_done
    cdef Rng rng
    cdef Tree t
    cdef long max_words         # the most the edge bound lets the blocks take
    cdef long max_edges
    # Blocks this search's current iteration made a node outgrow (see Tree.free_head).
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
    cdef PyObject* pool_worlds[BELIEF_POOL]    # pool's items, borrowed: read without the GIL
    cdef int pool_len
    cdef long pool_seen         # worlds offered to the pool this search
    cdef bint collecting        # this search keeps the worlds that reach its root
    cdef uint64_t root_infokey  # the searching seat's information-state key at the root
    # Regret matching at secret decisions (`regret` > 0): one Regret per edge, the edge at
    # word w of the pool having regrets[w // EDGE_WORDS] (edges never share that index, and a
    # node's are consecutive); for each step of the path, the word of its node's first edge,
    # its number of edges and the chosen edge's probability (the regrets are Tree.regrets).
    cdef int* path_first
    cdef int* path_count
    cdef double* path_prob
    cdef double chosen_prob     # _regret_edge's probability of the edge it returned
    cdef int* trace_player      # the rollout's moves, for the MAST backup
    cdef int* trace_action
    # The iteration under way: its steps in the tree (path_*) and in the rollout (trace_*),
    # its returns, whether it may still offer its world to the belief pool.
    cdef int depth
    cdef int forced             # forced moves played in the tree (no node, no path step)
    cdef int steps
    cdef double ret[MAX_PLAYERS]
    cdef bint collect
    cdef double virtual_loss    # a shared tree's virtual loss: the game's lowest return
    # A shared tree's walker rolling out notes its progress for the others (ai/shared_tree.pyx):
    # every PUBLISH_EVERY moves, progress_from plus the moves played, stored into `progress`.
    cdef uint64_t* progress
    cdef uint64_t progress_from
    # A decision node without legal actions (a game breaking the contract) stops the search:
    # the seat and how many decisions into the simulation; search() raises.
    cdef int stuck_player
    cdef int stuck_depth
    # What a signal handler raised while this search watched for signals (search() raises it).
    cdef object interruption

    cdef void _reset(self) noexcept nogil
    cdef long _find_slot(self, uint64_t key) noexcept nogil
    cdef long _find(self, uint64_t key) noexcept nogil
    cdef long _insert(self, uint64_t key, int player, int* actions, int n) noexcept nogil
    cdef bint _grow_table(self) noexcept nogil
    cdef long _alloc_block(self, int n) noexcept nogil
    cdef long _move_block(self, long node, long fresh, int n) noexcept nogil
    cdef void _release_pending(self) noexcept nogil
    cdef long _add_missing(self, long node, int* actions, int n) noexcept nogil
    cdef int _select(self, long node, int* actions, int n, bint by_regret,
                     const double* priors) noexcept nogil
    cdef bint _widen(self, Edge* e, int* legal_edges, int n, const double* priors,
                     bint* keep) noexcept nogil
    cdef int _best_prior(self, int* untried, int n_untried, int* legal_edges,
                         const double* priors) noexcept nogil
    cdef int _average_edge(self, Edge* e, int* legal_edges, int n) noexcept nogil
    cdef int _regret_edge(self, Regret* r, int* legal_edges, int n) noexcept nogil
    cdef void _regret_update(self, int step, double value) noexcept nogil
    cdef double _estimate(self, Edge* e, int i, int chosen, int step, double value) noexcept nogil
    cdef int _rollout_action(self, GameState world, int player, int* actions, int n) noexcept nogil
    cdef int _prior_draw(self, GameState world, int* actions, int n) noexcept nogil
    cdef int _sampled_outcome(self, GameState world) noexcept nogil
    cdef void _mast_add(self, int player, int action, double value) noexcept nogil
    cdef void _keep(self, GameState world) noexcept nogil
    # An iteration's four steps: begin, descend, rollout, backup (ai/shared_tree.pyx's walkers
    # take them apart, the steps in the tree in their turn and the others outside it).
    cdef void begin(self, GameState root) noexcept nogil
    cdef int _legal(self, GameState world, int p, int* actions) noexcept nogil
    cdef bint _grows(self, bint virtual) noexcept nogil
    cdef bint descend(self, GameState world, bint virtual) noexcept nogil
    cdef void rollout(self, GameState world) noexcept nogil
    cdef void _end_returns(self, GameState world) noexcept nogil
    cdef void backup(self, bint virtual) noexcept nogil
    cdef void _clear_mast(self, int width) except *
    # A search in two parts: set up with the GIL, then iterate without it (ai/parallel.pyx
    # runs several at once, ai/shared_tree.pyx's walkers on one tree).
    cdef GameState prepare(self, GameState state, long iterations, double seconds, GameState start)
    cdef long run(self, GameState root, long iterations, double deadline, uint64_t* halt,
                  bint watch) noexcept nogil
    cdef bint over(self, long it, double deadline, uint64_t* halt, bint watch,
                   double* look) noexcept nogil
    cdef bint _signalled(self) noexcept nogil
    cdef void check_stuck(self, GameState root) except *
    cdef void raise_interruption(self) except *
