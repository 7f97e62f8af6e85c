# The turns of a shared tree's walkers (ai/shared_tree.pyx): the threads of one search growing
# one ISMCTS tree (ai/parallel.pyx, SharedTree).
from libc.stdint cimport uint64_t
from partisan.ai.ismcts cimport ISMCTS
from partisan.core.state cimport GameState

cdef enum:
    MAX_WALKERS = 64        # threads of one shared tree

ctypedef struct Place:     # a walker's phase (top two bits) and virtual time, a cache line each
    uint64_t word
    uint64_t pad[7]         # so that one walker's writes do not slow the others' reads

# The walkers take turns at the tree in the order of a virtual clock that counts the game's moves
# each has played (see walk).
ctypedef struct Turns:
    int walkers
    bint stop               # the search is over: each walker backs up its last iteration
    long begun              # iterations begun, by every walker
    long iterations         # the budget (0: none)
    double deadline         # on the monotonic clock (0: none)
    Place at[MAX_WALKERS]


cdef void start_turns(Turns* turns, int walkers, long iterations, double deadline) noexcept nogil
cdef long walk(ISMCTS walker, GameState root, Turns* turns, int me, ISMCTS owner, uint64_t* halt,
               bint watch) noexcept nogil
