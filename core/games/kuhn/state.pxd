from libc.stdint cimport int8_t
from partisan.core.state cimport GameState

# Card c (0..2) is the jack, queen or king, as in OpenSpiel's kuhn_poker.
ctypedef struct Kuhn:
    int8_t cur              # seat to act, CHANCE or TERMINAL
    int8_t dealt            # private cards dealt so far
    int8_t card[2]
    int8_t ante[2]          # what each seat has put in
    int8_t num_bets         # betting actions so far (at most 3)
    int8_t seq[3]           # the betting actions (pass 0, bet 1)


cdef class KuhnState(GameState):
    cdef Kuhn d
