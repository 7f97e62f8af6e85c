from libc.stdint cimport int8_t
from partisan.core.state cimport GameState

# Card c (0..5) is rank c // 2 (jack, queen, king) of suit c % 2, as in
# OpenSpiel's leduc_poker; the public card is -1 until dealt.
ctypedef struct Leduc:
    int8_t cur              # seat to act, CHANCE or TERMINAL
    int8_t round            # 1 or 2
    int8_t dealt            # private cards dealt so far
    int8_t private[2]
    int8_t public
    int8_t stakes           # what each seat must have put in to stay
    int8_t ante[2]          # what each seat has put in
    int8_t num_calls
    int8_t num_raises
    int8_t folded           # the seat that folded, or -1
    int8_t seq_len[2]
    int8_t seq[2][4]        # the bets of each round (fold/call/raise)


cdef class LeducState(GameState):
    cdef Leduc d
    cdef int c_rank(self, int seat) noexcept nogil
