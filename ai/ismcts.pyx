# cython: language_level=3
"""Information-set Monte Carlo tree search (single observer, determinised).

Decision nodes are the mover's information sets, found in an open-addressing
hash table keyed by (player, infostate_key(player)); each node is one block of a
pool (its statistics, edges and the blocks its edges last led to), so a step down
the tree usually reads that one block and not the table. Each iteration copies the
root into one scratch world, resamples what the searching seat cannot see,
descends by UCB with availability counts, expands one node, finishes with a
rollout cut at `rollout_depth` into heuristic returns, and backs up every
seat's return to the edges of that seat's nodes. Nothing in the loop
allocates or touches a Python object. A forced move (one legal move) below the searched
state is played on the way without a node or a step of the path: the tree holds only choices
(`step_over`; off, forced moves take nodes as they did at f82bef2, to measure that search).
The move recommended is the most visited, then the best mean, then a draw among the moves still
tied (ai/bots.py); UCB's ties are drawn too, never given to the lowest action id.

Rollouts are uniformly random unless `mast` > 0: then that share of rollout
moves follows move-average sampling (MAST, Finnsson and Bjornsson 2008), the
move with the best average return for its seat over the search so far, any
move the seat has not yet tried coming first. The averages need no knowledge
of the game beyond its action ids, and they sharpen as the search grows. With
`guide` > 0, where the game has a move prior (GameState's bot hooks), that share
of rollout moves is drawn in proportion to the prior instead: the game's own
knowledge of what a player would do. With `read` > 0 the search's worlds are
resampled with that weight on what the table tells of hidden information, where the
game reads it (GameState.reading; Guerilla reads a seat's loyalty from its groups). With
`lead` = l > 0 the returns an iteration backs up from the end of a game are (1 - l) times the
game's own (win or loss) plus l times its heuristic returns there (each seat's lead, the
estimate a cut rollout is scored by): a seat whose every line loses still tells a close loss
from a rout.
With `widen` = w > 0, where the game has a move prior and `prior` > 0, a node with N visits
lets only its ceil(w * sqrt(N + 1)) legal moves of the highest prior take part (progressive
widening): a game of many moves (Garden's aims) spends its first visits on those the prior
favours and opens the others as the visits grow.

Explicit chance is sampled and stays out of the tree. A sample-only chance node
(continuous outcomes) draws a fresh outcome, and since the nodes below it would be
new at every iteration, the tree ends there and the rest of the iteration is a
rollout (the default). With `chance_widening` C > 0 the node is kept in the tree
with progressive widening (Couetoux et al. 2011) instead: at most C * sqrt(visits)
outcomes, a kept one revisited in proportion to how often it was drawn. On the disc
toss test game the default plays better (docs/bots.md, "Sample-only chance").

With `smooth` = eta > 0 the selection is Smooth UCT (Heinrich and Silver 2015): at each
node the UCB move with probability eta, else a move drawn from the node's average policy,
the share of UCB choices each move received. Plain UCT settles on one move per
information set; mixing in the average policy lets the search approach an equilibrium at
secret decisions, and `root_policy()` gives that average policy at the root.

With a `start` state and `belief` = b > 0, the opponents' hidden information is weighed by how
likely their moves so far were, under the search's own policies: the iterations from the start
that reach the searched information state leave their world in a pool (a uniform sample of
BELIEF_POOL of them, reservoir sampling), and a share b of the iterations
begins from a pooled world instead of from the start. The search from the start alone reaches a
deep state too rarely; a resample at the state weighs every hidden hand alike (docs/bots.md,
"Exploitability").

With `regret` = gamma > 0 the secret decisions (GameState.c_secret_decision) select by regret
matching instead of UCB, as simultaneous-move MCTS does (Lanctot, Lisy and Winands 2013): a
node plays each move in proportion to its positive cumulative regret, mixed with a share gamma
of uniform exploration, and after the iteration every move's regret grows by the sampled return
it would have brought less what the policy was expected to bring. A move's value is estimated
by its mean return so far, and for the chosen move corrected by the surprise (return less mean)
over its probability: unbiased, with the variance of the surprise rather than of the return.
Regrets are kept non-negative (regret matching+). The average policy (the regret-matching
policies summed over the node's visits, each weighted by the iteration's number, so that the
early, noisy ones count less) is what `root_policy()` gives; regret matching's average
approaches an equilibrium where UCB settles on one move.

A search on Python's main thread, where signal handlers run, looks for signals every SIGNAL_LOOK
seconds (taking the GIL a moment), so that Ctrl-C stops even a long search at once: it ends
after the iteration under way and raises what the handler raised (KeyboardInterrupt).
"""
from cpython.exc cimport PyErr_CheckSignals
from libc.math cimport ceil, log, sqrt, INFINITY
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memset
from libc.stdint cimport uint16_t, int16_t, uint32_t, uint64_t
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from partisan.ai.atomic cimport partisan_load, partisan_store
from partisan.core.rng cimport rng_seed, rng_below, rng_double, mix64
from partisan.core.state cimport CHANCE, TERMINAL, checked_branch

import threading

from partisan.core.errors import IllegalActionError

cdef enum:
    INITIAL_TABLE = 1 << 12
    INITIAL_WORDS = 1 << 17
    MAX_NODE_EDGES = 0xFFFF     # Node.num_edges is 16 bits
    MAX_WORDS = 0x7FFFFFF0      # blocks are found by int offsets
    TIME_CHECK_EVERY = 32
    MAX_EXPAND = 1 << 20        # the most `expand` may be
    HEAD_WORDS = 2              # a block: Node, then 3 words an Edge, then an int hint an edge
    EDGE_WORDS = 3
    PREFETCH_LINES = 4
    PUBLISH_EVERY = 8           # rollout moves between a shared tree walker's notes of its progress
    LOG_TABLE = 1024            # availability counts whose logarithm is looked up

# Seconds between a search's looks for a signal (Ctrl-C): each takes the GIL a moment, and a
# person pressing Ctrl-C is answered well within half a second.
cdef double SIGNAL_LOOK = 0.02

assert sizeof(Node) == HEAD_WORDS * sizeof(uint64_t) and sizeof(Edge) == EDGE_WORDS * sizeof(uint64_t)

# log(n) for the small availability counts of the deep, rarely visited nodes, which make most
# of a large tree's UCB steps: the same values log() gives, read instead of computed.
cdef double _LOG[LOG_TABLE]


cdef void _fill_log_table() noexcept:
    cdef int n
    for n in range(1, LOG_TABLE):
        _LOG[n] = log(<double>n)


_fill_log_table()


cdef double monotonic() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef void set_halt(uint64_t* halt) noexcept nogil:
    partisan_store(halt, 1)


cdef bint on_main_thread():
    return threading.get_ident() == threading.main_thread().ident


