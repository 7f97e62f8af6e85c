# A counter table in C: one struct per physical counter (unit), indexed as in the TOML file
# (counters.py expands groups). A game's state keeps a pointer to it; where a counter stands
# is the state's business, what it is lives here. Loaded and checked by counters.py.
from libc.stdint cimport int8_t

cdef enum:
    COUNTERS_MAX = 256
    COUNTER_MAX_FACTORS = 4

ctypedef struct Counter:
    int8_t side
    int8_t type
    int8_t role                 # -1: none
    int8_t rank
    int8_t factors[COUNTER_MAX_FACTORS]   # in the file's `factors` order

ctypedef struct CounterData:
    int n
    int n_factors
    Counter counters[COUNTERS_MAX]


cdef inline int counter_factor(const CounterData* d, int c, int f) noexcept nogil:
    return d.counters[c].factors[f]


cdef inline int counter_side(const CounterData* d, int c) noexcept nogil:
    return d.counters[c].side


cdef inline int counter_type(const CounterData* d, int c) noexcept nogil:
    return d.counters[c].type


cdef inline int counter_rank(const CounterData* d, int c) noexcept nogil:
    return d.counters[c].rank