cdef inline uint64_t _node_key(int player, uint64_t infokey) noexcept nogil:
    cdef uint64_t k = mix64(infokey, <uint64_t>(player + 1) * <uint64_t>0xD6E8FEB86659FD93)
    return k if k != 0 else 1


cdef extern from *:
    void __builtin_prefetch(const void* address) noexcept nogil


cdef inline void _prefetch_block(uint64_t* blocks, long node) noexcept nogil:
    """Start loading a block's first cache lines (its header and first edges)."""
    cdef int line
    for line in range(PREFETCH_LINES):
        __builtin_prefetch(blocks + node + 8 * line)


cdef inline long _block_words(long n) noexcept nogil:
    """Words of the block of a node with n edges."""
    return HEAD_WORDS + EDGE_WORDS * n + (n + 1) // 2


cdef inline Node* _node(uint64_t* blocks, long node) noexcept nogil:
    return <Node*>(blocks + node)


cdef inline Edge* _edges(uint64_t* blocks, long node) noexcept nogil:
    return <Edge*>(blocks + node + HEAD_WORDS)


cdef inline void _init_node(Node* nd, uint64_t key, int player, int num_edges) noexcept nogil:
    nd.key = key
    nd.player = <int16_t>player
    nd.num_edges = <uint16_t>num_edges
    nd.next_free = -1


cdef inline void _init_edge(Edge* e, int action, int visits) noexcept nogil:
    e.action = action
    e.visits = visits
    e.avail = 0
    e.chosen = 0
    e.total = 0.0


cdef inline long _regret_cells(long words) noexcept nogil:
    """Regrets for a pool of `words` words: one for each EDGE_WORDS words (an edge's index)."""
    return words // EDGE_WORDS + 1


cdef inline Regret* _regrets(Regret* regrets, long node) noexcept nogil:
    """The regrets of a node's edges (its edge at word w has regrets[w // EDGE_WORDS])."""
    return regrets + (node + HEAD_WORDS) // EDGE_WORDS


cdef inline long _hint_at(long node, int num_edges, int edge) noexcept nogil:
    """Where (in ints from the pool's start) edge's hint lies: the block the edge last led to."""
    return 2 * (node + HEAD_WORDS + EDGE_WORDS * <long>num_edges) + edge


def no_legal_action(GameState state not None, int player, long depth):
    """The error for a game that gave a seat to move no legal action (a bug in the game:
    the contract promises at least one at every decision)."""
    name = getattr(state.game, "name", type(state).__name__)
    return RuntimeError(f"{name} broke the state contract: seat {player} had no legal action at a "
                        f"decision {depth} move(s) into a simulation from move {state.move_number}")


cdef class ISMCTS:
    """The search itself. Bots in partisan.ai.bots wrap it with budgets and presets."""

    def __cinit__(self, double uct_c=2.0, int rollout_depth=200, long max_nodes=1_000_000,
                  seed=0, int max_edges_per_node=24, double mast=0.0, double chance_widening=0.0,
                  double smooth=0.0, double belief=0.0, double regret=0.0, int expand=1,
                  double prior=0.0, double guide=0.0, double read=0.0, bint filters=True,
                  double lead=0.0, double widen=0.0, bint step_over=True):
        if not 0 <= uct_c < INFINITY or rollout_depth < 0 or max_nodes < 16:   # nan fails too
            raise ValueError("uct_c must be finite and >= 0, rollout_depth >= 0 and max_nodes >= 16")
        if not 0.0 <= mast <= 1.0:
            raise ValueError("mast is the share of rollout moves chosen by move averages: 0 to 1")
        if not 0 <= chance_widening < INFINITY:      # nan fails too
            raise ValueError("chance_widening must be finite and >= 0 (0: the tree ends at a sample-only chance node)")
        if not 0.0 <= smooth <= 1.0:
            raise ValueError("smooth is Smooth UCT's share of UCB choices: 0 (off) to 1")
        if not 0.0 <= belief < 1.0:
            raise ValueError("belief is the share of iterations begun from a pooled world reaching the state: 0 (off) to below 1")
        if not 0.0 <= regret < 1.0:
            raise ValueError("regret is regret matching's share of uniform exploration at secret decisions: 0 (off) to below 1")
        if not 1 <= expand <= MAX_EXPAND:
            raise ValueError(f"expand is how often an edge is taken before the node it leads to joins the tree: 1 to {MAX_EXPAND:,}")
        if not 0 <= prior < INFINITY:      # nan fails too
            raise ValueError("prior is the weight of the game's move prior in UCB: finite and >= 0 (0: off)")
        if not 0.0 <= guide <= 1.0:
            raise ValueError("guide is the share of rollout moves drawn by the game's move prior: 0 (off) to 1")
        if not 0 <= read < INFINITY:      # nan fails too
            raise ValueError("read is the weight a resample gives what the table tells: finite and >= 0 (0: off)")
        if not 0 <= widen < INFINITY:      # nan fails too
            raise ValueError("widen is the progressive widening's weight, ceil(widen * sqrt(visits + 1)) moves of the highest prior: finite and >= 0 (0: off)")
        if not 0.0 <= lead <= 1.0:
            raise ValueError("lead is the share of the returns at a game's end taken from the game's heuristic returns: 0 (off) to 1")
        self.chance_widening = chance_widening
        self.expand = expand
        self.prior = prior
        self.guide = guide
        self.read = read
        self.lead = lead
        self.widen = widen
        self.filters = filters
        self.step_over = step_over
        self.regret = regret
        self.belief = belief
        self.smooth = smooth
        self.uct_c = uct_c
        self.rollout_depth = rollout_depth
        self.mast = mast
        self.max_nodes = max_nodes
        self.max_edges = max_nodes * max_edges_per_node
        # a node's first block of n edges takes at most HEAD_WORDS + 4n words, one it moves to
        # (n >= 1) at most 6n: the bound on edges bounds the pool
        self.max_words = min(max_nodes * HEAD_WORDS + self.max_edges * _block_words(1), <long>MAX_WORDS)
        rng_seed(&self.rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        self.t.table_size = INITIAL_TABLE
        self.t.table = <Slot*>calloc(self.t.table_size, sizeof(Slot))
        self.t.word_cap = INITIAL_WORDS
        self.t.blocks = <uint64_t*>malloc(self.t.word_cap * sizeof(uint64_t))
        self.path_cap = 1024
        self.path_player = <int*>malloc(self.path_cap * sizeof(int))
        self.path_edge = <int*>malloc(self.path_cap * sizeof(int))
        self.trace_player = <int*>malloc((rollout_depth + 1) * sizeof(int))
        self.trace_action = <int*>malloc((rollout_depth + 1) * sizeof(int))
        if not (self.t.table and self.t.blocks and self.path_player and self.path_edge
                and self.trace_player and self.trace_action):
            raise MemoryError()
        if regret > 0.0:
            self.t.regrets = <Regret*>malloc(_regret_cells(self.t.word_cap) * sizeof(Regret))
            self.path_first = <int*>malloc(self.path_cap * sizeof(int))
            self.path_count = <int*>malloc(self.path_cap * sizeof(int))
            self.path_prob = <double*>malloc(self.path_cap * sizeof(double))
            if not (self.t.regrets and self.path_first and self.path_count and self.path_prob):
                raise MemoryError()

    def __dealloc__(self):
        free(self.t.table)
        free(self.t.blocks)
        free(self.path_player)
        free(self.path_edge)
        free(self.trace_player)
        free(self.trace_action)
        free(self.mast_total)
        free(self.mast_count)
        free(self.t.regrets)
        free(self.path_first)
        free(self.path_count)
        free(self.path_prob)

    @property
    def nodes_used(self):
        return self.t.n_nodes

    @property
    def memory_bytes(self):
        """Bytes held by the hash table, the pool of blocks and the edges' regrets."""
        return (self.t.table_size * sizeof(Slot) + self.t.word_cap * sizeof(uint64_t)
                + (_regret_cells(self.t.word_cap) * sizeof(Regret) if self.t.regrets != NULL else 0))

    @property
    def edges_used(self):
        """Edges the pool has handed out in the last search, in use or free for reuse."""
        return self.t.n_edges

    @property
    def edges_in_tree(self):
        """Edges the last search's nodes hold."""
        cdef long i, total = 0
        for i in range(self.t.table_size):
            if self.t.table[i].ref != 0:
                total += _node(self.t.blocks, self.t.table[i].ref - 1).num_edges
        return total

    @property
    def single_move_nodes(self):
        """Nodes of the last search with one edge (a forced move has none below the searched
        state: at most the searched state's own node has one)."""
        cdef long i, total = 0
        cdef Node* nd
        for i in range(self.t.table_size):
            if self.t.table[i].ref != 0:
                nd = _node(self.t.blocks, self.t.table[i].ref - 1)
                total += nd.player >= 0 and nd.num_edges == 1
        return total

    cdef void _reset(self) noexcept nogil:
        memset(self.t.table, 0, self.t.table_size * sizeof(Slot))
        self.t.n_nodes = 0
        self.t.n_words = 0
        self.t.n_edges = 0
        self.n_pending = 0
        memset(self.t.free_head, 0xFF, sizeof(self.t.free_head))     # -1: none free
        self.iterations_done = 0

    cdef long _find_slot(self, uint64_t key) noexcept nogil:
        """The table slot holding `key`'s node, or -1 - the empty slot where it would go. The
        slot's tag (the key's high half, whose low bits chose the home slot) is checked
        first; the node's block, which the caller reads next anyway, confirms the whole key."""
        cdef uint32_t tag = <uint32_t>(key >> 32)
        cdef long mask = self.t.table_size - 1
        cdef long i = <long>tag & mask
        while self.t.table[i].ref != 0:
            if self.t.table[i].tag == tag and _node(self.t.blocks, self.t.table[i].ref - 1).key == key:
                return i
            i = (i + 1) & mask
        return -1 - i

    cdef long _find(self, uint64_t key) noexcept nogil:
        """The block of `key`'s node, or -1."""
        cdef long i = self._find_slot(key)
        return <long>self.t.table[i].ref - 1 if i >= 0 else -1

    cdef bint _grow_table(self) noexcept nogil:
        cdef long old_size = self.t.table_size
        cdef Slot* old = self.t.table
        cdef long new_size = old_size * 2
        cdef Slot* fresh
        cdef long i, j, mask = new_size - 1
        if new_size > (<long>1 << 32):      # the home slot is taken from the tag
            return False
        fresh = <Slot*>calloc(new_size, sizeof(Slot))
        if fresh == NULL:
            return False
        for i in range(old_size):
            if old[i].ref != 0:
                j = <long>old[i].tag & mask
                while fresh[j].ref != 0:
                    j = (j + 1) & mask
                fresh[j] = old[i]
        self.t.table = fresh
        self.t.table_size = new_size
        free(old)
        return True

    cdef long _alloc_block(self, int n) noexcept nogil:
        """Offset of a block for a node of n edges (a freed block of that size if there is
        one, else fresh words from the end of the pool), or -1 when the memory bound is
        reached. The caller fills it."""
        cdef long need = self.t.n_words + _block_words(n)
        cdef long cap = self.t.word_cap
        cdef uint64_t* grown
        cdef Regret* grown_regrets
        cdef long reused
        if n < FREE_SIZES and self.t.free_head[n] >= 0:
            reused = self.t.free_head[n]
            self.t.free_head[n] = _node(self.t.blocks, reused).next_free
            return reused
        if self.t.n_edges + n > self.max_edges or need > self.max_words:
            return -1
        if need > cap:
            while cap < need:
                cap *= 2
            if cap > self.max_words:
                cap = self.max_words
            grown = <uint64_t*>realloc(self.t.blocks, cap * sizeof(uint64_t))
            if grown == NULL:
                return -1
            self.t.blocks = grown
            if self.t.regrets != NULL:
                grown_regrets = <Regret*>realloc(self.t.regrets, _regret_cells(cap) * sizeof(Regret))
                if grown_regrets == NULL:
                    return -1
                self.t.regrets = grown_regrets
            self.t.word_cap = cap
        self.t.n_words = need
        self.t.n_edges += n
        return need - _block_words(n)

    cdef long _move_block(self, long node, long fresh, int n) noexcept nogil:
        """The node outgrew its block: `fresh` (its n edges and hints filled by the caller)
        takes its place. The old block is marked retired at once (hints to it now miss) and
        freed for reuse once this iteration is over. Returns `fresh`."""
        cdef Node* old = _node(self.t.blocks, node)
        cdef long slot = self._find_slot(old.key)
        _init_node(_node(self.t.blocks, fresh), old.key, old.player, n)
        self.t.table[slot].ref = <uint32_t>(fresh + 1)
        if 0 < old.num_edges < FREE_SIZES and self.n_pending < MAX_PENDING:
            self.pending_first[self.n_pending] = <int>node
            self.pending_size[self.n_pending] = old.num_edges
            self.n_pending += 1
        old.key = 0
        return fresh

    cdef void _release_pending(self) noexcept nogil:
        cdef int i, first
        for i in range(self.n_pending):
            first = self.pending_first[i]
            _node(self.t.blocks, first).next_free = self.t.free_head[self.pending_size[i]]
            self.t.free_head[self.pending_size[i]] = first
        self.n_pending = 0

    cdef long _insert(self, uint64_t key, int player, int* actions, int n) noexcept nogil:
        """Create the node for `key` with one edge per legal action: its block, or -1 if
        memory is full."""
        cdef long slot, node
        cdef int i
        cdef Edge* e
        cdef int* hint
        if self.t.n_nodes >= self.max_nodes:
            return -1
        if (self.t.n_nodes + 1) * 2 > self.t.table_size:
            if not self._grow_table():
                return -1
        node = self._alloc_block(n)
        if node < 0:
            return -1
        slot = -1 - self._find_slot(key)
        _init_node(_node(self.t.blocks, node), key, player, n)
        e = _edges(self.t.blocks, node)
        hint = (<int*>self.t.blocks) + _hint_at(node, n, 0)
        for i in range(n):
            _init_edge(&e[i], actions[i], 0)
            hint[i] = -1
        if self.t.regrets != NULL:
            memset(_regrets(self.t.regrets, node), 0, n * sizeof(Regret))
        self.t.table[slot].tag = <uint32_t>(key >> 32)
        self.t.table[slot].ref = <uint32_t>(node + 1)
        self.t.n_nodes += 1
        return node

    cdef long _add_missing(self, long node, int* actions, int n) noexcept nogil:
        """Give the node an edge for every legal action (worlds may differ after a key
        collision): its block, moved, or -1 if memory is full."""
        cdef int m = _node(self.t.blocks, node).num_edges
        cdef Edge* e = _edges(self.t.blocks, node)
        cdef int i, j = 0, k = 0, missing = 0
        cdef long fresh
        cdef Edge* out
        cdef int* hint
        cdef int* out_hint
        cdef Regret* r = NULL
        cdef Regret* out_r = NULL
        for i in range(n):
            while j < m and e[j].action < actions[i]:
                j += 1
            if j >= m or e[j].action != actions[i]:
                missing += 1
        if missing == 0:
            return node
        if m + missing > MAX_NODE_EDGES:
            return -1
        fresh = self._alloc_block(m + missing)
        if fresh < 0:
            return -1
        e = _edges(self.t.blocks, node)          # the pool may have moved
        hint = (<int*>self.t.blocks) + _hint_at(node, m, 0)
        out = _edges(self.t.blocks, fresh)
        out_hint = (<int*>self.t.blocks) + _hint_at(fresh, m + missing, 0)
        if self.t.regrets != NULL:
            r = _regrets(self.t.regrets, node)
            out_r = _regrets(self.t.regrets, fresh)
        i = 0
        j = 0
        while i < n or j < m:
            if j < m and (i >= n or e[j].action <= actions[i]):
                if i < n and e[j].action == actions[i]:
                    i += 1
                out[k] = e[j]
                out_hint[k] = hint[j]
                if out_r != NULL:
                    out_r[k] = r[j]
                j += 1
            else:
                _init_edge(&out[k], actions[i], 0)
                out_hint[k] = -1
                if out_r != NULL:
                    out_r[k].regret = 0.0
                    out_r[k].policy = 0.0
                i += 1
            k += 1
        return self._move_block(node, fresh, k)

    cdef int _select(self, long node, int* actions, int n, bint by_regret,
                     const double* priors) noexcept nogil:
        """UCB over the legal edges (availability counts), or regret matching when `by_regret`;
        returns the edge's index in the node, or -1 when a legal action has no edge yet (the
        caller adds the missing edges and retries). With the game's `priors` of the actions
        (else NULL) an untried move of the highest prior comes first and UCB adds the
        progressive bias prior * p / (1 + visits), which fades as the edge's mean firms up; with
        `widen` only the moves of the highest prior take part, more as the node's visits grow
        (_widen)."""
        cdef Edge* e = _edges(self.t.blocks, node)
        cdef int m = _node(self.t.blocks, node).num_edges
        cdef int i, k, j = 0, best = -1, n_untried = 0, last_avail = 0, ties = 0
        cdef double score, log_avail = 0.0, best_score = -INFINITY
        cdef int untried[MAX_BRANCH]
        cdef int legal_edges[MAX_BRANCH]
        cdef bint keep[MAX_BRANCH]
        cdef bint narrow = False
        for i in range(n):
            while j < m and e[j].action < actions[i]:
                j += 1
            if j == m or e[j].action != actions[i]:
                for k in range(i):
                    e[legal_edges[k]].avail -= 1
                return -1
            legal_edges[i] = j
            e[j].avail += 1
            if e[j].visits == 0:
                untried[n_untried] = i
                n_untried += 1
        if by_regret:
            return self._regret_edge(_regrets(self.t.regrets, node), legal_edges, n)
        if priors != NULL and self.widen > 0.0:
            narrow = self._widen(e, legal_edges, n, priors, keep)
            if narrow:
                n_untried = 0
                for i in range(n):
                    if keep[i] and e[legal_edges[i]].visits == 0:
                        untried[n_untried] = i
                        n_untried += 1
        if n_untried > 0:
            if priors != NULL:
                j = self._best_prior(untried, n_untried, legal_edges, priors)
            else:
                j = legal_edges[untried[rng_below(&self.rng, n_untried)]]
            e[j].chosen += 1
            return j
        if self.smooth > 0.0 and rng_double(&self.rng) >= self.smooth:
            return self._average_edge(e, legal_edges, n)
        for i in range(n):
            if narrow and not keep[i]:
                continue
            j = legal_edges[i]
            if e[j].avail != last_avail:    # a node's edges mostly share their count
                last_avail = e[j].avail
                log_avail = _LOG[last_avail] if last_avail < LOG_TABLE else log(<double>last_avail)
            score = e[j].total / e[j].visits + self.uct_c * sqrt(log_avail / e[j].visits)
            if priors != NULL:
                score += self.prior * priors[i] / (1 + e[j].visits)
            if score > best_score:
                best_score = score
                best = j
                ties = 1
            elif score == best_score:   # a tie drawn at random, not to the lowest action
                ties += 1
                if rng_below(&self.rng, ties) == 0:
                    best = j
        if self.smooth > 0.0:
            e[best].chosen += 1
        return best

    cdef bint _widen(self, Edge* e, int* legal_edges, int n, const double* priors,
                     bint* keep) noexcept nogil:
        """Progressive widening (Couetoux et al. 2011; Chaslot et al. 2008 call it progressive
        unpruning): `keep` marks the ceil(widen * sqrt(N + 1)) legal moves of the highest prior,
        N the visits of the legal edges, ties to the first listed; False when that is all of
        them. A game's many moves of small prior then wait until the node has the visits to try
        them."""
        cdef long total = 0
        cdef int i, r, best
        cdef double k
        for i in range(n):
            total += e[legal_edges[i]].visits
            keep[i] = False
        k = ceil(self.widen * sqrt(total + 1.0))
        if k >= n:      # compared as a double: a large weight never reaches an int cast
            return False
        for r in range(<int>k):
            best = -1
            for i in range(n):
                if not keep[i] and (best < 0 or priors[i] > priors[best]):
                    best = i
            keep[best] = True
        return True

    cdef int _best_prior(self, int* untried, int n_untried, int* legal_edges,
                         const double* priors) noexcept nogil:
        """The edge of the untried legal move (`untried`: indices into the legal list) of the
        highest prior, a tie drawn at random."""
        cdef int k, i, best = untried[0], ties = 1
        for k in range(1, n_untried):
            i = untried[k]
            if priors[i] > priors[best]:
                best = i
                ties = 1
            elif priors[i] == priors[best]:
                ties += 1
                if rng_below(&self.rng, ties) == 0:
                    best = i
        return legal_edges[best]

    cdef int _average_edge(self, Edge* e, int* legal_edges, int n) noexcept nogil:
        """A legal edge drawn from the node's average policy: in proportion to its UCB choices."""
        cdef long total = 0, r
        cdef int i
        for i in range(n):
            total += e[legal_edges[i]].chosen
        r = rng_below(&self.rng, <uint32_t>total)
        for i in range(n - 1):
            r -= e[legal_edges[i]].chosen
            if r < 0:
                return legal_edges[i]
        return legal_edges[n - 1]

    cdef int _regret_edge(self, Regret* r, int* legal_edges, int n) noexcept nogil:
        """A legal edge drawn by regret matching (positive regrets, else uniform) mixed with a
        share `regret` of uniform exploration; adds the regret-matching policy to the average
        (weighted by the iteration's number) and leaves the drawn edge's probability in
        chosen_prob."""
        cdef double weight[MAX_BRANCH]
        cdef double positive = 0.0, x, share
        cdef int i
        for i in range(n):
            x = r[legal_edges[i]].regret
            weight[i] = x if x > 0.0 else 0.0
            positive += weight[i]
        x = rng_double(&self.rng)
        for i in range(n):
            share = weight[i] / positive if positive > 0.0 else 1.0 / n
            r[legal_edges[i]].policy += share * (self.iterations_done + 1)
            weight[i] = self.regret / n + (1.0 - self.regret) * share
        for i in range(n - 1):
            if x < weight[i]:
                self.chosen_prob = weight[i]
                return legal_edges[i]
            x -= weight[i]
        self.chosen_prob = weight[n - 1]
        return legal_edges[n - 1]

    cdef void _regret_update(self, int step, double value) noexcept nogil:
        """The sampled regrets of the node at path step `step` after a return `value`. Each
        move's value is estimated by its mean return so far, corrected for the chosen move by
        the surprise (value - its mean) over its probability (an unbiased estimate whose
        variance is that of the surprise, not of the return); each regret grows by its move's
        estimate less the regret-matching policy's."""
        cdef int first = self.path_first[step], n = self.path_count[step]
        cdef int chosen = (self.path_edge[step] - first) // EDGE_WORDS, i
        cdef Regret* r = _regrets(self.t.regrets, first - HEAD_WORDS)
        cdef Edge* e = <Edge*>(self.t.blocks + first)
        cdef double positive = 0.0, expected = 0.0, share
        for i in range(n):
            if r[i].regret > 0.0:
                positive += r[i].regret
        for i in range(n):
            if positive > 0.0:
                share = (r[i].regret if r[i].regret > 0.0 else 0.0) / positive
            else:
                share = 1.0 / n
            expected += share * self._estimate(e, i, chosen, step, value)
        for i in range(n):      # regret matching+: a negative regret is forgotten
            r[i].regret = max(0.0, r[i].regret + self._estimate(e, i, chosen, step, value) - expected)

    cdef inline double _estimate(self, Edge* e, int i, int chosen, int step, double value) noexcept nogil:
        cdef double mean = e[i].total / e[i].visits if e[i].visits > 0 else 0.0
        if i == chosen:
            return mean + (value - mean) / self.path_prob[step]
        return mean

    cdef int _rollout_action(self, GameState world, int player, int* actions, int n) noexcept nogil:
        """A rollout move: with probability `guide` (where the game has a move prior) drawn in
        proportion to the prior, else with probability `mast` the move with the best average
        return for `player` so far (untried moves count as best, ties at random), else uniformly
        random."""
        cdef int i, a, c, best = 0, ties = 0
        cdef double v, best_v = -INFINITY
        cdef long base
        if self.guided and rng_double(&self.rng) < self.guide:
            return self._prior_draw(world, actions, n)
        if self.mast <= 0.0 or rng_double(&self.rng) >= self.mast:
            return actions[rng_below(&self.rng, n)]
        base = <long>player * self.mast_actions
        for i in range(n):
            a = actions[i]
            c = self.mast_count[base + a] if a < self.mast_actions else 0
            v = self.mast_total[base + a] / c if c > 0 else INFINITY
            if v > best_v:
                best_v = v
                best = i
                ties = 1
            elif v == best_v:
                ties += 1
                if rng_below(&self.rng, ties) == 0:
                    best = i
        return actions[best]

    cdef int _prior_draw(self, GameState world, int* actions, int n) noexcept nogil:
        """A move drawn in proportion to the game's prior; uniformly if no move has weight."""
        cdef double weights[MAX_BRANCH]
        cdef double total = 0.0, r
        cdef int i
        world.c_action_priors(actions, n, weights)
        for i in range(n):
            if weights[i] > 0.0:        # a negative or nan weight counts as none
                total += weights[i]
        if not total > 0.0 or total == INFINITY:
            return actions[rng_below(&self.rng, n)]
        r = rng_double(&self.rng) * total
        for i in range(n):
            if weights[i] > 0.0:
                r -= weights[i]
                if r < 0.0:
                    return actions[i]
        for i in range(n - 1, -1, -1):  # rounding left r at the top: the last weighted move
            if weights[i] > 0.0:
                return actions[i]
        return actions[n - 1]

    cdef int _sampled_outcome(self, GameState world) noexcept nogil:
        """The outcome of a sample-only chance node inside the tree. Its node is keyed by what
        the searching seat knows there; while it has fewer than chance_widening * sqrt(n + 1)
        outcomes (n = its draws so far) a fresh draw is added, else a kept outcome is revisited
        with probability proportional to its draws. An outcome this world cannot produce (the
        worlds differ in what the seat cannot see) gives way to a fresh draw."""
        cdef uint64_t key = _node_key(CHANCE, world.keys[self.root_player])
        cdef long node = self._find(key)
        cdef long fresh
        cdef int i, a, m
        cdef long n = 0, r
        cdef Edge* e
        cdef Edge* out
        if node < 0:
            node = self._insert(key, CHANCE, NULL, 0)
            if node < 0:
                return world.c_sample_chance(&self.rng)
        m = _node(self.t.blocks, node).num_edges
        e = _edges(self.t.blocks, node)
        for i in range(m):
            n += e[i].visits
        if m < self.chance_widening * sqrt(<double>(n + 1)):
            a = world.c_sample_chance(&self.rng)
            for i in range(m):
                if e[i].action == a:
                    e[i].visits += 1
                    return a
            fresh = self._alloc_block(m + 1) if m < MAX_NODE_EDGES else -1
            if fresh < 0:
                return a
            e = _edges(self.t.blocks, node)      # the pool may have moved
            out = _edges(self.t.blocks, fresh)
            for i in range(m):
                out[i] = e[i]
            _init_edge(&out[m], a, 1)
            self._move_block(node, fresh, m + 1)    # (a chance node's hints are never read)
            return a
        r = rng_below(&self.rng, <uint32_t>n)
        i = 0
        while r >= e[i].visits:
            r -= e[i].visits
            i += 1
        if world.c_is_possible_outcome(e[i].action):
            e[i].visits += 1
            return e[i].action
        return world.c_sample_chance(&self.rng)

    cdef void _mast_add(self, int player, int action, double value) noexcept nogil:
        cdef long i
        if action < self.mast_actions:
            i = <long>player * self.mast_actions + action
            self.mast_total[i] += value
            self.mast_count[i] += 1

    cdef void _keep(self, GameState world) noexcept nogil:
        """Offer `world` to the belief pool, a uniform sample of every world that reached the
        root so far (reservoir sampling): the belief of the search's policies averaged over the
        search, as the average policy is, not of its latest exploring choices."""
        cdef long slot = self.pool_seen
        self.pool_seen += 1
        if slot >= BELIEF_POOL:
            slot = rng_below(&self.rng, <uint32_t>min(self.pool_seen, <long>0xFFFFFFFF))
            if slot >= BELIEF_POOL:
                return
        (<GameState>self.pool_worlds[slot]).c_copy_from(world)
        if self.pool_len < BELIEF_POOL:
            self.pool_len += 1

    cdef void begin(self, GameState root) noexcept nogil:
        """Set the scratch world to the start of an iteration: a share `belief` of them (once
        the pool holds worlds) a pooled world as it is (its hidden information already a draw
        from the belief), the others `root` resampled. Touches neither the tree nor the last
        iteration's path and returns, which a shared tree's walker backs up afterwards."""
        cdef bint from_pool = self.pool_len > 0 and rng_double(&self.rng) < self.belief
        if from_pool:
            self.world.c_copy_from(<GameState>self.pool_worlds[rng_below(&self.rng, self.pool_len)])
        else:
            self.world.c_copy_from(root)
            self.world.c_resample(self.root_player, &self.rng)
        self.collect = self.collecting and not from_pool

    cdef int _legal(self, GameState world, int p, int* actions) noexcept nogil:
        """The legal actions of `p`, to move in `world`, that a bot considers (c_bot_actions),
        first offering the world to the belief pool if it is the searched state; none marks
        the search stuck (search() raises)."""
        cdef int n
        if self.collect and p == self.root_player and world.keys[p] == self.root_infokey:
            self._keep(world)
            self.collect = False
        n = checked_branch(world.c_legal_actions(actions))
        if self.filtering and n > 1:
            n = world.c_bot_actions(actions, n)
        if n <= 0:
            self.stuck_player = p
            self.stuck_depth = self.depth + self.forced + self.steps
        return n

    cdef bint _grows(self, bint virtual) noexcept nogil:
        """Whether the node this iteration reached outside the tree joins it: at the root
        always; below it, once the edge leading there has been taken `expand` times, this
        iteration included (with `virtual` its visit is already counted). A node most
        iterations reach once then costs no memory, and a large tree fewer cold reads."""
        cdef Edge* e
        if self.expand <= 1 or self.depth == 0:
            return True
        e = <Edge*>(self.t.blocks + self.path_edge[self.depth - 1])
        return e.visits + (0 if virtual else 1) >= self.expand

    cdef bint descend(self, GameState world, bint virtual) noexcept nogil:
        """The iteration's steps in the tree, by UCB (or regret matching) down to the node it
        expands, its path left in path_*. With `virtual`, each edge taken counts a visit with
        the worst return (virtual loss) until the backup, so that the other threads of a shared
        tree spread over other moves meanwhile. Returns whether a rollout follows (not when the
        game ended, its returns in ret, nor when the game broke the contract)."""
        cdef int actions[MAX_BRANCH]
        cdef double priors[MAX_BRANCH]
        cdef int p, n
        cdef bint by_regret, expanded
        cdef long node, edge, hint = -1     # hint: of the edge last taken
        cdef uint64_t key
        cdef Edge* e
        self.depth = 0
        self.forced = 0
        self.steps = 0
        while True:
            p = world.c_current_player()
            if p == TERMINAL:
                self._end_returns(world)
                return False
            if p == CHANCE:
                if world.c_chance_is_sampled():
                    if self.chance_widening > 0.0:
                        world.c_apply(self._sampled_outcome(world))
                        continue
                    world.c_apply(world.c_sample_chance(&self.rng))
                    return True     # below a fresh continuous outcome every node is new
                world.c_apply(world.c_sample_chance(&self.rng))
                continue
            n = self._legal(world, p, actions)
            if n <= 0:
                return False
            if (n == 1 and self.step_over
                    and (p != self.root_player or world.keys[p] != self.root_infokey)):
                # a forced move: nothing to choose, so no node and no step of the path (the
                # searched state keeps its node, whose statistics the search answers with)
                world.c_apply(actions[0])
                self.forced += 1
                continue
            key = _node_key(p, world.keys[p])
            node = (<int*>self.t.blocks)[hint] if hint >= 0 else -1
            if node < 0 or _node(self.t.blocks, node).key != key:
                node = self._find(key)
            expanded = node < 0         # expand this node, then roll out from it
            if expanded and self._grows(virtual):
                node = self._insert(key, p, actions, n)
            edge = -1
            if node >= 0 and self.depth < self.path_cap:
                by_regret = self.t.regrets != NULL and world.c_secret_decision()
                if self.biased:
                    world.c_action_priors(actions, n, priors)
                edge = self._select(node, actions, n, by_regret, priors if self.biased else NULL)
                if edge < 0:
                    node = self._add_missing(node, actions, n)
                    if node >= 0:
                        edge = self._select(node, actions, n, by_regret,
                                            priors if self.biased else NULL)
                if edge >= 0 and self.t.regrets != NULL:
                    self.path_first[self.depth] = <int>(node + HEAD_WORDS)
                    self.path_count[self.depth] = _node(self.t.blocks, node).num_edges
                    self.path_prob[self.depth] = self.chosen_prob if by_regret else 0.0
            if edge < 0:                # out of memory or path: roll out from here
                world.c_apply(self._rollout_action(world, p, actions, n))
                return True
            if hint >= 0:
                (<int*>self.t.blocks)[hint] = <int>node
            hint = _hint_at(node, _node(self.t.blocks, node).num_edges, <int>edge)
            if (<int*>self.t.blocks)[hint] >= 0:     # load it while the move is played
                _prefetch_block(self.t.blocks, (<int*>self.t.blocks)[hint])
            self.path_player[self.depth] = p
            self.path_edge[self.depth] = <int>(node + HEAD_WORDS + EDGE_WORDS * edge)
            self.depth += 1
            e = _edges(self.t.blocks, node) + edge
            if virtual:
                e.visits += 1
                e.total += self.virtual_loss
            world.c_apply(e.action)
            if expanded:
                return True

    cdef void rollout(self, GameState world) noexcept nogil:
        """Play the iteration on below the tree (uniform or MAST moves, kept in trace_*) to the
        end of the game or `rollout_depth` moves, the returns in ret; reads nothing of the tree."""
        cdef int actions[MAX_BRANCH]
        cdef int p, n, a
        while True:
            p = world.c_current_player()
            if p == TERMINAL:
                self._end_returns(world)
                return
            if p == CHANCE:
                world.c_apply(world.c_sample_chance(&self.rng))
                continue
            n = self._legal(world, p, actions)
            if n <= 0:
                return
            if self.steps >= self.rollout_depth:
                world.c_heuristic_returns(self.ret)
                return
            a = actions[0] if n == 1 else self._rollout_action(world, p, actions, n)
            self.trace_player[self.steps] = p
            self.trace_action[self.steps] = a
            self.steps += 1
            world.c_apply(a)
            if self.progress != NULL and self.steps % PUBLISH_EVERY == 0:
                # a shared tree's walker: its next turn is later still
                partisan_store(self.progress, self.progress_from + self.steps)

    cdef void _end_returns(self, GameState world) noexcept nogil:
        """The returns at the game's end into ret: the game's own, with `lead` > 0 mixed with
        its heuristic returns there (a share `lead` of them)."""
        cdef double lead[MAX_PLAYERS]
        cdef int i
        world.c_returns(self.ret)
        if self.lead <= 0.0:
            return
        world.c_heuristic_returns(lead)
        for i in range(world.num_players):
            self.ret[i] = (1.0 - self.lead) * self.ret[i] + self.lead * lead[i]

    cdef void backup(self, bint virtual) noexcept nogil:
        """Add the iteration's returns to its path's edges (taking back their virtual loss
        with `virtual`) and its moves to the move averages; then free the blocks it made nodes
        outgrow. In a shared tree (`virtual`) those blocks are left unused instead: another
        walker's iteration begun before the move may still point into them when this one is
        over, since the virtual clock can give this walker several turns in a row."""
        cdef int i, p
        cdef double value
        cdef Edge* e
        for i in range(self.depth):
            value = self.ret[self.path_player[i]]
            if self.t.regrets != NULL and self.path_prob[i] > 0.0:
                self._regret_update(i, value)
            e = <Edge*>(self.t.blocks + self.path_edge[i])
            if virtual:
                e.total += value - self.virtual_loss
            else:
                e.visits += 1
                e.total += value
        if self.mast > 0.0:
            for i in range(self.depth):
                p = self.path_player[i]
                self._mast_add(p, (<Edge*>(self.t.blocks + self.path_edge[i])).action, self.ret[p])
            for i in range(self.steps):
                p = self.trace_player[i]
                self._mast_add(p, self.trace_action[i], self.ret[p])
        if virtual:
            self.n_pending = 0
        else:
            self._release_pending()

    def search(self, GameState state not None, long iterations=1000, double seconds=0.0,
               GameState start=None):
        """Search from `state` for its current player; stops at either budget (0 = none).

        With `start` (a state `state` follows from, e.g. the start of the hand, where the seat
        has nothing left to resample) every iteration begins there instead and the answer is
        read at `state`'s node: the opponents' earlier moves are in the tree, so the worlds
        reach `state` as often as the search's own policies lead there, not uniformly. With
        `belief` > 0 that share of the iterations begins from a pooled world that reached it."""
        cdef GameState root = self.prepare(state, iterations, seconds, start)
        cdef double deadline = monotonic() + seconds if seconds > 0.0 else 0.0
        cdef uint64_t halt = 0
        cdef bint watch = on_main_thread()
        with nogil:
            self.run(root, iterations, deadline, &halt, watch)
        self.raise_interruption()
        self.check_stuck(root)
        return self.root_stats()

    cdef GameState prepare(self, GameState state, long iterations, double seconds, GameState start):
        """Check a search's arguments and set up, with the GIL, everything its iterations use
        (tables, scratch world, belief pool); returns the state the iterations begin from."""
        cdef int p = state.c_current_player()
        cdef int i
        if p < 0:
            raise IllegalActionError("the search needs a seat to move, not a chance or terminal node")
        if iterations <= 0 and seconds <= 0.0:
            raise ValueError("give an iteration budget, a time budget, or both")
        if start is not None and start.game is not state.game:
            raise ValueError("start must be a state of the same game (and options) as the state searched")
        self._reset()
        if self.mast > 0.0:
            self._clear_mast(state.num_distinct_actions)
        self.filtering = self.filters and state.c_filters_actions()
        self.biased = self.prior > 0.0 and state.c_has_priors()
        self.guided = self.guide > 0.0 and state.c_has_priors()
        self.root_player = p
        self.root_key = _node_key(p, state.keys[p])
        self.root_infokey = state.keys[p]
        self.pool_len = 0
        self.pool_seen = 0
        self.stuck_player = -1
        self.interruption = None
        self.collecting = self.belief > 0.0 and start is not None
        if self.collecting and (self.pool is None or type(self.pool[0]) is not type(state)):
            self.pool = [state.c_clone() for _ in range(BELIEF_POOL)]
            for i in range(BELIEF_POOL):
                self.pool_worlds[i] = <PyObject*>self.pool[i]
        if self.world is None or type(self.world) is not type(state):
            self.world = state.c_clone()
        self.world.reading = self.read
        return state if start is None else start

    cdef long run(self, GameState root, long iterations, double deadline, uint64_t* halt,
                  bint watch) noexcept nogil:
        """Iterate from `root` until `iterations` are done or the clock passes `deadline` (0:
        no limit), or the game breaks the contract, or the search is halted (see over); needs
        no GIL. Returns the iterations done."""
        cdef long it = 0
        cdef double look = 0.0
        while (iterations <= 0 or it < iterations) and self.stuck_player < 0:
            self.begin(root)
            if self.descend(self.world, False):
                self.rollout(self.world)
            if self.stuck_player < 0:
                self.backup(False)
            it += 1
            self.iterations_done = it        # regret matching weighs its average by it
            if self.over(it, deadline, halt, watch, &look):
                break
        return it

    cdef bint over(self, long it, double deadline, uint64_t* halt, bint watch,
                   double* look) noexcept nogil:
        """Whether the search ends after its thread's `it`-th iteration (looked at every
        TIME_CHECK_EVERY): its `deadline` passed (0: none), another of its threads set `halt`,
        or, with `watch`, a signal handler raised, which sets `halt` for the others. `look`:
        when to look for signals next."""
        cdef double now
        if it % TIME_CHECK_EVERY != 0:
            return False
        if partisan_load(halt):
            return True
        if deadline <= 0.0 and not watch:
            return False
        now = monotonic()
        if deadline > 0.0 and now >= deadline:
            return True
        if watch and now >= look[0]:
            look[0] = now + SIGNAL_LOOK
            if self._signalled():
                set_halt(halt)
                return True
        return False

    cdef bint _signalled(self) noexcept nogil:
        """Run the signal handlers due (Python runs them on its main thread only, so only a
        search there watches), the GIL taken for a moment; True if one raised, its exception
        kept for search() to raise once every thread is done."""
        with gil:
            try:
                PyErr_CheckSignals()
            except BaseException as exc:
                self.interruption = exc
                return True
        return False

    cdef void raise_interruption(self) except *:
        """Raise what a signal handler raised during the last search, if anything."""
        cdef object exc = self.interruption
        if exc is not None:
            self.interruption = None
            raise exc

    cdef void check_stuck(self, GameState root) except *:
        """Raise if the last search met a decision node without legal actions."""
        if self.stuck_player >= 0:
            raise no_legal_action(root, self.stuck_player, self.stuck_depth)

    cdef void _clear_mast(self, int width) except *:
        """Empty move averages for a game with `width` distinct actions per seat."""
        cdef size_t cells = <size_t>MAX_PLAYERS * width
        if width != self.mast_actions:
            free(self.mast_total)
            free(self.mast_count)
            self.mast_total = <double*>calloc(cells, sizeof(double))
            self.mast_count = <int*>calloc(cells, sizeof(int))
            self.mast_actions = width
            if self.mast_total == NULL or self.mast_count == NULL:
                self.mast_actions = 0
                raise MemoryError()
        else:
            memset(self.mast_total, 0, cells * sizeof(double))
            memset(self.mast_count, 0, cells * sizeof(int))

    def move_averages(self, int player):
        """{action: (count, mean return)} of `player`'s moves in the last search's move
        averages (empty when `mast` is 0)."""
        cdef long base = <long>player * self.mast_actions
        cdef int a
        if self.mast <= 0.0 or not 0 <= player < MAX_PLAYERS:
            return {}
        return {a: (self.mast_count[base + a], self.mast_total[base + a] / self.mast_count[base + a])
                for a in range(self.mast_actions) if self.mast_count[base + a] > 0}

    def root_policy(self):
        """[(action, probability)] the last search recommends at its root, a mixed policy: where
        it selected by regret matching, the average regret-matching policy; with `smooth`, the
        average policy (each move's share of UCB choices); else each move's share of the visits."""
        cdef long node = self._find(self.root_key)
        cdef int i = 0, m
        cdef double total = 0.0
        cdef Edge* e
        cdef Regret* r
        if node < 0:
            return []
        e = _edges(self.t.blocks, node)
        m = _node(self.t.blocks, node).num_edges
        r = _regrets(self.t.regrets, node) if self.t.regrets != NULL else NULL
        while r != NULL and i < m and r[i].policy <= 0.0:
            i += 1
        if r != NULL and i < m:         # some move was chosen by regret matching
            counts = [(e[i].action, r[i].policy) for i in range(m)]
        else:
            counts = [(e[i].action, e[i].chosen if self.smooth > 0.0 else e[i].visits)
                      for i in range(m)]
        total = sum(c for _, c in counts)
        return [(a, c / total if total else 1.0 / len(counts)) for a, c in counts]

    def root_stats(self):
        """[(action, visits, mean return of the mover)] for the last search's root."""
        cdef long node = self._find(self.root_key)
        cdef int i
        cdef Edge* e
        if node < 0:
            return []
        e = _edges(self.t.blocks, node)
        return [(e[i].action, e[i].visits, e[i].total / e[i].visits if e[i].visits else 0.0)
                for i in range(_node(self.t.blocks, node).num_edges)]


def flat_monte_carlo(GameState state not None, long playouts, int rollout_depth=200, seed=0):
    """Determinised flat Monte Carlo (PIMC): spread `playouts` over the legal
    actions a bot considers (c_bot_actions) round-robin, each in a freshly resampled world,
    random rollouts over those moves too. Returns [(action, playouts, mean return)]."""
    cdef int p = state.c_current_player()
    if p < 0:
        raise IllegalActionError("flat Monte Carlo needs a seat to move")
    cdef int roots[MAX_BRANCH]
    cdef int actions[MAX_BRANCH]
    cdef double ret[MAX_PLAYERS]
    cdef bint filtering = state.c_filters_actions()
    cdef int n_root = checked_branch(state.c_legal_actions(roots))
    if filtering and n_root > 1:
        n_root = state.c_bot_actions(roots, n_root)
    if n_root <= 0:
        raise no_legal_action(state, p, 0)
    cdef long k, steps
    cdef int q, n
    cdef double* totals = <double*>calloc(n_root, sizeof(double))
    cdef long* counts = <long*>calloc(n_root, sizeof(long))
    cdef GameState world = state.c_clone()
    cdef Rng rng
    rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    try:
        for k in range(playouts):
            PyErr_CheckSignals()        # holding the GIL: Ctrl-C is answered between playouts
            world.c_copy_from(state)
            world.c_resample(p, &rng)
            world.c_apply(roots[k % n_root])
            steps = 0
            while True:
                q = world.c_current_player()
                if q == TERMINAL:
                    world.c_returns(ret)
                    break
                if q == CHANCE:
                    world.c_apply(world.c_sample_chance(&rng))
                    continue
                if steps >= rollout_depth:
                    world.c_heuristic_returns(ret)
                    break
                n = checked_branch(world.c_legal_actions(actions))
                if filtering and n > 1:
                    n = world.c_bot_actions(actions, n)
                if n <= 0:
                    raise no_legal_action(state, q, steps + 1)
                world.c_apply(actions[rng_below(&rng, n)])
                steps += 1
            totals[k % n_root] += ret[p]
            counts[k % n_root] += 1
        return [(roots[i], counts[i], totals[i] / counts[i] if counts[i] else 0.0)
                for i in range(n_root)]
    finally:
        free(totals)
        free(counts)


def random_playouts(GameState state not None, long count, seed=0):
    """Play `count` uniformly random games from `state` to the end (for benchmarks).
    Returns the total number of actions applied."""
    cdef int actions[MAX_BRANCH]
    cdef GameState world = state.c_clone()
    cdef Rng rng
    cdef long k, total = 0, start
    cdef int q, n
    rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    for k in range(count):
        PyErr_CheckSignals()
        world.c_copy_from(state)
        start = total
        while True:
            q = world.c_current_player()
            if q == TERMINAL:
                break
            if q == CHANCE:
                world.c_apply(world.c_sample_chance(&rng))
            else:
                n = checked_branch(world.c_legal_actions(actions))
                if n <= 0:
                    raise no_legal_action(state, q, total - start)
                world.c_apply(actions[rng_below(&rng, n)])
            total += 1
    return total
